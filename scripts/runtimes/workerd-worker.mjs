// The workerd Worker of scripts/runtimes/workerd.mjs (an ES module Worker, bundled with esbuild):
//   GET  /checks          the shared checks of web-checks.mjs, run in the Worker, as JSON
//   POST /rpc             a Calc served in HTTP batches with handleBatchRequest
//   GET  /call?url=...    the Worker as a client: one HTTP batch of calls to a Calc at `url`
import { handleBatchRequest, httpBatch } from 'capstan/rpc/http-batch';
import { CalcClient } from '#gen/check.capnp.js';
import { exerciseCalcBatch, runChecks, serveCalc, sharedChecks } from './web-checks.mjs';

/* global __EXPECTED__ */
export default {
  async fetch(request) {
    const url = new URL(request.url);
    if (url.pathname === '/checks') {
      return Response.json(await runChecks(sharedChecks(__EXPECTED__, 'workerd')));
    }
    if (url.pathname === '/rpc') {
      return handleBatchRequest(request, { bootstrap: serveCalc('workerd') });
    }
    if (url.pathname === '/call') {
      const target = url.searchParams.get('url');
      const results = await runChecks({
        'rpc: the Worker calls a Node server in one HTTP batch': async () => {
          const { connection, bootstrap } = httpBatch(target, CalcClient);
          await exerciseCalcBatch(bootstrap, 'node');
          await connection.closed;
        },
      });
      return Response.json(results);
    }
    return new Response('not found', { status: 404 });
  },
};
