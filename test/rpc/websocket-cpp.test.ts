/**
 * Capstan's WebSocket client against the C++ library's WebSocket RPC server
 * (test/rpc/cpp-websocket/server.c++, on capnp/compat/websocket-rpc.h and kj-http): proof that
 * one Cap'n Proto message per binary WebSocket message is the C++ convention. Needs capnp, g++
 * and pkg-config's capnp-websocket (Debian libcapnp-dev); skipped with a notice without them,
 * failing instead under CAPSTAN_REQUIRE_REFERENCE=1 (CI).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket as WsWebSocket } from 'ws';
import type { ClientClass } from '../../src/rpc/index.js';
import { connectWebSocketTo, type WebSocketClass } from '../../src/rpc/websocket/index.js';
import { REQUIRE_REFERENCE } from '../support/reference.js';
import { buildCppProgram, cppToolsPresent } from './cpp-websocket/build.js';
import { EMPTY, exerciseEcho, generateRpcFixture, settle } from './support.js';

const present = cppToolsPresent();
if (!present && !REQUIRE_REFERENCE) {
  console.warn('[capstan] capnp, g++ or pkg-config capnp-websocket not found: skipping the C++ WebSocket interop test (apt-get install capnproto libcapnp-dev g++ pkg-config)');
}

describe.skipIf(!present && !REQUIRE_REFERENCE)('against the C++ library over WebSocket', () => {
  /* eslint-disable @typescript-eslint/no-explicit-any */
  let gen: any;
  let server: ChildProcess | null = null;
  let url = '';

  beforeAll(async () => {
    if (!present) throw new Error('CAPSTAN_REQUIRE_REFERENCE=1 but capnp, g++ or pkg-config capnp-websocket is missing');
    gen = await import(generateRpcFixture());
    const binary = buildCppProgram('server');
    const child = spawn(binary, [], { stdio: ['ignore', 'pipe', 'pipe'] });
    server = child;
    url = await new Promise<string>((resolve, reject) => {
      let stdout = '';
      let stderr = '';
      child.stderr!.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
      child.stdout!.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const listening = /^listening (127\.0\.0\.1:\d+)$/m.exec(stdout);
        if (listening) resolve(`ws://${listening[1]!}/`);
      });
      child.on('error', reject);
      child.on('exit', (code) => reject(new Error(`the C++ server exited (${code}) before listening:\n${stdout}${stderr}`)));
    });
  }, 300_000);

  afterAll(() => {
    server?.kill('SIGTERM');
  });

  it('calls, pipelining, a callback, a capability passed back, and 256 KiB of Data', async () => {
    const { connection, bootstrap: echo } = await connectWebSocketTo(url, gen.EchoClient as ClientClass<any>, { WebSocket: WsWebSocket as unknown as WebSocketClass });
    // kj's WebSocket takes messages up to 1 MiB by default (SUGGESTED_MAX_MESSAGE_SIZE).
    await exerciseEcho(echo, gen.Counter, { text: 'hello, C++', dataBytes: 256 * 1024 });
    echo.close();
    await settle(50);
    expect(connection.stats()).toEqual(EMPTY);
    await connection.close();
  });

  it('two connections at once, each with its own bootstrap Echo and counters', async () => {
    const options = { WebSocket: WsWebSocket as unknown as WebSocketClass };
    const a = await connectWebSocketTo(url, gen.EchoClient as ClientClass<any>, options);
    const b = await connectWebSocketTo(url, gen.EchoClient as ClientClass<any>, options);
    const ca = a.bootstrap.makeCounter();
    const cb = b.bootstrap.makeCounter();
    const na = ca.counter.next();
    const nb = cb.counter.next();
    const nb2 = cb.counter.next();
    expect([(await na).n, (await nb).n, (await nb2).n]).toEqual([0, 0, 1]);
    for (const p of [ca, cb, na, nb, nb2]) p.dispose();
    for (const side of [a, b]) {
      side.bootstrap.close();
      await settle(20);
      expect(side.connection.stats()).toEqual(EMPTY);
      await side.connection.close();
    }
  });
});
