/**
 * The ```ts examples of docs/openapi.md, run in order as one module (later examples use
 * earlier ones' values), with `capstan/...` resolved to the sources. They check themselves
 * with node:assert.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';
import { ROOT } from '../support/generate.js';

const markdown = readFileSync(join(ROOT, 'docs/openapi.md'), 'utf8');
const blocks = [...markdown.matchAll(/```ts\n([^]*?)```/g)].map((m) => m[1]!);

it('has examples', () => expect(blocks.length).toBeGreaterThanOrEqual(3));

it('runs the examples of docs/openapi.md', async () => {
  const code = blocks.join('\n').replace(/from 'capstan\/([a-z-/]+)'/g, (_, entry: string) => `from ${JSON.stringify(join(ROOT, 'src', entry, 'index.ts'))}`);
  const dir = join(ROOT, 'test/.generated/openapi-docs');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'examples.ts');
  writeFileSync(file, `${code}\nexport const ran = true;\n`);
  const module = (await import(pathToFileURL(file).href)) as { ran: boolean };
  expect(module.ran).toBe(true);
});

it('is linked from the README', () => {
  expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain('docs/openapi.md');
});
