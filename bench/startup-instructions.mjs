// Startup in instructions: how many more instructions a fresh `node` executes to import the
// runtime with the generated news module and decode (or open) the news message, counted by
// valgrind's callgrind. The size workload's startup row times the same thing in milliseconds,
// which on a shared machine moves by several ms from one minute to the next; an instruction
// count moves by about 1% (the JIT's background threads), so a change to what Node loads can be
// judged by one run. Compares the bundled entry points (dist/bundle/, what Node gets through
// package.json's exports) with tsc's per-file modules (dist/, what it got before).
//
// Usage: npm run build && node bench/startup-instructions.mjs [--runs N]   (needs valgrind; a round takes about 45 s)
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { build, transform } from 'esbuild';
import { newsDocument } from './lib/news.mjs';

const ROOT = join(import.meta.dirname, '..');
const OUT = join(ROOT, 'node_modules/.cache/capstan-startup');
const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Number(values.runs);

try {
  execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
} catch {
  console.error('startup-instructions: valgrind is not installed (apt-get install valgrind)');
  process.exit(1);
}

// The news module as generated code, importing the runtime from each layout by path.
const { compile } = await import(join(ROOT, 'dist/compiler/index.js'));
const { createNodeLoader } = await import(join(ROOT, 'dist/compiler/files/node-loader.js'));
const { generateTypeScript } = await import(join(ROOT, 'dist/codegen/index.js'));
const { request } = compile({ files: ['news.capnp'], cwd: join(ROOT, 'bench/schemas'), loader: createNodeLoader() });
const [news] = generateTypeScript(request).filter((f) => f.filename === 'news.capnp.ts');
const js = (await transform(news.content, { loader: 'ts', format: 'esm', target: 'es2022' })).code;
mkdirSync(OUT, { recursive: true });
const layouts = { 'per-file (dist/)': join(ROOT, 'dist/runtime/private.js'), 'bundled (dist/bundle/)': join(ROOT, 'dist/bundle/runtime/private.js') };
const modules = {};
for (const [name, runtime] of Object.entries(layouts)) {
  const file = join(OUT, `news-${Object.keys(modules).length}.capnp.js`);
  writeFileSync(file, js.replace('"capstan/private"', JSON.stringify(runtime)));
  modules[name] = file;
}
// A message to read, encoded with the bundled module (any layout writes the same bytes).
const { News } = await import(modules['bundled (dist/bundle/)']);
const message = join(OUT, 'news.bin');
writeFileSync(message, News.encode(newsDocument()));
// An application's bundle of the same (what a bundled server app or a browser loads).
const single = join(OUT, 'news-app.js');
await build({ entryPoints: [modules['per-file (dist/)']], bundle: true, format: 'esm', platform: 'node', outfile: single, logLevel: 'silent' });
modules['one file (an app bundle)'] = single;

const read = `import { readFileSync } from 'node:fs'; const bytes = readFileSync(${JSON.stringify(message)});`;
const scripts = { 'node (no import)': `${read} if (bytes.length === 0) process.exit(1);` };
for (const [name, file] of Object.entries(modules)) {
  scripts[`${name}: import + decode`] = `import { News } from ${JSON.stringify(file)}; ${read} if (News.decode(bytes).stories.length !== 100) process.exit(1);`;
  scripts[`${name}: import + open (reader class)`] = `import { NewsReader } from ${JSON.stringify(file)}; ${read} if (NewsReader.read(bytes).stories.length !== 100) process.exit(1);`;
}

/**
 * Fixed seeds: without them a fresh `node` spends 5 to 12 million instructions, a different
 * number each run, testing random numbers for primality as it seeds its hash tables
 * (`detail::sprp` in callgrind's list), which was most of the drift between runs of one script.
 * With them the count of a script repeats to a few hundred instructions; the fixed seed makes
 * V8 rehash its snapshot's tables, which adds the same ~29 M to every script, bare node too.
 */
const NODE_FLAGS = ['--hash-seed=1', '--random-seed=1'];

function instructions(code) {
  const script = join(OUT, 'script.mjs');
  writeFileSync(script, code);
  const result = spawnSync('valgrind', ['--tool=callgrind', '--callgrind-out-file=/dev/null', process.execPath, ...NODE_FLAGS, script], { encoding: 'utf8' });
  const match = /Collected : (\d+)/.exec(result.stderr);
  if (result.status !== 0 || match === null) throw new Error(`startup-instructions: the script failed:\n${result.stderr.slice(-2000)}`);
  return Number(match[1]);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
// Rounds interleave the scripts, so that what drift is left (the JIT's threads) is spread over
// all of them.
const counts = Object.fromEntries(Object.keys(scripts).map((name) => [name, []]));
for (let round = 0; round < runs; round++) {
  for (const [name, code] of Object.entries(scripts)) counts[name].push(instructions(code));
}
console.log(`node ${process.version}, ${runs} interleaved round(s), median instructions (callgrind)\n`);
console.log('| script | instructions | over bare node |');
console.log('|---|--:|--:|');
const bare = median(counts['node (no import)']);
for (const [name, values] of Object.entries(counts)) {
  const count = median(values);
  console.log(`| ${name} | ${(count / 1e6).toFixed(1)} M | ${name === 'node (no import)' ? '' : `+${((count - bare) / 1e6).toFixed(1)} M`} |`);
}
