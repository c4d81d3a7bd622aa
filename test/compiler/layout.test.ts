import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { compile } from '../../src/compiler/index.js';
import { HoleSet, TopLayout, UnionLayout, UnionMemberLayout } from '../../src/compiler/model/struct-layout.js';
import type { Field, Node } from '../../src/schema/index.js';

describe('HoleSet', () => {
  it('splits the smallest hole that fits', () => {
    const holes = new HoleSet();
    // A 64-bit word with its first bit taken: holes of 1, 2, 4, 8, 16 and 32 bits after it.
    holes.addHolesAtEnd(0, 1);
    expect(holes.holes).toEqual([1, 1, 1, 1, 1, 1]);
    expect(holes.tryAllocate(3)).toBe(1); // the 8-bit hole: bits 8..15
    expect(holes.tryAllocate(3)).toBe(2); // split the 16-bit hole: bits 16..23, leaving 24..31
    expect(holes.holes).toEqual([1, 1, 1, 3, 0, 1]);
    expect(holes.tryAllocate(5)).toBe(1); // the 32-bit hole: bits 32..63
    expect(holes.tryAllocate(6)).toBeNull();
  });

  it('grows an item into the holes right after it', () => {
    const holes = new HoleSet();
    holes.addHolesAtEnd(4, 1); // a 16-bit item at 0; holes: 16 bits at 16, 32 bits at 32
    expect(holes.tryExpand(4, 0, 1)).toBe(true); // 16 -> 32 bits
    expect(holes.holes[4]).toBe(0);
    expect(holes.tryExpand(5, 0, 1)).toBe(true); // 32 -> 64 bits
    expect(holes.tryExpand(6, 0, 1)).toBe(false); // a word cannot grow
  });

  it('reports the smallest hole of at least a size', () => {
    const holes = new HoleSet();
    holes.addHolesAtEnd(3, 1); // 8-bit item: holes of 8, 16, 32 bits
    expect(holes.smallestAtLeast(0)).toBe(3);
    expect(holes.smallestAtLeast(5)).toBe(5);
    expect(holes.smallestAtLeast(6)).toBeNull();
  });
});

describe('layout scopes', () => {
  it('packs data fields into holes and opens words as needed', () => {
    const top = new TopLayout();
    expect(top.addData(0)).toBe(0); // bool at bit 0
    expect(top.addData(6)).toBe(1); // 64-bit: a new word
    expect(top.addData(3)).toBe(1); // byte 1 of word 0
    expect(top.addData(4)).toBe(1); // 16-bit unit 1 of word 0
    expect(top.dataWordCount).toBe(2);
    expect(top.addPointer()).toBe(0);
    expect(top.addPointer()).toBe(1);
  });

  it('overlaps union members and allocates the tag with the second member', () => {
    const top = new TopLayout();
    const union = new UnionLayout(top);
    const a = new UnionMemberLayout(union);
    const b = new UnionMemberLayout(union);
    expect(a.addData(5)).toBe(0); // 32 bits at 0
    expect(union.discriminantOffset).toBeNull();
    expect(b.addData(5)).toBe(0); // overlaps a
    expect(union.discriminantOffset).toBe(2); // 16-bit unit 2: right after the 32-bit location
    expect(b.addData(6)).toBe(1); // no room in the location: a new one
    expect(a.addPointer()).toBe(0);
    expect(b.addPointer()).toBe(0);
  });
});

/** Slot offsets by field name, and section sizes, of the struct nodes compiled from `source`. */
function layouts(source: string): Map<string, { words: number; pointers: number; tag: [number, number]; offsets: Record<string, number> }> {
  const { request, diagnostics } = compile({ files: ['/l.capnp'], sources: { '/l.capnp': source } });
  expect(diagnostics).toEqual([]);
  const out = new Map<string, { words: number; pointers: number; tag: [number, number]; offsets: Record<string, number> }>();
  for (const node of request!.nodes!) {
    if (!('struct' in node)) continue;
    const struct = (node as Extract<Node, { struct: unknown }>).struct;
    const offsets: Record<string, number> = {};
    for (const field of (struct.fields ?? []) as Field[]) if ('slot' in field) offsets[field.name!] = field.slot.offset;
    out.set(node.displayName!.split(':')[1]!, {
      words: struct.dataWordCount, pointers: struct.pointerCount, tag: [struct.discriminantCount, struct.discriminantOffset], offsets,
    });
  }
  return out;
}

describe('struct layout (known answers from capnp compile 0.9.2)', () => {
  it('fills holes left by earlier fields', () => {
    const result = layouts(`@0xe1f6b3a5c7d9e0f9;
struct Holes {
  a @0 :Bool; b @1 :UInt64; c @2 :UInt8; d @3 :UInt16; e @4 :Bool; f @5 :UInt32; g @6 :Bool;
  h @7 :UInt8; i @8 :UInt16; j @9 :Float32; k @10 :Bool; p @11 :Text; q @12 :Data;
}`).get('Holes')!;
    expect(result).toEqual({
      words: 3, pointers: 2, tag: [0, 0],
      offsets: { a: 0, b: 1, c: 1, d: 1, e: 1, f: 1, g: 2, h: 16, i: 9, j: 5, k: 3, p: 0, q: 1 },
    });
  });

  it('lays out unions, named unions and groups in unions', () => {
    const result = layouts(`@0xe1f6b3a5c7d9e0f9;
struct U {
  a @0 :Bool;
  union { b @1 :Bool; c @2 :UInt8; d @3 :UInt16; e @4 :UInt64; }
  f @5 :UInt16;
  g :union {
    h @6 :UInt8;
    grp :group { i @7 :Bool; j @8 :UInt32; k @9 :Text; }
    l @10 :Text;
  }
}`);
    expect(result.get('U')).toEqual({ words: 3, pointers: 1, tag: [4, 1], offsets: { a: 0, b: 1, c: 1, d: 2, e: 1, f: 3 } });
    expect(result.get('U.g')).toEqual({ words: 3, pointers: 1, tag: [3, 9], offsets: { h: 16, l: 0 } });
    expect(result.get('U.g.grp')).toEqual({ words: 3, pointers: 1, tag: [0, 0], offsets: { i: 128, j: 5, k: 0 } });
  });

  it('rejects the layouts the reference refuses ("issue 344"), naming the field', () => {
    const fixture = new URL('../fixtures/compiler/errors/issue344.capnp', import.meta.url);
    const { request, diagnostics } = compile({ files: ['/issue344.capnp'], sources: { '/issue344.capnp': readFileSync(fixture) } });
    expect(request).toBeNull();
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]!.fatal).toBe(true);
    expect(diagnostics[0]!.message).toMatch(/^Bad news: Cap'n Proto 0\.5\.x and previous contained a bug .*issues\/344 \(laying out 'f24'\)$/);
  });
});
