#!/usr/bin/env node
// One peak-memory measurement of news-large, in a process of its own (started by
// workloads/news-large.mjs, one per implementation and operation, so one measurement's heap,
// garbage and JIT state cannot hide in the next one's baseline).
//   node --expose-gc --max-semi-space-size=1 memory-probe.mjs '{"impl","op","input","capstanDir","capnpEsDir"}'
// Prints one JSON line.
//
// What is measured: the process's resident set (RSS), which counts everything the operation
// makes resident: the V8 heap (objects, strings, garbage not yet collected), ArrayBuffers
// outside it (the message bytes, a builder's segments) and malloc. Linux lets a process reset
// its peak RSS (writing 5 to /proc/self/clear_refs resets VmHWM, which getrusage's maxrss and
// so process.resourceUsage().maxRSS report), so the peak is taken over exactly one phase:
//   1. modules loaded, the operation run on the 46 KB document (code compiled), full GC:
//      rss0, the baseline;
//   2. the input loaded (read: the message bytes, or the JSON text; build: the plain object,
//      parsed from a file so generating it leaves no garbage behind), full GC: rss1; the peak
//      is reset to it;
//   3. the operation, its result kept alive: peak = maxRSS.
// `peak - rss0` counts the input and the work; `peak - rss1` counts the work only (for build
// that includes the message it makes). Freed-but-still-resident heap pages in the baseline can
// make a later allocation cost no new RSS, which is why each probe is a fresh process that has
// done nothing large before its input, and why news-large.mjs starts it with a small young
// generation (its pages are resident from the start, whatever lands there is otherwise free).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { newsDocument } from './news.mjs';
import { buildCapnpEs, walkCapnpEs, walkCapstan, walkJson } from '../workloads/news.mjs';

const { impl, op, input, capstanDir, capnpEsDir } = JSON.parse(process.argv[2]);
if (typeof globalThis.gc !== 'function') throw new Error('memory-probe needs --expose-gc');

/**
 * Collects garbage and lets V8's background threads hand freed pages back to the OS (they do
 * so concurrently, after the collection): RSS read before that would still count pages about
 * to go, and the operation's own pages would then seem free.
 */
async function settle() {
  for (let i = 0; i < 3; i++) {
    globalThis.gc();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
const rss = () => process.memoryUsage.rss();
const maxRss = () => process.resourceUsage().maxRSS * 1024;
/** Resets the peak RSS to the current RSS; false where the OS offers no way to (not Linux). */
function resetPeak() {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

const { News } = await import(join(capstanDir, 'news.capnp.js'));
const es = impl === 'capnp-es' ? await import(join(capnpEsDir, 'news.js')) : null;
const capnp = impl === 'capnp-es' ? await import('capnp-es') : null;

/** [load the input from the file, run the operation on it (returning what it made)]. */
const OPERATIONS = {
  'read-all': {
    json: [(file) => readFileSync(file).toString('latin1'), (text) => walkJson(JSON.parse(text))],
    capstan: [(file) => readFileSync(file), (bytes) => walkCapstan(News.read(bytes))],
    'capnp-es': [(file) => readFileSync(file), (bytes) => walkCapnpEs(new capnp.Message(bytes, false).getRoot(es.News))],
  },
  build: {
    json: [(file) => JSON.parse(readFileSync(file, 'latin1')), (doc) => JSON.stringify(doc)],
    capstan: [(file) => JSON.parse(readFileSync(file, 'latin1')), (doc) => News.encode(doc)],
    'capnp-es': [(file) => JSON.parse(readFileSync(file, 'latin1')), (doc) => buildCapnpEs(es, capnp, doc)],
  },
};
const [load, operate] = OPERATIONS[op][impl];

// Phase 1: compile the code on the small document, so JIT memory is not counted as the work's.
const small = newsDocument();
const smallInput = op === 'build' ? small : impl === 'json' ? JSON.stringify(small) : impl === 'capstan' ? News.encode(small) : buildCapnpEs(es, capnp, small);
for (let i = 0; i < 20; i++) operate(smallInput);
await settle();
const rss0 = rss();

// Phase 2: the input.
let data = load(input);
await settle();
const rss1 = rss();
const before = process.memoryUsage();
const canReset = resetPeak();
const peakBeforeWork = maxRss();

// Phase 3: the operation.
const started = performance.now();
let result = operate(data);
const ms = performance.now() - started;
const peak = maxRss();
const resultBytes = typeof result === 'string' ? result.length : result instanceof Uint8Array ? result.byteLength : 0;
// What the result keeps after a full GC (heap and buffers outside it), input still alive.
await settle();
const after = process.memoryUsage();
const retained = after.heapUsed + after.external - (before.heapUsed + before.external);
console.log(JSON.stringify({ impl, op, canReset, rss0, rss1, peakBeforeWork, peak, ms, resultBytes, retained }));
// Keep input and result alive until the measurement is taken.
if (data === null || result === null) throw new Error('unreachable');
data = result = null;
