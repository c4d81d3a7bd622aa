// news-large: the news generator grown ×1000 (100 000 stories, ≈45 MB as JSON and ≈46 MB as
// Cap'n Proto; ×100 in quick mode), the size the Fastify chapter measured. Two questions:
//
// - Does the cost scale linearly? read-all and build are timed on the 46 KB document and on
//   the large one in this same process, and the cost per KB of each is compared (goal for
//   Capstan: large ≤ 1.2× the 46 KB cost per KB). Each implementation's cost per KB is of its
//   own encoding (JSON text for JSON, the message for Capstan and capnp-es).
// - What does it hold at its peak? Each implementation and operation runs once more in a fresh
//   process (lib/memory-probe.mjs says what is counted), goal for Capstan: peak ≤ 2× the
//   message size, counting the message itself.
//
// capnp-es reads the messages Capstan built (the same wire format): building the large document
// with capnp-es takes minutes (it grows superlinearly), so it is timed only for an operation whose
// one run in the memory probe finished within ES_MAX_MS; otherwise it is skipped and the log
// says why.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_TRAVERSAL_LIMIT_WORDS, isCapnpError, MessageBuilder } from 'capstan';
import { newsDocument } from '../lib/news.mjs';
import { sameResults } from '../lib/harness.mjs';
import { buildCapnpEs, walkCapnpEs, walkCapstan, walkJson } from './news.mjs';

const PROBE = join(dirname(dirname(fileURLToPath(import.meta.url))), 'lib/memory-probe.mjs');
/** An operation of capnp-es slower than this (one cold run) is not timed: rounds would take minutes. */
const ES_MAX_MS = 5000;
/** A memory probe that has not finished by then is stopped (capnp-es building the large document). */
const PROBE_TIMEOUT_MS = 60_000;
const IMPLS = ['capstan', 'json', 'capnp-es'];
/**
 * gc() for the probe, and a young generation of 1 MB semi-spaces: with Node's default (up to
 * 16 MB each) the young generation's pages are resident before the operation starts, and up to
 * tens of MB of what it allocates there (a JSON.stringify result, garbage) costs no new RSS.
 */
const PROBE_FLAGS = ['--expose-gc', '--max-semi-space-size=1'];
const OPS = ['read-all', 'build'];

const kb = (bytes) => bytes / 1024;
const size = (bytes) => (bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${Math.round(bytes / 1e3)} KB`);

function probe(args) {
  const started = Date.now();
  const child = spawnSync(process.execPath, [...PROBE_FLAGS, PROBE, JSON.stringify(args)], { encoding: 'utf8', timeout: PROBE_TIMEOUT_MS });
  if (child.error?.code === 'ETIMEDOUT' || child.signal === 'SIGTERM') return { timedOut: true, ms: Date.now() - started };
  if (child.status !== 0) return { failed: child.stderr.trim().split('\n').slice(-3).join(' / ') };
  return JSON.parse(child.stdout.trim().split('\n').pop());
}

export async function newsLarge(suite, env) {
  const { News } = await import(join(env.capstanDir, 'news.capnp.js'));
  const es = await import(join(env.capnpEsDir, 'news.js'));
  const capnp = await import('capnp-es');
  const factor = suite.quick ? 100 : 1000;

  const small = newsDocument();
  // The large plain object is dropped while read-all is timed and made again for build: alive,
  // its hundreds of MB of objects would be marked by every full GC of the read-all cases.
  let large = newsDocument({ stories: 100 * factor });
  const json = { small: JSON.stringify(small), large: JSON.stringify(large) };
  const bytes = { small: News.encode(small), large: News.encode(large) };
  large = null;
  suite.log(`news-large: ×${factor} stories${suite.quick ? ' (quick mode; ×1000 in a full run)' : ''}: ` +
    `${json.large.length} bytes as JSON, ${bytes.large.length} as Cap'n Proto (46 KB document: ${json.small.length} / ${bytes.small.length})`);

  // Limits. Capstan's default traversal budget scales with the message (64 words per word of
  // message, at most DEFAULT_TRAVERSAL_LIMIT_WORDS = 8 Mi words = 64 MiB, also the largest
  // message read without an explicit limit). Read once, a message up to that size is within
  // the default; a user with larger documents passes the size-scaled budget explicitly, and
  // so does this workload if the default refuses.
  const words = bytes.large.length / 8;
  let readOptions;
  try {
    walkCapstan(News.read(bytes.large));
    suite.log(`  limits: default ReaderOptions (budget min(64 × ${Math.round(words)} words, ${DEFAULT_TRAVERSAL_LIMIT_WORDS} words) = ${Math.min(64 * words, DEFAULT_TRAVERSAL_LIMIT_WORDS)} words suffices for one read-all)`);
  } catch (error) {
    if (!isCapnpError(error)) throw error;
    readOptions = { traversalLimitInWords: 64 * Math.ceil(words) };
    suite.log(`  limits: the default refuses this message (${error.code}); reading with { traversalLimitInWords: ${readOptions.traversalLimitInWords} } (64 words per word, uncapped)`);
  }
  const readCapstan = (b) => walkCapstan(News.read(b, readOptions));
  const readCapnpEs = (b) => walkCapnpEs(new capnp.Message(b, false).getRoot(es.News));
  let esReadFailure = null;
  for (const which of ['small', 'large']) {
    const expected = walkJson(JSON.parse(json[which]));
    sameResults(`news-large read-all (${which})`, { json: expected, capstan: readCapstan(bytes[which]) });
    try {
      sameResults(`news-large read-all (${which})`, { json: expected, 'capnp-es': readCapnpEs(bytes[which]) });
    } catch (error) {
      esReadFailure = error.message;
    }
  }

  // ---- peak memory, one fresh process per implementation and operation ----------------------
  const scratch = mkdtempSync(join(tmpdir(), 'capstan-news-large-'));
  const files = { json: join(scratch, 'news.json'), capnp: join(scratch, 'news.bin') };
  writeFileSync(files.json, json.large);
  writeFileSync(files.capnp, bytes.large);
  const esMs = {};
  try {
    for (const op of OPS) {
      for (const impl of IMPLS) {
        const input = op === 'build' || impl === 'json' ? files.json : files.capnp;
        const result = probe({ impl, op, input, capstanDir: env.capstanDir, capnpEsDir: env.capnpEsDir });
        const messageBytes = impl === 'json' ? json.large.length : bytes.large.length;
        if (impl === 'capnp-es') esMs[op] = result.timedOut || result.failed ? Infinity : result.ms;
        if (result.timedOut || result.failed) {
          const why = result.timedOut ? `did not finish within ${PROBE_TIMEOUT_MS / 1000} s` : `failed: ${result.failed}`;
          suite.log(`  memory ${op} ${impl}: ${why}`);
          suite.addRow({ workload: 'news-large', case: `memory ${op}`, impl, skipped: why });
          continue;
        }
        // read: the message (input) is counted; build: the plain object is the caller's data,
        // not counted, and the message made is (it is part of the work).
        const counted = op === 'read-all' ? result.peak - result.rss0 : result.peak - result.rss1;
        const row = {
          workload: 'news-large', case: `memory ${op}`, impl, message_bytes: messageBytes,
          peak_bytes: counted, peak_over_message: counted / messageBytes,
          work_bytes: result.peak - result.rss1, input_resident_bytes: result.rss1 - result.rss0,
          retained_bytes: result.retained, one_run_ms: Math.round(result.ms), peak_reset: result.canReset,
        };
        suite.addRow(row);
        suite.log(`  memory ${op} ${impl}: peak ${size(counted)} = ${row.peak_over_message.toFixed(2)}× the ${impl === 'json' ? 'JSON text' : 'message'} ` +
          `(work ${size(row.work_bytes)}, input resident ${size(row.input_resident_bytes)}; one run ${row.one_run_ms} ms)${result.canReset ? '' : ' [peak not resettable on this OS: an upper bound]'}`);
      }
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }

  // ---- time per KB: the 46 KB document against the large one ------------------------------
  const timed = (op) => {
    const impls = op === 'build' ? ['json', 'capstan', 'capstan-in-place'] : ['json', 'capstan'];
    if (op === 'read-all' && esReadFailure) suite.log(`  ${op}: capnp-es not timed: ${esReadFailure}`);
    else if (esMs[op] < ES_MAX_MS) impls.push('capnp-es');
    else suite.log(`  ${op}: capnp-es not timed: one ${op} of the large document ${esMs[op] === Infinity ? 'did not finish or failed' : `took ${Math.round(esMs[op])} ms`} (limit ${ES_MAX_MS} ms)`);
    return impls;
  };
  const operations = {
    'read-all': {
      json: (which) => () => walkJson(JSON.parse(json[which])),
      capstan: (which) => () => readCapstan(bytes[which]),
      'capnp-es': (which) => () => readCapnpEs(bytes[which]),
    },
    build: {
      json: (which) => { const doc = which === 'small' ? small : large; return () => JSON.stringify(doc).length; },
      capstan: (which) => { const doc = which === 'small' ? small : large; return () => News.encode(doc).length; },
      // The APIs issue 14 added for servers: one builder reused for every response, the framed
      // result a view of its memory. The one-call encode above hands each caller new memory (46
      // MB here), and V8 answers that much new ArrayBuffer memory with a full collection, whose
      // cost is the size of the caller's heap (the large plain object), not of Capstan's work.
      'capstan-in-place': (which) => {
        const doc = which === 'small' ? small : large;
        const builder = new MessageBuilder();
        return () => News.encode(doc, { builder, copy: false }).length;
      },
      'capnp-es': (which) => { const doc = which === 'small' ? small : large; return () => buildCapnpEs(es, capnp, doc).length; },
    },
  };
  const before = { build: () => { large = newsDocument({ stories: 100 * factor }); } };
  const encodedSize = (impl, which) => (impl === 'json' ? json[which].length : bytes[which].length);
  for (const op of OPS) {
    const impls = timed(op);
    const medians = {};
    for (const which of ['small', 'large']) {
      // The large plain object is made after the small case is timed: alive, its 157 MB of
      // objects made the small build rows 2× slower than the news workload's (277 against 125 µs).
      if (which === 'large') before[op]?.();
      const fns = Object.fromEntries(impls.map((impl) => [impl, operations[op][impl](which)]));
      const stories = which === 'small' ? '100 stories' : `${(100 * factor).toLocaleString('en-US')} stories`;
      medians[which] = await suite.compare('news-large', `${op} (${stories})`, fns, undefined, which === 'large' ? { minSamples: 3 } : {});
    }
    for (const impl of impls) {
      const smallPerKb = medians.small[impl] / kb(encodedSize(impl, 'small'));
      const largePerKb = medians.large[impl] / kb(encodedSize(impl, 'large'));
      suite.addRow({ workload: 'news-large', case: `${op} per KB`, impl, small_ns_per_kb: smallPerKb, large_ns_per_kb: largePerKb, per_kb_ratio: largePerKb / smallPerKb, factor });
      suite.log(`  ${op} per KB ${impl}: ${smallPerKb.toFixed(0)} ns at 100 stories, ${largePerKb.toFixed(0)} ns at ×${factor}: ${(largePerKb / smallPerKb).toFixed(2)}×`);
    }
  }
}
