#!/usr/bin/env node
// Instructions per function from a callgrind count of node, JavaScript functions included:
// callgrind knows V8's generated code only by address, so its output by instruction
// (`--dump-instr=yes`) is matched against V8's perf map (`node --perf-basic-prof`, which names
// each piece of generated code and its address range). bench/roundtrip-ab.mjs keeps both for
// every count when AB_PROFILE=DIR is set (DIR/A-<case>.out and .map, DIR/B-...).
//
//   node bench/lib/callgrind-functions.mjs DIR/A-eval_object.out [DIR/B-eval_object.out] [--per N] [--top 30]
//
// One file: self instructions per function, most first. Two: both, sorted by the difference
// (B - A): a function inlined into its callers on one side and not on the other has
// instructions of its own on that side only. Names lose code addresses, paths, bundle chunk
// hashes and line numbers, so the same function matches across two builds (V8's `*` marks
// optimized code, `~` the interpreter's or baseline). --per divides by the operations counted.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { per: { type: 'string', default: '1' }, top: { type: 'string', default: '30' } },
});

/** [start, end, name] of each piece of generated code, sorted by start. */
function perfMap(file) {
  const ranges = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = /^([0-9a-f]+) ([0-9a-f]+) (.*)$/.exec(line);
    if (match) ranges.push([parseInt(match[1], 16), parseInt(match[1], 16) + parseInt(match[2], 16), match[3]]);
  }
  return ranges.sort((a, b) => a[0] - b[0]);
}

function nameAt(ranges, address) {
  let lo = 0;
  let hi = ranges.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (ranges[mid][0] <= address) lo = mid;
    else hi = mid - 1;
  }
  // Code can be moved: take the last range that starts at or before the address and covers it.
  for (let i = lo; i >= 0 && address - ranges[i][0] < 1 << 24; i--) if (address < ranges[i][1]) return ranges[i][2];
  return null;
}

const clean = (name) => name.replace(/0x[0-9a-f]+/g, '').replace(/chunk-[A-Z0-9]+/g, 'chunk').replace(/file:\/\/\/\S*\//g, '').replace(/:\d+:\d+$/, '');

/** Self instructions by function name (C functions by symbol, generated code by the perf map). */
function selfCosts(outFile) {
  const ranges = perfMap(outFile.replace(/\.out$/, '.map'));
  const costs = new Map();
  const names = new Map();
  let fn = null;
  let positions = 1;
  let skipNext = false;
  const last = [0, 0];
  for (const line of readFileSync(outFile, 'utf8').split('\n')) {
    if (line === '' || line[0] === '#') continue;
    if (line.startsWith('positions:')) {
      positions = line.split(/\s+/).length - 1;
      continue;
    }
    if (/^[a-z]/.test(line)) {
      const named = /^c?fn=\((\d+)\)(?: (.*))?$/.exec(line);
      if (named && named[2] !== undefined) names.set(named[1], named[2]);
      if (line.startsWith('fn=')) fn = named ? names.get(named[1]) : line.slice(3);
      if (line.startsWith('calls=')) skipNext = true; // the next line is a call's inclusive cost
      continue;
    }
    const tokens = line.split(/\s+/);
    for (let i = 0; i < positions; i++) {
      const t = tokens[i];
      if (t === '*') continue;
      last[i] = t[0] === '+' ? last[i] + Number(t.slice(1)) : t[0] === '-' ? last[i] - Number(t.slice(1)) : Number(t);
    }
    if (skipNext) {
      skipNext = false;
      continue;
    }
    const jit = fn === null || fn.startsWith('0x') ? nameAt(ranges, last[0]) : null;
    const key = jit !== null ? `JS ${clean(jit)}` : `C ${fn ?? '?'}`;
    costs.set(key, (costs.get(key) ?? 0) + Number(tokens[positions] ?? 0));
  }
  return costs;
}

const per = Number(values.per);
const top = Number(values.top);
const f = (n) => (n / per).toFixed(0).padStart(12);
if (positionals.length === 1) {
  const costs = selfCosts(positionals[0]);
  console.log(`total ${f([...costs.values()].reduce((a, b) => a + b, 0))}`);
  for (const [name, n] of [...costs].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${f(n)}  ${name.slice(0, 140)}`);
} else {
  const [a, b] = positionals.map(selfCosts);
  const total = (m) => [...m.values()].reduce((x, y) => x + y, 0);
  console.log(`${'A'.padStart(12)} ${'B'.padStart(12)} ${'B - A'.padStart(12)}  (total ${f(total(a)).trim()} and ${f(total(b)).trim()})`);
  const keys = [...new Set([...a.keys(), ...b.keys()])];
  keys.sort((x, y) => Math.abs((b.get(y) ?? 0) - (a.get(y) ?? 0)) - Math.abs((b.get(x) ?? 0) - (a.get(x) ?? 0)));
  for (const k of keys.slice(0, top)) console.log(`${f(a.get(k) ?? 0)} ${f(b.get(k) ?? 0)} ${f((b.get(k) ?? 0) - (a.get(k) ?? 0))}  ${k.slice(0, 120)}`);
}
