/**
 * RPC over MessagePorts (src/rpc/message-port): over a MessageChannel in this thread, with the
 * ports reduced to the web's interface (no Node `close` event, so the close notice is what
 * tells the far end), and over a real worker_threads Worker serving from dist/.
 */
import { fileURLToPath } from 'node:url';
import { MessageChannel, MessagePort, Worker } from 'node:worker_threads';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RpcError, type ClientClass } from '../../src/rpc/index.js';
import {
  connectMessagePort, connectMessagePortTo, MESSAGE_PORT_CLOSE, MessagePortTransport, type MessagePortLike,
} from '../../src/rpc/message-port/index.js';
import * as rpc from '../../src/generated/std/rpc.capnp.js';
import { readMessage } from '../../src/wire/index.js';
import { distModule, distRpcFixture } from './dist-fixture.js';
import { createTransportHost } from './transport-host.mjs';
import { EMPTY, exerciseEcho, generateRpcFixture, settle, until } from './support.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
let gen: any;

beforeAll(async () => {
  gen = await import(generateRpcFixture());
});

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A Node port with only what a web MessagePort has: no `on`, so no Node `close` event. */
function webPort(port: MessagePort): MessagePortLike & { closed: boolean } {
  const web = {
    closed: false,
    postMessage: (message: unknown, transfer: ArrayBuffer[]) => port.postMessage(message, transfer),
    addEventListener: (type: 'message' | 'messageerror', listener: (event: any) => void) => port.addEventListener(type, listener),
    start: () => port.start(),
    close: () => {
      web.closed = true;
      port.close();
    },
  };
  return web;
}

describe('over a MessageChannel', () => {
  it('calls, pipelining, a callback and 1 MiB of Data; a close reaches the far end through the close notice', async () => {
    const channel = new MessageChannel();
    const host = createTransportHost(gen);
    const serverPort = webPort(channel.port1);
    const clientPort = webPort(channel.port2);
    const server = connectMessagePort(serverPort, { bootstrap: host.bootstrap });
    const { connection: client, bootstrap: echo } = connectMessagePortTo(clientPort, (gen.EchoClient as ClientClass<any>));
    await exerciseEcho(echo, gen.Counter, { dataBytes: 1 << 20 });
    echo.close();
    await until(() => host.live.counters === 0 && server.stats().exports === 0, 'the server to release everything');
    expect(client.stats()).toEqual(EMPTY);
    expect(server.stats()).toEqual(EMPTY);

    await client.close();
    expect(clientPort.closed).toBe(true);
    await until(() => server.state === 'closed', 'the server to see the close');
    expect(server.error?.type).toBe('disconnected');
    expect(server.error?.message).toMatch(/peer closed/);
    expect(serverPort.closed).toBe(true);
    host.bootstrap.close();
  });

  it('transfers a buffer the message owns whole, and copies a slice of a shared one', async () => {
    const channel = new MessageChannel();
    cleanups.push(() => { channel.port1.close(); });
    const received: Uint8Array[] = [];
    channel.port2.on('message', (data: Uint8Array) => received.push(data));
    const transport = new MessagePortTransport(channel.port1);
    const owned = new Uint8Array(16);
    owned[4] = 1;
    transport.send(owned);
    expect(owned.buffer.byteLength).toBe(0); // detached: transferred, not copied
    const slab = new ArrayBuffer(64);
    const slice = new Uint8Array(slab, 8, 16);
    slice[4] = 1;
    slice[8] = 7;
    transport.send(slice);
    expect(slab.byteLength).toBe(64); // the slab stays ours
    await until(() => received.length === 2, 'both messages');
    expect(received[0]![4]).toBe(1);
    expect(received[1]!.length).toBe(16);
    expect(received[1]![8]).toBe(7);
    channel.port2.close();
  });

  it('falls back to posting copies on a port that refuses transfer lists (workerd), and still serves', async () => {
    const channel = new MessageChannel();
    const host = createTransportHost(gen);
    let refused = 0;
    let copies = 0;
    const port = webPort(channel.port1);
    const noTransfer: MessagePortLike = {
      ...port,
      postMessage(message, transfer) {
        if (transfer.length > 0) {
          refused++;
          throw new TypeError('Transfer list is not supported');
        }
        if (message instanceof Uint8Array) copies++;
        port.postMessage(message, []);
      },
    };
    const server = connectMessagePort(noTransfer, { bootstrap: host.bootstrap });
    const { connection: client, bootstrap: echo } = connectMessagePortTo(webPort(channel.port2), (gen.EchoClient as ClientClass<any>));
    const first = echo.echo({ text: 'one' });
    const second = echo.echo({ text: 'two' });
    expect([(await first).text, (await second).text]).toEqual(['one', 'two']);
    expect(refused).toBe(1); // tried once, then copies only
    expect(copies).toBeGreaterThanOrEqual(2);
    first.dispose();
    second.dispose();
    echo.close();
    await client.close();
    await until(() => server.state === 'closed', 'the server to see the close');
    host.bootstrap.close();
  });

  it('a string or a malformed message from the peer ends only that connection, with an Abort', async () => {
    const host = createTransportHost(gen);
    cleanups.push(() => host.bootstrap.close());
    const cases: Array<[unknown, RegExp]> = [
      ['{"not": "capnp"}', /posted a string/],
      [{ some: 'object' }, /posted \[object Object\]/],
      [new Uint8Array([0, 0, 0, 0, 4, 0, 0, 0, 1, 2, 3, 4]), /announces 40 bytes/],
    ];
    for (const [bad, reason] of cases) {
      const channel = new MessageChannel();
      const server = connectMessagePort(webPort(channel.port1), { bootstrap: host.bootstrap });
      const received: unknown[] = [];
      channel.port2.on('message', (data: unknown) => received.push(data));
      channel.port2.postMessage(bad);
      await until(() => server.state === 'closed', 'the connection to end');
      expect(server.error).toBeInstanceOf(RpcError);
      expect(server.error!.code).toBe('RPC_PROTOCOL');
      expect(server.error!.message).toMatch(reason);
      expect(server.stats()).toEqual(EMPTY);
      await until(() => received.length === 2, 'the Abort and the close notice');
      const abort = rpc.Message.readRoot(readMessage(received[0] as Uint8Array));
      expect(abort.which()).toBe('abort');
      expect(abort.abort.reason).toMatch(reason);
      expect(received[1]).toBe(MESSAGE_PORT_CLOSE);
      channel.port2.close();
    }
    // The shared bootstrap capability is still served: a fresh connection works.
    const channel = new MessageChannel();
    const server = connectMessagePort(webPort(channel.port1), { bootstrap: host.bootstrap });
    const { connection, bootstrap: echo } = connectMessagePortTo(webPort(channel.port2), (gen.EchoClient as ClientClass<any>));
    const call = echo.echo({ text: 'fine' });
    expect((await call).text).toBe('fine');
    call.dispose();
    echo.close();
    await connection.close();
    await until(() => server.state === 'closed', 'the server to close');
  });

  it('a connection ending rejects pending calls with disconnected', async () => {
    const channel = new MessageChannel();
    const host = createTransportHost(gen);
    const server = connectMessagePort(webPort(channel.port1), { bootstrap: host.bootstrap });
    const { connection: client, bootstrap: echo } = connectMessagePortTo(webPort(channel.port2), (gen.EchoClient as ClientClass<any>));
    const waiting = echo.wait();
    await until(() => host.live.running === 1, 'the call to start');
    await server.close('shutting down');
    await expect(waiting).rejects.toMatchObject({ type: 'disconnected' });
    expect(client.state).toBe('closed');
    expect(client.stats()).toEqual(EMPTY);
    expect(server.stats()).toEqual(EMPTY);
    await until(() => host.live.running === 0, 'the server call to be canceled');
    echo.close();
    host.bootstrap.close();
  });
});

describe('with a worker_threads Worker serving over its parentPort', () => {
  let fixtureModule = '';
  beforeAll(() => {
    fixtureModule = distRpcFixture();
  });

  /** A worker serving Echo; `report` resolves with what it says once its connection ends. */
  async function startWorker() {
    const control = new MessageChannel();
    const worker = new Worker(fileURLToPath(new URL('./message-port-worker.mjs', import.meta.url)), {
      workerData: { messagePortModule: distModule('rpc/message-port/index.js'), fixtureModule, control: control.port2 },
      transferList: [control.port2],
    });
    cleanups.push(async () => {
      control.port1.close();
      await worker.terminate();
    });
    const messages: any[] = [];
    control.port1.on('message', (message) => messages.push(message));
    await until(() => messages.some((m) => m.ready), 'the worker to start');
    const report = async () => {
      await until(() => messages.some((m) => m.stats), 'the worker to report');
      return messages.find((m) => m.stats);
    };
    return { worker, report };
  }

  it('calls, pipelining, a callback and 1 MiB of Data; both sides empty at the end', async () => {
    const { worker, report } = await startWorker();
    // A Node Worker is an EventEmitter, not a port: messages come through `on('message')`.
    const { connection, bootstrap: echo } = connectMessagePortTo(worker, (gen.EchoClient as ClientClass<any>), { closePort: false });
    await exerciseEcho(echo, gen.Counter, { dataBytes: 1 << 20 });
    echo.close();
    await settle(20);
    expect(connection.stats()).toEqual(EMPTY);
    await connection.close();
    const { stats, live, error } = await report();
    expect(error.type).toBe('disconnected');
    expect(error.message).toMatch(/peer closed/);
    expect(stats).toEqual(EMPTY);
    expect(live).toEqual({ counters: 0, running: 0 });
  });

  it('a worker that ends rejects pending calls with disconnected', async () => {
    const { worker } = await startWorker();
    const { connection, bootstrap: echo } = connectMessagePortTo(worker, (gen.EchoClient as ClientClass<any>), { closePort: false });
    const ready = echo.echo({ text: 'up' });
    expect((await ready).text).toBe('up');
    ready.dispose();
    const waiting = echo.wait();
    await settle(20);
    await worker.terminate();
    await expect(waiting).rejects.toMatchObject({ type: 'disconnected' });
    expect(connection.error?.message).toMatch(/exited with code 1/);
    expect(connection.stats()).toEqual(EMPTY);
    echo.close();
  });
});
