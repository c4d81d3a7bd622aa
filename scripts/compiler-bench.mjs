#!/usr/bin/env node
// Compile time of upstream's test.capnp: Capstan in process next to `capnp compile`.
//   node scripts/compiler-bench.mjs VECTORS_DIR [ROUNDS]     (after `npm run build`; needs `capnp`)
// `capnp compile` can only be timed as a whole process, so it is also timed on an empty schema:
// the difference estimates its own compile time. Figures are medians over ROUNDS (default 7)
// rounds of 20 runs each, after a warm-up; this machine's load moves absolute times, so read
// them side by side.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const vectors = process.argv[2];
if (!vectors) {
  console.error('usage: node scripts/compiler-bench.mjs VECTORS_DIR [ROUNDS]');
  process.exit(2);
}
const rounds = Number(process.argv[3] ?? 7);
const dist = process.env.CAPSTAN_DIST ?? join(root, 'dist');
const { compile } = await import(pathToFileURL(join(dist, 'compiler/index.js')).href);
const { createNodeLoader } = await import(pathToFileURL(join(dist, 'compiler/files/node-loader.js')).href);

const base = join(resolve(vectors), 'capnp-0.9.2');
const loader = createNodeLoader();
const empty = mkdtempSync(join(tmpdir(), 'capstan-bench-'));
writeFileSync(join(empty, 'empty.capnp'), '@0xe1f6b3a5c7d9e0f1;\n');

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Median over rounds of the mean time of `runs` calls of `fn`, in milliseconds. */
function measure(fn, runs = 20) {
  for (let i = 0; i < 5; i++) fn();
  const means = [];
  for (let round = 0; round < rounds; round++) {
    const start = performance.now();
    for (let i = 0; i < runs; i++) fn();
    means.push((performance.now() - start) / runs);
  }
  return median(means);
}

const capstan = measure(() => {
  const { diagnostics } = compile({ files: ['capnp/test.capnp'], cwd: base, loader, standardImports: false, importPaths: [base] });
  if (diagnostics.length > 0) throw new Error('test.capnp did not compile');
});
const capnp = (cwd, file, extra = []) => () => {
  const result = spawnSync('capnp', ['compile', '-o-', '--no-standard-import', ...extra, file], { cwd });
  if (result.status !== 0) throw new Error(result.stderr.toString());
};
const reference = measure(capnp(base, 'capnp/test.capnp', [`-I${base}`]), 10);
const processOnly = measure(capnp(empty, 'empty.capnp'), 10);
rmSync(empty, { recursive: true, force: true });

console.log(`machine: ${cpus()[0]?.model ?? 'unknown'} x${cpus().length}, node ${process.version}`);
console.log(`capstan, in process:        ${capstan.toFixed(2)} ms`);
console.log(`capnp compile, per process: ${reference.toFixed(2)} ms (an empty schema: ${processOnly.toFixed(2)} ms,` +
  ` so about ${(reference - processOnly).toFixed(2)} ms of compiling)`);
