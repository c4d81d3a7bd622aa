/**
 * Every ```ts example in docs/compiler.md that compiles sources held in memory runs here, as
 * written, with `capstan/compiler` resolved to the sources; the examples check themselves
 * with node:assert. (Those that read a project's files from disk are shown, not run.)
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { tsExamples } from '../support/markdown.js';

const DOC = fileURLToPath(new URL('../../docs/compiler.md', import.meta.url));
const COMPILER = pathToFileURL(fileURLToPath(new URL('../../src/compiler/index.ts', import.meta.url))).href;

const runnable = tsExamples(readFileSync(DOC, 'utf8')).filter((example) => /from 'node:assert/.test(example.code));
const scratch = mkdtempSync(join(tmpdir(), 'capstan-compiler-docs-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('docs/compiler.md examples', () => {
  it('has self-checking examples', () => {
    expect(runnable.length).toBeGreaterThanOrEqual(1);
  });

  for (const [index, example] of runnable.entries()) {
    it(`example at line ${example.line} runs`, async () => {
      const file = join(scratch, `example-${index + 1}.ts`);
      writeFileSync(file, example.code.replaceAll("'capstan/compiler'", `'${COMPILER}'`));
      await import(pathToFileURL(file).href);
    });
  }
});
