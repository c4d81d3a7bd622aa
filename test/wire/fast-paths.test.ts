/**
 * The wire layer's performance paths must give exactly what the plain paths give: whole-segment
 * text decoding (with its ASCII checks and fallbacks), encoding text straight into a segment's
 * tail, and pooled allocation of small arrays.
 */
import { describe, expect, it, vi } from 'vitest';
import { CapnpError, ElementSize, MessageBuilder, readMessage, readMessages } from '../../src/wire/index.js';
import { allocateBytes } from '../../src/wire/core/pool.js';
import { encodeUtf8Into, FIRST_WINDOW_BYTES, LATIN1_WINDOW_BYTES, utf8Length } from '../../src/wire/core/text.js';

const SAMPLES = ['', 'a', 'plain ascii text of some length', 'héllo wörld', '☃ snowman', 'x😀y', 'a\uD800b', '\uDC00',
  'exactly eight!', 'seven77', 'mixed ascii then ünïcode at the end', 'z'.repeat(300),
  // Either side of the longest string decoded by the short ASCII path.
  'q'.repeat(64), 'q'.repeat(65), 'q'.repeat(63) + 'é'];

function messageWithTexts(texts: readonly string[], growth?: 'in-place' | 'fixed'): Uint8Array {
  const builder = new MessageBuilder(growth === 'fixed' ? { growth: 'fixed', firstSegmentWords: 4096 } : undefined);
  const list = builder.initRoot(0, 1).initList(0, ElementSize.POINTER, texts.length);
  texts.forEach((t, i) => list.setText(i, t));
  return builder.toBytes();
}

function readAll(bytes: Uint8Array): string[] {
  const list = readMessage(bytes).getRoot().getList(0, ElementSize.POINTER);
  return Array.from({ length: list.length }, (_, i) => list.getText(i));
}

/** What TextEncoder + TextDecoder make of a string (lone surrogates become U+FFFD; a leading U+FEFF is kept). */
const expected = (t: string) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(new TextEncoder().encode(t));

describe('text fast paths', () => {
  it('reads back what was written, before and after a segment switches to whole-segment decoding', () => {
    // Many strings, so the segment switches mode part way through.
    const texts = Array.from({ length: 40 }, (_, i) => SAMPLES[i % SAMPLES.length]!);
    const bytes = messageWithTexts(texts);
    expect(readAll(bytes)).toEqual(texts.map(expected));
    const message = readMessage(bytes);
    const list = message.getRoot().getList(0, ElementSize.POINTER);
    for (let i = 0; i < list.length; i++) list.getText(i);
    expect(message.arena.segments[0]!.latin1).not.toBeNull();
    // Reading again, all from the whole-segment string, still gives the same.
    expect(Array.from({ length: list.length }, (_, i) => list.getText(i))).toEqual(texts.map(expected));
  });

  it('decodes a string read on its own at every short length, each ASCII byte value and a non-ASCII last byte included', () => {
    // Up to 32 bytes the string is made in JavaScript, by a call of 16 or 32 arguments (one per
    // byte); longer ones natively.
    for (let length = 1; length <= 40; length++) {
      for (let first = 1; first < 128; first += length) {
        const ascii = Array.from({ length }, (_, i) => String.fromCharCode(1 + ((first + i - 1) % 127))).join('');
        for (const text of [ascii, ascii.slice(0, -1) + 'é']) {
          const [read] = readAll(messageWithTexts([text]));
          expect(read).toBe(text);
        }
      }
    }
    // The last thing in a message read in place (over 512 bytes), so that the bytes after it
    // are the end of the input's own ArrayBuffer.
    for (const text of ['end', 'x'.repeat(15), 'y'.repeat(17), 'z'.repeat(31)]) {
      const builder = new MessageBuilder();
      const root = builder.initRoot(0, 2);
      root.setData(0, new Uint8Array(600).fill(1));
      root.setText(1, text);
      const bytes = builder.toBytes().slice();
      expect(readMessage(bytes).getRoot().getText(1)).toBe(text);
    }
  });

  it('keeps a leading U+FEFF: it is part of the value, not a byte order mark to drop', () => {
    const marked = ['\uFEFF', '\uFEFFa', '\uFEFF' + 'b'.repeat(20), '\uFEFF' + 'c'.repeat(100), '\uFEFFé', 'd\uFEFF'];
    // Read on their own (one string per message), then many to a message so that windows open.
    for (const text of marked) expect(readAll(messageWithTexts([text]))).toEqual([text]);
    const many = Array.from({ length: 60 }, (_, i) => (i % 3 === 0 ? marked[i % marked.length]! : 'plain text '.repeat(1 + (i % 5))));
    const message = readMessage(messageWithTexts(many));
    const list = message.getRoot().getList(0, ElementSize.POINTER);
    expect(Array.from({ length: list.length }, (_, i) => list.getText(i))).toEqual(many);
    expect(message.arena.segments[0]!.latin1).not.toBeNull();
  });

  it('decodes any bytes as TextDecoder does (replacement characters, a leading U+FEFF kept), read on their own and among others', () => {
    // Text is not validated: bytes that are not UTF-8 (written here as Data, read as Text) take
    // the runtime's native decoder (Buffer#utf8Slice in Node), which must agree with TextDecoder.
    const reference = new TextDecoder('utf-8', { ignoreBOM: true });
    const pieces = [[0xef, 0xbb, 0xbf], [0xc3, 0xa9], [0xc3], [0xa9], [0xe2, 0x98, 0x83], [0xe2, 0x98], [0xf0, 0x9f, 0x98, 0x80],
      [0xf0, 0x9f], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xc0, 0x80], [0xe0, 0x80, 0x80], [0xff], [0x80], [0xf5], [0x41]];
    let seed = 0x2811;
    const random = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed % n;
    };
    const samples = Array.from({ length: 400 }, (_, i) => {
      const bytes: number[] = [];
      // Mostly short, some past the 64 bytes decoded by the short path.
      for (let k = 1 + random(i % 10 === 0 ? 60 : 12); k > 0; k--) {
        if (random(2) === 0) bytes.push(...pieces[random(pieces.length)]!);
        else bytes.push(1 + random(255));
      }
      return new Uint8Array(bytes);
    });
    const build = (items: readonly Uint8Array[]) => {
      const builder = new MessageBuilder();
      const list = builder.initRoot(0, 1).initList(0, ElementSize.POINTER, items.length);
      items.forEach((b, i) => list.setData(i, Uint8Array.of(...b, 0)));
      return builder.toBytes();
    };
    for (const b of samples.slice(0, 100)) expect(readAll(build([b]))).toEqual([reference.decode(b)]);
    expect(readAll(build(samples))).toEqual(samples.map((b) => reference.decode(b)));
  });

  it('decodes the first string read on its own, and the whole segment only from the second on', () => {
    const texts = ['hello, world', 'héllo', 'again'];
    const message = readMessage(messageWithTexts(texts));
    const list = message.getRoot().getList(0, ElementSize.POINTER);
    const segment = message.arena.segments[0]!;
    expect(list.getText(0)).toBe('hello, world');
    // The segment is small enough that one string would have paid for decoding it whole.
    expect(segment.textBytesRead * 64).toBeGreaterThanOrEqual(segment.used - segment.start);
    expect(segment.latin1).toBeNull();
    expect(list.getText(1)).toBe('héllo');
    expect(segment.latin1).not.toBeNull();
    expect(list.getText(2)).toBe('again');
  });

  it('decodes a large segment a window at a time, in order and out of order, non-ASCII and window edges included', () => {
    // About 13 MB of text in one segment: many windows. Two strings longer than a window.
    const texts = Array.from({ length: 20000 }, (_, i) => i % 97 === 0 ? `ünïcode ${i} `.repeat(60) : `${SAMPLES[i % SAMPLES.length]} #${i} `.repeat(1 + (i % 41)));
    texts[7000] = 'long '.repeat(LATIN1_WINDOW_BYTES / 4);
    texts[7001] = 'lönger '.repeat(LATIN1_WINDOW_BYTES / 4);
    const bytes = messageWithTexts(texts);
    const message = readMessage(bytes);
    const list = message.getRoot().getList(0, ElementSize.POINTER);
    const segment = message.arena.segments[0]!;
    const starts = new Set<number>();
    let outsideWindows = 0;
    for (let i = 0; i < list.length; i++) {
      expect(list.getText(i)).toBe(expected(texts[i]!));
      if (segment.latin1 !== null) {
        starts.add(segment.latin1Start);
        expect(segment.latin1.length).toBeLessThanOrEqual(LATIN1_WINDOW_BYTES);
      } else if (starts.size > 0) {
        outsideWindows++;
      }
    }
    // Reading in order moved through the segment window by window, each opened where the
    // previous one left off: once a window was open, no string was decoded without one, but the
    // two longer than a window.
    expect(starts.size).toBeGreaterThan(13e6 / LATIN1_WINDOW_BYTES);
    expect(outsideWindows).toBe(2);
    // Out of order (backwards, then strided), from a fresh reader and from the same one.
    for (const reader of [list, readMessage(bytes).getRoot().getList(0, ElementSize.POINTER)]) {
      for (let i = reader.length - 1; i >= 0; i -= 7) expect(reader.getText(i)).toBe(expected(texts[i]!));
      for (let i = 0; i < reader.length; i += 1289) expect(reader.getText(i)).toBe(expected(texts[i]!));
    }
  });

  it('reading in order opens a small window, then each one twice as large; reading back makes them whole', () => {
    // About 40 KB of text: a few strings are read on their own, then windows of 4, 8, 16 KiB...
    const texts = Array.from({ length: 1000 }, (_, i) => `story ${i} `.repeat(1 + (i % 7)));
    const bytes = messageWithTexts(texts);
    const message = readMessage(bytes);
    const list = message.getRoot().getList(0, ElementSize.POINTER);
    const segment = message.arena.segments[0]!;
    const windows: Array<[number, number]> = [];
    let alone = 0;
    for (let i = 0; i < list.length; i++) {
      expect(list.getText(i)).toBe(texts[i]);
      if (segment.latin1 === null) alone++;
      else if (windows.length === 0 || segment.latin1Start !== windows.at(-1)![0]) windows.push([segment.latin1Start, segment.latin1End]);
    }
    expect(alone).toBeLessThanOrEqual(3);
    // 4, 8, 16 KiB... (the last cut by the segment's end), each starting a little before the
    // string that crossed the previous one's end, so that each overlaps the one before.
    const sizes = windows.map(([from, to]) => to - from);
    expect(sizes.slice(0, -1)).toEqual(sizes.slice(0, -1).map((_, k) => FIRST_WINDOW_BYTES << k));
    expect(windows.at(-1)![1]).toBe(segment.used);
    for (let k = 1; k < windows.length; k++) {
      expect(windows[k]![0]).toBeLessThan(windows[k - 1]![1]);
      expect(windows[k]![0]).toBeGreaterThan(windows[k - 1]![1] - 1024);
    }
    expect(segment.wholeWindows).toBe(false);
    // Going back to the start: once enough is read again, the next window is the whole segment
    // (it is under the largest).
    for (let i = 0; i < 100; i++) expect(list.getText(i)).toBe(texts[i]);
    expect(segment.wholeWindows).toBe(true);
    expect(segment.latin1).not.toBeNull();
    expect([segment.latin1Start, segment.latin1End]).toEqual([segment.start, segment.used]);
    for (let i = list.length - 1; i >= 0; i -= 13) expect(list.getText(i)).toBe(texts[i]);
  });

  it('reading a struct\'s Text in another order than it was written does not close every window', () => {
    // As the upstream catrank benchmark: each result's url, then its snippet, written as set; read
    // snippet first, then url (which lies just before it).
    const builder = new MessageBuilder();
    const results = builder.initRoot(0, 1).initList(0, ElementSize.POINTER, 1500);
    const url = (i: number) => `http://example.com/${'abcdefghij'.repeat(1 + (i % 9))}`;
    const snippet = (i: number) => ` word${i} `.repeat(2 + (i % 13));
    for (let i = 0; i < results.length; i++) {
      const result = results.getPointer(i).initStruct(1, 2);
      result.setText(0, url(i));
      result.setText(1, snippet(i));
    }
    const message = readMessage(builder.toBytes());
    const segment = message.arena.segments[0]!;
    expect(segment.used - segment.start).toBeGreaterThan(2 * LATIN1_WINDOW_BYTES);
    const read = message.getRoot().getList(0, ElementSize.POINTER);
    const starts = new Set<number>();
    let alone = 0;
    for (let i = 0; i < read.length; i++) {
      const result = read.getPointer(i).getStruct();
      expect(result.getText(1)).toBe(snippet(i));
      expect(result.getText(0)).toBe(url(i));
      if (segment.latin1 === null) alone++;
      else starts.add(segment.latin1Start);
    }
    // A few strings before the first window, then windows that follow reading, none closed by
    // the step back to the url.
    expect(alone).toBeLessThanOrEqual(3);
    expect(segment.wholeWindows).toBe(false);
    expect(starts.size).toBeLessThan(10);
  });

  it('checks ASCII natively over text laid back to back, and still finds non-ASCII inside a checked stretch', () => {
    // Back to back, as a builder lays out a list of Text: native checks cover many strings at
    // once. Non-ASCII strings sit among them, one right after a long ASCII stretch, and one cut
    // by where a check ends (strings of many lengths move where the checks end).
    const texts = Array.from({ length: 3000 }, (_, i) => i % 211 === 0 ? `ü ${i}` : `ascii ${i} `.repeat(1 + (i % 23)));
    texts[1500] = `${'a'.repeat(4000)}é`;
    const message = readMessage(messageWithTexts(texts));
    const list = message.getRoot().getList(0, ElementSize.POINTER);
    const segment = message.arena.segments[0]!;
    for (let i = 0; i < list.length; i++) expect(list.getText(i)).toBe(texts[i]);
    const runs = segment.ascii;
    expect(runs).not.toBeNull();
    // A check passed (the known stretch is longer than any one string here but the long one) and
    // checks go on (failures on the non-ASCII strings are earned back by the passes).
    expect(runs!.end - runs!.start).toBeGreaterThan(1024);
    expect(runs!.credit).toBeGreaterThan(0);
    // Backwards, where nothing is back to back: every string checked on its own, same results.
    for (let i = list.length - 1; i >= 0; i -= 3) expect(list.getText(i)).toBe(texts[i]);
  });

  it('keeps the ASCII a failed native check covered, where text comes in blocks between other data', () => {
    // As a large message is built in one call (core/text-batch.ts): a block of strings back to
    // back, then bytes over 0x7f (a struct area), then the next block. Checks run on from the
    // first block's strings fail at the bytes after it.
    const block = (b: number) => Array.from({ length: 900 }, (_, i) => `block ${b} string ${i} `.repeat(1 + (i % 4)));
    const blocks = [block(0), block(1)];
    const builder = new MessageBuilder();
    const root = builder.initRoot(0, 3);
    const lists = [0, 2].map((slot, b) => {
      const list = root.initList(slot, ElementSize.POINTER, blocks[b]!.length);
      if (b === 0) {
        blocks[0]!.forEach((text, i) => list.setText(i, text));
        root.setData(1, new Uint8Array(4096).fill(0xfe));
      }
      return list;
    });
    blocks[1]!.forEach((text, i) => lists[1]!.setText(i, text));
    const message = readMessage(builder.toBytes());
    const segment = message.arena.segments[0]!;
    const read = [0, 2].map((slot) => message.getRoot().getList(slot, ElementSize.POINTER));
    // Where the first block's text ends: the run of 0xfe bytes after it.
    const firstEnd = Buffer.from(segment.bytes.buffer, segment.bytes.byteOffset, segment.bytes.length).indexOf(Buffer.alloc(64, 0xfe));
    expect(firstEnd).toBeGreaterThan(30_000);
    let failedEnd = -1;
    let knownTo = -1;
    for (let i = 0; i < read[0]!.length; i++) {
      expect(read[0]!.getText(i)).toBe(blocks[0]![i]);
      const runs = segment.ascii;
      if (runs !== null && runs.failedEnd > 0 && failedEnd < 0) {
        failedEnd = runs.failedEnd;
        knownTo = runs.end;
      }
    }
    // A check failed at the bytes after the block, and what it had covered stayed known: the
    // byte it met is pinned down to 256 bytes, and the ASCII before it was known (past the
    // string that made the check), so the rest of the block takes no check of its own.
    expect(failedEnd).toBeGreaterThan(firstEnd - 512);
    expect(failedEnd).toBeLessThanOrEqual(firstEnd + 4096 + 256);
    expect(knownTo).toBeGreaterThan(failedEnd - 512);
    // The next block is checked natively again, from its own strings.
    for (let i = 0; i < read[1]!.length; i++) expect(read[1]!.getText(i)).toBe(blocks[1]![i]);
    expect(segment.ascii!.start).toBeGreaterThan(firstEnd + 4096);
    expect(segment.ascii!.end - segment.ascii!.start).toBeGreaterThan(1024);
  });

  it('checks Text that alternates with structs on its own, with no native call', () => {
    // Each struct's Text right after its data word of high bytes, as a builder that writes Text
    // as it is set lays it out: never more than two strings back to back.
    const builder = new MessageBuilder();
    const list = builder.initRoot(0, 1).initList(0, ElementSize.POINTER, 400);
    const texts = Array.from({ length: 400 }, (_, i) => `text number ${i} `.repeat(1 + (i % 5)));
    for (let i = 0; i < texts.length; i++) {
      const struct = list.getPointer(i).initStruct(1, 2);
      struct.setUint32(0, 0xfefefefe);
      struct.setUint32(4, 0xfefefefe);
      struct.setText(0, texts[i]!);
      struct.setText(1, texts[i]!.toUpperCase());
    }
    const message = readMessage(builder.toBytes());
    const read = message.getRoot().getList(0, ElementSize.POINTER);
    for (let i = 0; i < read.length; i++) {
      const struct = read.getPointer(i).getStruct();
      expect(struct.getText(0)).toBe(texts[i]);
      expect(struct.getText(1)).toBe(texts[i]!.toUpperCase());
    }
    const runs = message.arena.segments[0]!.ascii;
    expect(runs).not.toBeNull();
    // No stretch was found and no check failed: none was made.
    expect(runs!.end).toBe(runs!.start);
    expect(runs!.credit).toBe(8);
  });

  it('stops checking natively where back-to-back Text is often not ASCII, and reads the same', () => {
    const texts = Array.from({ length: 2000 }, (_, i) => (i % 7 === 0 ? 'é' : 'word ').repeat(1 + (i % 17)));
    const message = readMessage(messageWithTexts(texts));
    const list = message.getRoot().getList(0, ElementSize.POINTER);
    for (let i = 0; i < list.length; i++) expect(list.getText(i)).toBe(texts[i]);
    // Failed checks spent every credit: no more native calls for this segment.
    expect(message.arena.segments[0]!.ascii!.credit).toBe(0);
  });

  it('reads every string right whatever the layout, the mix of ASCII and the order of reading (seeded)', () => {
    let seed = 20261127;
    const random = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    const pieces = ['a', 'word ', 'é', '☃', '😀', '\u007f', '\u0080', 'x'.repeat(40)];
    for (let round = 0; round < 40; round++) {
      const count = 50 + random(300);
      const nonAscii = random(4); // 0: none, then more and more often
      const texts = Array.from({ length: count }, () => {
        let text = '';
        for (let n = random(30); n > 0; n--) text += pieces[nonAscii > 0 && random(40 >> nonAscii) === 0 ? 2 + random(5) : random(2) === 0 ? 1 : 7 * random(2)]!;
        return text;
      });
      // Back to back (a list of Text), or each string after a data word of random bytes.
      const builder = new MessageBuilder();
      const interleaved = random(2) === 0;
      const list = builder.initRoot(0, 1).initList(0, ElementSize.POINTER, count);
      for (let i = 0; i < count; i++) {
        if (interleaved) {
          const struct = list.getPointer(i).initStruct(1, 1);
          struct.setUint32(0, random(0x100000000));
          struct.setUint32(4, random(0x100000000));
          struct.setText(0, texts[i]!);
        } else {
          list.setText(i, texts[i]!);
        }
      }
      const read = readMessage(builder.toBytes()).getRoot().getList(0, ElementSize.POINTER);
      const text = (i: number) => interleaved ? read.getPointer(i).getStruct().getText(0) : read.getText(i);
      // In order, then in an order with runs forward and jumps, twice over.
      for (let i = 0; i < count; i++) expect(text(i)).toBe(texts[i]);
      for (let k = 0; k < 2 * count; k++) {
        const i = random(3) === 0 ? random(count) : k % count;
        expect(text(i)).toBe(texts[i]);
      }
    }
  });

  it('falls back to exact decoding when padding after the NUL is not zero', () => {
    const texts = Array.from({ length: 30 }, (_, i) => `string number ${i}`);
    const bytes = messageWithTexts(texts).slice();
    // Put garbage (high bytes) into the padding after each text's NUL: still valid Cap'n Proto.
    const message = readMessage(bytes);
    const list = message.getRoot().getList(0, ElementSize.POINTER);
    for (let i = 0; i < list.length; i++) {
      const pointer = list.getPointer(i);
      const lo = pointer.segment.view.getUint32(pointer.offset, true);
      const hi = pointer.segment.view.getUint32(pointer.offset + 4, true);
      const start = pointer.offset + 8 + ((lo | 0) >> 2) * 8;
      const length = hi >>> 3;
      // Offsets are positions in the segment's bytes (here the input itself).
      for (let p = start + length; p % 8 !== 0; p++) pointer.segment.bytes[p] = 0xff;
    }
    expect(readAll(bytes)).toEqual(texts);
  });

  it('keeps reporting malformed text through the inline path', () => {
    const builder = new MessageBuilder();
    builder.initRoot(0, 1).initData(0, 3).set([104, 105, 33]);
    const bytes = builder.toBytes();
    expect(() => readMessage(bytes).getRoot().getText(0)).toThrow(CapnpError);
    try {
      readMessage(bytes).getRoot().getText(0);
    } catch (error) {
      expect((error as CapnpError).code).toBe('BAD_TEXT');
    }
  });

  it('encodes into the segment tail exactly as the exact-size path does', () => {
    const tail = messageWithTexts(SAMPLES);
    const exact = messageWithTexts(SAMPLES, 'fixed');
    expect(readAll(tail)).toEqual(SAMPLES.map(expected));
    // Same layout: the tail path allocates precisely what it wrote.
    expect(tail).toEqual(exact);
  });

  it('writes a long string past the free tail as the exact-size path does, growing by what ASCII takes', () => {
    const long = ['a'.repeat(4096), 'é' + 'b'.repeat(4095), 'c'.repeat(4095) + 'é', 'd'.repeat(2000) + '😀' + 'e'.repeat(2000),
      'f'.repeat(300) + '\uD800', '☃'.repeat(700), 'g'.repeat(256), 'h'.repeat(255) + 'ü'];
    for (const text of long) {
      // A small first segment: the string's worst case (3 bytes a unit) never fits its free tail.
      const builder = new MessageBuilder({ firstSegmentWords: 8 });
      builder.initRoot(0, 1).setText(0, text);
      const bytes = builder.toBytes();
      const exact = new MessageBuilder({ growth: 'fixed', firstSegmentWords: 4096 });
      exact.initRoot(0, 1).setText(0, text);
      expect(readMessage(bytes).getRoot().getText(0)).toBe(expected(text));
      expect(bytes).toEqual(exact.toBytes());
    }
    // ASCII grows the segment to fit the text, not three times the text.
    const builder = new MessageBuilder({ firstSegmentWords: 8 });
    builder.initRoot(0, 1).setText(0, 'a'.repeat(4096));
    expect(builder.getSegments()[0]!.byteLength).toBe(8 + 8 + 4104);
    expect(builder.arena.first.bytes.length).toBeLessThanOrEqual(8192);
  });

  it('writes short strings (the JS loop) byte for byte as TextEncoder does, falling back on non-ASCII', () => {
    const short = ['', 'a', 'hello, world', 'x'.repeat(31), 'y'.repeat(32), 'z'.repeat(33), 'abc\u0080', '\u00ff', 'éa', 'ascii then é',
      'a'.repeat(31) + '€', '\uD83D\uDE00', 'lone \uD800', '\uDC00 lone', 'nul\u0000inside', '\u007f'];
    for (const text of short) {
      const bytes = new Uint8Array(8 + text.length * 3);
      const written = encodeUtf8Into(text, bytes, 8);
      expect(Array.from(bytes.subarray(8, 8 + written)), JSON.stringify(text)).toEqual(Array.from(new TextEncoder().encode(text)));
      expect(bytes.subarray(8 + written).every((b) => b === 0), JSON.stringify(text)).toBe(true);
    }
    expect(readAll(messageWithTexts(short))).toEqual(short.map(expected));
  });

  it('measures UTF-8 length exactly, or stops counting past a limit', () => {
    for (const text of [...SAMPLES, '\uD83D\uDE00\uD83D', 'é'.repeat(40)]) {
      const exact = new TextEncoder().encode(text).length;
      expect(utf8Length(text), JSON.stringify(text)).toBe(exact);
      for (const limit of [0, 5, 24, 50]) {
        const counted = utf8Length(text, limit);
        if (exact <= limit) expect(counted).toBe(exact);
        else expect(counted).toBeGreaterThan(limit);
      }
    }
  });

  it('replaces text in place without leaking the old value', () => {
    const builder = new MessageBuilder();
    const root = builder.initRoot(0, 1);
    root.setText(0, 'first value, quite long');
    root.setText(0, 'second');
    expect(root.getText(0)).toBe('second');
    expect(new TextDecoder().decode(builder.toBytes())).not.toContain('first');
  });
});

describe('pooled allocation', () => {
  it('hands out zeroed, aligned, non-overlapping arrays', () => {
    const a = allocateBytes(24);
    a.fill(0xaa);
    const b = allocateBytes(13);
    const c = allocateBytes(100_000);
    expect([...b].every((x) => x === 0)).toBe(true);
    expect(b.byteOffset % 8).toBe(0);
    expect(a.buffer === b.buffer ? b.byteOffset >= a.byteOffset + 24 : true).toBe(true);
    expect(c.length).toBe(100_000);
    expect(c.buffer).not.toBe(b.buffer);
  });

  it('carves pieces of up to 16 KiB from shared slabs, zeroed, and gives larger ones their own buffer', () => {
    // Medium pieces matter to RPC: a call with 4 KB of Text frames 4 KB and grows its results
    // builder to 8 KB, and a fresh ArrayBuffer costs far more than a slab's share.
    let first = allocateBytes(8 * 1024);
    let second = allocateBytes(8 * 1024);
    // The slab in use may have had room left for only the first (earlier tests take pieces
    // too): the second then began a new slab, which has room for the next.
    if (second.buffer !== first.buffer) [first, second] = [second, allocateBytes(8 * 1024)];
    first.fill(0xbb);
    expect(second.buffer).toBe(first.buffer);
    expect(second.byteOffset).toBeGreaterThanOrEqual(first.byteOffset + first.length);
    expect(second.every((x) => x === 0)).toBe(true);
    const largest = allocateBytes(16 * 1024);
    expect(largest.buffer.byteLength).toBeGreaterThan(largest.length);
    const own = allocateBytes(16 * 1024 + 8);
    expect(own.buffer.byteLength).toBe(own.length);
  });

  it('keeps messages built in pooled memory independent', () => {
    const first = new MessageBuilder();
    first.initRoot(1, 0).setInt32(0, 1);
    const second = new MessageBuilder();
    second.initRoot(1, 0).setInt32(0, 2);
    first.getRoot(1, 0).setInt32(0, 3);
    expect(readMessage(second.toBytes()).getRoot().getInt32(0)).toBe(2);
    expect(readMessage(first.toBytes()).getRoot().getInt32(0)).toBe(3);
  });
});

describe('small messages, read from a copy in the pool\'s slab', () => {
  /** A framed one-segment message: the header, then `words` (pairs of 32-bit halves, little-endian). */
  function framed(words: readonly [number, number][]): Uint8Array {
    const bytes = new Uint8Array(8 + words.length * 8);
    const view = new DataView(bytes.buffer);
    view.setUint32(4, words.length, true);
    words.forEach(([lo, hi], i) => { view.setUint32(8 + i * 8, lo, true); view.setUint32(12 + i * 8, hi, true); });
    return bytes;
  }
  /** A struct pointer's low half: offset in words (may be negative), kind 0. */
  const structAt = (offset: number) => (offset << 2) >>> 0;

  it('refuses a message of no words when it is the first small message read (the slab not made yet)', async () => {
    // Found by the packed fuzz target, replayed in a fresh process: the slab was made only when a
    // copy did not fit, and an empty one fitted in the slab that did not exist yet (TypeError).
    for (const format of ['flat', 'packed', 'flat-packed'] as const) {
      vi.resetModules();
      const fresh = await import('../../src/wire/index.js');
      const empty = format === 'flat' ? new Uint8Array(0) : format === 'packed' ? fresh.pack(new Uint8Array(8)) : new Uint8Array(0);
      expect(() => fresh.readMessage(empty, { format }).getRootPointer(), format).toThrow(fresh.CapnpError);
    }
  });
  const secret = () => {
    const builder = new MessageBuilder();
    const root = builder.initRoot(2, 1);
    root.setUint32(0, 0xdeadbeef);
    root.setUint32(4, 0xcafef00d);
    root.setText(0, 'the secret of another message');
    return builder.toBytes();
  };

  it('copies up to 512 bytes, so later changes to the input do not reach the reader; larger input is read in place', () => {
    const small = secret();
    expect(small.length).toBeLessThanOrEqual(512);
    const reader = readMessage(small);
    expect(reader.arena.first.bytes).not.toBe(small);
    small.fill(0, 8);
    expect(reader.getRoot().getUint32(0)).toBe(0xdeadbeef);
    expect(reader.getRoot().getText(0)).toBe('the secret of another message');
    // The control: a message over the size is the input itself.
    const builder = new MessageBuilder();
    builder.initRoot(0, 1).setText(0, 'x'.repeat(2000));
    const large = builder.toBytes();
    const inPlace = readMessage(large);
    expect(inPlace.arena.first.bytes).toBe(large);
    large[8 + 16] = 'y'.charCodeAt(0);
    expect(inPlace.getRoot().getText(0)[0]).toBe('y');
  });

  it('a pointer of a small message cannot reach the bytes of the messages copied next to it', () => {
    // Two messages copied one after the other into the slab (the second checked to follow the
    // first), the second pointing back into the first, then forward past its own end.
    const first = readMessage(secret());
    const back = readMessage(framed([[structAt(-6), 0x0001_0002], [0, 0]]));
    expect(back.arena.first.bytes).toBe(first.arena.first.bytes);
    expect(back.arena.first.start).toBeGreaterThan(first.arena.first.used);
    expect(() => back.getRoot().getUint32(0)).toThrow(expect.objectContaining({ code: 'OUT_OF_BOUNDS' }));
    const forward = readMessage(framed([[structAt(1), 0x0001_0002], [0, 0]]));
    expect(() => forward.getRoot().getUint32(0)).toThrow(expect.objectContaining({ code: 'OUT_OF_BOUNDS' }));
    const list = readMessage(framed([[1 | (0 << 2), 5 | (64 << 3)], [0, 0]]));
    // A list pointer (kind 1) of 64 bytes from the word after it: past the end of a 2-word segment.
    expect(() => list.getRootPointer().getList(ElementSize.BYTE)).toThrow(expect.objectContaining({ code: 'OUT_OF_BOUNDS' }));
    // The messages in the slab before it are intact.
    expect(first.getRoot().getText(0)).toBe('the secret of another message');
  });

  it('reads small flat, packed and flat-packed messages from a copy too, as the framed form reads', () => {
    const bytes = secret();
    const builder = new MessageBuilder();
    builder.setRoot(readMessage(bytes).getRoot());
    for (const format of ['flat', 'packed', 'flat-packed'] as const) {
      const input = builder.toBytes(format);
      const message = readMessage(input, { format });
      // In the 16 KiB slab the copies share.
      expect(message.arena.first.bytes.length, format).toBe(16 * 1024);
      expect(message.getRoot().getUint32(4)).toBe(0xcafef00d);
      expect(message.getRoot().getText(0)).toBe('the secret of another message');
      expect(message.segments.map((s) => [...s])).toEqual(readMessage(bytes).segments.map((s) => [...s]));
    }
    // A packed stream's small messages likewise.
    const packed = builder.toBytes('packed');
    const stream = new Uint8Array(packed.length * 2);
    stream.set(packed);
    stream.set(packed, packed.length);
    const streamed = [...readMessages(stream, { format: 'packed' })];
    expect(streamed.map((m) => [m.arena.first.bytes.length, m.getRoot().getUint32(0)])).toEqual([[16 * 1024, 0xdeadbeef], [16 * 1024, 0xdeadbeef]]);
    // Misaligned flat input, small and large, reads the same.
    const flat = builder.toBytes('flat');
    const shifted = new Uint8Array(flat.length + 4);
    shifted.set(flat, 4);
    expect(readMessage(shifted.subarray(4), { format: 'flat' }).getRoot().getText(0)).toBe('the secret of another message');
    const large = new MessageBuilder();
    large.initRoot(0, 1).setText(0, 'z'.repeat(1000));
    const largeFlat = large.toBytes('flat');
    const largeShifted = new Uint8Array(largeFlat.length + 4);
    largeShifted.set(largeFlat, 4);
    const misaligned = largeShifted.subarray(4);
    const inPlace = readMessage(misaligned, { format: 'flat' });
    // Read in place, as a framed message's one segment is: no copy made to align it first.
    expect(inPlace.arena.first.bytes).toBe(misaligned);
    expect(inPlace.getRoot().getText(0)).toBe('z'.repeat(1000));
    expect(readMessage(largeFlat, { format: 'flat' }).arena.first.bytes).toBe(largeFlat);
  });

  it('Data and readers of small messages stay valid however many messages are read after them', () => {
    const builder = new MessageBuilder();
    builder.initRoot(1, 1).setData(0, new Uint8Array([1, 2, 3, 4, 5]));
    const bytes = builder.toBytes();
    const kept = readMessage(bytes).getRoot();
    const data = kept.getData(0);
    // Past several slabs' worth of copies.
    for (let i = 0; i < 20_000; i++) readMessage(bytes).getRoot().getData(0);
    expect([...data]).toEqual([1, 2, 3, 4, 5]);
    expect([...kept.getData(0)]).toEqual([1, 2, 3, 4, 5]);
  });

  it('copies a struct of a small message into a builder exactly (the builder may share the slab)', () => {
    const source = readMessage(secret()).getRoot();
    const builder = new MessageBuilder();
    builder.initRoot(0, 1).setStruct(0, source);
    const copy = readMessage(builder.toBytes()).getRoot().getStruct(0);
    expect(copy.getUint32(0)).toBe(0xdeadbeef);
    expect(copy.getUint32(4)).toBe(0xcafef00d);
    expect(copy.getText(0)).toBe('the secret of another message');
  });
});

describe('guards added with the fast paths', () => {
  it('a reader viewing a builder (asReader) sees text changes, never a cached copy', () => {
    const builder = new MessageBuilder();
    const list = builder.initRoot(0, 1).initList(0, ElementSize.POINTER, 40);
    for (let i = 0; i < 40; i++) list.setText(i, `value ${i} padded to some length`);
    const reader = builder.asReader().getRoot().getList(0, ElementSize.POINTER);
    for (let i = 0; i < 40; i++) reader.getText(i);
    expect(builder.asReader().arena.bytesAreStable).toBe(false);
    // Change the bytes of text 3 in place ("value 3" becomes "VALUE 3").
    const bytes = list.segment.bytes;
    const at = new TextDecoder('latin1').decode(bytes).indexOf('value 3 ');
    bytes.set(new TextEncoder().encode('VALUE'), at);
    expect(reader.getText(3)).toBe('VALUE 3 padded to some length');
  });

  it('rejects a packed segment table announcing more than the input holds, before allocating', () => {
    // A packed segment table (tag 0b10000000: only byte 7 is non-zero) announcing one segment of
    // 2^28 words (2 GiB), and no body.
    const packed = new Uint8Array([0b10000000, 16]);
    expect(() => readMessage(packed, { format: 'packed', traversalLimitInWords: Infinity })).toThrow(/ends inside the message/);
  });
});
