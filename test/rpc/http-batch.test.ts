/**
 * RPC in HTTP batches (src/rpc/http-batch): a real node:http server on 127.0.0.1 with the global
 * fetch, and the Fetch-API handler called directly. One POST per tick, pipelining inside the
 * batch, exceptions, the end of a session, the limits and refusals, and the server's tables.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Connection, RpcError, type ClientClass } from '../../src/rpc/index.js';
import {
  BATCH_ENDED, HTTP_BATCH_CONTENT_TYPE, handleBatchRequest, httpBatch, httpBatchConnection,
  type HttpBatchServerOptions,
} from '../../src/rpc/http-batch/index.js';
import { nodeBatchHandler } from '../../src/rpc/http-batch/node.js';
import * as rpc from '../../src/generated/std/rpc.capnp.js';
import { MessageBuilder, readMessages } from '../../src/wire/index.js';
import { createTransportHost } from './transport-host.mjs';
import { EMPTY, generateRpcFixture } from './support.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
let gen: any;

beforeAll(async () => {
  gen = await import(generateRpcFixture());
});

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A node:http server answering batches with the test host's Echo; counts requests and keeps each batch's connection. */
async function startServer(options: Omit<HttpBatchServerOptions, 'bootstrap'> = {}) {
  const host = createTransportHost(gen);
  const connections: Connection[] = [];
  const handler = nodeBatchHandler({ ...options, bootstrap: host.bootstrap, onConnection: (c) => connections.push(c) });
  let requests = 0;
  const server: Server = createServer((request, response) => {
    requests++;
    handler(request, response);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rpc`;
  cleanups.push(async () => {
    host.bootstrap.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { host, url, connections, requests: () => requests };
}

function echoClass(): ClientClass<any> {
  return gen.EchoClient as ClientClass<any>;
}

/** A framed rpc.capnp Bootstrap message. */
function bootstrapFrame(questionId = 0): Uint8Array {
  const message = new MessageBuilder();
  rpc.Message.initRoot(message).initBootstrap().questionId = questionId;
  return message.toBytes();
}

function post(url: string, body: Uint8Array | string, init: { method?: string; contentType?: string } = {}) {
  return fetch(url, {
    method: init.method ?? 'POST',
    headers: { 'content-type': init.contentType ?? HTTP_BATCH_CONTENT_TYPE },
    body: init.method === 'GET' ? undefined : (body as BodyInit),
  });
}

describe('HTTP batch over node:http with the global fetch', () => {
  it('calls the global fetch as a plain function, as Workers require (no "Illegal invocation")', async () => {
    const server = await startServer();
    const real = globalThis.fetch;
    let calls = 0;
    // workerd's fetch throws when called as a method of another object; this one does too.
    globalThis.fetch = function (this: unknown, input: any, init?: any) {
      if (this !== undefined && this !== globalThis) throw new TypeError('Illegal invocation');
      calls++;
      return real(input, init);
    } as typeof fetch;
    try {
      const { bootstrap: echo } = httpBatch(server.url, echoClass());
      const reply = echo.echo({ text: 'plain' });
      expect((await reply).text).toBe('plain');
      expect(calls).toBe(1);
    } finally {
      globalThis.fetch = real;
    }
  });

  it('sends the calls of one tick in one POST, pipelined, and empties the server tables', async () => {
    const server = await startServer();
    const { connection, bootstrap: echo } = httpBatch(server.url, echoClass());
    const hello = echo.echo({ text: 'hello' });
    const made = echo.makeCounter();
    const first = made.counter.next();
    const second = made.counter.next();
    const bye = echo.echo({ text: 'bye' });
    expect((await hello).text).toBe('hello');
    expect([(await first).n, (await second).n]).toEqual([0, 1]);
    expect((await bye).text).toBe('bye');
    expect(server.requests()).toBe(1);
    expect(server.connections).toHaveLength(1);
    await connection.closed;
    expect(server.connections[0]!.state).toBe('closed');
    expect(server.connections[0]!.stats()).toEqual(EMPTY);
    expect(server.host.live.counters).toBe(0);
    expect(connection.stats()).toEqual(EMPTY);
    for (const p of [hello, made, first, second, bye]) p.dispose();
    echo.close();
  });

  it('makes one POST per session, each batch on its own server connection', async () => {
    const server = await startServer();
    for (const text of ['one', 'two', 'three']) {
      const { bootstrap: echo } = httpBatch(server.url, echoClass());
      const reply = echo.echo({ text });
      expect((await reply).text).toBe(text);
      reply.dispose();
      echo.close();
    }
    expect(server.requests()).toBe(3);
    expect(server.connections).toHaveLength(3);
    for (const c of server.connections) expect(c.stats()).toEqual(EMPTY);
  });

  it('delivers a server exception to its caller with its type and message, other calls of the batch unharmed', async () => {
    const server = await startServer();
    const { bootstrap: echo } = httpBatch(server.url, echoClass());
    const failing = echo.fail({ message: 'no such thing' });
    const fine = echo.echo({ text: 'still fine' });
    const error = await failing.then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(RpcError);
    expect((error as RpcError).type).toBe('failed');
    expect((error as RpcError).message).toContain('no such thing');
    expect((await fine).text).toBe('still fine');
    expect(server.requests()).toBe(1);
  });

  it('fails calls made after the batch went out, and calls on capabilities it returned once it ended', async () => {
    const server = await startServer();
    const { connection, bootstrap: echo } = httpBatch(server.url, echoClass());
    const made = echo.makeCounter();
    const counter = (await made).counter;
    // The batch went out (we awaited its answer): a new call is not sent.
    await connection.closed;
    const late = echo.echo({ text: 'too late' });
    const lateError = await late.then(() => null, (e: unknown) => e);
    expect(lateError).toBeInstanceOf(RpcError);
    expect((lateError as RpcError).message).toContain('HTTP batch');
    const afterwards = counter.next();
    const afterError = await afterwards.then(() => null, (e: unknown) => e);
    expect(afterError).toBeInstanceOf(RpcError);
    expect((afterError as RpcError).message).toContain(BATCH_ENDED);
    expect(server.requests()).toBe(1);
    expect(server.host.live.counters).toBe(0);
  });

  it('fails a call made while the batch is in flight at once, without a second POST', async () => {
    const server = await startServer();
    const connection = httpBatchConnection(server.url);
    const echo = connection.bootstrap(echoClass());
    const first = echo.echo({ text: 'in the batch' });
    await new Promise((resolve) => setTimeout(resolve, 0)); // the tick is over: the POST is under way
    const second = echo.echo({ text: 'not in it' });
    const error = await second.then(() => null, (e: unknown) => e);
    expect((error as RpcError).message).toContain('already sent');
    expect((await first).text).toBe('in the batch');
    expect(server.requests()).toBe(1);
  });

  it('answers within the time limit when a call never returns, failing only that call', async () => {
    const server = await startServer({ timeoutMs: 200 });
    const { bootstrap: echo } = httpBatch(server.url, echoClass());
    const started = Date.now();
    const waiting = echo.wait();
    const fine = echo.echo({ text: 'quick' });
    const error = await waiting.then(() => null, (e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(5000);
    expect((error as RpcError).type).toBe('overloaded');
    expect((error as RpcError).message).toContain('200 ms');
    expect((await fine).text).toBe('quick');
    expect(server.host.live.running).toBe(0); // the server call was canceled
    expect(server.connections[0]!.stats()).toEqual(EMPTY);
  });

  it('fails a server call back to a capability of the client instead of waiting for it', async () => {
    const server = await startServer({ timeoutMs: 5000 });
    const { bootstrap: echo } = httpBatch(server.url, echoClass());
    const local = gen.Counter.serve({ next: () => ({ n: 7 }) });
    const started = Date.now();
    const called = echo.callCounter({ counter: local });
    const error = await called.then(() => null, (e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(4000);
    expect((error as RpcError).message).toContain('cannot be called back');
    local.close();
  });

  it('refuses a wrong method (405), content type (415), oversized body (413) and malformed bodies (400 with a code)', async () => {
    const server = await startServer({ maxBodyBytes: 1024, maxFrames: 2 });
    const get = await post(server.url, '', { method: 'GET' });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    const text = await post(server.url, 'hello', { contentType: 'text/plain' });
    expect(text.status).toBe(415);
    expect((await text.json()).error.code).toBe('BAD_CONTENT_TYPE');
    const big = await post(server.url, new Uint8Array(4096));
    expect(big.status).toBe(413);
    expect((await big.json()).error.code).toBe('MESSAGE_TOO_LARGE');
    const many = await post(server.url, new Uint8Array([...bootstrapFrame(0), ...bootstrapFrame(1), ...bootstrapFrame(2)]));
    expect(many.status).toBe(413);
    const truncated = await post(server.url, bootstrapFrame().subarray(0, 12));
    expect(truncated.status).toBe(400);
    expect((await truncated.json()).error.code).toBe('TRUNCATED');
    const junk = await post(server.url, new Uint8Array([0xff, 0xff, 0xff, 0xff, 1, 2, 3, 4]));
    expect(junk.status).toBe(400);
    expect(typeof (await junk.json()).error.code).toBe('string');
    const empty = await post(server.url, new Uint8Array(0));
    expect(empty.status).toBe(400);
    // Framed, but the root pointer points nowhere: refused, not crashed on.
    const garbage = await post(server.url, new Uint8Array([0, 0, 0, 0, 1, 0, 0, 0, 0xfd, 0xff, 0xff, 0x7f, 0xff, 0xff, 0xff, 0xff]));
    expect(garbage.status).toBe(400);
    expect(typeof (await garbage.json()).error.code).toBe('string');
    // Framed, but not rpc.capnp: an unknown Message union member answered as a protocol error.
    const notRpc = new MessageBuilder();
    rpc.Message.initRoot(notRpc).initReturn().answerId = 99;
    const protocol = await post(server.url, notRpc.toBytes());
    expect(protocol.status).toBe(400);
    expect((await protocol.json()).error.code).toBe('RPC_PROTOCOL');
  });

  it('reports a refused batch to every call of it', async () => {
    const server = await startServer({ maxBodyBytes: 64 });
    const { bootstrap: echo } = httpBatch(server.url, echoClass());
    const reply = echo.echo({ text: 'x'.repeat(200) });
    const error = await reply.then(() => null, (e: unknown) => e);
    expect((error as RpcError).message).toContain('413');
  });
});

describe('handleBatchRequest (Fetch API)', () => {
  it('answers a batch given as a Request, the client using it as its fetch', async () => {
    const host = createTransportHost(gen);
    const connections: Connection[] = [];
    let requests = 0;
    const fetchDirect = async (url: string | URL, init: any) => {
      requests++;
      return handleBatchRequest(new Request(url, init), { bootstrap: host.bootstrap, onConnection: (c) => connections.push(c) });
    };
    const { bootstrap: echo } = httpBatch('http://example.invalid/rpc', echoClass(), { fetch: fetchDirect });
    const made = echo.makeCounter();
    const n = made.counter.next();
    const text = echo.echo({ text: 'direct' });
    expect((await n).n).toBe(0);
    expect((await text).text).toBe('direct');
    expect(requests).toBe(1);
    expect(connections[0]!.stats()).toEqual(EMPTY);
    expect(host.live.counters).toBe(0);
    host.bootstrap.close();
  });

  it('answers Returns past maxResponseBytes with overloaded exceptions, so a small batch cannot make a response without bound', async () => {
    const host = createTransportHost(gen);
    let responseBytes = 0;
    const fetchDirect = async (url: string | URL, init: any) => {
      const response = await handleBatchRequest(new Request(url, init), { bootstrap: host.bootstrap, maxResponseBytes: 200 * 1024 });
      const body = new Uint8Array(await response.arrayBuffer());
      responseBytes = body.byteLength;
      return new Response(body, { status: response.status, headers: response.headers });
    };
    const { bootstrap: echo } = httpBatch('http://example.invalid/rpc', echoClass(), { fetch: fetchDirect });
    const text = 'x'.repeat(64 * 1024);
    const settled = await Promise.allSettled(Array.from({ length: 6 }, () => echo.echo({ text })));
    // Three Returns of about 64 KiB fit in 200 KiB; the other three are exceptions.
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'rejected', 'rejected']);
    for (const s of settled.slice(0, 3)) expect((s as PromiseFulfilledResult<any>).value.text).toBe(text);
    for (const s of settled.slice(3)) {
      expect((s as PromiseRejectedResult).reason).toMatchObject({ type: 'overloaded', message: expect.stringMatching(/Return of \d+ bytes would take the HTTP batch's response past maxResponseBytes \(204800\)$/) });
    }
    expect(responseBytes).toBeLessThan(200 * 1024 + 4096);
    expect(host.live.counters).toBe(0);
    host.bootstrap.close();
  });

  it('refuses a limit that is not one when the handler is made or called, as the server\'s error', async () => {
    const request = new Request('http://example.invalid/rpc', { method: 'POST', body: bootstrapFrame() as BodyInit, headers: { 'content-type': HTTP_BATCH_CONTENT_TYPE } });
    for (const name of ['maxResponseBytes', 'maxFrames', 'maxBodyBytes'] as const) {
      await expect(handleBatchRequest(request.clone(), { bootstrap: null, [name]: NaN })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringContaining(name) });
      expect(() => nodeBatchHandler({ bootstrap: null, [name]: -1 })).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
    }
  });

  it('the client reads a response within maxResponseBytes, and no further, whatever the server sends', async () => {
    // An endless body: before, the client read it all (response.arrayBuffer()).
    let pulled = 0;
    const endless = (status: number, type: string) => async () => new Response(new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 65536;
        controller.enqueue(new Uint8Array(65536));
      },
    }), { status, headers: { 'content-type': type } });
    const ok = httpBatch('http://example.invalid/rpc', echoClass(), { fetch: endless(200, HTTP_BATCH_CONTENT_TYPE), maxResponseBytes: 1 << 20 });
    await expect(ok.bootstrap.echo({ text: 'x' })).rejects.toMatchObject({ message: expect.stringContaining('the HTTP batch response is larger than maxResponseBytes (1048576): not read') });
    expect(ok.connection.error).toMatchObject({ code: 'MESSAGE_TOO_LARGE' });
    expect(pulled).toBeLessThan(2 << 20);
    pulled = 0;
    // A refusal's text is read up to 64 KiB, for its message.
    const refused = httpBatch('http://example.invalid/rpc', echoClass(), { fetch: endless(500, 'text/plain') });
    await expect(refused.bootstrap.echo({ text: 'x' })).rejects.toMatchObject({ message: expect.stringMatching(/the HTTP batch was refused with status 500$/) });
    expect(pulled).toBeLessThan(256 * 1024);
    expect(() => httpBatch('http://example.invalid/rpc', echoClass(), { fetch: endless(200, HTTP_BATCH_CONTENT_TYPE), maxResponseBytes: NaN }))
      .toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringContaining('maxResponseBytes') }));
  });

  it('refuses with 405, 415, 413 and 400', async () => {
    const options = { bootstrap: null, maxBodyBytes: 100 };
    const url = 'http://example.invalid/rpc';
    expect((await handleBatchRequest(new Request(url), options)).status).toBe(405);
    const wrongType = await handleBatchRequest(new Request(url, { method: 'POST', body: 'x', headers: { 'content-type': 'application/json' } }), options);
    expect(wrongType.status).toBe(415);
    const big = await handleBatchRequest(new Request(url, { method: 'POST', body: new Uint8Array(200), headers: { 'content-type': HTTP_BATCH_CONTENT_TYPE } }), options);
    expect(big.status).toBe(413);
    const bad = await handleBatchRequest(new Request(url, { method: 'POST', body: new Uint8Array([0, 0, 0, 0, 9, 0, 0, 0]), headers: { 'content-type': HTTP_BATCH_CONTENT_TYPE } }), options);
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.code).toBe('TRUNCATED');
    // A bootstrap with no bootstrap offered: answered (with an exception), not refused.
    const ok = await handleBatchRequest(new Request(url, { method: 'POST', body: bootstrapFrame() as BodyInit, headers: { 'content-type': HTTP_BATCH_CONTENT_TYPE } }), options);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe(HTTP_BATCH_CONTENT_TYPE);
    const replies = [...readMessages(new Uint8Array(await ok.arrayBuffer()))].map((m) => rpc.Message.readRoot(m));
    // The bootstrap comes back as a promise that resolves broken: "this peer offers no bootstrap".
    expect(replies.map((r) => r.which())).toEqual(['return', 'resolve']);
    expect(replies[1]!.resolve.which()).toBe('exception');
    expect(replies[1]!.resolve.exception.reason).toContain('no bootstrap');
  });
});
