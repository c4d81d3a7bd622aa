#!/usr/bin/env node
// `node bench/size-rpc-client.mjs [--files] [--without builders|readers|classes]` (after
// `npm run build`): the size of the benchmark's "capstan (websocket rpc client)" bundle alone,
// without `npm run bench`'s setup (the bench's own dependencies, the C++ harness). It bundles the
// very entry bench/workloads/size.mjs does, the same way, and prints minified, gzip (level 9) and
// brotli bytes; `--files` adds what each file of the bundle holds (esbuild's metafile), largest
// first, then by folder.
//
// `--without` measures what the wire layer's classes cost the client (docs/BENCHMARKS.md,
// "size"): it bundles against a copy of dist/ in which the modules of those classes export empty
// classes and inert values instead (`builders`: StructBuilder, AnyPointerBuilder, ListBuilder,
// Orphan; `readers`: StructReader, AnyPointerReader, ListReader, ListView; `classes`: both and
// StructView). That bundle does not run; its size is what the client would weigh if the engine
// and generated code reached none of them. The copy has the package's package.json beside it,
// so that tree shaking treats its modules as the package's (`sideEffects`).
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, transform } from 'esbuild';
import { bundleSize, rpcClientEntry } from './lib/bundle-size.mjs';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const { exports } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

const WITHOUT = {
  builders: ['struct-builder', 'any-pointer-builder', 'list-builder', 'orphan'],
  readers: ['struct-reader', 'any-pointer-reader', 'list-reader', 'list-view'],
  classes: ['struct-builder', 'any-pointer-builder', 'list-builder', 'orphan', 'struct-reader', 'any-pointer-reader', 'list-reader', 'list-view', 'struct-view'],
};
const withoutArg = process.argv.indexOf('--without');
const without = withoutArg < 0 ? null : WITHOUT[process.argv[withoutArg + 1]];
if (withoutArg >= 0 && without === undefined) throw new Error(`--without takes one of ${Object.keys(WITHOUT).join(', ')}`);

/** A copy of the package (package.json and dist/) whose modules `names` (in dist/wire) export only empty classes and inert values. */
function strippedPackage(names) {
  const root = mkdtempSync(join(tmpdir(), 'capstan-without-'));
  cpSync(join(ROOT, 'package.json'), join(root, 'package.json'));
  cpSync(join(ROOT, 'dist'), join(root, 'dist'), { recursive: true });
  for (const name of names) {
    const file = join(root, 'dist/wire', `${name}.js`);
    const source = readFileSync(file, 'utf8');
    const exported = [...source.matchAll(/^export (?:function|class|const|let) ([A-Za-z_$][\w$]*)/gm)].map((m) => m[1]);
    writeFileSync(file, exported.map((n) => (/^[A-Z][a-z]/.test(n) ? `export class ${n} {}` : `export const ${n} = 0;`)).join('\n'));
  }
  return root;
}
const packageRoot = without === null ? ROOT : strippedPackage(without);

// `capstan/...` as the package's exports map has it (dist/), where `npm run bench` finds it
// through the bench's own installed copy of capstan, which this script does without.
const capstanResolver = {
  name: 'capstan',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^capstan(\/|$)/ }, (args) => {
      const target = exports[`.${args.path.slice('capstan'.length)}`]?.default;
      if (target === undefined) return { errors: [{ text: `capstan has no export ${args.path}` }] };
      return { path: join(packageRoot, target) };
    });
  },
};

// bench/schemas/rpc.capnp's generated code, made by the built compiler and code generator.
const { compile } = await import(join(ROOT, 'dist/compiler/index.js'));
const { createNodeLoader } = await import(join(ROOT, 'dist/compiler/files/node-loader.js'));
const { generateTypeScript } = await import(join(ROOT, 'dist/codegen/index.js'));
const { request } = compile({ files: ['rpc.capnp'], cwd: join(ROOT, 'bench/schemas'), loader: createNodeLoader() });
if (request === null) throw new Error('bench/schemas/rpc.capnp does not compile');
const capstanDir = mkdtempSync(join(tmpdir(), 'capstan-size-'));
try {
  mkdirSync(capstanDir, { recursive: true });
  for (const file of generateTypeScript(request)) {
    const js = (await transform(file.content, { loader: 'ts', format: 'esm', target: 'es2022' })).code;
    writeFileSync(join(capstanDir, file.filename.replace(/\.ts$/, '.js')), js);
  }
  const sizes = await bundleSize({ build }, rpcClientEntry(capstanDir), { plugins: [capstanResolver], metafile: true, absWorkingDir: ROOT });
  const label = without === null ? '' : ` without the ${process.argv[withoutArg + 1]} of dist/wire (${without.join(', ')})`;
  console.log(`capstan (websocket rpc client)${label}: ${sizes.min_bytes} min, ${sizes.gzip_bytes} gzip, ${sizes.brotli_bytes} brotli`);
  if (process.argv.includes('--files')) {
    // The metafile names files relative to ROOT (absWorkingDir).
    const generated = `${relative(ROOT, capstanDir)}/`;
    const inputs = Object.entries(Object.values(sizes.metafile.outputs)[0].inputs)
      .map(([file, { bytesInOutput }]) => [file.startsWith(generated) ? `(generated) ${file.slice(generated.length)}` : file, bytesInOutput])
      .filter(([, bytes]) => bytes > 0)
      .sort((a, b) => b[1] - a[1]);
    const folders = new Map();
    for (const [file, bytes] of inputs) {
      const folder = file.startsWith('(generated)') ? '(generated)' : file === '<stdin>' ? '(entry)' : dirname(file);
      folders.set(folder, (folders.get(folder) ?? 0) + bytes);
    }
    console.log('\nminified bytes by file:');
    for (const [file, bytes] of inputs) console.log(`${String(bytes).padStart(7)}  ${file}`);
    console.log('\nby folder:');
    for (const [folder, bytes] of [...folders].sort((a, b) => b[1] - a[1])) console.log(`${String(bytes).padStart(7)}  ${folder}`);
  }
} finally {
  rmSync(capstanDir, { recursive: true, force: true });
  if (packageRoot !== ROOT) rmSync(packageRoot, { recursive: true, force: true });
}
