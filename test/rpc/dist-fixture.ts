/**
 * The generated module of test/fixtures/rpc/rpc-test.capnp as JavaScript importing dist/, for
 * code that runs outside vitest (a worker thread cannot load TypeScript). Made with this
 * repository's compiler and code generator, then tsc, into test/.generated/rpc-dist/; remade
 * only when the generated code changes. Needs `npm run build` first.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { compile } from '../../src/compiler/index.js';
import { createNodeLoader } from '../../src/compiler/files/node-loader.js';
import { generateTypeScript } from '../../src/codegen/index.js';
import { FIXTURES, GENERATED, ROOT } from '../support/generate.js';

/** A file URL of `path` under dist/, failing clearly when the build is missing. */
export function distModule(path: string): string {
  const file = join(ROOT, 'dist', path);
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`);
  return pathToFileURL(file).href;
}

/** Compiles the fixture against dist/ (when needed); returns the file URL of its JavaScript module. */
export function distRpcFixture(): string {
  const dist = distModule;
  const { request, diagnostics } = compile({
    files: ['rpc-test.capnp'],
    cwd: join(FIXTURES, 'rpc'),
    loader: createNodeLoader(),
    importPaths: [join(ROOT, 'std')],
    standardImports: false,
  });
  if (request === null) throw new Error(diagnostics.map((d) => d.message).join('\n'));
  const [file] = generateTypeScript(request, { runtimeImport: dist('runtime/private.js'), rpcImport: dist('rpc/index.js'), stdImportPrefix: `${dist('generated/std')}/` }).filter((f) => f.filename.endsWith('rpc-test.capnp.ts'));
  const work = join(GENERATED, 'rpc-dist');
  const source = join(work, 'src', 'rpc-test.capnp.ts');
  const output = join(work, 'out', 'rpc-test.capnp.js');
  if (existsSync(output) && existsSync(source) && readFileSync(source, 'utf8') === file!.content) return pathToFileURL(output).href;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(join(work, 'src'), { recursive: true });
  writeFileSync(join(work, 'package.json'), JSON.stringify({ type: 'module' }));
  writeFileSync(join(work, 'tsconfig.json'), JSON.stringify({
    compilerOptions: {
      target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2022', 'DOM'], types: [], strict: true,
      skipLibCheck: true, rootDir: 'src', outDir: 'out', paths: {
        [dist('runtime/private.js')]: [join(ROOT, 'dist/runtime/private.d.ts')],
        [dist('rpc/index.js')]: [join(ROOT, 'dist/rpc/index.d.ts')],
        [dist('generated/std/stream.capnp.js')]: [join(ROOT, 'dist/generated/std/stream.capnp.d.ts')],
      },
    },
    include: ['src/**/*.ts'],
  }));
  writeFileSync(source, file!.content);
  const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(work, 'tsconfig.json')], { encoding: 'utf8' });
  if (tsc.status !== 0) throw new Error(`compiling the generated fixture failed:\n${tsc.stdout}${tsc.stderr}`);
  return pathToFileURL(output).href;
}
