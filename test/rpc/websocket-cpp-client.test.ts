/**
 * The C++ library's WebSocket RPC client (test/rpc/cpp-websocket/client.c++, on
 * capnp/compat/websocket-rpc.h and kj-http) against a Capstan server (`listenWebSocket`): the
 * other direction of websocket-cpp.test.ts. The client prints what it got back; the server's
 * tables must hold only the bootstrap capability once the client has dropped everything else,
 * and nothing once it has gone. Needs capnp, g++ and pkg-config's capnp-websocket (Debian
 * libcapnp-dev); skipped with a notice without them, failing instead under
 * CAPSTAN_REQUIRE_REFERENCE=1 (CI).
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connection } from '../../src/rpc/index.js';
import { listenWebSocket, type WebSocketListener } from '../../src/rpc/websocket/node.js';
import { REQUIRE_REFERENCE } from '../support/reference.js';
import { buildCppProgram, cppToolsPresent } from './cpp-websocket/build.js';
import { EMPTY, generateRpcFixture, until } from './support.js';

const present = cppToolsPresent();
if (!present && !REQUIRE_REFERENCE) {
  console.warn('[capstan] capnp, g++ or pkg-config capnp-websocket not found: skipping the C++ WebSocket client interop test (apt-get install capnproto libcapnp-dev g++ pkg-config)');
}

describe.skipIf(!present && !REQUIRE_REFERENCE)('the C++ library\'s WebSocket client against a Capstan server', () => {
  /* eslint-disable @typescript-eslint/no-explicit-any */
  let gen: any;
  let binary = '';
  let listener: WebSocketListener | null = null;
  /** Counters the server made that are still alive, and Echo objects served. */
  const live = { counters: 0, echoes: 0 };

  beforeAll(async () => {
    if (!present) throw new Error('CAPSTAN_REQUIRE_REFERENCE=1 but capnp, g++ or pkg-config capnp-websocket is missing');
    gen = await import(generateRpcFixture());
    binary = buildCppProgram('client');
    const counter = () => {
      live.counters++;
      let n = 0;
      return gen.Counter.serve({ next: () => ({ n: n++ }), [Symbol.dispose]: () => { live.counters--; } });
    };
    // One Echo per connection, so the streaming totals are the connection's own.
    const bootstrap = () => {
      live.echoes++;
      let bytes = 0n;
      let calls = 0;
      return gen.Echo.serve({
        echo: (p: { text: string }) => ({ text: p.text === 'sync' ? p.text : `${p.text}, says Capstan` }),
        echoData: (p: { data: Uint8Array }) => ({ data: p.data }),
        echoCap: (p: { cap: unknown }) => ({ cap: p.cap }),
        makeCounter(_p: unknown, context: any) {
          const made = counter();
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
        boxed(_p: unknown, context: any) {
          const made = counter();
          context.results.box = { counter: made, label: 'box' };
          made.close();
        },
        write(p: { data: Uint8Array }) {
          bytes += BigInt(p.data.length);
          calls++;
        },
        written: () => ({ bytes, calls }),
        fail(p: { message: string }) {
          throw new Error(p.message);
        },
        [Symbol.dispose]: () => { live.echoes--; },
      });
    };
    listener = await listenWebSocket('127.0.0.1:0', { bootstrap, path: '/rpc' });
  }, 300_000);

  afterAll(async () => {
    await listener?.close();
  });

  it('calls, pipelining, callbacks, capabilities passed back, a struct with a capability, streaming, Data and an exception', async () => {
    const child = spawn(binary, [`127.0.0.1:${listener!.port}`], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString(); });
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const output = () => `stdout:\n${stdout}\nstderr:\n${stderr}`;
    try {
      await until(() => /^released$/m.test(stdout) || child.exitCode !== null, 'the client to make its calls', output);
      expect(stdout, output()).toMatch(/^released$/m);

      const lines = Object.fromEntries(stdout.split('\n').filter((l) => l.includes(': ')).map((l) => {
        const at = l.indexOf(': ');
        return [l.slice(0, at), l.slice(at + 2)];
      }));
      expect(lines).toEqual({
        echo: 'hello from C++, says Capstan',
        pipelined: '0 1',
        echoCap: '2',
        callback: '41',
        'echoCap local': '42',
        boxed: 'box 0',
        data: `${192 * 1024} same`,
        stream: '8000 bytes in 8 calls',
        fail: expect.stringMatching(/^failed .*boom from C\+\+/),
      });

      // The client holds only its bootstrap capability now.
      expect(listener!.connections.size).toBe(1);
      const connection: Connection = [...listener!.connections][0]!;
      await until(
        () => JSON.stringify(connection.stats()) === JSON.stringify({ ...EMPTY, exports: 1 }) && live.counters === 0,
        'the server to release what the client dropped',
        () => `${JSON.stringify(connection.stats())}, ${live.counters} counters alive`,
      );

      // Let the client drop the bootstrap capability and close the WebSocket.
      child.stdin.end('go\n');
      expect(await exited, output()).toBe(0);
      expect(stdout).toMatch(/^done$/m);
      await until(() => listener!.connections.size === 0 && live.echoes === 0, 'the connection to end', () => `${listener!.connections.size} connections, ${live.echoes} echoes`);
      expect(connection.stats()).toEqual(EMPTY);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 60_000);
});
