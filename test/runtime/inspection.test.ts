/**
 * How readers, builders and lists print in Node's console (src/runtime/inspection.node.ts): their
 * values, never their segments' bytes, and without changing what the message lets a program read.
 */
import { inspect } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { MessageBuilder, readMessage } from '../../src/index.js';
import { importGenerated } from '../support/compile-memory.js';

const SCHEMA = `@0xa5c7e9f1b3d5a7c9;
struct Person {
  name @0 :Text;
  age @1 :UInt16;
  tags @2 :List(Text);
  kids @3 :List(Person);
  flags @4 :List(Bool);
  scores @5 :List(Int32);
  union {
    none @6 :Void;
    email @7 :Text;
  }
}
`;

let gen: Record<string, any>;
beforeAll(async () => {
  gen = await importGenerated('inspection', { '/person.capnp': SCHEMA }, '/person.capnp');
});

const show = (value: unknown, options: Parameters<typeof inspect>[1] = {}) => inspect(value, { colors: false, breakLength: Infinity, ...options });

describe('a generated reader or builder prints as its class and plain-object form', () => {
  it('a reader, with the union member that is set', () => {
    const reader = gen.PersonReader.read(gen.Person.encode({ name: 'Ada', age: 36, tags: ['x', 'y'], email: 'ada@example.org' }));
    expect(show(reader)).toBe(
      "PersonReader { name: 'Ada', age: 36, tags: [ 'x', 'y' ], kids: null, flags: null, scores: null, email: 'ada@example.org' }",
    );
    // Never the segment it reads from, nor the bytes under it.
    expect(inspect(reader)).not.toMatch(/Segment|Uint8Array|\$segment/);
  });

  it('a builder, as it is so far', () => {
    const message = new MessageBuilder();
    const person = gen.Person.initRoot(message);
    person.name = 'Grace';
    person.kids = [{ name: 'Kid' }];
    expect(show(person)).toBe(
      "PersonBuilder { name: 'Grace', age: 0, tags: null, kids: [ { name: 'Kid', age: 0, tags: null, kids: null, flags: null, scores: null, none: null } ], flags: null, scores: null, none: null }",
    );
  });

  it('below the depth asked for, as its class name in brackets', () => {
    const reader = gen.PersonReader.read(gen.Person.encode({ name: 'Ada' }));
    expect(show({ a: { b: { reader } } })).toBe('{ a: { b: { reader: [PersonReader] } } }');
    expect(show({ a: { b: { reader } } }, { depth: 3 })).toMatch(/^\{ a: \{ b: \{ reader: PersonReader \{ name: 'Ada',/);
  });
});

describe('a list prints as its class, length and elements', () => {
  const value = { tags: ['a', 'b'], kids: [{ name: 'k1' }, { name: 'k2', age: 2 }], flags: [true, false, true], scores: [1, 2] };

  it('each kind of list being read', () => {
    const reader = gen.PersonReader.read(gen.Person.encode(value));
    expect(show(reader.tags)).toBe("PointerList(2) [ 'a', 'b' ]");
    expect(show(reader.flags)).toBe('BoolList(3) [ true, false, true ]');
    expect(show(reader.kids)).toBe(
      "StructList(2) [ PersonReader { name: 'k1', age: 0, tags: null, kids: null, flags: null, scores: null, none: null }, PersonReader { name: 'k2', age: 2, tags: null, kids: null, flags: null, scores: null, none: null } ]",
    );
  });

  it('each kind of list being built', () => {
    const person = gen.Person.initRoot(new MessageBuilder());
    person.assign(value);
    expect(show(person.tags)).toBe("PointerListBuilder(2) [ 'a', 'b' ]");
    expect(show(person.flags)).toBe('BoolListBuilder(3) [ true, false, true ]');
    expect(show(person.scores)).toBe('PrimitiveListBuilder(2) [ 1, 2 ]');
    expect(show(person.kids)).toMatch(/^StructListBuilder\(2\) \[ PersonBuilder \{ name: 'k1', .* PersonBuilder \{ name: 'k2', age: 2,/);
  });

  it('a long one: as many elements as maxArrayLength allows, the rest counted, none of them read', () => {
    const tags = Array.from({ length: 1000 }, (_, i) => `t${i}`);
    const list = gen.PersonReader.read(gen.Person.encode({ tags })).tags;
    const read: number[] = [];
    const get = list.get.bind(list);
    list.get = (i: number) => (read.push(i), get(i));
    expect(show(list, { maxArrayLength: 3 })).toBe("PointerList(1000) [ 't0', 't1', ... 998 more items ]");
    expect(read).toEqual([0, 1]);
    expect(show(list, { maxArrayLength: 1001 })).toMatch(/'t999'\s*\]$/);
    expect(show(list, { maxArrayLength: 0 })).toBe('PointerList(1000) [ ... 1000 more items ]');
  });
});

it('a runtime that hands the hook no `inspect` (and has no way to fetch it) gets the value to print its own way', () => {
  const hook = Symbol.for('nodejs.util.inspect.custom');
  const reader = gen.PersonReader.read(gen.Person.encode({ name: 'Ada', tags: ['x'] }));
  // Called as Node calls it, without its third argument: fetched through process.getBuiltinModule.
  expect(reader[hook](2, {})).toMatch(/^PersonReader \{\s+name: 'Ada',/);
  const getBuiltinModule = process.getBuiltinModule;
  try {
    (process as { getBuiltinModule?: unknown }).getBuiltinModule = undefined;
    expect(reader[hook](2, {})).toEqual(reader.toObject());
    expect(reader.tags[hook](2, {})).toEqual(['x']);
  } finally {
    process.getBuiltinModule = getBuiltinModule;
  }
});

describe('printing leaves the message as it was', () => {
  it('what printing read is not charged against the traversal limit', () => {
    const bytes = gen.Person.encode({ tags: Array.from({ length: 50 }, (_, i) => `tag number ${i}`) });
    /** The smallest limit under which `read` succeeds on a fresh reader, and `read` twice does not. */
    const tightLimit = (read: (reader: any) => void): number => {
      const within = (limit: number, times: number) => {
        try {
          const reader = gen.PersonReader.read(bytes, { traversalLimitInWords: limit });
          for (let i = 0; i < times; i++) read(reader);
          return true;
        } catch {
          return false;
        }
      };
      let limit = 1;
      while (!within(limit, 1)) limit++;
      expect(within(limit, 2)).toBe(false);
      return limit;
    };
    // A struct: printing it first leaves the program its one read of everything.
    const whole = gen.PersonReader.read(bytes, { traversalLimitInWords: tightLimit((r) => r.toObject()) });
    expect(inspect(whole)).toMatch(/tag number 49/);
    expect(whole.toObject().tags).toHaveLength(50);
    // A list: the same for its elements (the list itself was charged when the program read the field).
    const tagsLimit = tightLimit((r) => r.tags.toArray());
    const reader = gen.PersonReader.read(bytes, { traversalLimitInWords: tagsLimit });
    const tags = reader.tags;
    expect(inspect(tags, { maxArrayLength: 100 })).toMatch(/tag number 49/);
    expect(tags.toArray()).toHaveLength(50);
  });

  it('a value that cannot be read prints its error, and printing does not throw', () => {
    const bytes = gen.Person.encode({ name: 'x' });
    // The root's first pointer (the name), after the header, the root pointer and one data word:
    // a byte list far past the end of the segment.
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    view.setUint32(24, (1000 << 2) | 1, true);
    view.setUint32(28, (5 << 3) | 2, true);
    const reader = gen.PersonReader.read(bytes);
    expect(() => reader.toObject()).toThrow(/points outside its segment/);
    expect(show(reader)).toMatch(/^PersonReader <unreadable: .*points outside its segment/);
  });

  it('a message, its arena and its segments print as their sizes', () => {
    const bytes = gen.Person.encode({ name: 'Ada' });
    const message = readMessage(bytes);
    expect(show(message)).toBe(`MessageReader { arena: Arena { segments: 1, words: ${bytes.length / 8 - 1}, writable: false } }`);
    expect(show(message.getRoot())).toMatch(/^StructReader \{ segment: Segment \{ id: 0, bytes: \d+ \}, /);
    const builder = new MessageBuilder();
    gen.Person.initRoot(builder).name = 'Ada';
    expect(show(builder)).toMatch(/arena: Arena \{ segments: 1, words: \d+, writable: true \}/);
  });
});
