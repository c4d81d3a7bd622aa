/**
 * One-call encoding reuses one idle builder (src/runtime/scratch-builder.ts). Reuse must never
 * show: every result is what a fresh builder makes, results stay independent of later encodes,
 * an encode inside an encode works, a failed encode leaves nothing behind, and a builder that
 * grew large is not kept.
 */
import { describe, expect, it } from 'vitest';
import { MessageBuilder } from '../../src/index.js';
import { borrowBuilder, returnBuilder } from '../../src/runtime/scratch-builder.js';
import { Annotation, CodeGeneratorRequest_RequestedFile, Node, type NodeInit } from '../../src/generated/std/schema.capnp.js';

/** What a builder of its own (no reuse) makes of `value`. */
function freshEncode(value: NodeInit): Uint8Array {
  return Node.encode(value, { builder: new MessageBuilder() });
}

const big: NodeInit = {
  id: 1n, displayName: 'x'.repeat(5000), displayNamePrefixLength: 3, scopeId: 2n,
  nestedNodes: Array.from({ length: 50 }, (_, i) => ({ name: `nested${i}`, id: BigInt(i) })),
};
const small: NodeInit = { id: 7n, displayName: 'small', scopeId: 9n };

describe('encode without a builder of the caller', () => {
  it('gives what a fresh builder gives, whatever was encoded before', () => {
    const first = Node.encode(big);
    const second = Node.encode(small);
    const third = Node.encode(big);
    expect(first).toEqual(freshEncode(big));
    expect(second).toEqual(freshEncode(small));
    expect(third).toEqual(first);
    // A smaller message after a larger one carries no leftover bytes of it.
    expect(second.length).toBe(freshEncode(small).length);
  });

  it('returns bytes that later encodes do not change', () => {
    const kept = Node.encode(small);
    const copy = kept.slice();
    for (let i = 0; i < 5; i++) Node.encode(big);
    expect(kept).toEqual(copy);
    expect(Node.decode(kept)).toMatchObject({ id: 7n, displayName: 'small', scopeId: 9n });
  });

  it('supports an encode inside an encode (a getter of the value that encodes)', () => {
    let inner: Uint8Array | undefined;
    const value = {
      id: 3n,
      get displayName() {
        inner = Annotation.encode({ id: 11n, value: { text: 'inner' } });
        return 'outer';
      },
    };
    const outer = Node.encode(value);
    expect(Node.decode(outer)).toMatchObject({ id: 3n, displayName: 'outer' });
    expect(Annotation.decode(inner!)).toMatchObject({ id: 11n, value: { text: 'inner' } });
  });

  it('leaves nothing behind when an encode fails part way', () => {
    const bad = { id: 5n, displayName: 'before the failure', nestedNodes: 42 } as unknown as NodeInit;
    expect(() => Node.encode(bad)).toThrow();
    expect(Node.encode(small)).toEqual(freshEncode(small));
  });

  it('keeps formats other than binary correct through the reused builder', () => {
    for (const format of ['flat', 'packed', 'flat-packed'] as const) {
      expect(Node.encode(big, { format })).toEqual(Node.encode(big, { format, builder: new MessageBuilder() }));
    }
  });

  it('keeps an idle builder only while it is small', () => {
    const builder = borrowBuilder();
    CodeGeneratorRequest_RequestedFile.setRoot(builder, { id: 1n, filename: 'y'.repeat(2 << 20) });
    returnBuilder(builder);
    expect(borrowBuilder()).not.toBe(builder);

    const modest = borrowBuilder();
    CodeGeneratorRequest_RequestedFile.setRoot(modest, { id: 1n, filename: 'short' });
    returnBuilder(modest);
    const again = borrowBuilder();
    expect(again).toBe(modest);
    // Returned builders come back empty.
    expect(again.sizeInWords).toBe(1);
    returnBuilder(again);
  });
});
