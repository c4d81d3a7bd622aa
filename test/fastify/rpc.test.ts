/**
 * capstan/fastify's `capnpRpc`: Cap'n Proto RPC over a WebSocket route of a real listening
 * Fastify (127.0.0.1, port 0) on @fastify/websocket, with `ws`'s client class through
 * `connectWebSocket`. Calls, pipelining, callbacks; tables empty and the per-connection bootstrap
 * released once the client closes; a malformed frame ends only its own connection; the route
 * sits among ordinary routes and hooks.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import websocketPlugin from '@fastify/websocket';
import { once } from 'node:events';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket as WsWebSocket } from 'ws';
import { capnpRpc, type CapnpRpcOptions } from '../../src/fastify/index.js';
import type { ClientClass, Connection } from '../../src/rpc/index.js';
import { connectWebSocket, connectWebSocketTo, type WebSocketClass } from '../../src/rpc/websocket/index.js';
import * as rpc from '../../src/generated/std/rpc.capnp.js';
import { readMessage } from '../../src/wire/index.js';
import { EMPTY, exerciseEcho, generateRpcFixture, settle, until } from '../rpc/support.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
let gen: any;
const WebSocket = WsWebSocket as unknown as WebSocketClass;

beforeAll(async () => {
  gen = await import(generateRpcFixture());
});

/** Echo objects and Counters made by the servers below that are still alive. */
const live = { echoes: 0, counters: 0 };

function makeEcho(prefix = '') {
  live.echoes++;
  return gen.Echo.serve({
    echo: (p: { text: string }) => ({ text: prefix + p.text }),
    makeCounter(_p: unknown, context: any) {
      live.counters++;
      let n = 0;
      const made = gen.Counter.serve({ next: () => ({ n: n++ }), [Symbol.dispose]: () => { live.counters--; } });
      context.results.counter = made;
      made.close();
    },
    async callCounter(p: { counter: any }) {
      const pending = p.counter.next();
      try {
        return { n: (await pending).n };
      } finally {
        pending.dispose();
      }
    },
    echoCap: (p: { cap: unknown }) => ({ cap: p.cap }),
    [Symbol.dispose]: () => { live.echoes--; },
  });
}

const apps: FastifyInstance[] = [];
// Each app must close promptly: a socket left open (an upgrade refused by a hook, say) would hang here.
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});
afterAll(() => shared?.close());

/** A listening app with `capnpRpc` on /rpc (and an ordinary route); its server connections. */
async function start(options: Partial<CapnpRpcOptions> = {}, setup?: (app: FastifyInstance) => Promise<void>, more?: (app: FastifyInstance) => Promise<void>) {
  const app = Fastify();
  apps.push(app);
  const connections: Connection[] = [];
  await setup?.(app);
  await app.register(capnpRpc, {
    path: '/rpc',
    bootstrap: () => makeEcho(),
    onConnection: (connection) => connections.push(connection),
    ...options,
  });
  await more?.(app);
  app.get('/health', async () => ({ ok: true }));
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, address, url: `${address.replace(/^http/, 'ws')}/rpc`, connections };
}

describe('capnpRpc: RPC over a @fastify/websocket route', () => {
  it('calls, pipelining, a callback and a capability passed back; tables empty and the bootstrap released after the client closes', async () => {
    const { url, connections } = await start();
    const echoesBefore = live.echoes;
    const { connection, bootstrap: echo } = await connectWebSocketTo(url, gen.EchoClient as ClientClass<any>, { WebSocket });
    await exerciseEcho(echo, gen.Counter, { text: 'hello, Fastify' });
    expect(connections).toHaveLength(1);
    const server = connections[0]!;
    await until(() => server.stats().exports === 1 && server.stats().answers === 0 && live.counters === 0, 'the server to release the counter');
    expect(server.stats()).toEqual({ ...EMPTY, exports: 1 });

    echo.close();
    await settle(20);
    expect(connection.stats()).toEqual(EMPTY);
    expect(live.echoes).toBe(echoesBefore + 1);
    await connection.close();
    await until(() => server.state === 'closed' && live.echoes === echoesBefore, 'the server connection to end');
    expect(server.stats()).toEqual(EMPTY);
  });

  it('a malformed frame ends only the connection that sent it', async () => {
    const { url, connections } = await start();
    const good = await connectWebSocketTo(url, gen.EchoClient as ClientClass<any>, { WebSocket });
    expect((await good.bootstrap.echo({ text: 'before' })).text).toBe('before');

    const raw = new WsWebSocket(url);
    raw.binaryType = 'arraybuffer';
    const received: rpc.MessageReader[] = [];
    raw.on('message', (data: ArrayBuffer) => received.push(rpc.Message.readRoot(readMessage(new Uint8Array(data)))));
    const closed = new Promise<number>((resolve) => raw.on('close', (code: number) => resolve(code)));
    await once(raw, 'open');
    // A segment table announcing 16 words, followed by 3 bytes.
    raw.send(new Uint8Array([0, 0, 0, 0, 16, 0, 0, 0, 1, 2, 3]));
    expect(await closed).toBe(1003);
    expect(received.map((m) => m.which())).toEqual(['abort']);
    expect(connections).toHaveLength(2);
    await until(() => connections[1]!.state === 'closed', 'the bad connection to end');

    expect(connections[0]!.state).not.toBe('closed');
    expect((await good.bootstrap.echo({ text: 'after' })).text).toBe('after');
    good.bootstrap.close();
    await good.connection.close();
  });

  it('lives among ordinary routes: a plain GET of the path is 426, other routes answer, unknown paths do not upgrade', async () => {
    const { address } = await start();
    const plain = await fetch(`${address}/rpc`);
    expect(plain.status).toBe(426);
    expect(plain.headers.get('upgrade')).toBe('websocket');
    expect(await (await fetch(`${address}/health`)).json()).toEqual({ ok: true });
    await expect(connectWebSocket(`${address.replace(/^http/, 'ws')}/nowhere`, { WebSocket })).rejects.toMatchObject({ type: 'disconnected' });
  });

  it('a bootstrap function gets the upgrade request, after the route\'s hooks (which may refuse it)', async () => {
    const { url } = await start({
      bootstrap: (_connection, request) => makeEcho(`${(request.query as { user: string }).user}: `),
    }, async (app) => {
      app.addHook('onRequest', async (request, reply) => {
        if ((request.query as { user?: string }).user === undefined) await reply.code(401).send({ error: 'who are you?' });
      });
    });
    const { connection, bootstrap: echo } = await connectWebSocketTo(`${url}?user=ada`, gen.EchoClient as ClientClass<any>, { WebSocket });
    expect((await echo.echo({ text: 'hi' })).text).toBe('ada: hi');
    echo.close();
    await connection.close();
    await expect(connectWebSocket(url, { WebSocket })).rejects.toMatchObject({ type: 'disconnected' });
  });

  it('uses an @fastify/websocket the app registered itself, next to its own WebSocket routes; serves several paths', async () => {
    const { address } = await start({}, async (app) => {
      await app.register(websocketPlugin);
      app.get('/chat', { websocket: true }, (socket) => {
        socket.on('message', (data) => socket.send(`chat: ${String(data)}`));
      });
    }, async (app) => {
      await app.register(capnpRpc, { path: '/shared', bootstrap: makeShared() });
    });
    const base = address.replace(/^http/, 'ws');

    const chat = new WsWebSocket(`${base}/chat`);
    await once(chat, 'open');
    chat.send('hi');
    const [reply] = await once(chat, 'message');
    expect(String(reply)).toBe('chat: hi');
    chat.close();

    for (const path of ['/rpc', '/shared']) {
      const { connection, bootstrap: echo } = await connectWebSocketTo(`${base}${path}`, gen.EchoClient as ClientClass<any>, { WebSocket });
      expect((await echo.echo({ text: path })).text).toBe(path === '/shared' ? `shared ${path}` : path);
      echo.close();
      await connection.close();
    }
  });

  it('closing the app ends the open connections', async () => {
    const { app, url } = await start();
    const { connection, bootstrap: echo } = await connectWebSocketTo(url, gen.EchoClient as ClientClass<any>, { WebSocket });
    expect((await echo.echo({ text: 'x' })).text).toBe('x');
    let ended = false;
    connection.onDisconnect(() => { ended = true; });
    apps.splice(apps.indexOf(app), 1);
    await app.close();
    await until(() => ended, 'the client to see the end');
    echo.close();
  });

  it('refuses limits that are not limits when it is registered, not at each connection', async () => {
    // maxMessageBytes: NaN reached ws as maxPayload, and every upgrade failed in its handler.
    for (const limits of [{ maxMessageBytes: NaN }, { maxAnswers: -1 }, { maxBufferedBytes: '1' as unknown as number }]) {
      const app = Fastify();
      apps.push(app);
      await expect(app.register(capnpRpc, { path: '/rpc', bootstrap: () => makeEcho(), ...limits }))
        .rejects.toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringContaining(Object.keys(limits)[0]!) });
    }
  });

  it('refuses to register @fastify/websocket a second time in a sibling context', async () => {
    const app = Fastify();
    apps.push(app);
    await app.register(async (scope) => { await scope.register(capnpRpc, { path: '/a', bootstrap: () => makeEcho() }); });
    await expect(app.register(async (scope) => { await scope.register(capnpRpc, { path: '/b', bootstrap: () => makeEcho() }); }))
      .rejects.toThrow(/register @fastify\/websocket once on the root instance/);
  });
});

let shared: any = null;
/** One Echo for every connection of a route (the caller keeps it; closed by the test's end). */
function makeShared() {
  shared ??= gen.Echo.serve({ echo: (p: { text: string }) => ({ text: `shared ${p.text}` }) });
  return shared;
}
