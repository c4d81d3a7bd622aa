// workerd, for real: Cloudflare's runtime from the npm package `workerd`, serving the Worker of
// workerd-worker.mjs (bundled with esbuild) by a capnp text config written here, which Capstan's
// CLI compiles to the binary config workerd reads. From this Node
// process: the shared checks run in the Worker; HTTP-batch RPC to the Worker (handleBatchRequest
// inside, httpBatch here); and the Worker as an HTTP-batch client of a nodeBatchHandler server
// here ("HTTP batch from a Worker").
//
//   node scripts/runtimes/workerd.mjs        (after npm run build)
//
// Exports runWorkerd(), used by scripts/test-runtimes.mjs.
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { HERE, ROOT, buildBundles, reportCli, scratchDir } from './web-build.mjs';

export const WORKERD = process.env.CAPSTAN_WORKERD ?? join(ROOT, 'node_modules/.bin/workerd');
const CAPSTAN_CLI = join(ROOT, 'dist/bundle/cli/main.js');

function config(compatibilityDate) {
  return `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [
    (name = "main", worker = .checks),
    # Outbound fetches may reach this machine (the Node server of the run), nothing else.
    (name = "loopback", network = (allow = ["local", "private"])),
  ],
  sockets = [ (name = "http", address = "127.0.0.1:0", http = (), service = "main") ],
);

const checks :Workerd.Worker = (
  modules = [ (name = "worker.js", esModule = embed "worker.js") ],
  compatibilityDate = "${compatibilityDate}",
  globalOutbound = "loopback",
);
`;
}

async function freePort() {
  const probe = createNetServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function waitFor(url, child, output, ms) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`workerd exited with ${child.exitCode}: ${output.join('').slice(-2000)}`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`workerd did not answer at ${url} in ${ms} ms: ${output.join('').slice(-2000) || error.message}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Runs the checks in workerd: { runtime: 'workerd <date>', results: [{ name, ok, error }] }. Throws when workerd cannot be started. */
export async function runWorkerd() {
  if (!existsSync(WORKERD)) throw new Error(`no workerd at ${WORKERD} (npm ci installs the workerd package)`);
  const version = execFileSync(WORKERD, ['--version'], { encoding: 'utf8' }).trim();
  const dir = scratchDir('workerd');
  const { files, node } = await buildBundles(dir, { worker: join(HERE, 'workerd-worker.mjs') });
  const compatibilityDate = "2026-10-01";
  writeFileSync(join(dir, 'config.capnp'), config(compatibilityDate));
  // workerd is given the config as Capstan compiles it: \`capstan eval --binary\` of the text
  // above, against the workerd package's own workerd.capnp (written in the 1.0 schema language:
  // \`globalOutbound = "loopback"\` is a ServiceDesignator given as its first field, and the
  // file declares no id, as capnp eval 1.x allows), read by workerd with --binary.
  const binaryConfig = join(dir, 'config.bin');
  writeFileSync(binaryConfig, execFileSync(process.execPath, [CAPSTAN_CLI, 'eval', '--binary', '-I', join(ROOT, 'node_modules'), 'config.capnp', 'config'], { cwd: dir }));
  // The Node side: a Calc in HTTP batches, for the Worker to call.
  const batchServer = createServer(node.nodeBatchHandler({ bootstrap: () => node.serveCalc('node') }));
  batchServer.listen(0, '127.0.0.1');
  await once(batchServer, 'listening');
  const nodeUrl = `http://127.0.0.1:${batchServer.address().port}/rpc`;
  const port = await freePort();
  const output = [];
  const child = spawn(WORKERD, ['serve', '--binary', binaryConfig, '--socket-addr', `http=127.0.0.1:${port}`], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (d) => output.push(String(d)));
  child.stderr.on('data', (d) => output.push(String(d)));
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/ready`, child, output, 20000);
    const results = [{ name: 'workerd serves the binary config capstan eval made of a 1.0-language config', ok: true }];
    const json = async (path) => {
      const response = await fetch(`${base}${path}`);
      const text = await response.text();
      if (!response.ok) throw new Error(`${path}: HTTP ${response.status}: ${text.slice(0, 500)}`);
      return JSON.parse(text);
    };
    try {
      results.push(...(await json('/checks')).map((r) => ({ ...r, name: `in the Worker: ${r.name}` })));
    } catch (error) {
      results.push({ name: 'in the Worker: shared checks', ok: false, error: String(error) });
    }
    try {
      const { connection, bootstrap } = node.httpBatch(`${base}/rpc`, node.CalcClient);
      await node.exerciseCalcBatch(bootstrap, 'workerd');
      await connection.closed;
      results.push({ name: 'rpc: Node calls the Worker (handleBatchRequest) in one HTTP batch', ok: true });
    } catch (error) {
      results.push({ name: 'rpc: Node calls the Worker (handleBatchRequest) in one HTTP batch', ok: false, error: String(error?.stack ?? error) });
    }
    try {
      results.push(...(await json(`/call?url=${encodeURIComponent(nodeUrl)}`)));
    } catch (error) {
      results.push({ name: 'rpc: the Worker calls a Node server in one HTTP batch', ok: false, error: String(error) });
    }
    const stray = output.join('').split('\n').filter((line) => /uncaught|error/i.test(line));
    results.push({ name: 'workerd logged no uncaught errors', ok: stray.length === 0, error: stray.slice(0, 5).join('\n') });
    return { runtime: version, results };
  } finally {
    child.kill('SIGTERM');
    if (child.exitCode === null) await once(child, 'exit');
    batchServer.closeAllConnections();
    await new Promise((resolve) => batchServer.close(resolve));
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await reportCli(runWorkerd);
}
