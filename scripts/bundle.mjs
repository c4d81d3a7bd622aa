// The entry points bundled for Node: `npm run build` runs tsc (dist/: one .js and .d.ts per
// source file) and then this script, which bundles every entry point of package.json's `exports`
// and `bin` with esbuild into dist/bundle/. package.json sends Node there (the `node` condition
// of each export, and `bin`); everything else (bundlers, browsers, Deno's import map) gets tsc's
// per-file modules (`default`). Types are tsc's .d.ts either way.
//
// Why two: Node resolves, reads and compiles each ES module of an import graph one by one. The
// runtime is about 45 small modules (one concept per file, docs/architecture.md), and importing
// it cost a fresh process 45-50 ms; bundled, the same import is three files (docs/BENCHMARKS.md,
// "startup"). An application's bundler, on the other hand, does best with the per-file modules:
// with `"sideEffects": false` it drops every file the application does not reach, where inside
// a chunk it can drop only statements it can prove pure (a decode-only app measured 7.6 KB
// gzip from the per-file modules and 8.3 KB from the chunks).
//
// The entry points are bundled together with code splitting, so what two entry points share
// lives in one chunk (dist/bundle/chunks/) and is loaded once: `capstan`, `capstan/private`
// (generated code), `capstan/std/*` and `capstan/rpc` hand each other the same classes, and
// `instanceof` holds across them. Packages and `node:` modules stay imports (peer dependencies
// such as `ws` are loaded only by the entry points that need them). Minified (below), with
// source maps that hold src/; tsc's per-file modules beside them stay readable.
//
// Usage: node scripts/bundle.mjs   (after tsc; `npm run build` runs both)
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { minify } from 'terser';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'dist/bundle');

/** An entry point `./dist/bundle/<path>.js` → the source it is bundled from, `src/<path>.ts`. */
function sourceOf(target) {
  const match = /^\.\/dist\/bundle\/(.+)\.js$/.exec(target);
  if (match === null) throw new Error(`bundle: ${target} is not under ./dist/bundle/ (package.json's \`node\` exports and bin point there)`);
  const source = join(ROOT, 'src', `${match[1]}.ts`);
  if (!existsSync(source)) throw new Error(`bundle: ${target} has no source ${relative(ROOT, source)}`);
  return { in: source, out: match[1] };
}

/** Every file the package exposes, as esbuild entry points (`in` source, `out` name under OUT). */
export function entryPoints(pkg) {
  const entries = new Map();
  for (const [subpath, target] of Object.entries(pkg.exports)) {
    if (typeof target === 'string') continue; // ./package.json
    const file = target.node;
    if (file === undefined) throw new Error(`bundle: the export ${subpath} has no \`node\` target`);
    if (subpath.includes('*')) {
      // `./std/*`: each generated binding of the standard schemas is an entry point of its own.
      const [prefix, suffix] = file.split('*');
      const dir = join(ROOT, 'src', prefix.replace(/^\.\/dist\/bundle\//, ''));
      // Recursively: compat/json.capnp.ts is `capstan/std/compat/json.capnp.js`.
      for (const name of readdirSync(dir, { recursive: true }).filter((n) => n.endsWith('.capnp.ts'))) {
        const entry = sourceOf(`${prefix}${name.replace(/\.ts$/, '')}${suffix}`);
        entries.set(entry.out, entry);
      }
      continue;
    }
    const entry = sourceOf(file);
    entries.set(entry.out, entry);
  }
  for (const file of Object.values(pkg.bin ?? {})) {
    const entry = sourceOf(`./${file}`);
    entries.set(entry.out, entry);
  }
  return [...entries.values()];
}

/**
 * Node's build takes a module's `.node.ts` twin where it has one (src/wire/core/native-ascii.ts
 * and native-ascii.node.ts): code that only Node and runtimes like it can use, kept out of the
 * per-file modules that bundlers and browsers get. vitest.config.ts does the same for the tests.
 */
const nodeTwins = {
  name: 'node-twins',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^\.\.?\/.*\.js$/ }, (args) => {
      const twin = join(args.resolveDir, args.path.replace(/\.js$/, '.node.ts'));
      // Kept even where nothing is imported from it: a twin may be imported for its effect alone
      // (runtime/inspection.node.ts), which package.json's `"sideEffects": false` would drop.
      return existsSync(twin) ? { path: twin, sideEffects: true } : undefined;
    });
  },
};

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
rmSync(OUT, { recursive: true, force: true });
const entries = entryPoints(pkg);
const result = await build({
  entryPoints: entries,
  outdir: OUT,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  // Bare specifiers (`ws`, `fastify`, `node:fs`) stay imports: dependencies are the
  // application's, and Node's built-ins are loaded only by the Node entry points.
  packages: 'external',
  chunkNames: 'chunks/[name]-[hash]',
  // Minified in two steps: esbuild drops comments and whitespace and shortens syntax, terser
  // shortens the local names (`shortenNames`, below).
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: 'external',
  sourcesContent: true,
  tsconfig: join(ROOT, 'tsconfig.build.json'),
  plugins: [nodeTwins],
  logLevel: 'warning',
  metafile: true,
  write: false,
});

/**
 * Node parses every byte of a module it imports, comments and whitespace included, and interns
 * every name: minified, importing the runtime and decoding news costs a fresh `node` 46.8 M
 * instructions more than bare node instead of 51.4 M (docs/BENCHMARKS.md, "startup"). Most
 * names are parameters and locals; the top-level ones are the names users see (`console.log` of
 * a reader prints its class's name, `ListReader {`, which esbuild's bundle holds as `var
 * ListReader = class`) and stack traces show, so terser shortens only the locals, which counts
 * the same as shortening everything (esbuild's `keepNames` would keep names with a call per
 * class and function at load: 4.8 M of the 8.7 M that minifying saves). The source map is
 * terser's composed with esbuild's and carries the sources, so `node --enable-source-maps` shows
 * src/'s files and lines from an installed package too.
 */
async function shortenNames(js, map) {
  const name = js.path.split('/').pop();
  const out = await minify(js.text, {
    // ES module syntax (top-level await in the CLI) without `module: true`, which would shorten
    // top-level names too.
    parse: { module: true },
    ecma: 2022,
    compress: false,
    mangle: { toplevel: false, keep_classnames: true, keep_fnames: true },
    keep_classnames: true,
    keep_fnames: true,
    sourceMap: { content: map.text, url: `${name}.map`, includeSources: true },
  });
  return { code: out.code, map: out.map };
}

const outputs = new Map(result.outputFiles.map((file) => [file.path, file]));
for (const file of result.outputFiles) {
  if (!file.path.endsWith('.js')) continue;
  const { code, map } = await shortenNames(file, outputs.get(`${file.path}.map`));
  mkdirSync(dirname(file.path), { recursive: true });
  writeFileSync(file.path, `${code}\n`);
  writeFileSync(`${file.path}.map`, map);
}
const files = Object.keys(result.metafile.outputs).filter((f) => f.endsWith('.js'));
console.log(`bundle: ${entries.length} entry points, ${files.length} files in ${relative(ROOT, OUT)}/`);
