/** The examples of docs/dynamic.md run, and hold. */
import { expect, it } from 'vitest';
import { docExamples } from '../fixtures/codecs/docs.js';

it('docs/dynamic.md: every example runs and its assertions hold', async () => {
  const examples = docExamples('docs/dynamic.md');
  expect(examples.blocks).toBeGreaterThanOrEqual(7);
  await expect(examples.run()).resolves.toBeDefined();
});
