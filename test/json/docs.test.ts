/** The examples of docs/text-json.md run, and hold. */
import { expect, it } from 'vitest';
import { docExamples } from '../fixtures/codecs/docs.js';

it('docs/text-json.md: every example runs and its assertions hold', async () => {
  const examples = docExamples('docs/text-json.md');
  expect(examples.blocks).toBeGreaterThanOrEqual(6);
  await expect(examples.run()).resolves.toBeDefined();
});
