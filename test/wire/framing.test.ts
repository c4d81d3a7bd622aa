import { describe, expect, it } from 'vitest';
import {
  CapnpError, ElementSize, ErrorCode, MessageBuilder, canonicalize, framedMessageLength, frameSegments, isCanonical, locateRoot, pack,
  readMessage, readMessages, segmentTableBytes,
} from '../../src/wire/index.js';
import { NO_VIEW } from '../../src/wire/core/segment.js';
import { Value_Field } from '../../src/generated/std/compat/json.capnp.js';
import {
  capabilityPointer, concat, dataWord, expectCapnpError, farPointer, framed, hex, listPointer, NULL, segment, structPointer, toHex, type Word,
} from '../support/bytes.js';

/** A struct of pointers alone (json.capnp's Value.Field): a generated reader's Text read. */
/**
 * A one-segment message with zero words appended to its segment, so that it is larger than a
 * message read from a copy (512 bytes, `Arena.forReadingOne`) and is read in place.
 */
function inPlace(bytes: Uint8Array): Uint8Array {
  const padding = 1024;
  const out = new Uint8Array(bytes.length + padding);
  out.set(bytes);
  new DataView(out.buffer).setUint32(4, (bytes.length - 8 + padding) / 8, true);
  return out;
}

const fieldBytes = inPlace(Value_Field.encode({ name: 'a.capnp:Thing' }));

/** A message of `count` segments: segment i holds i + 1 words (the first is a root pointer to a 1-word struct in segment 0 when count is 1..N). */
function segmentsOf(count: number): Word[][] {
  const out: Word[][] = [];
  for (let i = 0; i < count; i++) {
    const words: Word[] = [];
    for (let w = 0; w <= i; w++) words.push(dataWord(i + 1, w + 1, 0xaa));
    out.push(words);
  }
  // Segment 0: a root pointer to an empty struct (offset -1) so the message reads.
  out[0] = [structPointer(-1, 0, 0)];
  return out;
}

describe('segment table', () => {
  it('has the documented size for 1..8 segments (count, sizes, padding to a word)', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(segmentTableBytes)).toEqual([8, 16, 16, 24, 24, 32, 32, 40]);
  });

  it('frames one segment as count-1 = 0 and its size in words', () => {
    const bytes = frameSegments([segment([structPointer(0, 1, 0), dataWord(0x2a)])]);
    expect(toHex(bytes)).toBe(toHex(hex(`
      00000000 02000000
      00000000 01000000  2a00000000000000`)));
  });

  it('pads an even number of segments with a zero word half', () => {
    const bytes = frameSegments([segment([structPointer(-1, 0, 0)]), segment([dataWord(1), dataWord(2)])]);
    expect(toHex(bytes.subarray(0, 16))).toBe(toHex(hex('01000000 01000000 02000000 00000000')));
    expect(bytes.length).toBe(16 + 24);
  });

  it('does not pad an odd number of segments', () => {
    const bytes = frameSegments([segment([structPointer(-1, 0, 0)]), segment([dataWord(1)]), segment([])]);
    expect(toHex(bytes.subarray(0, 16))).toBe(toHex(hex('02000000 01000000 01000000 00000000')));
    expect(bytes.length).toBe(16 + 16);
  });

  for (let count = 1; count <= 7; count++) {
    it(`round-trips a ${count}-segment message, segment sizes and contents intact`, () => {
      const words = segmentsOf(count);
      const bytes = framed(...words);
      expect(bytes.length).toBe(segmentTableBytes(count) + words.reduce((n, s) => n + s.length * 8, 0));
      expect(framedMessageLength(bytes, 0)).toBe(bytes.length);
      const message = readMessage(bytes);
      expect(message.segments.length).toBe(count);
      message.segments.forEach((s, i) => expect(toHex(s)).toBe(toHex(segment(words[i]!))));
      expect(toHex(frameSegments(message.segments))).toBe(toHex(bytes));
    });
  }

  it('ignores the content of the padding word half', () => {
    const bytes = framed([structPointer(0, 1, 0), dataWord(7)], [dataWord(1)]);
    bytes[12] = 0xee;
    expect(readMessage(bytes).getRoot().getUint8(0)).toBe(7);
  });

  it('accepts empty segments after the first', () => {
    const message = readMessage(framed([structPointer(-1, 0, 0)], [], []));
    expect(message.segments.map((s) => s.length)).toEqual([8, 0, 0]);
  });

  it('rejects a message whose first segment cannot hold a root pointer', () => {
    const message = readMessage(framed([]));
    expectCapnpError(() => message.getRoot(), ErrorCode.BAD_FRAMING, /no root pointer/);
    expectCapnpError(() => message.getRootPointer(), ErrorCode.BAD_FRAMING);
  });
});

describe('truncated and oversized framing', () => {
  const whole = framed(...segmentsOf(4));

  it('fails with TRUNCATED at every byte before the end', () => {
    for (let length = 0; length < whole.length; length++) {
      expectCapnpError(() => readMessage(whole.subarray(0, length)), ErrorCode.TRUNCATED);
    }
    expect(readMessage(whole).segments.length).toBe(4);
  });

  it('framedMessageLength says -1 until the table is complete, then the full length', () => {
    const tableBytes = segmentTableBytes(4);
    for (let length = 0; length <= whole.length; length++) {
      const expected = length < tableBytes ? -1 : whole.length;
      expect(framedMessageLength(whole.subarray(0, length), 0), `prefix of ${length}`).toBe(expected);
    }
  });

  it('framedMessageLength reads at an offset', () => {
    const two = concat(whole, whole);
    expect(framedMessageLength(two, whole.length)).toBe(whole.length);
    expect(framedMessageLength(two, two.length - 3)).toBe(-1);
  });

  it('rejects trailing data after a single message, and reads it as a stream', () => {
    const one = framed([structPointer(0, 1, 0), dataWord(5)]);
    const error = expectCapnpError(() => readMessage(concat(one, new Uint8Array(8))), ErrorCode.BAD_FRAMING, /8 bytes follow/);
    expect(error.message).toMatch(/readMessages/);
    expectCapnpError(() => [...readMessages(concat(one, new Uint8Array(3)))], ErrorCode.TRUNCATED);
  });

  it('rejects a flat message that is not a whole number of words', () => {
    expectCapnpError(() => readMessage(new Uint8Array(12), { format: 'flat' }), ErrorCode.TRUNCATED, /whole number of words/);
  });

  it('checks the announced size against the traversal limit before allocating', () => {
    // One segment announced as 2^31 words (16 GiB): must fail on the table, not on allocation.
    const bytes = hex('00000000 00000080');
    expectCapnpError(() => readMessage(bytes), ErrorCode.MESSAGE_TOO_LARGE, /traversal limit/);
    expectCapnpError(() => framedMessageLength(bytes, 0), ErrorCode.MESSAGE_TOO_LARGE);
    // Within a raised limit it is merely truncated.
    expectCapnpError(() => readMessage(bytes, { traversalLimitInWords: 2 ** 32 }), ErrorCode.TRUNCATED);
    // The sum of many segments counts, not each one.
    const many = new Uint8Array(segmentTableBytes(3));
    const v = new DataView(many.buffer);
    v.setUint32(0, 2, true);
    for (let i = 0; i < 3; i++) v.setUint32(4 + i * 4, 40, true);
    expectCapnpError(() => readMessage(many, { traversalLimitInWords: 100 }), ErrorCode.MESSAGE_TOO_LARGE);
  });

  it('bounds flat input by the traversal limit too', () => {
    expectCapnpError(() => readMessage(new Uint8Array(80), { format: 'flat', traversalLimitInWords: 9 }), ErrorCode.MESSAGE_TOO_LARGE);
    expect(readMessage(new Uint8Array(80), { format: 'flat', traversalLimitInWords: 10 }).segments[0]!.length).toBe(80);
  });
});

describe('segment count limits', () => {
  function tableOnly(countMinusOne: number, words = 0): Uint8Array {
    const count = Math.min(countMinusOne + 1, 4);
    const bytes = new Uint8Array(segmentTableBytes(count));
    const v = new DataView(bytes.buffer);
    v.setUint32(0, countMinusOne, true);
    v.setUint32(4, words, true);
    return bytes;
  }

  it('accepts 512 segments and rejects 513', () => {
    const ok = framed(...Array.from({ length: 512 }, (_, i) => (i === 0 ? [structPointer(-1, 0, 0)] : [])));
    expect(readMessage(ok).segments.length).toBe(512);
    const tooMany = framed(...Array.from({ length: 513 }, (_, i) => (i === 0 ? [structPointer(-1, 0, 0)] : [])));
    expectCapnpError(() => readMessage(tooMany), ErrorCode.BAD_FRAMING, /513 segments/);
    expectCapnpError(() => framedMessageLength(tooMany, 0), ErrorCode.BAD_FRAMING);
  });

  it('honours a configured maxSegments', () => {
    const three = framed([structPointer(-1, 0, 0)], [], []);
    expectCapnpError(() => readMessage(three, { maxSegments: 2 }), ErrorCode.BAD_FRAMING);
    expect(readMessage(three, { maxSegments: 3 }).segments.length).toBe(3);
  });

  it('rejects a count of 0xFFFFFFFF + 1 segments (which wraps to 0 in u32 arithmetic)', () => {
    const bytes = tableOnly(0xffffffff);
    expectCapnpError(() => readMessage(bytes), ErrorCode.BAD_FRAMING, /announces 4294967296 segments/);
    expect(() => framedMessageLength(bytes, 0)).toThrow(CapnpError);
    expectCapnpError(() => readMessage(pack(bytes), { format: 'packed' }), ErrorCode.BAD_FRAMING, /announces 4294967296 segments/);
  });
});

describe('zero copy and alignment', () => {
  it('reads aligned input in place', () => {
    const bytes = framed([structPointer(0, 1, 0), dataWord(9)], [dataWord(1)]);
    const message = readMessage(bytes);
    for (const s of message.segments) expect(s.buffer).toBe(bytes.buffer);
    expect(message.getRoot().getUint8(0)).toBe(9);
  });

  it('accepts an ArrayBuffer', () => {
    const bytes = framed([structPointer(0, 1, 0), dataWord(9)]);
    expect(readMessage(bytes.buffer as ArrayBuffer).getRoot().getUint8(0)).toBe(9);
  });

  it('copies misaligned input once, and reads it correctly', () => {
    // Several segments: the body is copied when the message is opened.
    const many = framed([structPointer(0, 1, 0), dataWord(1, 2, 3, 4, 5, 6, 7, 8)], [dataWord(1)]);
    const shifted = new Uint8Array(many.length + 3);
    shifted.set(many, 3);
    const view = shifted.subarray(3);
    const message = readMessage(view);
    expect(message.segments[0]!.buffer).not.toBe(shifted.buffer);
    expect(message.segments[0]!.byteOffset % 8).toBe(0);
    expect(message.getRoot().getUint32(4)).toBe(0x08070605);
    expect(readMessage(view.slice(16), { format: 'flat' }).getRoot().getUint8(0)).toBe(1);
  });

  it('reads a misaligned one-segment message in place until a typed-array view needs alignment, then copies it once', () => {
    const builder = new MessageBuilder();
    const root = builder.initRoot(1, 1);
    root.setUint32(0, 0x01020304);
    const list = root.initList(0, ElementSize.FOUR_BYTES, 3);
    for (let i = 0; i < 3; i++) list.setInt32(i, 10 * (i + 1));
    const bytes = inPlace(builder.toBytes());
    const shifted = new Uint8Array(bytes.length + 3);
    shifted.set(bytes, 3);
    const message = readMessage(shifted.subarray(3));
    const segment = message.arena.first;
    expect(segment.bytes.buffer).toBe(shifted.buffer);
    expect(message.getRoot().getUint32(0)).toBe(0x01020304);
    const values = message.getRoot().getList(0, ElementSize.FOUR_BYTES);
    expect(values.getInt32(2)).toBe(30);
    const typed = values.toTypedArray('int32');
    expect(Array.from(typed)).toEqual([10, 20, 30]);
    expect(segment.bytes.buffer).not.toBe(shifted.buffer);
    expect(typed.buffer).toBe(segment.bytes.buffer);
    // Once: later views share the copy, and everything read before or after agrees.
    const copy = segment.bytes;
    expect(message.getRoot().getList(0, ElementSize.FOUR_BYTES).toTypedArray('int32').buffer).toBe(copy.buffer);
    expect(segment.bytes).toBe(copy);
    expect(values.getInt32(0)).toBe(10);
    expect(message.getRoot().getUint32(0)).toBe(0x01020304);
  });
});

describe('single-segment messages (read without intermediate objects)', () => {
  const one = inPlace(framed([structPointer(0, 1, 1), dataWord(0x2a), structPointer(-1, 0, 0)]));

  it('locateRoot finds the root where readMessage(...).getRoot() does', () => {
    const root = readMessage(one).getRoot();
    const at = locateRoot(one);
    expect([at.data, at.dataSize, at.pointerCount, at.nestingLimit]).toEqual([root.data, root.dataSize, root.pointerCount, root.nestingLimit]);
    expect(at.segment.view.getUint8(at.data)).toBe(0x2a);
    // The segment is the input itself from byte 8 (no view of it is made): offsets are
    // positions in the input, and its DataView is made when asked for, over the same memory.
    expect(at.segment.bytes).toBe(one);
    expect(at.segment.start).toBe(8);
    expect(at.data).toBe(16);
    expect(at.segment.view.buffer).toBe(one.buffer);
    expect(at.segment.content().byteOffset).toBe(one.byteOffset + 8);
    expect(at.segment.content().length).toBe(24 + 1024);
  });

  it('still applies every check the general path makes', () => {
    // A small message, read from a copy: the checks come before it.
    const small = framed([structPointer(0, 1, 1), dataWord(0x2a), structPointer(-1, 0, 0)]);
    expectCapnpError(() => locateRoot(concat(small, new Uint8Array(8))), ErrorCode.BAD_FRAMING, /8 bytes follow/);
    expectCapnpError(() => locateRoot(small.subarray(0, small.length - 8)), ErrorCode.TRUNCATED);
    expectCapnpError(() => readMessage(small, { traversalLimitInWords: 2 }), ErrorCode.MESSAGE_TOO_LARGE);
    expectCapnpError(() => readMessage(small, { maxSegments: 0 }), ErrorCode.BAD_FRAMING);
    expectCapnpError(() => locateRoot(hex('00000000 00000000')), ErrorCode.BAD_FRAMING, /no root pointer/);
    // The traversal limit is charged as before: the root struct costs its 2 words each time.
    expect(locateRoot(small, { traversalLimitInWords: 3 }).dataSize).toBe(8);
    const message = readMessage(small, { traversalLimitInWords: 3 });
    message.getRoot();
    expectCapnpError(() => message.getRoot(), ErrorCode.TRAVERSAL_LIMIT);
  });

  /** Runs `body` counting the DataViews made meanwhile. */
  function countingViews(body: (views: () => number) => void): void {
    const RealDataView = globalThis.DataView;
    let views = 0;
    globalThis.DataView = new Proxy(RealDataView, {
      construct(target, args, newTarget) {
        views++;
        return Reflect.construct(target, args, newTarget) as object;
      },
    });
    try {
      body(() => views);
    } finally {
      globalThis.DataView = RealDataView;
    }
  }

  it('makes no view of the input, nor a segment list, to open a root of pointers and read a Text', () => {
    const builder = new MessageBuilder();
    builder.initRoot(0, 2).setText(0, 'hello');
    const bytes = inPlace(builder.toBytes());
    countingViews((views) => {
      const at = locateRoot(bytes);
      expect(at.segment.bytes).toBe(bytes);
      const message = readMessage(bytes);
      expect(message.getRoot().getText(0)).toBe('hello');
      // Beyond the (empty) data section: the default, read from nothing.
      expect(message.getRoot().getUint32(0)).toBe(0);
      expect(Value_Field.read(fieldBytes).name).toBe('a.capnp:Thing');
      expect(views()).toBe(0);
      // The arena holds its one segment without a list until one is asked for.
      expect((message.arena as unknown as { list: unknown }).list).toBeNull();
      expect(message.arena.first.view).toBe(NO_VIEW);
      // A pointer read makes the view, once, over the input.
      expect(message.getRoot().getStruct(1).dataSize).toBe(0);
      expect(message.getRoot().hasPointer(1)).toBe(false);
      expect(views()).toBe(1);
      expect(message.arena.first.view.buffer).toBe(bytes.buffer);
    });
  });

  it('makes the view on opening a root with a data section, once', () => {
    const builder = new MessageBuilder();
    const root = builder.initRoot(1, 1);
    root.setUint32(4, 7);
    root.setText(0, 'hello');
    const bytes = inPlace(builder.toBytes());
    countingViews((views) => {
      const message = readMessage(bytes);
      expect(message.getRoot().getUint32(4)).toBe(7);
      expect(message.getRoot().getText(0)).toBe('hello');
      expect(locateRoot(bytes).segment.view).not.toBe(NO_VIEW);
      expect(views()).toBe(2);
    });
  });

  it('makes the view before handing out the segment list', () => {
    const bytes = inPlace(framed([structPointer(0, 0, 1), listPointer(0, 2, 1), dataWord(0x68)]));
    const message = readMessage(bytes);
    expect(message.arena.first.view).toBe(NO_VIEW);
    expect(message.arena.segments.map((s) => s.view.getUint8(s.start))).toEqual([0]);
    expect(message.arena.first.view.buffer).toBe(bytes.buffer);
  });

  it('reads everything the same before and after the view is made', () => {
    // A root of pointers alone: a struct through a far pointer into its own segment, Text, a
    // capability, Data, a null pointer and Text through a far pointer; and a root reached
    // through a far pointer. Each read runs on a fresh open as binary, both as a small message
    // (read from a copy in a slab shared with other messages) and padded past 512 bytes (the segment
    // is the input, in place, with no view yet), and as flat (a segment of its own, with its
    // view): results, or errors, must agree.
    const pointers = framed([
      structPointer(0, 0, 6),
      farPointer(7, 0),
      listPointer(6, 2, 3),
      capabilityPointer(2),
      listPointer(5, 2, 4),
      NULL,
      farPointer(8, 0),
      structPointer(3, 1, 0), // landing pad of pointer 0: a struct at word 11
      listPointer(0, 2, 3), // landing pad of pointer 5: the Text at word 9
      dataWord(0x68, 0x69),
      dataWord(1, 2, 3, 4),
      dataWord(0x2a),
    ]);
    const farRoot = framed([farPointer(1, 0), structPointer(0, 1, 0), dataWord(0x2a)]);
    type Message = ReturnType<typeof readMessage>;
    const copyRoot = (m: Message) => {
      const builder = new MessageBuilder();
      builder.setRoot(m.getRoot());
      return builder.toBytes();
    };
    const reads: [string, (m: Message) => unknown][] = [
      ['getRoot', (m) => [m.getRoot().dataSize, m.getRoot().pointerCount, m.getRoot().getUint32(0)]],
      ['hasPointer', (m) => [0, 1, 2, 3, 4, 5].map((i) => m.getRoot().hasPointer(i))],
      ['root pointer type', (m) => m.getRootPointer().type()],
      ['root pointer isNull', (m) => m.getRootPointer().isNull()],
      ['root pointer struct', (m) => m.getRootPointer().getStruct().pointerCount],
      ['root pointer capability index', (m) => m.getRootPointer().getCapabilityIndex()],
      ['struct', (m) => m.getRoot().getStruct(0).getUint32(0)],
      ['text', (m) => m.getRoot().getText(1)],
      ['text through a far pointer', (m) => m.getRoot().getText(5)],
      ['capability index', (m) => m.getRoot().getCapabilityIndex(2)],
      ['capability', (m) => m.getRoot().getCapability(2)],
      ['data', (m) => Array.from(m.getRoot().getData(3))],
      ['pointer type', (m) => m.getRoot().getPointer(0).type()],
      ['null pointer', (m) => m.getRoot().getPointer(4).isNull()],
      ['segments', (m) => m.segments.map((s) => s.length)],
      ['copy', (m) => toHex(copyRoot(m))],
      ['canonical', (m) => toHex(canonicalize(m.getRootPointer()))],
      ['is canonical', (m) => isCanonical(m)],
    ];
    const outcome = (read: (m: Message) => unknown, message: Message) => {
      try {
        return JSON.stringify(read(message));
      } catch (e) {
        return e instanceof CapnpError ? `${e.code}: ${e.message}` : `not a CapnpError: ${String(e)}`;
      }
    };
    for (const bytes of [pointers, farRoot, inPlace(pointers), inPlace(farRoot)]) {
      for (const [name, read] of reads) {
        const message = readMessage(bytes);
        if (bytes.length > 512) expect(message.arena.first.view).toBe(NO_VIEW);
        else expect(message.arena.first.bytes).not.toBe(bytes);
        const result = outcome(read, message);
        expect(result, name).toBe(outcome(read, readMessage(bytes.subarray(8), { format: 'flat' })));
        expect(result, name).not.toMatch(/not a CapnpError/);
      }
    }
    expect(readMessage(farRoot).getRoot().getUint32(0)).toBe(0x2a);
    expect(readMessage(pointers).getRoot().getStruct(0).getUint32(0)).toBe(0x2a);
    expect(readMessage(pointers).getRoot().getText(5)).toBe('hi');
  });

  it('never reads the segment table as part of the segment', () => {
    // Pointers whose targets would start in the 8 bytes of the segment table (offset -2 from the
    // root pointer): the segment is the input from byte 8, so each must be out of bounds, with
    // the same message as when the segment is a copy of its own (misaligned input).
    const cases: [Word, ErrorCode][] = [
      [structPointer(-2, 1, 0), ErrorCode.OUT_OF_BOUNDS],
      [structPointer(-2, 0, 0), ErrorCode.OUT_OF_BOUNDS],
    ];
    for (const [root, code] of cases) {
      const bytes = framed([root, dataWord(0)]);
      const shifted = new Uint8Array(bytes.length + 4);
      shifted.set(bytes, 4);
      const copied = shifted.subarray(4);
      expectCapnpError(() => locateRoot(bytes), code, /segment 0, byte 0\b/);
      expect(() => locateRoot(bytes)).toThrow((() => { try { locateRoot(copied); } catch (e) { return (e as Error).message; } return 'no error'; })());
    }
    const inner = (pointer: Word) => framed([structPointer(0, 0, 1), pointer, dataWord(0)]);
    for (const [pointer, read] of [
      [listPointer(-3, 2, 8), (m: ReturnType<typeof readMessage>) => m.getRoot().getText(0)],
      [listPointer(-3, 2, 8), (m: ReturnType<typeof readMessage>) => m.getRoot().getData(0)],
      [listPointer(-3, 7, 1), (m: ReturnType<typeof readMessage>) => m.getRoot().getList(0, ElementSize.INLINE_COMPOSITE)],
      [listPointer(-3, 5, 1), (m: ReturnType<typeof readMessage>) => m.getRoot().getList(0, ElementSize.EIGHT_BYTES)],
      [structPointer(-3, 1, 0), (m: ReturnType<typeof readMessage>) => m.getRoot().getStruct(0)],
    ] as const) {
      expectCapnpError(() => read(readMessage(inner(pointer))), ErrorCode.OUT_OF_BOUNDS, /segment 0, byte 8\b/);
    }
  });

  it('reads misaligned input in place', () => {
    const shifted = new Uint8Array(one.length + 4);
    shifted.set(one, 4);
    const at = locateRoot(shifted.subarray(4));
    expect(at.segment.view.buffer).toBe(shifted.buffer);
    expect(at.segment.view.getUint8(at.data)).toBe(0x2a);
  });
});

describe('streams', () => {
  function build(value: number, segments: 'one' | 'many'): Uint8Array {
    const builder = new MessageBuilder(segments === 'one' ? undefined : { firstSegmentWords: 1, growth: 'fixed' });
    const root = builder.initRoot(1, 1);
    root.setUint32(0, value);
    root.setText(0, `message ${value}`);
    return builder.toBytes();
  }

  it('reads several framed messages, one- and multi-segment, in order', () => {
    const parts = [build(1, 'one'), build(2, 'many'), build(3, 'one'), build(4, 'many')];
    const messages = [...readMessages(concat(...parts))];
    expect(messages.map((m) => m.getRoot().getUint32(0))).toEqual([1, 2, 3, 4]);
    expect(messages.map((m) => m.getRoot().getText(0))).toEqual(['message 1', 'message 2', 'message 3', 'message 4']);
    expect(messages[1]!.segments.length).toBeGreaterThan(1);
  });

  it('opens each one-segment message as readMessage does: a small one from a copy, a large one in place', () => {
    const large = new MessageBuilder();
    large.initRoot(1, 1).setUint32(0, 5);
    large.getRoot(1, 1).setText(0, 'y'.repeat(600));
    const empty = hex('00000000 00000000');
    const stream = concat(build(1, 'one'), large.toBytes(), build(3, 'many'), build(4, 'one'), empty);
    const messages = [...readMessages(stream)];
    // The small ones are copies (changing the stream does not reach them); the large one is the
    // stream itself, with no view of it until one is needed.
    expect(messages[0]!.arena.first.bytes.buffer).not.toBe(stream.buffer);
    expect(messages[1]!.arena.first.bytes.buffer).toBe(stream.buffer);
    expect(messages[1]!.arena.first.view).toBe(NO_VIEW);
    expect(messages.slice(0, 4).map((m) => m.getRoot().getUint32(0))).toEqual([1, 5, 3, 4]);
    expect(messages[1]!.getRoot().getText(0)).toBe('y'.repeat(600));
    // A message whose one segment is empty: as readMessage gives it.
    expect(messages.length).toBe(5);
    expectCapnpError(() => messages[4]!.getRoot(), ErrorCode.BAD_FRAMING, /no root pointer/);
    expectCapnpError(() => readMessage(empty).getRoot(), ErrorCode.BAD_FRAMING, /no root pointer/);
    stream.fill(0);
    expect(messages[0]!.getRoot().getText(0)).toBe('message 1');
    expect(messages[3]!.getRoot().getText(0)).toBe('message 4');
    // Each reads as readMessage reads it on its own, limits included.
    expectCapnpError(() => [...readMessages(concat(build(1, 'one'), large.toBytes()), { traversalLimitInWords: 40 })], ErrorCode.MESSAGE_TOO_LARGE);
    expect([...readMessages(large.toBytes(), { traversalLimitInWords: 80 })].length).toBe(1);
    expectCapnpError(() => readMessage(large.toBytes(), { traversalLimitInWords: 40 }), ErrorCode.MESSAGE_TOO_LARGE);
  });

  it('reads an empty stream as no messages', () => {
    expect([...readMessages(new Uint8Array(0))]).toEqual([]);
    expect([...readMessages(new Uint8Array(0), { format: 'packed' })]).toEqual([]);
  });

  it('reads several packed messages', () => {
    const builders = [1, 2, 3].map((v) => {
      const b = new MessageBuilder(v === 2 ? { firstSegmentWords: 2, growth: 'fixed' } : undefined);
      b.initRoot(1, 1).setUint32(0, v * 1000);
      b.getRoot(1, 1).setText(0, 'x'.repeat(v * 10));
      return b;
    });
    const stream = concat(...builders.map((b) => b.toBytes('packed')));
    const messages = [...readMessages(stream, { format: 'packed' })];
    expect(messages.map((m) => m.getRoot().getUint32(0))).toEqual([1000, 2000, 3000]);
    expect(messages.map((m) => m.getRoot().getText(0).length)).toEqual([10, 20, 30]);
  });

  it('reads flat formats as exactly one message', () => {
    const b = new MessageBuilder();
    b.initRoot(1, 0).setUint16(0, 77);
    expect([...readMessages(b.toBytes('flat'), { format: 'flat' })].map((m) => m.getRoot().getUint16(0))).toEqual([77]);
    expect([...readMessages(b.toBytes('flat-packed'), { format: 'flat-packed' })].map((m) => m.getRoot().getUint16(0))).toEqual([77]);
  });

  it('fails on a stream that ends inside its second message', () => {
    const one = build(1, 'one');
    const stream = concat(one, one.subarray(0, one.length - 8));
    const iterator = readMessages(stream);
    expect(iterator.next().value!.getRoot().getUint32(0)).toBe(1);
    expectCapnpError(() => iterator.next(), ErrorCode.TRUNCATED);
  });

  it('rejects an unknown format', () => {
    expectCapnpError(() => readMessage(new Uint8Array(8), { format: 'text' as never }), ErrorCode.INVALID_ARGUMENT);
  });
});

describe('output formats', () => {
  it('writes binary, flat, packed and flat-packed that read back alike', () => {
    const b = new MessageBuilder();
    const root = b.initRoot(2, 1);
    root.setUint64(0, 0x0102030405060708n);
    root.setText(0, 'formats');
    for (const format of ['binary', 'flat', 'packed', 'flat-packed'] as const) {
      const message = readMessage(b.toBytes(format), { format });
      expect(message.getRoot().getUint64(0)).toBe(0x0102030405060708n);
      expect(message.getRoot().getText(0)).toBe('formats');
    }
    expect(b.toBytes('flat').length).toBe(b.sizeInWords * 8);
    expect(b.toBytes('binary').length).toBe(b.sizeInWords * 8 + 8);
  });

  it('refuses flat output of a multi-segment message', () => {
    const b = new MessageBuilder({ firstSegmentWords: 1, growth: 'fixed' });
    b.initRoot(1, 0);
    expectCapnpError(() => b.toBytes('flat'), ErrorCode.UNSUPPORTED, /2/);
    expectCapnpError(() => b.toBytes('flat-packed'), ErrorCode.UNSUPPORTED);
    expect(readMessage(b.toBytes('packed'), { format: 'packed' }).segments.length).toBe(2);
    expectCapnpError(() => b.toBytes('json' as never), ErrorCode.INVALID_ARGUMENT);
  });

  it('returns copies, not views of the builder', () => {
    const b = new MessageBuilder();
    b.initRoot(1, 0).setUint8(0, 1);
    const flat = b.toBytes('flat');
    b.getRoot(1, 0).setUint8(0, 2);
    expect(flat[8]).toBe(1);
  });
});
