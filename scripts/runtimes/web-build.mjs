// Builds the browser and workerd bundles of scripts/runtimes/: generates check.capnp's module
// with Capstan's own compiler and code generator (from dist/), works out in Node what every
// runtime must reproduce (`expected`), and bundles entry files with esbuild. `capstan` and
// `capstan/*` resolve through package.json's "exports" to dist/, as for a user of the package;
// `#gen/*` resolves to the generated module.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

export const HERE = dirname(fileURLToPath(import.meta.url));
export const ROOT = resolve(HERE, '../..');

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

/** The file of `capstan/<sub>` by the package's "exports" (the "default" condition). */
function exportedFile(specifier) {
  const sub = specifier === 'capstan' ? '.' : `./${specifier.slice('capstan/'.length)}`;
  let target = pkg.exports[sub];
  if (target === undefined) {
    for (const [pattern, value] of Object.entries(pkg.exports)) {
      if (!pattern.includes('*')) continue;
      const [head, tail] = pattern.split('*');
      if (sub.startsWith(head) && sub.endsWith(tail) && sub.length >= head.length + tail.length) {
        const star = sub.slice(head.length, sub.length - tail.length);
        target = { default: value.default.replace('*', star) };
        break;
      }
    }
  }
  if (target === undefined) return null;
  return join(ROOT, typeof target === 'string' ? target : target.default);
}

function resolverPlugin(genDir) {
  return {
    name: 'capstan-runtimes',
    setup(build) {
      build.onResolve({ filter: /^capstan(\/|$)/ }, (args) => {
        const file = exportedFile(args.path);
        return file === null ? { errors: [{ text: `package.json exports no ${args.path}` }] } : { path: file };
      });
      build.onResolve({ filter: /^#gen\// }, (args) => ({ path: join(genDir, args.path.slice('#gen/'.length)) }));
    },
  };
}

/** A scratch directory for `name` inside the repository (so Node finds `ws` from the bundles). */
export function scratchDir(name) {
  const dir = join(ROOT, 'node_modules/.cache/capstan-runtimes', name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Generates check.capnp's JavaScript into `outDir/gen` with dist's compiler and code generator. */
async function generate(outDir) {
  const { compile } = await import(pathToFileURL(join(ROOT, 'dist/compiler/index.js')).href);
  const { generateJavaScript } = await import(pathToFileURL(join(ROOT, 'dist/codegen/index.js')).href);
  const source = readFileSync(join(HERE, 'check.capnp'), 'utf8');
  const { request, diagnostics } = compile({ files: ['/check.capnp'], sources: { '/check.capnp': source } });
  if (request === null) throw new Error(`check.capnp: ${diagnostics.map((d) => d.message).join('; ')}`);
  const genDir = join(outDir, 'gen');
  mkdirSync(genDir, { recursive: true });
  for (const file of generateJavaScript(request)) writeFileSync(join(genDir, file.filename.replace(/^\//, '')), file.content);
  return genDir;
}

/**
 * Generates the code, computes `expected` in Node from the same checks module, and bundles
 * each of `entries` ({ name: absolute path }) into `outDir/<name>.js` for `platform`
 * ('browser' or 'neutral'), with `__EXPECTED__` defined; and node-side.mjs for Node (`ws`
 * left to Node to import). Returns { expected, files, node } (node: the Node-side module).
 */
export async function buildBundles(outDir, entries, platform = 'browser') {
  mkdirSync(outDir, { recursive: true });
  const genDir = await generate(outDir);
  const plugins = [resolverPlugin(genDir)];
  // What Node makes of the shared inputs: bundled for Node from the same module, then imported.
  const expectFile = join(outDir, 'expected-node.mjs');
  await esbuild.build({
    stdin: {
      contents: "import { POINT, Point, toHex, compileHere } from './web-checks.mjs';\nexport default { pointHex: toHex(Point.encode(POINT)), compiled: compileHere() };\n",
      resolveDir: HERE, sourcefile: 'expected-entry.mjs',
    },
    bundle: true, format: 'esm', platform: 'node', outfile: expectFile, plugins, logLevel: 'error',
  });
  const expected = (await import(`${pathToFileURL(expectFile).href}?t=${Date.now()}`)).default;
  const files = {};
  for (const [name, entry] of Object.entries(entries)) {
    files[name] = join(outDir, `${name}.js`);
    await esbuild.build({
      entryPoints: [entry], bundle: true, format: 'esm', platform, target: 'es2022',
      mainFields: ['module', 'main'], outfile: files[name], plugins, logLevel: 'error',
      define: { __EXPECTED__: JSON.stringify(expected) },
    });
  }
  const nodeFile = join(outDir, 'node-side.mjs');
  await esbuild.build({
    entryPoints: [join(HERE, 'node-side.mjs')], bundle: true, format: 'esm', platform: 'node',
    outfile: nodeFile, plugins, logLevel: 'error', external: ['ws'],
  });
  const node = await import(`${pathToFileURL(nodeFile).href}?t=${Date.now()}`);
  return { expected, files, node };
}

/**
 * The command line of a runner: runs it, prints each check, then the result line that
 * scripts/test-runtimes.mjs reads (`CAPSTAN-RUNTIME-RESULT {runtime, passed, failed, failures}`);
 * exits non-zero on any failure, or when the runner could not run.
 */
export async function reportCli(runner) {
  let runtime = 'unknown';
  let results;
  try {
    ({ runtime, results } = await runner());
  } catch (error) {
    results = [{ name: 'the runner', ok: false, error: String(error?.stack ?? error) }];
  }
  for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name}${r.ok ? '' : `\n     ${String(r.error).split('\n').join('\n     ')}`}`);
  const failures = results.filter((r) => !r.ok).map((r) => ({ name: r.name, message: String(r.error) }));
  const passed = results.length - failures.length;
  console.log(`CAPSTAN-RUNTIME-RESULT ${JSON.stringify({ runtime, passed, failed: failures.length, failures })}`);
  process.exitCode = failures.length === 0 && passed > 0 ? 0 : 1;
}
