/**
 * capstan/fastify through `fastify.inject` (no network): a round trip in both formats, and every
 * kind of malformed body answered 400 with its CapnpError code, before the handler runs (also
 * the faults that only reading a particular field would find, which `validate: false` shows
 * reaching the handler), 415 for other content types and 413 past the body limit.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import capnp, { type CapnpRoute, type CapstanFastifyOptions } from '../../src/fastify/index.js';
import { ElementSize, ErrorCode, type StructType } from '../../src/index.js';
import {
  compositeTag, farPointer, framed, hex, listPointer, NULL, structPointer, textWords, u64Word, type Word,
} from '../support/bytes.js';
import { generatePeople } from './support.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
let gen: any;
let Person: StructType<any, any, any, any>;
let app: FastifyInstance;
let lazy: FastifyInstance;
/** Bodies that reached a handler, by route. */
const reached: string[] = [];

async function makeApp(options: CapstanFastifyOptions): Promise<FastifyInstance> {
  const server = Fastify();
  await server.register(capnp, options);
  server.post<CapnpRoute<typeof Person>>('/people', { config: { capnp: Person } }, async (request, reply) => {
    reached.push('/people');
    const person: any = request.body; // a PersonReader (typed so in test/fastify/types.test.ts)
    const packed = request.headers.accept === 'application/x-capnp-packed';
    return reply.capnp(Person, {
      id: person.id + 1,
      name: `Hello, ${person.name}`,
      tags: [...person.tags, 'seen'],
      friends: person.friends.toArray().map((f: any) => ({ name: f.name })),
    }, { packed });
  });
  // Reads nothing: shows what a body that passes the hook gets to.
  server.post('/quiet', { config: { capnp: Person } }, async () => {
    reached.push('/quiet');
    return { ok: true };
  });
  // No `config.capnp`: the parser gives the bytes, and no check is made.
  server.post('/raw', async (request) => ({ length: (request.body as Uint8Array).length, isBytes: request.body instanceof Uint8Array }));
  await server.ready();
  return server;
}

beforeAll(async () => {
  gen = await import(generatePeople());
  Person = gen.Person;
  app = await makeApp({});
  lazy = await makeApp({ validate: false });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await lazy?.close();
});

function post(server: FastifyInstance, url: string, payload: Uint8Array | string, contentType: string | null = 'application/x-capnp', headers: Record<string, string> = {}) {
  return server.inject({
    method: 'POST',
    url,
    headers: contentType === null ? headers : { 'content-type': contentType, ...headers },
    payload: typeof payload === 'string' ? payload : Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength),
  });
}

describe('round trip', () => {
  const alice = { id: 41, name: 'Alice', email: 'alice@example.com', tags: ['admin'], friends: [{ name: 'Bob' }] };

  it('reads a Person body and replies with reply.capnp', async () => {
    const res = await post(app, '/people', Person.encode(alice));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-capnp');
    const reply = Person.decode(new Uint8Array(res.rawPayload));
    expect(reply).toMatchObject({ id: 42, name: 'Hello, Alice', tags: ['admin', 'seen'], friends: [{ name: 'Bob' }] });
  });

  it('reads a packed body and replies packed when asked', async () => {
    const res = await post(app, '/people', Person.encode(alice, { format: 'packed' }), 'application/x-capnp-packed', { accept: 'application/x-capnp-packed' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-capnp-packed');
    const reply = Person.decode(new Uint8Array(res.rawPayload), { format: 'packed' });
    expect(reply).toMatchObject({ id: 42, name: 'Hello, Alice' });
    // Packed bytes are not a binary message: the reply really is packed.
    expect(() => Person.decode(new Uint8Array(res.rawPayload))).toThrow();
  });

  it('takes content-type parameters and any case', async () => {
    const res = await post(app, '/people', Person.encode(alice), 'Application/X-Capnp; charset=binary');
    expect(res.statusCode, res.body).toBe(200);
  });

  it('gives routes without config.capnp the body as bytes, unchecked', async () => {
    const res = await post(app, '/raw', hex('01 02 03'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ length: 3, isBytes: true });
  });
});

// Person: one data word (id), pointers name, email, tags, photo, friends.
const PERSON = (pointers: Word[], extraPointers = 0): Word[] => [structPointer(0, 1, 5 + extraPointers), u64Word(7n), ...pointers];
const NULLS = (n: number): Word[] => Array.from({ length: n }, () => NULL);

/** A Person whose `count` tags all point at one text of `length` bytes (without its NUL). */
function sharedText(count: number, length: number): Uint8Array {
  const text = textWords('x'.repeat(length));
  // The list starts at word 7; element i, at word 7 + i, points at the text after the list.
  const elements: Word[] = [];
  for (let i = 0; i < count; i++) elements.push(listPointer(count - i - 1, ElementSize.BYTE, length + 1));
  return framed([...PERSON([NULL, NULL, listPointer(2, ElementSize.POINTER, count), NULL, NULL]), ...elements, ...text]);
}

/** Each malformed body, the code it must fail with, and whether only a full read finds it. */
const MALFORMED: Array<{ name: string; body: () => Uint8Array; code: string; contentType?: string; lazy?: boolean }> = [
  { name: 'an empty body', body: () => new Uint8Array(0), code: ErrorCode.TRUNCATED },
  { name: 'a truncated segment table', body: () => hex('00 00 00'), code: ErrorCode.TRUNCATED },
  { name: 'a segment count over the limit', body: () => hex('e7 03 00 00 01 00 00 00'), code: ErrorCode.BAD_FRAMING },
  { name: 'a segment size past the end', body: () => hex('00 00 00 00 64 00 00 00  00 00 00 00 00 00 00 00'), code: ErrorCode.TRUNCATED },
  { name: 'bytes after the message', body: () => new Uint8Array([...framed([structPointer(0, 0, 0)]), 0, 0, 0, 0, 0, 0, 0, 0]), code: ErrorCode.BAD_FRAMING },
  { name: 'an out-of-bounds root pointer', body: () => framed([structPointer(50, 1, 5)]), code: ErrorCode.OUT_OF_BOUNDS },
  { name: 'a far pointer to a missing segment', body: () => framed([farPointer(0, 7)]), code: ErrorCode.SEGMENT_NOT_FOUND },
  {
    name: 'a list past the end of its segment (in a field)', lazy: true, code: ErrorCode.OUT_OF_BOUNDS,
    body: () => framed(PERSON([NULL, NULL, listPointer(2, ElementSize.POINTER, 1000), NULL, NULL])),
  },
  {
    name: 'Text without its NUL', lazy: true, code: ErrorCode.BAD_TEXT,
    body: () => framed([...PERSON([listPointer(4, ElementSize.BYTE, 8), ...NULLS(4)]), ...textWords('abcdefgh', false)]),
  },
  {
    name: 'a struct where the schema has a list', lazy: true, code: ErrorCode.BAD_POINTER,
    body: () => framed([...PERSON([NULL, NULL, structPointer(2, 1, 0), NULL, NULL]), u64Word(1n)]),
  },
  {
    name: 'a broken pointer in a field the schema does not know', lazy: true, code: ErrorCode.OUT_OF_BOUNDS,
    body: () => framed(PERSON([...NULLS(5), structPointer(100, 1, 0)], 1)),
  },
  {
    name: 'a nesting bomb over the limit', lazy: true, code: ErrorCode.NESTING_LIMIT,
    body: () => {
      // friends of friends, 70 deep: each level is a list and a struct, so 35 levels suffice.
      let person: any = { name: 'bottom' };
      for (let i = 0; i < 70; i++) person = { name: `level ${i}`, friends: [person] };
      return Person.encode(person);
    },
  },
  {
    name: 'traversal amplification (20,000 tags pointing at one 2 KiB text)', lazy: true, code: ErrorCode.TRAVERSAL_LIMIT,
    body: () => sharedText(20_000, 2047),
  },
  {
    name: 'a list of 2^28 zero-size structs (CPU amplification)', lazy: true, code: ErrorCode.TRAVERSAL_LIMIT,
    body: () => framed([...PERSON([...NULLS(4), listPointer(0, ElementSize.INLINE_COMPOSITE, 0)]), compositeTag(2 ** 28, 0, 0)]),
  },
  { name: 'an invalid packed stream', contentType: 'application/x-capnp-packed', body: () => hex('ff 01 02'), code: ErrorCode.TRUNCATED },
];

describe('malformed bodies are 400 with the CapnpError code, before the handler', () => {
  for (const c of MALFORMED) {
    it(c.name, async () => {
      reached.length = 0;
      const res = await post(app, '/people', c.body(), c.contentType);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const body = res.json();
      expect(body).toMatchObject({ statusCode: 400, code: c.code, error: 'Bad Request' });
      expect(body.message.length).toBeGreaterThan(10);
      expect(reached).toEqual([]);
    });
  }

  it('covers at least ten kinds', () => {
    expect(MALFORMED.length).toBeGreaterThanOrEqual(10);
  });

  // Without the full read these bodies get past the framing check: validation is what stops them.
  for (const c of MALFORMED.filter((m) => m.lazy === true)) {
    it(`with validate: false, ${c.name} reaches the handler`, async () => {
      reached.length = 0;
      const res = await post(lazy, '/quiet', c.body(), c.contentType);
      expect(res.statusCode, res.body).toBe(200);
      expect(reached).toEqual(['/quiet']);
    });
  }
});

describe('content type and size', () => {
  it('answers 415 for a JSON body on a Cap\'n Proto route', async () => {
    const res = await post(app, '/people', '{"name":"Alice"}', 'application/json');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: ErrorCode.BAD_CONTENT_TYPE });
  });

  it('answers 415 for no body and no content type', async () => {
    const res = await app.inject({ method: 'POST', url: '/people' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: ErrorCode.BAD_CONTENT_TYPE });
  });

  it('answers 415 for a type Fastify has no parser for', async () => {
    const res = await post(app, '/people', Person.encode({ name: 'A' }), 'application/x-capnproto');
    expect(res.statusCode).toBe(415);
  });

  it('answers 413 past bodyLimit', async () => {
    const small = await makeApp({ bodyLimit: 1024 });
    try {
      const body = Person.encode({ name: 'x'.repeat(2000) });
      const res = await post(small, '/people', body);
      expect(res.statusCode).toBe(413);
      const fits = await post(small, '/people', Person.encode({ name: 'x'.repeat(900) }));
      expect(fits.statusCode, fits.body).toBe(200);
    } finally {
      await small.close();
    }
  });

  it('refuses limits that are not limits when it is registered, not at each request', async () => {
    // traversalLimitInWords: NaN failed every body at its request.
    for (const limits of [{ traversalLimitInWords: NaN }, { nestingLimit: -1 }, { bodyLimit: '1' as unknown as number }, { maxSegments: 1.5 }]) {
      const server = Fastify();
      try {
        await expect(server.register(capnp, limits).ready()).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringContaining(Object.keys(limits)[0]!) });
      } finally {
        await server.close();
      }
    }
  });

  it('ties the traversal limit to bodyLimit unless given', async () => {
    // 3.4 KB of body pointing 400 times at one 100-byte text: 5,600 words read, under 4 KiB.
    const body = sharedText(400, 100);
    expect(body.length).toBeLessThan(4096);
    const tight = await makeApp({ bodyLimit: 4096 });
    const raised = await makeApp({ bodyLimit: 4096, traversalLimitInWords: 1 << 20 });
    try {
      const res = await post(tight, '/people', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: ErrorCode.TRAVERSAL_LIMIT });
      expect((await post(raised, '/people', body)).statusCode).toBe(200);
      expect((await post(app, '/people', body)).statusCode).toBe(200);
      // Within bodyLimit, the default budget scales with the body: 5.6 KB pointing 600 times at
      // one 2 000-byte text reads 150 000 words, more than 64 per word of it (45 000), though
      // far under the 1 Mi words of the 1 MiB bodyLimit; a budget given is used as it is.
      const amplified = sharedText(600, 2000);
      const scaled = await post(app, '/people', amplified);
      expect(scaled.statusCode).toBe(400);
      expect(scaled.json()).toMatchObject({ code: ErrorCode.TRAVERSAL_LIMIT });
      const given = await makeApp({ traversalLimitInWords: 1 << 20 });
      try {
        expect((await post(given, '/people', amplified)).statusCode).toBe(200);
      } finally {
        await given.close();
      }
    } finally {
      await tight.close();
      await raised.close();
    }
  });
});
