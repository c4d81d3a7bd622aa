/**
 * The packed encoding: each word becomes a tag byte (bit i set when byte i is non-zero)
 * followed by its non-zero bytes. Tag 0x00 is followed by a count of further all-zero words;
 * tag 0xFF by a count of further words copied verbatim.
 *
 * The packer makes the same choices as the reference implementation (a verbatim run continues
 * while words have at most one zero byte, up to 255 words; runs never span the pieces given
 * to one call), so its output is byte-for-byte the reference's.
 */
import { CapnpError } from '../error.js';
import { LITTLE_ENDIAN_HOST } from '../core/host.js';
import { allocateBytes } from '../core/pool.js';
import { checkLimit } from '../core/reader-options.js';
import { inputBytes } from '../core/input-bytes.js';

/** Packs `bytes` (a whole number of words) as one piece. */
export function pack(input: Uint8Array): Uint8Array<ArrayBuffer> {
  const bytes = inputBytes(input);
  const out = allocateBytes(packedBound(bytes.length));
  return out.subarray(0, packInto(bytes, out, 0));
}

/** Packs several pieces (a segment table and its segments) one after another. */
export function packPieces(pieces: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  let bound = 0;
  for (const p of pieces) bound += packedBound(p.length);
  const out = allocateBytes(bound);
  let at = 0;
  for (const p of pieces) at = packInto(p, out, at);
  return out.subarray(0, at);
}

/** An upper bound on the packed size of `length` bytes. */
export function packedBound(length: number): number {
  return length + Math.ceil(length / 8) * 2 + 2;
}

/** Packs `input` into `out` at `at`; returns the new end. */
export function packInto(input: Uint8Array, out: Uint8Array, at: number): number {
  if (input.length % 8 !== 0) {
    throw new CapnpError('INVALID_ARGUMENT', `packing needs whole words, got ${input.length} bytes`);
  }
  // Unaligned input (rare: segments are aligned) is copied once rather than packed by a second,
  // byte-at-a-time packer that every bundle would carry.
  return packWords((input.byteOffset & 3) === 0 ? input : input.slice(), out, at);
}

/**
 * A verbatim run's first words (up to this many) are copied one by one, the rest by `set`.
 * Scanning a run and then copying it with `set` costs more than copying it as it is classified
 * until the run is long: from 16 to 32, packing news counted 767 k → 716 k instructions (13 of
 * its 626 runs are 17-32 words), 279 runs of 21 words 699 k → 566 k (about 480 a run); text,
 * whose runs are 255 words, 3% more. 64 and 128 cost text 10% and 22% for nothing on news.
 */
const SHORT_RUN_WORDS = 32;

/**
 * The packer, for 4-byte-aligned input: it classifies each word from two 32-bit reads instead
 * of eight byte tests, and copies verbatim words 4 bytes at a time (bench packing workload:
 * 1.2-1.4× faster than a byte-at-a-time loop).
 *
 * A word's tag comes from arithmetic on its halves: `((x & 0x7f7f7f7f) + 0x7f7f7f7f) | x` has
 * bit 7 of each byte set exactly when that byte of `x` is non-zero (adding 0x7f to a byte's low
 * seven bits never carries into the next byte); masked to those bits and shifted down by 7,
 * multiplying by 0x01020408 gathers the four flags into bits 24-27 (no two partial products
 * share a bit), and multiplying by 0x01010101 instead sums them there (the count of non-zero
 * bytes). A word of mixed zero and non-zero bytes is written a byte at a time without
 * branching: every byte is stored, and the position moves past it only when its tag bit is
 * set, so a zero byte is overwritten by the next one (or lies past the returned end). Near the
 * end of `out` the set bits are visited instead, so no store passes its end. A verbatim run's
 * words are copied as they are classified.
 *
 * The arithmetic is written out in the loops rather than called as helper functions: V8 checks
 * a module-level function's identity at each call it inlines (`function` bindings can be
 * reassigned) and spills the loop's values around the checks. Against the loop of helpers and
 * 4-byte stores this replaced, packing news took 0.85-0.87× the time and car sales 0.82-0.83×
 * (`node bench/packing-ab.mjs`); the same loop with its helpers as `const` arrow functions
 * 0.96× and 0.86×.
 */
function packWords(input: Uint8Array, out: Uint8Array, at: number): number {
  const words = new Int32Array(input.buffer, input.byteOffset, input.length >>> 2);
  const outView = new DataView(out.buffer, out.byteOffset, out.byteLength);
  const wordEnd = words.length | 0;
  // A mixed word stores its tag and then 8 bytes, the last at most 8 bytes after the tag.
  const storeEnd = (out.length | 0) - 8;
  let w = 0;
  while (w < wordEnd) {
    const lo = words[w]!;
    const hi = words[w + 1]!;
    w += 2;
    if ((lo | hi) === 0) {
      out[at++] = 0;
      const limit = wordEnd - w < 510 ? wordEnd : w + 510;
      const runStart = w;
      while (w < limit && (words[w]! | words[w + 1]!) === 0) w += 2;
      out[at++] = (w - runStart) >>> 1;
      continue;
    }
    // 0x80808080 | 0: the int32 that `&` returns (0x80808080 itself is not one).
    const mLo = (((lo & 0x7f7f7f7f) + 0x7f7f7f7f) | lo) & (0x80808080 | 0);
    const mHi = (((hi & 0x7f7f7f7f) + 0x7f7f7f7f) | hi) & (0x80808080 | 0);
    const tLo = Math.imul(mLo >>> 7, 0x01020408) >>> 24;
    const tHi = Math.imul(mHi >>> 7, 0x01020408) >>> 24;
    const tag = tLo | (tHi << 4);
    out[at++] = tag;
    if (tag !== 0xff) {
      if (at <= storeEnd) {
        out[at] = lo;
        at += tLo & 1;
        out[at] = lo >>> 8;
        at += (tLo >>> 1) & 1;
        out[at] = lo >>> 16;
        at += (tLo >>> 2) & 1;
        out[at] = lo >>> 24;
        at += tLo >>> 3;
        out[at] = hi;
        at += tHi & 1;
        out[at] = hi >>> 8;
        at += (tHi >>> 1) & 1;
        out[at] = hi >>> 16;
        at += (tHi >>> 2) & 1;
        out[at] = hi >>> 24;
        at += tHi >>> 3;
      } else {
        const byteAt = (w - 2) << 2;
        for (let bits = tag; bits !== 0; bits &= bits - 1) out[at++] = input[byteAt + 31 - Math.clz32(bits & -bits)]!;
      }
      continue;
    }
    outView.setInt32(at, lo, true);
    outView.setInt32(at + 4, hi, true);
    const countAt = at + 8;
    at = countAt + 1;
    const limit = wordEnd - w < 510 ? wordEnd : w + 510;
    const copyLimit = limit - w < SHORT_RUN_WORDS * 2 ? limit : w + SHORT_RUN_WORDS * 2;
    const runStart = w;
    // A verbatim run continues while words have at most one zero byte (seven or eight non-zero),
    // as the reference's does. Its first words are copied as they are classified (the count goes
    // before them); a run that goes on is scanned, then the rest copied at once.
    while (w < copyLimit) {
      const x = words[w]!;
      const y = words[w + 1]!;
      const a = (((x & 0x7f7f7f7f) + 0x7f7f7f7f) | x) & (0x80808080 | 0);
      const b = (((y & 0x7f7f7f7f) + 0x7f7f7f7f) | y) & (0x80808080 | 0);
      if (Math.imul((a >>> 7) + (b >>> 7), 0x01010101) >>> 24 <= 6) break;
      outView.setInt32(at, x, true);
      outView.setInt32(at + 4, y, true);
      at += 8;
      w += 2;
    }
    if (w === copyLimit && w < limit) {
      const restStart = w;
      while (w < limit) {
        const x = words[w]!;
        const y = words[w + 1]!;
        const a = (((x & 0x7f7f7f7f) + 0x7f7f7f7f) | x) & (0x80808080 | 0);
        const b = (((y & 0x7f7f7f7f) + 0x7f7f7f7f) | y) & (0x80808080 | 0);
        if (Math.imul((a >>> 7) + (b >>> 7), 0x01010101) >>> 24 <= 6) break;
        w += 2;
      }
      out.set(input.subarray(restStart << 2, w << 2), at);
      at += (w - restStart) << 2;
    }
    out[countAt] = (w - runStart) >>> 1;
  }
  return at;
}

/** Verbatim runs up to this many bytes are copied word by word; longer ones by `set`. */
const SHORT_COPY_BYTES = 128;

/**
 * Reads unpacked bytes from packed input on demand, so a caller can unpack a segment table,
 * check the sizes it announces against its limits, and only then unpack the body. Runs may
 * span calls; packed streams of several messages are read one message at a time.
 */
export class PackedReader {
  private readonly input: Uint8Array;
  private position: number;
  /** Bytes still owed by the current word or run: zeros, or verbatim input bytes. */
  private pendingZeros = 0;
  private pendingVerbatim = 0;
  /** A view of the input for 4-byte reads, made on first use. */
  private view: DataView | null = null;

  constructor(input: Uint8Array, start = 0) {
    this.input = input;
    this.position = start;
  }

  /** Packed bytes consumed so far. */
  get offset(): number {
    return this.position;
  }

  /** Bytes still owed by a run that the last read stopped inside (zeros, or verbatim input). */
  get pendingBytes(): number {
    return this.pendingZeros + this.pendingVerbatim;
  }

  /** True when every input byte has been consumed and nothing is pending. */
  atEnd(): boolean {
    return this.position >= this.input.length && this.pendingZeros === 0 && this.pendingVerbatim === 0;
  }

  /** Unpacks exactly `out.length - start` bytes into `out`; TRUNCATED if the input ends first. */
  readInto(out: Uint8Array, start: number): void {
    this.unpack(out, start, false, false);
  }

  /** Like `readInto`, for an `out` that is already zero from `start` on (freshly allocated): zero bytes are skipped. */
  readIntoZeroed(out: Uint8Array, start: number): void {
    this.unpack(out, start, true, false);
  }

  /**
   * Like `readIntoZeroed`, but the input may end first, where a word ends and no run is owed:
   * returns where the bytes written end (`out.length` when it filled). For unpacking into
   * memory of a guessed size (`unpack`).
   */
  readAvailableZeroed(out: Uint8Array, start: number): number {
    return this.unpack(out, start, true, true);
  }

  /**
   * The most bytes the rest of the input can unpack to: a zero run takes two bytes for 256
   * words, so a byte yields at most 1 KiB. A claimed length above this cannot be met. Checking
   * a claim against it costs no pass over the input and protects as much as counting does
   * (`remainingUnpackedLength`): input that reaches the bound is as cheap to send as input that
   * passes the count.
   */
  unpackedBound(): number {
    return this.pendingBytes + (this.input.length - this.position) * 1024;
  }

  private unpack(out: Uint8Array, start: number, zeroed: boolean, toInputEnd: boolean): number {
    const input = this.input;
    let at = start;
    const end = out.length;
    while (at < end) {
      if (this.pendingZeros > 0) {
        const n = Math.min(this.pendingZeros, end - at);
        if (!zeroed) out.fill(0, at, at + n);
        at += n;
        this.pendingZeros -= n;
        continue;
      }
      if (this.pendingVerbatim > 0) {
        const n = Math.min(this.pendingVerbatim, end - at);
        if (this.position + n > input.length) throw truncated();
        out.set(input.subarray(this.position, this.position + n), at);
        this.position += n;
        at += n;
        this.pendingVerbatim -= n;
        continue;
      }
      if (end - at < 8) {
        throw new CapnpError('INVALID_ARGUMENT', 'packed input must be read in whole words');
      }
      if (toInputEnd && this.position >= input.length) return at;
      at = this.unpackWords(out, at, end, zeroed, toInputEnd);
    }
    return at;
  }

  /**
   * Unpacks whole words into `out` from `at` until `end` or the end of the input. A run that
   * fits in `out` is expanded here; one that does not is left pending for `unpack`, which serves
   * it across calls. The position lives in a local while it runs: a field written per byte made
   * unpacking half as fast (bench packing workload). A word whose halves each have their
   * non-zero bytes first (small integers, pointers: most mixed words of real messages) is read
   * as two 4-byte loads, cleared past its bytes, and stored as two 4-byte stores, while at
   * least 8 input bytes remain (so a load never passes the input's end); other words visit the
   * tag's set bits (into zeroed memory) or all eight. Zero runs into zeroed memory are skipped;
   * verbatim words are copied 4 bytes at a time. Where the words land at multiples of 4 of the
   * buffer (always, for `unpack` and packed framing) and the host is little-endian, the 4-byte
   * stores go through a `Uint32Array`, cheaper than `DataView` stores and cheaper to make (7-10%
   * of unpacking news or car sales); a caller's memory at other offsets takes the `DataView`.
   */
  private unpackWords(out: Uint8Array, at: number, end: number, zeroed: boolean, toInputEnd: boolean): number {
    const input = this.input;
    const inputEnd = input.length;
    const view = (this.view ??= new DataView(input.buffer, input.byteOffset, input.byteLength));
    // Every step moves `at` by a multiple of 4, so whether its stores are aligned is known here.
    const out32 = LITTLE_ENDIAN_HOST && ((out.byteOffset | at) & 3) === 0 ? new Uint32Array(out.buffer, out.byteOffset, out.byteLength >>> 2) : null;
    const outView = out32 === null ? new DataView(out.buffer, out.byteOffset, out.byteLength) : null;
    let p = this.position;
    try {
      while (end - at >= 8) {
        if (p >= inputEnd) {
          if (toInputEnd) return at;
          throw truncated();
        }
        const tag = input[p++]!;
        if (tag === 0xff) {
          if (p + 9 > inputEnd) throw truncated();
          putWord(out32, outView, at, view.getUint32(p, true));
          putWord(out32, outView, at + 4, view.getUint32(p + 4, true));
          at += 8;
          const count = input[p + 8]! * 8;
          p += 9;
          if (count > end - at || count > inputEnd - p) {
            this.pendingVerbatim = count;
            return at;
          }
          if (count > SHORT_COPY_BYTES) {
            out.set(input.subarray(p, p + count), at);
            at += count;
            p += count;
          } else {
            // A word per step, its two loads and stores written out for each kind of output:
            // V8 checks a view's map and length at every access it cannot prove unchanged,
            // and within one step it proves the second access (news unpacked in 0.81× the
            // instructions of a 4-byte step through `putWord`).
            const stop = p + count;
            if (out32 !== null) {
              for (; p < stop; p += 8, at += 8) {
                const i = at >>> 2;
                out32[i] = view.getInt32(p, true);
                out32[i + 1] = view.getInt32(p + 4, true);
              }
            } else {
              for (; p < stop; p += 8, at += 8) {
                outView!.setInt32(at, view.getInt32(p, true), true);
                outView!.setInt32(at + 4, view.getInt32(p + 4, true), true);
              }
            }
          }
          continue;
        }
        const halves = PREFIX_HALVES[tag]!;
        if (halves !== 0 && inputEnd - p >= 8) {
          const lo = view.getUint32(p, true) & KEEP_BYTES[halves & 7]!;
          p += halves & 7;
          const hi = view.getUint32(p, true) & KEEP_BYTES[halves >>> 3]!;
          p += halves >>> 3;
          putWord(out32, outView, at, lo);
          putWord(out32, outView, at + 4, hi);
          at += 8;
          continue;
        }
        if (p + NONZERO_BYTES[tag]! > inputEnd) throw truncated();
        if (zeroed) {
          for (let bits = tag; bits !== 0; bits &= bits - 1) out[at + 31 - Math.clz32(bits & -bits)] = input[p++]!;
        } else {
          for (let b = 0; b < 8; b++) out[at + b] = (tag >>> b) & 1 ? input[p++]! : 0;
        }
        at += 8;
        if (tag === 0) {
          if (p >= inputEnd) throw truncated();
          const count = input[p++]! * 8;
          if (count > end - at) {
            this.pendingZeros = count;
            return at;
          }
          if (!zeroed) out.fill(0, at, at + count);
          at += count;
        }
      }
      return at;
    } finally {
      this.position = p;
    }
  }

  /**
   * Counts the unpacked bytes remaining in the input without unpacking them, stopping (and
   * returning a value above `cap`) as soon as the count exceeds `cap`.
   */
  remainingUnpackedLength(cap: number): number {
    const input = this.input;
    let length = this.pendingZeros + this.pendingVerbatim;
    let p = this.position + this.pendingVerbatim;
    while (p < input.length && length <= cap) {
      const tag = input[p++]!;
      p += NONZERO_BYTES[tag]!;
      length += 8;
      if (tag === 0 || tag === 0xff) {
        if (p >= input.length) throw truncated();
        const count = input[p++]! * 8;
        length += count;
        if (tag === 0xff) p += count;
      }
    }
    if (p > input.length) throw truncated();
    return length;
  }
}

/**
 * For a tag whose halves each have their non-zero bytes first (0, 1, 3, 7 or 15 in both
 * nibbles, not 0 or 0xff), the two halves' byte counts (bits 0-2: low half, 3-5: high);
 * 0 for other tags.
 */
const PREFIX_HALVES = /* @__PURE__ */ (() => {
  const table = new Uint8Array(256);
  const prefixCount = [0, 1, -1, 2, -1, -1, -1, 3, -1, -1, -1, -1, -1, -1, -1, 4];
  for (let tag = 1; tag < 255; tag++) {
    const lo = prefixCount[tag & 15]!;
    const hi = prefixCount[tag >>> 4]!;
    if (lo >= 0 && hi >= 0) table[tag] = lo | (hi << 3);
  }
  return table;
})();

/** Stores the little-endian 4-byte `value` at `at` of the unpacker's output, through whichever view it has. */
function putWord(out32: Uint32Array | null, outView: DataView | null, at: number, value: number): void {
  if (out32 !== null) out32[at >>> 2] = value;
  else outView!.setUint32(at, value, true);
}

/** The low `n` bytes of a 32-bit value, for n = 0-4. */
const KEEP_BYTES = new Int32Array([0, 0xff, 0xffff, 0xffffff, -1]);

/** Set bits of each tag value: how many literal bytes follow the tag. */
const NONZERO_BYTES = /* @__PURE__ */ (() => {
  const table = new Uint8Array(256);
  for (let tag = 1; tag < 256; tag++) table[tag] = (tag & 1) + table[tag >>> 1]!;
  return table;
})();

function truncated(): CapnpError {
  return new CapnpError('TRUNCATED', 'packed input ends in the middle of a word or run');
}

/**
 * Unpacks all of `packed`. Fails with MESSAGE_TOO_LARGE if the result would exceed `maxBytes`,
 * having allocated no more than that (packing expands zero runs up to 1024-fold, so untrusted
 * input needs a cap).
 *
 * The result's length is not known until the input has been read: rather than a first pass
 * that measures it (a sixth of the time; the C++ library is handed a length), the bytes are
 * unpacked into a guess, 9/8 of the packed size, grown when they outrun it to what the input
 * read so far predicts. The array returned may view a larger buffer.
 */
export function unpack(input: Uint8Array, maxBytes = Infinity): Uint8Array<ArrayBuffer> {
  const packed = inputBytes(input);
  const reader = new PackedReader(packed);
  // Checked: a NaN cap made every growth below allocate nothing, for ever.
  const cap = Math.floor(Math.min(checkLimit(maxBytes, Infinity, 'maxBytes'), reader.unpackedBound()) / 8) * 8;
  let out = allocateBytes(Math.min(cap, roundUpToWord(packed.length + (packed.length >>> 3))));
  let at = reader.readAvailableZeroed(out, 0);
  while (!reader.atEnd()) {
    if (out.length >= cap) {
      throw new CapnpError('MESSAGE_TOO_LARGE', `packed input unpacks to more than ${maxBytes} bytes`);
    }
    // Predicted from the ratio so far (counting the run still owed, which for a long zero run
    // is most of it), with an eighth to spare; at least doubled.
    const predicted = ((at + reader.pendingBytes) / reader.offset) * packed.length;
    const grown = allocateBytes(Math.min(cap, roundUpToWord(Math.max(out.length * 2, predicted + predicted / 8))));
    grown.set(out.subarray(0, at));
    out = grown;
    at = reader.readAvailableZeroed(out, at);
  }
  return at === out.length ? out : out.subarray(0, at);
}

/** `bytes` rounded up to a multiple of 8 (whole words). */
function roundUpToWord(bytes: number): number {
  return Math.ceil(bytes / 8) * 8;
}
