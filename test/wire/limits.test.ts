/**
 * Hostile input: the traversal and nesting limits, segment limits, overflow-safe bounds, far
 * pointer checks, and one regression test per upstream Cap'n Proto serialization advisory
 * (capnproto/capnproto security-advisories/), named after it.
 */
import { describe, expect, it } from 'vitest';
import { OutgoingMessage } from '../../src/rpc/outgoing-message.js';
import { valueOfType } from '../../src/dynamic/messages.js';
import type { DynamicType } from '../../src/dynamic/types.js';
import {
  ANY_SIZE, CapnpError, DEFAULT_MAX_SEGMENTS, DEFAULT_NESTING_LIMIT, DEFAULT_TRAVERSAL_LIMIT_WORDS, DEFAULT_TRAVERSAL_WORDS_PER_MESSAGE_WORD, ElementSize,
  ErrorCode, MessageBuilder, canonicalize, framedMessageLength, pack, readMessage, readMessages, readStreamWithin, unpack, type AnyPointerReader, type MessageReader,
  type ReaderOptions,
} from '../../src/wire/index.js';
import {
  NULL, compositeTag, concat, dataWord, expectCapnpError, farPointer, framed, listPointer, segment,
  structPointer, textWords, type Word,
} from '../support/bytes.js';

function message(segments: Word[][], options?: ReaderOptions): MessageReader {
  return readMessage(framed(...segments), options);
}

/** Root struct with one pointer, pointing at a struct of `words` data words (all 0x11). */
function rootWithChild(words: number): Word[] {
  const out: Word[] = [structPointer(0, 0, 1), structPointer(0, words, 0)];
  for (let i = 0; i < words; i++) out.push(dataWord(0x11));
  return out;
}

describe('defaults', () => {
  it('are 8 Mi words of traversal, 64 levels of nesting and 512 segments', () => {
    expect(DEFAULT_TRAVERSAL_LIMIT_WORDS).toBe(8 * 1024 * 1024);
    expect(DEFAULT_NESTING_LIMIT).toBe(64);
    expect(DEFAULT_MAX_SEGMENTS).toBe(512);
  });
});

describe('traversal limit', () => {
  it('charges every dereference, so re-reading the same struct charges again', () => {
    // Root pointer: 1 word (the root struct's pointer section). Child: 10 words per read.
    const m = message([rootWithChild(10)], { traversalLimitInWords: 1 + 3 * 10 });
    const root = m.getRoot();
    for (let i = 0; i < 3; i++) expect(root.getStruct(0).getUint8(0)).toBe(0x11);
    expectCapnpError(() => root.getStruct(0), ErrorCode.TRAVERSAL_LIMIT, /traversal limit/);
  });

  /** How many times `read` succeeds before TRAVERSAL_LIMIT. */
  function readsUntilLimit(read: () => unknown): number {
    let count = 0;
    expectCapnpError(() => {
      for (;;) {
        read();
        count++;
      }
    }, ErrorCode.TRAVERSAL_LIMIT);
    return count;
  }

  it('charges the root read too, every time', () => {
    const m = message([[structPointer(0, 1, 0), dataWord(1)]], { traversalLimitInWords: 2 });
    expect(readsUntilLimit(() => m.getRoot())).toBe(2);
  });

  it('rejects framed input larger than the limit before reading anything', () => {
    expectCapnpError(() => message([rootWithChild(10)], { traversalLimitInWords: 11 }), ErrorCode.MESSAGE_TOO_LARGE);
  });

  it('charges lists, Text and Data by their size in words', () => {
    const words: Word[] = [
      structPointer(0, 0, 2),
      listPointer(1, ElementSize.FOUR_BYTES, 6), // 3 words
      listPointer(3, ElementSize.BYTE, 17), // 3 words
      NULL, NULL, NULL,
      ...textWords('sixteen letters!'),
    ];
    const m = message([words], { traversalLimitInWords: 2 + 3 + 3 + 2 });
    const root = m.getRoot();
    root.getList(0, ElementSize.FOUR_BYTES);
    expect(root.getText(1)).toBe('sixteen letters!');
    expectCapnpError(() => root.getData(1), ErrorCode.TRAVERSAL_LIMIT);
  });

  it('charges one word per element of a list of zero-size elements', () => {
    const voids = [structPointer(0, 0, 1), listPointer(0, ElementSize.VOID, 1000)];
    expect(message([voids], { traversalLimitInWords: 1 + 1000 }).getRoot().getList(0, ElementSize.VOID).length).toBe(1000);
    expectCapnpError(() => message([voids], { traversalLimitInWords: 1 + 999 }).getRoot().getList(0, ElementSize.VOID), ErrorCode.TRAVERSAL_LIMIT);
    // A struct list of zero-size structs: the tag word, plus one per element.
    const empties = [structPointer(0, 0, 1), listPointer(0, ElementSize.INLINE_COMPOSITE, 0), compositeTag(1000, 0, 0)];
    expect(message([empties], { traversalLimitInWords: 1 + 1 + 1000 }).getRoot().getList(0, ElementSize.INLINE_COMPOSITE).length).toBe(1000);
    expectCapnpError(() => message([empties], { traversalLimitInWords: 1 + 1 + 999 }).getRoot().getList(0, ElementSize.INLINE_COMPOSITE), ErrorCode.TRAVERSAL_LIMIT);
  });

  it('charges far-pointer landing pads: one word, or two for a double-far', () => {
    // Each read: pad (1) + struct (1).
    const single = message([[farPointer(0, 1)], [structPointer(0, 1, 0), dataWord(1)]], { traversalLimitInWords: 12 });
    expect(readsUntilLimit(() => single.getRoot())).toBe(6);
    // Each read: pad (2) + struct (1).
    const double = message([[farPointer(0, 1, true)], [farPointer(0, 2), structPointer(0, 1, 0)], [dataWord(1)]], { traversalLimitInWords: 12 });
    expect(readsUntilLimit(() => double.getRoot())).toBe(4);
  });

  it('stops a small message that points at the same large struct many times (amplification)', () => {
    // 1000 pointers to one 9000-word struct: 80 KB of input, 9 M words if fully traversed.
    const words: Word[] = [listPointer(0, ElementSize.POINTER, 1000)];
    for (let i = 0; i < 1000; i++) words.push(structPointer(999 - i, 9000, 0));
    for (let i = 0; i < 9000; i++) words.push(dataWord(i & 0xff, 1));
    const m = message([words]);
    const list = m.getRootPointer().getList(ElementSize.POINTER);
    let read = 0;
    const error = expectCapnpError(() => {
      for (let i = 0; i < list.length; i++, read++) list.getStructPointer(i);
    }, ErrorCode.TRAVERSAL_LIMIT);
    // The default budget scales with the message: 64 words per word of its 10 001 words.
    expect(read).toBe(Math.floor((DEFAULT_TRAVERSAL_WORDS_PER_MESSAGE_WORD * 10_001 - 1000) / 9000));
    expect(error.message).toMatch(/traversalLimitInWords/);
    // Copying or canonicalizing it (72 MB of output) is charged the same way.
    const limited = { traversalLimitInWords: 100_000 };
    expectCapnpError(() => canonicalize(message([words], limited).getRootPointer()), ErrorCode.TRAVERSAL_LIMIT);
    expectCapnpError(() => new MessageBuilder().getRootPointer().set(message([words], limited).getRootPointer()), ErrorCode.TRAVERSAL_LIMIT);
  });

  it('scales with the message up to a limit of Infinity when scaleTraversalLimit is set: no cap on size, a budget in proportion', () => {
    // The same 1000 pointers to one 9000-word struct: the budget is 64 words per message word,
    // as by default, though the limit given is Infinity.
    const words: Word[] = [listPointer(0, ElementSize.POINTER, 1000)];
    for (let i = 0; i < 1000; i++) words.push(structPointer(999 - i, 9000, 0));
    for (let i = 0; i < 9000; i++) words.push(dataWord(i & 0xff, 1));
    const read = (options: { traversalLimitInWords: number; scaleTraversalLimit?: boolean }) => {
      const list = message([words], options).getRootPointer().getList(ElementSize.POINTER);
      let n = 0;
      try {
        for (; n < list.length; n++) list.getStructPointer(n);
      } catch (error) {
        expect(error).toMatchObject({ code: ErrorCode.TRAVERSAL_LIMIT });
      }
      return n;
    };
    expect(read({ traversalLimitInWords: Infinity, scaleTraversalLimit: true })).toBe(Math.floor((DEFAULT_TRAVERSAL_WORDS_PER_MESSAGE_WORD * 10_001 - 1000) / 9000));
    expect(read({ traversalLimitInWords: Infinity })).toBe(1000);
    // A limit below the proportional budget still caps it.
    expect(read({ traversalLimitInWords: 100_000, scaleTraversalLimit: true })).toBe(Math.floor((100_000 - 1000) / 9000));
    // Framed input larger than the default's cap (8 Mi words) is not refused for its size.
    const big = new Uint8Array(16);
    new DataView(big.buffer).setUint32(4, 9 * 1024 * 1024, true);
    expectCapnpError(() => readMessage(big), ErrorCode.MESSAGE_TOO_LARGE);
    expectCapnpError(() => readMessage(big, { traversalLimitInWords: Infinity, scaleTraversalLimit: true }), ErrorCode.TRUNCATED);
  });

  it('can be lifted for trusted input', () => {
    const words: Word[] = [listPointer(0, ElementSize.POINTER, 10)];
    for (let i = 0; i < 10; i++) words.push(structPointer(9 - i, 100, 0));
    for (let i = 0; i < 100; i++) words.push(dataWord(1));
    expectCapnpError(() => canonicalize(message([words], { traversalLimitInWords: 500 }).getRootPointer()), ErrorCode.TRAVERSAL_LIMIT);
    expect(canonicalize(message([words], { traversalLimitInWords: Infinity }).getRootPointer()).length).toBe(8 * (1 + 10 + 10 * 100));
  });

  it('honours a budget larger than an arena holds at once, to the word, and Infinity', () => {
    // An arena keeps at most 2^30 - 1 words in traversalWordsLeft (a small integer for V8) and
    // the rest in traversalReserve, moved over when the first runs out. Reading 2^30 words takes
    // too long for a test, so the budget left is set low by hand where a long read would leave it.
    const batch = 0x3fffffff;
    const m = message([rootWithChild(10)], { traversalLimitInWords: batch + 25 });
    expect([m.arena.traversalWordsLeft, m.arena.traversalReserve]).toEqual([batch, 25]);
    m.arena.traversalWordsLeft = 4;
    const root = m.getRoot(); // 1 word: 3 left
    expect(root.getStruct(0).getUint8(0)).toBe(0x11); // 10 words: 7 owed, the reserve pays (18 left)
    expect([m.arena.traversalWordsLeft, m.arena.traversalReserve]).toEqual([18, 0]);
    root.getStruct(0);
    expectCapnpError(() => root.getStruct(0), ErrorCode.TRAVERSAL_LIMIT);
    const unlimited = message([rootWithChild(10)], { traversalLimitInWords: Infinity });
    unlimited.arena.traversalWordsLeft = 4;
    // 11 words a time: the first read's 7 owed are paid, and a whole batch is moved over.
    for (let i = 0; i < 3; i++) unlimited.getRoot().getStruct(0);
    expect(unlimited.arena.traversalWordsLeft).toBe(batch - 2 * 11);
    expect(unlimited.arena.traversalReserve).toBe(Infinity);
  });
});

describe('limits given', () => {
  it('must be whole numbers of at least 0, or Infinity: NaN, strings, negatives and fractions are refused, not compared', () => {
    // A NaN budget (`Number(process.env.LIMIT)` of an unset variable) compared false against
    // every charge and lifted the limit: the amplifying message above read to the end.
    const words: Word[] = [listPointer(0, ElementSize.POINTER, 1000)];
    for (let i = 0; i < 1000; i++) words.push(structPointer(999 - i, 9000, 0));
    for (let i = 0; i < 9000; i++) words.push(dataWord(i & 0xff, 1));
    const bytes = framed(words);
    for (const name of ['traversalLimitInWords', 'nestingLimit', 'maxSegments'] as const) {
      // A bigint threw a TypeError from Math.floor before it was refused.
      for (const bad of [NaN, -1, 1.5, '1000' as unknown as number, null as unknown as number, 1000n as unknown as number]) {
        const error = expectCapnpError(() => readMessage(bytes, { [name]: bad }), ErrorCode.INVALID_ARGUMENT);
        expect(error.message).toContain(name);
      }
      expect(() => readMessage(bytes, { [name]: Infinity })).not.toThrow();
    }
  });

  it('unpack and readStreamWithin refuse a limit that is not one: unpack(bytes, NaN) looped for ever', async () => {
    const packed = pack(new Uint8Array(800));
    for (const bad of [NaN, -1, 2.5, 'x' as unknown as number, 800n as unknown as number]) {
      expectCapnpError(() => unpack(packed, bad), ErrorCode.INVALID_ARGUMENT);
      await expect(readStreamWithin(new Blob([new Uint8Array(100)]).stream(), bad)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    }
    expect(unpack(packed, Infinity).length).toBe(800);
    expect(await readStreamWithin(new Blob([new Uint8Array(100)]).stream(), 100)).toHaveLength(100);
  });
});

describe('nesting limit', () => {
  function chain(depth: number): Uint8Array {
    const b = new MessageBuilder();
    let s = b.initRoot(1, 1);
    for (let i = 1; i <= depth; i++) {
      s = s.initStruct(0, 1, 1);
      s.setUint32(0, i);
    }
    return b.toBytes();
  }

  function walk(bytes: Uint8Array, options?: ReaderOptions): number {
    let s = readMessage(bytes, options).getRoot();
    let depth = 0;
    while (s.hasPointer(0)) {
      s = s.getStruct(0);
      depth++;
    }
    return depth;
  }

  it('allows 64 pointer hops from the root pointer by default, and no more', () => {
    expect(walk(chain(63))).toBe(63); // root pointer + 63 = 64 hops
    expectCapnpError(() => walk(chain(64)), ErrorCode.NESTING_LIMIT, /nesting limit/);
  });

  it('is configurable', () => {
    expect(walk(chain(9), { nestingLimit: 10 })).toBe(9);
    expectCapnpError(() => walk(chain(10), { nestingLimit: 10 }), ErrorCode.NESTING_LIMIT);
    expect(walk(chain(200), { nestingLimit: 201 })).toBe(200);
  });

  it('is lifted by Infinity, which readers hold as the largest limit (a small integer)', () => {
    expect(walk(chain(300), { nestingLimit: Infinity })).toBe(300);
    expect(readMessage(chain(1), { nestingLimit: Infinity }).getRoot().nestingLimit).toBe(0x3fffffff - 1);
    // A builder's own reader, whose message this program made, has no limit either.
    const builder = new MessageBuilder();
    expect(builder.initRoot(1, 1).asReader().nestingLimit).toBe(0x3fffffff);
  });

  it('is the same small integer for the trusted readers of the RPC engine and the dynamic API', () => {
    // The engine reads the messages it built itself (a local call's results) without a limit.
    const outgoing = new OutgoingMessage(8);
    outgoing.initRoot(1, 1);
    expect(outgoing.rootReader().getStruct().nestingLimit).toBe(0x3fffffff - 1);
    // Default values of AnyPointer fields, and the default struct, read from constants.
    expect((valueOfType({ kind: 'anyPointer' } as DynamicType, null) as AnyPointerReader).nestingLimit).toBe(0x3fffffff);
  });

  it('counts list hops too', () => {
    const b = new MessageBuilder();
    let l = b.getRootPointer().initList(ElementSize.POINTER, 1);
    for (let i = 0; i < 70; i++) l = l.initList(0, ElementSize.POINTER, 1);
    const root = readMessage(b.toBytes()).getRootPointer();
    let list = root.getList(ElementSize.POINTER);
    expectCapnpError(() => {
      for (;;) list = list.getList(0, ElementSize.POINTER);
    }, ErrorCode.NESTING_LIMIT);
  });

  it('stops cycles: a struct that points to itself, read, copied and canonicalized', () => {
    // Root struct whose only pointer points back at the root struct itself.
    const cyclic = [structPointer(0, 0, 1), structPointer(-2, 0, 1)];
    let s = message([cyclic]).getRoot();
    expectCapnpError(() => {
      for (;;) s = s.getStruct(0);
    }, ErrorCode.NESTING_LIMIT);
    expectCapnpError(() => canonicalize(message([cyclic]).getRoot()), ErrorCode.NESTING_LIMIT);
    expectCapnpError(() => new MessageBuilder().setRoot(message([cyclic]).getRoot()), ErrorCode.NESTING_LIMIT);
    // Even with an unlimited budget, the nesting limit ends it.
    expectCapnpError(() => canonicalize(message([cyclic], { traversalLimitInWords: Infinity }).getRoot()), ErrorCode.NESTING_LIMIT);
  });
});

describe('overflow-safe bounds', () => {
  it('rejects a list longer than its segment, even when its byte size needs more than 32 bits', () => {
    for (const size of [ElementSize.BIT, ElementSize.BYTE, ElementSize.FOUR_BYTES, ElementSize.EIGHT_BYTES, ElementSize.POINTER]) {
      const m = message([[structPointer(0, 0, 1), listPointer(0, size, 2 ** 29 - 1)]], { traversalLimitInWords: Infinity });
      expectCapnpError(() => m.getRoot().getList(0, ANY_SIZE), ErrorCode.OUT_OF_BOUNDS, /segment 0/);
    }
  });

  it('rejects pointers with extreme offsets in either direction', () => {
    for (const offset of [2 ** 29 - 1, -(2 ** 29), -2, 1]) {
      expectCapnpError(() => message([[structPointer(offset, 1, 0)]]).getRoot(), ErrorCode.OUT_OF_BOUNDS);
      expectCapnpError(() => message([[listPointer(offset, ElementSize.BYTE, 1)]]).getRootPointer().getList(), ErrorCode.OUT_OF_BOUNDS);
    }
  });

  it('rejects a struct list whose tag claims more than its word count', () => {
    const words = [structPointer(0, 0, 1), listPointer(0, ElementSize.INLINE_COMPOSITE, 2), compositeTag(3, 1, 0), NULL, NULL];
    expectCapnpError(() => message([words]).getRoot().getList(0, ElementSize.INLINE_COMPOSITE), ErrorCode.OUT_OF_BOUNDS, /3 elements of 1 words/);
  });

  it('rejects a struct list tag that is not a struct pointer', () => {
    const words = [structPointer(0, 0, 1), listPointer(0, ElementSize.INLINE_COMPOSITE, 1), listPointer(0, ElementSize.BYTE, 1), NULL];
    expectCapnpError(() => message([words]).getRoot().getList(0, ElementSize.INLINE_COMPOSITE), ErrorCode.BAD_POINTER, /tag/);
  });

  it('reports where the bad pointer is', () => {
    const error = expectCapnpError(() => message([[structPointer(0, 0, 2), NULL, structPointer(100, 1, 0)]]).getRoot().getStruct(1), ErrorCode.OUT_OF_BOUNDS);
    expect(error.message).toMatch(/segment 0, byte 16/);
  });
});

describe('far pointers', () => {
  it('rejects a far pointer to a segment the message lacks', () => {
    expectCapnpError(() => message([[farPointer(0, 1)]]).getRoot(), ErrorCode.SEGMENT_NOT_FOUND, /segment 1/);
    expectCapnpError(() => message([[farPointer(0, 0xffffffff)]]).getRoot(), ErrorCode.SEGMENT_NOT_FOUND);
  });

  it('rejects a landing pad outside its segment, including one only half inside', () => {
    expectCapnpError(() => message([[farPointer(1, 1)], [structPointer(0, 0, 0)]]).getRoot(), ErrorCode.OUT_OF_BOUNDS);
    // A double-far pad needs two words: the segment has one.
    expectCapnpError(() => message([[farPointer(0, 1, true)], [farPointer(0, 0)]]).getRoot(), ErrorCode.OUT_OF_BOUNDS);
  });

  it('rejects a single-far landing pad that is itself a far pointer', () => {
    expectCapnpError(() => message([[farPointer(0, 1)], [farPointer(0, 0)]]).getRoot(), ErrorCode.BAD_POINTER, /itself a far pointer/);
  });

  it('rejects a double-far pad whose first word is not a far pointer', () => {
    expectCapnpError(() => message([[farPointer(0, 1, true)], [structPointer(0, 1, 0), structPointer(0, 1, 0)], [dataWord(1)]]).getRoot(), ErrorCode.BAD_POINTER, /double-far/);
  });

  it('rejects a double-far pad leading to a missing segment or outside its segment', () => {
    expectCapnpError(() => message([[farPointer(0, 1, true)], [farPointer(0, 7), structPointer(0, 1, 0)]]).getRoot(), ErrorCode.SEGMENT_NOT_FOUND);
    expectCapnpError(() => message([[farPointer(0, 1, true)], [farPointer(1, 2), structPointer(0, 1, 0)], [dataWord(1)]]).getRoot(), ErrorCode.OUT_OF_BOUNDS);
  });
});

/** A segment placed in a larger buffer, followed by "secret" bytes a bounds bug would leak. */
function withSecretAfter(bytes: Uint8Array): Uint8Array {
  const buffer = new Uint8Array(bytes.length + 4096).fill(0x5e);
  buffer.set(bytes);
  return buffer.subarray(0, bytes.length);
}

describe('upstream serialization advisories', () => {
  it('2015-03-02-0 (CVE-2015-2310), integer overflow in pointer validation: huge list sizes are bounds-checked without overflow', () => {
    // An 8-byte list of 2^29-1 elements is 2^32 - 8 bytes: in 32-bit arithmetic, offset + size wraps.
    const eight = message([[structPointer(0, 0, 1), listPointer(0, ElementSize.EIGHT_BYTES, 2 ** 29 - 1), NULL]], { traversalLimitInWords: Infinity });
    expectCapnpError(() => eight.getRoot().getList(0, ElementSize.EIGHT_BYTES), ErrorCode.OUT_OF_BOUNDS);
    // A struct-list tag whose count times element size overflows 32 bits, behind a tiny word count.
    const tag = message([[structPointer(0, 0, 1), listPointer(0, ElementSize.INLINE_COMPOSITE, 1), compositeTag(2 ** 30 - 1, 0xffff, 0xffff), NULL]], { traversalLimitInWords: Infinity });
    expectCapnpError(() => tag.getRoot().getList(0, ElementSize.INLINE_COMPOSITE), ErrorCode.OUT_OF_BOUNDS);
    // A far pointer chain does not help either.
    const far = message([[farPointer(0, 1)], [listPointer(0, ElementSize.EIGHT_BYTES, 2 ** 29 - 1)]], { traversalLimitInWords: Infinity });
    expectCapnpError(() => far.getRootPointer().getList(), ErrorCode.OUT_OF_BOUNDS);
  });

  it('2015-03-02-1 (CVE-2015-2311), integer underflow on zero-length Text: rejected when read, also after copying into a builder', () => {
    const words = [structPointer(0, 0, 1), listPointer(0, ElementSize.BYTE, 0)];
    expectCapnpError(() => message([words]).getRoot().getText(0), ErrorCode.BAD_TEXT);
    // The advisory's sequence: do not look at the Text, copy the message, then get the Text from the copy.
    const b = new MessageBuilder();
    b.setRoot(message([words]).getRoot());
    expectCapnpError(() => b.getRoot(0, 1).getText(0), ErrorCode.BAD_TEXT);
    expectCapnpError(() => readMessage(b.toBytes()).getRoot().getText(0), ErrorCode.BAD_TEXT);
    // Setting it replaces the bad value harmlessly.
    b.getRoot(0, 1).setText(0, 'fine');
    expect(readMessage(b.toBytes()).getRoot().getText(0)).toBe('fine');
  });

  it('2015-03-02-2 (CVE-2015-2312), CPU amplification through lists of zero-size elements: charged one word each', () => {
    const started = performance.now();
    // 16 bytes claiming 2^29 - 1 Void elements, and 24 bytes claiming 2^29 - 1 empty structs.
    const voids = message([[structPointer(0, 0, 1), listPointer(0, ElementSize.VOID, 2 ** 29 - 1)]]);
    expectCapnpError(() => voids.getRoot().getList(0, ElementSize.VOID), ErrorCode.TRAVERSAL_LIMIT);
    const structs = message([[structPointer(0, 0, 1), listPointer(0, ElementSize.INLINE_COMPOSITE, 0), compositeTag(2 ** 29 - 1, 0, 0)]]);
    expectCapnpError(() => structs.getRoot().getList(0, ElementSize.INLINE_COMPOSITE), ErrorCode.TRAVERSAL_LIMIT);
    // Many smaller such lists add up the same way.
    const many: Word[] = [listPointer(0, ElementSize.POINTER, 100)];
    for (let i = 0; i < 100; i++) many.push(listPointer(99 - i, ElementSize.VOID, 2 ** 20));
    const list = message([many]).getRootPointer().getList(ElementSize.POINTER);
    expectCapnpError(() => {
      for (let i = 0; i < list.length; i++) list.getList(i, ElementSize.VOID);
    }, ErrorCode.TRAVERSAL_LIMIT);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('2015-03-05-0 (CVE-2015-2313), more CPU amplification: walking zero-size elements (copy, canonicalize) is charged too', () => {
    const started = performance.now();
    const words = [structPointer(0, 0, 1), listPointer(0, ElementSize.INLINE_COMPOSITE, 0), compositeTag(2 ** 29 - 1, 0, 0)];
    expectCapnpError(() => canonicalize(message([words]).getRoot()), ErrorCode.TRAVERSAL_LIMIT);
    expectCapnpError(() => new MessageBuilder().setRoot(message([words]).getRoot()), ErrorCode.TRAVERSAL_LIMIT);
    const voids = [structPointer(0, 0, 1), listPointer(0, ElementSize.VOID, 2 ** 29 - 1)];
    expectCapnpError(() => canonicalize(message([voids]).getRoot()), ErrorCode.TRAVERSAL_LIMIT);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('2017-04-17-0 (CVE-2017-7892), far-pointer bounds check elided by the compiler: landing pads far past the segment are rejected', () => {
    // Pad offsets so large that base + offset would wrap in 32-bit pointer arithmetic.
    for (const padWord of [2 ** 29 - 1, 2 ** 29 - 2, 2 ** 28, 1]) {
      for (const double of [false, true]) {
        const m = message([[farPointer(padWord, 1, double)], [structPointer(0, 0, 0)]]);
        expectCapnpError(() => m.getRoot(), ErrorCode.OUT_OF_BOUNDS, /landing pad/);
      }
    }
    // The same through a double-far's second hop.
    const second = message([[farPointer(0, 1, true)], [farPointer(2 ** 29 - 1, 2), structPointer(0, 1, 0)], [dataWord(1)]]);
    expectCapnpError(() => second.getRoot(), ErrorCode.OUT_OF_BOUNDS);
  });

  it('2022-11-30-0 (CVE-2022-46149), pointer-list downgrade out of bounds: a struct list read as List(Text) stays within its real element size', () => {
    // A struct list, last in its segment, of 3 elements {4 data words, 1 pointer} read as List(Text).
    const words: Word[] = [structPointer(0, 0, 1), listPointer(3, ElementSize.INLINE_COMPOSITE, 15)];
    const texts = [...textWords('zero'), ...textWords('one'), ...textWords('two')];
    words.push(...texts);
    words.push(compositeTag(3, 4, 1));
    const lengths = [5, 4, 4];
    for (let e = 0; e < 3; e++) {
      words.push(dataWord(0xd0 + e), dataWord(0xd0 + e), dataWord(0xd0 + e), dataWord(0xd0 + e));
      // Element e's pointer, back to text e at word 2 + e.
      const at = words.length;
      words.push(listPointer(2 + e - at - 1, ElementSize.BYTE, lengths[e]!));
    }
    const bytes = withSecretAfter(segment(words));
    const m = readMessage(bytes, { format: 'flat' });
    const list = m.getRoot().getList(0, ElementSize.POINTER);
    expect(list.length).toBe(3);
    expect([0, 1, 2].map((i) => list.getText(i))).toEqual(['zero', 'one', 'two']);
    // 1. Copied on its own into another message (setList).
    const b = new MessageBuilder();
    b.initRoot(0, 1).setList(0, list);
    const copy = readMessage(b.toBytes()).getRoot().getList(0, ElementSize.POINTER);
    expect([0, 1, 2].map((i) => copy.getText(i))).toEqual(['zero', 'one', 'two']);
    expect(b.toBytes().includes(0x5e)).toBe(false);
    // 2. Through the schema-less (AnyList) view: as encoded, and copied from there.
    const any = m.getRoot().getPointer(0).getList(ANY_SIZE);
    expect(any.elementSize).toBe(ElementSize.INLINE_COMPOSITE);
    expect(any.getStruct(2).getText(0)).toBe('two');
    expect(canonicalize(m.getRoot()).includes(0x5e)).toBe(false);
    // 3. A struct list whose real element size would put the last pointer past the end is rejected.
    const short = withSecretAfter(segment([structPointer(0, 0, 1), listPointer(0, ElementSize.INLINE_COMPOSITE, 4), compositeTag(3, 1, 1), NULL, NULL, NULL, NULL]));
    expectCapnpError(() => readMessage(short, { format: 'flat' }).getRoot().getList(0, ElementSize.POINTER), ErrorCode.OUT_OF_BOUNDS);
  });

  it('2026-03-12-0, segment count overflow: a count of 0xFFFFFFFF + 1 does not wrap to zero', () => {
    const bytes = new Uint8Array(64).fill(0xff);
    expectCapnpError(() => readMessage(bytes), ErrorCode.BAD_FRAMING, /announces 4294967296 segments/);
    expectCapnpError(() => framedMessageLength(bytes, 0), ErrorCode.BAD_FRAMING);
    expectCapnpError(() => [...readMessages(concat(framed([structPointer(-1, 0, 0)]), bytes))], ErrorCode.BAD_FRAMING);
    // Even with the segment limit raised as far as it goes.
    expectCapnpError(() => readMessage(bytes, { maxSegments: 2 ** 32 - 1 }), ErrorCode.BAD_FRAMING);
  });
});

describe('every failure is a CapnpError', () => {
  it('never a RangeError from a DataView, for pointers aimed at every word of a small message', () => {
    const base: Word[] = [structPointer(0, 1, 2), dataWord(1), NULL, NULL];
    for (let offset = -6; offset <= 6; offset++) {
      for (const pointer of [structPointer(offset, 1, 1), listPointer(offset, ElementSize.POINTER, 2), listPointer(offset, ElementSize.INLINE_COMPOSITE, 2), farPointer(offset & 7, 0), farPointer(offset & 7, 0, true)]) {
        const words = [...base];
        words[2] = pointer;
        words[3] = pointer;
        const m = message([words]);
        const root = m.getRoot();
        for (const read of [() => root.getStruct(0).getStruct(1), () => root.getList(0, ANY_SIZE).getPointer(1).getList(), () => root.getText(1), () => canonicalize(root)]) {
          try {
            read();
          } catch (e) {
            expect(e).toBeInstanceOf(CapnpError);
          }
        }
      }
    }
  });
});
