/**
 * Running the generator as a compiler plugin: read a framed `CodeGeneratorRequest` (from
 * `capnp compile -o ts:OUTDIR` or `capstan compile -o ts:OUTDIR`), write one module per
 * requested file under the output directory. Node-only (file system).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { decodeCodeGeneratorRequest } from '../schema/index.js';
import type { CodegenOptions } from './context.js';
import { generateTypeScript } from './generate.js';

/** Generates the modules for `requestBytes` into `outDir`; returns the paths written. */
export function runPlugin(requestBytes: Uint8Array, outDir: string, options?: CodegenOptions): string[] {
  const request = decodeCodeGeneratorRequest(requestBytes);
  const written: string[] = [];
  for (const file of generateTypeScript(request, options)) {
    const path = resolve(outDir, file.filename);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, file.content);
    written.push(join(outDir, file.filename));
  }
  return written;
}
