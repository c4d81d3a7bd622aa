// The page of the Chromium run (scripts/runtimes/chromium.mjs): the shared checks, then RPC over
// the browser's own WebSocket to the Node server of the run, and over a MessageChannel to a
// module Web Worker (chromium-worker.mjs), whose own run of the shared checks is reported too.
import { connectWebSocketTo } from 'capstan/rpc/websocket';
import { connectMessagePortTo } from 'capstan/rpc/message-port';
import { CalcClient } from '#gen/check.capnp.js';
import { exerciseCalc, runChecks, sharedChecks } from './web-checks.mjs';

/* global __EXPECTED__ */
function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms} ms`)), ms); }),
  ]);
}

globalThis.runAll = async ({ wsUrl, workerUrl }) => {
  const checks = sharedChecks(__EXPECTED__, 'chromium');
  checks['rpc: the browser WebSocket to a Node listenWebSocket server'] = async () => {
    if (typeof WebSocket !== 'function') throw new Error('no WebSocket in this page');
    const { connection, bootstrap } = await connectWebSocketTo(wsUrl, CalcClient);
    try {
      await exerciseCalc(bootstrap, 'node');
    } finally {
      bootstrap.close();
      await connection.close();
    }
  };
  let worker = null;
  checks['rpc: a MessageChannel to a Web Worker'] = async () => {
    worker = new Worker(workerUrl, { type: 'module' });
    const failed = new Promise((_, reject) => worker.addEventListener('error', (e) => reject(new Error(`worker error: ${e.message}`))));
    const channel = new MessageChannel();
    worker.postMessage({ serve: channel.port2 }, [channel.port2]);
    const { connection, bootstrap } = connectMessagePortTo(channel.port1, CalcClient);
    try {
      await withTimeout(Promise.race([exerciseCalc(bootstrap, 'web worker'), failed]), 10000, 'the worker');
    } finally {
      bootstrap.close();
      await connection.close();
    }
  };
  const results = await runChecks(checks);
  // The shared checks once more, inside the worker.
  try {
    if (worker === null) throw new Error('the worker was not started');
    const reply = new Promise((resolve) => worker.addEventListener('message', (e) => resolve(e.data), { once: true }));
    worker.postMessage({ run: true });
    const inWorker = await withTimeout(reply, 10000, 'the worker checks');
    results.push(...inWorker.map((r) => ({ ...r, name: `web worker: ${r.name}` })));
  } catch (error) {
    results.push({ name: 'web worker: shared checks', ok: false, error: String(error) });
  }
  worker?.terminate();
  return results;
};
globalThis.pageReady = true;
