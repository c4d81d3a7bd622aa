#!/usr/bin/env node
// Long fuzz runs of the wire layer (the same fuzzer as test/wire/fuzz.test.ts), on the build:
//
//   npm run build && npm run fuzz -- --seed 7 --iterations 1000000
//   node scripts/fuzz.mjs 7 1000000          (the same: SEED ITERATIONS)
//   node scripts/fuzz.mjs --seed 7 --seconds 600
//   npm run fuzz -- rpc --seed 7 --iterations 100000   (the RPC fuzzer: scripts/fuzz-rpc.mjs)
//   npm run fuzz -- text --seconds 60                  (a coverage-guided target: fuzz/run.mjs)
//
// Prints progress, and on a failure writes the offending input to fuzz-failure-<seed>-<i>.bin
// (rerun it with --replay FILE) and exits with status 1.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { FuzzFailure, exercise, runFuzz } from './fuzz-core.mjs';

// `npm run fuzz -- <target|all|--list> ...`: the coverage-guided targets (fuzz/run.mjs).
const targetNames = (await import('node:fs')).readdirSync(new URL('../fuzz/targets/', import.meta.url))
  .filter((f) => f.endsWith('.fuzz.mjs')).map((f) => f.slice(0, -'.fuzz.mjs'.length));
if ([...targetNames, 'all', '--list'].includes(process.argv[2] ?? '') || targetNames.some((t) => process.argv[2]?.split(',').includes(t))) {
  await import('../fuzz/run.mjs');
  await new Promise(() => {}); // fuzz/run.mjs exits by itself
}

if (process.argv[2] === 'rpc') {
  // `npm run fuzz -- rpc ...`: the RPC fuzzer instead (scripts/fuzz-rpc.mjs, same options).
  await import('./fuzz-rpc.mjs');
  process.exit(process.exitCode ?? 0);
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    seed: { type: 'string', default: String(Date.now() % 2 ** 31) },
    iterations: { type: 'string', default: '100000' },
    seconds: { type: 'string' },
    replay: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (values.help || positionals.length > 2) {
  console.log('usage: node scripts/fuzz.mjs [SEED [ITERATIONS]] [--seed N] [--iterations N] [--seconds S] [--replay FILE]');
  process.exit(values.help ? 0 : 2);
}
if (positionals[0] !== undefined) values.seed = positionals[0];
if (positionals[1] !== undefined) values.iterations = positionals[1];

const distWire = new URL('../dist/wire/index.js', import.meta.url);
if (!existsSync(distWire)) {
  console.error('fuzz: dist/wire/index.js is missing; run `npm run build` first');
  process.exit(2);
}
const wire = await import(distWire.href);

if (values.replay !== undefined) {
  const input = new Uint8Array(readFileSync(values.replay));
  try {
    console.log(exercise(wire, input));
  } catch (e) {
    console.error(e);
    process.exit(1);
  }
  process.exit(0);
}

const seed = Number(values.seed);
const deadline = values.seconds === undefined ? Infinity : Date.now() + Number(values.seconds) * 1000;
const iterations = values.seconds === undefined ? Number(values.iterations) : Number.MAX_SAFE_INTEGER;
if (!Number.isInteger(seed) || !(iterations > 0)) {
  console.error('fuzz: --seed and --iterations must be positive integers');
  process.exit(2);
}

const started = Date.now();
let total = { cases: 0, read: 0, walked: 0, canonical: 0, copied: 0, slowestMillis: 0 };
// Runs in chunks of fresh seeds derived from the base seed, so --seconds can stop between them.
const CHUNK = 10_000;
try {
  for (let chunk = 0; total.cases < iterations && Date.now() < deadline; chunk++) {
    const count = Math.min(CHUNK, iterations - total.cases);
    const stats = runFuzz(wire, { seed: (seed + chunk * 0x9e3779b9) >>> 0, iterations: count, maxCaseMillis: 10_000 });
    for (const key of ['cases', 'read', 'walked', 'canonical', 'copied']) total[key] += stats[key];
    total.slowestMillis = Math.max(total.slowestMillis, stats.slowestMillis);
    const rate = total.cases / ((Date.now() - started) / 1000);
    const rss = (process.memoryUsage().rss / 2 ** 20).toFixed(0);
    console.log(`${total.cases} cases, ${total.read} read, ${total.walked} walked, ${total.canonical} canonicalized, ${total.copied} copied; ${rate.toFixed(0)}/s, slowest ${total.slowestMillis.toFixed(1)} ms, rss ${rss} MiB`);
  }
} catch (e) {
  if (e instanceof FuzzFailure) {
    const file = `fuzz-failure-${e.seed}-${e.iteration}.bin`;
    if (e.input !== undefined) writeFileSync(file, e.input);
    console.error(`fuzz: FAILED at seed ${e.seed}, iteration ${e.iteration}: ${e.message}`);
    if (e.cause !== undefined) console.error(e.cause);
    console.error(`input written to ${file}; replay with: node scripts/fuzz.mjs --replay ${file}`);
    process.exit(1);
  }
  throw e;
}
console.log(`fuzz: OK, seed ${seed}, ${total.cases} cases in ${((Date.now() - started) / 1000).toFixed(1)} s`);
