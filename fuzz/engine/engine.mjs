// The fuzzing loop, run in a worker thread by fuzz/run.mjs (which watches it for hangs and
// out-of-memory, and reports). Coverage-guided in libFuzzer's manner: an input that reaches a
// new (edge, log2 hit count) pair joins the corpus; inputs are drawn from the corpus and mutated.
//
// A target is a module exporting `fuzz(data: Uint8Array)` (the signature Jazzer.js uses) that
// returns, or throws a CapnpError, for any input: anything else it throws is a finding. It may
// export `options`: { maxLength, dictionary: string[], mutate(rng, bytes) }.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { register } from 'node:module';
import { workerData, parentPort } from 'node:worker_threads';
import { createRng } from '../../scripts/fuzz-core.mjs';

const config = workerData;

// ------------------------------------------------------------------------------------------
// Coverage counters, handed out to instrumented modules as they load (engine/hooks.mjs).
const counters = new Uint8Array(1 << 21);
let used = 0;
const files = [];
globalThis.__capstanFuzz = {
  counters(url, count) {
    if (used + count > counters.length) throw new Error('fuzz engine: out of coverage counters');
    files.push({ url, base: used, count });
    const view = counters.subarray(used, used + count);
    used += count;
    return view;
  },
};
if (config.instrument) register('./hooks.mjs', import.meta.url);

const target = await import(config.targetUrl);
const options = target.options ?? {};
const maxLength = config.maxLength ?? options.maxLength ?? 4096;
const dictionary = (options.dictionary ?? []).map((t) => (typeof t === 'string' ? new TextEncoder().encode(t) : t));

const status = new Int32Array(config.status); // [execs, current length]
const current = new Uint8Array(config.current);

// ------------------------------------------------------------------------------------------
// Features: one bit per (counter, hit-count bucket), as libFuzzer's 8-bit counters.
const seen = new Uint8Array(counters.length);
function bucket(count) {
  if (count < 4) return count === 3 ? 4 : count; // 1 -> 1, 2 -> 2, 3 -> 4
  if (count < 8) return 8;
  if (count < 16) return 16;
  if (count < 32) return 32;
  if (count < 128) return 64;
  return 128;
}
let edgesCovered = 0;
/** Folds the counters of the last run into `seen`; true when anything new showed up. Resets them. */
function collect() {
  let fresh = false;
  for (let i = 0; i < used; i++) {
    const c = counters[i];
    if (c === 0) continue;
    counters[i] = 0;
    const bit = bucket(c);
    const old = seen[i];
    if ((old & bit) === 0) {
      if (old === 0) edgesCovered++;
      seen[i] = old | bit;
      fresh = true;
    }
  }
  return fresh;
}

// ------------------------------------------------------------------------------------------
// Running one input.
const hash = (bytes) => createHash('sha1').update(bytes).digest('hex').slice(0, 16);
let execs = 0;

/** Runs `data`; returns { error, micros } where error is a non-CapnpError thrown (a finding). */
function run(data) {
  current.set(data);
  status[1] = data.length;
  Atomics.add(status, 0, 1);
  execs++;
  const started = performance.now();
  let error;
  try {
    const result = target.fuzz(data);
    if (result !== undefined && typeof result.then === 'function') throw new Error('fuzz target returned a promise: targets must be synchronous');
  } catch (e) {
    error = e;
  }
  return { error, micros: (performance.now() - started) * 1000 };
}

// Slowest inputs by time per byte (at least 64 bytes charged, so tiny inputs do not dominate).
const slowest = [];
function noteTime(data, micros) {
  const ratio = micros / Math.max(64, data.length);
  if (slowest.length === 8 && ratio <= slowest[7].ratio) return;
  const h = hash(data);
  if (slowest.some((s) => s.hash === h)) return;
  slowest.push({ ratio, micros, data: data.slice(), hash: h });
  slowest.sort((a, b) => b.ratio - a.ratio);
  slowest.length = Math.min(slowest.length, 8);
}

function finding(kind, data, error) {
  const dir = config.findingsDir;
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${config.name}-${kind}-${hash(data)}.bin`);
  writeFileSync(file, data);
  const text = error === undefined ? kind : `${error?.name}: ${error?.message}\n${error?.stack ?? ''}`;
  writeFileSync(`${file}.txt`, `${text}\n`);
  return { kind, file, message: error === undefined ? kind : `${error?.name}: ${error?.message}`, stack: String(error?.stack ?? '').split('\n').slice(0, 6).join('\n') };
}

// ------------------------------------------------------------------------------------------
// Mutations.
const rng = createRng(config.seed);
const INTERESTING_8 = [0, 1, 2, 0x7f, 0x80, 0xff, 0x20, 0x0a, 0x22, 0x28, 0x29, 0x30, 0x5b, 0x7b];
const INTERESTING_32 = [0, 1, 0xffffffff, 0x7fffffff, 0x80000000, 0xffff, 0x10000, 0xfffffffc, 0x1fffffff, 8, 64, 0xfffe0000];

function mutateOnce(bytes, corpus) {
  const n = bytes.length;
  switch (rng.below(options.mutate ? 13 : 12)) {
    case 0: // flip a bit
      if (n > 0) bytes[rng.below(n)] ^= 1 << rng.below(8);
      return bytes;
    case 1: // random byte
      if (n > 0) bytes[rng.below(n)] = rng() & 0xff;
      return bytes;
    case 2: // interesting byte
      if (n > 0) bytes[rng.below(n)] = INTERESTING_8[rng.below(INTERESTING_8.length)];
      return bytes;
    case 3: { // small arithmetic
      if (n > 0) {
        const i = rng.below(n);
        bytes[i] = (bytes[i] + rng.below(35) - 17) & 0xff;
      }
      return bytes;
    }
    case 4: { // insert random bytes
      const at = rng.below(n + 1);
      const extra = new Uint8Array(1 + rng.below(8)).map(() => rng() & 0xff);
      return concat(bytes.subarray(0, at), extra, bytes.subarray(at));
    }
    case 5: { // erase a range
      if (n < 2) return bytes;
      const at = rng.below(n);
      const len = 1 + rng.below(Math.min(n - at, 16));
      return concat(bytes.subarray(0, at), bytes.subarray(at + len));
    }
    case 6: { // copy a range over another place
      if (n < 2) return bytes;
      const from = rng.below(n);
      const to = rng.below(n);
      const len = 1 + rng.below(Math.min(n - Math.max(from, to), 32));
      bytes.copyWithin(to, from, from + len);
      return bytes;
    }
    case 7: { // insert a copy of a range
      if (n < 1) return bytes;
      const from = rng.below(n);
      const len = 1 + rng.below(Math.min(n - from, 64));
      const at = rng.below(n + 1);
      return concat(bytes.subarray(0, at), bytes.slice(from, from + len), bytes.subarray(at));
    }
    case 8: { // interesting 32-bit value, little-endian, often word-aligned
      if (n < 4) return bytes;
      const at = rng.chance(0.5) ? rng.below(Math.floor(n / 4)) * 4 : rng.below(n - 3);
      new DataView(bytes.buffer, bytes.byteOffset).setUint32(at, INTERESTING_32[rng.below(INTERESTING_32.length)] >>> 0, true);
      return bytes;
    }
    case 9: { // splice with another corpus entry
      const other = corpus[rng.below(corpus.length)].data;
      const cut = rng.below(n + 1);
      const from = rng.below(other.length + 1);
      return concat(bytes.subarray(0, cut), other.subarray(from));
    }
    case 10: { // dictionary token, inserted or written over
      if (dictionary.length === 0) return bytes;
      const token = dictionary[rng.below(dictionary.length)];
      const at = rng.below(n + 1);
      if (rng.chance(0.5)) return concat(bytes.subarray(0, at), token, bytes.subarray(at));
      const out = concat(bytes.subarray(0, at), token, bytes.subarray(Math.min(n, at + token.length)));
      return out;
    }
    case 11: { // repeat a range many times (nesting, long runs)
      if (n < 1) return bytes;
      const from = rng.below(n);
      const len = 1 + rng.below(Math.min(n - from, 8));
      const times = 2 + rng.below(rng.chance(0.2) ? 500 : 20);
      const piece = bytes.slice(from, from + len);
      const parts = [bytes.subarray(0, from)];
      for (let i = 0; i < times; i++) parts.push(piece);
      parts.push(bytes.subarray(from));
      return concat(...parts);
    }
    default:
      return options.mutate(rng, bytes);
  }
}

function concat(...parts) {
  let length = 0;
  for (const p of parts) length += p.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function mutate(input, corpus) {
  let bytes = input.slice();
  const rounds = 1 + rng.below(rng.chance(0.3) ? 8 : 3);
  for (let r = 0; r < rounds; r++) bytes = mutateOnce(bytes, corpus);
  return bytes.length > maxLength ? bytes.slice(0, maxLength) : bytes;
}

// ------------------------------------------------------------------------------------------
// The loop.
function loadDir(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((f) => !f.startsWith('.') && !f.endsWith('.txt')).sort().map((f) => new Uint8Array(readFileSync(join(dir, f))));
}

const corpus = [];
const findings = [];
const started = Date.now();
const deadline = started + config.seconds * 1000;
let lastReport = started;

/** Covered and total edges per folder of the build (dist/wire, dist/text, ...). */
function coverageByFolder() {
  const byFolder = {};
  for (const { url, base, count } of files) {
    const folder = url.split('/').slice(0, -1).join('/');
    const entry = (byFolder[folder] ??= { covered: 0, total: 0 });
    entry.total += count;
    for (let i = base; i < base + count; i++) if (seen[i] !== 0) entry.covered++;
  }
  return byFolder;
}

function report(final) {
  parentPort.postMessage({
    coverage: final ? coverageByFolder() : undefined,
    type: final ? 'done' : 'progress',
    execs, corpus: corpus.length, edgesCovered, edgesTotal: used, files: files.length,
    seconds: (Date.now() - started) / 1000, findings,
    slowest: final ? slowest.map((s) => ({ ratio: s.ratio, micros: s.micros, hash: s.hash, data: s.data })) : undefined,
  });
}

function consider(data, error, micros) {
  noteTime(data, micros);
  if (error !== undefined) {
    const f = finding('crash', data, error);
    findings.push(f);
    parentPort.postMessage({ type: 'finding', finding: f });
    return config.keepGoing;
  }
  if (micros > config.maxMillis * 1000) {
    // Confirm before calling it slow: the machine is shared.
    const again = Math.min(run(data).micros, run(data).micros);
    collect();
    if (again > config.maxMillis * 1000) {
      const f = finding('slow', data, new Error(`one run took ${(again / 1000).toFixed(0)} ms (limit ${config.maxMillis} ms)`));
      findings.push(f);
      parentPort.postMessage({ type: 'finding', finding: f });
      return config.keepGoing;
    }
  }
  return true;
}

let going = true;
const seeds = config.corpusDirs.flatMap(loadDir);
if (seeds.length === 0) seeds.push(new Uint8Array(0));
for (const data of seeds) {
  const { error, micros } = run(data);
  const fresh = collect();
  going = consider(data, error, micros) && going;
  if (fresh || corpus.length === 0) corpus.push({ data });
  if (!going) break;
}
while (going && Date.now() < deadline && execs < config.runs) {
  for (let batch = 0; batch < 64 && going; batch++) {
    const parent = corpus[rng.chance(0.3) ? corpus.length - 1 - rng.below(Math.min(corpus.length, 16)) : rng.below(corpus.length)];
    const data = mutate(parent.data, corpus);
    const { error, micros } = run(data);
    const fresh = collect();
    going = consider(data, error, micros);
    if (fresh && error === undefined) {
      corpus.push({ data });
      if (config.corpusOut !== undefined) {
        mkdirSync(config.corpusOut, { recursive: true });
        writeFileSync(join(config.corpusOut, hash(data)), data);
      }
    }
  }
  if (Date.now() - lastReport > config.reportMillis) {
    lastReport = Date.now();
    report(false);
  }
}
report(true);
