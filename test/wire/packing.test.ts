import { describe, expect, it } from 'vitest';
import { ErrorCode, MessageBuilder, PackedReader, pack, packPieces, readMessage, readMessages, unpack } from '../../src/wire/index.js';
import { packInto, packedBound } from '../../src/wire/formats/packing.js';
import { concat, expectCapnpError, hex, rng, toHex } from '../support/bytes.js';

/** Asserts `unpacked` packs to exactly `packed` and unpacks back. Both given as hex. */
function packsTo(unpacked: string, packed: string): void {
  const u = hex(unpacked);
  const p = hex(packed);
  expect(toHex(pack(u)), `pack(${unpacked})`).toBe(toHex(p));
  expect(toHex(unpack(p)), `unpack(${packed})`).toBe(toHex(u));
}

function words(count: number, word: string): string {
  return Array.from({ length: count }, () => word).join(' ');
}

describe('packing: literal vectors from the encoding spec', () => {
  it('packs nothing to nothing', () => packsTo('', ''));

  it('packs a zero word to tag 00 and a run count of 0', () => packsTo('0000000000000000', '00 00'));

  it('counts further zero words after tag 00', () => {
    packsTo(words(2, '0000000000000000'), '00 01');
    packsTo(words(5, '0000000000000000'), '00 04');
  });

  it('caps a zero run at 255 further words, then starts another', () => {
    packsTo(words(256, '0000000000000000'), '00 ff');
    packsTo(words(257, '0000000000000000'), '00 ff 00 00');
    packsTo(words(600, '0000000000000000'), '00 ff 00 ff 00 57');
  });

  it('keeps the non-zero bytes after a tag whose bit i says byte i is non-zero', () => {
    packsTo('0500000000000070', '81 05 70');
    packsTo('0011220033000044', '96 11 22 33 44');
    packsTo('0000000000000001', '80 01');
    packsTo('ab00000000000000', '01 ab');
    packsTo('00ffff00ffff00ff', 'b6 ff ff ff ff ff');
  });

  it('follows an all-non-zero word (tag ff) with a count of verbatim words', () => {
    packsTo('0102030405060708', 'ff 01 02 03 04 05 06 07 08 00');
    packsTo('0102030405060708 1112131415161718', 'ff 01 02 03 04 05 06 07 08 01 1112131415161718');
  });

  it('continues a verbatim run through words with at most one zero byte', () => {
    packsTo('0102030405060708 0a000b0c0d0e0f10 2122232425262728',
      'ff 0102030405060708 02 0a000b0c0d0e0f10 2122232425262728');
  });

  it('ends a verbatim run at a word with two or more zero bytes', () => {
    packsTo('0102030405060708 0a00000c0d0e0f10', 'ff 0102030405060708 00 f9 0a 0c 0d 0e 0f 10');
    packsTo('0102030405060708 0000000000000000 0000000000000000', 'ff 0102030405060708 00 00 01');
  });

  it('caps a verbatim run at 255 further words', () => {
    const full = '0102030405060708';
    const packed = `ff ${full} ff ${words(255, full)} ff ${full} 00`;
    packsTo(words(257, full), packed);
  });

  it('mixes all three kinds of word', () => {
    packsTo(
      '0000000000000000 0000000000000000 0900000000000000 a1a2a3a4a5a6a7a8 0000000000000000 00000000000000ee',
      '00 01 01 09 ff a1a2a3a4a5a6a7a8 00 00 00 80 ee',
    );
  });
});

describe('packing: cases modeled on the reference implementation tests', () => {
  // Same situations as the reference tests (zero word before a verbatim word, sparse word before
  // a verbatim word, two verbatim words, a run broken by a sparse word, a long zero run between
  // sparse words), with values of our own.
  it('a zero word, then a full word', () => {
    packsTo('0000000000000000 2233445566778899', '00 00 ff 2233445566778899 00');
  });

  it('a sparse word, then a full word', () => {
    packsTo('00000f000000f000 2233445566778899', '44 0f f0 ff 2233445566778899 00');
  });

  it('two full words in one run', () => {
    packsTo('2233445566778899 9988776655443322', 'ff 2233445566778899 01 9988776655443322');
  });

  it('four full words, the last word of the run broken by a sparse one', () => {
    const full = '1112131415161718';
    packsTo(`${full} ${full} ${full} ${full} 0011120013001415`,
      `ff ${full} 03 ${full} ${full} ${full} d6 11 12 13 14 15`);
  });

  it('a one-zero word inside a verbatim run stays verbatim', () => {
    const full = '1112131415161718';
    packsTo(`${full} ${full} 2122232425002728 ${full} 0011120013001415`,
      `ff ${full} 03 ${full} 2122232425002728 ${full} d6 11 12 13 14 15`);
  });

  it('sparse words around a zero run', () => {
    packsTo(`0900630700020203 ${words(3, '0000000000000000')} 0000020004000501`,
      'ed 09 63 07 02 02 03 00 02 d4 02 04 05 01');
  });
});

describe('packing: round trips', () => {
  /** Random words biased toward zeros, as real messages are. */
  function randomBytes(next: () => number, wordsCount: number): Uint8Array {
    const out = new Uint8Array(wordsCount * 8);
    for (let w = 0; w < wordsCount; w++) {
      const style = next() % 5;
      for (let b = 0; b < 8; b++) {
        const r = next();
        if (style === 0) out[w * 8 + b] = 0;
        else if (style === 1) out[w * 8 + b] = r & 0xff || 1;
        else if (style === 2) out[w * 8 + b] = r % 8 === 0 ? 0 : r & 0xff;
        else out[w * 8 + b] = r % 3 === 0 ? r & 0xff : 0;
      }
    }
    return out;
  }

  it('unpack(pack(x)) is x for 500 random inputs, within the size bound', () => {
    const next = rng(0x5eed);
    for (let i = 0; i < 500; i++) {
      const input = randomBytes(next, next() % 300);
      const packed = pack(input);
      expect(packed.length).toBeLessThanOrEqual(input.length + Math.ceil(input.length / 8) * 2 + 2);
      const back = unpack(packed);
      expect(back.length).toBe(input.length);
      expect(Buffer.compare(back, input), `input ${i}`).toBe(0);
    }
  });

  it('packs unaligned input (copied once) to the same bytes as aligned input', () => {
    const next = rng(0xa119);
    for (let i = 0; i < 300; i++) {
      const input = randomBytes(next, next() % 300);
      // Every word shape in one input too: 0-8 zero bytes at every position.
      if (i === 0) for (let w = 0; w < Math.min(256, input.length / 8); w++) for (let b = 0; b < 8; b++) input[w * 8 + b] = (w >> b) & 1 ? 0 : 0x80 | b;
      const shifted = new Uint8Array(input.length + 1).subarray(1);
      shifted.set(input);
      expect(shifted.byteOffset & 3).not.toBe(0);
      expect(toHex(pack(shifted)), `input ${i}`).toBe(toHex(pack(input)));
    }
  });

  it('readInto over dirty memory and readIntoZeroed over fresh memory unpack alike', () => {
    const next = rng(0xd1e7);
    for (let i = 0; i < 200; i++) {
      const input = randomBytes(next, next() % 200);
      const packed = pack(input);
      const dirty = new Uint8Array(input.length).fill(0xee);
      new PackedReader(packed).readInto(dirty, 0);
      const fresh = new Uint8Array(input.length);
      new PackedReader(packed).readIntoZeroed(fresh, 0);
      expect(Buffer.compare(dirty, input), `input ${i}`).toBe(0);
      expect(Buffer.compare(fresh, input), `input ${i}`).toBe(0);
    }
  });

  it('unpacks into memory at any offset of its buffer, dirty or fresh', () => {
    // Whole words are stored 4 bytes at a time where the memory allows; memory 1-3 bytes off
    // (or 4 off, aligned for that but not for 8), or words that start anywhere in a piece of
    // the output, must get the same bytes, and nothing around them.
    const next = rng(0x0ff5e7);
    for (let i = 0; i < 100; i++) {
      const input = randomBytes(next, next() % 300);
      const packed = pack(input);
      for (const offset of [1, 2, 3, 4, 5]) {
        const memory = new Uint8Array(input.length + offset + 3).fill(0xee);
        new PackedReader(packed).readInto(memory.subarray(offset, offset + input.length), 0);
        expect(Buffer.compare(memory.subarray(offset, offset + input.length), input), `input ${i} at ${offset}`).toBe(0);
        expect([...memory.subarray(0, offset), ...memory.subarray(offset + input.length)].every((x) => x === 0xee)).toBe(true);
        const fresh = new Uint8Array(input.length + offset).subarray(offset);
        new PackedReader(packed).readIntoZeroed(fresh, 0);
        expect(Buffer.compare(fresh, input), `input ${i} at ${offset}, zeroed`).toBe(0);
      }
      // Words that start anywhere in the memory given (`start`).
      for (const start of [1, 2, 3, 4, 5]) {
        const memory = new Uint8Array(start + input.length).fill(0xee);
        new PackedReader(packed).readInto(memory, start);
        expect(Buffer.compare(memory.subarray(start), input), `input ${i} from ${start}`).toBe(0);
        expect(memory.subarray(0, start).every((x) => x === 0xee)).toBe(true);
      }
    }
  });

  it('packs long zero runs and long verbatim runs', () => {
    const input = new Uint8Array(8 * 2000);
    input.fill(0x5a, 8 * 600, 8 * 1400);
    const packed = pack(input);
    expect(packed.length).toBeLessThan(8 * 800 + 40);
    expect(Buffer.compare(unpack(packed), input)).toBe(0);
  });

  it('reads through PackedReader in word-sized steps across runs', () => {
    const next = rng(42);
    const input = randomBytes(next, 400);
    const reader = new PackedReader(pack(input));
    const out = new Uint8Array(input.length);
    for (let at = 0; at < out.length; at += 8) reader.readInto(out.subarray(0, at + 8), at);
    expect(reader.atEnd()).toBe(true);
    expect(Buffer.compare(out, input)).toBe(0);
  });

  it('refuses to pack a partial word', () => {
    expectCapnpError(() => pack(new Uint8Array(7)), ErrorCode.INVALID_ARGUMENT);
  });

  it('packs message pieces separately, so runs never span the segment table and a segment', () => {
    // Segment table [count-1 = 1, 1 word, 0 words, padding] ends with a zero word; segment 0 is
    // a zero (null root) word. Packed as pieces the runs stay apart; packed as one they merge.
    const table = hex('01000000 01000000 00000000 00000000');
    const body = new Uint8Array(8);
    const separate = packPieces([table, body]);
    const merged = pack(concat(table, body));
    expect(toHex(separate)).toBe(toHex(hex('11 01 01 00 00 00 00')));
    expect(toHex(merged)).toBe(toHex(hex('11 01 01 00 01')));
    // Both read as the same message (a run may span the table and the body when reading).
    for (const bytes of [separate, merged]) {
      const message = readMessage(bytes, { format: 'packed' });
      expect(message.segments.map((s) => s.length)).toEqual([8, 0]);
    }
  });
});

/**
 * The packing rules written plainly, a byte at a time: the oracle for the word-at-a-time packer
 * and its fast paths (a verbatim run continues while words have at most one zero byte).
 */
function referencePack(input: Uint8Array): number[] {
  const out: number[] = [];
  const words = input.length / 8;
  const zeros = (w: number): number => input.subarray(w * 8, w * 8 + 8).filter((b) => b === 0).length;
  for (let w = 0; w < words; w++) {
    let tag = 0;
    for (let b = 0; b < 8; b++) if (input[w * 8 + b] !== 0) tag |= 1 << b;
    out.push(tag);
    for (let b = 0; b < 8; b++) if (input[w * 8 + b] !== 0) out.push(input[w * 8 + b]!);
    if (tag === 0) {
      let count = 0;
      while (count < 255 && w + 1 < words && zeros(w + 1) === 8) w++, count++;
      out.push(count);
    } else if (tag === 0xff) {
      const start = w + 1;
      while (w + 1 - start < 255 && w + 1 < words && zeros(w + 1) <= 1) w++;
      out.push(w + 1 - start);
      for (let k = start * 8; k < (w + 1) * 8; k++) out.push(input[k]!);
    }
  }
  return out;
}

describe('packing: the word-at-a-time packer and unpacker against a plain reference', () => {
  /** Words of every shape: each byte zero with a probability that varies by stretch, and runs of full words of many lengths. */
  function shapes(next: () => number, wordsCount: number): Uint8Array {
    const out = new Uint8Array(wordsCount * 8);
    let w = 0;
    while (w < wordsCount) {
      const kind = next() % 6;
      const length = Math.min(wordsCount - w, kind === 5 ? [1, 15, 16, 17, 18, 33, 254, 255, 256, 257][next() % 10]! : 1 + (next() % 8));
      for (let k = w * 8; k < (w + length) * 8; k++) {
        const r = next();
        if (kind === 5) out[k] = r % 17 === 0 ? 0 : (r & 0xff) || 0x41; // verbatim-ish: an occasional zero byte
        else if (kind === 4) out[k] = 0;
        else out[k] = r % (kind + 2) === 0 ? 0 : (r & 0xff) || 1;
      }
      w += length;
    }
    return out;
  }

  it('packs as the reference does, for every word shape and run length', () => {
    const next = rng(0x7ac);
    // Every one of the 256 tags, in both halves' positions.
    const all = new Uint8Array(256 * 8);
    for (let t = 0; t < 256; t++) for (let b = 0; b < 8; b++) all[t * 8 + b] = (t >>> b) & 1 ? 0x80 | (t ^ b) || 1 : 0;
    const inputs = [all, ...Array.from({ length: 300 }, () => shapes(next, next() % 700))];
    for (const [i, input] of inputs.entries()) {
      const packed = pack(input);
      expect(toHex(packed), `input ${i}`).toBe(toHex(Uint8Array.from(referencePack(input))));
      expect(Buffer.compare(unpack(packed), input), `input ${i}`).toBe(0);
    }
  });

  it('packs into a buffer of exactly the packed size (its stores never pass the end)', () => {
    const next = rng(0xe9d);
    for (let i = 0; i < 300; i++) {
      const input = shapes(next, 1 + (next() % 60));
      // End on a word of mixed zero and non-zero bytes (a store of 4 bytes at the very end).
      input.set([0x11, 0, 0x22, 0x33, 0, 0, 0x44, 0], input.length - 8);
      const expected = Uint8Array.from(referencePack(input));
      for (const slack of [0, 1, 3, 7, 8]) {
        const out = new Uint8Array(expected.length + slack).fill(0xee);
        expect(packInto(input, out, 0), `input ${i}`).toBe(expected.length);
        expect(toHex(out.subarray(0, expected.length)), `input ${i}`).toBe(toHex(expected));
      }
    }
    expect(packedBound(8)).toBeGreaterThanOrEqual(10);
  });

  it('unpacks in pieces of random sizes into dirty memory, runs and words split across calls', () => {
    const next = rng(0x5b1);
    for (let i = 0; i < 200; i++) {
      const input = shapes(next, 1 + (next() % 400));
      const reader = new PackedReader(pack(input));
      const out = new Uint8Array(input.length).fill(0xcd);
      for (let at = 0; at < out.length; ) {
        const step = Math.min(out.length - at, 8 * (1 + (next() % 40)));
        if (i % 2 === 0) reader.readInto(out.subarray(0, at + step), at);
        else {
          out.fill(0, at, at + step);
          reader.readIntoZeroed(out.subarray(0, at + step), at);
        }
        at += step;
      }
      expect(reader.atEnd(), `input ${i}`).toBe(true);
      expect(Buffer.compare(out, input), `input ${i}`).toBe(0);
    }
  });

  it('unpacks words whose bytes end the input (no 4-byte read past the end)', () => {
    for (let t = 1; t < 255; t++) {
      const word = new Uint8Array(8);
      for (let b = 0; b < 8; b++) if ((t >>> b) & 1) word[b] = 0x10 + b;
      const packed = pack(word);
      // At the end of a buffer of its own, and inside a larger buffer that ends where it does.
      expect(toHex(unpack(packed)), `tag ${t}`).toBe(toHex(word));
      const inside = new Uint8Array(packed.length + 16).fill(0x99);
      inside.set(packed, 16);
      expect(toHex(unpack(inside.subarray(16))), `tag ${t}`).toBe(toHex(word));
      expectCapnpError(() => unpack(packed.subarray(0, packed.length - 1)), ErrorCode.TRUNCATED);
    }
  });
});

describe('packing: malformed input', () => {
  it('reports TRUNCATED for input ending inside a word or run', () => {
    for (const bad of ['ff 01 02', '00', 'ff 0102030405060708', 'ff 0102030405060708 02 1112131415161718', '03 01', '80']) {
      expectCapnpError(() => unpack(hex(bad)), ErrorCode.TRUNCATED);
    }
  });

  it('every prefix of a packed stream unpacks to a prefix of the data or fails with TRUNCATED', () => {
    const next = rng(7);
    const input = new Uint8Array(8 * 64);
    for (let i = 0; i < input.length; i++) input[i] = next() % 3 === 0 ? next() & 0xff : 0;
    input.fill(0x77, 100, 200);
    const packed = pack(input);
    for (let length = 0; length < packed.length; length++) {
      let out: Uint8Array;
      try {
        out = unpack(packed.subarray(0, length));
      } catch (e) {
        expect((e as { code?: string }).code, `prefix ${length}`).toBe(ErrorCode.TRUNCATED);
        continue;
      }
      expect(out.length).toBeLessThan(input.length);
      expect(Buffer.compare(out, input.subarray(0, out.length))).toBe(0);
    }
  });

  it('a truncated packed message never reads as a message', () => {
    const b = new MessageBuilder();
    const root = b.initRoot(2, 2);
    root.setUint64(0, 0x1122334455667788n);
    root.setText(0, 'packed text');
    root.initList(1, 5, 10).setUint64(9, 0xffn);
    const packed = b.toBytes('packed');
    for (let length = 0; length < packed.length; length++) {
      expectCapnpError(() => readMessage(packed.subarray(0, length), { format: 'packed' }), ErrorCode.TRUNCATED);
    }
    expect(readMessage(packed, { format: 'packed' }).getRoot().getText(0)).toBe('packed text');
  });

  it('unpacks input that expands far past the guess it starts from, up to maxBytes exactly', () => {
    // A non-zero word in every 40: the packed form is under a tenth of the size, so the first
    // guess (9/8 of the packed size) has to grow.
    const input = new Uint8Array(8 * 4000);
    for (let w = 0; w < 4000; w += 40) input[w * 8 + 3] = (w & 0xfe) | 1;
    const packed = pack(input);
    expect(packed.length * 10).toBeLessThan(input.length);
    expect(Buffer.compare(unpack(packed), input)).toBe(0);
    expect(Buffer.compare(unpack(packed, input.length), input)).toBe(0);
    expectCapnpError(() => unpack(packed, input.length - 8), ErrorCode.MESSAGE_TOO_LARGE);
    // Expanding less than the guess: the result is cut to its length.
    const next = rng(7);
    const dense = Uint8Array.from({ length: 8 * 300 }, () => next() & 0xff);
    expect(Buffer.compare(unpack(pack(dense)), dense)).toBe(0);
  });

  it('PackedReader reads what the input holds into room to spare, and bounds what is left', () => {
    // A word with one byte (07), then a zero word and a run of two more.
    const reader = new PackedReader(hex('01 07 00 02'));
    expect(reader.unpackedBound()).toBe(4 * 1024);
    const out = new Uint8Array(64);
    expect(reader.readAvailableZeroed(out, 0)).toBe(32);
    expect(reader.atEnd()).toBe(true);
    expect(reader.unpackedBound()).toBe(0);
    expect(toHex(out.subarray(0, 8))).toBe(toHex(hex('07 00 00 00 00 00 00 00')));
    // Input that ends inside a verbatim run, or inside a word, is truncated, not short.
    expectCapnpError(() => new PackedReader(hex('ff 01 02 03 04 05 06 07 08 02 aa')).readAvailableZeroed(new Uint8Array(64), 0), ErrorCode.TRUNCATED);
    expectCapnpError(() => new PackedReader(hex('03 01')).readAvailableZeroed(new Uint8Array(8), 0), ErrorCode.TRUNCATED);
    // A run owed past the room given stays owed, and counts in the bound.
    const owing = new PackedReader(hex('00 03'));
    expect(owing.readAvailableZeroed(new Uint8Array(16), 0)).toBe(16);
    expect(owing.atEnd()).toBe(false);
    expect(owing.unpackedBound()).toBe(16);
  });

  it('bounds unpacking: maxBytes caps what is allocated', () => {
    expect(unpack(hex('00 ff'), 2048).length).toBe(2048);
    expectCapnpError(() => unpack(hex('00 ff'), 2047), ErrorCode.MESSAGE_TOO_LARGE, /2047/);
    // 40 KB that would unpack to 40 MB.
    const bomb = new Uint8Array(40_000);
    for (let i = 0; i < bomb.length; i += 2) bomb[i + 1] = 0xff;
    const started = performance.now();
    expectCapnpError(() => unpack(bomb, 1 << 20), ErrorCode.MESSAGE_TOO_LARGE);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('rejects a packed bomb as flat-packed input by the traversal limit', () => {
    const bomb = new Uint8Array(4000);
    for (let i = 0; i < bomb.length; i += 2) bomb[i + 1] = 0xff;
    expectCapnpError(() => readMessage(bomb, { format: 'flat-packed', traversalLimitInWords: 1000 }), ErrorCode.MESSAGE_TOO_LARGE);
  });

  it('checks a packed segment table before unpacking the body', () => {
    // A table announcing 2^30 words, followed by nothing: too large, not truncated.
    const table = pack(hex('00000000 00000040'));
    expectCapnpError(() => readMessage(table, { format: 'packed' }), ErrorCode.MESSAGE_TOO_LARGE);
  });

  it('rejects data after a single packed message, and reads it as a stream', () => {
    const b = new MessageBuilder();
    b.initRoot(1, 0).setUint32(0, 5);
    const two = concat(b.toBytes('packed'), b.toBytes('packed'));
    expectCapnpError(() => readMessage(two, { format: 'packed' }), ErrorCode.BAD_FRAMING);
    expect([...readMessages(two, { format: 'packed' })].length).toBe(2);
  });
});
