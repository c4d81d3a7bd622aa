/**
 * Hostile peers: each limit a connection puts on what a peer can make it hold, and the
 * protocol-breaking traffic the RPC fuzzer found mishandled (test/rpc/fuzz.test.ts,
 * scripts/fuzz-rpc.mjs), reduced to the frames that did it. Every test here fails without the
 * limit or the fix it is named after.
 */
import * as net from 'node:net';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as rpcModule from '../../src/rpc/index.js';
import { Connection, RpcError, transportPair, type CapabilityServer, type ConnectionOptions } from '../../src/rpc/index.js';
import * as rpcNode from '../../src/rpc/node/index.js';
import { WebSocketTransport } from '../../src/rpc/websocket/index.js';
import { MessagePortTransport } from '../../src/rpc/message-port/index.js';
import { listen } from '../../src/rpc/node/index.js';
import * as rpc from '../../src/generated/std/rpc.capnp.js';
import * as wire from '../../src/wire/index.js';
import { concatBytes, MessageBuilder, readMessage } from '../../src/wire/index.js';
import { createHost, type Host, type RpcFuzzModules } from '../../scripts/fuzz-rpc-core.mjs';
import { connectedPair, EMPTY, expectEmpty, generateRpcFixture, liveCounters, settle, until } from './support.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
let gen: any;
let m: RpcFuzzModules;

beforeAll(async () => {
  gen = await import(generateRpcFixture());
  m = { wire, rpc: rpcModule, schema: rpc, fixture: gen };
});

// Method ordinals of Echo and Counter in test/fixtures/rpc/rpc-test.capnp.
const ECHO = { echo: 0, echoCap: 1, makeCounter: 2, callCounter: 3, wait: 5, hold: 7, release: 8, echoData: 12 } as const;

type Descriptor = (d: rpc.CapDescriptorBuilder) => void;

/**
 * A server connection on a fresh host (test/rpc/fuzz.test.ts's Echo, which counts the Counters it makes
 * and the calls it is running), driven by hand-built frames from a raw peer.
 */
function rawPeer(options: ConnectionOptions = {}) {
  const host: Host = createHost(m);
  const [serverEnd, peerEnd] = transportPair();
  const received: rpc.MessageReader[] = [];
  let peerClosed = false;
  peerEnd.start((frame) => received.push(rpc.Message.read(frame.slice())), () => { peerClosed = true; });
  const server = new Connection(serverEnd, { bootstrap: host.bootstrap, ...options });
  const sendBuilt = (message: MessageBuilder) => {
    message.capTable.length = 0;
    peerEnd.send(message.toBytes());
  };
  const send = (build: (message: rpc.MessageBuilder) => void) => {
    const message = new MessageBuilder();
    build(rpc.Message.initRoot(message));
    sendBuilt(message);
  };
  /** A Call of Echo's method `methodId` on our import `target` (or a promised answer), with capabilities as params. */
  const call = (questionId: number, target: number | { answer: number; path: number[] }, methodId: number, caps: Descriptor[] = [], interfaceId = gen.Echo.$info.typeId) =>
    send((message) => {
      const c = message.initCall();
      c.questionId = questionId;
      c.interfaceId = interfaceId;
      c.methodId = methodId;
      if (typeof target === 'number') {
        c.initTarget().importedCap = target;
      } else {
        const promised = c.initTarget().initPromisedAnswer();
        promised.questionId = target.answer;
        const ops = promised.initTransform(target.path.length);
        target.path.forEach((index, i) => { ops.get(i).getPointerField = index; });
      }
      const params = c.initParams();
      const content = params.initContent().initStruct(0, Math.max(caps.length, 1));
      caps.forEach((_, i) => content.setCapability(i, i));
      if (caps.length > 0) {
        const table = params.initCapTable(caps.length);
        caps.forEach((describe, i) => describe(table.get(i)));
      }
    });
  const close = async () => {
    peerEnd.close();
    await server.closed;
    host.impl.release();
    await settle();
  };
  return { host, server, received, peerClosed: () => peerClosed, send, sendBuilt, sendBytes: (bytes: Uint8Array) => peerEnd.send(bytes), call, close, kinds: () => received.map((r) => r.which()) };
}

function pair(serverOptions: ConnectionOptions = {}, clientOptions: ConnectionOptions = {}) {
  const host = createHost(m);
  const p = connectedPair({ bootstrap: host.bootstrap, ...serverOptions }, clientOptions);
  return { ...p, host, echo: p.client.bootstrap(gen.EchoClient) as any };
}

/**
 * A server that walks a call's params, following every pointer (shared targets again each time),
 * and reports how many structs it visited before the traversal limit stopped it.
 */
function walkingServer(visits: number[]): CapabilityServer {
  return {
    dispatch(call) {
      let count = 0;
      const walk = (s: wire.StructReader): void => {
        count++;
        for (let i = 0; i < s.pointerCount; i++) if (s.hasPointer(i)) walk(s.getPointer(i).getStruct());
      };
      try {
        walk(call.params.content.getStruct());
      } catch (error) {
        expect(error).toMatchObject({ code: 'TRAVERSAL_LIMIT' });
      }
      visits.push(count);
    },
  };
}

/** Sends, raw, a Call on the bootstrap capability whose params are `depth` levels of 4 pointers that share their targets (a tree of 4^depth structs in a few hundred bytes). */
function sendSharedPointerCall(send: (bytes: Uint8Array) => void, depth: number): void {
  const bootstrap = new MessageBuilder();
  rpc.Message.initRoot(bootstrap).initBootstrap().questionId = 0;
  send(bootstrap.toBytes());
  const message = new MessageBuilder();
  const call = rpc.Message.initRoot(message).initCall();
  call.questionId = 1;
  call.initTarget().initPromisedAnswer().questionId = 0;
  let level: wire.StructBuilder = call.initParams().initContent().initStruct(0, 4);
  for (let d = 0; d < depth; d++) {
    const next = level.initStruct(0, 0, d === depth - 1 ? 0 : 4);
    const view = level.segment.view;
    // Pointers 1-3 point where pointer 0 does.
    for (let i = 1; i < 4; i++) {
      const at = level.pointers + i * 8;
      view.setUint32(at, ((((next.data - at - 8) / 8) << 2) >>> 0), true);
      view.setUint32(at + 4, d === depth - 1 ? 0 : 4 << 16, true);
    }
    level = next;
  }
  message.capTable.length = 0;
  send(message.toBytes());
}

/** An Echo whose `counters(count)` answers with that many new counters of `counters`. */
function countersServer(counters: ReturnType<typeof liveCounters>) {
  return gen.Echo.serve({
    counters(p: { count: number }, context: { results: { counters: unknown } }) {
      const handles = Array.from({ length: p.count }, () => counters.make());
      context.results.counters = handles;
      // The results hold references of their own.
      for (const handle of handles) handle.close();
    },
  });
}

describe('limits on what a peer can make a connection hold', () => {
  it('traversalLimitInWords: by default, params buy reading in proportion to their size, not maxMessageBytes / 8', async () => {
    const visits: number[] = [];
    const [serverEnd, peerEnd] = transportPair();
    peerEnd.start(() => {}, () => {});
    const server = new Connection(serverEnd, { bootstrap: walkingServer(visits) });
    sendSharedPointerCall((bytes) => peerEnd.send(bytes), 20);
    await settle();
    // The call's message is about 100 words: its budget is the floor, 32 Ki words; a struct
    // visited costs its words (4 pointers, or none for the empty ones at the bottom), so about as
    // many visits. maxMessageBytes / 8 (8 Mi words) would have allowed millions.
    expect(visits).toHaveLength(1);
    expect(visits[0]).toBeGreaterThan(7_000);
    expect(visits[0]).toBeLessThan(64 * 1024);
    peerEnd.close();
    await server.closed;
    // A limit given is taken as it is.
    const given: number[] = [];
    const [end2, peer2] = transportPair();
    peer2.start(() => {}, () => {});
    const server2 = new Connection(end2, { bootstrap: walkingServer(given), traversalLimitInWords: 400_000 });
    sendSharedPointerCall((bytes) => peer2.send(bytes), 20);
    await settle();
    expect(given[0]).toBeGreaterThan(100_000);
    peer2.close();
    await server2.closed;
  });

  it('limits must be whole numbers of at least 0, or Infinity: a connection and listen refuse others', async () => {
    // A NaN limit compared false against every size: maxMessageBytes: NaN accepted any message.
    const names = ['maxMessageBytes', 'maxOutgoingMessageBytes', 'traversalLimitInWords', 'nestingLimit', 'maxSegments', 'maxCapsPerMessage', 'maxOutgoingCapsPerMessage', 'maxAnswers', 'maxExports', 'maxHeldBytes', 'streamWindowBytes'] as const;
    for (const name of names) {
      for (const bad of [NaN, -1, 2.5, '64' as unknown as number]) {
        const [a] = transportPair();
        expect(() => new Connection(a, { [name]: bad }), `${name}: ${String(bad)}`).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringContaining(name) }));
      }
      const [a] = transportPair();
      new Connection(a, { [name]: Infinity }).close();
    }
    await expect(listen('127.0.0.1:0', { bootstrap: null as never, maxMessageBytes: NaN })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });

  it('a transport made with limits of its own refuses ones that are not limits', () => {
    // new SocketTransport(socket, { maxMessageBytes: NaN }) framed messages of any size.
    const makers: Array<[string, (limits: { maxMessageBytes?: number; maxSegments?: number }) => unknown]> = [
      ['SocketTransport', (limits) => new rpcNode.SocketTransport(new net.Socket(), limits)],
      ['WebSocketTransport', (limits) => new WebSocketTransport({ binaryType: 'blob', readyState: 1, bufferedAmount: 0, send() {}, close() {}, addEventListener() {} } as never, limits)],
      ['MessagePortTransport', (limits) => new MessagePortTransport({ postMessage() {}, addEventListener() {} } as never, limits)],
    ];
    for (const [name, make] of makers) {
      for (const limits of [{ maxMessageBytes: NaN }, { maxSegments: -1 }, { maxMessageBytes: '1' as unknown as number }]) {
        expect(() => make(limits), `${name} ${JSON.stringify(limits)}`).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
      }
      expect(() => make({ maxMessageBytes: 1024, maxSegments: Infinity }), name).not.toThrow();
    }
  });

  it('maxMessageBytes: a larger message ends the connection with a protocol error', async () => {
    const { server, echo } = pair({ maxMessageBytes: 4096, traversalLimitInWords: 1 << 20 });
    expect((await echo.echo({ text: 'small' })).text).toBe('small');
    await expect(echo.echo({ text: 'x'.repeat(8192) })).rejects.toMatchObject({ type: 'disconnected' });
    expect(server.error).toMatchObject({ code: 'RPC_PROTOCOL', message: expect.stringContaining('exceeds the limit of 4096') });
    echo.close();
  });

  it('maxSegments: a message of more segments ends the connection', async () => {
    const peer = rawPeer({ maxSegments: 2 });
    const message = new MessageBuilder({ firstSegmentWords: 1, growth: 'fixed' });
    rpc.Message.initRoot(message).initBootstrap().questionId = 0;
    expect(message.getSegments().length).toBeGreaterThan(2);
    peer.sendBuilt(message);
    await settle();
    expect(peer.server.error).toMatchObject({ code: 'RPC_PROTOCOL', message: expect.stringContaining('segment') });
    expect(peer.kinds()).toEqual(['abort']);
  });

  it('traversalLimitInWords: a message that reads more words than allowed ends the connection', async () => {
    const { server, echo } = pair({ traversalLimitInWords: 64 });
    expect((await echo.echo({ text: 'small' })).text).toBe('small');
    await expect(echo.echo({ text: 'x'.repeat(1024) })).rejects.toBeInstanceOf(RpcError);
    expect(server.error?.message).toContain('traversal limit of 64 words');
    echo.close();
  });

  it('nestingLimit: a message nested deeper than allowed ends the connection', async () => {
    const peer = rawPeer({ nestingLimit: 4 });
    peer.send((message) => { message.initBootstrap().questionId = 9; });
    await settle();
    expect(peer.kinds()).toEqual(['return']);
    // Message -> Call -> MessageTarget -> PromisedAnswer -> transform list: five levels.
    peer.call(0, { answer: 9, path: [0] }, ECHO.echo);
    await settle();
    expect(peer.server.error).toMatchObject({ code: 'RPC_PROTOCOL', message: expect.stringContaining('NESTING_LIMIT') });
  });

  it('maxAnswers: more calls outstanding than allowed end the connection as overloaded', async () => {
    const { server, echo } = pair({ maxAnswers: 3 });
    await echo.echo({ text: 'the bootstrap question is finished' });
    // Three waits fill the table, the fourth is one too many.
    const waits = [echo.wait(), echo.wait(), echo.wait()];
    await settle();
    expect(server.state).toBe('open');
    const last = echo.wait();
    await settle();
    expect(server.error).toMatchObject({ type: 'overloaded', code: 'RPC_OVERLOADED' });
    for (const call of [...waits, last]) await expect(call).rejects.toMatchObject({ type: 'disconnected' });
    echo.close();
  });

  it('maxHeldBytes: calls that would hold more than allowed are answered overloaded, not run, and the connection carries on', async () => {
    // Before: every call was run and held its message until it returned; 200 calls of 1 MiB to
    // a method that waited held 216 MB (up to maxAnswers, 16384, such messages).
    let open!: () => void;
    const gate = new Promise<void>((resolve) => { open = resolve; });
    let ran = 0;
    const server = { echoData: async (p: { data: Uint8Array }) => { ran++; await gate; return { data: p.data }; } };
    const { client, server: serverConnection } = connectedPair({ bootstrap: gen.Echo.serve(server), maxHeldBytes: 64 * 1024 });
    const echo = client.bootstrap(gen.EchoClient) as any;
    await echo.whenResolved();
    const data = new Uint8Array(16 * 1024).fill(7);
    // Each call's message is a little over 16 KiB: three fit in 64 KiB, the fourth would not.
    const calls = Array.from({ length: 6 }, () => echo.echoData({ data }));
    for (const call of calls) call.catch(() => {});
    for (const call of calls.slice(3)) {
      await expect(call).rejects.toMatchObject({ type: 'overloaded', message: expect.stringMatching(/^this call would hold \d+ bytes more, past the limit on what the peer's calls hold on this connection \(maxHeldBytes: 65536; \d+ held\): not run/) });
    }
    expect(ran).toBe(3);
    const held = serverConnection.stats().heldBytes;
    expect(held).toBeGreaterThan(3 * data.length);
    expect(held).toBeLessThanOrEqual(64 * 1024);
    expect(serverConnection.state).toBe('open');
    open();
    for (const call of calls.slice(0, 3)) expect((await call).data).toEqual(data);
    await settle();
    // Returned and finished: nothing is held, and calls run again.
    expect(serverConnection.stats()).toMatchObject({ answers: 0, heldBytes: 0 });
    expect((await echo.echoData({ data })).data).toEqual(data);
    echo.close();
    await settle();
    expectEmpty(client, serverConnection);
  });

  it('maxHeldBytes: a held call counts the memory its message lies in, once however many calls share it', async () => {
    // Before, each call counted its own length, while what it kept was the buffer it was read
    // from: a chunk of a socket, or the slab small messages are read from a copy in. A peer that
    // wrote each 1 136-byte waiting call with a 60 KB call that returned at once kept 86.9 MB over
    // TCP while 1.1 MB was counted; one that sent each 136-byte waiting call among 30 small
    // calls, 15.3 MB for 136 KB.
    const peer = rawPeer({ maxHeldBytes: 48 * 1024 });
    peer.send((message) => { message.initBootstrap().questionId = 0; });
    const waitCall = (questionId: number, dataBytes: number) => {
      const message = new MessageBuilder();
      const c = rpc.Message.initRoot(message).initCall();
      c.questionId = questionId;
      c.interfaceId = gen.Echo.$info.typeId;
      c.methodId = ECHO.wait;
      c.initTarget().initPromisedAnswer().questionId = 0;
      c.initParams().initContent().initStruct(0, 1).initData(0, dataBytes);
      message.capTable.length = 0;
      return message.toBytes();
    };
    // Two calls of 2 KB in one 64 KiB buffer, as two messages of one chunk read from a socket.
    const chunk = new Uint8Array(64 * 1024);
    const [first, second] = [waitCall(1, 2000), waitCall(2, 2000)];
    chunk.set(first, 0);
    chunk.set(second, first.length);
    peer.sendBytes(chunk.subarray(0, first.length));
    peer.sendBytes(chunk.subarray(first.length, first.length + second.length));
    await settle();
    // Both run (the second adds nothing: its buffer is held already), and the buffer counts once.
    expect(peer.host.live.running).toBe(2);
    expect(peer.server.stats()).toMatchObject({ answers: 3, heldBytes: 64 * 1024 });
    // A call in a buffer of its own would pass the limit: refused.
    peer.sendBytes(waitCall(3, 2000));
    await settle();
    const refused = peer.received.filter((r) => r.which() === 'return').map((r) => r.return).filter((r) => r.answerId === 3);
    expect(refused.map((r) => r.exception.type)).toEqual([rpc.Exception_Type.overloaded]);
    expect(peer.host.live.running).toBe(2);
    // Small messages are read from a copy in a shared slab: held, it counts once too.
    for (const questionId of [1, 2, 3]) peer.send((message) => { message.initFinish().questionId = questionId; });
    await settle();
    expect(peer.server.stats()).toMatchObject({ answers: 1, heldBytes: 0 });
    peer.sendBytes(waitCall(4, 0));
    peer.sendBytes(waitCall(5, 0));
    await settle();
    expect(peer.host.live.running).toBe(2);
    const slab = peer.server.stats().heldBytes;
    expect(slab).toBeGreaterThanOrEqual(8 * 1024);
    expect(slab).toBeLessThanOrEqual(48 * 1024);
    for (const questionId of [4, 5]) peer.send((message) => { message.initFinish().questionId = questionId; });
    await settle();
    expect(peer.server.stats()).toMatchObject({ answers: 1, heldBytes: 0 });
    await peer.close();
  });

  it('maxHeldBytes: a large call\'s buffer is let go once its call is finished, not kept for the next one', async () => {
    // The count keeps the buffer most calls lie in (the read slab) in fields between calls; a
    // large message's buffer was kept there too, until the next call came.
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const [serverEnd, clientEnd] = transportPair();
    let sent: WeakRef<ArrayBufferLike> | null = null;
    const tap = {
      start: clientEnd.start.bind(clientEnd),
      close: clientEnd.close.bind(clientEnd),
      send(bytes: Uint8Array) {
        if (bytes.length > 1 << 20) sent = new WeakRef(bytes.buffer);
        clientEnd.send(bytes);
      },
    };
    const server = new Connection(serverEnd, { bootstrap: gen.Echo.serve({ echoData: () => ({}) }) });
    const client = new Connection(tap);
    const echo = client.bootstrap(gen.EchoClient) as any;
    const call = echo.echoData({ data: new Uint8Array(2 << 20) });
    await call;
    call.dispose();
    await settle();
    expect(sent).not.toBeNull();
    expect(server.stats()).toMatchObject({ answers: 0, heldBytes: 0 });
    for (let i = 0; i < 3; i++) {
      gc();
      await settle();
    }
    expect(sent!.deref()).toBeUndefined();
    echo.close();
    await expectEmpty(client, server);
  });

  it('maxHeldBytes: over TCP, a held call counts the chunk it arrived in, which it keeps', async () => {
    // A message read from a socket is a view of the chunk it arrived in. Before, a call counted
    // its own length: 1 000 waiting calls of 1 136 bytes, each written with a 60 KB call that
    // returned at once, kept 86.9 MB where 1.1 MB was counted.
    const listener = await listen('127.0.0.1:0', { bootstrap: () => gen.Echo.serve({ wait: () => new Promise(() => {}), echoData: () => ({}) }) });
    const socket = net.connect(listener.port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.on('data', () => {});
    const frame = (build: (message: rpc.MessageBuilder) => void) => {
      const message = new MessageBuilder();
      build(rpc.Message.initRoot(message));
      message.capTable.length = 0;
      return message.toBytes();
    };
    const call = (questionId: number, methodId: number, dataBytes: number) => frame((message) => {
      const c = message.initCall();
      c.questionId = questionId;
      c.interfaceId = gen.Echo.$info.typeId;
      c.methodId = methodId;
      c.initTarget().initPromisedAnswer().questionId = 0;
      c.initParams().initContent().initStruct(0, 1).initData(0, dataBytes);
    });
    const held = call(1, ECHO.wait, 1000);
    socket.write(concatBytes([
      frame((message) => { message.initBootstrap().questionId = 0; }),
      held,
      call(2, ECHO.echoData, 20_000),
      frame((message) => { message.initFinish().questionId = 2; }),
    ]));
    const server = () => [...listener.connections][0];
    await until(() => server()?.stats().answers === 2, 'the calls to be answered and the second finished');
    expect(held.length).toBeLessThan(1200);
    expect(server()!.stats().heldBytes).toBeGreaterThan(20_000);
    socket.destroy();
    await listener.close();
  });

  it('maxHeldBytes: results with capabilities count until the peer sends Finish, results without are let go at once, and a refused call gives back the capabilities it carried', async () => {
    let holds = 0;
    const peer = rawPeer({
      bootstrap: gen.Echo.serve({
        echoData: (p: { data: Uint8Array }) => ({ data: p.data }),
        makeCounter: () => ({ counter: gen.Counter.serve({ next: () => ({ n: 0 }) }) }),
        hold: () => { holds++; },
      }),
      maxHeldBytes: 64 * 1024,
    });
    peer.send((message) => { message.initBootstrap().questionId = 0; });
    const call = (questionId: number, methodId: number, dataBytes: number, cap = false) => peer.send((message) => {
      const c = message.initCall();
      c.questionId = questionId;
      c.interfaceId = gen.Echo.$info.typeId;
      c.methodId = methodId;
      c.initTarget().initPromisedAnswer().questionId = 0;
      const params = c.initParams();
      // A message of over 512 bytes is read in place, from a buffer of its own.
      const content = params.initContent().initStruct(0, 2);
      // echoData's data is pointer 0; hold's capability is, and the data then follows it.
      content.initData(cap ? 1 : 0, dataBytes);
      if (cap) {
        content.setCapability(0, 0);
        params.initCapTable(1).get(0).senderHosted = 5;
      }
    });
    const returns = () => peer.received.filter((r) => r.which() === 'return').map((r) => r.return);
    // Two calls answered with 16 KiB each, whose Finish does not come: their results hold no
    // capability, so nothing can be pipelined on them and they are let go; the calls count.
    call(1, ECHO.echoData, 16 * 1024);
    call(2, ECHO.echoData, 16 * 1024);
    await settle();
    expect(returns().map((r) => [r.answerId, r.which()])).toEqual([[0, 'results'], [1, 'results'], [2, 'results']]);
    const calls = peer.server.stats().heldBytes;
    expect(calls).toBeGreaterThan(2 * 16 * 1024);
    expect(calls).toBeLessThan(2 * 17 * 1024);
    // A pipelined call on them fails as on a null capability.
    peer.call(3, { answer: 1, path: [0] }, ECHO.echo);
    await settle();
    expect(returns().at(-1)!.exception.reason).toContain('null capability');
    // Results with a capability are kept until the Finish, by the memory they keep.
    call(4, ECHO.makeCounter, 1000);
    await settle();
    expect(returns().at(-1)).toMatchObject({ answerId: 4 });
    expect(peer.server.stats().heldBytes - calls).toBeGreaterThan(1000 + 1024);
    // Past the limit now: a call in a buffer of its own is refused, and the capability it
    // carried (our 5) comes back.
    call(5, ECHO.hold, 40 * 1024, true);
    await settle();
    expect([returns().at(-1)!.answerId, returns().at(-1)!.which(), returns().at(-1)!.exception.type]).toEqual([5, 'exception', rpc.Exception_Type.overloaded]);
    const releases = peer.received.filter((r) => r.which() === 'release').map((r) => [r.release.id, r.release.referenceCount]);
    expect(releases).toEqual([[5, 1]]);
    expect(holds).toBe(0);
    // The Finishes let go of what they held: the next call runs.
    for (const questionId of [1, 2, 3, 4, 5]) peer.send((message) => { message.initFinish().questionId = questionId; });
    await settle();
    expect(peer.server.stats()).toMatchObject({ answers: 1, heldBytes: 0 });
    call(6, ECHO.echoData, 16 * 1024);
    await settle();
    expect(returns().at(-1)).toMatchObject({ answerId: 6 });
    expect(returns().at(-1)!.which()).toBe('results');
    expect(peer.server.state).toBe('open');
    await peer.close();
  });

  it('maxOutgoingCapsPerMessage: a message of more capabilities than a peer takes is not sent; the one call fails, the connection carries on', async () => {
    // Before: results of 1 025 capabilities made the client, which takes 1 024, abort the
    // connection, and every call and capability on it failed.
    const counters = liveCounters(gen);
    const { client, server } = connectedPair({ bootstrap: () => countersServer(counters) });
    const echo = client.bootstrap(gen.EchoClient) as any;
    const tooMany = echo.counters({ count: 1025 });
    await expect(tooMany).rejects.toMatchObject({ type: 'failed', message: expect.stringMatching(/^the message would carry 1025 capabilities, more than the 1024 this connection sends in one \(maxOutgoingCapsPerMessage/) });
    tooMany.dispose();
    const enough = echo.counters({ count: 1024 });
    expect((await enough).counters.length).toBe(1024);
    enough.dispose();
    expect([client.state, server.state]).toEqual(['open', 'open']);
    // A call: its params' capabilities are given back, and nothing is sent.
    const mine = Array.from({ length: 1025 }, () => counters.make());
    const callsBefore = server.stats().answers;
    const call = echo.call(gen.Echo.$info.typeId, ECHO.hold, (params: wire.AnyPointerBuilder) => {
      const content = params.initStruct(0, mine.length);
      mine.forEach((counter, i) => content.setCapability(i, counter));
    }, () => null);
    await expect(call).rejects.toMatchObject({ type: 'failed', message: expect.stringContaining('would carry 1025 capabilities') });
    expect(server.stats().answers).toBe(callsBefore);
    for (const counter of mine) counter.close();
    echo.close();
    await expectEmpty(client, server);
    expect(counters.live).toBe(0);
    // Infinity sends any number (to a peer that takes them).
    const open = connectedPair({ bootstrap: () => countersServer(counters), maxOutgoingCapsPerMessage: Infinity }, { maxCapsPerMessage: 2048 });
    const wide = open.client.bootstrap(gen.EchoClient) as any;
    const many = wide.counters({ count: 1025 });
    expect((await many).counters.length).toBe(1025);
    many.dispose();
    wide.close();
    await expectEmpty(open.client, open.server);
    expect(counters.live).toBe(0);
  });

  it('maxExports: a call whose results would export more capabilities than allowed fails overloaded', async () => {
    const { client, server, echo, host } = pair({ maxExports: 2 });
    // The bootstrap capability is one export, the first counter the second.
    const first = echo.makeCounter();
    expect((await first.counter.next()).n).toBe(0);
    const second = echo.makeCounter();
    await expect(second).rejects.toMatchObject({ type: 'overloaded' });
    expect(server.state).toBe('open');
    second.dispose();
    first.dispose();
    echo.close();
    await settle();
    expect(client.stats()).toEqual(EMPTY);
    expect(server.stats()).toEqual(EMPTY);
    expect(host.live.counters).toBe(0);
  });

  it('maxExports: results that reach the limit part way through their cap table give back what they had counted', async () => {
    const counters = liveCounters(gen);
    const { client, server } = connectedPair({
      bootstrap: () => countersServer(counters),
      maxExports: 3,
    });
    const echo = client.bootstrap(gen.EchoClient) as any;
    // The bootstrap capability is one export; of three new ones, two fit and the third does not.
    const call = echo.counters({ count: 3 });
    await expect(call).rejects.toMatchObject({ type: 'overloaded' });
    expect(server.state).toBe('open');
    call.dispose();
    echo.close();
    await expectEmpty(client, server);
    expect(counters.live).toBe(0);
  });

  it('maxExports on the caller: params that would export more than allowed fail the call, and nothing of it stays', async () => {
    const counters = liveCounters(gen);
    const { client, server } = connectedPair({ bootstrap: () => gen.Echo.serve({ echoCap: (p: { cap: unknown }) => ({ cap: p.cap }) }) }, { maxExports: 0 });
    const echo = client.bootstrap(gen.EchoClient) as any;
    await echo.whenResolved();
    const local = counters.make();
    const call = echo.echoCap({ cap: local });
    await expect(call).rejects.toMatchObject({ type: 'overloaded' });
    call.dispose();
    local.close();
    echo.close();
    await expectEmpty(client, server);
    expect(counters.live).toBe(0);
  });

  // A peer aborts the connection on a message over its limit, which loses every call and
  // capability on it; a connection sends nothing over its own (the peer's, presumably) instead.
  it('maxOutgoingMessageBytes: a call larger than the connection sends fails, nothing is sent, and the connection stays up', async () => {
    const { client, server, clientTap } = connectedPair({ bootstrap: () => gen.Echo.serve({ echo: (p: { text: string }) => ({ text: p.text }) }) }, { maxMessageBytes: 4096 });
    const echo = client.bootstrap(gen.EchoClient) as any;
    expect((await echo.echo({ text: 'small' })).text).toBe('small');
    const sent = clientTap.sent.length;
    const big = echo.echo({ text: 'x'.repeat(8192) });
    await expect(big).rejects.toMatchObject({ type: 'failed', code: 'MESSAGE_TOO_LARGE', message: expect.stringMatching(/would be a message of 8\d{3} bytes, over the 4096-byte limit/) });
    big.dispose();
    expect(clientTap.sent.length).toBe(sent);
    expect((await echo.echo({ text: 'still up' })).text).toBe('still up');
    expect([client.state, server.state]).toEqual(['open', 'open']);
    echo.close();
    await expectEmpty(client, server);
  });

  it('maxOutgoingMessageBytes: the capabilities of a call that is not sent are given back', async () => {
    const counters = liveCounters(gen);
    // Every call is over a limit of 0 (the Bootstrap message is not a call: it goes).
    const { client, server } = connectedPair({ bootstrap: () => gen.Echo.serve({ echoCap: (p: { cap: unknown }) => ({ cap: p.cap }) }) }, { maxOutgoingMessageBytes: 0 });
    const echo = client.bootstrap(gen.EchoClient) as any;
    await echo.whenResolved();
    const local = counters.make();
    const call = echo.echoCap({ cap: local });
    await expect(call).rejects.toMatchObject({ code: 'MESSAGE_TOO_LARGE' });
    expect(client.stats().exports).toBe(0);
    call.dispose();
    local.close();
    echo.close();
    await expectEmpty(client, server);
    expect(counters.live).toBe(0);
  });

  it('maxOutgoingMessageBytes: a -> stream call over the limit fails itself, not only the next call', async () => {
    let received = 0;
    const { client, server } = connectedPair({ bootstrap: () => gen.Echo.serve({ write: (p: { data: Uint8Array }) => { received += p.data.length; } }) }, { maxOutgoingMessageBytes: 4096 });
    const echo = client.bootstrap(gen.EchoClient) as any;
    await echo.write({ data: new Uint8Array(100) });
    // A stream call resolves once the window has room, before its Return; one the connection
    // refused to send has already failed, so it says so at once.
    await expect(echo.write({ data: new Uint8Array(10_000) })).rejects.toMatchObject({ code: 'MESSAGE_TOO_LARGE' });
    // The stream stays failed, as after any failed stream call.
    await expect(echo.write({ data: new Uint8Array(100) })).rejects.toMatchObject({ code: 'MESSAGE_TOO_LARGE' });
    expect(received).toBe(100);
    expect([client.state, server.state]).toEqual(['open', 'open']);
    echo.close();
    await expectEmpty(client, server);
  });

  it('maxOutgoingMessageBytes: results larger than the server sends are answered with an exception saying so', async () => {
    const { client, server } = connectedPair({ bootstrap: () => gen.Echo.serve({ echo: (p: { text: string }) => ({ text: p.text }) }), maxOutgoingMessageBytes: 4096 });
    const echo = client.bootstrap(gen.EchoClient) as any;
    const big = echo.echo({ text: 'y'.repeat(8192) });
    await expect(big).rejects.toMatchObject({ type: 'failed', message: expect.stringMatching(/^the results would be a message of 8\d{3} bytes, over the 4096-byte limit/) });
    big.dispose();
    expect((await echo.echo({ text: 'still up' })).text).toBe('still up');
    expect([client.state, server.state]).toEqual(['open', 'open']);
    echo.close();
    await expectEmpty(client, server);
  });

  it('maxOutgoingMessageBytes: results not sent give back the exports their cap table counted', async () => {
    const counters = liveCounters(gen);
    const { client, server } = connectedPair({
      bootstrap: () => countersServer(counters),
      // The bootstrap capability's Return fits; twenty descriptors do not.
      maxOutgoingMessageBytes: 400,
    });
    const echo = client.bootstrap(gen.EchoClient) as any;
    const call = echo.counters({ count: 20 });
    await expect(call).rejects.toMatchObject({ message: expect.stringContaining('the results would be a message of') });
    expect(server.stats().exports).toBe(1);
    call.dispose();
    echo.close();
    await expectEmpty(client, server);
    expect(counters.live).toBe(0);
  });

  it('maxOutgoingMessageBytes: an exception\'s reason is cut to fit, never inside a character', async () => {
    const { client, server } = connectedPair({
      bootstrap: () => gen.Echo.serve({ fail: (p: { message: string }) => { throw new Error(p.message); } }),
      maxOutgoingMessageBytes: 2048,
      // The client takes nothing larger (a larger Return would end the connection) and sends
      // anything (the reason goes out whole in the call's params).
    }, { maxMessageBytes: 2048, maxOutgoingMessageBytes: Infinity });
    const echo = client.bootstrap(gen.EchoClient) as any;
    const reason = 'é😀'.repeat(3000);
    const error = await echo.fail({ message: reason }).then(() => null, (e: RpcError) => e);
    expect(error).toMatchObject({ type: 'failed' });
    const cut = /^((?:é😀)+(?:é)?)\.\.\. \(cut from 9000 characters\)$/.exec(error.message);
    expect(cut, error.message.slice(-60)).not.toBeNull();
    expect(Buffer.byteLength(error.message)).toBeLessThanOrEqual(2048 - 128);
    expect(Buffer.byteLength(error.message)).toBeGreaterThan(1000);
    expect((await echo.fail({ message: 'short' }).catch((e: RpcError) => e)).message).toBe('short');
    expect([client.state, server.state]).toEqual(['open', 'open']);
    echo.close();
    await expectEmpty(client, server);
  });

  it('over TCP, a frame larger than maxMessageBytes or of too many segments is refused before it is buffered, with an Abort', async () => {
    const host = createHost(m);
    const listener = await listen('127.0.0.1:0', { bootstrap: host.bootstrap, maxMessageBytes: 1 << 16, maxSegments: 8 });
    const headers: Array<[Uint8Array, RegExp]> = [
      [new Uint8Array([0, 0, 0, 0, 0, 0, 0, 0x10]), /MESSAGE_TOO_LARGE/], // one segment of 2^28 words
      [new Uint8Array([99, 0, 0, 0, 1, 0, 0, 0]), /100 segments/], // 100 segments
    ];
    for (const [header, reason] of headers) {
      const socket = net.connect(listener.port, '127.0.0.1');
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      const timer = setTimeout(() => socket.destroy(), 5000); // a server that waits for the whole frame fails the test soon
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      socket.write(header);
      await ended;
      clearTimeout(timer);
      const reply = rpc.Message.readRoot(readMessage(new Uint8Array(Buffer.concat(chunks))));
      expect(reply.which()).toBe('abort');
      expect(reply.abort.reason).toMatch(reason);
    }
    await listener.close();
    host.bootstrap.close();
  });
});

describe('a peer that stops reading', () => {
  it('over TCP, it ends its connection as overloaded once maxBufferedBytes wait to be sent, instead of being buffered for without bound', async () => {
    // Before: 300 calls of a few bytes, each answered with 1 MiB, had the server hold 314 MB.
    const result = 'y'.repeat(256 * 1024);
    const listener = await listen('127.0.0.1:0', { bootstrap: () => gen.Echo.serve({ echo: () => ({ text: result }) }), maxBufferedBytes: 1 << 20 });
    const socket = net.connect(listener.port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const client = new Connection(new rpcNode.SocketTransport(socket));
    const echo = client.bootstrap(gen.EchoClient) as any;
    expect((await echo.echo({ text: 'read' })).text.length).toBe(result.length);
    const [server] = [...listener.connections];
    socket.pause();
    const calls = Array.from({ length: 128 }, () => echo.echo({ text: 'x' }));
    for (const call of calls) call.catch(() => {});
    await until(() => server!.state === 'closed', 'the server to end the connection', () => String(server!.error));
    expect(server!.error).toMatchObject({ type: 'overloaded', message: expect.stringMatching(/bytes are waiting to be sent on the socket, more than maxBufferedBytes \(1048576\): the peer is not reading$/) });
    expect(server!.stats()).toEqual(EMPTY);
    socket.destroy();
    await client.closed;
    await listener.close();
  });

  it('a Connection is made over a transport, and says so when given a socket', () => {
    for (const notATransport of [undefined, null, new net.Socket(), { send() {}, close() {} }]) {
      expect(() => new Connection(notATransport as never)).toThrow(expect.objectContaining({
        code: 'INVALID_ARGUMENT', message: expect.stringMatching(/^a Connection runs over a Transport \(start, send, close\): wrap a socket in SocketTransport/),
      }));
    }
  });

  it('over TCP, an address that is not HOST:PORT is refused, and a peer that cannot be reached is disconnected', async () => {
    for (const bad of [undefined, 5, 'nonsense', '127.0.0.1:99999']) {
      const refused = rpcNode.connect(bad as never);
      expect(refused).toBeInstanceOf(Promise); // rejected, not thrown
      await expect(refused).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(/address|HOST:PORT/) });
      await expect(listen(bad as never, { bootstrap: null as never })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    }
    // A port nobody listens on: the one a listener had, closed.
    const closed = await listen('127.0.0.1:0', { bootstrap: null as never });
    const address = closed.address;
    await closed.close();
    const error = await rpcNode.connect(address).then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(RpcError);
    expect(error).toMatchObject({ type: 'disconnected', code: 'RPC_DISCONNECTED', message: `could not connect to ${address}: connect ECONNREFUSED ${address}` });
    expect((error as Error).cause).toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('over TCP, maxBufferedBytes must be a limit, and one large message always goes', async () => {
    for (const bad of [NaN, -1, '1' as unknown as number]) {
      await expect(listen('127.0.0.1:0', { bootstrap: null as never, maxBufferedBytes: bad })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringContaining('maxBufferedBytes') });
      await expect(rpcNode.connect('127.0.0.1:1', { maxBufferedBytes: bad })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    }
    // The check is of what already waits: a message larger than the limit is sent whole.
    const result = 'z'.repeat(4 << 20);
    const listener = await listen('127.0.0.1:0', { bootstrap: () => gen.Echo.serve({ echo: () => ({ text: result }) }), maxBufferedBytes: 1 << 20 });
    const { connection, bootstrap } = await rpcNode.connectTo(`127.0.0.1:${listener.port}`, gen.EchoClient);
    const echo = bootstrap as any;
    expect((await echo.echo({ text: 'x' })).text).toBe(result);
    echo.close();
    await connection.close();
    await listener.close();
  });
});

describe('protocol-breaking traffic found by the fuzzer', () => {
  it('a connection that ends during an embargo releases what the dropped promise resolved to', async () => {
    // Seed 20240612, iteration 104 (12 frames), reduced to the 5 that matter.
    const peer = rawPeer();
    peer.send((message) => { message.initBootstrap().questionId = 0; });
    peer.call(1, 0, ECHO.makeCounter); // the server's Counter: export 1
    await settle();
    // A promise of ours, which the server calls (its question 0)...
    peer.call(2, 0, ECHO.callCounter, [(d) => { d.senderPromise = 0; }]);
    await settle();
    const serverCall = peer.received.find((r) => r.which() === 'call')!.call;
    expect(serverCall.target.importedCap).toBe(0);
    // ...resolves to the server's own Counter: it holds new calls back and sends Disembargo...
    peer.send((message) => {
      const resolve = message.initResolve();
      resolve.promiseId = 0;
      resolve.initCap().receiverHosted = 1;
    });
    await settle();
    expect(peer.kinds()).toContain('disembargo');
    // ...and the call returns, so the server drops the promise while the embargo still stands.
    peer.send((message) => {
      const ret = message.initReturn();
      ret.answerId = serverCall.questionId;
      ret.initResults().initContent().initStruct(1, 0).setUint32(0, 5);
    });
    await settle();
    await peer.close();
    expect(peer.host.live).toMatchObject({ counters: 0, running: 0 });
  });

  it('a call whose cap table breaks a limit gives back the reference to its target', async () => {
    // Seed 20240612, iteration 40: bootstrap, finish, call with a capability and maxCapsPerMessage 0.
    const peer = rawPeer({ maxCapsPerMessage: 0 });
    peer.send((message) => { message.initBootstrap().questionId = 0; });
    peer.send((message) => {
      const finish = message.initFinish();
      finish.questionId = 0;
      finish.releaseResultCaps = false; // as Capstan sends it: we keep the bootstrap capability
    });
    peer.call(0, 0, ECHO.callCounter, [(d) => { d.senderHosted = 0; }]);
    await settle();
    expect(peer.server.error?.message).toContain('the limit is 0');
    await peer.close();
    expect(peer.host.bootstrap.$hook.refCount).toBe(1);
  });

  it('a call whose params pointer cannot be followed gives back the reference to its target', async () => {
    // Seed 271127, iteration 3324 (reduced to 2 frames): a Call on the bootstrap capability whose
    // params pointer is a far pointer into a segment the message does not have.
    const peer = rawPeer();
    peer.send((message) => { message.initBootstrap().questionId = 0; });
    peer.send((message) => {
      const c = message.initCall();
      c.questionId = 1;
      c.interfaceId = gen.Echo.$info.typeId;
      c.methodId = ECHO.echo;
      c.initTarget().importedCap = 0;
      // Call's pointer 1 (params): a far pointer (kind 2) to a landing pad in segment 7.
      c.$segment.view.setUint32(c.$pointers + 8, 2, true);
      c.$segment.view.setUint32(c.$pointers + 12, 7, true);
    });
    await settle();
    expect(peer.server.error?.message).toContain('segment 7');
    await peer.close();
    expect(peer.host.bootstrap.$hook.refCount).toBe(1);
  });

  it('a call pipelined on an answer that resolves to the peer\'s own capability, with params that cannot be copied, fails instead of escaping', async () => {
    // Seed 2027817485, iteration 2561: the call waits on the answer's pipeline; when the answer
    // arrives the call is forwarded back to the peer, and copying its params into the outgoing
    // Call threw from inside a promise reaction, out of the engine.
    const peer = rawPeer();
    peer.send((message) => { message.initBootstrap().questionId = 0; });
    peer.call(1, 0, ECHO.echoCap, [(d) => { d.senderHosted = 7; }]); // answered after a turn: the server's methods are async
    peer.send((message) => {
      const c = message.initCall();
      c.questionId = 2;
      c.interfaceId = gen.Counter.$info.typeId;
      c.methodId = 0;
      const promised = c.initTarget().initPromisedAnswer();
      promised.questionId = 1;
      promised.initTransform(1).get(0).getPointerField = 0;
      // The params' content: a struct pointer 1 000 words past the end of the message.
      const params = c.initParams();
      params.$segment.view.setUint32(params.$pointers, 1000 << 2, true);
      params.$segment.view.setUint32(params.$pointers + 4, 1, true);
    });
    await settle();
    // Nothing escaped (vitest fails the test on an uncaught exception); the forwarded call failed
    // and said why, and the connection goes on.
    const ret = peer.received.map((r) => r.which() === 'return' ? r.return : null).find((r) => r !== null && r.answerId === 2)!;
    expect(ret.which()).toBe('exception');
    expect(ret.exception.reason).toContain('OUT_OF_BOUNDS');
    expect(peer.server.state).toBe('open');
    expect(peer.kinds()).not.toContain('call'); // nothing was forwarded
    await peer.close();
    expect(peer.host.live).toMatchObject({ counters: 0, running: 0 });
    expect(peer.host.bootstrap.$hook.refCount).toBe(1);
  });

  it('a bad descriptor in a cap table gives back the references taken for the ones before it', async () => {
    const peer = rawPeer();
    peer.send((message) => { message.initBootstrap().questionId = 0; });
    peer.call(1, 0, ECHO.makeCounter); // the server's Counter: export 1
    await settle();
    peer.call(2, 0, ECHO.echoCap, [(d) => { d.receiverHosted = 1; }, (d) => { d.receiverHosted = 99; }]);
    await settle();
    expect(peer.server.error?.message).toContain('receiverHosted names export 99');
    await peer.close();
    expect(peer.host.live.counters).toBe(0);
  });

  it('a Resolve for an import that is not a promise gives back what it resolved to', async () => {
    // Seed 20240612, iteration 82 (6 frames): a Resolve naming a capability the peer sent as senderHosted.
    const peer = rawPeer();
    peer.send((message) => { message.initBootstrap().questionId = 0; });
    peer.call(1, 0, ECHO.makeCounter); // the server's Counter: export 1
    peer.call(2, 0, ECHO.hold, [(d) => { d.senderHosted = 5; }]);
    await settle();
    peer.send((message) => {
      const resolve = message.initResolve();
      resolve.promiseId = 5;
      resolve.initCap().receiverHosted = 1;
    });
    await settle();
    expect(peer.server.error?.message).toContain('which is not a promise');
    await peer.close();
    expect(peer.host.live.counters).toBe(0);
  });

  it('a Return that cannot be taken fails the call it answers, which does not hang', async () => {
    // Seed 1, iteration 3714 (4 frames): the Return for the server's call names, in
    // takeFromOtherQuestion, an answer that was not sent with sendResultsTo.yourself.
    const peer = rawPeer();
    peer.send((message) => { message.initBootstrap().questionId = 0; });
    peer.send((message) => {
      const finish = message.initFinish();
      finish.questionId = 0;
      finish.releaseResultCaps = false; // as Capstan sends it: we keep the bootstrap capability
    });
    peer.call(0, 0, ECHO.callCounter, [(d) => { d.senderPromise = 0; }]);
    await settle();
    expect(peer.host.live.running).toBe(1);
    peer.send((message) => {
      const ret = message.initReturn();
      ret.answerId = 0;
      ret.takeFromOtherQuestion = 0;
    });
    await settle();
    expect(peer.server.error?.message).toContain('takeFromOtherQuestion');
    await peer.close();
    expect(peer.host.live.running).toBe(0);
  });

  it('an Unimplemented for a call whose params the peer already released fails the call, which does not hang', async () => {
    // The client-side fuzzer, seed 1, iteration 37 (reduced to 10 frames): the server releases
    // the capability our call passed it, then answers that call with Unimplemented. Giving the
    // params' capability back a second time is a protocol error; the call must still fail.
    const [clientEnd, serverEnd] = transportPair();
    const received: rpc.MessageReader[] = [];
    serverEnd.start((frame) => received.push(rpc.Message.read(frame.slice())), () => {});
    const client = new Connection(clientEnd, {});
    const sendToClient = (build: (message: rpc.MessageBuilder) => void) => {
      const message = new MessageBuilder();
      build(rpc.Message.initRoot(message));
      message.capTable.length = 0;
      serverEnd.send(message.toBytes());
    };
    const mine = liveCounters(gen);
    const echo: any = client.bootstrap(gen.EchoClient);
    const counter = mine.make();
    const call = echo.callCounter({ counter }); // pipelined on the bootstrap question
    counter.close();
    await settle();
    const sentCall = received.find((r) => r.which() === 'call')!.call;
    expect(sentCall.params.capTable.get(0).which()).toBe('senderHosted');
    const exportId = sentCall.params.capTable.get(0).senderHosted;
    sendToClient((message) => {
      const release = message.initRelease();
      release.id = exportId;
      release.referenceCount = 1;
    });
    sendToClient((message) => { message.initUnimplemented().initCall().questionId = sentCall.questionId; });
    await settle();
    expect(client.error?.message).toContain(`export ${exportId}`);
    await expect(call).rejects.toBeInstanceOf(RpcError);
    call.dispose();
    echo.close();
    await client.closed;
    await settle();
    expect(client.stats()).toEqual(EMPTY);
    expect(mine.live).toBe(0);
  });

  it('a promise the peer resolves to itself breaks instead of overflowing the stack', async () => {
    // Seed 20240612, iteration 4695, reduced to this one frame.
    const peer = rawPeer();
    peer.send((message) => {
      const resolve = message.initResolve();
      resolve.promiseId = 0x80000000;
      resolve.initCap().senderPromise = 0x80000000;
    });
    await settle();
    expect(peer.server.state).toBe('open');
    // It was not ours to keep: the reference the Resolve sent is given back.
    expect(peer.kinds()).toEqual(['release']);
    expect(peer.received[0]!.release.id).toBe(0x80000000);
    expect(peer.server.stats()).toEqual(EMPTY);
    await peer.close();
  });

  it('a promise the server holds, resolved by the peer to itself, breaks', async () => {
    const peer = rawPeer();
    peer.send((message) => { message.initBootstrap().questionId = 0; });
    peer.call(1, 0, ECHO.hold, [(d) => { d.senderPromise = 3; }]);
    await settle();
    peer.send((message) => {
      const resolve = message.initResolve();
      resolve.promiseId = 3;
      resolve.initCap().senderPromise = 3;
    });
    await settle();
    expect(peer.server.state).toBe('open');
    const held = (peer.host.impl as unknown as { held: any }).held;
    expect(held.brokenError?.message).toContain('resolved to itself');
    // Both references the peer sent are given back.
    expect(peer.received.filter((r) => r.which() === 'release').map((r) => [r.release.id, r.release.referenceCount])).toEqual([[3, 2]]);
    await peer.close();
  });

  it('a promise resolved into its own chain (through a pipelined answer) breaks instead of looping', async () => {
    const peer = rawPeer();
    peer.send((message) => { message.initBootstrap().questionId = 0; });
    // The server calls our promise 7, and echoes it back in the results of question 2...
    peer.call(1, 0, ECHO.callCounter, [(d) => { d.senderPromise = 7; }]);
    peer.call(2, 0, ECHO.echoCap, [(d) => { d.senderPromise = 7; }]);
    // ...which we resolve the promise to, before those results exist: a cycle once they do.
    peer.send((message) => {
      const resolve = message.initResolve();
      resolve.promiseId = 7;
      const promised = resolve.initCap().initReceiverAnswer();
      promised.questionId = 2;
      promised.initTransform(1).get(0).getPointerField = 0;
    });
    await settle();
    const disembargo = peer.received.find((r) => r.which() === 'disembargo')?.disembargo;
    expect(disembargo?.context.which()).toBe('senderLoopback');
    peer.send((message) => {
      const reply = message.initDisembargo();
      reply.initTarget().importedCap = 7;
      reply.context.receiverLoopback = disembargo!.context.senderLoopback;
    });
    // A call through the cycle fails; it does not recurse for ever.
    peer.call(3, { answer: 2, path: [0] }, 0, [], gen.Counter.$info.typeId);
    await settle();
    expect(peer.server.state).toBe('open');
    const answer = peer.received.find((r) => r.which() === 'return' && r.return.answerId === 3)?.return;
    expect(answer?.which()).toBe('exception');
    expect(answer?.exception.reason).toContain('resolved to itself');
    await peer.close();
    expect(peer.host.live).toMatchObject({ counters: 0, running: 0 });
  });

  it('local promises resolved to each other break instead of looping (the same check, without a peer)', async () => {
    let openA!: (c: unknown) => void;
    let openB!: (c: unknown) => void;
    const gateA = new Promise((resolve) => { openA = resolve; });
    const gateB = new Promise((resolve) => { openB = resolve; });
    const a = gen.Echo.serve({ async makeCounter(_p: unknown, context: any) { context.results.counter = await gateA; } });
    const b = gen.Echo.serve({ async makeCounter(_p: unknown, context: any) { context.results.counter = await gateB; } });
    const fromA = a.makeCounter();
    const fromB = b.makeCounter();
    openA(fromB.counter); // A's counter is B's...
    await settle();
    openB(fromA.counter); // ...and B's is A's.
    await settle();
    await expect(fromA.counter.next()).rejects.toMatchObject({ message: expect.stringContaining('resolved to itself') });
    fromA.dispose();
    fromB.dispose();
    a.close();
    b.close();
  });
});
