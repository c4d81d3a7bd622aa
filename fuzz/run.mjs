#!/usr/bin/env node
// Coverage-guided fuzzing of Capstan's parsers (docs/SECURITY.md). On the build (npm run build):
//
//   node fuzz/run.mjs --list
//   node fuzz/run.mjs wire --seconds 60                  one target for a minute
//   node fuzz/run.mjs all --seconds 20                   every target, 20 s each, one after another
//   node fuzz/run.mjs text --runs 1000000 --keep-going   a campaign of a million inputs
//   node fuzz/run.mjs text --replay fuzz/.work/findings/text-crash-0123.bin [more files]
//   npm run fuzz -- json --seconds 60                    the same through npm
//
// Options: --seconds N (default 10), --runs N (inputs, default unlimited), --seed N,
// --out DIR (default fuzz/.work: findings/, corpus/<target>/ of new inputs, slow/<target>/),
// --max-millis N (an input slower than this, twice in a row, is a finding; default 2000),
// --timeout-seconds N (no progress for this long is a hang; default 20), --keep-going,
// --no-corpus-out, --json FILE (a summary for scripts and tests).
// Exit status 1 when anything was found. Reproducers are written to <out>/findings/, each
// with a .txt beside it; --replay runs them without instrumentation and says what they do.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const ROOT = resolve(HERE, '..');
const TARGETS = join(HERE, 'targets');

export function listTargets() {
  return readdirSync(TARGETS).filter((f) => f.endsWith('.fuzz.mjs')).map((f) => f.slice(0, -'.fuzz.mjs'.length)).sort();
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    seconds: { type: 'string', default: '10' },
    runs: { type: 'string' },
    seed: { type: 'string', default: String(Date.now() % 2 ** 31) },
    out: { type: 'string', default: join(ROOT, 'fuzz/.work') },
    'max-millis': { type: 'string', default: '2000' },
    'timeout-seconds': { type: 'string', default: '20' },
    'max-length': { type: 'string' },
    'keep-going': { type: 'boolean', default: false },
    'no-corpus-out': { type: 'boolean', default: false },
    replay: { type: 'boolean', default: false },
    json: { type: 'string' },
    list: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (values.help || (positionals.length === 0 && !values.list)) {
  console.log('usage: node fuzz/run.mjs <target|all> [--seconds N] [--runs N] [--seed N] [--out DIR] [--keep-going] [--json FILE]\n' +
    '       node fuzz/run.mjs <target> --replay FILE...\n       node fuzz/run.mjs --list\n' +
    `targets: ${listTargets().join(', ')}`);
  process.exit(values.help ? 0 : 2);
}
if (values.list) {
  console.log(listTargets().join('\n'));
  process.exit(0);
}
if (!existsSync(join(ROOT, 'dist/index.js'))) {
  console.error('fuzz: dist/ is missing; run `npm run build` first');
  process.exit(2);
}

const [first, ...rest] = positionals;
if (values.replay) {
  process.exit(await replay(first, rest));
}
const names = first === 'all' ? listTargets() : first.split(',');
for (const name of names) {
  if (!listTargets().includes(name)) {
    console.error(`fuzz: no target '${name}' (targets: ${listTargets().join(', ')})`);
    process.exit(2);
  }
}

const summary = [];
let failed = false;
for (const name of names) {
  const result = await fuzzTarget(name);
  summary.push(result);
  if (result.findings.length > 0) failed = true;
}
if (values.json !== undefined) writeFileSync(values.json, `${JSON.stringify(summary, null, 2)}\n`);
process.exit(failed ? 1 : 0);

/** Runs one target in a worker; resolves to its summary. */
function fuzzTarget(name) {
  const out = resolve(values.out);
  const status = new SharedArrayBuffer(8);
  const maxLength = values['max-length'] === undefined ? undefined : Number(values['max-length']);
  const current = new SharedArrayBuffer(Math.max(maxLength ?? 0, 1 << 20));
  const corpusOut = values['no-corpus-out'] ? undefined : join(out, 'corpus', name);
  const workerData = {
    name,
    targetUrl: pathToFileURL(join(TARGETS, `${name}.fuzz.mjs`)).href,
    instrument: true,
    seconds: Number(values.seconds),
    runs: values.runs === undefined ? Infinity : Number(values.runs),
    seed: Number(values.seed),
    maxLength,
    maxMillis: Number(values['max-millis']),
    keepGoing: values['keep-going'],
    corpusDirs: [join(ROOT, 'fuzz/corpus', name), ...(corpusOut === undefined ? [] : [corpusOut])],
    corpusOut,
    findingsDir: join(out, 'findings'),
    reportMillis: 5000,
    status,
    current,
  };
  const view = new Int32Array(status);
  const input = new Uint8Array(current);
  const started = Date.now();
  console.log(`fuzz ${name}: seed ${workerData.seed}, ${values.runs === undefined ? `${workerData.seconds} s` : `${values.runs} inputs or ${workerData.seconds} s`}`);
  return new Promise((resolvePromise) => {
    const worker = new Worker(join(HERE, 'engine/engine.mjs'), { workerData, resourceLimits: { maxOldGenerationSizeMb: 4096, stackSizeMb: 4 } });
    const findings = [];
    let last = { execs: 0, corpus: 0, edgesCovered: 0, edgesTotal: 0 };
    let done = false;
    const rescue = (kind, message) => {
      // The input the worker was running when it hung or died.
      const data = input.slice(0, view[1]);
      mkdirSync(workerData.findingsDir, { recursive: true });
      const file = join(workerData.findingsDir, `${name}-${kind}-${Date.now()}.bin`);
      writeFileSync(file, data);
      writeFileSync(`${file}.txt`, `${message}\n`);
      findings.push({ kind, file, message });
      console.log(`fuzz ${name}: ${kind.toUpperCase()}: ${message}; input written to ${file}`);
    };
    let seenExecs = -1;
    let stalledSince = Date.now();
    const watchdog = setInterval(() => {
      const execs = Atomics.load(view, 0);
      if (execs !== seenExecs) {
        seenExecs = execs;
        stalledSince = Date.now();
      } else if (Date.now() - stalledSince > Number(values['timeout-seconds']) * 1000 && execs > 0) {
        rescue('hang', `no progress for ${values['timeout-seconds']} s on one input`);
        clearInterval(watchdog);
        void worker.terminate();
      }
    }, 250);
    const line = (m) => `#${m.execs} cov: ${m.edgesCovered}/${m.edgesTotal} edges (${m.files} modules) corp: ${m.corpus} exec/s: ${Math.round(m.execs / Math.max(m.seconds, 0.001))}`;
    worker.on('message', (m) => {
      if (m.type === 'progress') {
        last = m;
        console.log(`fuzz ${name}: ${line(m)}`);
      } else if (m.type === 'finding') {
        console.log(`fuzz ${name}: FINDING (${m.finding.kind}) ${m.finding.message}\n${m.finding.stack}\ninput written to ${m.finding.file}; replay: node fuzz/run.mjs ${name} --replay ${m.finding.file}`);
      } else if (m.type === 'done') {
        done = true;
        last = m;
        findings.push(...m.findings);
        console.log(`fuzz ${name}: done ${line(m)} in ${m.seconds.toFixed(1)} s, ${m.findings.length} finding(s)`);
        const slowDir = join(out, 'slow', name);
        rmSync(slowDir, { recursive: true, force: true });
        mkdirSync(slowDir, { recursive: true });
        for (const s of m.slowest) writeFileSync(join(slowDir, `${s.ratio.toFixed(3)}us-per-byte-${s.hash}.bin`), s.data);
      }
    });
    worker.on('error', (e) => {
      if (!done) rescue(e?.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'oom' : 'crash', `${e?.name}: ${e?.message}`);
      if (!done) console.log(e?.stack);
    });
    worker.on('exit', () => {
      clearInterval(watchdog);
      resolvePromise({
        target: name, seed: workerData.seed, execs: last.execs, corpus: last.corpus, edgesCovered: last.edgesCovered,
        edgesTotal: last.edgesTotal, coverage: last.coverage, seconds: (Date.now() - started) / 1000, findings,
        slowest: (last.slowest ?? []).map((s) => ({ microsPerByte: s.ratio, micros: s.micros, hash: s.hash })),
      });
    });
  });
}

/** Runs saved inputs through a target without instrumentation; 1 if any is a finding. */
async function replay(name, files) {
  const target = await import(pathToFileURL(join(TARGETS, `${name}.fuzz.mjs`)).href);
  let status = 0;
  for (const file of files) {
    const data = new Uint8Array(readFileSync(file));
    const started = performance.now();
    try {
      target.fuzz(data);
      console.log(`${basename(file)}: ok (${(performance.now() - started).toFixed(2)} ms, ${data.length} bytes)`);
    } catch (e) {
      status = 1;
      console.log(`${basename(file)}: FINDING after ${(performance.now() - started).toFixed(2)} ms: ${e?.stack ?? e}`);
    }
  }
  return status;
}
