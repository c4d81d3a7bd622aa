/** The examples of docs/objects.md run, and hold. */
import { expect, it } from 'vitest';
import { docExamples } from '../fixtures/codecs/docs.js';

it('docs/objects.md: every example runs and its assertions hold', async () => {
  const examples = docExamples('docs/objects.md');
  expect(examples.blocks).toBeGreaterThanOrEqual(1);
  await expect(examples.run()).resolves.toBeDefined();
});
