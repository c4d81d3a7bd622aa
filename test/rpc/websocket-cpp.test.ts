/**
 * Capstan's WebSocket client against the C++ library's WebSocket RPC server
 * (test/rpc/cpp-websocket/server.c++, on capnp/compat/websocket-rpc.h and kj-http): proof that
 * one Cap'n Proto message per binary WebSocket message is the C++ convention. Needs capnp, g++
 * and pkg-config's capnp-websocket (Debian libcapnp-dev); skipped with a notice without them,
 * failing instead under CAPSTAN_REQUIRE_REFERENCE=1 (CI).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket as WsWebSocket } from 'ws';
import type { ClientClass } from '../../src/rpc/index.js';
import { connectWebSocketTo, type WebSocketClass } from '../../src/rpc/websocket/index.js';
import { GENERATED, ROOT } from '../support/generate.js';
import { CAPNP, REQUIRE_REFERENCE } from '../support/reference.js';
import { EMPTY, generateRpcFixture, settle } from './support.js';

const SOURCE = join(ROOT, 'test/rpc/cpp-websocket/server.c++');
const OUT = join(GENERATED, 'cpp-websocket');
const PACKAGES = ['capnp-websocket', 'kj-http', 'capnp-rpc'];

function toolsPresent(): boolean {
  const capnp = spawnSync(CAPNP, ['--version'], { encoding: 'utf8' });
  const pkg = spawnSync('pkg-config', ['--exists', ...PACKAGES]);
  const cxx = spawnSync(process.env.CXX ?? 'g++', ['--version']);
  return capnp.status === 0 && pkg.status === 0 && cxx.status === 0;
}

/** Builds the server into test/.generated/cpp-websocket/ unless the sources are unchanged. */
function buildServer(): string {
  mkdirSync(OUT, { recursive: true });
  const binary = join(OUT, 'server');
  const schema = join(ROOT, 'test/fixtures/rpc/rpc-test.capnp');
  const stamp = join(OUT, 'stamp');
  const key = readFileSync(SOURCE, 'utf8') + readFileSync(schema, 'utf8');
  if (existsSync(binary) && existsSync(stamp) && readFileSync(stamp, 'utf8') === key) return binary;
  const run = (command: string, args: string[]) => {
    const result = spawnSync(command, args, { encoding: 'utf8', cwd: OUT });
    if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`);
    return result.stdout.trim();
  };
  run(CAPNP, ['compile', `-I${join(ROOT, 'std')}`, `--src-prefix=${join(ROOT, 'test/fixtures/rpc')}`, `-oc++:${OUT}`, schema]);
  const flags = run('pkg-config', ['--cflags', ...PACKAGES]).split(/\s+/).filter(Boolean);
  const libs = run('pkg-config', ['--libs', ...PACKAGES]).split(/\s+/).filter(Boolean);
  run(process.env.CXX ?? 'g++', ['-std=c++17', '-O1', '-I', OUT, ...flags, SOURCE, join(OUT, 'rpc-test.capnp.c++'), '-o', binary, ...libs, '-pthread']);
  writeFileSync(stamp, key);
  return binary;
}

const present = toolsPresent();
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
    const binary = buildServer();
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
    const hello = echo.echo({ text: 'hello, C++' });
    expect((await hello).text).toBe('hello, C++');

    const made = echo.makeCounter();
    const first = made.counter.next();
    const second = made.counter.next();
    expect([(await first).n, (await second).n]).toEqual([0, 1]);

    const local = gen.Counter.serve({ next: () => ({ n: 41 }) });
    const called = echo.callCounter({ counter: local });
    expect((await called).n).toBe(41);

    const returned = echo.echoCap({ cap: made.counter });
    const again = returned.cap.next();
    expect((await again).n).toBe(2);

    // kj's WebSocket takes messages up to 1 MiB by default (SUGGESTED_MAX_MESSAGE_SIZE).
    const data = new Uint8Array(256 * 1024);
    for (let i = 0; i < data.length; i++) data[i] = (i * 7 + (i >>> 9)) & 0xff;
    const big = echo.echoData({ data });
    const back = (await big).data as Uint8Array;
    expect(Buffer.compare(Buffer.from(back), Buffer.from(data))).toBe(0);

    for (const p of [hello, first, second, made, called, returned, again, big]) p.dispose();
    local.close();
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
