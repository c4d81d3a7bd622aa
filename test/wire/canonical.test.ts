import { describe, expect, it } from 'vitest';
import { ElementSize, MessageBuilder, canonicalize, isCanonical, readMessage } from '../../src/wire/index.js';
import {
  NULL, compositeTag, dataWord, framed, listPointer, segment, structPointer, textWords, toHex, type Word,
} from '../support/bytes.js';

function canon(...segments: Word[][]): string {
  return toHex(canonicalize(readMessage(framed(...segments)).getRoot()));
}

function flatHex(...words: Word[]): string {
  return toHex(segment(words));
}

function canonicalFlat(words: Word[]): boolean {
  return isCanonical(readMessage(segment(words), { format: 'flat' }));
}

describe('canonicalize', () => {
  it('drops trailing zero words of the data section', () => {
    expect(canon([structPointer(0, 3, 0), dataWord(1), NULL, NULL])).toBe(flatHex(structPointer(0, 1, 0), dataWord(1)));
  });

  it('keeps zero words before the last non-zero one, and zero bytes within a word', () => {
    expect(canon([structPointer(0, 3, 0), NULL, dataWord(0, 0, 5), NULL]))
      .toBe(flatHex(structPointer(0, 2, 0), NULL, dataWord(0, 0, 5)));
  });

  it('drops trailing null pointers', () => {
    expect(canon([structPointer(0, 1, 3), dataWord(7), listPointer(2, ElementSize.BYTE, 2), NULL, NULL, ...textWords('a')]))
      .toBe(flatHex(structPointer(0, 1, 1), dataWord(7), listPointer(0, ElementSize.BYTE, 2), ...textWords('a')));
  });

  it('encodes an all-default struct as a zero-size struct at offset -1', () => {
    expect(canon([structPointer(0, 2, 2), NULL, NULL, NULL, NULL])).toBe(flatHex(structPointer(-1, 0, 0)));
    expect(canon([NULL])).toBe(flatHex(structPointer(-1, 0, 0)));
  });

  it('keeps a null root pointer null when read as AnyPointer', () => {
    expect(toHex(canonicalize(readMessage(framed([NULL])).getRootPointer()))).toBe(flatHex(NULL));
  });

  it('sizes a struct list to its largest element, in data and pointers separately', () => {
    const source: Word[] = [
      structPointer(0, 0, 1),
      listPointer(0, ElementSize.INLINE_COMPOSITE, 15),
      compositeTag(3, 3, 2),
      /* e0 */ dataWord(1), NULL, NULL, NULL, NULL,
      /* e1 */ NULL, dataWord(2), NULL, listPointer(6, ElementSize.BYTE, 2), NULL,
      /* e2 */ NULL, NULL, NULL, NULL, NULL,
      ...textWords('t'),
    ];
    expect(canon(source)).toBe(flatHex(
      structPointer(0, 0, 1),
      listPointer(0, ElementSize.INLINE_COMPOSITE, 9),
      compositeTag(3, 2, 1),
      dataWord(1), NULL, NULL,
      NULL, dataWord(2), listPointer(3, ElementSize.BYTE, 2),
      NULL, NULL, NULL,
      ...textWords('t'),
    ));
  });

  it('keeps a list of all-zero structs as a list of zero-size structs', () => {
    expect(canon([structPointer(0, 0, 1), listPointer(0, ElementSize.INLINE_COMPOSITE, 4), compositeTag(2, 1, 1), NULL, NULL, NULL, NULL]))
      .toBe(flatHex(structPointer(0, 0, 1), listPointer(0, ElementSize.INLINE_COMPOSITE, 0), compositeTag(2, 0, 0)));
  });

  it('zeroes the padding after the last bit of a bit list and the last byte of a byte list', () => {
    expect(canon([structPointer(0, 0, 2), listPointer(1, ElementSize.BIT, 3), listPointer(1, ElementSize.BYTE, 3), dataWord(0xff, 0xff), dataWord(1, 2, 3, 4, 5)]))
      .toBe(flatHex(structPointer(0, 0, 2), listPointer(1, ElementSize.BIT, 3), listPointer(1, ElementSize.BYTE, 3), dataWord(0x07), dataWord(1, 2, 3)));
  });

  it('lays objects out in preorder, whatever order they had', () => {
    // Children stored backwards (second pointer's object first) and with gaps.
    const source: Word[] = [
      structPointer(5, 0, 2),
      /* 1 */ dataWord(0xbb),
      /* 2 */ NULL,
      /* 3 */ dataWord(0xaa),
      /* 4 */ NULL,
      /* 5 */ NULL,
      /* 6 */ structPointer(-4, 1, 0),
      /* 7 */ structPointer(-7, 1, 0),
    ];
    expect(canon(source)).toBe(flatHex(
      structPointer(0, 0, 2), structPointer(1, 1, 0), structPointer(1, 1, 0), dataWord(0xaa), dataWord(0xbb),
    ));
  });

  it('turns a multi-segment message with far pointers into one segment', () => {
    const farTo = (segmentId: number, word: number, double = false): Word => [(word * 8 + (double ? 4 : 0) + 2) >>> 0, segmentId];
    const expected = flatHex(structPointer(0, 1, 1), dataWord(9), listPointer(0, ElementSize.BYTE, 3), ...textWords('hi'));
    expect(canon(
      [farTo(1, 0)],
      [structPointer(0, 1, 1), dataWord(9), farTo(2, 0, true)],
      [farTo(3, 0), listPointer(0, ElementSize.BYTE, 3)],
      [...textWords('hi')],
    )).toBe(expected);
  });

  it('is idempotent and equal for equal content built differently', () => {
    function build(options: ConstructorParameters<typeof MessageBuilder>[0], order: 'forward' | 'backward'): Uint8Array {
      const b = new MessageBuilder(options);
      const root = b.initRoot(4, 4);
      const steps = [
        () => root.setText(0, 'alpha'),
        () => root.initList(1, ElementSize.FOUR_BYTES, 3).setInt32(2, 5),
        () => root.initStruct(2, 3, 3).setUint8(0, 1),
        () => root.initStructList(3, 2, 2, 2).getStruct(1).setText(1, 'beta'),
      ];
      if (order === 'backward') steps.reverse();
      for (const step of steps) step();
      root.setUint16(2, 7);
      return b.toBytes();
    }
    const a = canonicalize(readMessage(build(undefined, 'forward')).getRoot());
    const b = canonicalize(readMessage(build({ firstSegmentWords: 2, growth: 'fixed' }, 'backward')).getRoot());
    expect(toHex(b)).toBe(toHex(a));
    expect(toHex(canonicalize(readMessage(a, { format: 'flat' }).getRoot()))).toBe(toHex(a));
  });
});

describe('isCanonical', () => {
  const canonical: Word[] = [structPointer(0, 1, 1), dataWord(1), listPointer(0, ElementSize.BYTE, 2), ...textWords('x')];

  it('accepts canonical bytes', () => {
    expect(canonicalFlat(canonical)).toBe(true);
    expect(canonicalFlat([structPointer(-1, 0, 0)])).toBe(true);
    expect(canonicalFlat([NULL])).toBe(true);
  });

  it('rejects a trailing zero data word, or a trailing null pointer', () => {
    expect(canonicalFlat([structPointer(0, 2, 1), dataWord(1), NULL, listPointer(0, ElementSize.BYTE, 2), ...textWords('x')])).toBe(false);
    expect(canonicalFlat([structPointer(0, 1, 2), dataWord(1), listPointer(1, ElementSize.BYTE, 2), NULL, ...textWords('x')])).toBe(false);
  });

  it('rejects an empty struct not at offset -1', () => {
    // (Offset 0 would be the null pointer; here the child points back at the root pointer.)
    expect(canonicalFlat([structPointer(0, 0, 1), structPointer(-2, 0, 0)])).toBe(false);
    expect(canonicalFlat([structPointer(0, 0, 1), structPointer(-1, 0, 0)])).toBe(true);
  });

  it('rejects extra words after the message', () => {
    expect(canonicalFlat([...canonical, NULL])).toBe(false);
  });

  it('rejects garbage in padding', () => {
    expect(canonicalFlat([structPointer(0, 1, 1), dataWord(1), listPointer(0, ElementSize.BYTE, 2), dataWord(0x78, 0, 0, 0, 1)])).toBe(false);
  });

  it('rejects objects out of preorder, and more than one segment', () => {
    expect(canonicalFlat([structPointer(1, 1, 1), ...textWords('x'), dataWord(1), listPointer(-3, ElementSize.BYTE, 2)])).toBe(false);
    expect(isCanonical(readMessage(framed(canonical, [])))).toBe(false);
  });

  it('rejects a builder message with an overwritten (zeroed) object left behind', () => {
    const b = new MessageBuilder();
    const root = b.initRoot(1, 1);
    root.setUint8(0, 1);
    root.setText(0, 'old');
    root.setText(0, 'x');
    expect(isCanonical(readMessage(b.toBytes()))).toBe(false);
    const fresh = canonicalize(readMessage(b.toBytes()).getRoot());
    expect(toHex(fresh)).toBe(toHex(segment(canonical)));
    expect(isCanonical(readMessage(fresh, { format: 'flat' }))).toBe(true);
  });
});
