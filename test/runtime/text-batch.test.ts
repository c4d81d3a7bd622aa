/**
 * One-call encoding defers long Text and writes it with one native call, assuming ASCII
 * (src/wire/core/text-batch.ts). Whatever the text, the bytes must be those of a plain build (setters
 * one by one, no batch), and a wrong guess must cost nothing but time.
 */
import { describe, expect, it } from 'vitest';
import { MessageBuilder } from '../../src/index.js';
import { Node, type NodeInit } from '../../src/generated/std/schema.capnp.js';

/** Bytes of `value` built field by field, without a batch. */
function plainBuild(value: NodeInit): Uint8Array {
  const message = new MessageBuilder();
  Node.setRoot(message, value);
  return message.toBytes();
}

/** `text` as it reads back from UTF-8 (lone surrogates become U+FFFD). */
const asUtf8 = (text: string) => new TextDecoder().decode(new TextEncoder().encode(text));

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
};

for (const [name, value] of Object.entries(cases)) names[name] = Array.from(value.nestedNodes as ArrayLike<{ name: string }>, (n) => n.name);

describe('batched long Text in one-call encoding', () => {
  for (const [name, value] of Object.entries(cases)) {
    it(`writes the bytes of a plain build: ${name}`, () => {
      const expected = plainBuild(value);
      expect(Node.encode(value)).toEqual(expected);
      expect(Node.encode(value, { builder: new MessageBuilder() })).toEqual(expected);
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
    // Enough rounds to cross the pause after a miss (scratch-builder.ts) both ways.
    for (let i = 0; i < 150; i++) {
      expect(Node.encode(i % 3 === 0 ? other : ascii)).toEqual(i % 3 === 0 ? expectedOther : expectedAscii);
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
    expect(Node.encode(value, { builder })).toEqual(plainBuild(value));
  });

  it('leaves the free space zeroed, so the next message in the same builder is exact', () => {
    const builder = new MessageBuilder();
    Node.encode(cases['non-ASCII in the only long string']!, { builder });
    Node.encode(cases['long ASCII strings']!, { builder });
    const small: NodeInit = { id: 9n, scopeId: 1n };
    expect(Node.encode(small, { builder })).toEqual(plainBuild(small));
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
});
