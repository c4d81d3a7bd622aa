#!/usr/bin/env node
// In-process A/B of the packer and unpacker: `node bench/packing-ab.mjs [--ref main] [--rounds 40]
// [--ms 50] [--only pack/news]` (after `npm run build`). src/wire/formats/packing.ts as of REF and as in
// the working tree are bundled side by side with esbuild and timed in one process, alternating
// A and B for ROUNDS rounds of MS each, on the news document, the car-sales message of the
// packing workload, 49 200 zero bytes, 49 200 non-zero bytes and words of random tags. Prints
// per case the median and min of the rounds (µs per call, allocation included, as the bench's
// packing rows) and the median of the paired B/A ratios: on a shared machine, the ratio is the
// figure to trust. Both sides must pack to the same bytes and unpack back, or it stops.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { newsDocument } from './lib/news.mjs';
import { carsalesLotBytes } from './lib/carsales-lot.mjs';
import { OUT, ROOT } from './lib/setup.mjs';

const { values } = parseArgs({
  options: { ref: { type: 'string', default: 'main' }, rounds: { type: 'string', default: '40' }, ms: { type: 'string', default: '50' }, only: { type: 'string', default: '' } },
});
const rounds = Number(values.rounds);
const ms = Number(values.ms);
const dir = join(OUT, 'packing-ab');
mkdirSync(dir, { recursive: true });

const esbuild = await import(pathToFileURL(join(ROOT, 'node_modules/esbuild/lib/main.js')).href);
const PACKING = 'src/wire/formats/packing.ts';
async function bundle(name, source) {
  const outfile = join(dir, `${name}.mjs`);
  await esbuild.build({
    stdin: { contents: source, resolveDir: join(ROOT, 'src/wire/formats'), loader: 'ts', sourcefile: 'packing.ts' },
    bundle: true, format: 'esm', target: 'es2022', outfile, logLevel: 'warning',
  });
  return import(pathToFileURL(outfile).href);
}
const A = await bundle('a', execFileSync('git', ['show', `${values.ref}:${PACKING}`], { cwd: ROOT, encoding: 'utf8' }));
const B = await bundle('b', readFileSync(join(ROOT, PACKING), 'utf8'));

// Generated code for news and carsales, importing the built package by file.
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const entry = (spec) => pathToFileURL(join(ROOT, pkg.exports[spec === 'capstan' ? '.' : `./${spec.slice('capstan/'.length)}`].node)).href;
const { compile, formatDiagnostic } = await import(pathToFileURL(join(ROOT, 'dist/compiler/index.js')).href);
const { createNodeLoader } = await import(pathToFileURL(join(ROOT, 'dist/compiler/files/node-loader.js')).href);
const { generateTypeScript } = await import(pathToFileURL(join(ROOT, 'dist/codegen/index.js')).href);
const { request, diagnostics } = compile({ files: ['news.capnp', 'carsales.capnp'], cwd: join(ROOT, 'bench/schemas'), loader: createNodeLoader() });
if (request === null) throw new Error(diagnostics.map(formatDiagnostic).join('\n'));
for (const file of generateTypeScript(request)) {
  const js = (await esbuild.transform(file.content, { loader: 'ts', format: 'esm', target: 'es2022' })).code;
  writeFileSync(join(dir, file.filename.replace(/\.ts$/, '.js')), js.replaceAll(/from ["'](capstan(?:\/[\w/-]+)?)["']/g, (_, spec) => `from ${JSON.stringify(entry(spec))}`));
}
const { News } = await import(pathToFileURL(join(dir, 'news.capnp.js')).href);
const carsales = await import(pathToFileURL(join(dir, 'carsales.capnp.js')).href);
const { MessageBuilder } = await import(entry('capstan'));

// The car-sales message of bench/workloads/packing.mjs.
const carsalesBytes = carsalesLotBytes(carsales, new MessageBuilder());
let seed = 12345;
// The high bits of an LCG step (its low bits have short periods).
const next = () => (seed = (Math.imul(seed, 1664525) + 1013904223) | 0) >>> 8;
const text = new Uint8Array(49200).map(() => 32 + (next() % 95));
const mixed = new Uint8Array(49200).map(() => (next() & 1 ? 0 : 1 + (next() % 255)));
const messages = { news: News.encode(newsDocument()), carsales: carsalesBytes, zeros: new Uint8Array(49200), text, mixed };

const same = (x, y) => x.length === y.length && x.every((v, i) => v === y[i]);
const cases = [];
for (const [name, bytes] of Object.entries(messages)) {
  const packed = A.pack(bytes);
  if (!same(packed, B.pack(bytes)) || !same(A.unpack(packed), bytes) || !same(B.unpack(packed), bytes)) throw new Error(`A and B disagree on ${name}`);
  cases.push({ name: `pack/${name}`, a: A.pack, b: B.pack, arg: bytes });
  cases.push({ name: `unpack/${name}`, a: A.unpack, b: B.unpack, arg: packed });
}

let sink = 0;
function time(fn, arg) {
  const start = performance.now();
  let n = 0;
  let now;
  do {
    for (let i = 0; i < 20; i++) sink += fn(arg).length;
    n += 20;
    now = performance.now();
  } while (now - start < ms);
  return ((now - start) * 1e3) / n;
}
const median = (xs) => [...xs].sort((x, y) => x - y)[xs.length >> 1];
const chosen = cases.filter((c) => c.name.startsWith(values.only)).map((c) => ({ ...c, ta: [], tb: [] }));
for (const c of chosen) time(c.a, c.arg), time(c.b, c.arg);
for (let r = 0; r < rounds; r++) {
  for (const c of chosen) {
    // Alternate which side goes first.
    if (r & 1) c.tb.push(time(c.b, c.arg)), c.ta.push(time(c.a, c.arg));
    else c.ta.push(time(c.a, c.arg)), c.tb.push(time(c.b, c.arg));
  }
}
console.log(`A = ${values.ref}:${PACKING}, B = the working tree; ${rounds} rounds of ${ms} ms (sink ${sink > 0})`);
const f = (x) => x.toFixed(2).padStart(8);
for (const c of chosen) {
  const ratio = median(c.ta.map((a, i) => c.tb[i] / a));
  console.log(`${c.name.padEnd(16)} median A ${f(median(c.ta))} B ${f(median(c.tb))} µs | min A ${f(Math.min(...c.ta))} B ${f(Math.min(...c.tb))} µs | B/A paired ${ratio.toFixed(3)}`);
}
