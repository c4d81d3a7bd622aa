/**
 * RPC over a child process's standard streams: `SocketTransport` takes any duplex stream of
 * bytes, here `Duplex.from` the child's stdin and stdout (and, in the child, its own), as a
 * capnp plugin or worker process would be driven. Calls, pipelining, a callback and 1 MiB of
 * Data; both sides' tables empty at the end.
 */
import { spawn } from 'node:child_process';
import { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { beforeAll, expect, it } from 'vitest';
import { Connection, type ClientClass } from '../../src/rpc/index.js';
import { SocketTransport } from '../../src/rpc/node/index.js';
import { distModule, distRpcFixture } from './dist-fixture.js';
import { EMPTY, exerciseEcho, generateRpcFixture, settle, until } from './support.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
let gen: any;

beforeAll(async () => {
  gen = await import(generateRpcFixture());
});

it('calls a server in a child process over its stdin and stdout; both sides empty at the end', async () => {
  const child = spawn(process.execPath, [
    fileURLToPath(new URL('./stdio-child.mjs', import.meta.url)),
    distModule('rpc/index.js'), distModule('rpc/node/index.js'), distRpcFixture(),
  ], { stdio: ['pipe', 'pipe', 'pipe'] });
  let report = '';
  child.stderr.on('data', (chunk: Buffer) => {
    report += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const connection = new Connection(new SocketTransport(Duplex.from({ readable: child.stdout, writable: child.stdin })));
  const echo = connection.bootstrap(gen.EchoClient as ClientClass<any>);
  await exerciseEcho(echo, gen.Counter, { dataBytes: 1 << 20 });
  echo.close();
  await settle(20);
  expect(connection.stats()).toEqual(EMPTY);
  await connection.close();
  await until(() => report.includes('\n'), 'the child to report');
  const { error, stats, live } = JSON.parse(report);
  expect(error.type).toBe('disconnected');
  expect(stats).toEqual(EMPTY);
  expect(live).toEqual({ counters: 0, running: 0 });
  expect(await exited).toBe(0);
});
