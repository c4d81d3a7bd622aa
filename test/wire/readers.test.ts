import { describe, expect, it } from 'vitest';
import {
  ANY_SIZE, ElementSize, ErrorCode, MessageBuilder, MessageReader, constantSegment, float32ToBits, float64ToBits, readMessage,
} from '../../src/wire/index.js';
import {
  NULL, capabilityPointer, compositeTag, dataWord, expectCapnpError, framed, listPointer, segment, structPointer,
  textWords, u64Word, type Word,
} from '../support/bytes.js';

function message(...segments: Word[][]): MessageReader {
  return readMessage(framed(...segments));
}

describe('struct readers', () => {
  // root -> struct { data: 2 words, pointers: [text "hi", null] }
  const m = message([
    structPointer(0, 2, 2),
    dataWord(0x01, 0xff, 0x34, 0x12, 0x78, 0x56, 0x34, 0x12),
    u64Word(0xfedcba9876543210n),
    listPointer(1, ElementSize.BYTE, 3),
    NULL,
    ...textWords('hi'),
  ]);
  const root = m.getRoot();

  it('reads the sizes from the pointer', () => {
    expect(root.dataSize).toBe(16);
    expect(root.pointerCount).toBe(2);
  });

  it('reads every primitive width, little-endian, signed and unsigned', () => {
    expect(root.getUint8(0)).toBe(1);
    expect(root.getInt8(1)).toBe(-1);
    expect(root.getUint8(1)).toBe(255);
    expect(root.getUint16(2)).toBe(0x1234);
    expect(root.getInt16(2)).toBe(0x1234);
    expect(root.getInt32(4)).toBe(0x12345678);
    expect(root.getUint32(4)).toBe(0x12345678);
    expect(root.getUint64(8)).toBe(0xfedcba9876543210n);
    expect(root.getInt64(8)).toBe(0xfedcba9876543210n - (1n << 64n));
    expect(root.getUint32(12)).toBe(0xfedcba98);
    expect(root.getInt32(12)).toBe(0xfedcba98 | 0);
    expect(root.getInt16(14)).toBe(0xfedc - 0x10000);
  });

  it('reads Bool by bit offset', () => {
    // Byte 0 is 0x01, byte 1 is 0xff.
    expect(root.getBool(0)).toBe(true);
    expect([1, 2, 3, 4, 5, 6, 7].map((b) => root.getBool(b))).toEqual([false, false, false, false, false, false, false]);
    expect([8, 9, 15].map((b) => root.getBool(b))).toEqual([true, true, true]);
  });

  it('reads pointer fields and reports which are set', () => {
    expect(root.getText(0)).toBe('hi');
    expect(root.hasPointer(0)).toBe(true);
    expect(root.hasPointer(1)).toBe(false);
    expect(root.getText(1)).toBe('');
    expect(root.getText(1, 'default')).toBe('default');
  });

  it('reads fields beyond the data section as defaults (an older schema wrote it)', () => {
    expect(root.getUint64(16)).toBe(0n);
    expect(root.getInt32(16, 77)).toBe(77);
    expect(root.getInt8(100)).toBe(0);
    expect(root.getBool(128)).toBe(false);
    expect(root.getBool(128, true)).toBe(true);
    expect(root.getFloat64(16)).toBe(0);
    // A field straddling the end of the section is also beyond it.
    expect(root.getUint32(14)).toBe(0);
    // So is one before it: never the bytes of what lies before the struct (its pointer).
    expect(root.getUint32(-4)).toBe(0);
    expect(root.getInt32(-4, 77)).toBe(77);
    expect(root.getUint64(-8)).toBe(0n);
    expect(root.getInt64(-8)).toBe(0n);
    expect(root.getInt8(-1)).toBe(0);
    expect(root.getUint8(-1)).toBe(0);
    expect(root.getInt16(-2)).toBe(0);
    expect(root.getUint16(-2)).toBe(0);
    expect(root.getFloat32(-4)).toBe(0);
    expect(root.getFloat64(-8, 0, 0)).toBe(0);
  });

  it('reads pointers beyond the pointer section as null (defaults)', () => {
    expect(root.hasPointer(2)).toBe(false);
    expect(root.getText(5, 'dflt')).toBe('dflt');
    expect(root.getData(5).length).toBe(0);
    expect(root.getStruct(5).dataSize).toBe(0);
    expect(root.getList(5, ElementSize.FOUR_BYTES).length).toBe(0);
    expect(root.getPointer(5).isNull()).toBe(true);
    expect(root.getCapability(5)).toBe(null);
    expect(root.getCapabilityIndex(5)).toBe(-1);
  });

  it('reads a zero-size struct encoded at offset -1', () => {
    const empty = message([structPointer(-1, 0, 0)]).getRoot();
    expect(empty.dataSize).toBe(0);
    expect(empty.pointerCount).toBe(0);
    expect(empty.getInt64(0, -5n)).toBe(-5n);
    expect(empty.getText(0)).toBe('');
  });

  it('reads a null root as an empty struct', () => {
    const empty = message([NULL]).getRoot();
    expect(empty.dataSize).toBe(0);
    expect(empty.getUint32(0, 9)).toBe(9);
    expect(message([NULL]).getRootPointer().isNull()).toBe(true);
  });

  it('reads nested structs, forward and backward offsets', () => {
    const nested = message([
      structPointer(2, 0, 1), // root, content at word 3
      structPointer(-1, 0, 0), // unused
      dataWord(42), // the child, before its parent
      structPointer(-2, 1, 0), // root's pointer 0 -> word 2
    ]).getRoot();
    expect(nested.getStruct(0).getUint8(0)).toBe(42);
  });
});

describe('XOR defaults', () => {
  const zero = message([structPointer(0, 6, 0), NULL, NULL, NULL, NULL, NULL, NULL]).getRoot();
  const [f64lo, f64hi] = float64ToBits(-2.25e100);

  it('applies every primitive default to a zero field', () => {
    expect(zero.getBool(0, true)).toBe(true);
    expect(zero.getInt8(1, -100)).toBe(-100);
    expect(zero.getInt16(2, 12345)).toBe(12345);
    expect(zero.getInt32(4, -123456789)).toBe(-123456789);
    expect(zero.getInt64(8, -1234567890123456789n)).toBe(-1234567890123456789n);
    expect(zero.getUint8(16, 200)).toBe(200);
    expect(zero.getUint16(18, 60000)).toBe(60000);
    expect(zero.getUint32(20, 4000000000)).toBe(4000000000);
    expect(zero.getUint64(24, 12345678901234567890n)).toBe(12345678901234567890n);
    expect(zero.getFloat32(32, float32ToBits(1.5))).toBe(1.5);
    expect(zero.getFloat64(40, f64lo, f64hi)).toBe(-2.25e100);
  });

  it('reads stored bits XORed with the default', () => {
    const bytes = new Uint8Array(48);
    const v = new DataView(bytes.buffer);
    v.setUint8(0, 0); // Bool true XOR default true -> false stored as... see below
    v.setInt8(1, 5 ^ -100);
    v.setInt16(2, -7 ^ 12345, true);
    v.setInt32(4, 99 ^ -123456789, true);
    v.setBigInt64(8, 3n ^ -1234567890123456789n, true);
    v.setUint8(16, 1 ^ 200);
    v.setUint16(18, 2 ^ 60000, true);
    v.setUint32(20, (7 ^ 4000000000) >>> 0, true);
    v.setBigUint64(24, 0xffn ^ 12345678901234567890n, true);
    v.setUint32(32, (float32ToBits(-0.25) ^ float32ToBits(1.5)) >>> 0, true);
    const [lo, hi] = float64ToBits(Math.PI);
    v.setUint32(40, (lo ^ f64lo) >>> 0, true);
    v.setUint32(44, (hi ^ f64hi) >>> 0, true);
    bytes[0] = 1; // Bool stored 1 with default true reads false
    const words: Word[] = [structPointer(0, 6, 0)];
    for (let i = 0; i < 6; i++) words.push([v.getUint32(i * 8, true), v.getUint32(i * 8 + 4, true)]);
    const s = message(words).getRoot();
    expect(s.getBool(0, true)).toBe(false);
    expect(s.getInt8(1, -100)).toBe(5);
    expect(s.getInt16(2, 12345)).toBe(-7);
    expect(s.getInt32(4, -123456789)).toBe(99);
    expect(s.getInt64(8, -1234567890123456789n)).toBe(3n);
    expect(s.getUint8(16, 200)).toBe(1);
    expect(s.getUint16(18, 60000)).toBe(2);
    expect(s.getUint32(20, 4000000000)).toBe(7);
    expect(s.getUint64(24, 12345678901234567890n)).toBe(0xffn);
    expect(s.getFloat32(32, float32ToBits(1.5))).toBe(-0.25);
    expect(s.getFloat64(40, f64lo, f64hi)).toBe(Math.PI);
  });

  it('applies defaults to fields beyond the data section, floats included', () => {
    const short = message([structPointer(0, 0, 0)]).getRoot();
    expect(short.getFloat32(0, float32ToBits(1.5))).toBe(1.5);
    expect(short.getFloat64(0, f64lo, f64hi)).toBe(-2.25e100);
    expect(short.getUint64(0, 5n)).toBe(5n);
    expect(short.getUint32(0, 0xffffffff)).toBe(0xffffffff);
  });

  it('keeps NaN payloads through the mask', () => {
    const nanBits = 0x7fc00001;
    const s = message([structPointer(0, 1, 0), [nanBits ^ float32ToBits(2), 0]]).getRoot();
    expect(Number.isNaN(s.getFloat32(0, float32ToBits(2)))).toBe(true);
    expect(s.getFloat32(0)).not.toBe(2);
  });
});

describe('list encodings', () => {
  // A root struct whose pointers lead to one list of each encoding.
  const words: Word[] = [
    structPointer(0, 0, 9),
    /* 1 */ listPointer(8, ElementSize.VOID, 1000), // void: no content
    /* 2 */ listPointer(7, ElementSize.BIT, 10),
    /* 3 */ listPointer(7, ElementSize.BYTE, 3),
    /* 4 */ listPointer(7, ElementSize.TWO_BYTES, 3),
    /* 5 */ listPointer(7, ElementSize.FOUR_BYTES, 3),
    /* 6 */ listPointer(8, ElementSize.EIGHT_BYTES, 2),
    /* 7 */ listPointer(9, ElementSize.POINTER, 2),
    /* 8 */ listPointer(12, ElementSize.INLINE_COMPOSITE, 4),
    /* 9 */ listPointer(17, ElementSize.POINTER, 2),
    /* 10 bit */ dataWord(0b1010_0101, 0b10),
    /* 11 byte */ dataWord(1, 0x80, 0xff),
    /* 12 two */ dataWord(0x01, 0x00, 0x00, 0x80, 0xff, 0xff),
    /* 13 four */ dataWord(1, 0, 0, 0, 0xff, 0xff, 0xff, 0xff),
    /* 14 */ dataWord(0, 0, 0, 0x80),
    /* 15 eight */ u64Word(-2n),
    /* 16 */ u64Word(0x4000000000000000n), // 2.0 as a double
    /* 17 pointers */ listPointer(1, ElementSize.BYTE, 4),
    /* 18 */ listPointer(1, ElementSize.BYTE, 1),
    /* 19 */ ...textWords('abc'),
    /* 20 */ ...textWords(''),
    /* 21 composite tag */ compositeTag(2, 1, 1),
    /* 22 */ dataWord(11),
    /* 23 */ listPointer(2, ElementSize.BYTE, 2),
    /* 24 */ dataWord(22),
    /* 25 */ NULL,
    /* 26 */ ...textWords('x'),
    /* 27 list of lists */ listPointer(1, ElementSize.FOUR_BYTES, 2),
    /* 28 */ listPointer(1, ElementSize.FOUR_BYTES, 1),
    /* 29 */ dataWord(7, 0, 0, 0, 8),
    /* 30 */ dataWord(9),
  ];
  const root = message(words).getRoot();

  it('void lists have a length and no content', () => {
    const list = root.getList(0, ElementSize.VOID);
    expect(list.length).toBe(1000);
    expect(list.elementSize).toBe(ElementSize.VOID);
    expect(list.getStruct(999).dataSize).toBe(0);
  });

  it('bit lists are addressed by bit', () => {
    const list = root.getList(1, ElementSize.BIT);
    expect(list.length).toBe(10);
    expect(Array.from({ length: 10 }, (_, i) => list.getBool(i))).toEqual([true, false, true, false, false, true, false, true, false, true]);
    expectCapnpError(() => list.getBool(10), ErrorCode.INDEX_OUT_OF_RANGE);
    expectCapnpError(() => list.getUint8(0), ErrorCode.LIST_TYPE_MISMATCH);
    expectCapnpError(() => list.toTypedArray('uint8'), ErrorCode.LIST_TYPE_MISMATCH);
  });

  it('byte, two-, four- and eight-byte lists read with every matching accessor', () => {
    const bytes = root.getList(2, ElementSize.BYTE);
    expect([0, 1, 2].map((i) => bytes.getUint8(i))).toEqual([1, 0x80, 0xff]);
    expect([0, 1, 2].map((i) => bytes.getInt8(i))).toEqual([1, -128, -1]);
    const twos = root.getList(3, ElementSize.TWO_BYTES);
    expect([0, 1, 2].map((i) => twos.getUint16(i))).toEqual([1, 0x8000, 0xffff]);
    expect([0, 1, 2].map((i) => twos.getInt16(i))).toEqual([1, -32768, -1]);
    const fours = root.getList(4, ElementSize.FOUR_BYTES);
    expect([0, 1, 2].map((i) => fours.getUint32(i))).toEqual([1, 0xffffffff, 0x80000000]);
    expect([0, 1, 2].map((i) => fours.getInt32(i))).toEqual([1, -1, -0x80000000]);
    expect(fours.getFloat32(2)).toBe(-0);
    const eights = root.getList(5, ElementSize.EIGHT_BYTES);
    expect(eights.getInt64(0)).toBe(-2n);
    expect(eights.getUint64(0)).toBe((1n << 64n) - 2n);
    expect(eights.getFloat64(1)).toBe(2);
  });

  it('a list reads narrower elements than it holds (the low bytes of each element)', () => {
    const fours = root.getList(4, ElementSize.FOUR_BYTES);
    expect(fours.getUint8(1)).toBe(0xff);
    expect(fours.getUint16(2)).toBe(0);
    expect(fours.getBool(0)).toBe(true);
    expectCapnpError(() => fours.getUint64(0), ErrorCode.LIST_TYPE_MISMATCH);
  });

  it('pointer lists hold Text, Data and nested lists', () => {
    const texts = root.getList(6, ElementSize.POINTER);
    expect(texts.length).toBe(2);
    expect([texts.getText(0), texts.getText(1)]).toEqual(['abc', '']);
    expect(Array.from(texts.getData(0))).toEqual([0x61, 0x62, 0x63, 0]);
    expectCapnpError(() => texts.getUint8(0), ErrorCode.LIST_TYPE_MISMATCH);
    const lists = root.getList(8, ElementSize.POINTER);
    expect(Array.from(lists.getList(0, ElementSize.FOUR_BYTES).toTypedArray('int32'))).toEqual([7, 8]);
    expect(Array.from(lists.getList(1, ElementSize.FOUR_BYTES).toTypedArray('int32'))).toEqual([9]);
    expect(lists.getPointer(1).getList().elementSize).toBe(ElementSize.FOUR_BYTES);
  });

  it('inline-composite lists hold structs with data and pointers', () => {
    const structs = root.getList(7, ElementSize.INLINE_COMPOSITE);
    expect(structs.length).toBe(2);
    expect(structs.elementSize).toBe(ElementSize.INLINE_COMPOSITE);
    expect(structs.step).toBe(16);
    expect([structs.getStruct(0).getUint8(0), structs.getStruct(1).getUint8(0)]).toEqual([11, 22]);
    expect(structs.getStruct(0).getText(0)).toBe('x');
    expect(structs.getStruct(1).getText(0, 'none')).toBe('none');
    expectCapnpError(() => structs.getStruct(2), ErrorCode.INDEX_OUT_OF_RANGE);
    expectCapnpError(() => structs.getStruct(-1), ErrorCode.INDEX_OUT_OF_RANGE);
    expectCapnpError(() => structs.getStruct(0.5), ErrorCode.INDEX_OUT_OF_RANGE);
  });

  it('ANY_SIZE reads a list as encoded', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((i) => root.getList(i, ANY_SIZE).elementSize)).toEqual([
      ElementSize.VOID, ElementSize.BIT, ElementSize.BYTE, ElementSize.TWO_BYTES, ElementSize.FOUR_BYTES,
      ElementSize.EIGHT_BYTES, ElementSize.POINTER, ElementSize.INLINE_COMPOSITE,
    ]);
  });

  it('copies a list stored wider than the type into a typed array of every type, as its getters read it', () => {
    // Structs of two data words read as a primitive list (a newer schema's struct list, read
    // through the old List(T)): each element is the low bytes of its struct, 16 bytes apart.
    const b = new MessageBuilder();
    const list = b.initRoot(0, 1).initStructList(0, 3, 2, 0);
    const firsts = [0x8899aabbccddeeffn, 0x0102030405060708n, 0xfedcba9876543210n];
    firsts.forEach((value, i) => {
      list.getStruct(i).setUint64(0, value);
      list.getStruct(i).setUint64(8, 0x5555555555555555n);
    });
    const read = readMessage(b.toBytes()).getRoot();
    const getters = {
      int8: 'getInt8', uint8: 'getUint8', int16: 'getInt16', uint16: 'getUint16', int32: 'getInt32', uint32: 'getUint32',
      float32: 'getFloat32', float64: 'getFloat64', int64: 'getInt64', uint64: 'getUint64',
    } as const;
    for (const [type, getter] of Object.entries(getters) as [keyof typeof getters, (typeof getters)[keyof typeof getters]][]) {
      const typed = read.getList(0, ElementSize.INLINE_COMPOSITE).toTypedArray(type);
      const expected = [0, 1, 2].map((i) => read.getList(0, ElementSize.INLINE_COMPOSITE)[getter](i));
      expect(Array.from(typed as ArrayLike<number | bigint>), type).toEqual(expected);
      expect(typed.buffer, type).not.toBe(b.getSegments()[0]!.buffer);
    }
    expect(read.getList(0, ElementSize.INLINE_COMPOSITE).toTypedArray('uint64')[1]).toBe(0x0102030405060708n);
  });

  it('typed-array views alias the message bytes (zero copy)', () => {
    const bytes = message(words);
    const r = bytes.getRoot();
    const fours = r.getList(4, ElementSize.FOUR_BYTES).toTypedArray('uint32');
    expect(fours.buffer).toBe(bytes.segments[0]!.buffer);
    expect(Array.from(fours)).toEqual([1, 0xffffffff, 0x80000000]);
    const eights = r.getList(5, ElementSize.EIGHT_BYTES).toTypedArray('int64');
    expect(eights.buffer).toBe(bytes.segments[0]!.buffer);
    expect(Array.from(eights)).toEqual([-2n, 0x4000000000000000n]);
    expect(Array.from(r.getList(5, ElementSize.EIGHT_BYTES).toTypedArray('float64'))[1]).toBe(2);
    expect(Array.from(r.getList(2, ElementSize.BYTE).toTypedArray('int8'))).toEqual([1, -128, -1]);
    expect(Array.from(r.getList(3, ElementSize.TWO_BYTES).toTypedArray('int16'))).toEqual([1, -32768, -1]);
    expect(r.getList(20, ElementSize.FOUR_BYTES).toTypedArray('int32').length).toBe(0);
    expectCapnpError(() => r.getList(2, ElementSize.BYTE).toTypedArray('uint16'), ErrorCode.LIST_TYPE_MISMATCH);
  });
});

describe('list upgrades the encoding allows', () => {
  // root pointers: 0 = List(Int32) [5, -6], 1 = List(Text) ["p", "q"], 2 = struct list of
  // {u32 data, text pointer} x2, 3 = a data-only struct list, 4 = a pointer-only struct list,
  // 5 = a bit list.
  const words: Word[] = [
    structPointer(0, 0, 6),
    /* 1 */ listPointer(5, ElementSize.FOUR_BYTES, 2),
    /* 2 */ listPointer(5, ElementSize.POINTER, 2),
    /* 3 */ listPointer(8, ElementSize.INLINE_COMPOSITE, 4),
    /* 4 */ listPointer(12, ElementSize.INLINE_COMPOSITE, 2),
    /* 5 */ listPointer(14, ElementSize.INLINE_COMPOSITE, 1),
    /* 6 */ listPointer(15, ElementSize.BIT, 3),
    /* 7 */ dataWord(5, 0, 0, 0, 0xfa, 0xff, 0xff, 0xff),
    /* 8 */ listPointer(1, ElementSize.BYTE, 2),
    /* 9 */ listPointer(1, ElementSize.BYTE, 2),
    /* 10 */ ...textWords('p'),
    /* 11 */ ...textWords('q'),
    /* 12 */ compositeTag(2, 1, 1),
    /* 13 */ dataWord(0x10, 0, 0, 0, 0xee),
    /* 14 */ listPointer(8, ElementSize.BYTE, 3),
    /* 15 */ dataWord(0x20),
    /* 16 */ listPointer(7, ElementSize.BYTE, 3),
    /* 17 */ compositeTag(2, 1, 0),
    /* 18 */ dataWord(1),
    /* 19 */ dataWord(2),
    /* 20 */ compositeTag(1, 0, 1),
    /* 21 */ NULL,
    /* 22 */ dataWord(0b101),
    /* 23 */ ...textWords('s0'),
    /* 24 */ ...textWords('s1'),
  ];
  const root = message(words).getRoot();

  it('a primitive list reads as a struct list whose first field is the element', () => {
    const list = root.getList(0, ElementSize.INLINE_COMPOSITE);
    expect(list.length).toBe(2);
    expect([list.getStruct(0).getInt32(0), list.getStruct(1).getInt32(0)]).toEqual([5, -6]);
    // The element struct has only 4 data bytes: later fields read as defaults.
    expect(list.getStruct(0).getInt32(4)).toBe(0);
    expect(list.getStruct(0).dataSize).toBe(4);
    expect(list.getStruct(0).getText(0, 'd')).toBe('d');
  });

  it('a pointer list reads as a struct list whose first pointer is the element', () => {
    const list = root.getList(1, ElementSize.INLINE_COMPOSITE);
    expect([list.getStruct(0).getText(0), list.getStruct(1).getText(0)]).toEqual(['p', 'q']);
    expect(list.getStruct(0).dataSize).toBe(0);
  });

  it('a struct list reads as a primitive list of its first data field', () => {
    const list = root.getList(2, ElementSize.FOUR_BYTES);
    expect([list.getUint32(0), list.getUint32(1)]).toEqual([0x10, 0x20]);
    const view = list.toTypedArray('uint32');
    expect(Array.from(view)).toEqual([0x10, 0x20]);
    const bytes = root.getList(2, ElementSize.BYTE);
    expect([bytes.getUint8(0), bytes.getUint8(1)]).toEqual([0x10, 0x20]);
  });

  it('a struct list copied into a typed array of any element type reads each element as its getter does', () => {
    // Two structs of one data word each, whose bytes have the high bit set in every byte: a
    // typed array of any type is a copy (the stride is 8 bytes), made element by element.
    const wide = message([
      listPointer(0, ElementSize.INLINE_COMPOSITE, 2),
      compositeTag(2, 1, 0),
      dataWord(0x81, 0x92, 0xa3, 0xb4, 0xc5, 0xd6, 0xe7, 0xf8),
      dataWord(0xff, 0xfe, 0xfd, 0xfc, 0xfb, 0xfa, 0xf9, 0x80),
    ]).getRootPointer();
    const bytesOf = (size: number) => wide.getList(size);
    const cases = [
      ['int8', ElementSize.BYTE, 'getInt8'], ['uint8', ElementSize.BYTE, 'getUint8'],
      ['int16', ElementSize.TWO_BYTES, 'getInt16'], ['uint16', ElementSize.TWO_BYTES, 'getUint16'],
      ['int32', ElementSize.FOUR_BYTES, 'getInt32'], ['uint32', ElementSize.FOUR_BYTES, 'getUint32'],
      ['float32', ElementSize.FOUR_BYTES, 'getFloat32'], ['float64', ElementSize.EIGHT_BYTES, 'getFloat64'],
      ['int64', ElementSize.EIGHT_BYTES, 'getInt64'], ['uint64', ElementSize.EIGHT_BYTES, 'getUint64'],
    ] as const;
    for (const [type, size, getter] of cases) {
      const list = bytesOf(size);
      const copied = Array.from(list.toTypedArray(type) as ArrayLike<number | bigint>);
      expect(copied, type).toEqual([list[getter](0), list[getter](1)]);
    }
    // Spot checks against values worked out by hand, so that a getter and the copy cannot agree on a wrong reading.
    expect(Array.from(bytesOf(ElementSize.BYTE).toTypedArray('int8'))).toEqual([0x81 - 256, -1]);
    expect(Array.from(bytesOf(ElementSize.TWO_BYTES).toTypedArray('uint16'))).toEqual([0x9281, 0xfeff]);
    expect(Array.from(bytesOf(ElementSize.FOUR_BYTES).toTypedArray('int32'))).toEqual([0xb4a39281 | 0, 0xfcfdfeff | 0]);
    expect(Array.from(bytesOf(ElementSize.EIGHT_BYTES).toTypedArray('uint64'))).toEqual([0xf8e7d6c5b4a39281n, 0x80f9fafbfcfdfeffn]);
  });

  it('a struct list reads as a pointer list of its first pointer (with the real element size)', () => {
    const list = root.getList(2, ElementSize.POINTER);
    expect(list.length).toBe(2);
    expect([list.getText(0), list.getText(1)]).toEqual(['s0', 's1']);
    const pointerOnly = root.getList(4, ElementSize.POINTER);
    expect(pointerOnly.getText(0, 'null')).toBe('null');
  });

  it('rejects a data-only struct list read as pointers, and a pointer-only one read as data', () => {
    expectCapnpError(() => root.getList(3, ElementSize.POINTER), ErrorCode.LIST_TYPE_MISMATCH);
    expectCapnpError(() => root.getList(4, ElementSize.FOUR_BYTES), ErrorCode.LIST_TYPE_MISMATCH);
  });

  it('rejects a bit list read as a struct list, and a struct list read as a bit list', () => {
    expectCapnpError(() => root.getList(5, ElementSize.INLINE_COMPOSITE), ErrorCode.LIST_TYPE_MISMATCH, /bit list/);
    expectCapnpError(() => root.getList(2, ElementSize.BIT), ErrorCode.LIST_TYPE_MISMATCH);
    expectCapnpError(() => root.getList(5, ElementSize.BYTE), ErrorCode.LIST_TYPE_MISMATCH);
    const bits = root.getList(5, ANY_SIZE);
    expectCapnpError(() => bits.getStruct(0), ErrorCode.LIST_TYPE_MISMATCH);
  });

  it('rejects narrower encodings than expected, and pointers for data or data for pointers', () => {
    expectCapnpError(() => root.getList(0, ElementSize.EIGHT_BYTES), ErrorCode.LIST_TYPE_MISMATCH, /eight-byte/);
    expectCapnpError(() => root.getList(0, ElementSize.POINTER), ErrorCode.LIST_TYPE_MISMATCH);
    expectCapnpError(() => root.getList(1, ElementSize.FOUR_BYTES), ErrorCode.LIST_TYPE_MISMATCH);
    expectCapnpError(() => root.getText(0), ErrorCode.LIST_TYPE_MISMATCH);
    expectCapnpError(() => root.getData(1), ErrorCode.LIST_TYPE_MISMATCH);
  });

  it('rejects a struct where a list is expected, and the reverse', () => {
    const m = message([structPointer(0, 0, 2), structPointer(1, 1, 0), listPointer(1, ElementSize.BYTE, 1), dataWord(1), dataWord(1)]);
    expectCapnpError(() => m.getRoot().getList(0, ElementSize.BYTE), ErrorCode.BAD_POINTER, /struct/);
    expectCapnpError(() => m.getRoot().getText(0), ErrorCode.BAD_POINTER);
    expectCapnpError(() => m.getRoot().getStruct(1), ErrorCode.BAD_POINTER, /list/);
  });
});

describe('Text and Data', () => {
  function withPointer(pointer: Word, ...content: Word[]): MessageReader {
    return message([structPointer(0, 0, 1), pointer, ...content]);
  }

  it('reads Text without its NUL, multi-byte UTF-8 included', () => {
    const text = 'héllo, wörld ✓ 𝄞';
    const bytes = new TextEncoder().encode(text).length + 1;
    expect(withPointer(listPointer(0, ElementSize.BYTE, bytes), ...textWords(text)).getRoot().getText(0)).toBe(text);
  });

  it('reads a one-byte Text (just the NUL) as the empty string', () => {
    expect(withPointer(listPointer(0, ElementSize.BYTE, 1), NULL).getRoot().getText(0)).toBe('');
  });

  it('rejects Text without a NUL terminator', () => {
    expectCapnpError(() => withPointer(listPointer(0, ElementSize.BYTE, 3), ...textWords('abc', false)).getRoot().getText(0), ErrorCode.BAD_TEXT);
  });

  it('rejects zero-length Text (there is no room for the NUL)', () => {
    expectCapnpError(() => withPointer(listPointer(0, ElementSize.BYTE, 0)).getRoot().getText(0), ErrorCode.BAD_TEXT);
  });

  it('keeps NUL bytes inside the text', () => {
    expect(withPointer(listPointer(0, ElementSize.BYTE, 4), dataWord(0x61, 0, 0x62, 0)).getRoot().getText(0)).toBe('a\u0000b');
  });

  it('reads Data as a view of the message (zero copy)', () => {
    const m = withPointer(listPointer(0, ElementSize.BYTE, 5), dataWord(1, 2, 3, 4, 5, 6, 7, 8));
    const data = m.getRoot().getData(0);
    expect(Array.from(data)).toEqual([1, 2, 3, 4, 5]);
    expect(data.buffer).toBe(m.segments[0]!.buffer);
    expect(data.byteOffset).toBe(m.segments[0]!.byteOffset + 16);
  });

  it('reads null Data as empty or as the given default, and zero-length Data as empty', () => {
    const m = withPointer(NULL);
    expect(m.getRoot().getData(0).length).toBe(0);
    const fallback = new Uint8Array([9]);
    expect(m.getRoot().getData(0, fallback)).toBe(fallback);
    expect(withPointer(listPointer(0, ElementSize.BYTE, 0)).getRoot().getData(0).length).toBe(0);
  });

  it('rejects Text or Data that runs past its segment', () => {
    expectCapnpError(() => withPointer(listPointer(0, ElementSize.BYTE, 9), dataWord(1)).getRoot().getData(0), ErrorCode.OUT_OF_BOUNDS);
    expectCapnpError(() => withPointer(listPointer(0, ElementSize.BYTE, 9), dataWord(1)).getRoot().getText(0), ErrorCode.OUT_OF_BOUNDS);
  });
});

describe('AnyPointer and capabilities', () => {
  const m = message([
    structPointer(0, 0, 6),
    NULL,
    structPointer(4, 1, 0),
    listPointer(4, ElementSize.BYTE, 3),
    capabilityPointer(1),
    [7, 0], // OTHER kind with reserved bits set
    capabilityPointer(5),
    dataWord(3),
    ...textWords('ab'),
  ]);
  m.capTable = ['cap-zero', 'cap-one'];
  const root = m.getRoot();

  it('tells what a pointer leads to', () => {
    expect([0, 1, 2, 3].map((i) => root.getPointer(i).type())).toEqual(['null', 'struct', 'list', 'capability']);
    expect(root.getPointer(0).isNull()).toBe(true);
    expect(root.getPointer(1).isNull()).toBe(false);
    expectCapnpError(() => root.getPointer(4).type(), ErrorCode.BAD_POINTER, /reserved/);
  });

  it('reads what a pointer leads to through AnyPointer', () => {
    expect(root.getPointer(1).getStruct().getUint8(0)).toBe(3);
    expect(root.getPointer(2).getText()).toBe('ab');
    expect(Array.from(root.getPointer(2).getData())).toEqual([0x61, 0x62, 0]);
    expect(root.getPointer(2).getList().length).toBe(3);
    expect(root.getPointer(0).getText('d')).toBe('d');
    expect(root.getPointer(0).getList().length).toBe(0);
  });

  it('reads capabilities as cap-table entries', () => {
    expect(root.getCapability(3)).toBe('cap-one');
    expect(root.getCapabilityIndex(3)).toBe(1);
    expect(root.getPointer(3).getCapability()).toBe('cap-one');
    expect(root.getPointer(3).getCapabilityIndex()).toBe(1);
    expect(root.getCapability(0)).toBe(null);
    expect(root.getCapabilityIndex(0)).toBe(-1);
    // An index beyond the table reads as null (a broken capability), not as an error.
    expect(root.getCapability(5)).toBe(null);
    expect(root.getCapabilityIndex(5)).toBe(5);
  });

  it('rejects a capability read as data and data read as a capability', () => {
    expectCapnpError(() => root.getStruct(3), ErrorCode.BAD_POINTER, /capability/);
    expectCapnpError(() => root.getText(3), ErrorCode.BAD_POINTER, /capability/);
    expectCapnpError(() => root.getCapability(1), ErrorCode.BAD_POINTER);
    expectCapnpError(() => root.getCapability(4), ErrorCode.BAD_POINTER);
  });

  it('reads capabilities in pointer lists', () => {
    const list = message([listPointer(0, ElementSize.POINTER, 2), capabilityPointer(0), NULL]);
    list.capTable = ['only'];
    const l = list.getRootPointer().getList(ElementSize.POINTER);
    expect([l.getCapability(0), l.getCapability(1)]).toEqual(['only', null]);
  });
});

describe('far pointers', () => {
  it('follows a single-far pointer to another segment', () => {
    const m = message(
      [structPointer(0, 0, 1), farPointerTo(1, 0)],
      [structPointer(0, 1, 0), dataWord(0x5a)],
    );
    expect(m.getRoot().getStruct(0).getUint8(0)).toBe(0x5a);
    expect(m.getRoot().getPointer(0).type()).toBe('struct');
  });

  it('follows a double-far pointer: pad = far pointer to the content, then a tag', () => {
    const m = message(
      [farPointerTo(1, 0, true)],
      [farPointerTo(2, 0), structPointer(0, 1, 1)],
      [dataWord(0x77), listPointer(0, ElementSize.BYTE, 2), ...textWords('z')],
    );
    const root = m.getRoot();
    expect(root.getUint8(0)).toBe(0x77);
    expect(root.getText(0)).toBe('z');
  });

  it('reads a root list through a far pointer', () => {
    const m = message([farPointerTo(1, 1)], [NULL, listPointer(0, ElementSize.TWO_BYTES, 2), dataWord(1, 0, 2, 0)]);
    expect(Array.from(m.getRootPointer().getList(ElementSize.TWO_BYTES).toTypedArray('uint16'))).toEqual([1, 2]);
  });
});

/** A far pointer to `padWord` of `segmentId`. */
function farPointerTo(segmentId: number, padWord: number, double = false): Word {
  return [(padWord * 8 + (double ? 4 : 0) + 2) >>> 0, segmentId];
}

describe('pointer defaults', () => {
  function constant(build: (b: MessageBuilder) => void): ReturnType<typeof constantSegment> {
    const b = new MessageBuilder();
    build(b);
    return constantSegment(b.toBytes('flat'));
  }
  const leafDefault = constant((b) => {
    const s = b.initRoot(1, 1);
    s.setUint32(0, 7);
    s.setText(0, 'seven');
  });
  const listDefault = constant((b) => {
    const l = b.getRootPointer().initList(ElementSize.FOUR_BYTES, 3);
    [1, 2, 3].forEach((v, i) => l.setInt32(i, v));
  });
  const nullRoot = message([structPointer(0, 0, 2), NULL, NULL]).getRoot();

  it('reads a null struct pointer as its default value', () => {
    const leaf = nullRoot.getStruct(0, leafDefault);
    expect(leaf.getUint32(0)).toBe(7);
    expect(leaf.getText(0)).toBe('seven');
  });

  it('reads a null list pointer as its default value', () => {
    expect(Array.from(nullRoot.getList(1, ElementSize.FOUR_BYTES, listDefault).toTypedArray('int32'))).toEqual([1, 2, 3]);
  });

  it('ignores the default when the pointer is set', () => {
    const set = message([structPointer(0, 0, 1), structPointer(0, 1, 0), dataWord(1)]).getRoot();
    expect(set.getStruct(0, leafDefault).getUint32(0)).toBe(1);
    expect(set.getStruct(0, leafDefault).getText(0)).toBe('');
  });

  it('rejects a malformed constant', () => {
    expectCapnpError(() => constantSegment(new Uint8Array(0)), ErrorCode.INVALID_ARGUMENT);
    expectCapnpError(() => constantSegment(new Uint8Array(12)), ErrorCode.INVALID_ARGUMENT);
  });
});

describe('segments given directly', () => {
  it('MessageReader reads segments already split from their framing', () => {
    const reader = new MessageReader([segment([structPointer(0, 0, 1), farPointerTo(1, 0)]), segment([structPointer(0, 1, 0), dataWord(4)])]);
    expect(reader.getRoot().getStruct(0).getUint8(0)).toBe(4);
    expectCapnpError(() => new MessageReader([]), ErrorCode.BAD_FRAMING);
  });
});
