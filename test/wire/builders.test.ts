import { describe, expect, it } from 'vitest';
import {
  ANY_SIZE, CapnpError, ElementSize, ErrorCode, MessageBuilder, PointerKind, canonicalize, float32ToBits,
  float64ToBits, readMessage, type StructBuilder,
} from '../../src/wire/index.js';
import { grownCapacity } from '../../src/wire/core/allocation.js';
import { expectCapnpError, toHex } from '../support/bytes.js';

function reread(b: MessageBuilder) {
  return readMessage(b.toBytes());
}

/** The pointer word at byte `offset` of segment `id`, as [lo, hi]. */
function pointerWord(b: MessageBuilder, id: number, offset: number): [number, number] {
  const s = b.getSegments()[id]!;
  const v = new DataView(s.buffer, s.byteOffset, s.byteLength);
  return [v.getUint32(offset, true), v.getUint32(offset + 4, true)];
}

function allZero(bytes: Uint8Array): boolean {
  return bytes.every((x) => x === 0);
}

describe('struct builder data setters', () => {
  it('stores every primitive width and reads it back, in the builder and after framing', () => {
    const b = new MessageBuilder();
    const s = b.initRoot(6, 0);
    s.setBool(0, true);
    s.setBool(7, true);
    s.setInt8(1, -3);
    s.setInt16(2, -30000);
    s.setInt32(4, -2000000000);
    s.setInt64(8, -(2n ** 62n));
    s.setUint8(16, 250);
    s.setUint16(18, 65000);
    s.setUint32(20, 4000000000);
    s.setUint64(24, 2n ** 64n - 1n);
    s.setFloat32(32, 3.5);
    s.setFloat64(40, -1e300);
    for (const r of [s.asReader(), reread(b).getRoot()]) {
      expect([r.getBool(0), r.getBool(1), r.getBool(7)]).toEqual([true, false, true]);
      expect(r.getInt8(1)).toBe(-3);
      expect(r.getInt16(2)).toBe(-30000);
      expect(r.getInt32(4)).toBe(-2000000000);
      expect(r.getInt64(8)).toBe(-(2n ** 62n));
      expect(r.getUint8(16)).toBe(250);
      expect(r.getUint16(18)).toBe(65000);
      expect(r.getUint32(20)).toBe(4000000000);
      expect(r.getUint64(24)).toBe(2n ** 64n - 1n);
      expect(r.getFloat32(32)).toBe(3.5);
      expect(r.getFloat64(40)).toBe(-1e300);
    }
    // The same values are readable through the builder itself.
    expect(s.getInt16(2)).toBe(-30000);
    expect(s.getBool(7)).toBe(true);
  });

  it('clears a Bool again', () => {
    const s = new MessageBuilder().initRoot(1, 0);
    s.setBool(3, true);
    s.setBool(3, false);
    expect(s.getUint8(0)).toBe(0);
  });

  it('wraps integers like C (stores the wire bits)', () => {
    const s = new MessageBuilder().initRoot(2, 0);
    s.setUint8(0, 256 + 7);
    s.setInt8(1, 200);
    s.setUint16(2, -1);
    s.setInt32(4, 2 ** 31);
    s.setUint64(8, -1n);
    expect(s.getUint8(0)).toBe(7);
    expect(s.getInt8(1)).toBe(200 - 256);
    expect(s.getUint16(2)).toBe(65535);
    expect(s.getInt32(4)).toBe(-(2 ** 31));
    expect(s.getUint64(8)).toBe(2n ** 64n - 1n);
  });

  it('stores values XORed with their defaults, so a default value is all zero bits', () => {
    const b = new MessageBuilder();
    const s = b.initRoot(6, 0);
    const [lo, hi] = float64ToBits(-2.25e100);
    s.setBool(0, true, true);
    s.setInt8(1, -100, -100);
    s.setInt16(2, 12345, 12345);
    s.setInt32(4, -123456789, -123456789);
    s.setInt64(8, -1234567890123456789n, -1234567890123456789n);
    s.setUint8(16, 200, 200);
    s.setUint16(18, 60000, 60000);
    s.setUint32(20, 4000000000, 4000000000);
    s.setUint64(24, 12345678901234567890n, 12345678901234567890n);
    s.setFloat32(32, 1.5, float32ToBits(1.5));
    s.setFloat64(40, -2.25e100, lo, hi);
    expect(allZero(b.toBytes('flat').subarray(16))).toBe(true);
    // And other values read back through the same masks.
    s.setInt8(1, 5, -100);
    s.setFloat32(32, -0.5, float32ToBits(1.5));
    s.setFloat64(40, 7, lo, hi);
    s.setBool(0, false, true);
    const r = reread(b).getRoot();
    expect(r.getInt8(1, -100)).toBe(5);
    expect(r.getFloat32(32, float32ToBits(1.5))).toBe(-0.5);
    expect(r.getFloat64(40, lo, hi)).toBe(7);
    expect(r.getBool(0, true)).toBe(false);
    expect(r.getUint8(0)).toBe(1);
  });

  it('refuses to write outside the data section', () => {
    const s = new MessageBuilder().initRoot(1, 0);
    expectCapnpError(() => s.setUint64(8, 1n), ErrorCode.INDEX_OUT_OF_RANGE, /data section/);
    expectCapnpError(() => s.setUint32(6, 1), ErrorCode.INDEX_OUT_OF_RANGE);
    expectCapnpError(() => s.setBool(64, true), ErrorCode.INDEX_OUT_OF_RANGE);
    expectCapnpError(() => s.setFloat64(1, 1), ErrorCode.INDEX_OUT_OF_RANGE);
    expectCapnpError(() => s.setInt8(8, 1), ErrorCode.INDEX_OUT_OF_RANGE);
  });

  it('refuses a negative or fractional data offset, writing nothing before the struct', () => {
    const b = new MessageBuilder();
    const s = b.initRoot(1, 1);
    s.setText(0, 'kept');
    const before = toHex(b.toBytes());
    // Before the data section lies the root pointer: a write there would break the message.
    const writes: Array<() => void> = [
      () => s.setUint32(-4, 0xffffffff), () => s.setInt32(-8, -1), () => s.setUint16(-2, 1), () => s.setInt16(-2, 1),
      () => s.setUint8(-1, 1), () => s.setInt8(-1, 1), () => s.setUint64(-8, 1n), () => s.setInt64(-8, 1n),
      () => s.setFloat32(-4, 1), () => s.setFloat64(-8, 1), () => s.setBool(-1, true), () => s.setUint32(1.5, 1),
      () => s.setInt8(Number.NaN, 1),
    ];
    for (const write of writes) expectCapnpError(write, ErrorCode.INDEX_OUT_OF_RANGE, /data section/);
    expect(toHex(b.toBytes())).toBe(before);
    expect(readMessage(b.toBytes()).getRoot().getText(0)).toBe('kept');
  });

  it('refuses pointer indexes past the pointer section', () => {
    const s = new MessageBuilder().initRoot(0, 2);
    expectCapnpError(() => s.setText(2, 'x'), ErrorCode.INDEX_OUT_OF_RANGE, /pointer index 2/);
    expectCapnpError(() => s.initStruct(-1, 1, 0), ErrorCode.INDEX_OUT_OF_RANGE);
    expect(s.getText(2, 'default')).toBe('default');
  });
});

describe('pointer fields: init, get, set', () => {
  it('initStruct makes a zeroed struct and replaces (and zeroes) the old one', () => {
    const b = new MessageBuilder();
    const root = b.initRoot(0, 1);
    const first = root.initStruct(0, 1, 1);
    first.setUint64(0, 0xffffffffffffffffn);
    first.setText(0, 'old text');
    const second = root.initStruct(0, 2, 0);
    expect(second.getUint64(0)).toBe(0n);
    const r = reread(b).getRoot().getStruct(0);
    expect(r.dataSize).toBe(16);
    expect(r.pointerCount).toBe(0);
    // Nothing of the old struct or its text is left in the message.
    const flat = b.toBytes('flat');
    expect(flat.some((x) => x === 0xff)).toBe(false);
    expect(new TextDecoder().decode(flat)).not.toContain('old');
  });

  it('getStruct makes the struct once, then returns the same one', () => {
    const b = new MessageBuilder();
    const root = b.initRoot(0, 1);
    root.getStruct(0, 1, 0).setUint32(0, 11);
    expect(root.getStruct(0, 1, 0).getUint32(0)).toBe(11);
    const words = b.sizeInWords;
    root.getStruct(0, 1, 0);
    expect(b.sizeInWords).toBe(words);
  });

  it('init, get and set lists of every element size', () => {
    const b = new MessageBuilder();
    const root = b.initRoot(0, 8);
    const voids = root.initList(0, ElementSize.VOID, 5);
    const bits = root.initList(1, ElementSize.BIT, 70);
    bits.setBool(0, true);
    bits.setBool(69, true);
    bits.setBool(8, true);
    bits.setBool(8, false);
    const bytes = root.initList(2, ElementSize.BYTE, 3);
    bytes.setUint8(0, 255);
    bytes.setInt8(1, -2);
    const twos = root.initList(3, ElementSize.TWO_BYTES, 2);
    twos.setInt16(0, -300);
    twos.setUint16(1, 60000);
    const fours = root.initList(4, ElementSize.FOUR_BYTES, 3);
    fours.setInt32(0, -5);
    fours.setUint32(1, 4000000000);
    fours.setFloat32(2, 0.25);
    const eights = root.initList(5, ElementSize.EIGHT_BYTES, 3);
    eights.setInt64(0, -5n);
    eights.setUint64(1, 2n ** 63n);
    eights.setFloat64(2, 1e-300);
    const pointers = root.initList(6, ElementSize.POINTER, 3);
    pointers.setText(0, 'zero');
    pointers.setData(1, new Uint8Array([1, 2]));
    pointers.initList(2, ElementSize.FOUR_BYTES, 1).setInt32(0, 42);
    expect(voids.length).toBe(5);

    const r = reread(b).getRoot();
    expect(r.getList(0, ElementSize.VOID).length).toBe(5);
    const rb = r.getList(1, ElementSize.BIT);
    expect([rb.getBool(0), rb.getBool(8), rb.getBool(68), rb.getBool(69)]).toEqual([true, false, false, true]);
    expect([r.getList(2, ElementSize.BYTE).getUint8(0), r.getList(2, ElementSize.BYTE).getInt8(1)]).toEqual([255, -2]);
    expect([r.getList(3, ElementSize.TWO_BYTES).getInt16(0), r.getList(3, ElementSize.TWO_BYTES).getUint16(1)]).toEqual([-300, 60000]);
    const rf = r.getList(4, ElementSize.FOUR_BYTES);
    expect([rf.getInt32(0), rf.getUint32(1), rf.getFloat32(2)]).toEqual([-5, 4000000000, 0.25]);
    const re = r.getList(5, ElementSize.EIGHT_BYTES);
    expect([re.getInt64(0), re.getUint64(1), re.getFloat64(2)]).toEqual([-5n, 2n ** 63n, 1e-300]);
    const rp = r.getList(6, ElementSize.POINTER);
    expect(rp.getText(0)).toBe('zero');
    expect(Array.from(rp.getData(1))).toEqual([1, 2]);
    expect(rp.getList(2, ElementSize.FOUR_BYTES).getInt32(0)).toBe(42);

    // getList on a builder finds the existing list; a null slot gives an empty one.
    expect(root.getList(4, ElementSize.FOUR_BYTES).getInt32(0)).toBe(-5);
    expect(root.getList(7, ElementSize.FOUR_BYTES).length).toBe(0);
    expect(root.getList(7, ANY_SIZE).length).toBe(0);
    expect(root.hasPointer(7)).toBe(false);
  });

  it('list setters check index and element width', () => {
    const l = new MessageBuilder().initRoot(0, 1).initList(0, ElementSize.FOUR_BYTES, 2);
    expectCapnpError(() => l.setInt32(2, 1), ErrorCode.INDEX_OUT_OF_RANGE);
    expectCapnpError(() => l.setInt32(-1, 1), ErrorCode.INDEX_OUT_OF_RANGE);
    expectCapnpError(() => l.setUint64(0, 1n), ErrorCode.LIST_TYPE_MISMATCH);
    expectCapnpError(() => l.setText(0, 'x'), ErrorCode.LIST_TYPE_MISMATCH);
    expectCapnpError(() => l.setBool(5, true), ErrorCode.INDEX_OUT_OF_RANGE);
  });

  it('init, get and set struct lists', () => {
    const b = new MessageBuilder();
    const root = b.initRoot(0, 2);
    const list = root.initStructList(0, 3, 1, 1);
    for (let i = 0; i < 3; i++) {
      list.getStruct(i).setUint32(0, i * 10);
      list.getStruct(i).setText(0, `item ${i}`);
    }
    const again = root.getStructList(0, 1, 1);
    expect(again.length).toBe(3);
    expect(again.getStruct(2).getText(0)).toBe('item 2');
    const r = reread(b).getRoot().getList(0, ElementSize.INLINE_COMPOSITE);
    expect([0, 1, 2].map((i) => r.getStruct(i).getUint32(0))).toEqual([0, 10, 20]);
    expect(root.getStructList(1, 1, 1).length).toBe(0);
  });

  it('ListBuilder.setStruct copies an element in, dropping what does not fit and zeroing the rest', () => {
    const src = new MessageBuilder();
    const big = src.initRoot(2, 2);
    big.setUint64(0, 1n);
    big.setUint64(8, 2n);
    big.setText(0, 'kept');
    big.setText(1, 'dropped');
    const b = new MessageBuilder();
    const list = b.initRoot(0, 1).initStructList(0, 2, 1, 1);
    list.getStruct(0).setText(0, 'overwritten');
    list.setStruct(0, big.asReader());
    const small = new MessageBuilder().initRoot(0, 0);
    list.getStruct(1).setUint64(0, 99n);
    list.setStruct(1, small.asReader());
    const r = reread(b).getRoot().getList(0, ElementSize.INLINE_COMPOSITE);
    expect(r.getStruct(0).getUint64(0)).toBe(1n);
    expect(r.getStruct(0).getText(0)).toBe('kept');
    expect(r.getStruct(1).getUint64(0)).toBe(0n);
    expect(new TextDecoder().decode(b.toBytes('flat'))).not.toContain('dropped');
  });

  it('sets Text and Data; initData gives a writable view', () => {
    const b = new MessageBuilder();
    const root = b.initRoot(0, 4);
    root.setText(0, '');
    root.setText(1, 'ünïcödé ✓');
    root.setData(2, new Uint8Array([0, 1, 2, 3, 4, 5, 6, 7, 8]));
    root.initData(3, 4).set([9, 8, 7, 6]);
    expect(root.getText(1)).toBe('ünïcödé ✓');
    const r = reread(b).getRoot();
    expect(r.getText(0)).toBe('');
    expect(r.hasPointer(0)).toBe(true);
    expect(r.getText(1)).toBe('ünïcödé ✓');
    expect(Array.from(r.getData(2))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(Array.from(r.getData(3))).toEqual([9, 8, 7, 6]);
    expect(Array.from(root.getData(3))).toEqual([9, 8, 7, 6]);
  });

  it('initText gives Text of a size to fill with UTF-8, the same bytes as setText of that text', () => {
    const texts = ['', 'a', 'seven77', 'exactly8', 'http://example.com/' + 'q'.repeat(81), 'ünïcödé ✓'];
    for (const text of texts) {
      const utf8 = new TextEncoder().encode(text);
      const viaInit = new MessageBuilder();
      const root = viaInit.initRoot(0, 3);
      root.initText(0, utf8.length).set(utf8);
      root.getPointer(1).initText(utf8.length).set(utf8);
      root.initList(2, ElementSize.POINTER, 2).initText(1, utf8.length).set(utf8);
      const viaSet = new MessageBuilder();
      const setRoot = viaSet.initRoot(0, 3);
      setRoot.setText(0, text);
      setRoot.getPointer(1).setText(text);
      setRoot.initList(2, ElementSize.POINTER, 2).setText(1, text);
      expect(toHex(viaInit.toBytes())).toBe(toHex(viaSet.toBytes()));
      const r = reread(viaInit).getRoot();
      expect(r.getText(0)).toBe(text);
      expect(r.getList(2, ElementSize.POINTER).getText(1)).toBe(text);
      expect(root.getText(0)).toBe(text);
    }
    // Replacing Text zeroes what it held; bytes left unwritten are NULs inside the Text.
    const b = new MessageBuilder();
    const root = b.initRoot(0, 1);
    root.setText(0, 'dropped text');
    root.initText(0, 3)[0] = 0x61;
    expect(reread(b).getRoot().getText(0)).toBe('a\0\0');
    expect(new TextDecoder().decode(b.toBytes())).not.toContain('dropped');
  });

  it('initText and initData refuse a length that is not a count, writing nothing', () => {
    for (const bad of [-1, 1.5, Number.NaN, 2 ** 29, Infinity]) {
      const b = new MessageBuilder();
      const root = b.initRoot(0, 2);
      expectCapnpError(() => root.initText(0, bad), 'INVALID_ARGUMENT');
      expectCapnpError(() => root.initData(1, bad), 'INVALID_ARGUMENT');
      expectCapnpError(() => root.getPointer(0).initText(bad), 'INVALID_ARGUMENT');
      expect(root.hasPointer(0)).toBe(false);
      expect(root.hasPointer(1)).toBe(false);
      const fresh = new MessageBuilder();
      fresh.initRoot(0, 2);
      expect(toHex(b.toBytes())).toBe(toHex(fresh.toBytes()));
    }
    // The largest Text leaves room for its NUL in the list's element count.
    expectCapnpError(() => new MessageBuilder().initRoot(0, 1).initText(0, 2 ** 29 - 1), 'INVALID_ARGUMENT');
  });

  it('refuses an element size that is not one of the primitive or pointer sizes', () => {
    // Each of these once passed a range check and went into the list pointer as it was: 1.5
    // made a pointer no reader accepts, '3' a string concatenated into the pointer's word.
    for (const bad of [1.5, -1, 7, 8, NaN, '3', null]) {
      const b = new MessageBuilder();
      const root = b.initRoot(0, 2);
      const size = bad as number;
      expectCapnpError(() => root.initList(0, size, 2), ErrorCode.INVALID_ARGUMENT);
      expectCapnpError(() => root.getPointer(0).initList(size, 2), ErrorCode.INVALID_ARGUMENT);
      expectCapnpError(() => b.newOrphanList(size, 2), ErrorCode.INVALID_ARGUMENT);
      const list = root.initList(1, ElementSize.POINTER, 1);
      expectCapnpError(() => list.initList(0, size, 2), ErrorCode.INVALID_ARGUMENT);
      const read = reread(b).getRoot();
      expect(read.getPointer(0).isNull()).toBe(true);
      expect(read.getList(1, ElementSize.POINTER).getPointer(0).isNull()).toBe(true);
      canonicalize(read);
    }
  });

  it('a call refused for its arguments leaves the field it would have replaced as it was', () => {
    const refused: [string, (root: StructBuilder) => unknown][] = [
      ['initList, element size', (root) => root.initList(0, 1.5, 2)],
      ['initList, length', (root) => root.initList(0, ElementSize.BYTE, -1)],
      ['initStructList, length', (root) => root.initStructList(0, 0.5, 1, 0)],
      ['initStructList, struct size', (root) => root.initStructList(0, 1, 65536, 0)],
      ['initStructList, total size', (root) => root.initStructList(0, 2 ** 28, 2, 0)],
      ['initStruct', (root) => root.initStruct(0, 1, -1)],
      ['getStruct, upgrading', (root) => root.getStruct(0, 70000, 0)],
      ['getStructList, upgrading', (root) => root.getStructList(0, 1, 65536)],
      ['AnyPointer initList', (root) => root.getPointer(0).initList(ElementSize.BYTE, 2 ** 30)],
    ];
    for (const [name, call] of refused) {
      for (const kept of ['struct', 'list'] as const) {
        const b = new MessageBuilder();
        const root = b.initRoot(0, 1);
        if (kept === 'struct') root.initStruct(0, 1, 0).setUint32(0, 77);
        else root.initStructList(0, 1, 1, 0).getStruct(0).setUint32(0, 77);
        expect(() => call(root), name).toThrow(CapnpError);
        const read = reread(b).getRoot();
        const value = kept === 'struct'
          ? read.getStruct(0).getUint32(0)
          : read.getList(0, ElementSize.INLINE_COMPOSITE).getStruct(0).getUint32(0);
        expect(value, `${name}, over a ${kept}`).toBe(77);
      }
    }
    // An upgrade whose larger elements would not fit one segment: refused before the old list goes.
    const b = new MessageBuilder();
    const root = b.initRoot(0, 1);
    root.initStructList(0, 1 << 16, 1, 0).getStruct(0).setUint32(0, 77);
    expectCapnpError(() => root.getStructList(0, 65535, 0), ErrorCode.MESSAGE_TOO_LARGE);
    expect(reread(b).getRoot().getList(0, ElementSize.INLINE_COMPOSITE).getStruct(0).getUint32(0)).toBe(77);
  });

  it('setText and setData refuse a value of the wrong type, keeping the field as it was', () => {
    // setText(5) once cleared the field and then failed in the UTF-8 encoder with a TypeError;
    // setData('abc') wrote three zero bytes.
    const wrong: [string, (root: StructBuilder, b: MessageBuilder) => unknown][] = [
      ['setText, a number', (root) => root.setText(0, 5 as never)],
      ['setText, an object with a length', (root) => root.setText(0, { length: 3 } as never)],
      ['setText, null', (root) => root.setText(0, null as never)],
      ['setData, a string', (root) => root.setData(1, 'abc' as never)],
      ['setData, an array', (root) => root.setData(1, [1, 2, 3] as never)],
      ['setData, undefined', (root) => root.setData(1, undefined as never)],
      ['list setText', (root) => root.getList(2, ElementSize.POINTER).setText(0, 7 as never)],
      ['list setData', (root) => root.getList(2, ElementSize.POINTER).setData(0, 'x' as never)],
      ['AnyPointer setText', (root) => root.getPointer(0).setText(false as never)],
      ['AnyPointer setData', (root) => root.getPointer(1).setData({} as never)],
      ['newOrphanText', (_root, b) => b.newOrphanText(1 as never)],
      ['newOrphanData', (_root, b) => b.newOrphanData('1' as never)],
    ];
    for (const [name, call] of wrong) {
      const b = new MessageBuilder();
      const root = b.initRoot(0, 3);
      root.setText(0, 'text');
      root.setData(1, new Uint8Array([9]));
      root.initList(2, ElementSize.POINTER, 1).setText(0, 'item');
      expectCapnpError(() => call(root, b), ErrorCode.INVALID_ARGUMENT);
      const read = reread(b).getRoot();
      expect([read.getText(0), [...read.getData(1)], read.getList(2, ElementSize.POINTER).getText(0)], name)
        .toEqual(['text', [9], 'item']);
    }
  });

  it('setStruct, setList, set, adopt and newOrphanCopy refuse what is not a view of their kind, keeping the field as it was', () => {
    // Each failed deep inside the copy with a TypeError (reading 'arena' of undefined...).
    const wrong: [string, (root: StructBuilder, b: MessageBuilder) => unknown][] = [
      ['setStruct, a plain object', (root) => root.setStruct(0, {} as never)],
      ['setStruct, null', (root) => root.setStruct(0, null as never)],
      ['setStruct, a list reader', (root) => root.setStruct(0, root.getList(2, ElementSize.POINTER).asReader() as never)],
      ['setList, an array', (root) => root.setList(2, [1, 2] as never)],
      ['setList, a struct', (root) => root.setList(2, root.asReader() as never)],
      ['list setStruct', (root) => root.getStructList(3, 1, 0).setStruct(0, { dataSize: 8 } as never)],
      ['list setList', (root) => root.getList(2, ElementSize.POINTER).setList(0, 'x' as never)],
      ['AnyPointer setStruct', (root) => root.getPointer(0).setStruct(5 as never)],
      ['AnyPointer setList', (root) => root.getPointer(2).setList(undefined as never)],
      ['AnyPointer set', (root) => root.getPointer(0).set({ segment: null, offset: 0 } as never)],
      ['adopt, a plain object', (root) => root.adopt(0, {} as never)],
      ['adopt, null', (root) => root.adopt(0, null as never)],
      ['list adopt', (root) => root.getList(2, ElementSize.POINTER).adopt(0, 'x' as never)],
      ['AnyPointer adopt', (root) => root.getPointer(1).adopt(undefined as never)],
      ['setRoot', (_root, b) => b.setRoot({} as never)],
      ['newOrphanCopy', (_root, b) => b.newOrphanCopy({ segment: {} } as never)],
    ];
    for (const [name, call] of wrong) {
      const b = new MessageBuilder();
      const root = b.initRoot(0, 4);
      root.setText(0, 'text');
      root.setData(1, new Uint8Array([9]));
      root.initList(2, ElementSize.POINTER, 1).setText(0, 'item');
      root.initStructList(3, 1, 1, 0).getStruct(0).setUint32(0, 5);
      expectCapnpError(() => call(root, b), ErrorCode.INVALID_ARGUMENT);
      const read = reread(b).getRoot();
      expect([read.getText(0), [...read.getData(1)], read.getList(2, ElementSize.POINTER).getText(0), read.getList(3, ElementSize.INLINE_COMPOSITE).getStruct(0).getUint32(0)], name)
        .toEqual(['text', [9], 'item', 5]);
    }
  });

  it('setStruct and newOrphanCopy take a builder as its reader', () => {
    const source = new MessageBuilder().initRoot(1, 1);
    source.setUint32(0, 7);
    source.setText(0, 'copied');
    const b = new MessageBuilder();
    const root = b.initRoot(0, 2);
    root.setStruct(0, source as never);
    root.adopt(1, b.newOrphanCopy(source as never));
    const read = reread(b).getRoot();
    for (const i of [0, 1]) {
      const s = read.getStruct(i);
      expect([s.getUint32(0), s.getText(0)]).toEqual([7, 'copied']);
    }
  });

  it('encodes lone surrogates as U+FFFD and sizes the text to match', () => {
    const b = new MessageBuilder();
    b.initRoot(0, 1).setText(0, 'a\ud800b\udc00');
    expect(reread(b).getRoot().getText(0)).toBe('a\ufffdb\ufffd');
  });

  it('clearPointer makes a field null and zeroes what it held', () => {
    const b = new MessageBuilder();
    const root = b.initRoot(0, 1);
    root.initList(0, ElementSize.POINTER, 2).setText(1, 'secret');
    root.clearPointer(0);
    expect(root.hasPointer(0)).toBe(false);
    expect(allZero(b.toBytes('flat').subarray(8))).toBe(true);
  });

  it('a copy that fails partway (a source past its reader\'s limits) is not left half-made', () => {
    // A chain of 100 structs, read with a nesting limit of 10: the copy fails 10 levels down.
    const source = new MessageBuilder();
    let link = source.initRoot(1, 1);
    for (let i = 1; i < 100; i++) link = link.initStruct(0, 1, 1);
    const chain = readMessage(source.toBytes(), { nestingLimit: 10 }).getRoot();
    const list = readMessage(source.toBytes(), { nestingLimit: 10 }).getRootPointer();
    const b = new MessageBuilder();
    const root = b.initRoot(0, 3);
    root.setText(0, 'replaced');
    expectCapnpError(() => root.setStruct(0, chain), ErrorCode.NESTING_LIMIT);
    expectCapnpError(() => root.getPointer(1).set(list), ErrorCode.NESTING_LIMIT);
    expectCapnpError(() => b.newOrphanCopy(chain), ErrorCode.NESTING_LIMIT);
    // Before, 10 levels of the chain were left in the message: 200 bytes of it.
    const read = reread(b).getRoot();
    expect(read.getPointer(0).isNull()).toBe(true);
    expect(read.getPointer(1).isNull()).toBe(true);
    expect(allZero(b.toBytes('flat').subarray(8 + 3 * 8))).toBe(true);
  });

  it('setStruct and setList deep-copy from another message', () => {
    const src = new MessageBuilder();
    const s = src.initRoot(1, 3);
    s.setUint32(0, 5);
    s.setText(0, 'nested');
    s.initStructList(1, 2, 1, 0).getStruct(1).setUint16(0, 9);
    s.initList(2, ElementSize.POINTER, 1).initList(0, ElementSize.BIT, 3).setBool(2, true);
    const source = readMessage(src.toBytes());

    const b = new MessageBuilder();
    const root = b.initRoot(0, 2);
    root.setStruct(0, source.getRoot());
    root.setList(1, source.getRoot().getList(1, ElementSize.INLINE_COMPOSITE));
    const r = reread(b).getRoot();
    expect(r.getStruct(0).getUint32(0)).toBe(5);
    expect(r.getStruct(0).getText(0)).toBe('nested');
    expect(r.getStruct(0).getList(2, ElementSize.POINTER).getList(0, ElementSize.BIT).getBool(2)).toBe(true);
    expect(r.getList(1, ElementSize.INLINE_COMPOSITE).getStruct(1).getUint16(0)).toBe(9);
    // The copy is independent of the source.
    const copy = r.getStruct(0).segment.content();
    const original = source.segments[0]!;
    const overlaps = copy.buffer === original.buffer &&
      copy.byteOffset < original.byteOffset + original.byteLength && original.byteOffset < copy.byteOffset + copy.byteLength;
    expect(overlaps).toBe(false);
    expect(toHex(canonicalize(r.getStruct(0)))).toBe(toHex(canonicalize(source.getRoot())));
  });

  it('setRoot copies a whole message', () => {
    const src = new MessageBuilder();
    src.initRoot(1, 1).setText(0, 'root');
    const b = new MessageBuilder();
    b.setRoot(reread(src).getRoot());
    expect(reread(b).getRoot().getText(0)).toBe('root');
  });

  it('copies within one message, onto the very slot it copies from', () => {
    const b = new MessageBuilder();
    const root = b.initRoot(1, 2);
    root.setUint32(0, 1);
    const child = root.initStruct(0, 1, 1);
    child.setUint32(0, 2);
    child.setText(0, 'child text');
    // Same slot: the copy must be taken before the old value is cleared.
    root.setStruct(0, root.getStruct(0, 1, 1).asReader());
    expect(root.getStruct(0, 1, 1).getText(0)).toBe('child text');
    // A struct copied into its own child.
    root.setStruct(1, root.asReader());
    const r = reread(b).getRoot();
    expect(r.getStruct(1).getUint32(0)).toBe(1);
    expect(r.getStruct(1).getStruct(0).getText(0)).toBe('child text');
    expect(r.getStruct(1).getStruct(1).hasPointer(0)).toBe(false);
    // A list onto its own slot, and AnyPointer.set onto itself.
    const list = root.getPointer(1).initList(ElementSize.FOUR_BYTES, 2);
    list.setInt32(1, 77);
    root.setList(1, root.getList(1, ElementSize.FOUR_BYTES).asReader());
    root.getPointer(1).set(root.getPointer(1).asReader());
    expect(reread(b).getRoot().getList(1, ElementSize.FOUR_BYTES).getInt32(1)).toBe(77);
  });

  it('copies from a reader of the same builder (asReader) onto an overlapping slot', () => {
    // Promote a grandchild to child: the source lies inside the object being replaced.
    const b = new MessageBuilder();
    const root = b.initRoot(0, 1);
    const grandchild = root.initStruct(0, 0, 1).initStruct(0, 1, 1);
    grandchild.setUint32(0, 42);
    grandchild.setText(0, 'kept');
    root.setStruct(0, b.asReader().getRoot().getStruct(0).getStruct(0));
    const r = reread(b).getRoot().getStruct(0);
    expect(r.getUint32(0)).toBe(42);
    expect(r.getText(0)).toBe('kept');
    // The same through a list element and AnyPointer.set.
    const list = root.initStructList(0, 2, 1, 1);
    list.getStruct(1).setText(0, 'element');
    list.setStruct(1, b.asReader().getRoot().getList(0, ElementSize.INLINE_COMPOSITE).getStruct(1));
    expect(list.getStruct(1).getText(0)).toBe('element');
    root.getPointer(0).set(b.asReader().getRoot().getPointer(0));
    expect(reread(b).getRoot().getList(0, ElementSize.INLINE_COMPOSITE).getStruct(1).getText(0)).toBe('element');
  });

  it('asReader shares the builder\'s capability table', () => {
    const b = new MessageBuilder();
    b.initRoot(0, 1).setCapability(0, 'cap');
    expect(b.asReader().getRoot().getCapability(0)).toBe('cap');
  });

  it('list builders give typed-array views that write through', () => {
    const b = new MessageBuilder();
    const list = b.initRoot(0, 1).initList(0, ElementSize.FOUR_BYTES, 3);
    const view = list.toTypedArray('int32');
    view.set([7, 8, 9]);
    expect(reread(b).getRoot().getList(0, ElementSize.FOUR_BYTES).getInt32(2)).toBe(9);
  });

  it('copies capabilities with their cap-table entries', () => {
    const src = new MessageBuilder();
    const s = src.initRoot(0, 2);
    s.setCapability(0, 'first cap');
    s.setCapability(1, 'second cap');
    expect(src.capTable).toEqual(['first cap', 'second cap']);
    const b = new MessageBuilder();
    const root = b.initRoot(0, 2);
    root.setCapability(0, 'own cap');
    root.setStruct(1, s.asReader());
    const copy = root.getStruct(1, 0, 2);
    expect(copy.getCapability(0)).toBe('first cap');
    expect(copy.getCapability(1)).toBe('second cap');
    expect(b.capTable).toEqual(['own cap', 'first cap', 'second cap']);
    root.setCapability(0, null);
    expect(root.hasPointer(0)).toBe(false);
  });

  it('a list of pointers builds each element as a struct field does: Text, Data, lists, struct lists, capabilities, orphans', () => {
    const b = new MessageBuilder();
    const list = b.initRoot(0, 1).initList(0, ElementSize.POINTER, 7);
    list.setText(0, 'first');
    list.initData(1, 3).set([1, 2, 3]);
    list.initList(2, ElementSize.FOUR_BYTES, 2).setInt32(1, -5);
    list.initStructList(3, 2, 1, 1).getStruct(1).setText(0, 'inner');
    list.setCapability(4, 'cap');
    // The getters read back what was built, as a builder (the list's own memory).
    expect(list.getText(0)).toBe('first');
    expect(list.getText(6, 'default')).toBe('default');
    expect(Array.from(list.getData(1))).toEqual([1, 2, 3]);
    expect(list.getList(2, ElementSize.FOUR_BYTES).getInt32(1)).toBe(-5);
    expect(list.getStructList(3, 1, 1).getStruct(1).getText(0)).toBe('inner');
    expect(list.getCapability(4)).toBe('cap');
    expect(b.capTable).toEqual(['cap']);
    // getList and getStructList make what is null, as a struct's getters do.
    expect(list.getList(5, ElementSize.BYTE).length).toBe(0);
    list.getStructList(6, 1, 0);
    // An element moves without a copy: disown leaves it null, adopt attaches it.
    const moved = list.disown(0);
    expect(list.getPointer(0).isNull()).toBe(true);
    list.adopt(5, moved);
    const read = reread(b).getRoot().getList(0, ElementSize.POINTER);
    expect(read.getText(5)).toBe('first');
    expect(read.getPointer(0).isNull()).toBe(true);
    expect(Array.from(read.getData(1))).toEqual([1, 2, 3]);
    expect(read.getList(2, ElementSize.FOUR_BYTES).getInt32(1)).toBe(-5);
    expect(read.getList(3, ElementSize.INLINE_COMPOSITE).getStruct(1).getText(0)).toBe('inner');
    expect(read.getPointer(4).type()).toBe('capability');
    expect(read.getList(6, ElementSize.INLINE_COMPOSITE).length).toBe(0);
    // An element past the end is refused, as for a struct's pointers.
    expectCapnpError(() => list.getText(7), ErrorCode.INDEX_OUT_OF_RANGE);
  });

  it('AnyPointerBuilder holds anything', () => {
    const b = new MessageBuilder();
    const any = b.getRootPointer();
    expect(any.isNull()).toBe(true);
    any.initStruct(1, 0).setUint8(0, 3);
    expect(any.type()).toBe('struct');
    expect(any.getStruct(1, 0).getUint8(0)).toBe(3);
    any.initList(ElementSize.TWO_BYTES, 2).setUint16(1, 500);
    expect(any.type()).toBe('list');
    expect(any.getList().getUint16(1)).toBe(500);
    expect(readMessage(b.toBytes()).getRootPointer().getList(ElementSize.TWO_BYTES).getUint16(1)).toBe(500);
    any.setText('text root');
    expect(any.asReader().getText()).toBe('text root');
    any.setData(new Uint8Array([4]));
    expect(Array.from(any.asReader().getData())).toEqual([4]);
    any.initStructList(2, 1, 0).getStruct(1).setUint8(0, 8);
    expect(any.getStructList(1, 0).getStruct(1).getUint8(0)).toBe(8);
    any.initData(2).set([9, 8]);
    const data = any.disown();
    expect(any.isNull()).toBe(true);
    any.adopt(data);
    expect(Array.from(any.asReader().getData())).toEqual([9, 8]);
    any.setCapability('c');
    expect(any.type()).toBe('capability');
    any.clear();
    expect(any.isNull()).toBe(true);
    expect(allZero(b.toBytes('flat'))).toBe(true);
  });
});

describe('upgrades when a newer schema writes into an older message', () => {
  /** An "old" message: Holder { small: {x}, smalls: [{x}], ints: [..], texts: [..] } */
  function oldMessage(): MessageBuilder {
    const old = new MessageBuilder();
    const root = old.initRoot(0, 4);
    root.initStruct(0, 1, 0).setInt32(0, 5);
    const smalls = root.initStructList(1, 2, 1, 0);
    smalls.getStruct(0).setInt32(0, 1);
    smalls.getStruct(1).setInt32(0, 2);
    const ints = root.initList(2, ElementSize.FOUR_BYTES, 3);
    [10, 20, 30].forEach((v, i) => ints.setInt32(i, v));
    const texts = root.initList(3, ElementSize.POINTER, 2);
    texts.setText(0, 'a');
    texts.setText(1, 'b');
    return old;
  }

  it('getStruct moves a smaller struct to a larger one, keeping its fields and zeroing the old copy', () => {
    const b = new MessageBuilder();
    b.setRoot(reread(oldMessage()).getRoot());
    const root = b.getRoot(0, 4);
    const before = b.toBytes('flat');
    const big = root.getStruct(0, 2, 1);
    expect(big.dataSize).toBe(16);
    expect(big.pointerCount).toBe(1);
    expect(big.getInt32(0)).toBe(5);
    expect(big.getInt32(4)).toBe(0);
    big.setText(0, 'tag');
    const r = reread(b).getRoot().getStruct(0);
    expect([r.getInt32(0), r.getText(0)]).toEqual([5, 'tag']);
    // The old one-word struct (right after the root's pointers) is now zero.
    const after = b.toBytes('flat');
    expect(before.subarray(40, 48).some((x) => x !== 0)).toBe(true);
    expect(allZero(after.subarray(40, 48))).toBe(true);
    // Asking again for the same or a smaller size finds the upgraded struct.
    expect(root.getStruct(0, 1, 0).getText(0)).toBe('tag');
  });

  it('getStructList upgrades smaller struct elements', () => {
    const b = new MessageBuilder();
    b.setRoot(reread(oldMessage()).getRoot());
    const list = b.getRoot(0, 4).getStructList(1, 2, 1);
    expect(list.length).toBe(2);
    expect(list.dataSize).toBe(16);
    expect([list.getStruct(0).getInt32(0), list.getStruct(1).getInt32(0)]).toEqual([1, 2]);
    list.getStruct(1).setText(0, 'new');
    const r = reread(b).getRoot().getList(1, ElementSize.INLINE_COMPOSITE);
    expect(r.getStruct(1).getText(0)).toBe('new');
    expect(r.getStruct(0).getInt32(0)).toBe(1);
  });

  it('getStructList upgrades a primitive list: each value becomes the first field', () => {
    const b = new MessageBuilder();
    b.setRoot(reread(oldMessage()).getRoot());
    const list = b.getRoot(0, 4).getStructList(2, 2, 1);
    expect([0, 1, 2].map((i) => list.getStruct(i).getInt32(0))).toEqual([10, 20, 30]);
    const r = reread(b).getRoot().getList(2, ElementSize.INLINE_COMPOSITE);
    expect(r.elementSize).toBe(ElementSize.INLINE_COMPOSITE);
    expect([0, 1, 2].map((i) => r.getStruct(i).getInt32(0))).toEqual([10, 20, 30]);
  });

  it('getStructList upgrades a pointer list: each pointer becomes the first pointer', () => {
    const b = new MessageBuilder();
    b.setRoot(reread(oldMessage()).getRoot());
    const list = b.getRoot(0, 4).getStructList(3, 2, 1);
    expect([list.getStruct(0).getText(0), list.getStruct(1).getText(0)]).toEqual(['a', 'b']);
    const r = reread(b).getRoot().getList(3, ElementSize.INLINE_COMPOSITE);
    expect([r.getStruct(0).getText(0), r.getStruct(1).getText(0)]).toEqual(['a', 'b']);
    // And an old reader still sees a list of Text.
    const old = reread(b).getRoot().getList(3, ElementSize.POINTER);
    expect([old.getText(0), old.getText(1)]).toEqual(['a', 'b']);
  });

  it('MessageBuilder.getRoot upgrades a smaller root', () => {
    const b = new MessageBuilder();
    b.initRoot(1, 0).setUint16(0, 3);
    const bigger = b.getRoot(2, 2);
    expect(bigger.getUint16(0)).toBe(3);
    expect(bigger.pointerCount).toBe(2);
  });

  it('refuses to use a bit list as anything else, or anything else as a bit list', () => {
    const b = new MessageBuilder();
    const root = b.initRoot(0, 2);
    root.initList(0, ElementSize.BIT, 4);
    root.initList(1, ElementSize.BYTE, 4);
    expectCapnpError(() => root.getStructList(0, 1, 0), ErrorCode.LIST_TYPE_MISMATCH);
    expectCapnpError(() => root.getList(0, ElementSize.BYTE), ErrorCode.LIST_TYPE_MISMATCH);
    expectCapnpError(() => root.getList(1, ElementSize.BIT), ErrorCode.LIST_TYPE_MISMATCH);
    expectCapnpError(() => root.getList(1, ElementSize.FOUR_BYTES), ErrorCode.LIST_TYPE_MISMATCH);
    expectCapnpError(() => root.getStruct(1, 1, 0), ErrorCode.BAD_POINTER);
  });
});

describe('orphans', () => {
  it('disown detaches an object; adopt attaches it elsewhere without copying', () => {
    const b = new MessageBuilder();
    const root = b.initRoot(0, 2);
    root.initStruct(0, 1, 1).setText(0, 'moving');
    const words = b.sizeInWords;
    const orphan = root.disown(0);
    expect(root.hasPointer(0)).toBe(false);
    expect(orphan.isNull).toBe(false);
    expect(orphan.getStruct().getText(0)).toBe('moving');
    root.adopt(1, orphan);
    expect(b.sizeInWords).toBe(words);
    const r = reread(b).getRoot();
    expect(r.hasPointer(0)).toBe(false);
    expect(r.getStruct(1).getText(0)).toBe('moving');
  });

  it('makes new orphans of every kind and adopts them into lists and AnyPointers', () => {
    const b = new MessageBuilder();
    const root = b.initRoot(0, 1);
    const list = root.initList(0, ElementSize.POINTER, 6);
    const s = b.newOrphanStruct(1, 0);
    s.getStruct().setUint32(0, 12);
    const l = b.newOrphanList(ElementSize.TWO_BYTES, 2);
    l.getList().setUint16(1, 7);
    const sl = b.newOrphanStructList(2, 1, 0);
    sl.getList().getStruct(1).setUint8(0, 3);
    expect(sl.getList().length).toBe(2);
    const t = b.newOrphanText('orphan text');
    const d = b.newOrphanData(new Uint8Array([5, 6]));
    list.adopt(0, s);
    list.adopt(1, l);
    list.adopt(2, sl);
    list.adopt(3, t);
    list.getPointer(4).adopt(d);
    const other = new MessageBuilder();
    other.initRoot(1, 0).setUint8(0, 99);
    list.adopt(5, b.newOrphanCopy(reread(other).getRoot()));
    const r = reread(b).getRoot().getList(0, ElementSize.POINTER);
    expect(r.getStructPointer(0).getUint32(0)).toBe(12);
    expect(r.getList(1, ElementSize.TWO_BYTES).getUint16(1)).toBe(7);
    expect(r.getList(2, ElementSize.INLINE_COMPOSITE).getStruct(1).getUint8(0)).toBe(3);
    expect(r.getText(3)).toBe('orphan text');
    expect(Array.from(r.getData(4))).toEqual([5, 6]);
    expect(r.getStructPointer(5).getUint8(0)).toBe(99);
  });

  it('copies lists and any pointers into orphans', () => {
    const src = new MessageBuilder();
    const s = src.initRoot(0, 2);
    s.initList(0, ElementSize.FOUR_BYTES, 2).setInt32(1, -4);
    s.setText(1, 'any');
    const read = reread(src).getRoot();
    const b = new MessageBuilder();
    const root = b.initRoot(0, 2);
    root.adopt(0, b.newOrphanCopy(read.getList(0, ElementSize.FOUR_BYTES)));
    root.adopt(1, b.newOrphanCopy(read.getPointer(1)));
    const r = reread(b).getRoot();
    expect(r.getList(0, ElementSize.FOUR_BYTES).getInt32(1)).toBe(-4);
    expect(r.getText(1)).toBe('any');
  });

  it('disowning null gives a null orphan, and adopting it clears the slot', () => {
    const b = new MessageBuilder();
    const root = b.initRoot(0, 2);
    const nothing = root.disown(0);
    expect(nothing.isNull).toBe(true);
    root.setText(1, 'gone');
    root.adopt(1, nothing);
    expect(root.hasPointer(1)).toBe(false);
    expect(allZero(b.toBytes('flat').subarray(8))).toBe(true);
  });

  it('orphans of capabilities and zero-size structs', () => {
    const b = new MessageBuilder();
    const root = b.initRoot(0, 3);
    root.setCapability(0, 'cap');
    root.initStruct(1, 0, 0);
    const cap = root.disown(0);
    const empty = root.disown(1);
    root.adopt(2, cap);
    root.adopt(0, empty);
    expect(root.getCapability(2)).toBe('cap');
    // Slot 0 holds the zero-size struct (offset -1), slot 1 is null, slot 2 the capability.
    expect(pointerWord(b, 0, 8)).toEqual([0xfffffffc, 0]);
    expect(pointerWord(b, 0, 16)).toEqual([0, 0]);
    expect(pointerWord(b, 0, 24)).toEqual([PointerKind.OTHER, 0]);
  });

  it('adopting twice, or into another message, is an ORPHAN_MISUSE', () => {
    const b = new MessageBuilder();
    const root = b.initRoot(0, 2);
    const orphan = b.newOrphanText('once');
    root.adopt(0, orphan);
    expectCapnpError(() => root.adopt(1, orphan), ErrorCode.ORPHAN_MISUSE, /already/);
    const other = new MessageBuilder().initRoot(0, 1);
    expectCapnpError(() => other.adopt(0, b.newOrphanText('x')), ErrorCode.ORPHAN_MISUSE, /message it belongs to/);
  });

  it('an orphan of one kind cannot be used as another', () => {
    const b = new MessageBuilder();
    expectCapnpError(() => b.newOrphanText('t').getStruct(), ErrorCode.BAD_POINTER);
    expectCapnpError(() => b.newOrphanStruct(1, 0).getList(), ErrorCode.BAD_POINTER);
    const root = b.initRoot(0, 1);
    expectCapnpError(() => root.disown(0).getStruct(), ErrorCode.BAD_POINTER);
  });
});

describe('reset and reuse', () => {
  function fill(b: MessageBuilder, n: number): void {
    const root = b.initRoot(1, 2);
    root.setUint32(0, n);
    root.setText(0, `message number ${n}`);
    const list = root.initList(1, ElementSize.EIGHT_BYTES, 50 + n);
    list.setUint64(49, BigInt(n));
  }

  it('builds the same bytes after reset as a fresh builder, in the same first-segment buffer', () => {
    const b = new MessageBuilder();
    fill(b, 300); // grows the first segment in place
    const buffer = b.arena.segments[0]!.bytes;
    for (let n = 1; n <= 5; n++) {
      b.reset();
      fill(b, n);
      const fresh = new MessageBuilder();
      fill(fresh, n);
      expect(toHex(b.toBytes())).toBe(toHex(fresh.toBytes()));
      expect(b.arena.segments[0]!.bytes).toBe(buffer);
      expect(b.arena.segments.length).toBe(1);
    }
  });

  it('zeroes everything on reset, so nothing of the old message leaks', () => {
    const b = new MessageBuilder();
    fill(b, 9);
    b.capTable.push('cap');
    b.reset();
    expect(b.sizeInWords).toBe(1);
    expect(b.capTable).toEqual([]);
    // The segment's memory, from where it starts (a small first segment is a piece of a slab
    // shared with other builders: allocation.ts).
    const first = b.arena.segments[0]!;
    expect(allZero(first.bytes.subarray(first.start))).toBe(true);
    expect(reread(b).getRootPointer().isNull()).toBe(true);
  });

  it('drops extra segments on reset under the fixed policy', () => {
    const b = new MessageBuilder({ firstSegmentWords: 4, growth: 'fixed' });
    fill(b, 1);
    expect(b.getSegments().length).toBeGreaterThan(1);
    const first = b.arena.segments[0]!.bytes;
    b.reset();
    expect(b.getSegments().length).toBe(1);
    fill(b, 2);
    expect(b.arena.segments[0]!.bytes).toBe(first);
    expect(reread(b).getRoot().getText(0)).toBe('message number 2');
  });
});

describe('small builders sharing a slab (default options)', () => {
  /** A deterministic generator (mulberry32), so a failure repeats. */
  function random(seed: number): () => number {
    let a = seed >>> 0;
    return () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  /** Small builders: after these, a default builder's first segment is learned down to 8 words. */
  function learnSmall(): void {
    for (let i = 0; i < 8; i++) {
      const b = new MessageBuilder();
      b.initRoot(1, 0).setUint32(0, i);
      b.toBytes();
    }
  }

  it('are pieces of one slab with one DataView, each starting past the room for its header', () => {
    learnSmall();
    const [a, b] = [new MessageBuilder(), new MessageBuilder()];
    expect(b.arena.first.view).toBe(a.arena.first.view);
    expect(a.arena.first.start).toBeGreaterThanOrEqual(8);
    expect(b.arena.first.start).toBeGreaterThanOrEqual(a.arena.first.bytes.length + 8);
  });

  it('build, grow, frame, reset and copy between one another as builders of their own memory do', () => {
    // Several default builders live at once, written in turn (so their pieces of the slab sit
    // side by side and grow out of it at different times), each mirrored by a builder of its own
    // memory (options: no slab). Every step's framed bytes, copied out and in place, must agree.
    const next = random(20261128);
    for (let round = 0; round < 30; round++) {
      learnSmall();
      const shared = Array.from({ length: 4 }, () => new MessageBuilder());
      const own = shared.map(() => new MessageBuilder({ firstSegmentWords: 8 }));
      const roots = shared.map((b) => b.initRoot(1, 3));
      const ownRoots = own.map((b) => b.initRoot(1, 3));
      for (let step = 0; step < 12; step++) {
        const i = Math.floor(next() * shared.length);
        const choice = next();
        if (choice < 0.4) {
          const text = 'abcdefgh'.repeat(Math.floor(next() * next() * 300)) + String(step);
          roots[i]!.setText(step % 2, text);
          ownRoots[i]!.setText(step % 2, text);
        } else if (choice < 0.6) {
          const length = Math.floor(next() * 40);
          roots[i]!.initList(2, ElementSize.EIGHT_BYTES, length);
          const list = ownRoots[i]!.initList(2, ElementSize.EIGHT_BYTES, length);
          if (length > 0) {
            roots[i]!.getList(2, ElementSize.EIGHT_BYTES).setUint64(length - 1, BigInt(step));
            list.setUint64(length - 1, BigInt(step));
          }
        } else if (choice < 0.75) {
          shared[i]!.reset();
          own[i]!.reset();
          roots[i] = shared[i]!.initRoot(1, 3);
          ownRoots[i] = own[i]!.initRoot(1, 3);
        } else if (choice < 0.9) {
          // A copy of another builder's message, read in place from its piece of the slab.
          const from = (i + 1) % shared.length;
          shared[i]!.setRoot(shared[from]!.asReader().getRoot());
          own[i]!.setRoot(own[from]!.asReader().getRoot());
          roots[i] = shared[i]!.getRoot(1, 3);
          ownRoots[i] = own[i]!.getRoot(1, 3);
        } else {
          roots[i]!.setUint32(0, step);
          ownRoots[i]!.setUint32(0, step);
        }
        for (let k = 0; k < shared.length; k++) {
          expect(toHex(shared[k]!.toBytes()), `round ${round} step ${step} builder ${k}`).toBe(toHex(own[k]!.toBytes()));
        }
        const framed = shared.map((b) => b.frame().slice());
        for (let k = 0; k < shared.length; k++) expect(toHex(framed[k]!)).toBe(toHex(own[k]!.toBytes()));
      }
      expect(shared.every((b) => b.arena.segments.length === 1)).toBe(true);
    }
  });

  it('toBytes frames every size the same whether it copies words or arrays (small messages by words)', () => {
    // Messages of 1 to 12 words (one segment), each word's bytes distinct, framed by toBytes
    // (a fresh copy: up to 64 bytes a word at a time) and by frame() (in place).
    for (let dataWords = 0; dataWords <= 10; dataWords++) {
      const b = new MessageBuilder();
      const root = b.initRoot(dataWords, 1);
      for (let i = 0; i < dataWords * 8; i++) root.setUint8(i, (i * 37 + dataWords) & 0xff);
      const copied = b.toBytes();
      const inPlace = b.frame().slice();
      expect(copied.length).toBe(8 + (2 + dataWords) * 8);
      expect(toHex(copied)).toBe(toHex(inPlace));
      expect(readMessage(copied).getRoot().dataSize).toBe(dataWords * 8);
    }
  });

  it('reset zeroes its own piece only', () => {
    learnSmall();
    const [a, b] = [new MessageBuilder(), new MessageBuilder()];
    a.initRoot(1, 1).setText(0, 'first');
    b.initRoot(1, 1).setText(0, 'second');
    const before = toHex(a.toBytes());
    b.reset();
    expect(toHex(a.toBytes())).toBe(before);
    expect(readMessage(a.toBytes()).getRoot().getText(0)).toBe('first');
    expect(b.sizeInWords).toBe(1);
  });

  it('a zero-size struct is where its pointer says (offset -1: the pointer itself), inside the segment', () => {
    learnSmall();
    new MessageBuilder().initRoot(1, 0);
    const b = new MessageBuilder();
    const root = b.initRoot(0, 1);
    const empty = root.initStruct(0, 0, 0);
    expect(b.arena.first.start).toBeGreaterThan(8);
    expect(empty.data).toBe(root.pointers);
  });
});

describe('growth policies', () => {
  function build(b: MessageBuilder): StructBuilder {
    const root = b.initRoot(1, 4);
    for (let i = 0; i < 4; i++) root.initList(i, ElementSize.EIGHT_BYTES, 40).setUint64(39, BigInt(i + 1));
    return root;
  }

  function check(b: MessageBuilder): void {
    const r = reread(b).getRoot();
    for (let i = 0; i < 4; i++) expect(r.getList(i, ElementSize.EIGHT_BYTES).getUint64(39)).toBe(BigInt(i + 1));
  }

  it('in-place grows the first segment and keeps one segment', () => {
    const b = new MessageBuilder({ firstSegmentWords: 2 });
    build(b);
    expect(b.getSegments().length).toBe(1);
    expect(b.sizeInWords).toBe(1 + 5 + 160);
    check(b);
  });

  it('in-place doubles the first segment up to 1 MiB and grows it fourfold from there', () => {
    const b = new MessageBuilder({ firstSegmentWords: 16 });
    const root = b.initRoot(0, 2);
    const capacities: number[] = [b.arena.segments[0]!.bytes.length];
    // Data lists of 100 KiB each, until the segment is past 20 MiB, noting every new capacity.
    const list = root.initList(0, ElementSize.POINTER, 256);
    for (let i = 0; i < 256 && capacities.at(-1)! < 20 << 20; i++) {
      list.setData(i, new Uint8Array(100 << 10).fill(i));
      const capacity = b.arena.segments[0]!.bytes.length;
      if (capacity !== capacities.at(-1)) capacities.push(capacity);
    }
    expect(b.getSegments().length).toBe(1);
    const steps = capacities.slice(1).map((c, i) => c / capacities[i]!);
    const oneMiB = capacities.indexOf(1 << 20);
    expect(oneMiB).toBeGreaterThan(0);
    // Below 1 MiB each step doubles (a write larger than the segment may double it more than once).
    for (const step of steps.slice(0, oneMiB)) expect(Math.log2(step) % 1).toBe(0);
    expect(Math.max(...capacities.slice(0, oneMiB))).toBeLessThan(1 << 20);
    expect(steps.slice(oneMiB)).toEqual([4, 4, 4]); // 1 -> 4 -> 16 -> 64 MiB
    const r = reread(b).getRoot().getList(0, ElementSize.POINTER);
    expect(r.getData(3)[100]).toBe(3);
  });

  it('grows fourfold only from 1 MiB to 64 MiB, and never past the limit', () => {
    const MiB = 1 << 20;
    expect(grownCapacity(512 << 10, 0)).toBe(MiB);
    expect(grownCapacity(MiB, 0)).toBe(4 * MiB);
    expect(grownCapacity(16 * MiB, 0)).toBe(64 * MiB);
    // From 64 MiB a huge message doubles again: it reserves at most twice its size.
    expect(grownCapacity(64 * MiB, 0)).toBe(128 * MiB);
    expect(grownCapacity(256 * MiB, 300 * MiB)).toBe(512 * MiB);
    // A write larger than one step takes several; the limit caps it, the need does not.
    expect(grownCapacity(MiB, 20 * MiB)).toBe(64 * MiB);
    expect(grownCapacity(MiB, 3 * MiB, 2 * MiB + 8)).toBe(3 * MiB);
    expect(grownCapacity(MiB, 2 * MiB, 3 * MiB)).toBe(3 * MiB);
  });

  describe('a builder made with no options learns its first segment size', () => {
    const firstWords = (b: MessageBuilder) => (b.arena.segments[0]!.bytes.length - b.arena.segments[0]!.start) / 8;
    /** A default builder's message, a struct holding `bytes` bytes of Data (or Text), handed out. */
    const handOut = (bytes: number, { text = false, frame = false } = {}) => {
      const b = new MessageBuilder();
      const words = firstWords(b);
      const root = b.initRoot(1, 1);
      if (text) root.setText(0, 'x'.repeat(bytes));
      else root.setData(0, new Uint8Array(bytes).fill(7));
      return { words, grownTo: firstWords(b), bytes: frame ? b.frame().slice() : b.toBytes() };
    };
    /** A small message's builder's first segment size (root pointer, struct, Data: 4 words, twice that 8). */
    const small = () => handOut(8).words;

    it('falls by halves to 8 words while messages stay small, and rises at once', () => {
      handOut(2000); // grew past 128 words: the next starts at the default
      expect([small(), small(), small(), small(), small(), small()]).toEqual([128, 64, 32, 16, 8, 8]);
      // 1 + 2 + 13 words: the 8-word segment grew to 16, and the next starts there.
      expect(handOut(100, { frame: true })).toMatchObject({ words: 8, grownTo: 16 });
      expect(small()).toBe(16);
      expect(small()).toBe(8);
      handOut(2000);
      expect(small()).toBe(128);
    });

    it('counts all of a segment it had to grow: Text reserves its longest UTF-8 form', () => {
      for (let i = 0; i < 8; i++) small();
      // 200 characters take 1 + 2 + 26 words, but the write first reserves 608 bytes.
      expect(handOut(200, { text: true })).toMatchObject({ words: 8, grownTo: 128 });
      expect(small()).toBe(128);
      // From 256 characters on, a string past the free tail is made room for as ASCII first:
      // 300 take 1 + 2 + 38 words, and the segment grows to 64.
      for (let i = 0; i < 8; i++) small();
      expect(handOut(300, { text: true })).toMatchObject({ words: 8, grownTo: 64 });
      expect(small()).toBe(64);
    });

    it('builds the same bytes whatever it learned', () => {
      const sized = new MessageBuilder({ firstSegmentWords: 128 });
      sized.initRoot(1, 1).setText(0, 'x'.repeat(1500));
      const expected = toHex(sized.toBytes());
      for (let i = 0; i < 8; i++) small(); // now starting at 8 words
      const after = handOut(1500, { text: true });
      expect(after).toMatchObject({ words: 8 });
      expect(after.grownTo).toBeGreaterThan(128);
      expect(toHex(after.bytes)).toBe(expected);
      expect(toHex(handOut(1500, { text: true }).bytes)).toBe(expected);
    });

    it('leaves builders made with options alone, and learns nothing from them', () => {
      for (let i = 0; i < 8; i++) small();
      expect(firstWords(new MessageBuilder({}))).toBe(128);
      const big = new MessageBuilder({ growth: 'in-place' });
      big.initRoot(1, 1).setText(0, 'x'.repeat(2000));
      big.toBytes();
      expect(small()).toBe(8);
    });
  });

  it('in-place never grows a segment beyond maxSegmentWords', () => {
    const b = new MessageBuilder({ firstSegmentWords: 8, maxSegmentWords: 100 });
    build(b);
    const sizes = b.getSegments().map((s) => s.length / 8);
    expect(sizes.length).toBeGreaterThan(1);
    for (const words of sizes) expect(words).toBeLessThanOrEqual(100);
    for (const s of b.arena.segments) expect(s.bytes.length).toBeLessThanOrEqual(800);
    check(b);
  });

  it('heuristic never grows a segment; each new one is at least as large as all before it', () => {
    const b = new MessageBuilder({ firstSegmentWords: 8, growth: 'heuristic' });
    build(b);
    const capacities = b.arena.segments.map((s) => s.bytes.length / 8);
    expect(capacities[0]).toBe(8);
    expect(capacities.length).toBeGreaterThan(2);
    let total = 0;
    for (const [i, s] of b.arena.segments.entries()) {
      if (i > 0) expect(s.bytes.length / 8).toBeGreaterThanOrEqual(total);
      total += s.bytes.length / 8;
    }
    check(b);
  });

  it('fixed makes segments of the first size, or the size of an object that does not fit', () => {
    const b = new MessageBuilder({ firstSegmentWords: 16, growth: 'fixed' });
    build(b);
    const capacities = b.arena.segments.map((s) => s.bytes.length / 8);
    expect(capacities[0]).toBe(16);
    // Each 40-word list (plus its landing pad) gets a segment of its own.
    expect(capacities.slice(1)).toEqual([41, 41, 41, 41]);
    check(b);
  });

  it('rejects bad options', () => {
    expectCapnpError(() => new MessageBuilder({ firstSegmentWords: 0 }), ErrorCode.INVALID_ARGUMENT);
    expectCapnpError(() => new MessageBuilder({ firstSegmentWords: 1.5 }), ErrorCode.INVALID_ARGUMENT);
    expectCapnpError(() => new MessageBuilder({ firstSegmentWords: 10, maxSegmentWords: 5 }), ErrorCode.INVALID_ARGUMENT);
    expectCapnpError(() => new MessageBuilder({ growth: 'exponential' as never }), ErrorCode.INVALID_ARGUMENT);
    // Described, not interpolated: a symbol in a template literal throws a TypeError.
    const symbol = expectCapnpError(() => new MessageBuilder({ firstSegmentWords: Symbol('w') as never }), ErrorCode.INVALID_ARGUMENT);
    expect(symbol.message).toBe('firstSegmentWords must be an integer in 1..536870911, got a symbol');
    expect(expectCapnpError(() => new MessageBuilder({ firstSegmentWords: 8n as never }), ErrorCode.INVALID_ARGUMENT).message).toMatch(/got bigint 8$/);
    expect(expectCapnpError(() => new MessageBuilder({ growth: Symbol('g') as never }), ErrorCode.INVALID_ARGUMENT).message).toBe('unknown growth policy a symbol');
  });

  it('rejects objects that cannot fit in any segment, and bad sizes', () => {
    const b = new MessageBuilder({ firstSegmentWords: 4, maxSegmentWords: 16, growth: 'fixed' });
    const root = b.initRoot(0, 1);
    expectCapnpError(() => root.initList(0, ElementSize.EIGHT_BYTES, 100), ErrorCode.MESSAGE_TOO_LARGE);
    expectCapnpError(() => root.initList(0, ElementSize.BYTE, -1), ErrorCode.INVALID_ARGUMENT);
    expectCapnpError(() => root.initList(0, ElementSize.INLINE_COMPOSITE, 1), ErrorCode.INVALID_ARGUMENT);
    expectCapnpError(() => root.initStruct(0, 65536, 0), ErrorCode.INVALID_ARGUMENT);
    expectCapnpError(() => root.initStructList(0, 2 ** 29, 1, 0), ErrorCode.INVALID_ARGUMENT);
  });

  it('describes a refused size or length in a few words, whatever it is', () => {
    const root = new MessageBuilder().initRoot(0, 2);
    expect(expectCapnpError(() => root.initStruct(0, 1, 70000), ErrorCode.INVALID_ARGUMENT).message)
      .toBe('struct sections must be 0..65535 words and pointers, got number 1 and number 70000');
    expect(expectCapnpError(() => root.initList(0, 9 as never, 1), ErrorCode.INVALID_ARGUMENT).message)
      .toBe('element size must be a primitive or pointer size, 0..6 (struct lists take a struct size), got number 9');
    // A 5 000-character string was put into the message whole.
    const long = expectCapnpError(() => root.initList(0, ElementSize.BYTE, 'x'.repeat(5000) as never), ErrorCode.INVALID_ARGUMENT);
    expect(long.message).toBe(`list length must be an integer in 0..536870911, got string "${'x'.repeat(30)}..."`);
    expect(root.hasPointer(0)).toBe(false);
  });
});

describe('far and double-far pointers', () => {
  it('puts objects that do not fit in a new segment behind a landing pad', () => {
    const b = new MessageBuilder({ firstSegmentWords: 1, growth: 'fixed' });
    const root = b.initRoot(1, 2);
    root.setUint32(0, 0xabcd);
    root.setText(0, 'far away');
    // Segment 0 holds only the root pointer: a single-far pointer to segment 1, word 0.
    expect(pointerWord(b, 0, 0)).toEqual([PointerKind.FAR, 1]);
    // Segment 1: landing pad, then the root struct.
    expect(pointerWord(b, 1, 0)).toEqual([0, 1 | (2 << 16)]);
    // The text went to segment 2, also behind a pad.
    const [lo, hi] = pointerWord(b, 1, 16);
    expect(lo & 7).toBe(PointerKind.FAR);
    expect(hi).toBe(2);
    const r = reread(b).getRoot();
    expect(r.getUint32(0)).toBe(0xabcd);
    expect(r.getText(0)).toBe('far away');
  });

  it('adopting an orphan that sits in a full segment needs a double-far pointer', () => {
    const b = new MessageBuilder({ firstSegmentWords: 1, growth: 'fixed' });
    const root = b.initRoot(0, 1);
    const orphan = b.newOrphanStruct(1, 1);
    orphan.getStruct().setUint64(0, 0x1122334455667788n);
    orphan.getStruct().setText(0, 'double');
    const segmentsBefore = b.getSegments().length;
    root.adopt(0, orphan);
    const [lo, hi] = pointerWord(b, 1, 8);
    expect(lo & 3).toBe(PointerKind.FAR);
    expect(lo & 4).toBe(4); // double-far
    // The two-word pad is in a new segment: a far pointer to the content, then the tag.
    expect(hi).toBe(segmentsBefore);
    const [padLo, padHi] = pointerWord(b, hi, ((lo >>> 3) * 8));
    expect(padLo & 7).toBe(PointerKind.FAR);
    expect(pointerWord(b, hi, (lo >>> 3) * 8 + 8)).toEqual([0, 1 | (1 << 16)]);
    expect(padHi).not.toBe(hi);
    const r = reread(b).getRoot().getStruct(0);
    expect(r.getUint64(0)).toBe(0x1122334455667788n);
    expect(r.getText(0)).toBe('double');
  });

  it('reads far objects in builders, and zeroes their pads when overwritten', () => {
    const b = new MessageBuilder({ firstSegmentWords: 1, growth: 'fixed' });
    const root = b.initRoot(0, 1);
    root.setText(0, 'first');
    expect(root.getText(0)).toBe('first');
    root.setText(0, 'second');
    expect(root.getText(0)).toBe('second');
    // The first text's segment (pad and content) is all zero now.
    const segments = b.getSegments();
    expect(allZero(segments[2]!)).toBe(true);
  });

  it('deep-copies a rich message into tiny fixed segments and reads it back identically', () => {
    const src = new MessageBuilder();
    const s = src.initRoot(2, 4);
    s.setUint64(0, 42n);
    s.setText(0, 'a fairly long piece of text that needs several words');
    const list = s.initStructList(1, 5, 1, 1);
    for (let i = 0; i < 5; i++) {
      list.getStruct(i).setUint32(0, i);
      list.getStruct(i).setText(0, `element ${i}`);
    }
    s.initList(2, ElementSize.POINTER, 3).initList(1, ElementSize.BIT, 9).setBool(8, true);
    s.initStruct(3, 0, 0);
    const original = reread(src);
    for (const words of [1, 2, 3, 5, 8]) {
      const b = new MessageBuilder({ firstSegmentWords: words, growth: 'fixed' });
      b.setRoot(original.getRoot());
      expect(b.getSegments().length).toBeGreaterThan(3);
      const copy = reread(b);
      expect(toHex(canonicalize(copy.getRoot()))).toBe(toHex(canonicalize(original.getRoot())));
    }
  });

  it('builder errors are CapnpErrors', () => {
    try {
      new MessageBuilder().initRoot(0, 0).setUint8(0, 1);
    } catch (e) {
      expect(e).toBeInstanceOf(CapnpError);
      return;
    }
    throw new Error('expected an error');
  });
});
