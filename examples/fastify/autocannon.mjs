// Requests per second for each news endpoint, measured with autocannon against the example's
// server started in this process on 127.0.0.1 (port 0). One line per endpoint.
//
//   npm run build && node examples/fastify/autocannon.mjs [--duration=3] [--connections=10] [--only=news.capnp,...]
//
// The server and autocannon share this process (and its event loop's machine): the numbers
// compare the endpoints with one another, not with other setups.
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createApp } from './server.mjs';
import { GEN } from './prepare.mjs';

/** Runs autocannon on each endpoint (all by default); returns [{ name, requestsPerSecond, errors, non2xx }]. */
export async function measure({ duration = 3, connections = 10, only = null, log = console.log } = {}) {
  const app = await createApp();
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const { News } = await import(pathToFileURL(join(GEN, 'news.capnp.js')).href);
    const { readFileSync } = await import('node:fs');
    const json = readFileSync(join(GEN, 'news.json'), 'utf8');
    const capnpBytes = Buffer.from(News.encode(JSON.parse(json)));
    const postJson = { method: 'POST', body: json, headers: { 'content-type': 'application/json' } };
    const postCapnp = { method: 'POST', body: capnpBytes, headers: { 'content-type': 'application/x-capnp' } };
    const endpoints = [
      ['news.json', '/news.json', { method: 'GET' }],
      ['news.capnp', '/news.capnp', { method: 'GET' }],
      ['sparse.json', '/news/sparse.json', postJson],
      ['sparse.capnp', '/news/sparse.capnp', postCapnp],
      ['read-all.json', '/news/read-all.json', postJson],
      ['read-all.capnp', '/news/read-all.capnp', postCapnp],
    ].filter(([name]) => only === null || only.includes(name));
    const results = [];
    for (const [name, path, request] of endpoints) {
      const result = await autocannon({ url: `${base}${path}`, duration, connections, ...request });
      const row = { name, requestsPerSecond: result.requests.average, errors: result.errors, non2xx: result.non2xx };
      results.push(row);
      const failures = row.errors + row.non2xx > 0 ? `  (${row.errors} errors, ${row.non2xx} non-2xx)` : '';
      log(`${`${request.method} ${path}`.padEnd(28)} ${String(Math.round(row.requestsPerSecond)).padStart(8)} requests/s${failures}`);
    }
    return results;
  } finally {
    await app.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: { duration: { type: 'string', default: '3' }, connections: { type: 'string', default: '10' }, only: { type: 'string' } },
  });
  await measure({ duration: Number(values.duration), connections: Number(values.connections), only: values.only?.split(',') ?? null });
}
