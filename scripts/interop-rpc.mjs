#!/usr/bin/env node
/**
 * RPC interop runner (see interop/README.md).
 *
 *   node scripts/interop-rpc.mjs <vectors> [--peers cpp,python,rust,go] [--build] [--no-build]
 *
 * Builds every peer with its `build` script (Capstan's own peer included; a build failure is a
 * FAIL), then for each peer: starts the peer's server and runs Capstan's client against it,
 * then starts Capstan's server and runs the peer's client against it; last, Capstan's client
 * against Capstan's server. Prints every client line prefixed with its pairing, a summary per
 * pairing, and last `N passed, M failed` (scenarios over all pairings). Exits non-zero on any
 * failure. `--build` only builds; `--no-build` skips the builds (the peers must be built
 * already).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const peersDir = join(root, 'interop', 'peers');
const SCENARIOS = [
  'bootstrap', 'all-types', 'extends', 'callback', 'pipelining', 'hold', 'embargo', 'tail-call',
  'cancel', 'exception', 'streaming', 'null-cap', 'defaults', 'handles', 'release',
];
/**
 * Scenarios beyond the common ones (interop/README.md), run before `release` by the clients
 * listed: e-order, the random sequences, by every client.
 */
const EXTRA_SCENARIOS = [{ name: 'e-order', clients: ['capstan', 'cpp', 'python', 'rust', 'go'] }];
/**
 * The environment of `client`'s client against `server`'s server. Capstan's e-order hands the
 * server promises, its own among them, and references to its own objects, except against
 * go-capnp v3.0.0-alpha.30 (no promises: its server then loses calls, keeps objects and once
 * delivered calls out of order, with sequences that the C++, pycapnp, Rust and Capstan servers
 * all pass) and capnp-rpc 0.27.3 (no promises of the client's own). The Go client's e-order
 * pipelines no call: go-capnp v3.0.0-alpha.30 sends calls made through a pipelined reference to
 * the question after it has finished it (go-capnp issue 626), which every server refuses. See
 * interop/README.md.
 */
const clientEnv = (server, client) => {
  if (client === 'go') return { ...process.env, CAPSTAN_E_ORDER_PIPELINED: '0' };
  if (client !== 'capstan') return process.env;
  if (server === 'go') return { ...process.env, CAPSTAN_E_ORDER_PROMISES: '0' };
  // capnp-rpc's server does not keep an answer where it returned it (the Tribble rule): a
  // promise of the client's own that it returned and that then resolved makes it abort.
  if (server === 'rust') return { ...process.env, CAPSTAN_E_ORDER_OWN_PROMISES: '0' };
  return process.env;
};
/** The scenarios `client`'s client must report. */
const scenariosOf = (client) => [...SCENARIOS, ...EXTRA_SCENARIOS.filter((s) => s.clients.includes(client)).map((s) => s.name)];
const BUILD_TIMEOUT_MS = 30 * 60 * 1000;
const LISTEN_TIMEOUT_MS = 60 * 1000;
const CLIENT_TIMEOUT_MS = 120 * 1000;

function usage(message) {
  if (message) console.error(`interop-rpc: ${message}`);
  console.error('usage: node scripts/interop-rpc.mjs <vectors> [--peers cpp,python,rust,go] [--build] [--no-build]');
  process.exit(2);
}

let vectors = null;
let peers = ['cpp', 'python', 'rust', 'go'];
let buildOnly = false;
let skipBuild = false;
const args = process.argv.slice(2);
for (let k = 0; k < args.length; k++) {
  const a = args[k];
  if (a === '--peers') peers = (args[++k] ?? usage('--peers needs a list')).split(',').filter(Boolean);
  else if (a.startsWith('--peers=')) peers = a.slice(8).split(',').filter(Boolean);
  else if (a === '--build') buildOnly = true;
  else if (a === '--no-build') skipBuild = true;
  else if (a.startsWith('--')) usage(`unknown option ${a}`);
  else if (vectors === null) vectors = resolve(a);
  else usage(`unexpected argument ${a}`);
}
if (vectors === null) usage('the vectors folder is missing');
for (const p of peers) {
  if (p === 'capstan' || !existsSync(join(peersDir, p, 'run'))) usage(`no such peer: ${p}`);
}

// ---- child processes --------------------------------------------------------------------

/** Every process group we started and have not reaped yet. */
const running = new Set();

function start(cmd, argv, options = {}) {
  const child = spawn(cmd, argv, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], detached: true, ...options });
  running.add(child);
  child.on('exit', () => running.delete(child));
  return child;
}

function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/** SIGTERM the process group, SIGKILL it if it is still there after 3 s. */
function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) {
    killGroup(child, 'SIGKILL'); // leftovers of the group, if any
    return Promise.resolve();
  }
  return new Promise((resolveStop) => {
    const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 3000);
    child.once('exit', () => {
      clearTimeout(timer);
      killGroup(child, 'SIGKILL');
      resolveStop();
    });
    killGroup(child, 'SIGTERM');
  });
}

function killAll() {
  for (const child of running) killGroup(child, 'SIGKILL');
}
process.on('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    killAll();
    process.exit(130);
  });
}

/** Splits a stream into lines, calling `onLine` for each. */
function lines(stream, onLine) {
  let buffer = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    buffer += chunk;
    let at;
    while ((at = buffer.indexOf('\n')) >= 0) {
      onLine(buffer.slice(0, at).replace(/\r$/, ''));
      buffer = buffer.slice(at + 1);
    }
  });
  stream.on('end', () => {
    if (buffer) onLine(buffer);
    buffer = '';
  });
}

/** Runs a command to completion with a timeout; resolves { code, output, timedOut }. */
function runToEnd(cmd, argv, timeoutMs) {
  return new Promise((resolveRun) => {
    const child = start(cmd, argv);
    const output = [];
    lines(child.stdout, (l) => output.push(l));
    lines(child.stderr, (l) => output.push(l));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      void stop(child);
    }, timeoutMs);
    child.on('error', (error) => output.push(String(error)));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolveRun({ code: code ?? (signal ? 128 : 1), output, timedOut });
    });
  });
}

/** Starts `peer`'s server; resolves { child, address, stderr } once it printed its address. */
function startServer(peer) {
  return new Promise((resolveStart, rejectStart) => {
    const child = start(join(peersDir, peer, 'run'), [vectors, 'server', '127.0.0.1:0']);
    const stderr = [];
    const stdout = [];
    let done = false;
    const fail = (why) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      void stop(child);
      rejectStart(new Error(`${why}${stderr.length ? `; its stderr: ${stderr.slice(-10).join(' | ')}` : ''}`));
    };
    const timer = setTimeout(() => fail(`the ${peer} server did not print "listening" within ${LISTEN_TIMEOUT_MS / 1000} s`), LISTEN_TIMEOUT_MS);
    lines(child.stderr, (l) => {
      stderr.push(l);
      if (stderr.length > 200) stderr.shift();
    });
    lines(child.stdout, (l) => {
      const m = /^listening (127\.0\.0\.1:\d+)\s*$/.exec(l);
      if (m && !done) {
        done = true;
        clearTimeout(timer);
        resolveStart({ child, address: m[1], stderr, stdout });
      } else {
        stdout.push(l);
      }
    });
    child.on('error', (error) => fail(`cannot start the ${peer} server: ${error.message}`));
    child.on('exit', (code, signal) => fail(`the ${peer} server exited (${signal ?? code}) before listening`));
  });
}

/** Runs `client`'s client against `server`'s server; returns { passed, failed }. */
async function pairing(server, client) {
  const label = `[${client} client -> ${server} server]`;
  let srv;
  try {
    srv = await startServer(server);
  } catch (error) {
    for (const s of scenariosOf(client)) console.log(`${label} FAIL ${s}: ${error.message}`);
    console.log(`${label} summary: 0 passed, ${scenariosOf(client).length} failed (the server did not start)`);
    return { passed: 0, failed: scenariosOf(client).length };
  }
  let passed = 0;
  let failed = 0;
  const reported = new Set();
  let summary = null;
  let note = '';
  try {
    const result = await new Promise((resolveRun) => {
      const child = start(join(peersDir, client, 'run'), [vectors, 'client', srv.address], { env: clientEnv(server, client) });
      const stderr = [];
      lines(child.stdout, (l) => {
        console.log(`${label} ${l}`);
        let m;
        if ((m = /^ok (\S+)/.exec(l))) {
          passed++;
          reported.add(m[1]);
        } else if ((m = /^FAIL (\S+?):/.exec(l))) {
          failed++;
          reported.add(m[1]);
        } else if ((m = /^(\d+) passed, (\d+) failed$/.exec(l))) {
          summary = { passed: Number(m[1]), failed: Number(m[2]) };
        }
      });
      lines(child.stderr, (l) => {
        stderr.push(l);
        if (stderr.length > 200) stderr.shift();
      });
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        void stop(child);
      }, CLIENT_TIMEOUT_MS);
      child.on('error', (error) => stderr.push(String(error)));
      child.on('close', (code, signal) => {
        clearTimeout(timer);
        resolveRun({ code, signal, timedOut, stderr });
      });
    });
    const missing = scenariosOf(client).filter((s) => !reported.has(s));
    if (result.timedOut) note = `the client was killed after ${CLIENT_TIMEOUT_MS / 1000} s`;
    else if (summary === null) note = `the client ended (${result.signal ?? `exit ${result.code}`}) without its summary line`;
    else if (summary.passed !== passed || summary.failed !== failed) note = `the client's own summary says ${summary.passed} passed, ${summary.failed} failed`;
    else if ((result.code === 0) !== (failed === 0)) note = `the client exited ${result.code} with ${failed} failures`;
    for (const s of missing) {
      console.log(`${label} FAIL ${s}: not reported by the client`);
      failed++;
    }
    if (note !== '' && failed === 0) failed++; // an inconsistent client run is a failure of its own
    if (failed > 0 || note !== '') {
      for (const l of result.stderr.slice(-30)) console.log(`${label} client stderr: ${l}`);
      for (const l of srv.stderr.slice(-30)) console.log(`${label} server stderr: ${l}`);
    }
    if (srv.child.exitCode !== null || srv.child.signalCode !== null) {
      note += `${note ? '; ' : ''}the server died during the run (${srv.child.signalCode ?? `exit ${srv.child.exitCode}`})`;
    }
  } finally {
    await stop(srv.child);
  }
  console.log(`${label} summary: ${passed} passed, ${failed} failed${note ? ` (${note})` : ''}`);
  return { passed, failed };
}

// ---- main -------------------------------------------------------------------------------

let passed = 0;
let failed = 0;
const built = new Map();
const toBuild = ['capstan', ...peers];

if (!skipBuild) {
  for (const peer of toBuild) {
    const t0 = Date.now();
    const r = await runToEnd(join(peersDir, peer, 'build'), [vectors], BUILD_TIMEOUT_MS);
    const secs = ((Date.now() - t0) / 1000).toFixed(1);
    if (r.code === 0 && !r.timedOut) {
      console.log(`[build ${peer}] ok (${secs} s)`);
      built.set(peer, true);
    } else {
      for (const l of r.output.slice(-40)) console.log(`[build ${peer}] ${l}`);
      console.log(`[build ${peer}] FAIL: ${r.timedOut ? 'timed out' : `exit ${r.code}`} after ${secs} s`);
      built.set(peer, false);
      failed++;
    }
  }
} else {
  for (const peer of toBuild) built.set(peer, true);
}

if (!buildOnly) {
  // Every peer against Capstan in both directions, then Capstan against itself: e-order's random
  // sequences exercise Capstan's server too, from the C++, Rust and Capstan clients.
  const pairings = [...peers.flatMap((peer) => [[peer, 'capstan'], ['capstan', peer]]), ['capstan', 'capstan']];
  for (const [server, client] of pairings) {
    const label = `[${client} client -> ${server} server]`;
    if (!built.get(server) || !built.get(client)) {
      const which = !built.get(server) ? server : client;
      console.log(`${label} summary: 0 passed, ${scenariosOf(client).length} failed (${which} did not build)`);
      failed += scenariosOf(client).length;
      continue;
    }
    const r = await pairing(server, client);
    passed += r.passed;
    failed += r.failed;
  }
}

console.log(`${passed} passed, ${failed} failed`);
killAll();
process.exit(failed === 0 ? 0 : 1);
