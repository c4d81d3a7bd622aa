/**
 * Schemas held in strings, compiled with Capstan's own compiler (no reference tool needed) and
 * generated into test/.generated/<name>/ so tests can import the modules. Standard imports
 * (`/capnp/compat/json.capnp`, ...) resolve to the committed bindings in src/generated/std.
 */
import { join } from 'node:path';
import { generateTypeScript } from '../../src/codegen/index.js';
import { compile, formatDiagnostic } from '../../src/compiler/index.js';
import type { CodeGeneratorRequest } from '../../src/schema/index.js';
import { GENERATED, ROOT, writeGenerated } from './generate.js';

/** Compiles `sources` (path → text); throws with the diagnostics when they do not compile. */
export function compileSources(sources: Record<string, string>, files = Object.keys(sources)): CodeGeneratorRequest {
  const { request, diagnostics } = compile({ files, sources });
  if (request === null || diagnostics.length > 0) {
    throw new Error(`schema does not compile:\n${diagnostics.map((d) => formatDiagnostic(d)).join('\n')}`);
  }
  return request;
}

/**
 * Compiles and generates `sources` into test/.generated/<name>/ and imports the module of
 * `file` (generated modules are untyped here: tests use them dynamically).
 */
export async function importGenerated(name: string, sources: Record<string, string>, file: string): Promise<Record<string, any>> {
  const request = compileSources(sources);
  const outDir = join(GENERATED, name);
  const files = generateTypeScript(request, { runtimeImport: 'RUNTIME', rpcImport: 'RPC', stdImportPrefix: 'STD/' });
  writeGenerated(outDir, files, join(ROOT, 'src/generated/std'));
  return import(join(outDir, `${file.replace(/^\//, '')}.ts`));
}
