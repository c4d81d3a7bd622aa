/**
 * capstan/fetch against the runtime's own `Request` and `Response` (Node 20 has them), and once
 * over a real socket: `fetch` to a Fastify server using capstan/fastify.
 */
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import capnp, { type CapnpRoute } from '../../src/fastify/index.js';
import { capnpBody, fromRequest, fromResponse, toResponse } from '../../src/fetch/index.js';
import { CapnpError, ElementSize, ErrorCode, type StructType } from '../../src/index.js';
import { framed, listPointer, NULL, structPointer, textWords, u64Word } from '../support/bytes.js';
import { generatePeople } from './support.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
let Person: StructType<any, any, any, any>;

beforeAll(async () => {
  Person = (await import(generatePeople())).Person;
}, 60_000);

async function rejection(promise: Promise<unknown>): Promise<CapnpError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(CapnpError);
  return error as CapnpError;
}

/** A Person whose name is 8 bytes without a NUL. */
const BAD_TEXT = () => framed([structPointer(0, 1, 5), u64Word(1n), listPointer(4, ElementSize.BYTE, 8), NULL, NULL, NULL, NULL, ...textWords('abcdefgh', false)]);

describe('bodies', () => {
  it('capnpBody gives the bytes and the content type, for RequestInit', async () => {
    const init = capnpBody(Person, { id: 3, name: 'Ada' });
    expect(init.headers).toEqual({ 'content-type': 'application/x-capnp' });
    const request = new Request('http://localhost/people', { method: 'POST', ...init });
    const person = await fromRequest(Person, request);
    expect(person.name).toBe('Ada');
    expect(person.id).toBe(3);
  });

  it('packs when asked', async () => {
    const init = capnpBody(Person, { name: 'x'.repeat(64) }, { packed: true });
    expect(init.headers['content-type']).toBe('application/x-capnp-packed');
    expect(init.body.length).toBeLessThan(Person.encode({ name: 'x'.repeat(64) }).length);
    const person = await fromResponse(Person, new Response(init.body, { headers: init.headers }));
    expect(person.name).toBe('x'.repeat(64));
  });

  it('toResponse sets the content type and keeps the rest of the init', async () => {
    const res = toResponse(Person, { name: 'Bob', tags: ['a'] }, { status: 201, headers: { 'x-trace': '7', 'content-type': 'text/plain' }, packed: true });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-trace')).toBe('7');
    expect(res.headers.get('content-type')).toBe('application/x-capnp-packed');
    const person = await fromResponse(Person, res);
    expect(person.$toObject()).toMatchObject({ name: 'Bob', tags: ['a'] });
  });

  it('encodes a reader as well as an object', async () => {
    const reader = Person.read(Person.encode({ name: 'Copy' }));
    expect((await fromResponse(Person, toResponse(Person, reader))).name).toBe('Copy');
  });
});

describe('reading checks', () => {
  it('fails with BAD_CONTENT_TYPE for another content type, naming the status', async () => {
    const res = new Response('<html>Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } });
    const error = await rejection(fromResponse(Person, res));
    expect(error.code).toBe(ErrorCode.BAD_CONTENT_TYPE);
    expect(error.message).toMatch(/text\/html/);
    expect(error.message).toMatch(/502/);
  });

  it('reads another content type when the format is given', async () => {
    const res = new Response(Person.encode({ name: 'Raw' }), { headers: { 'content-type': 'application/octet-stream' } });
    expect((await fromResponse(Person, res, { format: 'binary' })).name).toBe('Raw');
  });

  it('checks the whole message: Text without NUL fails at once', async () => {
    const res = () => new Response(BAD_TEXT(), { headers: { 'content-type': 'application/x-capnp' } });
    expect((await rejection(fromResponse(Person, res()))).code).toBe(ErrorCode.BAD_TEXT);
    // Unchecked, the same body reads until the broken field is touched.
    const lazy = await fromResponse(Person, res(), { validate: false });
    expect(lazy.id).toBe(1);
    expect(() => lazy.name).toThrow(CapnpError);
  });

  it('fails with a code on a malformed frame', async () => {
    const res = new Response(new Uint8Array([0, 0, 0]), { headers: { 'content-type': 'application/x-capnp' } });
    expect((await rejection(fromResponse(Person, res))).code).toBe(ErrorCode.TRUNCATED);
    const empty = new Response(null, { headers: { 'content-type': 'application/x-capnp' } });
    expect((await rejection(fromResponse(Person, empty))).code).toBe(ErrorCode.TRUNCATED);
  });

  it('fails with MESSAGE_TOO_LARGE past maxBytes, by Content-Length or while streaming', async () => {
    const body = Person.encode({ name: 'z'.repeat(1000) });
    const declared = new Response(body, { headers: { 'content-type': 'application/x-capnp', 'content-length': String(body.length) } });
    expect((await rejection(fromResponse(Person, declared, { maxBytes: 512 }))).code).toBe(ErrorCode.MESSAGE_TOO_LARGE);
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(256));
        if (pulled === 100) controller.close();
      },
    });
    const streamed = new Response(stream, { headers: { 'content-type': 'application/x-capnp' } });
    expect((await rejection(fromResponse(Person, streamed, { maxBytes: 1024 }))).code).toBe(ErrorCode.MESSAGE_TOO_LARGE);
    expect(pulled).toBeLessThan(100);
    // Under the limit, a body in several chunks is joined.
    const chunks = [body.subarray(0, 10), body.subarray(10)];
    const joined = new Response(new ReadableStream<Uint8Array>({
      start(controller) {
        for (const c of chunks) controller.enqueue(c);
        controller.close();
      },
    }), { headers: { 'content-type': 'application/x-capnp' } });
    expect((await fromResponse(Person, joined, { maxBytes: 2048 })).name).toBe('z'.repeat(1000));
  });
});

describe('over a socket', () => {
  it('fetch posts to a Fastify route and reads its reply', async () => {
    const app = Fastify();
    await app.register(capnp);
    app.post<CapnpRoute<typeof Person>>('/echo', { config: { capnp: Person } }, async (request, reply) =>
      reply.capnp(Person, { name: (request.body as any).name.toUpperCase(), id: (request.body as any).id * 2 }, { packed: true }));
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const res = await fetch(`${address}/echo`, { method: 'POST', ...capnpBody(Person, { name: 'grace', id: 21 }) });
      expect(res.status).toBe(200);
      const person = await fromResponse(Person, res);
      expect(person.$toObject()).toMatchObject({ name: 'GRACE', id: 42 });
      const bad = await fetch(`${address}/echo`, { method: 'POST', body: BAD_TEXT(), headers: { 'content-type': 'application/x-capnp' } });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ code: ErrorCode.BAD_TEXT });
    } finally {
      await app.close();
    }
  });
});

describe('layering', () => {
  it('capstan/fetch imports nothing of Node, only capstan/fastify imports Fastify, and @fastify/websocket only when capnpRpc is registered', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { ROOT } = await import('../support/generate.js');
    const files = (readdirSync(join(ROOT, 'src'), { recursive: true }) as string[]).filter((f) => f.endsWith('.ts'));
    const importers = files.filter((f) => /from 'fastify'/.test(readFileSync(join(ROOT, 'src', f), 'utf8')));
    expect(importers.sort()).toEqual([join('fastify', 'index.ts'), join('fastify', 'rpc.ts')]);
    const websocket = files.filter((f) => /@fastify\/websocket'/.test(readFileSync(join(ROOT, 'src', f), 'utf8')));
    expect(websocket).toEqual([join('fastify', 'rpc.ts')]);
    const rpcSource = readFileSync(join(ROOT, 'src/fastify/rpc.ts'), 'utf8');
    expect(rpcSource).not.toMatch(/from '@fastify\/websocket'/);
    expect(rpcSource).toMatch(/await import\('@fastify\/websocket'\)/);
    for (const f of files.filter((f) => f.startsWith('fetch'))) {
      expect(readFileSync(join(ROOT, 'src', f), 'utf8'), f).not.toMatch(/from 'node:/);
    }
  });
});
