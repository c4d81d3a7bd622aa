#!/usr/bin/env node
// A/B of two builds of the whole package on the cases that changes to building and reading move:
// the upstream workload's round trips (carsales, catrank, eval; `object` and `bytes` modes, as
// bench/workloads/upstream.mjs runs them), news open (the reader kept), sparse, read-all and
// build, and the micro reads.
//
//   node bench/roundtrip-ab.mjs [--ref main] [--with REF] [--only carsales,news/sparse]
//                               [--rounds 7] [--ms 300] [--in-process] [--alloc]
//                               [--callgrind] [--scale 1] [--jobs 2]
//
// A is the commit REF, extracted (git archive) and built (`npm run build`) under
// bench/.out/roundtrip-ab/ once per commit; B is this working tree, built first (or, with
// --with, another commit, as A). Each side gets its own generated code for the bench schemas,
// made by its own compiler and code generator and importing its own dist/bundle/, so a change
// to generated code is measured too. --only takes case name prefixes.
//
// Wall clock (default): every measurement is a fresh process (one case, one side: warm-up for
// 2 MS, at least 500 ms, then five windows of MS/5, of which it reports the least wall time and
// the least CPU time of the process per operation), A and B alternating (which goes first
// alternates by round), ROUNDS rounds. Per case it prints the medians over rounds, the least CPU
// time, and the median of the paired B/A ratios of CPU time (round r's B over round r's A). On
// a shared machine these move by 10-20% from one run to the next: the callgrind counts decide,
// the wall clock checks that nothing they cannot see (cache misses, GC pauses) went wrong.
//
// --in-process: both sides in one process instead (each with its own instances of the bench's
// workload modules and its own timing loop, so they share no type feedback), one case after
// the other, alternating windows of MS for ROUNDS rounds after a warm-up; the same columns.
// Pairs closer in time than separate processes: identical builds measured 0.98-1.01 this way.
// Not for the cases of well under a microsecond (news/open, news/sparse): after the larger
// cases ran in the same process, their pairs swung 0.93-1.39 on changes that callgrind counted
// within 1% and separate processes measured 0.95-1.03 (2026-11-27); take those from the
// default mode.
//
// --callgrind: instructions per operation, counted by valgrind's callgrind (needs valgrind).
// Each side and case runs once under `node --single-threaded --predictable-gc-schedule` (no
// background JIT or GC threads, a heap that grows on a fixed schedule: the same run counts the
// same to a few instructions per operation): it warms up uninstrumented, then instrumentation
// is switched on (callgrind_control) for N operations alone, so startup, warm-up and the
// compilation done by then are not counted. WARM and N are per case (CASES below); --scale
// multiplies N. V8 traces its optimizations, and the harness says when it compiled or
// deoptimized anything inside a window (that case's warm-up was too short). Up to --jobs
// valgrind processes run at once (counts do not depend on the load); a commit's counts are
// kept in its folder under bench/.out/roundtrip-ab/ (keyed by the harness's own code as well), so
// only the working tree is counted again.
// Slow: 20-90 s per count. AB_PROFILE=DIR keeps, per count, callgrind's output by instruction
// and V8's perf map (node --perf-basic-prof), and counts again: bench/lib/callgrind-functions.mjs
// then says which functions, JavaScript included, the instructions went to on each side.
//
// --alloc: also heap bytes per operation of the read cases, as the allocation workload counts
// them (bench/workloads/allocation.mjs, bytesPerOp: a process with gc() and a 64 MB young
// generation, the median of 7 batches of 20 000).
//
// Both sides must compute the same results; round trips check their responses as they run.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { median } from './lib/stats.mjs';

const BENCH = import.meta.dirname;

/**
 * What the counts kept per commit were made by: this script and the workload code it runs. A
 * change to any of them counts both sides again rather than compare a new count with an old one.
 */
const HARNESS = createHash('sha1')
  .update(['roundtrip-ab.mjs', 'workloads/upstream.mjs', 'workloads/news.mjs', 'workloads/micro.mjs', 'lib/news.mjs', 'lib/random.mjs']
    .map((file) => readFileSync(join(BENCH, file), 'utf8')).join('\0'))
  .digest('hex').slice(0, 12);
const ROOT = join(BENCH, '..');
const OUT = join(BENCH, '.out/roundtrip-ab');
const SCHEMAS = ['carsales', 'catrank', 'eval', 'news', 'micro'];

/**
 * The cases, with what the callgrind count runs for each: `warm` operations uninstrumented (by
 * then V8 has optimized even the functions called once per operation: the open, the arena),
 * then `n` counted (a window of some 10^8 instructions). `alloc`: --alloc measures it. Round
 * trips and news are per operation as their workloads time them; micro reads open the message
 * and read every field.
 */
const CASES = {
  'carsales/object': { warm: 6000, n: 200 },
  'carsales/bytes': { warm: 6000, n: 200 },
  'catrank/object': { warm: 3000, n: 40 },
  'catrank/bytes': { warm: 3000, n: 40 },
  'eval/object': { warm: 30000, n: 4000 },
  'eval/bytes': { warm: 30000, n: 4000 },
  'news/open': { warm: 300000, n: 100000, alloc: true },
  'news/sparse': { warm: 300000, n: 100000, alloc: true },
  'news/read-all': { warm: 6000, n: 500 },
  'news/build': { warm: 4000, n: 300 },
  'micro/two-int32/read': { warm: 300000, n: 100000, alloc: true },
  'micro/int32-text/read': { warm: 300000, n: 100000, alloc: true },
  'micro/nested3/read': { warm: 300000, n: 100000, alloc: true },
  'micro/list-int32-100/read': { warm: 300000, n: 50000, alloc: true },
  'micro/two-int32/build': { warm: 300000, n: 50000 },
  'micro/int32-text/build': { warm: 300000, n: 50000 },
  'micro/nested3/build': { warm: 300000, n: 50000 },
  'micro/list-int32-100/build': { warm: 300000, n: 50000 },
};

/** Node's flags under callgrind: no background threads, a heap that grows on a fixed schedule. */
const CALLGRIND_NODE_FLAGS = ['--single-threaded', '--predictable-gc-schedule', '--hash-seed=1', '--random-seed=1', '--trace-opt', '--trace-deopt'];

const { values } = parseArgs({
  options: {
    ref: { type: 'string', default: 'main' },
    with: { type: 'string' },
    jobs: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '7' },
    ms: { type: 'string', default: '300' },
    only: { type: 'string', default: '' },
    callgrind: { type: 'boolean', default: false },
    scale: { type: 'string', default: '1' },
    alloc: { type: 'boolean', default: false },
    'in-process': { type: 'boolean', default: false },
    child: { type: 'string' },
  },
});

// ---- the parent: build both sides, run the children, report -------------------------------

async function parent() {
  const chosen = Object.keys(CASES).filter((name) => values.only === '' || values.only.split(',').some((p) => name.startsWith(p)));
  if (chosen.length === 0) throw new Error(`no case matches --only ${values.only}: ${Object.keys(CASES).join(', ')}`);
  const sha = (ref) => execFileSync('git', ['rev-parse', ref], { cwd: ROOT, encoding: 'utf8' }).trim();
  const a = sha(values.ref);
  const b = values.with === undefined ? null : sha(values.with);
  const sides = { A: await prepareRef(a), B: b === null ? await prepareTree() : await prepareRef(b) };
  const label = { A: `${values.ref} (${a.slice(0, 10)})`, B: b === null ? 'the working tree' : `${values.with} (${b.slice(0, 10)})` };
  console.log(`A = ${label.A}, B = ${label.B}; node ${process.version}`);
  if (values.callgrind) await callgrind(chosen, sides);
  else if (values['in-process']) inProcessClock(chosen, sides);
  else wallClock(chosen, sides);
  if (values.alloc) allocation(chosen, sides);
}

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${result.stdout}${result.stderr}`);
  return result;
}

/** The commit, extracted and built once (a stamp file says the build finished). */
async function prepareRef(sha) {
  const dir = join(OUT, sha.slice(0, 12));
  const tree = join(dir, 'tree');
  if (!existsSync(join(dir, 'built'))) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(tree, { recursive: true });
    console.log(`extracting and building ${sha.slice(0, 10)} in ${tree}`);
    execFileSync('sh', ['-c', `git archive ${sha} | tar -x -C '${tree}'`], { cwd: ROOT });
    execFileSync('ln', ['-s', realpathSync(join(ROOT, 'node_modules')), join(tree, 'node_modules')]);
    run('npm', ['run', 'build'], tree);
    writeFileSync(join(dir, 'built'), sha);
  }
  return { root: tree, gen: await generate(tree, join(dir, 'gen')), counts: join(dir, 'callgrind.json') };
}

async function prepareTree() {
  console.log('building the working tree');
  run('npm', ['run', 'build'], ROOT);
  return { root: ROOT, gen: await generate(ROOT, join(OUT, 'working-tree-gen')), counts: null };
}

/**
 * Generated code for the bench schemas by `root`'s own compiler and generator, its package
 * imports pointing at `root`'s Node entry points (dist/bundle/).
 */
async function generate(root, dir) {
  mkdirSync(dir, { recursive: true });
  const load = (path) => import(pathToFileURL(join(root, path)).href);
  const { compile, formatDiagnostic } = await load('dist/compiler/index.js');
  const { createNodeLoader } = await load('dist/compiler/files/node-loader.js');
  const { generateTypeScript } = await load('dist/codegen/index.js');
  const esbuild = await import('esbuild');
  const { request, diagnostics } = compile({ files: SCHEMAS.map((s) => `${s}.capnp`), cwd: join(BENCH, 'schemas'), loader: createNodeLoader() });
  if (request === null) throw new Error(diagnostics.map(formatDiagnostic).join('\n'));
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const entry = (spec) => pathToFileURL(join(root, entryFile(pkg, spec === 'capstan' ? '.' : `./${spec.slice('capstan/'.length)}`))).href;
  for (const file of generateTypeScript(request)) {
    const js = (await esbuild.transform(file.content, { loader: 'ts', format: 'esm', target: 'es2022' })).code;
    writeFileSync(join(dir, file.filename.replace(/\.ts$/, '.js')), js.replaceAll(/from ["'](capstan(?:\/[\w/-]+)?)["']/g, (_, spec) => `from ${JSON.stringify(entry(spec))}`));
  }
  return dir;
}

/** The file Node loads for an export of the package (commits before dist/bundle/ had no `node`). */
function entryFile(pkg, key) {
  const target = pkg.exports[key];
  return typeof target === 'string' ? target : target.node ?? target.import ?? target.default;
}

function spawnChild(nodeArgs, { root, gen }, job) {
  const args = [...nodeArgs, join(BENCH, 'roundtrip-ab.mjs'), '--child', JSON.stringify({ root, gen, ...job })];
  const result = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 64 << 20 });
  if (result.status !== 0) throw new Error(`the ${job.case} child failed:\n${result.stderr.slice(-3000)}`);
  return result;
}

const f = (ns) => (ns >= 1e4 ? `${(ns / 1e3).toFixed(2)} µs` : `${ns.toFixed(1)} ns`).padStart(10);

function wallClock(chosen, sides) {
  const rounds = Number(values.rounds);
  const ms = Number(values.ms);
  const results = Object.fromEntries(chosen.map((c) => [c, { A: [], B: [] }]));
  for (let round = 0; round < rounds; round++) {
    for (const name of chosen) {
      for (const side of round & 1 ? ['B', 'A'] : ['A', 'B']) {
        const out = spawnChild([], sides[side], { case: name, mode: 'time', ms });
        results[name][side].push(JSON.parse(out.stdout));
      }
    }
    process.stderr.write(`round ${round + 1}/${rounds} done\n`);
  }
  console.log(`${rounds} rounds, one process per side, case and round (warm-up, then ${ms} ms); per operation:`);
  printClock(chosen, results);
}

function printClock(chosen, results) {
  console.log(`${'case'.padEnd(26)} ${'wall A'.padStart(10)} ${'wall B'.padStart(10)} | ${'cpu A'.padStart(10)} ${'cpu B'.padStart(10)} | ${'min cpu A'.padStart(10)} ${'min cpu B'.padStart(10)} | B/A cpu paired`);
  for (const name of chosen) {
    const { A, B } = results[name];
    const cpu = (xs) => xs.map((x) => x.cpu);
    const ratio = median(A.map((a, i) => B[i].cpu / a.cpu));
    console.log(`${name.padEnd(26)} ${f(median(A.map((x) => x.wall)))} ${f(median(B.map((x) => x.wall)))} | ${f(median(cpu(A)))} ${f(median(cpu(B)))} | ${f(Math.min(...cpu(A)))} ${f(Math.min(...cpu(B)))} | ${ratio.toFixed(3)}`);
  }
}

async function callgrind(chosen, sides) {
  execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
  const scale = Number(values.scale);
  // A commit's counts are kept (its counts file), by case and operation counts.
  const cached = Object.fromEntries(['A', 'B'].map((side) => {
    const file = sides[side].counts;
    return [side, file !== null && existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {}];
  }));
  const compiled = [];
  // One count: the child warms up uninstrumented, says so and waits; instrumentation is switched
  // on (callgrind_control), the child runs its N operations, says so and waits; instrumentation
  // is switched off, and the child exits. What is collected is the window alone.
  const count = async (side, name, n) => {
    const key = `window ${HARNESS} ${name} ${CASES[name].warm} ${n}`;
    if (cached[side][key] !== undefined && !process.env.AB_PROFILE) return cached[side][key];
    const { root, gen } = sides[side];
    const profile = process.env.AB_PROFILE; // diagnosis: keep callgrind's output and V8's perf map
    if (profile) mkdirSync(profile, { recursive: true });
    const outFile = profile ? join(profile, `${side}-${name.replaceAll('/', '_')}.out`) : '/dev/null';
    const args = ['--tool=callgrind', '--instr-atstart=no', `--callgrind-out-file=${outFile}`, ...(profile ? ['--dump-instr=yes'] : []), process.execPath,
      ...CALLGRIND_NODE_FLAGS, ...(profile ? ['--perf-basic-prof'] : []),
      join(BENCH, 'roundtrip-ab.mjs'), '--child', JSON.stringify({ root, gen, case: name, mode: 'count', warm: CASES[name].warm, n })];
    const { code, stderr } = await new Promise((resolve) => {
      // (--perf-basic-prof also writes an isolate log into the working directory.)
      const proc = spawn('valgrind', args, { stdio: ['pipe', 'pipe', 'pipe'], cwd: profile ?? process.cwd() });
      let err = '';
      let out = '';
      proc.stderr.on('data', (chunk) => (err += chunk));
      let inWindow = false;
      proc.stdout.on('data', (chunk) => {
        out += chunk;
        let end;
        while ((end = out.indexOf('\n')) >= 0) {
          const line = out.slice(0, end);
          out = out.slice(end + 1);
          if (line === 'ready' || line === 'done') {
            inWindow = line === 'ready';
            execFileSync('callgrind_control', ['-i', inWindow ? 'on' : 'off', String(proc.pid)], { stdio: 'ignore' });
            proc.stdin.write('go\n');
          } else if (inWindow && /^\[(completed compiling|bailout)/.test(line)) {
            // V8 compiled or deoptimized inside the window: the count includes that work.
            compiled.push(`${side} ${name}: ${line.replace(/ \(sfi = [^)]*\)|0x[0-9a-f]+ /g, '').slice(0, 120)}`);
          }
        }
      });
      proc.on('close', (code) => {
        if (profile) execFileSync('mv', [`/tmp/perf-${proc.pid}.map`, outFile.replace(/\.out$/, '.map')]);
        resolve({ code, stderr: err });
      });
    });
    const match = /Collected : (\d+)/.exec(stderr);
    if (code !== 0 || match === null) throw new Error(`no instruction count for ${name}:\n${stderr.slice(-2000)}`);
    cached[side][key] = Number(match[1]);
    if (sides[side].counts !== null) writeFileSync(sides[side].counts, JSON.stringify(cached[side], null, 1));
    return Number(match[1]);
  };
  // Up to --jobs valgrind processes at once (instruction counts do not depend on the load).
  const jobs = [];
  for (const name of chosen) {
    const n = Math.max(1, Math.round(CASES[name].n * scale));
    for (const side of ['A', 'B']) jobs.push({ name, n, side });
  }
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      job.count = await count(job.side, job.name, job.n);
    }
  };
  await Promise.all(Array.from({ length: Number(values.jobs) }, worker));
  console.log(`instructions per operation (callgrind, node ${CALLGRIND_NODE_FLAGS.join(' ')}; N operations after the warm-up, counted alone)`);
  console.log(`${'case'.padEnd(26)} ${'N'.padStart(7)} ${'A'.padStart(12)} ${'B'.padStart(12)} | B/A`);
  for (const name of chosen) {
    const [a, b] = ['A', 'B'].map((side) => jobs.find((j) => j.name === name && j.side === side));
    console.log(`${name.padEnd(26)} ${String(a.n).padStart(7)} ${(a.count / a.n).toFixed(0).padStart(12)} ${(b.count / b.n).toFixed(0).padStart(12)} | ${(b.count / a.count).toFixed(4)}`);
  }
  if (compiled.length) console.log(`V8 compiled or deoptimized inside a window (raise that case's warm-up):\n  ${compiled.join('\n  ')}`);
}

function inProcessClock(chosen, sides) {
  const rounds = Number(values.rounds);
  const ms = Number(values.ms);
  const job = { mode: 'in-process', sides: [sides.A, sides.B].map(({ root, gen }) => ({ root, gen })), cases: chosen, rounds, ms };
  const out = spawnSync(process.execPath, [join(BENCH, 'roundtrip-ab.mjs'), '--child', JSON.stringify(job)], { encoding: 'utf8', maxBuffer: 64 << 20 });
  if (out.status !== 0) throw new Error(`the in-process child failed:\n${out.stderr.slice(-3000)}`);
  const results = JSON.parse(out.stdout);
  console.log(`in one process, ${rounds} alternating windows of ${ms} ms per side and case (after warm-up); per operation:`);
  printClock(chosen, results);
}

function allocation(chosen, sides) {
  const flags = ['--expose-gc', '--min-semi-space-size=64', '--max-semi-space-size=64'];
  console.log('heap bytes per operation (median of 7 batches of 20 000, as the allocation workload):');
  for (const name of chosen.filter((c) => CASES[c].alloc)) {
    const bytes = {};
    for (const side of ['A', 'B']) bytes[side] = JSON.parse(spawnChild(flags, sides[side], { case: name, mode: 'alloc' }).stdout).bytes;
    console.log(`${name.padEnd(26)} A ${String(Math.round(bytes.A)).padStart(7)}  B ${String(Math.round(bytes.B)).padStart(7)}`);
  }
}

// ---- a child: one case of one side ------------------------------------------------------------

/**
 * The operation of case `name`, with `gen` the side's generated code and `root` its package.
 * `instance` (a query string) loads the bench's workload modules as instances of their own, so
 * that two sides in one process share no function, and so no type feedback.
 */
async function operation(name, root, gen, instance = '') {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const { MessageBuilder } = await import(pathToFileURL(join(root, entryFile(pkg, '.'))).href);
  const [workload, ...rest] = name.split('/');
  const genFile = (schema) => import(pathToFileURL(join(gen, `${schema}.capnp.js`)).href);
  if (workload === 'carsales' || workload === 'catrank' || workload === 'eval') {
    const { makeRoundTrip, upstreamSpecs } = await import(`./workloads/upstream.mjs${instance}`);
    const { Random } = await import('./lib/random.mjs');
    const roundTrip = makeRoundTrip(rest[0], (await upstreamSpecs(gen))[workload], MessageBuilder);
    const random = new Random();
    return () => {
      roundTrip(random);
      return 1;
    };
  }
  if (workload === 'news') {
    const { News } = await genFile('news');
    const { walkCapstan } = await import(`./workloads/news.mjs${instance}`);
    const { newsDocument } = await import('./lib/news.mjs');
    const doc = newsDocument();
    // As the news workload has it: JSON.stringify ran over the document first, which flattens
    // its strings (the generator's are ropes, which every later walk over them, the build's
    // included, would otherwise take apart again).
    JSON.stringify(doc);
    const bytes = News.encode(doc);
    // Open only: the root reader is kept (in `opened`), so all that opening makes is counted.
    let opened = null;
    if (rest[0] === 'open') return () => ((opened = News.read(bytes)) === null ? 0 : 1);
    if (rest[0] === 'sparse') return () => News.read(bytes).date.length;
    if (rest[0] === 'read-all') return () => walkCapstan(News.read(bytes));
    const builder = new MessageBuilder();
    return () => News.encode(doc, { builder, copy: false }).length;
  }
  const { capstanMicro } = await import(`./workloads/micro.mjs${instance}`);
  const shape = capstanMicro(await genFile('micro'), MessageBuilder)[rest[0]];
  if (rest[1] === 'build') return () => shape.build().length;
  const bytes = shape.build();
  return () => shape.read(bytes);
}

/**
 * A timing loop of its own (a function compiled from source, so that each operation's loop has
 * its own type feedback): returns wall and CPU nanoseconds per operation over about `ms`.
 */
function timer(op) {
  return new Function('op', 'ms', `
    let sink = 0;
    let batch = 1;
    for (let start = performance.now(); performance.now() - start < 1; batch *= 2) for (let i = 0; i < batch; i++) sink += op();
    return (window) => {
      const start = performance.now();
      const cpuStart = process.cpuUsage();
      let ops = 0;
      let now;
      do {
        for (let i = 0; i < batch; i++) sink = (sink + op()) | 0;
        ops += batch;
        now = performance.now();
      } while (now - start < window);
      const cpu = process.cpuUsage(cpuStart);
      if (sink === 0.5) throw new Error('unreachable');
      return { wall: ((now - start) * 1e6) / ops, cpu: ((cpu.user + cpu.system) * 1e3) / ops };
    };`)(op);
}

/** Both sides in one process, alternating short windows (--in-process). */
async function inProcess({ sides, cases, rounds, ms }) {
  const results = {};
  for (const name of cases) {
    const time = [];
    for (const [i, side] of sides.entries()) time.push(timer(await operation(name, side.root, side.gen, `?side=${i}`)));
    for (const t of time) t(Math.max(20 * ms, 500));
    const A = [];
    const B = [];
    for (let r = 0; r < rounds; r++) {
      if (r & 1) B.push(time[1](ms)), A.push(time[0](ms));
      else A.push(time[0](ms)), B.push(time[1](ms));
    }
    results[name] = { A, B };
  }
  process.stdout.write(JSON.stringify(results));
}

async function child(job) {
  if (job.mode === 'in-process') return inProcess(job);
  const { root, gen, case: name, mode, ms, warm, n } = job;
  const op = await operation(name, root, gen);
  let sink = 0;
  if (mode === 'count') {
    // Gated by the parent (see callgrind): warm up, wait, measure, wait.
    const wait = (what) => {
      process.stdout.write(`${what}\n`);
      readSync(0, Buffer.alloc(3));
    };
    // One loop function for warm-up and window, called often enough to be optimized by then
    // (a loop run once would be compiled on the stack in the window).
    const run = (times) => {
      let sum = 0;
      for (let i = 0; i < times; i++) sum = (sum + op()) | 0;
      return sum;
    };
    for (let done = 0; done < warm; done += 10) sink += run(Math.min(10, warm - done));
    wait('ready');
    sink += run(n);
    wait('done');
  } else if (mode === 'alloc') {
    const { bytesPerOp } = await import('./workloads/allocation.mjs');
    process.stdout.write(JSON.stringify({ bytes: bytesPerOp(op) }));
  } else {
    // Batches of about a millisecond; warm up for twice the measurement (at least 500 ms: the
    // round trips take that long to be fully optimized).
    let batch = 1;
    for (let start = performance.now(); performance.now() - start < 1; batch *= 2) for (let i = 0; i < batch; i++) sink += op();
    const time = (window) => {
      const start = performance.now();
      const cpuStart = process.cpuUsage();
      let ops = 0;
      let now;
      do {
        for (let i = 0; i < batch; i++) sink += op();
        ops += batch;
        now = performance.now();
      } while (now - start < window);
      const cpu = process.cpuUsage(cpuStart);
      return { wall: ((now - start) * 1e6) / ops, cpu: ((cpu.user + cpu.system) * 1e3) / ops };
    };
    time(Math.max(2 * ms, 500));
    // The least of five windows: what the machine's other work added to a window is left out.
    const windows = Array.from({ length: 5 }, () => time(ms / 5));
    process.stdout.write(JSON.stringify({ wall: Math.min(...windows.map((w) => w.wall)), cpu: Math.min(...windows.map((w) => w.cpu)) }));
  }
  if (Number.isNaN(sink)) throw new Error('unreachable: keeps the results alive');
}

// Last, so that every declaration above is initialized.
if (values.child !== undefined) {
  await child(JSON.parse(values.child));
} else {
  await parent();
}
