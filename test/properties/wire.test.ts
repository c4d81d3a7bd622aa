/**
 * Properties of the wire format on messages of random schemas (laid out in one segment, or
 * spread over many small ones with far pointers) and on random bytes:
 * - message → canonicalize → isCanonical, and canonicalize is idempotent and independent of
 *   the layout;
 * - pack → unpack gives back the bytes, for messages and for any whole words;
 * - bytes that are not a valid message fail with a CapnpError, never anything else.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encode } from '../../src/dynamic/index.js';
import { CapnpError, canonicalize, isCanonical, pack, readMessage, unpack } from '../../src/wire/index.js';
import { randomValues, runs, structOf } from './support/random-values.js';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/** A message of a random schema, as bytes in one segment and spread over segments of 1 to 8 words. */
const messages = fc.record({
  random: randomValues({ count: { minLength: 1, maxLength: 1 } }),
  segmentWords: fc.integer({ min: 1, max: 8 }),
}).map(({ random: { ref, values: [value] }, segmentWords }) => ({
  single: encode(structOf(ref), value!),
  spread: encode(structOf(ref), value!, { firstSegmentWords: segmentWords, growth: 'fixed' }),
}));

/** Whole words biased to what packing treats specially: zero words, 0xff words, runs of both. */
const word = fc.oneof(
  fc.constant(new Uint8Array(8)),
  fc.constant(new Uint8Array(8).fill(0xff)),
  fc.uint8Array({ minLength: 8, maxLength: 8 }),
  fc.array(fc.constantFrom(0, 0, 0, 1, 0xff, 0x80), { minLength: 8, maxLength: 8 }).map((b) => Uint8Array.from(b)),
);
const words = fc.array(word, { maxLength: 300 }).map((list) => {
  const out = new Uint8Array(list.length * 8);
  list.forEach((w, i) => out.set(w, i * 8));
  return out;
});

/** Runs `f`; anything it throws must be a CapnpError. Returns its result, or null when it threw. */
function onlyCapnpErrors<T>(f: () => T): T | null {
  try {
    return f();
  } catch (e) {
    expect(e, String(e)).toBeInstanceOf(CapnpError);
    return null;
  }
}

describe('canonical form', () => {
  it('message → canonicalize → isCanonical; idempotent; the same for any layout', () => {
    fc.assert(fc.property(messages, ({ single, spread }) => {
      const canonical = canonicalize(readMessage(single).getRoot());
      const reread = readMessage(canonical, { format: 'flat' });
      expect(isCanonical(reread)).toBe(true);
      expect(hex(canonicalize(reread.getRoot()))).toBe(hex(canonical));
      expect(hex(canonicalize(readMessage(spread).getRoot()))).toBe(hex(canonical));
      // A multi-segment message is not canonical (canonical form is one segment).
      if (readMessage(spread).segments.length > 1) expect(isCanonical(readMessage(spread))).toBe(false);
    }), { numRuns: runs(80) });
  });

  it('random words read as a message: canonicalize succeeds with a canonical result, or fails with a CapnpError', () => {
    fc.assert(fc.property(words, (bytes) => {
      if (bytes.length === 0) return;
      const canonical = onlyCapnpErrors(() => canonicalize(readMessage(bytes, { format: 'flat' }).getRoot()));
      if (canonical === null) return;
      const reread = readMessage(canonical, { format: 'flat' });
      expect(isCanonical(reread)).toBe(true);
      expect(hex(canonicalize(reread.getRoot()))).toBe(hex(canonical));
    }), { numRuns: runs(300) });
  });
});

describe('packing', () => {
  it('pack → unpack gives back messages, which read back the same from the packed bytes', () => {
    fc.assert(fc.property(messages, ({ single, spread }) => {
      for (const bytes of [single, spread]) {
        expect(hex(unpack(pack(bytes)))).toBe(hex(bytes));
        expect(hex(canonicalize(readMessage(pack(bytes), { format: 'packed' }).getRoot()))).toBe(hex(canonicalize(readMessage(bytes).getRoot())));
      }
    }), { numRuns: runs(80) });
  });

  it('pack → unpack gives back any whole words', () => {
    fc.assert(fc.property(words, (bytes) => {
      const packed = pack(bytes);
      expect(hex(unpack(packed))).toBe(hex(bytes));
      // Packing never grows the input by more than one byte in 8 (plus the run headers).
      expect(packed.length).toBeLessThanOrEqual(bytes.length + Math.ceil(bytes.length / 8) + 2);
    }), { numRuns: runs(300) });
  });

  it('random bytes unpack, or fail with a CapnpError; what unpacks packs back to the same words', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
      const unpacked = onlyCapnpErrors(() => unpack(bytes));
      if (unpacked === null) return;
      expect(unpacked.length % 8).toBe(0);
      expect(hex(unpack(pack(unpacked)))).toBe(hex(unpacked));
    }), { numRuns: runs(500) });
  });
});
