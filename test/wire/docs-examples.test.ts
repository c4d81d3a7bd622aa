/**
 * Every ```ts example in docs/wire.md runs here, as written, with `capstan` resolved to
 * the sources. The examples check themselves with node:assert.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { tsExamples } from '../support/markdown.js';

const DOC = fileURLToPath(new URL('../../docs/wire.md', import.meta.url));
const RUNTIME = pathToFileURL(fileURLToPath(new URL('../../src/index.ts', import.meta.url))).href;

const found = tsExamples(readFileSync(DOC, 'utf8'));
const scratch = mkdtempSync(join(tmpdir(), 'capstan-docs-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('docs/wire.md examples', () => {
  it('has examples, all importing the public module', () => {
    expect(found.length).toBeGreaterThanOrEqual(10);
    for (const example of found) expect(example.code, `example at line ${example.line}`).toMatch(/from 'capstan'/);
  });

  for (const [index, example] of found.entries()) {
    it(`example ${index + 1} (${example.heading}, line ${example.line}) runs`, async () => {
      const file = join(scratch, `example-${index + 1}.ts`);
      writeFileSync(file, example.code.replaceAll("'capstan'", `'${RUNTIME}'`));
      await import(pathToFileURL(file).href);
    });
  }
});
