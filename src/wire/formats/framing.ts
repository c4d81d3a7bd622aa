/**
 * The stream framing: a segment table (segment count minus one, then each segment's size in
 * words, all u32, padded to a word) followed by the segments. Everything here checks sizes
 * against the reader's limits before allocating or slicing.
 */
import { inputBytes } from '../core/input-bytes.js';
import { CapnpError } from '../error.js';
import type { ReaderOptions, ResolvedReaderOptions } from '../core/limits.js';
import { resolveReaderOptions } from '../core/reader-options.js';
import { PackedReader } from './packing.js';
import { allocateBytes } from '../core/pool.js';

export class Frame {
  constructor(
    readonly segments: Uint8Array[],
    /** Offset just past the message in the input. */
    readonly end: number,
  ) {}
}

/** Bytes of a segment table for `count` segments. */
export function segmentTableBytes(count: number): number {
  return (4 + count * 4 + 7) & ~7;
}

function checkSegmentCount(countMinusOne: number, options: ResolvedReaderOptions): number {
  // Computed in doubles, so 0xFFFFFFFF + 1 does not wrap to zero as it would in u32 arithmetic.
  const count = countMinusOne + 1;
  if (count > options.maxSegments) {
    throw new CapnpError('BAD_FRAMING', `segment table announces ${count} segments; at most ${options.maxSegments} are allowed`);
  }
  return count;
}

function checkTotal(totalWords: number, options: ResolvedReaderOptions): void {
  if (totalWords > options.traversalLimitInWords) {
    throw new CapnpError('MESSAGE_TOO_LARGE', `message announces ${totalWords} words, more than the traversal limit of ${options.traversalLimitInWords} words (ReaderOptions.traversalLimitInWords)`);
  }
}

/**
 * The total length in bytes of the framed message starting at `offset`, or -1 if `bytes` does
 * not yet hold its whole segment table (for stream transports deciding whether to wait). The
 * table is checked against `options` (segment count, total size) like `readMessage` does.
 */
export function framedMessageLength(bytes: Uint8Array, offset = 0, options?: ReaderOptions): number {
  return messageLength(inputBytes(bytes), offset, resolveReaderOptions(options));
}

/** A little-endian u32 read byte by byte: cheaper than making a DataView for a few reads. */
export function readUint32(bytes: Uint8Array, at: number): number {
  return (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0;
}

function messageLength(bytes: Uint8Array, offset: number, options: ResolvedReaderOptions): number {
  if (bytes.length - offset < 4) return -1;
  const count = checkSegmentCount(readUint32(bytes, offset), options);
  const tableBytes = segmentTableBytes(count);
  if (bytes.length - offset < tableBytes) return -1;
  let totalWords = 0;
  for (let i = 0; i < count; i++) totalWords += readUint32(bytes, offset + 4 + i * 4);
  checkTotal(totalWords, options);
  return tableBytes + totalWords * 8;
}

/**
 * The byte length of the one segment of `bytes` when `bytes` is exactly a well-formed
 * single-segment framed message within `options`, else -1 (anything else,
 * including every malformed input, takes `parseFrame`, which says what is wrong). The common
 * case for small messages, read without making any intermediate objects.
 */
export function singleSegmentLength(bytes: Uint8Array, options: ResolvedReaderOptions): number {
  // Alignment is not checked here: `byteOffset` alone costs a fifth of opening a message (Node
  // 20). Misaligned input is read in place, and copied once if a typed-array view of one of its
  // lists needs alignment (Segment#realign).
  const length = bytes.length;
  if (length < 16 || options.maxSegments < 1) return -1;
  if ((bytes[0]! | bytes[1]! | bytes[2]! | bytes[3]!) !== 0) return -1;
  const words = readUint32(bytes, 4);
  if (words * 8 !== length - 8 || words > options.traversalLimitInWords) return -1;
  return words * 8;
}

/**
 * Where the message at `offset` of a stream ends when it is a well-formed single-segment framed
 * message within `options` (an empty segment is not: it has no root pointer), else -1: the
 * stream's counterpart of `singleSegmentLength`, for `readMessages`. (One function for both
 * counted opening a small message 2-4% more instructions: `singleSegmentLength` stays the
 * shorter check of a whole input.)
 */
export function singleSegmentEnd(bytes: Uint8Array, offset: number, options: ResolvedReaderOptions): number {
  if (bytes.length - offset < 16 || options.maxSegments < 1) return -1;
  if ((bytes[offset]! | bytes[offset + 1]! | bytes[offset + 2]! | bytes[offset + 3]!) !== 0) return -1;
  const words = readUint32(bytes, offset + 4);
  const end = offset + 8 + words * 8;
  if (words === 0 || end > bytes.length || words > options.traversalLimitInWords) return -1;
  return end;
}

/** Parses the framed message at `offset`. Segments are views of `bytes` when aligned. */
export function parseFrame(bytes: Uint8Array, offset: number, options: ResolvedReaderOptions): Frame {
  if (bytes.length - offset < 8) {
    throw new CapnpError('TRUNCATED', bytes.length === offset ? 'no message: the input is empty' : `input ends inside a segment table (${bytes.length - offset} bytes)`);
  }
  const length = messageLength(bytes, offset, options);
  if (length < 0) throw new CapnpError('TRUNCATED', 'input ends inside the segment table');
  if (bytes.length - offset < length) {
    throw new CapnpError('TRUNCATED', `input ends inside the message: the segment table announces ${length} bytes, ${bytes.length - offset} are present`);
  }
  const count = readUint32(bytes, offset) + 1;
  const tableBytes = segmentTableBytes(count);
  let body = bytes.subarray(offset + tableBytes, offset + length);
  // Typed-array views of lists need aligned segments: copy misaligned input once.
  if ((body.byteOffset & 7) !== 0) body = body.slice();
  // `new Array`, not a literal: see the note on allocation-site pretenuring in arena.ts.
  const segments = new Array<Uint8Array>(count);
  let at = 0;
  for (let i = 0; i < count; i++) {
    const size = readUint32(bytes, offset + 4 + i * 4) * 8;
    segments[i] = count === 1 ? body : body.subarray(at, at + size);
    at += size;
  }
  return new Frame(segments, offset + length);
}

/**
 * Checks a single unframed segment ("flat" format) and returns it. Misaligned input is returned
 * as it is: it is read as a framed message's one segment is (`Arena.forReadingOne`), in place
 * and copied once if a typed-array view needs alignment, or copied whole if small.
 */
export function parseFlat(bytes: Uint8Array, options: ResolvedReaderOptions): Uint8Array {
  if (bytes.length % 8 !== 0) {
    throw new CapnpError('TRUNCATED', `a flat message is a whole number of words; got ${bytes.length} bytes`);
  }
  checkTotal(bytes.length / 8, options);
  return bytes;
}

/** Reads one framed message from a packed stream, checking the table before the body. */
export function readPackedFrame(reader: PackedReader, options: ResolvedReaderOptions): Uint8Array[] {
  const first = allocateBytes(8);
  reader.readIntoZeroed(first, 0);
  const count = checkSegmentCount(readUint32(first, 0), options);
  const tableBytes = segmentTableBytes(count);
  let table = first;
  if (tableBytes > 8) {
    table = allocateBytes(tableBytes);
    table.set(first);
    reader.readIntoZeroed(table, 8);
  }
  let totalWords = 0;
  for (let i = 0; i < count; i++) totalWords += readUint32(table, 4 + i * 4);
  checkTotal(totalWords, options);
  // The table is only a claim: no more is allocated than the rest of the input could unpack
  // to (1 KiB a byte, as zero runs that cost the sender nothing more would make it).
  const bodyBytes = totalWords * 8;
  if (bodyBytes > reader.unpackedBound()) throw endsInside(bodyBytes);
  const body = allocateBytes(bodyBytes);
  if (reader.readAvailableZeroed(body, 0) < bodyBytes) throw endsInside(bodyBytes);
  const segments = new Array<Uint8Array>(count);
  let at = 0;
  for (let i = 0; i < count; i++) {
    const size = readUint32(table, 4 + i * 4) * 8;
    segments[i] = body.subarray(at, at + size);
    at += size;
  }
  return segments;
}

function endsInside(bodyBytes: number): CapnpError {
  return new CapnpError('TRUNCATED', `packed input ends inside the message: the segment table announces ${bodyBytes} bytes`);
}

/** Writes the segment table and segments as one framed message. */
export function frameSegments(segments: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const tableBytes = segmentTableBytes(segments.length);
  let total = tableBytes;
  for (const s of segments) total += s.length;
  const out = allocateBytes(total);
  writeSegmentTable(segments, out);
  let at = tableBytes;
  for (const s of segments) {
    out.set(s, at);
    at += s.length;
  }
  return out;
}

/** Writes the segment table for `segments` at the start of `out`; returns its length. */
export function writeSegmentTable(segments: readonly Uint8Array[], out: Uint8Array): number {
  // Byte by byte: a DataView here would cost more than the table (see pool.ts).
  writeUint32(out, 0, segments.length - 1);
  for (let i = 0; i < segments.length; i++) writeUint32(out, 4 + i * 4, segments[i]!.length / 8);
  const tableBytes = segmentTableBytes(segments.length);
  if (segments.length % 2 === 0) writeUint32(out, tableBytes - 4, 0);
  return tableBytes;
}

function writeUint32(out: Uint8Array, at: number, value: number): void {
  out[at] = value;
  out[at + 1] = value >>> 8;
  out[at + 2] = value >>> 16;
  out[at + 3] = value >>> 24;
}
