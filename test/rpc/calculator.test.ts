/**
 * The calculator example (examples/calculator) as a user runs it: the server and the client as
 * separate Node processes over TCP, importing Capstan through the package's own exports (the
 * dist build, so `npm run build` comes first; `npm test` does it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import * as net from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROOT } from '../support/generate.js';

const EXAMPLE = join(ROOT, 'examples/calculator');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `node <script> <args>` to the end. */
function run(script: string, args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(EXAMPLE, script), ...args], { cwd: ROOT });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString(); });
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A port nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let server: ChildProcess | null = null;
let address = '';

beforeAll(async () => {
  if (!existsSync(join(ROOT, 'dist/rpc/node/index.js'))) throw new Error('dist/ is missing: run `npm run build` first');
  const child = spawn(process.execPath, [join(EXAMPLE, 'server.mjs'), '127.0.0.1:0'], { cwd: ROOT });
  server = child;
  address = await new Promise<string>((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const listening = /^listening on (127\.0\.0\.1:\d+)$/m.exec(stdout);
      if (listening) resolve(listening[1]!);
    });
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`the server exited (${code}) before listening:\n${stdout}${stderr}`)));
  });
});

afterAll(() => {
  server?.kill();
});

it('the client passes its five checks against the server', async () => {
  const client = await run('client.mjs', [address]);
  expect(client.stderr).toBe('');
  expect(client.stdout.split('\n')).toEqual([
    'Evaluating a literal... PASS',
    'Using add and subtract... PASS',
    'Pipelining eval() calls... PASS',
    'Defining functions... PASS',
    'Using a callback... PASS',
    '',
  ]);
  expect(client.code).toBe(0);
});

it('serves several clients at once', async () => {
  const clients = await Promise.all([run('client.mjs', [address]), run('client.mjs', [address])]);
  for (const client of clients) {
    expect(client.stdout.match(/PASS/g)).toHaveLength(5);
    expect(client.code).toBe(0);
  }
});

it('a client that cannot connect says so in one line and exits non-zero', async () => {
  const wrong = `127.0.0.1:${await closedPort()}`;
  const client = await run('client.mjs', [wrong]);
  expect(client.stdout).toBe('');
  expect(client.stderr).toBe(`calculator client: could not connect to ${wrong}: connect ECONNREFUSED ${wrong}\n`);
  expect(client.code).toBe(1);
});

it('a client talking to something that is not a calculator fails its first check', async () => {
  // A TCP server that hangs up on every connection.
  const hangUp = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => hangUp.listen(0, '127.0.0.1', resolve));
  try {
    const client = await run('client.mjs', [`127.0.0.1:${(hangUp.address() as net.AddressInfo).port}`]);
    expect(client.stdout).toMatch(/^Evaluating a literal\.\.\. FAIL: .+\n$/);
    expect(client.code).toBe(1);
  } finally {
    await new Promise<void>((resolve) => hangUp.close(() => resolve()));
  }
});
