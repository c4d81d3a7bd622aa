// What the Node process of the browser and workerd runs uses, bundled (web-build.mjs) with the
// same generated module as the runtimes: a Calc server over WebSockets and HTTP batches, and a
// Calc client over HTTP batches.
export { listenWebSocket } from 'capstan/rpc/websocket/node';
export { nodeBatchHandler } from 'capstan/rpc/http-batch/node';
export { httpBatch } from 'capstan/rpc/http-batch';
export { CalcClient } from '#gen/check.capnp.js';
export { exerciseCalc, exerciseCalcBatch, serveCalc } from './web-checks.mjs';
