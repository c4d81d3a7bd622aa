#!/usr/bin/env node
// Long fuzz runs of the RPC engine (the same fuzzer as test/rpc/fuzz.test.ts), on the build:
//
//   npm run build && node scripts/fuzz-rpc.mjs --seed 7 --iterations 100000
//   npm run fuzz -- rpc --seed 7 --iterations 100000      (the same, through scripts/fuzz.mjs)
//   node scripts/fuzz-rpc.mjs --seed 7 --seconds 600
//   node scripts/fuzz-rpc.mjs --role client --seed 7 --seconds 600
//
// Generates the test fixture's code (test/fixtures/rpc/rpc-test.capnp) with the built compiler
// and code generator into a temporary folder, compiles it with tsc, records a session, then
// replays mutated sessions: with --role server (the default) the client's frames into a server
// connection, with --role client the server's frames into a client connection running the
// session's script. Prints progress; on a failure writes the case to
// fuzz-rpc-failure-<role>-<seed>-<i>.json (rerun it with --replay FILE) and exits with status 1.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createHost, decodeFrames, encodeFrames, FuzzFailure, kindOf, recordSessions, reduceFrames, replayAs, runRpcFuzz } from './fuzz-rpc-core.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
if (args[0] === 'rpc') args.shift(); // when started as `scripts/fuzz.mjs rpc ...`
const { values } = parseArgs({
  args,
  options: {
    seed: { type: 'string', default: String(Date.now() % 2 ** 31) },
    iterations: { type: 'string', default: '100000' },
    seconds: { type: 'string' },
    role: { type: 'string', default: 'server' },
    replay: { type: 'string' },
    reduce: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  console.log('usage: node scripts/fuzz-rpc.mjs [--role server|client] [--seed N] [--iterations N] [--seconds S] [--replay FILE [--reduce]]');
  process.exit(0);
}
if (values.role !== 'server' && values.role !== 'client') {
  console.error(`fuzz-rpc: --role is server or client, not ${values.role}`);
  process.exit(2);
}

const dist = (path) => pathToFileURL(join(root, 'dist', path)).href;
if (!existsSync(join(root, 'dist/rpc/index.js'))) {
  console.error('fuzz-rpc: dist/rpc/index.js is missing; run `npm run build` first');
  process.exit(2);
}
const wire = await import(dist('wire/index.js'));
const rpc = await import(dist('rpc/index.js'));
const schema = await import(dist('generated/std/rpc.capnp.js'));

/** The fixture's generated code, compiled against dist/ in a temporary folder. */
async function loadFixture() {
  const { compile } = await import(dist('compiler/index.js'));
  const { createNodeLoader } = await import(dist('compiler/files/node-loader.js'));
  const { generateTypeScript } = await import(dist('codegen/index.js'));
  const { request, diagnostics } = compile({
    files: ['rpc-test.capnp'],
    cwd: join(root, 'test/fixtures/rpc'),
    loader: createNodeLoader(),
    importPaths: [join(root, 'std')],
    standardImports: false,
  });
  if (request === null) throw new Error(diagnostics.map((d) => d.message).join('\n'));
  const work = mkdtempSync(join(tmpdir(), 'capstan-fuzz-rpc-'));
  try {
    const src = join(work, 'src');
    for (const file of generateTypeScript(request, { runtimeImport: dist('runtime/private.js'), rpcImport: dist('rpc/index.js'), stdImportPrefix: `${dist('generated/std')}/` })) {
      mkdirSync(dirname(join(src, file.filename)), { recursive: true });
      writeFileSync(join(src, file.filename), file.content);
    }
    writeFileSync(join(work, 'package.json'), JSON.stringify({ type: 'module' }));
    writeFileSync(join(work, 'tsconfig.json'), JSON.stringify({
      compilerOptions: {
        target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2022', 'DOM'], types: [], strict: true,
        skipLibCheck: true, rootDir: 'src', outDir: 'out', paths: {
          [dist('runtime/private.js')]: [join(root, 'dist/runtime/private.d.ts')],
          [dist('rpc/index.js')]: [join(root, 'dist/rpc/index.d.ts')],
          [dist('generated/std/stream.capnp.js')]: [join(root, 'dist/generated/std/stream.capnp.d.ts')],
        },
      },
      include: ['src/**/*.ts'],
    }));
    const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(work, 'tsconfig.json')], { encoding: 'utf8' });
    if (tsc.status !== 0) throw new Error(`compiling the generated fixture failed:\n${tsc.stdout}${tsc.stderr}`);
    return await import(pathToFileURL(join(work, 'out/rpc-test.capnp.js')).href);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const m = { wire, rpc, schema, fixture: await loadFixture() };
// The session is the same every time (and so are the schedules the replays follow).
const recorded = await recordSessions(m);

if (values.replay !== undefined) {
  const saved = JSON.parse(readFileSync(values.replay, 'utf8'));
  const role = saved.role ?? 'server';
  if (values.reduce) {
    // Drops frames while the case still fails the same way, and prints what is left.
    const { frames, message } = await reduceFrames(m, decodeFrames(saved.frames), saved.options, role, recorded);
    if (message === null) {
      console.log('fuzz-rpc: the case does not fail (any more)');
      process.exit(0);
    }
    const file = values.replay.replace(/(\.json)?$/, '.reduced.json');
    writeFileSync(file, JSON.stringify({ ...saved, message, frames: encodeFrames(frames) }, null, 1));
    console.log(`fuzz-rpc: reduced to ${frames.length} frames (${frames.map((f) => kindOf(m, f)).join(', ')}), written to ${file}: ${message}`);
    process.exit(1);
  }
  const host = createHost(m);
  try {
    console.log(await replayAs(role, m, host, decodeFrames(saved.frames), saved.options, recorded));
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
  console.error('fuzz-rpc: --seed and --iterations must be positive integers');
  process.exit(2);
}

const role = values.role;
console.log(`fuzz-rpc: recorded a session (${recorded.toServer.length} frames to the server, ${recorded.toClient.length} to the client); fuzzing the ${role}, seed ${seed}`);
const started = Date.now();
const total = { cases: 0, aborted: 0, peerAborts: 0, survived: 0, framesFed: 0, codes: {}, reasons: {}, slowestMillis: 0 };
// Runs in chunks of fresh seeds derived from the base seed, so --seconds can stop between them
// (and a failure names the chunk's seed, which reproduces it with --iterations up to the case).
const CHUNK = 5_000;
try {
  for (let chunk = 0; total.cases < iterations && Date.now() < deadline; chunk++) {
    const count = Math.min(CHUNK, iterations - total.cases);
    const stats = await runRpcFuzz(m, { seed: (seed + chunk * 0x9e3779b9) >>> 0, iterations: count, recorded, role, maxCaseMillis: 10_000 });
    for (const key of ['cases', 'aborted', 'peerAborts', 'survived', 'framesFed']) total[key] += stats[key];
    for (const [code, n] of Object.entries(stats.codes)) total.codes[code] = (total.codes[code] ?? 0) + n;
    for (const [reason, n] of Object.entries(stats.reasons)) total.reasons[reason] = (total.reasons[reason] ?? 0) + n;
    total.slowestMillis = Math.max(total.slowestMillis, stats.slowestMillis);
    const rate = total.cases / ((Date.now() - started) / 1000);
    const rss = (process.memoryUsage().rss / 2 ** 20).toFixed(0);
    console.log(`${total.cases} cases: ${total.aborted} aborted by the ${role}, ${total.peerAborts} by the peer, ${total.survived} closed cleanly; ${total.framesFed} frames; ${rate.toFixed(0)}/s, slowest ${total.slowestMillis.toFixed(1)} ms, rss ${rss} MiB`);
  }
} catch (e) {
  if (e instanceof FuzzFailure) {
    const file = `fuzz-rpc-failure-${role}-${e.seed}-${e.iteration}.json`;
    writeFileSync(file, JSON.stringify({ role, seed: e.seed, iteration: e.iteration, message: e.message, applied: e.applied, options: e.options, frames: encodeFrames(e.frames ?? []) }, null, 1));
    console.error(`fuzz-rpc: FAILED at seed ${e.seed}, iteration ${e.iteration}: ${e.message}`);
    if (e.cause !== undefined) console.error(e.cause);
    console.error(`case written to ${file}; replay with: node scripts/fuzz-rpc.mjs --replay ${file}`);
    process.exit(1);
  }
  throw e;
}
console.log('most common reasons a connection ended:');
for (const [reason, n] of Object.entries(total.reasons).sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`  ${String(n).padStart(8)}  ${reason}`);
const codes = Object.entries(total.codes).map(([code, n]) => `${code} ${n}`).join(', ');
console.log(`fuzz-rpc: OK, ${role}, seed ${seed}, ${total.cases} cases in ${((Date.now() - started) / 1000).toFixed(1)} s (connections ended with: ${codes})`);
