// RPC: the cases of the capnwasm report, in process (Capstan, capnweb, capnp-ts 0.9.3, each over
// an in-process transport pair that delivers on a later microtask, as Capstan's own does) and
// over TCP on 127.0.0.1 (Capstan against the C++ library, client and server in one process and
// one thread for both). Every call is awaited; `burst-1000` issues 1000 calls at once and
// reports the time per call. Bytes on the wire per call (both directions, every frame the call
// causes) are rows of their own.
import { join } from 'node:path';
import { Connection, transportPair } from 'capstan/rpc';
import { connect, listen } from 'capstan/rpc/node';
import { RpcSession, RpcTarget } from 'capnweb';
import { Conn } from 'capnp-ts';
import { BenchEcho as TsBenchEcho } from '../lib/capnp-ts-echo.mjs';
import { sameResults } from '../lib/harness.mjs';

const BURST = 1000;
const text = (n) => 'abcdefghijklmnopqrstuvwxyz0123456789'.repeat(Math.ceil(n / 36)).slice(0, n);
const DATA_5M = Uint8Array.from({ length: 5 * 1024 * 1024 }, (_, i) => (i * 2654435761) >>> 24);

/** What each implementation must offer a case: one awaited call, or a burst of them. */
function cases(call) {
  return {
    'u8-echo': async () => (await call.u8(7)) + 0,
    'text-16': async () => (await call.text(TEXTS[16])).length,
    'text-256': async () => (await call.text(TEXTS[256])).length,
    'text-4k': async () => (await call.text(TEXTS[4096])).length,
    'text-64k': async () => (await call.text(TEXTS[65536])).length,
    'burst-1000': async () => {
      const calls = new Array(BURST);
      for (let i = 0; i < BURST; i++) calls[i] = call.u8(i & 0xff);
      let sum = 0;
      for (const value of await Promise.all(calls)) sum += value;
      return sum;
    },
    'data-5m': async () => {
      const data = await call.data(DATA_5M);
      return data.byteLength + data[12345];
    },
  };
}
const TEXTS = { 16: text(16), 256: text(256), 4096: text(4096), 65536: text(65536) };
const PER_CALL = { 'burst-1000': BURST };

// ---- Capstan ------------------------------------------------------------------------------

function counting(transport, meter) {
  return {
    send(message) { meter.bytes += message.byteLength; transport.send(message); },
    start: (onMessage, onClose) => transport.start(onMessage, onClose),
    close: () => transport.close(),
  };
}

const capstanServer = (gen) => gen.BenchEcho.serve({
  echoU8: (params) => ({ value: params.value }),
  echoText: (params) => ({ text: params.text }),
  echoData: (params) => ({ data: params.data }),
});

function capstanCalls(echo) {
  return {
    u8: async (value) => (await echo.echoU8({ value })).value,
    text: async (t) => (await echo.echoText({ text: t })).text,
    data: async (d) => (await echo.echoData({ data: d })).data,
  };
}

function capstanInProcess(gen, meter) {
  const [a, b] = transportPair();
  const server = new Connection(counting(a, meter), { bootstrap: () => capstanServer(gen) });
  const client = new Connection(counting(b, meter));
  const echo = client.bootstrap(gen.BenchEchoClient);
  return { calls: capstanCalls(echo), close: async () => { echo.close(); await client.close(); await server.close(); } };
}

// ---- capnweb ------------------------------------------------------------------------------

/**
 * How the transports below deliver on a later microtask: as a reaction of a settled promise,
 * as Capstan's `transportPair()` does. Node's `queueMicrotask` wraps each callback for async
 * hooks and costs more per delivery than everything else these transports do.
 */
const SETTLED = Promise.resolve();

/** capnweb's string transport, joined back to back; counts UTF-8 bytes sent. */
function capnwebPair(meter) {
  const make = () => ({ queue: [], waiting: null, peer: null });
  const a = make();
  const b = make();
  a.peer = b;
  b.peer = a;
  const transport = (end) => ({
    send(message) {
      meter.bytes += Buffer.byteLength(message);
      const peer = end.peer;
      void SETTLED.then(() => {
        if (peer.waiting) {
          const resolve = peer.waiting;
          peer.waiting = null;
          resolve(message);
        } else peer.queue.push(message);
      });
    },
    receive() {
      if (end.queue.length) return Promise.resolve(end.queue.shift());
      return new Promise((resolve) => { end.waiting = resolve; });
    },
  });
  return [transport(a), transport(b)];
}

class CapnwebEcho extends RpcTarget {
  echoU8(params) { return { value: params.value }; }
  echoText(t) { return t; }
  echoData(d) { return d; }
}

function capnwebInProcess(meter) {
  const [a, b] = capnwebPair(meter);
  new RpcSession(a, new CapnwebEcho());
  const stub = new RpcSession(b).getRemoteMain();
  return {
    calls: {
      u8: async (value) => (await stub.echoU8({ value })).value,
      text: (t) => stub.echoText(t),
      data: (d) => stub.echoData(d),
    },
    close: async () => stub[Symbol.dispose]?.(),
  };
}

// ---- capnp-ts 0.9.3 -----------------------------------------------------------------------

function capnpTsPair(meter) {
  const make = () => ({ onMessage: null, onClose: null, peer: null, closed: false });
  const a = make();
  const b = make();
  a.peer = b;
  b.peer = a;
  const transport = (end) => ({
    send(data) {
      meter.bytes += data.byteLength;
      const peer = end.peer;
      void SETTLED.then(() => { if (!peer.closed) peer.onMessage(data); });
    },
    onMessage(cb) { end.onMessage = cb; },
    onClose(cb) { end.onClose = cb; },
    close() { end.closed = true; },
  });
  return [transport(a), transport(b)];
}

function capnpTsInProcess(meter) {
  const [a, b] = capnpTsPair(meter);
  const server = new Conn(a, {
    main: TsBenchEcho.server({
      echoU8: (params, results) => { results.value = params.value; },
      echoText: (params, results) => { results.text = params.text; },
      echoData: (params, results) => { results.data = params.data; },
    }),
  });
  const client = new Conn(b);
  const echo = client.bootstrap(TsBenchEcho);
  return {
    calls: {
      u8: async (value) => (await echo.echoU8({ value })).value,
      text: async (t) => (await echo.echoText({ text: t })).text,
      data: async (d) => (await echo.echoData({ data: d })).data,
    },
    close: async () => { client.close(); server.close(); },
  };
}

// ---- the workloads ------------------------------------------------------------------------

export async function rpc(suite, env) {
  const gen = await import(join(env.capstanDir, 'rpc.capnp.js'));
  if (gen.BenchEcho.typeId !== TsBenchEcho.interfaceId) throw new Error('bench/lib/capnp-ts-echo.mjs has a stale interface id');
  const meters = { capstan: { bytes: 0 }, capnweb: { bytes: 0 }, 'capnp-ts': { bytes: 0 } };
  const sessions = {
    capstan: capstanInProcess(gen, meters.capstan),
    capnweb: capnwebInProcess(meters.capnweb),
    'capnp-ts': capnpTsInProcess(meters['capnp-ts']),
  };
  const byImpl = Object.fromEntries(Object.entries(sessions).map(([name, s]) => [name, cases(s.calls)]));
  for (const caseName of Object.keys(byImpl.capstan)) {
    const impls = Object.fromEntries(Object.entries(byImpl).map(([name, c]) => [name, c[caseName]]));
    const results = {};
    for (const [name, fn] of Object.entries(impls)) results[name] = await fn();
    sameResults(`rpc ${caseName}`, results);
    // Bytes on the wire for one call (a burst: per call), after the warm-up call above.
    for (const [name, fn] of Object.entries(impls)) {
      meters[name].bytes = 0;
      await fn();
      suite.addRow({ workload: 'rpc', case: caseName, impl: name, wire_bytes: Math.round(meters[name].bytes / (PER_CALL[caseName] ?? 1)) });
    }
    await suite.compare('rpc', caseName, impls, undefined, { perCall: PER_CALL[caseName] ?? 1 });
  }
  for (const session of Object.values(sessions)) await session.close();
}

export async function rpcTcp(suite, env) {
  const gen = await import(join(env.capstanDir, 'rpc.capnp.js'));
  const listener = await listen('127.0.0.1:0', { bootstrap: () => capstanServer(gen) });
  const connection = await connect(listener.address);
  const echo = connection.bootstrap(gen.BenchEchoClient);
  const calls = cases(capstanCalls(echo));
  for (const [caseName, fn] of [['call', calls['u8-echo']], ['burst-1000', calls['burst-1000']]]) {
    await suite.compare('rpc-tcp', caseName, { capstan: fn }, [env.cpp, []], { perCall: PER_CALL[caseName] ?? 1 });
  }
  echo.close();
  await connection.close();
  await listener.close();
}
