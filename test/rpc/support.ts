/**
 * Generated code for test/fixtures/rpc/rpc-test.capnp, made with Capstan's own compiler and
 * code generator (no reference tool needed), importing the runtime from this repository's
 * sources; and small helpers shared by the RPC tests.
 */
import { join } from 'node:path';
import { expect } from 'vitest';
import { compile } from '../../src/compiler/index.js';
import { createNodeLoader } from '../../src/compiler/files/node-loader.js';
import { generateTypeScript } from '../../src/codegen/index.js';
import { Connection, transportPair, type ConnectionOptions, type Transport } from '../../src/rpc/index.js';
import * as rpc from '../../src/generated/std/rpc.capnp.js';
import { readMessage } from '../../src/wire/index.js';
import { FIXTURES, GENERATED, ROOT, writeGenerated } from '../support/generate.js';

/** Compiles test/fixtures/rpc/`file` and writes its generated module into `outDir`; returns the module's path. */
function generateFixture(file: string, outDir: string): string {
  const { request, diagnostics } = compile({
    files: [file],
    cwd: join(FIXTURES, 'rpc'),
    loader: createNodeLoader(),
    importPaths: [join(ROOT, 'std')],
    standardImports: false,
  });
  if (request === null) throw new Error(diagnostics.map((d) => d.message).join('\n'));
  writeGenerated(outDir, generateTypeScript(request, { runtimeImport: 'RUNTIME', rpcImport: 'RPC', stdImportPrefix: 'STD/' }), join(ROOT, 'src/generated/std'));
  return join(outDir, `${file}.ts`);
}

export function generateRpcFixture(): string {
  return generateFixture('rpc-test.capnp', join(GENERATED, 'rpc'));
}

/** Generates test/fixtures/rpc/clashes.capnp (methods named alike across `extends`) likewise; returns the module's path. */
export function generateClashesFixture(): string {
  return generateFixture('clashes.capnp', join(GENERATED, 'rpc-clashes'));
}

/** Generates test/fixtures/rpc/generics.capnp (generic interfaces) likewise; returns the module's path. */
export function generateGenericsFixture(): string {
  return generateFixture('generics.capnp', join(GENERATED, 'rpc-generics'));
}

/** Every message that crosses a transport, by kind (`call`, `return`, ...), with the readers for inspection. */
export class Tap {
  readonly sent: Array<{ which: string; message: rpc.MessageReader }> = [];

  kinds(): string[] {
    return this.sent.map((m) => m.which);
  }
}

/** `transport`, with what it sends recorded in `tap`. */
export function tapped(transport: Transport, tap: Tap): Transport {
  return {
    send(message) {
      const reader = rpc.Message.readRoot(readMessage(message.slice()));
      tap.sent.push({ which: reader.which() ?? '?', message: reader });
      transport.send(message);
    },
    start: (onMessage, onClose) => transport.start(onMessage, onClose),
    close: () => transport.close(),
  };
}

/** A client and a server connection joined in process; what each sends is tapped. */
export function connectedPair(serverOptions: ConnectionOptions, clientOptions: ConnectionOptions = {}) {
  const [a, b] = transportPair();
  const serverTap = new Tap();
  const clientTap = new Tap();
  const server = new Connection(tapped(a, serverTap), serverOptions);
  const client = new Connection(tapped(b, clientTap), clientOptions);
  return { server, client, serverTap, clientTap };
}

/**
 * Counters served here that keep count of themselves: `make()` serves one, `live` says how many
 * have not been released (a test that ends with 0 proves nothing kept a reference).
 */
export function liveCounters(gen: { Counter: { serve(impl: object): unknown } }): { make(): any; readonly live: number } {
  let live = 0;
  return {
    make() {
      live++;
      return gen.Counter.serve({ next: () => ({ n: 0 }), [Symbol.dispose]: () => { live--; } });
    },
    get live() {
      return live;
    },
  };
}

/** Lets queued messages and microtasks run. */
export function settle(ms = 5): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export const EMPTY = { questions: 0, awaitingReturn: 0, answers: 0, exports: 0, imports: 0, embargoes: 0, heldBytes: 0 };

/** Lets what is in flight settle, then checks that every table of each connection is empty. */
export async function expectEmpty(...connections: Connection[]): Promise<void> {
  await settle();
  for (const connection of connections) expect(connection.stats()).toEqual(EMPTY);
}

/** Waits until `check` holds (a far end's view of a close or a release takes a round trip or two). */
export async function until(check: () => boolean, what: string, state?: () => string): Promise<void> {
  for (let i = 0; i < 300 && !check(); i++) await settle(10);
  if (!check()) throw new Error(`timed out waiting for ${what}${state ? `: ${state()}` : ''}`);
}

/** `length` bytes of a pattern that does not repeat every few bytes, for Data round trips. */
export function patternBytes(length: number): Uint8Array {
  const data = new Uint8Array(length);
  for (let i = 0; i < data.length; i++) data[i] = (i * 31 + (i >>> 11)) & 0xff;
  return data;
}

/**
 * What every transport test asks of the fixture's Echo over its carrier: a call; two calls
 * pipelined on a counter still being made; a callback to a capability of ours; the server's own
 * counter passed back to it and called; and, with `dataBytes`, that much Data there and back.
 * Disposes everything it made (the caller still holds `echo`).
 */
export async function exerciseEcho(
  echo: any, Counter: { serve(impl: object): { close(): void } }, { text = 'hello', dataBytes = 0 }: { text?: string; dataBytes?: number } = {},
): Promise<void> {
  const hello = echo.echo({ text });
  expect((await hello).text).toBe(text);

  // Pipelining: both calls on the counter go out before makeCounter returns.
  const made = echo.makeCounter();
  const first = made.counter.next();
  const second = made.counter.next();
  expect([(await first).n, (await second).n]).toEqual([0, 1]);

  // A capability of ours, passed to the server, which calls it back over the same carrier.
  const local = Counter.serve({ next: () => ({ n: 41 }) });
  const called = echo.callCounter({ counter: local });
  expect((await called).n).toBe(41);

  // A capability of the server, passed back to it and called there.
  const returned = echo.echoCap({ cap: made.counter });
  const again = returned.cap.next();
  expect((await again).n).toBe(2);

  const promises = [hello, first, second, made, called, returned, again];
  if (dataBytes > 0) {
    const data = patternBytes(dataBytes);
    const big = echo.echoData({ data });
    const back = (await big).data as Uint8Array;
    expect(back.length).toBe(data.length);
    expect(Buffer.compare(Buffer.from(back), Buffer.from(data))).toBe(0);
    promises.push(big);
  }
  for (const p of promises) p.dispose();
  local.close();
}

// The scheduled transport pair and the seeded generator are runtime-neutral: the runtime
// matrix's random RPC check (test/runtimes/checks/rpc-order.mjs) runs them too.
export { flushPairs, scheduledPair, seededRandom, turn } from '../runtimes/checks/scheduled-pair.mjs';
