/**
 * UTF-8 for Text fields. One shared decoder and encoder: constructing them is costly and they
 * hold no per-call state. Decoding is not fatal on invalid UTF-8 (replacement characters), as
 * Cap'n Proto does not validate text, and keeps a leading U+FEFF (`ignoreBOM`): in a Text value
 * it is a character of the value, which the decoder's default would drop as a byte order mark.
 */
import { asciiNatively, attachAsciiRuns } from './native-ascii.js';
import type { Segment } from './segment.js';

const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
const encoder = /* @__PURE__ */ new TextEncoder();

/** A slice of bytes decoded to a string, as Node's (and Bun's) `Buffer` methods take one. */
type BufferSlice = (this: Uint8Array, start: number, end: number) => string;

/** Node's and Bun's `Buffer.prototype`, for its native decoders of a slice; undefined elsewhere. */
const bufferMethods = (globalThis as { Buffer?: { prototype?: { latin1Slice?: BufferSlice; utf8Slice?: BufferSlice } } }).Buffer?.prototype;

/**
 * Decodes bytes as Latin-1: one character per byte, so a whole segment decoded once gives, by
 * substring, any ASCII text in it. Node's (and Bun's) `Buffer#latin1Slice` does it at memory
 * speed; Node's `TextDecoder('latin1')` is fast only for all-ASCII input (56 µs instead of
 * 1.5 µs for a 49 KB segment with pointers in it, measured), so it is used only where there is
 * no Buffer, i.e. in browsers, whose decoders are native. Null: no fast path on this runtime.
 */
const latin1Slice = bufferMethods?.latin1Slice;
const decodeLatin1: ((bytes: Uint8Array, start: number, end: number) => string) | null = (() => {
  if (typeof latin1Slice === 'function') return (bytes: Uint8Array, start: number, end: number) => latin1Slice.call(bytes, start, end);
  try {
    const latin1 = new TextDecoder('latin1');
    return (bytes: Uint8Array, start: number, end: number) => latin1.decode(bytes.subarray(start, end));
  } catch {
    return null;
  }
})();

/**
 * UTF-8 bytes [start, end) to their string, as `decoder` makes it (bytes that are not UTF-8 as
 * replacement characters, a leading U+FEFF kept; test/wire/fast-paths.test.ts compares the two
 * on random bytes): Buffer's `utf8Slice` where there is one, which takes no subarray and costs
 * less a call (100 bytes: 191 against 221 ns; 256: 198 against 241; 1 KiB: 302 against 345),
 * else TextDecoder.
 */
const utf8Slice = bufferMethods?.utf8Slice;
const decodeUtf8Range: (bytes: Uint8Array, start: number, end: number) => string = typeof utf8Slice === 'function'
  ? (bytes, start, end) => utf8Slice.call(bytes, start, end)
  : (bytes, start, end) => decoder.decode(bytes.subarray(start, end));

/**
 * A window is decoded once `textBytesRead * fraction >= window size`, from its second string on
 * (see decodeText). With Buffer's latin1Slice (0.03 ns per byte, about a third of one
 * TextDecoder call for a 1 KiB segment) it pays after a few strings; with TextDecoder
 * (browsers) it waits longer. A sparse read (one field of a large message) never triggers it.
 */
const WINDOW_FRACTION = typeof (globalThis as { Buffer?: unknown }).Buffer === 'function' ? 64 : 8;

/**
 * The largest window, and the window of a segment read here and there (the whole segment, up to
 * this size). Small enough that a window is an ordinary string of V8's young generation (whose
 * pages are used again and again), not a large object (over 128 KiB: each is given fresh pages,
 * which the kernel faults in one by one, and returns them when collected): with 4 MiB windows,
 * reading a 460 KB message faulted in 117 pages each time and cost 2.4× the 46 KB message's
 * time per KB (bench news-large). Decoding a 46 MB segment whole would also hold a second copy
 * of the message while it is read.
 */
export const LATIN1_WINDOW_BYTES = 64 * 1024;

/**
 * The first window of a segment read in order. Windows then double as reading goes on past each,
 * up to LATIN1_WINDOW_BYTES: a reader of a few strings pays for a few KiB, not for the segment
 * (decoding the 49 KB news segment cost about 2.4 µs, some 20 strings decoded on their own), and
 * one that reads on pays a few more calls for the same bytes.
 */
export const FIRST_WINDOW_BYTES = 4096;

/**
 * Decodes the Text at [start, end) of a segment being read. Reading many strings from one
 * message is the common case (and where TextDecoder's per-call cost dominates), so once reading
 * has shown enough text, a window of the segment is decoded as Latin-1 and each ASCII string in
 * it becomes a substring (V8 shares the characters). Strings read before that, and those of
 * segments whose bytes may still change (being built, or viewed through asReader), are decoded
 * on their own (`decodeRange`); non-ASCII text takes TextDecoder. Windows follow reading: a
 * string across or just past a window's end opens the next window, twice as large (the first is
 * FIRST_WINDOW_BYTES), from a little before it (WINDOW_LEAD_BYTES); any other string outside
 * the window closes it, and from then on windows are as large as they can be (the whole of a
 * segment up to LATIN1_WINDOW_BYTES), opened when reading has again shown enough text: reading
 * in order pays for what it reads, reading here and there rarely opens one.
 */
export function decodeText(segment: Segment, start: number, end: number): string {
  if (start === end) return '';
  const window = segment.latin1;
  if (window !== null && start >= segment.latin1Start && end <= segment.latin1End) {
    // ASCII if a native check passed over it already, passes now (native-ascii.ts), or the words say so.
    const runs = segment.ascii;
    const known = runs !== null && start >= runs.start && end <= runs.end;
    if (!known && !(runs !== null && asciiNatively(segment, runs, start, end)) && !asciiInWords(segment, start, end)) {
      return decodeUtf8Range(segment.bytes, start, end);
    }
    const from = segment.latin1Start;
    return window.substring(start - from, end - from);
  }
  return decodeOutsideWindow(segment, start, end);
}

/** Whether [start, end) of a segment holds only ASCII, checked here. */
function asciiInWords(segment: Segment, start: number, end: number): boolean {
  const words = segment.words;
  return words !== null ? asciiWords(words, start, end) : asciiBytes(segment.bytes, start, end);
}

/** `decodeText` for a string outside the window, or with none open: maybe opens one. */
function decodeOutsideWindow(segment: Segment, start: number, end: number): string {
  const length = end - start;
  if (segment.latin1 !== null) {
    // Reading went on across or past the window's end: the next window, twice as large, is
    // opened at this string, which is then not read on its own. Reading that went back, or far
    // ahead, makes every later window as large as it can be.
    const from = segment.latin1Start;
    const onwards = start > from && start - segment.latin1End < LATIN1_WINDOW_BYTES;
    const size = Math.min(2 * (segment.latin1End - from), LATIN1_WINDOW_BYTES);
    segment.latin1 = null;
    segment.textBytesRead = 0;
    if (onwards) return openWindow(segment, start, size, start, end);
    segment.wholeWindows = true;
  }
  segment.textBytesRead += length;
  // The first string read never opens a window: a small message with one or two strings is
  // read faster string by string.
  const segmentBytes = segment.used - segment.start;
  const windowBytes = Math.min(segmentBytes, segment.wholeWindows ? LATIN1_WINDOW_BYTES : FIRST_WINDOW_BYTES);
  if (decodeLatin1 === null || !segment.arena.bytesAreStable || segment.textBytesRead === length ||
    segment.textBytesRead * WINDOW_FRACTION < windowBytes || length > windowBytes) {
    return decodeRange(segment.bytes, start, end);
  }
  return openWindow(segment, segmentBytes <= windowBytes ? segment.start : start, windowBytes, start, end);
}

/**
 * How far before the string that opens it a window starts: a struct's Text is often read in
 * another order than it was written (a `url` read after the `snippet` written after it), and a
 * window opened at the second would miss the first and close again at once (the upstream
 * benchmark's catrank did so for every window).
 */
const WINDOW_LEAD_BYTES = 512;

/**
 * Decodes `size` bytes of a segment from WINDOW_LEAD_BYTES before `at` as its window, then the
 * string [start, end) in it; or decodes the string on its own if the window would not hold it.
 */
function openWindow(segment: Segment, at: number, size: number, start: number, end: number): string {
  const bytes = segment.bytes;
  const from = Math.max(segment.start, at - WINDOW_LEAD_BYTES);
  const to = Math.min(segment.used, from + size);
  if (end > to) return decodeRange(bytes, start, end);
  segment.latin1 = decodeLatin1!(bytes, from, to);
  segment.latin1Start = from;
  segment.latin1End = to;
  if (segment.words === null && (bytes.byteOffset & 3) === 0) segment.words = new Uint32Array(bytes.buffer, bytes.byteOffset, segment.used >>> 2);
  attachAsciiRuns(segment);
  return decodeText(segment, start, end);
}

/**
 * Whether the words covering [start, end) hold only ASCII. Text starts on a word boundary and is
 * followed by its NUL and zero padding, so reading whole words only ever adds zero bytes (or, in
 * a message with garbage padding, gives a false "no", which just takes the exact path). OR-ing
 * the words and testing once is faster than testing each (bench: 8.5 vs 11.6 ns per string).
 */
function asciiWords(words: Uint32Array, start: number, end: number): boolean {
  let bits = 0;
  for (let w = start >>> 2, last = (end + 3) >>> 2; w < last; w++) bits |= words[w]!;
  return (bits & 0x80808080) === 0;
}

/**
 * ASCII strings up to 32 bytes are made in JavaScript, by one `String.fromCharCode` call: V8
 * builds the string inline, where `latin1Slice` and `TextDecoder` are calls into C++. Up to 16
 * bytes, a call of 16 arguments; up to 32, one of 32 (a 24-byte string: 60 ns against 88 for
 * `latin1Slice`; a 12-byte one: 42 ns through 16 arguments, 60 through 32). A `const enum`, so
 * that the tests of a string's length compare with numbers (a module-level `const` is loaded
 * from the module's context at each use: sparse +0.2% instructions).
 */
const enum ShortAscii {
  /** The longest made by `shortAscii`. */
  BY_16_ARGUMENTS = 16,
  /** The longest made by `mediumAscii`, and so in JavaScript at all. */
  BY_32_ARGUMENTS = 32,
}

/**
 * Strings up to this many bytes are checked for ASCII here first: the short ones (`ShortAscii`)
 * are then made in JavaScript, the others by Buffer's latin1Slice where there is one, which has
 * no per-call setup, unlike TextDecoder (12 bytes: 84 vs 128 ns). Longer strings, and any that
 * is not ASCII, take `decodeUtf8Range`, whose ASCII scan is native.
 */
const SHORT_DECODE = typeof latin1Slice === 'function' ? 64 : ShortAscii.BY_32_ARGUMENTS;

function decodeRange(bytes: Uint8Array, start: number, end: number): string {
  const length = end - start;
  if (length <= SHORT_DECODE && asciiBytes(bytes, start, end)) {
    if (length <= ShortAscii.BY_16_ARGUMENTS) return shortAscii(bytes, start, length);
    return length <= ShortAscii.BY_32_ARGUMENTS ? mediumAscii(bytes, start, length) : latin1Slice!.call(bytes, start, end);
  }
  return decodeUtf8Range(bytes, start, end);
}

/** The string of `length` (1 to 16) ASCII bytes from `start` (see `ShortAscii`). */
function shortAscii(b: Uint8Array, s: number, length: number): string {
  // Bytes past the string (its NUL, padding, or past the array: undefined, made 0) are cut off.
  return String.fromCharCode(b[s]!, b[s + 1]!, b[s + 2]!, b[s + 3]!, b[s + 4]!, b[s + 5]!, b[s + 6]!, b[s + 7]!,
    b[s + 8]!, b[s + 9]!, b[s + 10]!, b[s + 11]!, b[s + 12]!, b[s + 13]!, b[s + 14]!, b[s + 15]!).substring(0, length);
}

/** The string of `length` (17 to 32) ASCII bytes from `start`, as `shortAscii` makes one. */
function mediumAscii(b: Uint8Array, s: number, length: number): string {
  return String.fromCharCode(b[s]!, b[s + 1]!, b[s + 2]!, b[s + 3]!, b[s + 4]!, b[s + 5]!, b[s + 6]!, b[s + 7]!,
    b[s + 8]!, b[s + 9]!, b[s + 10]!, b[s + 11]!, b[s + 12]!, b[s + 13]!, b[s + 14]!, b[s + 15]!,
    b[s + 16]!, b[s + 17]!, b[s + 18]!, b[s + 19]!, b[s + 20]!, b[s + 21]!, b[s + 22]!, b[s + 23]!,
    b[s + 24]!, b[s + 25]!, b[s + 26]!, b[s + 27]!, b[s + 28]!, b[s + 29]!, b[s + 30]!, b[s + 31]!).substring(0, length);
}

function asciiBytes(bytes: Uint8Array, start: number, end: number): boolean {
  let bits = 0;
  for (let i = start; i < end; i++) bits |= bytes[i]!;
  return (bits & 0x80) === 0;
}

/**
 * The string UTF-8 bytes hold, as a Text field's are read (replacement characters, a leading
 * U+FEFF kept): for values outside a message, such as a schema's or a text-format message's
 * string literals.
 */
export function decodeUtf8(bytes: Uint8Array): string {
  return bytes.length === 0 ? '' : decodeUtf8Range(bytes, 0, bytes.length);
}

// Read in a pure call, so that a bundle that never writes Text leaves it out.
const nodeUtf8Write = /* @__PURE__ */ (() => (globalThis as { Buffer?: { prototype?: { utf8Write?: (text: string, offset: number, length: number) => number } } }).Buffer?.prototype?.utf8Write)();

/**
 * The native encoder for strings that are long or not ASCII. Node's `Buffer#utf8Write` writes the same bytes as TextEncoder (lone
 * surrogates become U+FFFD) without TextEncoder's per-call overhead (bench: 58 vs 79 ns per
 * string of the news document); elsewhere, `encodeInto`.
 */
export const encodeNative: (text: string, bytes: Uint8Array, offset: number) => number =
  typeof nodeUtf8Write === 'function'
    ? (text, bytes, offset) => nodeUtf8Write.call(bytes, text, offset, bytes.length - offset)
    : (text, bytes, offset) => encoder.encodeInto(text, bytes.subarray(offset)).written;

/**
 * Writes as much of `text` as fits in `bytes` from `start` to `end` and says how much that was
 * (UTF-16 units read, bytes written; a character is never split): for a long string written
 * where it may not fit.
 */
export function encodeUtf8Fitting(text: string, bytes: Uint8Array, start: number, end: number): { read: number; written: number } {
  return encoder.encodeInto(text, bytes.subarray(start, end));
}

/**
 * Strings up to this many UTF-16 units are first tried as ASCII by a loop in JS. A native
 * encode costs about 46 ns per call whatever the length (Node 20), the loop about 1.2 ns per
 * character, so the loop wins below ~38 characters: 8 characters 12 vs 52 ns, 32 characters
 * 42 vs 54 ns (`npm run bench -- --only strings`).
 */
export const SHORT_TEXT = 32;

/** Writes `text` if it is all ASCII and returns its length; -1 (having written a prefix) if not. */
function writeAscii(text: string, bytes: Uint8Array, offset: number): number {
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x80) return -1;
    bytes[offset + i] = c;
  }
  return length;
}

/** Writes `text` as UTF-8 at `offset` (room for 3 bytes per UTF-16 unit) and returns the bytes written. */
export function encodeUtf8Into(text: string, bytes: Uint8Array, offset: number): number {
  if (text.length <= SHORT_TEXT) {
    const written = writeAscii(text, bytes, offset);
    if (written >= 0) return written;
  }
  return encodeNative(text, bytes, offset);
}

export function encodeUtf8(text: string): Uint8Array<ArrayBuffer> {
  return encoder.encode(text);
}

/**
 * Bytes `text` takes in UTF-8 (lone surrogates count as U+FFFD, as TextEncoder writes them). With
 * `limit`, counting stops once past it and the result is then some number above `limit` (for
 * layout decisions such as "does this fit on the line", which need not measure long strings).
 */
export function utf8Length(text: string, limit = Infinity): number {
  const length = text.length;
  // A UTF-16 unit never takes fewer UTF-8 bytes than one.
  if (length > limit) return length;
  let bytes = length;
  for (let i = 0; i < length && bytes <= limit; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) {
      bytes += 1;
    } else if (c >= 0xd800 && c <= 0xdbff && i + 1 < length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 2;
        i++;
      } else {
        bytes += 2;
      }
    } else {
      bytes += 2;
    }
  }
  return bytes;
}
