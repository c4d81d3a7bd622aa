/**
 * One-call encoding defers Text and writes it all with one native call at the end, assuming
 * ASCII (src/wire/core/text-batch.ts). The strings then sit after the structs instead of next to
 * each, so the bytes differ from a plain build (setters one by one, no batch); whatever the text,
 * the message must be the same one: the same canonical form and the same values. A wrong guess
 * must cost nothing but time, and a slot written again after its Text was deferred must end up
 * holding what was written last.
 */
import { describe, expect, it } from 'vitest';
import { canonicalize, MessageBuilder, readMessage } from '../../src/index.js';
import { setDataAt, setTextAt } from '../../src/wire/build-object.js';
import { Node, type NodeInit } from '../../src/generated/std/schema.capnp.js';

/** Bytes of `value` built field by field, without a batch. */
function plainBuild(value: NodeInit): Uint8Array {
  const message = new MessageBuilder();
  Node.setRoot(message, value);
  return message.toBytes();
}

/** `text` as it reads back from UTF-8 (lone surrogates become U+FFFD). */
const asUtf8 = (text: string) => new TextDecoder().decode(new TextEncoder().encode(text));

/** The same message: equal canonical forms (layout-free), hence equal values. */
function expectSameMessage(actual: Uint8Array, expected: Uint8Array): void {
  expect(canonicalize(readMessage(actual).getRoot())).toEqual(canonicalize(readMessage(expected).getRoot()));
}

const long = (seed: string, length: number) => seed.repeat(Math.ceil(length / seed.length)).slice(0, length);

function node(names: string[], displayName = long('display name ', 40)): NodeInit {
  return {
    id: 1n, displayName, displayNamePrefixLength: 3, scopeId: 2n,
    nestedNodes: names.map((name, i) => ({ name, id: BigInt(i) })),
  };
}

/** The nested names of each case, as given. */
const names: Record<string, string[]> = {};

const cases: Record<string, NodeInit> = {
  'long ASCII strings': node(Array.from({ length: 30 }, (_, i) => long(`nested node ${i} `, 33 + i * 7))),
  'short and long ASCII strings mixed': node(['a', long('b', 32), long('c', 33), '', long('d', 200)]),
  'exactly one long string': node(['short'], long('only long one ', 64)),
  'lengths at every word boundary': node(Array.from({ length: 16 }, (_, i) => long('w', 33 + i))),
  'non-ASCII in one long string among ASCII ones': node([long('ascii ', 40), long('größe ', 40), long('ascii ', 50)]),
  'non-ASCII in the only long string': node([], long('日本語のテキスト', 40)),
  'astral characters (surrogate pairs)': node([long('emoji 😀 ', 60), long('x', 40)]),
  'a lone surrogate (written as U+FFFD)': node([long('a', 40) + '\ud800' + long('b', 10), long('c', 40)]),
  'non-ASCII only in short strings': node(['é', long('ascii ', 40), 'ü']),
  // More strings in one block than a new batch has room to record (it grows its records twice).
  'a thousand strings in one block': node(Array.from({ length: 1000 }, (_, i) => `node ${i}`)),
};

for (const [name, value] of Object.entries(cases)) names[name] = Array.from(value.nestedNodes as ArrayLike<{ name: string }>, (n) => n.name);

describe('batched long Text in one-call encoding', () => {
  for (const [name, value] of Object.entries(cases)) {
    it(`writes the bytes of a plain build: ${name}`, () => {
      const expected = plainBuild(value);
      expectSameMessage(Node.encode(value), expected);
      expectSameMessage(Node.encode(value, { builder: new MessageBuilder() }), expected);
      // One-call encodes agree with each other byte for byte, whichever builder they use.
      expect(Node.encode(value, { format: 'packed' })).toEqual(Node.encode(value, { builder: new MessageBuilder(), format: 'packed' }));
      const decoded = Node.decode(Node.encode(value));
      expect(decoded.displayName).toBe(asUtf8(value.displayName as string));
      expect(decoded.nestedNodes!.map((n) => n.name)).toEqual(names[name]!.map(asUtf8));
    });
  }

  it('alternates ASCII and non-ASCII messages without mixing them up', () => {
    const ascii = cases['long ASCII strings']!;
    const other = cases['non-ASCII in one long string among ASCII ones']!;
    const expectedAscii = plainBuild(ascii);
    const expectedOther = plainBuild(other);
    // Enough rounds to cross the pause after a miss (scratch-builder.ts) both ways. The bytes
    // never depend on whether the native attempt was paused.
    const firstAscii = Node.encode(ascii);
    const firstOther = Node.encode(other);
    for (let i = 0; i < 150; i++) {
      expect(Node.encode(i % 3 === 0 ? other : ascii)).toEqual(i % 3 === 0 ? firstOther : firstAscii);
      expectSameMessage(Node.encode(i % 3 === 0 ? other : ascii), i % 3 === 0 ? expectedOther : expectedAscii);
    }
  });

  it('leaves a builder of the caller usable after an encode throws mid-way', () => {
    const builder = new MessageBuilder();
    const bad = { ...node([long('x', 50)]), displayName: long('y', 50), nestedNodes: 42 } as unknown as NodeInit;
    expect(() => Node.encode(bad, { builder })).toThrow();
    // The batch must be gone: text set afterwards is written at once, not deferred.
    const root = Node.initRoot(builder);
    root.displayName = long('after the failure ', 60);
    expect(builder.asReader().getRoot()).toBeDefined();
    expect(Node.read(builder.toBytes()).displayName).toBe(long('after the failure ', 60));
    const value = cases['long ASCII strings']!;
    expectSameMessage(Node.encode(value, { builder }), plainBuild(value));
  });

  it('leaves the free space zeroed, so the next message in the same builder is exact', () => {
    const builder = new MessageBuilder();
    Node.encode(cases['non-ASCII in the only long string']!, { builder });
    Node.encode(cases['long ASCII strings']!, { builder });
    const small: NodeInit = { id: 9n, scopeId: 1n };
    expect(Node.encode(small, { builder })).toEqual(plainBuild(small));
    expect(Node.encode(cases['long ASCII strings']!, { builder })).toEqual(Node.encode(cases['long ASCII strings']!, { builder: new MessageBuilder() }));
    // Whatever a batch used as scratch space past the end is zero again.
    const segment = builder.arena.segments[0]!;
    expect(segment.bytes.subarray(segment.used).every((b) => b === 0)).toBe(true);
  });

  it('does not batch with growth policies that allocate exact sizes', () => {
    const value = cases['non-ASCII in one long string among ASCII ones']!;
    const expected = new MessageBuilder({ growth: 'heuristic' });
    Node.setRoot(expected, value);
    expect(Node.encode(value, { growth: 'heuristic' })).toEqual(expected.toBytes());
  });

  it('lays the deferred Text out after the structs, each string NUL-terminated and padded', () => {
    const value = node(['alpha', long('beta ', 41)], 'display');
    const bytes = Node.encode(value);
    const plain = plainBuild(value);
    expect(bytes.length).toBe(plain.length);
    const text = new TextDecoder().decode(bytes);
    // Back to back at the end, in the order they were set: displayName, then the nested names.
    expect(text.endsWith(`display\0alpha\0\0\0${long('beta ', 41)}\0\0\0\0\0\0\0`)).toBe(true);
  });
});

describe('blocks of deferred Text', () => {
  it('writes Text in several blocks when there is much of it, non-ASCII in a later block too', () => {
    const ascii = node(Array.from({ length: 100 }, (_, i) => long(`story ${i} `, 1000 + i)));
    const mixed = node([...(ascii.nestedNodes as { name: string }[]).map((n) => n.name), long('naïve ', 500)]);
    for (const value of [ascii, mixed]) {
      const bytes = Node.encode(value);
      expectSameMessage(bytes, plainBuild(value));
      expect(Node.encode(value)).toEqual(bytes);
    }
  });
});

describe('a slot written again while its Text is deferred', () => {
  type Write = (segment: ReturnType<MessageBuilder['initRoot']>['segment'], pointers: number) => void;

  /**
   * A batch-building message with a root of three pointers; `write` fills it, then the batch
   * ends. With and without the native attempt, and with non-ASCII text (the string-by-string
   * fallback): all must give the same bytes.
   */
  function batched(write: Write): Uint8Array {
    const results = [true, false].map((tryBlocks) => {
      const message = new MessageBuilder();
      message.startTextBatch(tryBlocks);
      const root = message.initRoot(0, 3);
      write(root.segment, root.pointers);
      message.finishTextBatch();
      return message.toBytes();
    });
    expect(results[0]).toEqual(results[1]);
    return results[0]!;
  }

  for (const accent of ['', 'é']) {
    it(`keeps the Text set last when a field is set twice${accent ? ' (non-ASCII)' : ''}`, () => {
      const root = readMessage(batched((segment, at) => {
        setTextAt(segment, at, 'first value');
        setTextAt(segment, at + 8, `other field${accent}`);
        setTextAt(segment, at, 'second value, longer');
      })).getRoot();
      expect(root.getText(0)).toBe('second value, longer');
      expect(root.getText(1)).toBe(`other field${accent}`);
    });

    it(`keeps Data written over a deferred Text, and the fields beside it intact${accent ? ' (non-ASCII)' : ''}`, () => {
      const root = readMessage(batched((segment, at) => {
        setTextAt(segment, at + 8, `kept before${accent}`);
        setTextAt(segment, at, 'replaced by data');
        setDataAt(segment, at, new Uint8Array([1, 2, 3]));
        setTextAt(segment, at + 16, 'kept after');
      })).getRoot();
      expect([...root.getData(0)]).toEqual([1, 2, 3]);
      expect(root.getText(1)).toBe(`kept before${accent}`);
      expect(root.getText(2)).toBe('kept after');
    });
  }
});
