// Checks that run unchanged in a browser page, a Web Worker and a workerd Worker: messages
// built and read with generated code (scripts/runtimes/check.capnp), the compiler and code
// generator run in place, and RPC over an in-page MessageChannel. Bundled by
// scripts/runtimes/web-build.mjs; `expected` holds what Node computed from the same inputs, so
// each runtime must reproduce Node's bytes exactly.
//
// Each check throws on a mismatch; `runChecks` reports every check as { name, ok, error }.
import { MessageBuilder, readMessage, readMessageStream } from 'capstan';
import { compile } from 'capstan/compiler';
import { generateJavaScript } from 'capstan/codegen';
import { RpcError } from 'capstan/rpc';
import { connectMessagePort, connectMessagePortTo } from 'capstan/rpc/message-port';
import { Calc, CalcClient, Counter, Point, Relay, RelayClient, Tally } from '#gen/check.capnp.js';
import { randomCallSequences, relayMethods } from '../../test/runtimes/checks/random-sequences.mjs';
export { Point };

/** The Point every runtime encodes; Node's bytes of it are in `expected.pointHex`. */
export const POINT = {
  x: -7, y: 1 << 30, label: 'größe ✓ 😀', tags: ['a', '', 'long tag '.repeat(8)],
  payload: new Uint8Array([0, 1, 2, 254, 255]), kind: 1,
};

/** The schema compiled in each runtime; Node's generated JavaScript of it is hashed in `expected`. */
export const COMPILE_SOURCE = `@0xe1b3a5c7d9f10243;
struct Person {
  name @0 :Text;
  age @1 :UInt16 = 30;
  emails @2 :List(Text);
  union { none @3 :Void; phone @4 :Text; }
}
interface Greeter { greet @0 (who :Person) -> (line :Text); }
`;

export function toHex(bytes) {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

/** FNV-1a 32 of a string's UTF-8, enough to compare generated code across runtimes. */
export function fnv1a(text) {
  let h = 0x811c9dc5;
  for (const b of new TextEncoder().encode(text)) {
    h ^= b;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

/** What the compiler and code generator make of COMPILE_SOURCE: the file names and a hash of each. */
export function compileHere() {
  const { request, diagnostics } = compile({ files: ['/person.capnp'], sources: { '/person.capnp': COMPILE_SOURCE } });
  if (request === null) throw new Error(`compile failed: ${diagnostics.map((d) => d.message).join('; ')}`);
  const files = generateJavaScript(request);
  return {
    nodes: request.nodes.length,
    files: files.map((f) => `${f.filename}:${fnv1a(f.content)}`).sort(),
  };
}

function assert(condition, message) {
  if (!condition) throw new Error(message);
}

function equal(actual, wanted, what) {
  const a = JSON.stringify(actual);
  const w = JSON.stringify(wanted);
  if (a !== w) throw new Error(`${what}: got ${a}, wanted ${w}`);
}

/** A Calc served here; `runtime` names where it runs (returned by `where`). */
export function serveCalc(runtime) {
  return Calc.serve({
    add: (p) => ({ sum: (p.a + p.b) | 0 }),
    echo: (p) => ({ text: p.text }),
    counter(_p, context) {
      let n = 0;
      const made = Counter.serve({ next: () => ({ n: n++ }) });
      context.results.counter = made;
      made.close();
    },
    fail(p) {
      throw new Error(p.message);
    },
    where: () => ({ runtime }),
  });
}

/**
 * Calls a Calc: plain calls, Unicode text, pipelining (counter().next() in one round trip),
 * an exception coming back as RpcError, and `where` (the server's runtime name, checked
 * against `serverRuntime`).
 */
export async function exerciseCalc(calc, serverRuntime) {
  equal((await calc.add({ a: 40, b: 2 })).sum, 42, 'add(40, 2)');
  equal((await calc.add({ a: 0x7fffffff, b: 1 })).sum, -0x80000000, 'add wraps at 32 bits');
  equal((await calc.echo({ text: POINT.label })).text, POINT.label, 'echo of Unicode text');
  const made = calc.counter();
  const first = made.counter.next();
  const second = made.counter.next();
  equal([(await first).n, (await second).n], [0, 1], 'pipelined counter().next() twice');
  made.dispose();
  let caught = null;
  try {
    await calc.fail({ message: 'meant to fail' });
  } catch (error) {
    caught = error;
  }
  assert(caught instanceof RpcError, `fail() should reject with an RpcError, got ${caught}`);
  assert(String(caught.message).includes('meant to fail'), `the error should carry its reason, got ${caught.message}`);
  equal((await calc.where()).runtime, serverRuntime, 'the runtime of the server');
}

/**
 * The same calls as exerciseCalc, all made in one tick, so that over HTTP batches they go in one
 * POST (a batch session ends with its response): pipelining happens inside the batch.
 */
export async function exerciseCalcBatch(calc, serverRuntime) {
  const sum = calc.add({ a: 40, b: 2 });
  const wrapped = calc.add({ a: 0x7fffffff, b: 1 });
  const echoed = calc.echo({ text: POINT.label });
  const made = calc.counter();
  const first = made.counter.next();
  const second = made.counter.next();
  const failing = calc.fail({ message: 'meant to fail' }).then(() => null, (error) => error);
  const where = calc.where();
  equal((await sum).sum, 42, 'add(40, 2)');
  equal((await wrapped).sum, -0x80000000, 'add wraps at 32 bits');
  equal((await echoed).text, POINT.label, 'echo of Unicode text');
  equal([(await first).n, (await second).n], [0, 1], 'pipelined counter().next() twice');
  const caught = await failing;
  assert(caught instanceof RpcError, `fail() should reject with an RpcError, got ${caught}`);
  assert(String(caught.message).includes('meant to fail'), `the error should carry its reason, got ${caught.message}`);
  equal((await where).runtime, serverRuntime, 'the runtime of the server');
}

/** The checks every runtime runs. `expected` comes from Node (web-build.mjs). */
export function sharedChecks(expected, runtime) {
  return {
    'messages: encode gives the bytes Node gives': () => {
      equal(toHex(Point.encode(POINT)), expected.pointHex, 'Point.encode');
    },
    'messages: decode and readers read back every field': () => {
      const bytes = new Uint8Array(expected.pointHex.match(/../g).map((h) => parseInt(h, 16)));
      const decoded = Point.decode(bytes);
      equal({ ...decoded, payload: Array.from(decoded.payload) }, { ...POINT, payload: Array.from(POINT.payload) }, 'Point.decode');
      const reader = Point.readRoot(readMessage(bytes));
      equal([reader.x, reader.y, reader.label, reader.kind], [POINT.x, POINT.y, POINT.label, POINT.kind], 'Point reader');
    },
    'messages: builders by setter': () => {
      const message = new MessageBuilder();
      const point = Point.initRoot(message);
      point.x = 3;
      point.label = 'built';
      const tags = point.initTags(2);
      tags.set(0, 'p');
      tags.set(1, 'q');
      const back = Point.decode(message.toBytes());
      equal([back.x, back.label, back.tags], [3, 'built', ['p', 'q']], 'built by setters');
    },
    'messages: a ReadableStream of messages read as it arrives (readMessageStream)': async () => {
      const one = Point.encode(POINT);
      const two = Point.encode({ ...POINT, x: 99 });
      const all = new Uint8Array([...one, ...two]);
      const stream = new ReadableStream({
        start(controller) {
          for (let at = 0; at < all.length; at += 5) controller.enqueue(all.subarray(at, at + 5));
          controller.close();
        },
      });
      const xs = [];
      for await (const message of readMessageStream({ getReader: () => stream.getReader() })) xs.push(Point.readRoot(message).x);
      equal(xs, [POINT.x, 99], 'x of each message');
    },
    'compiler: compiles and generates the code Node generates': () => {
      equal(compileHere(), expected.compiled, 'compile + generateJavaScript');
    },
    'compiler: reports a schema error': () => {
      const { request, diagnostics } = compile({ files: ['/bad.capnp'], sources: { '/bad.capnp': '@0xe1b3a5c7d9f10245;\nstruct S { a @0 :NoSuchType; }\n' } });
      assert(request === null, 'a schema with an unknown type compiled');
      assert(diagnostics.some((d) => d.message.includes('NoSuchType')), `no diagnostic names NoSuchType: ${JSON.stringify(diagnostics.map((d) => d.message))}`);
    },
    'rpc: 20 random call sequences keep each reference\'s calls in order and empty both tables': () => (
      randomCallSequences({ Relay, RelayClient, Tally, serveRelay: () => Relay.serve(relayMethods()) }, 20)
    ),
    'rpc: over a MessageChannel in the same realm': async () => {
      const channel = new MessageChannel();
      const server = connectMessagePort(channel.port1, { bootstrap: serveCalc(runtime) });
      const { connection, bootstrap } = connectMessagePortTo(channel.port2, CalcClient);
      try {
        await exerciseCalc(bootstrap, runtime);
      } finally {
        bootstrap.close();
        await connection.close();
        await server.close();
      }
    },
  };
}

/** Runs named checks in order: [{ name, ok, error }]. */
export async function runChecks(checks, prefix = '') {
  const results = [];
  for (const [name, check] of Object.entries(checks)) {
    try {
      await check();
      results.push({ name: prefix + name, ok: true });
    } catch (error) {
      results.push({ name: prefix + name, ok: false, error: String(error?.stack ?? error) });
    }
  }
  return results;
}
