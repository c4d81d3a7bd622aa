/**
 * Encoding without the last copy (issue 14 item 3): `MessageBuilder#frame()` frames a
 * one-segment message in the builder's own memory, a builder can build in a buffer of the
 * caller's (`BuilderOptions.buffer`), and `encode(..., { builder, copy: false })` hands back
 * that in-place result. The bytes must be exactly what the copying path and the reference tool
 * make; the views must really be the builder's memory; and the misuses get clear errors.
 */
import { describe, expect, it } from 'vitest';
import { CapnpError, ErrorCode, MessageBuilder, readMessage } from '../../src/index.js';
import { Node, type NodeInit } from '../../src/generated/std/schema.capnp.js';
import { buildEverything, EVERYTHING_TEXT } from '../fixtures/wire/everything.js';
import { SCHEMA_FILE } from '../fixtures/wire/wiretest-layout.js';
import { decode, describeReference } from '../support/reference.js';

const node: NodeInit = {
  id: 0x1234n, displayName: 'in/place.capnp:Thing', displayNamePrefixLength: 9, scopeId: 7n,
  nestedNodes: Array.from({ length: 20 }, (_, i) => ({ name: `n${i}`, id: BigInt(i) })),
};

const everythingBuilder = buildEverything;

describe('MessageBuilder#frame', () => {
  it('frames a one-segment message in place: the bytes of toBytes(), in the builder\'s memory', () => {
    const message = everythingBuilder();
    const framed = message.frame();
    expect(framed).toEqual(message.toBytes());
    const [segment] = message.getSegments();
    expect(framed.buffer).toBe(segment!.buffer);
    expect(framed.byteOffset + 8).toBe(segment!.byteOffset);
    // A view, not a copy: what the builder writes next shows in it.
    segment![8] ^= 0xff;
    expect(framed[16]).toBe(segment![8]);
  });

  it('keeps the header room when the first segment grows', () => {
    const message = new MessageBuilder({ firstSegmentWords: 1 });
    Node.setRoot(message, node);
    expect(message.getSegments()).toHaveLength(1);
    const framed = message.frame();
    expect(framed.buffer).toBe(message.getSegments()[0]!.buffer);
    expect(Node.decode(framed)).toMatchObject({ id: 0x1234n, displayName: 'in/place.capnp:Thing' });
  });

  it('copies into one framed message when there are several segments', () => {
    const message = new MessageBuilder({ firstSegmentWords: 4, growth: 'fixed' });
    Node.setRoot(message, node);
    expect(message.getSegments().length).toBeGreaterThan(1);
    expect(message.frame()).toEqual(message.toBytes());
    expect(readMessage(message.frame()).arena.segments.length).toBe(message.getSegments().length);
  });
});

describe('building in a buffer of the caller', () => {
  it('builds the message in the buffer when it fits, header and all', () => {
    const buffer = new Uint8Array(4096).fill(0xee);
    const message = everythingBuilder({ buffer });
    const framed = message.frame();
    expect(framed.buffer).toBe(buffer.buffer);
    expect(framed.byteOffset).toBe(0);
    expect(framed).toEqual(everythingBuilder().toBytes());
    // The rest of the buffer was zeroed for the segment, not left as it was.
    expect(buffer.subarray(framed.length).every((b) => b === 0)).toBe(true);
  });

  it('moves to new memory when the message outgrows the buffer, and stays correct', () => {
    const buffer = new Uint8Array(64);
    const bytes = Node.encode(node, { buffer });
    expect(bytes.buffer).not.toBe(buffer.buffer);
    expect(bytes).toEqual(Node.encode(node));
  });

  it('works at an offset inside a larger ArrayBuffer', () => {
    const whole = new Uint8Array(8192);
    const bytes = Node.encode(node, { buffer: whole.subarray(1024) });
    expect(bytes.buffer).toBe(whole.buffer);
    expect(bytes.byteOffset).toBe(1024);
    expect(bytes).toEqual(Node.encode(node));
  });

  it('refuses a buffer that is too small or not word-aligned, with a CapnpError', () => {
    for (const buffer of [new Uint8Array(15), new Uint8Array(64).subarray(4)]) {
      let caught: unknown;
      try {
        new MessageBuilder({ buffer });
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(CapnpError);
      expect((caught as CapnpError).code).toBe(ErrorCode.INVALID_ARGUMENT);
    }
  });
});

describe('encode with copy: false', () => {
  it('returns the reused builder\'s memory, framed in place, until the next encode', () => {
    const builder = new MessageBuilder();
    const first = Node.encode(node, { builder, copy: false });
    expect(first).toEqual(Node.encode(node));
    expect(first.buffer).toBe(builder.getSegments()[0]!.buffer);
    const second = Node.encode({ id: 1n, displayName: 'other' }, { builder, copy: false });
    // The same memory again: the first view now shows the second message.
    expect(second.buffer).toBe(first.buffer);
    expect(second.byteOffset).toBe(first.byteOffset);
    expect(Node.decode(second)).toMatchObject({ id: 1n, displayName: 'other' });
  });

  it('copies by default, and for formats other than binary', () => {
    const builder = new MessageBuilder();
    const copied = Node.encode(node, { builder });
    const kept = copied.slice();
    Node.encode({ id: 2n, displayName: 'overwrites the builder' }, { builder, copy: false });
    // Small copies share a pooled slab with the builder, so the check is that they do not overlap.
    expect(copied).toEqual(kept);
    const packed = Node.encode(node, { builder, copy: false, format: 'packed' });
    expect(packed).toEqual(Node.encode(node, { format: 'packed' }));
  });

  it('needs a builder or buffer of the caller\'s', () => {
    expect(() => Node.encode(node, { copy: false })).toThrow(expect.objectContaining({ code: ErrorCode.INVALID_ARGUMENT }));
  });
});

describeReference('in-place results against the reference tool', () => {
  it('capnp decodes frame() as the message built: in the builder\'s memory, in a caller\'s buffer, grown, multi-segment', () => {
    const cases = {
      'own memory': everythingBuilder(),
      'caller buffer': everythingBuilder({ buffer: new Uint8Array(8192) }),
      'grown first segment': everythingBuilder({ firstSegmentWords: 1 }),
      'several segments': everythingBuilder({ firstSegmentWords: 4, growth: 'fixed' }),
    };
    for (const [name, message] of Object.entries(cases)) {
      expect(decode(SCHEMA_FILE, 'Everything', message.frame()).trim(), name).toBe(EVERYTHING_TEXT);
    }
  });
});
