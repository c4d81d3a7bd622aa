/**
 * Running the generator as a compiler plugin: read a framed `CodeGeneratorRequest` (from
 * `capnp compile -o ts:OUTDIR` or `capstan compile -o ts:OUTDIR`), write one module per
 * requested file under the output directory (for JavaScript, `-o js:OUTDIR`, a `.js` module and
 * its `.d.ts` per file). Node-only (file system).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { decodeCodeGeneratorRequest } from '../schema/index.js';
import type { CodegenOptions } from './context.js';
import { generateTypeScript } from './generate.js';
import { generateJavaScript } from './javascript.js';

/** What the plugin writes: TypeScript modules, or JavaScript modules with declarations. */
export type OutputLanguage = 'ts' | 'js';

/** Generates the modules for `requestBytes` into `outDir`; returns the paths written. */
export function runPlugin(requestBytes: Uint8Array, outDir: string, options?: CodegenOptions, language: OutputLanguage = 'ts'): string[] {
  const request = decodeCodeGeneratorRequest(requestBytes);
  const written: string[] = [];
  const files = language === 'js' ? generateJavaScript(request, options) : generateTypeScript(request, options);
  for (const file of files) {
    const path = resolve(outDir, file.filename);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, file.content);
    written.push(join(outDir, file.filename));
  }
  return written;
}
