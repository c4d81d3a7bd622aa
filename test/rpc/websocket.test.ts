/**
 * RPC over WebSockets (src/rpc/websocket): a real `ws` server on 127.0.0.1, with `ws`'s client
 * class and, where the runtime has one (Node 22), the global WebSocket. One Cap'n Proto message
 * per binary WebSocket message; text and malformed messages end only their own connection.
 */
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket as WsWebSocket, WebSocketServer, type WebSocket as WsSocket } from 'ws';
import { Connection, RpcError, type ClientClass, type ConnectionOptions } from '../../src/rpc/index.js';
import {
  acceptWebSocket, connectWebSocket, connectWebSocketTo, WebSocketTransport,
  type WebSocketClass, type WebSocketLike, type WebSocketTransportOptions,
} from '../../src/rpc/websocket/index.js';
import { listenWebSocket } from '../../src/rpc/websocket/node.js';
import * as rpc from '../../src/generated/std/rpc.capnp.js';
import { MessageBuilder, readMessage } from '../../src/wire/index.js';
import { createTransportHost } from './transport-host.mjs';
import { EMPTY, exerciseEcho, generateRpcFixture, until } from './support.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
let gen: any;

beforeAll(async () => {
  gen = await import(generateRpcFixture());
});

/** A `ws` server on 127.0.0.1 (port 0) whose every socket is an RPC connection served by one host. */
async function startServer(options: ConnectionOptions & WebSocketTransportOptions = {}) {
  const host = createTransportHost(gen);
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await once(wss, 'listening');
  const connections: Connection[] = [];
  const sockets: WsSocket[] = [];
  wss.on('connection', (socket) => {
    sockets.push(socket);
    connections.push(acceptWebSocket(socket, { bootstrap: host.bootstrap, ...options }));
  });
  const url = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`;
  const close = async () => {
    for (const connection of connections) await connection.close();
    host.bootstrap.close();
    for (const socket of sockets) socket.terminate();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  };
  cleanups.push(close);
  return { host, wss, url, connections, sockets, close };
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A raw `ws` client: what it receives, decoded as rpc.capnp Messages, and how it closed. */
async function rawClient(url: string) {
  const socket = new WsWebSocket(url);
  socket.binaryType = 'arraybuffer';
  const received: rpc.MessageReader[] = [];
  socket.on('message', (data: ArrayBuffer) => received.push(rpc.Message.readRoot(readMessage(new Uint8Array(data)))));
  const closed = new Promise<number>((resolve) => socket.on('close', (code: number) => resolve(code)));
  await once(socket, 'open');
  return { socket, received, closed };
}

const clients: Array<[string, WebSocketClass | undefined]> = [['ws client class', WsWebSocket as unknown as WebSocketClass]];
const globalWebSocket = (globalThis as { WebSocket?: WebSocketClass }).WebSocket;
if (globalWebSocket !== undefined) clients.push(['global WebSocket', undefined]);

describe.each(clients)('over a ws server, with the %s', (_name, Class) => {
  it('calls, pipelined calls, a callback and a 1 MiB Data round trip, leaving every table empty', async () => {
    const server = await startServer();
    const connection = await connectWebSocket(server.url, { WebSocket: Class });
    const echo = connection.bootstrap((gen.EchoClient as ClientClass<any>));

    await exerciseEcho(echo, gen.Counter, { dataBytes: 1 << 20 });
    echo.close();
    await until(() => server.host.live.counters === 0 && server.connections[0]!.stats().exports === 0, 'the server to release the counter');
    expect(connection.stats()).toEqual(EMPTY);
    expect(server.connections).toHaveLength(1);
    expect(server.connections[0]!.stats()).toEqual(EMPTY);

    await connection.close();
    await until(() => server.connections[0]!.state === 'closed', 'the server to see the close');
    expect(server.connections[0]!.stats()).toEqual(EMPTY);
    expect(server.connections[0]!.error?.type).toBe('disconnected');
  });

  it('a connection ending rejects pending calls with disconnected, on both sides', async () => {
    const server = await startServer();
    const { connection, bootstrap: echo } = await connectWebSocketTo(server.url, (gen.EchoClient as ClientClass<any>), { WebSocket: Class });
    const waiting = echo.wait();
    await until(() => server.host.live.running === 1, 'the call to start');
    // The server's end of the socket goes away without a closing handshake.
    server.sockets[0]!.terminate();
    await expect(waiting).rejects.toMatchObject({ type: 'disconnected' });
    expect(connection.state).toBe('closed');
    expect(connection.stats()).toEqual(EMPTY);
    await until(() => server.host.live.running === 0, 'the server call to be canceled');
    expect(server.connections[0]!.stats()).toEqual(EMPTY);
    echo.close();
  });
});

describe('WebSocketTransport', () => {
  it('queues what is sent before the socket opens', async () => {
    const server = await startServer();
    // A socket still connecting: `ws` (like the standard WebSocket) refuses send() until open.
    const socket = new WsWebSocket(server.url);
    expect(socket.readyState).toBe(WsWebSocket.CONNECTING);
    const connection = new Connection(new WebSocketTransport(socket as unknown as WebSocketLike));
    const echo = connection.bootstrap((gen.EchoClient as ClientClass<any>));
    const call = echo.echo({ text: 'early' });
    expect((await call).text).toBe('early');
    call.dispose();
    echo.close();
    await connection.close();
    expect(connection.stats()).toEqual(EMPTY);
  });

  it('a text message from the peer ends only that connection, with an Abort and close code 1003', async () => {
    const server = await startServer();
    const healthy = await connectWebSocket(server.url, { WebSocket: WsWebSocket as unknown as WebSocketClass });
    const healthyEcho = healthy.bootstrap((gen.EchoClient as ClientClass<any>));
    const raw = await rawClient(server.url);
    await until(() => server.connections.length === 2, 'both connections');
    raw.socket.send('{"hello": "capnp"}');
    expect(await raw.closed).toBe(1003);
    expect(raw.received.map((m) => m.which())).toEqual(['abort']);
    expect(raw.received[0]!.abort.reason).toMatch(/text WebSocket message/);
    const broken = server.connections[1]!;
    expect(broken.state).toBe('closed');
    expect(broken.error).toBeInstanceOf(RpcError);
    expect(broken.error!.code).toBe('RPC_PROTOCOL');
    expect(broken.error!.message).toMatch(/text WebSocket message/);
    expect(broken.stats()).toEqual(EMPTY);
    // The other connection, on the same server objects, carries on.
    const call = healthyEcho.echo({ text: 'still here' });
    expect((await call).text).toBe('still here');
    call.dispose();
    healthyEcho.close();
    await healthy.close();
  });

  it('a binary message that is not exactly one framed message, or is over the limit, ends the connection with an Abort', async () => {
    const server = await startServer({ maxMessageBytes: 1 << 16 });
    const cases: Array<[Uint8Array, RegExp, number]> = [
      [new Uint8Array([0, 0, 0, 0, 4, 0, 0, 0, 1, 2, 3, 4]), /announces 40 bytes/, 1003], // table says 4 words, 4 bytes follow
      [new Uint8Array([0, 0]), /whole segment table/, 1003],
      [new Uint8Array([0x57, 2, 0, 0, 1, 0, 0, 0]), /600 segments/, 1003],
      [new Uint8Array(100_000), /MESSAGE_TOO_LARGE.*100000 bytes/, 1009],
    ];
    // Two well-formed messages in one WebSocket message are refused too.
    const message = new MessageBuilder();
    rpc.Message.initRoot(message).initBootstrap().questionId = 0;
    const one = message.toBytes();
    const two = new Uint8Array(one.length * 2);
    two.set(one);
    two.set(one, one.length);
    cases.push([two, /announces \d+ bytes/, 1003]);
    for (const [frame, reason, code] of cases) {
      const raw = await rawClient(server.url);
      raw.socket.send(frame);
      expect(await raw.closed).toBe(code);
      expect(raw.received.map((m) => m.which())).toEqual(['abort']);
      expect(raw.received[0]!.abort.reason).toMatch(reason);
    }
    for (const connection of server.connections) {
      expect(connection.error?.code).toBe('RPC_PROTOCOL');
      expect(connection.stats()).toEqual(EMPTY);
    }
  });

  it('a client whose server sends text fails its pending calls with disconnected and a clear reason', async () => {
    const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await once(wss, 'listening');
    cleanups.push(() => new Promise<void>((resolve) => wss.close(() => resolve())));
    const serverSocket = new Promise<WsSocket>((resolve) => wss.once('connection', resolve));
    const connection = await connectWebSocket(`ws://127.0.0.1:${(wss.address() as AddressInfo).port}`, { WebSocket: WsWebSocket as unknown as WebSocketClass });
    const echo = connection.bootstrap((gen.EchoClient as ClientClass<any>));
    const pending = echo.echo({ text: 'never answered' });
    const socket = await serverSocket;
    const received: Uint8Array[] = [];
    socket.on('message', (data: Buffer, isBinary: boolean) => { if (isBinary) received.push(new Uint8Array(data)); });
    socket.send('not capnp');
    await expect(pending).rejects.toMatchObject({ type: 'disconnected' });
    expect(connection.error?.code).toBe('RPC_PROTOCOL');
    expect(connection.error?.message).toMatch(/text WebSocket message/);
    await until(() => received.some((m) => rpc.Message.readRoot(readMessage(m)).which() === 'abort'), 'the Abort');
    echo.close();
    socket.terminate();
  });

  it('connectWebSocket and listenWebSocket refuse a transport limit that is not one before any socket exists', async () => {
    // connectWebSocket made the transport in the socket's open handler: maxBufferedBytes: NaN
    // threw there, uncaught, and the connection never settled.
    const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await once(wss, 'listening');
    cleanups.push(() => new Promise<void>((resolve) => wss.close(() => resolve())));
    let upgrades = 0;
    wss.on('connection', () => upgrades++);
    const url = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`;
    for (const limits of [{ maxBufferedBytes: NaN }, { maxBufferedBytes: -1 }, { maxSegments: '8' as unknown as number }]) {
      await expect(connectWebSocket(url, { WebSocket: WsWebSocket as unknown as WebSocketClass, ...limits }))
        .rejects.toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringContaining(Object.keys(limits)[0]!) });
      await expect(listenWebSocket('127.0.0.1:0', { bootstrap: null as never, ...limits })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    }
    expect(upgrades).toBe(0);
  });

  it('with ws\'s client class, ws refuses a message over maxMessageBytes before buffering it', async () => {
    // ws's own limit is 100 MiB: the whole message was read before the transport refused it.
    const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await once(wss, 'listening');
    cleanups.push(() => new Promise<void>((resolve) => wss.close(() => resolve())));
    const serverSocket = new Promise<WsSocket>((resolve) => wss.once('connection', resolve));
    const connection = await connectWebSocket(`ws://127.0.0.1:${(wss.address() as AddressInfo).port}`, { WebSocket: WsWebSocket as unknown as WebSocketClass, maxMessageBytes: 1 << 20 });
    const socket = await serverSocket;
    const closed = new Promise<number>((resolve) => socket.on('close', (code: number) => resolve(code)));
    socket.send(new Uint8Array(2 << 20));
    await connection.closed;
    // 1009, "message too big", sent by ws itself; the transport's refusal would read the message first.
    expect(await closed).toBe(1009);
    expect(connection.error?.message).not.toMatch(/larger than/);
    socket.terminate();
  });

  it('ends the connection as overloaded when bufferedAmount passes maxBufferedBytes', async () => {
    // A socket whose peer reads nothing: everything sent stays buffered.
    const sent: Uint8Array[] = [];
    let closedWith: number | undefined;
    const socket: WebSocketLike = {
      binaryType: 'blob',
      readyState: 1,
      get bufferedAmount() { return sent.reduce((n, m) => n + m.length, 0); },
      send(data) { sent.push(data); },
      close(code) { closedWith = code; },
      addEventListener() {},
    };
    const connection = new Connection(new WebSocketTransport(socket, { maxBufferedBytes: 4096 }));
    expect(socket.binaryType).toBe('arraybuffer');
    const echo = connection.bootstrap((gen.EchoClient as ClientClass<any>));
    const small = echo.echo({ text: 'fits' });
    expect(connection.state).toBe('open');
    // What already waits is checked before each message: one larger than the limit still goes,
    // and the next one finds too much waiting.
    const big = echo.echo({ text: 'x'.repeat(8192) });
    expect(connection.state).toBe('open');
    expect(sent.at(-1)!.length).toBeGreaterThan(8192);
    const next = echo.echo({ text: 'after' });
    for (const call of [next, big, small]) await expect(call).rejects.toMatchObject({ type: 'disconnected' });
    expect(connection.error?.type).toBe('overloaded');
    expect(connection.error?.message).toMatch(/more than maxBufferedBytes \(4096\)/);
    expect(closedWith).toBe(1008);
    expect(connection.stats()).toEqual(EMPTY);
    echo.close();
  });

  it('a socket closed before the connection starts ends the connection at once', async () => {
    const socket: WebSocketLike = { binaryType: 'blob', readyState: 3, bufferedAmount: 0, send() {}, close() {}, addEventListener() {} };
    const connection = acceptWebSocket(socket);
    const echo = connection.bootstrap((gen.EchoClient as ClientClass<any>));
    await expect(echo.echo({ text: 'lost' })).rejects.toMatchObject({ type: 'disconnected' });
    expect(connection.error?.message).toMatch(/closed before the connection started/);
    echo.close();
  });

  it('connectWebSocket rejects with disconnected when nothing listens', async () => {
    const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await once(wss, 'listening');
    const port = (wss.address() as AddressInfo).port;
    await new Promise<void>((resolve) => wss.close(() => resolve()));
    await expect(connectWebSocket(`ws://127.0.0.1:${port}`, { WebSocket: WsWebSocket as unknown as WebSocketClass })).rejects.toMatchObject({ type: 'disconnected' });
  });
});

describe('listenWebSocket (capstan/rpc/websocket/node, on ws)', () => {
  it('serves every connection, refuses an oversize message inside ws, and closes its connections on close()', async () => {
    const host = createTransportHost(gen);
    const listener = await listenWebSocket('127.0.0.1:0', { bootstrap: host.bootstrap, maxMessageBytes: 1 << 16 });
    cleanups.push(async () => { await listener.close(); host.bootstrap.close(); });
    expect(listener.url).toBe(`ws://127.0.0.1:${listener.port}`);
    const { connection, bootstrap: echo } = await connectWebSocketTo(listener.url, (gen.EchoClient as ClientClass<any>), { WebSocket: WsWebSocket as unknown as WebSocketClass });
    const made = echo.makeCounter();
    const next = made.counter.next();
    expect((await next).n).toBe(0);
    expect(listener.connections.size).toBe(1);

    // ws's maxPayload follows maxMessageBytes: the message is refused before it is buffered.
    const raw = await rawClient(listener.url);
    raw.socket.send(new Uint8Array(100_000));
    expect(await raw.closed).toBe(1009);

    const waiting = echo.wait();
    await until(() => host.live.running === 1, 'the call to start');
    await listener.close();
    await expect(waiting).rejects.toMatchObject({ type: 'disconnected' });
    expect(connection.state).toBe('closed');
    expect(listener.connections.size).toBe(0);
    await until(() => host.live.counters === 0 && host.live.running === 0, 'the server to release everything');
    for (const p of [made, next]) p.dispose();
    echo.close();
  });

  it('attaches to an HTTP server of yours, on a path', async () => {
    const host = createTransportHost(gen);
    const http = createServer((_request, response) => response.end('plain HTTP'));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const listener = await listenWebSocket(http, { bootstrap: host.bootstrap, path: '/rpc' });
    cleanups.push(async () => {
      await listener.close();
      host.bootstrap.close();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    });
    const { connection, bootstrap: echo } = await connectWebSocketTo(`${listener.url}/rpc`, (gen.EchoClient as ClientClass<any>), { WebSocket: WsWebSocket as unknown as WebSocketClass });
    const call = echo.echo({ text: 'on /rpc' });
    expect((await call).text).toBe('on /rpc');
    call.dispose();
    echo.close();
    await connection.close();
    await expect(connectWebSocket(`${listener.url}/other`, { WebSocket: WsWebSocket as unknown as WebSocketClass })).rejects.toMatchObject({ type: 'disconnected' });
  });
});
