/**
 * Generated code for test/fixtures/http/people.capnp, made with Capstan's own compiler and code
 * generator, importing the runtime from this repository's sources; and hand-made hostile bodies.
 */
import { join } from 'node:path';
import { compile } from '../../src/compiler/index.js';
import { createNodeLoader } from '../../src/compiler/files/node-loader.js';
import { generateTypeScript } from '../../src/codegen/index.js';
import { FIXTURES, GENERATED, ROOT, writeGenerated } from '../support/generate.js';

/** Generates the people schema; returns the module's path (import it with `await import`). */
export function generatePeople(): string {
  const outDir = join(GENERATED, 'http');
  const { request, diagnostics } = compile({
    files: ['people.capnp'],
    cwd: join(FIXTURES, 'http'),
    loader: createNodeLoader(),
    importPaths: [join(ROOT, 'std')],
    standardImports: false,
  });
  if (request === null) throw new Error(diagnostics.map((d) => d.message).join('\n'));
  writeGenerated(outDir, generateTypeScript(request, { runtimeImport: 'RUNTIME', rpcImport: 'RPC', stdImportPrefix: 'STD/' }), join(ROOT, 'src/generated/std'));
  return join(outDir, 'people.capnp.ts');
}
