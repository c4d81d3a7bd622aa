/**
 * Every function that reads a message from bytes takes bytes in any shape and refuses anything
 * else with a CapnpError that names what it got (src/wire/core/input-bytes.ts). Before, a string
 * read as an empty message, a number as that many zero bytes, `Person.read(null)` threw a raw
 * TypeError, `readMessages('x')` yielded nothing, and `unpack({})` never returned.
 */
import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, MessageReader, canonicalize, framedMessageLength, isCanonical, pack, readMessage, readMessages, readStreamWithin, unpack } from '../../src/index.js';
import { decode as dynamicDecode, encode as dynamicEncode, loadSchema } from '../../src/dynamic/index.js';
import { compileSources, importGenerated } from '../support/compile-memory.js';
import { failure } from '../support/failure.js';

const SCHEMA = `@0xc3a1e5f70b2d4c69;
struct Person {
  name @0 :Text;
  age @1 :UInt16;
}
`;

let gen: Record<string, any>;
let dynamicPerson: any;
beforeAll(async () => {
  gen = await importGenerated('input-bytes', { '/person.capnp': SCHEMA }, '/person.capnp');
  dynamicPerson = loadSchema(compileSources({ '/person.capnp': SCHEMA })).struct('Person');
});

/** What a JavaScript caller might pass where bytes belong, and the type the error should name. */
const NOT_BYTES: [string, unknown, string][] = [
  ['a string', 'hello', 'string'],
  ['a number', 16, 'number'],
  ['null', null, 'object'],
  ['undefined', undefined, 'undefined'],
  ['an array of numbers', [0, 0, 0, 0, 0, 0, 0, 0], 'object'],
  ['a plain object', { length: 8 }, 'object'],
];

/** The entry points, each called with one argument where the message's bytes go. */
const READERS: [string, (input: any) => unknown][] = [
  ['readMessage', (input) => readMessage(input)],
  ['readMessages', (input) => [...readMessages(input)]],
  ['readMessages (packed)', (input) => [...readMessages(input, { format: 'packed' })]],
  ['unpack', (input) => unpack(input)],
  ['pack', (input) => pack(input)],
  ['framedMessageLength', (input) => framedMessageLength(input)],
  ['Person.read (struct type)', (input) => gen.Person.read(input)],
  ['Person.decode (struct type)', (input) => gen.Person.decode(input)],
  ['PersonReader.read (reader class)', (input) => gen.PersonReader.read(input)],
  ['PersonReader.decode (reader class)', (input) => gen.PersonReader.decode(input)],
  ['dynamic decode', (input) => dynamicDecode(dynamicPerson, input)],
];

describe('what is not bytes is refused by name', () => {
  for (const [entry, call] of READERS) {
    it(entry, () => {
      for (const [label, input, type] of NOT_BYTES) {
        const e = failure(() => call(input));
        expect(e.code, `${entry}(${label})`).toBe(ErrorCode.INVALID_ARGUMENT);
        expect(e.message, `${entry}(${label})`).toBe(`expected bytes, got ${type}`);
      }
    });
  }

  it('a MessageReader is made of segments, and says where framed bytes go', () => {
    const bytes = gen.Person.encode({ name: 'Ada' });
    const framed = failure(() => new MessageReader(bytes as never));
    expect(framed.code).toBe(ErrorCode.INVALID_ARGUMENT);
    expect(framed.message).toMatch(/read framed bytes with readMessage\(bytes\), got a Uint8Array$/);
    expect(failure(() => new MessageReader(['segment'] as never)).message).toBe('expected bytes, got string');
    // Its one segment (the bytes after the 8-byte segment table), as a Buffer: read as bytes.
    expect(new MessageReader([Buffer.from(bytes.subarray(8))]).getRoot().getText(0)).toBe('Ada');
  });

  it('the struct type\'s pointer form names what it was given to read from', () => {
    const e = failure(() => gen.Person.read('not a struct', 0));
    expect(e.code).toBe(ErrorCode.INVALID_ARGUMENT);
    expect(e.message).toMatch(/struct or list reader, got string "not a struct"$/);
  });
});

describe('bytes in any shape are read as bytes', () => {
  const VALUE = { name: 'Ada', age: 36 };

  /** The message's bytes as each shape a caller may hold them in. */
  function shapes(bytes: Uint8Array): [string, unknown][] {
    const padded = new Uint8Array(bytes.length + 8);
    padded.set(bytes, 8);
    const foreign = runInNewContext('new Uint8Array(n)', { n: bytes.length }) as Uint8Array;
    foreign.set(bytes);
    expect(foreign instanceof Uint8Array).toBe(false);
    return [
      ['a Uint8Array', bytes],
      ['a Uint8Array at an offset of its buffer', padded.subarray(8)],
      ['a Buffer', Buffer.from(bytes)],
      ['a Uint8Array of another realm', foreign],
      ['a DataView', new DataView(padded.buffer, 8, bytes.length)],
      ['an ArrayBuffer', bytes.slice().buffer],
    ];
  }

  it('by every entry point that reads one message', () => {
    const bytes = gen.Person.encode(VALUE);
    for (const [label, input] of shapes(bytes)) {
      expect(gen.Person.decode(input), label).toEqual(VALUE);
      expect(gen.PersonReader.decode(input), label).toEqual(VALUE);
      expect(gen.Person.read(input).name, label).toBe('Ada');
      expect(readMessage(input as Uint8Array).getRoot().getUint16(0), label).toBe(36);
      expect([...readMessages(input as Uint8Array)], label).toHaveLength(1);
      expect(framedMessageLength(input as Uint8Array), label).toBe(bytes.length);
      expect(dynamicDecode(dynamicPerson, input as Uint8Array), label).toEqual(VALUE);
    }
  });

  it('by pack and unpack', () => {
    const bytes = gen.Person.encode(VALUE);
    const packed = pack(bytes);
    for (const [label, input] of shapes(bytes)) expect(pack(input as Uint8Array), label).toEqual(packed);
    for (const [label, input] of shapes(packed)) expect(unpack(input as Uint8Array), label).toEqual(bytes);
  });
});

it('options that are not an object are refused where a format string would be ignored unseen', () => {
  const bytes = gen.Person.encode({ name: 'x' });
  const calls: [string, () => unknown][] = [
    ['encode', () => gen.Person.encode({ name: 'x' }, 'packed')],
    ['dynamic encode', () => dynamicEncode(dynamicPerson, { name: 'x' }, 'packed' as never)],
    ['readMessages', () => [...readMessages(pack(bytes), 'packed' as never)]],
  ];
  for (const [name, call] of calls) {
    const e = failure(call);
    expect(e.code, name).toBe(ErrorCode.INVALID_ARGUMENT);
    expect(e.message, name).toBe('options are an object ({ format: \'packed\', ... }), got string "packed"');
  }
  expect(gen.Person.decode(pack(bytes), { format: 'packed' })).toEqual({ name: 'x', age: 0 });
  // Reading one message, the packed bytes a format string meant do not read as binary.
  expect(failure(() => gen.Person.decode(pack(bytes), 'packed')).code).toBe(ErrorCode.BAD_FRAMING);
});

it('a reader of binary or flat messages says to unpack packed input, naming its format', () => {
  const packed = pack(gen.Person.encode({ name: 'x' }));
  expect(failure(() => gen.PersonReader.read(packed, { format: 'packed' })).message)
    .toBe('unpack() packed input first: this reader takes binary or flat messages');
  expect(failure(() => gen.PersonReader.read(packed, { format: 'flat-packed' })).message)
    .toBe('unpack() flat-packed input first: this reader takes binary or flat messages');
});

it('isCanonical takes a message and says how to make one of bytes', () => {
  const bytes = gen.Person.encode({ name: 'Ada' });
  const e = failure(() => isCanonical(bytes as never));
  expect(e.code).toBe(ErrorCode.INVALID_ARGUMENT);
  expect(e.message).toMatch(/^isCanonical takes a MessageReader: readMessage\(bytes, \{ format: 'flat' \}\) for canonical bytes .*; got a Uint8Array$/);
  const canonical = canonicalize(readMessage(bytes));
  expect(isCanonical(readMessage(canonical, { format: 'flat' }))).toBe(true);
});

it('readStreamWithin takes a stream, and a limit', async () => {
  for (const notAStream of [new Uint8Array(4), 'text', null]) {
    await expect(readStreamWithin(notAStream as never, 100)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(/^readStreamWithin reads a ReadableStream/) });
  }
  const body = new Response(new Uint8Array([1, 2, 3])).body!;
  expect([...(await readStreamWithin(body as never, 100))!]).toEqual([1, 2, 3]);
});
