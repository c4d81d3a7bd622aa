#!/usr/bin/env node
// The runtime matrix: runs the same runtime-neutral checks (test/runtimes/checks/) in every
// runtime of RUNTIMES and prints one line per runtime, `name: N passed, M failed`. Exits non-zero
// if any runtime fails, cannot be installed or runs no checks. Needs a built dist/ (npm run build).
//
// Before the runtimes run, this script (in the Node running it):
//  - generates JavaScript for test/runtimes/runtime.capnp with Capstan's compiler and codegen
//    into test/runtimes/.generated/ (ignored by git), importing `capstan` by package name;
//  - writes test/runtimes/.generated/expected.mjs (the schema text, the CodeGeneratorRequest and
//    the generated code as this Node made them, for the checks to compare with their own);
//  - writes test/runtimes/.generated/import-map.json (`capstan`, `capstan/...` to dist/ files,
//    for runtimes that do not resolve a package by its own name);
//  - starts a WebSocket RPC server (listenWebSocket, 127.0.0.1, port 0) serving the checks' Echo.
//
// Runtimes come from npm, pinned in test/runtimes/toolchain/package-lock.json and installed
// there (npm ci) on first use, never globally. Usage: node scripts/test-runtimes.mjs [name...]
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync as writeFileSyncNode } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const runtimesDir = join(root, 'test/runtimes');
const generatedDir = join(runtimesDir, '.generated');
const toolchainDir = join(runtimesDir, 'toolchain');
const entry = join(runtimesDir, 'cli-entry.mjs');
const RUN_TIMEOUT_MS = 90_000;

/** A binary installed by `npm ci` in test/runtimes/toolchain (null if it is not there). */
function toolchainBin(name) {
  const path = join(toolchainDir, 'node_modules/.bin', name);
  return existsSync(path) ? path : null;
}

let toolchainInstalled = false;
/** Installs the pinned runtimes (npm ci in test/runtimes/toolchain), once per run. */
function installToolchain() {
  if (toolchainInstalled) return;
  toolchainInstalled = true;
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: toolchainDir, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error(`npm ci in test/runtimes/toolchain failed (${result.error?.message ?? `exit ${result.status}`})`);
}

/**
 * Whether test/runtimes/toolchain/node_modules holds what its package-lock.json pins: every
 * package of the lock that is installed has the lock's version (platform packages of other
 * platforms are absent, as npm ci leaves them).
 */
function toolchainCurrent() {
  try {
    const lock = JSON.parse(readFileSync(join(toolchainDir, 'package-lock.json'), 'utf8'));
    for (const [path, entry] of Object.entries(lock.packages)) {
      if (path === '') continue;
      const manifest = join(toolchainDir, path, 'package.json');
      if (!existsSync(manifest)) {
        if (entry.optional) continue;
        return false;
      }
      if (JSON.parse(readFileSync(manifest, 'utf8')).version !== entry.version) return false;
    }
    return true;
  } catch {
    return false;
  }
}

/** The pinned binary `name` from the toolchain, installing the toolchain when it is absent or stale. */
function pinned(name) {
  return () => {
    let bin = toolchainCurrent() ? toolchainBin(name) : null;
    if (bin === null) {
      installToolchain();
      bin = toolchainBin(name);
    }
    if (bin === null) throw new Error(`${name} is not in test/runtimes/toolchain after npm ci (is this platform in its package.json?)`);
    return bin;
  };
}

/** Runs a command and resolves with its exit code and output, killing it after RUN_TIMEOUT_MS. */
function run(command, args, env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), RUN_TIMEOUT_MS);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ code: -1, stdout, stderr: stderr + error.message });
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout, stderr: signal ? `${stderr}\nkilled (${signal}) after ${RUN_TIMEOUT_MS} ms` : stderr });
    });
  });
}

/**
 * The runtimes, one entry each:
 *  - `name`: what the output line starts with (and what to pass on the command line);
 *  - `identity`: what the runtime must call itself (harness.mjs describeRuntime()), so a wrong
 *    binary fails instead of passing;
 *  - `install(context)`: returns what `test` needs (a binary path), installing it first if it is
 *    absent; throws if it cannot;
 *  - `test(binary, context)`: runs the checks (test/runtimes/cli-entry.mjs, or an entry of its own
 *    calling harness.mjs runChecks) and resolves with { code, stdout, stderr }; the last stdout
 *    line starting `CAPSTAN-RUNTIME-RESULT ` carries the JSON result of runChecks.
 * context: { entry, websocketUrl, importMap, root, generatedDir, run }.
 */
const RUNTIMES = [
  {
    name: 'node20',
    identity: /^node v20\./,
    install: () => {
      if (process.versions.node.split('.')[0] !== '20') throw new Error(`node20 is tested with the Node running this script, which is ${process.version}`);
      return process.execPath;
    },
    // No global WebSocket in Node 20: the checks use `ws`'s client class (CAPSTAN_RUNTIME_WEBSOCKET=ws).
    test: (bin, context) => run(bin, [context.entry], { CAPSTAN_RUNTIME_WS_URL: context.websocketUrl, CAPSTAN_RUNTIME_WEBSOCKET: 'ws' }),
  },
  {
    name: 'node22',
    identity: /^node v22\./,
    install: pinned('node'),
    test: (bin, context) => run(bin, [context.entry], { CAPSTAN_RUNTIME_WS_URL: context.websocketUrl }),
  },
  {
    name: 'bun',
    identity: /^bun 1\./,
    install: pinned('bun'),
    test: (bin, context) => run(bin, ['run', context.entry], { CAPSTAN_RUNTIME_WS_URL: context.websocketUrl }),
  },
  {
    name: 'deno',
    identity: /^deno 2\./,
    install: pinned('deno'),
    test: (bin, context) =>
      run(bin, ['run', '--quiet', '--no-config', '--no-lock', '--no-npm', `--import-map=${context.importMap}`, '--allow-env', '--allow-net=127.0.0.1', `--allow-read=${context.root}`, context.entry], {
        CAPSTAN_RUNTIME_WS_URL: context.websocketUrl,
        DENO_NO_UPDATE_CHECK: '1',
      }),
  },
  // Debian's Chromium driven by playwright-core (devDependency; no browser download): the page and
  // a Web Worker run checks of their own (scripts/runtimes/web-checks.mjs: generated code, the
  // compiler, RPC over MessageChannel, the browser WebSocket to a Node server). See docs/runtimes.md.
  {
    name: 'chromium',
    identity: /^chromium \d+\./,
    install: () => {
      const bin = process.env.CAPSTAN_CHROMIUM ?? '/usr/bin/chromium';
      if (!existsSync(bin) && process.env.CAPSTAN_CHROMIUM === undefined && process.getuid?.() === 0) {
        const apt = spawnSync('apt-get', ['install', '-y', 'chromium'], { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
        if (apt.status !== 0) throw new Error(`apt-get install -y chromium failed (${apt.error?.message ?? `exit ${apt.status}`})`);
      }
      if (!existsSync(bin)) throw new Error(`no Chromium at ${bin}: apt-get install chromium (as root)`);
      return bin;
    },
    test: (bin) => run(process.execPath, [join(root, 'scripts/runtimes/chromium.mjs')], { CAPSTAN_CHROMIUM: bin }),
  },
  // Cloudflare's workerd from npm (devDependency `workerd`): a Worker bundled with esbuild runs the
  // same web checks, serves HTTP-batch RPC (handleBatchRequest) to this Node and calls a Node
  // nodeBatchHandler server in an HTTP batch. See docs/runtimes.md.
  {
    name: 'workerd',
    identity: /^workerd \d{4}-\d\d-\d\d/,
    install: () => {
      const bin = join(root, 'node_modules/.bin/workerd');
      if (!existsSync(bin)) throw new Error('node_modules/.bin/workerd is missing: npm ci installs the workerd devDependency');
      return bin;
    },
    test: (bin) => run(process.execPath, [join(root, 'scripts/runtimes/workerd.mjs')], { CAPSTAN_WORKERD: bin }),
  },
];

const RESULT_PREFIX = 'CAPSTAN-RUNTIME-RESULT ';

/** Generates the checks' code and expectations into test/runtimes/.generated/. */
async function generate() {
  const dist = (path) => pathToFileURL(join(root, 'dist', path)).href;
  if (!existsSync(join(root, 'dist/index.js'))) throw new Error('dist/ is missing: run npm run build first');
  const { compile, formatDiagnostic } = await import(dist('compiler/index.js'));
  const { generateJavaScript } = await import(dist('codegen/index.js'));
  const { encodeCodeGeneratorRequest } = await import(dist('schema/index.js'));
  const schemaSource = readFileSync(join(runtimesDir, 'runtime.capnp'), 'utf8');
  // Compiled from memory, as the checks do, so the request (file names included) is comparable.
  const { request, diagnostics } = compile({ files: ['/runtime.capnp'], sources: { '/runtime.capnp': schemaSource } });
  if (request === null) throw new Error(`test/runtimes/runtime.capnp does not compile:\n${diagnostics.map(formatDiagnostic).join('\n')}`);
  const files = generateJavaScript(request);
  // Written only where the content changed (it is the same on every run of one checkout), so a
  // run never pulls a file from under another run's runtime.
  mkdirSync(generatedDir, { recursive: true });
  const writeFileSync = (path, content) => {
    if (!existsSync(path) || readFileSync(path, 'utf8') !== content) writeFileSyncNode(path, content);
  };
  // The JavaScript only: the checks are plain JavaScript, and a .d.ts here would join tsc's typecheck of test/.
  for (const file of files) if (file.filename.endsWith('.js')) writeFileSync(join(generatedDir, file.filename), file.content);
  const javascript = files.find((file) => file.filename.endsWith('.js'));
  writeFileSync(
    join(generatedDir, 'expected.mjs'),
    `// Written by scripts/test-runtimes.mjs in Node ${process.version}: what the checks compare with.\n` +
      `export const schemaSource = ${JSON.stringify(schemaSource)};\n` +
      `export const requestBytes = new Uint8Array(${JSON.stringify([...encodeCodeGeneratorRequest(request)])});\n` +
      `export const generatedFilename = ${JSON.stringify(javascript.filename)};\n` +
      `export const generatedJavaScript = ${JSON.stringify(javascript.content)};\n`,
  );
  // `capstan` and `capstan/<subpath>` to the per-file modules of dist/ (`default`), from package.json's exports.
  const { exports } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const imports = {};
  for (const [subpath, target] of Object.entries(exports)) {
    const file = typeof target === 'string' ? target : target.default;
    if (!file.endsWith('.js')) continue;
    const specifier = subpath === '.' ? 'capstan' : `capstan/${subpath.slice(2)}`;
    if (subpath.includes('*')) {
      // ./std/*.js and ./std/*: a prefix mapping covers `capstan/std/<name>.js`.
      if (subpath === './std/*.js') imports['capstan/std/'] = pathToFileURL(join(root, file.slice(0, file.indexOf('*')))).href;
      continue;
    }
    imports[specifier] = pathToFileURL(join(root, file)).href;
  }
  writeFileSync(join(generatedDir, 'import-map.json'), JSON.stringify({ imports }, null, 2) + '\n');
  return join(generatedDir, 'import-map.json');
}

/** The WebSocket RPC server every runtime calls: the checks' Echo, served by this Node. */
async function startServer() {
  // By package name, as the generated module and the Echo import `capstan/rpc`: the server's
  // engine must be the same module as theirs (dist/bundle/, through package.json's exports).
  const { listenWebSocket } = await import('capstan/rpc/websocket/node');
  const generated = await import(pathToFileURL(join(generatedDir, 'runtime.capnp.js')).href);
  const { serveEcho } = await import(pathToFileURL(join(runtimesDir, 'checks/echo-server.mjs')).href);
  const listener = await listenWebSocket('127.0.0.1:0', { bootstrap: () => serveEcho(generated) });
  return { listener, url: listener.url };
}

async function main() {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((name) => !RUNTIMES.some((runtime) => runtime.name === name));
  if (unknown.length > 0) throw new Error(`unknown runtime(s) ${unknown.join(', ')}; known: ${RUNTIMES.map((r) => r.name).join(', ')}`);
  const runtimes = wanted.length === 0 ? RUNTIMES : RUNTIMES.filter((runtime) => wanted.includes(runtime.name));
  const importMap = await generate();
  const server = await startServer();
  const context = { entry, websocketUrl: server.url, importMap, root, generatedDir, run };
  let ok = true;
  try {
    for (const runtime of runtimes) {
      let line;
      const details = [];
      try {
        const bin = await runtime.install(context);
        const output = await runtime.test(bin, context);
        const resultLine = output.stdout.split('\n').reverse().find((l) => l.startsWith(RESULT_PREFIX));
        if (resultLine === undefined) {
          line = `${runtime.name}: 0 passed, 1 failed (no result: exit ${output.code})`;
          details.push(`${output.stdout}${output.stderr}`);
          ok = false;
        } else {
          const result = JSON.parse(resultLine.slice(RESULT_PREFIX.length));
          // A wrong binary, a non-zero exit or no check run at all each count as one more failure.
          let failed = result.failed;
          for (const failure of result.failures) details.push(`✗ ${failure.name}: ${failure.message}`);
          if (!runtime.identity.test(result.runtime)) {
            details.push(`✗ ran in ${result.runtime}, which is not ${runtime.identity}`);
            failed++;
          }
          if (output.code !== 0) {
            details.push(`✗ exited with ${output.code}\n${output.stderr}`);
            failed++;
          }
          if (result.passed === 0 && failed === 0) {
            details.push('✗ no check ran');
            failed++;
          }
          line = `${runtime.name}: ${result.passed} passed, ${failed} failed`;
          if (failed > 0) ok = false;
        }
      } catch (error) {
        line = `${runtime.name}: 0 passed, 1 failed (${error instanceof Error ? error.message : String(error)})`;
        ok = false;
      }
      console.log(line);
      // What failed, after the runtime's line and on stderr, so stdout stays one line a runtime.
      for (const detail of details) process.stderr.write(indent(detail));
    }
  } finally {
    await server.listener.close();
  }
  return ok;
}

const indent = (text) => text.trimEnd().split('\n').map((l) => `    ${l}`).join('\n') + '\n';

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (error) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
  },
);
