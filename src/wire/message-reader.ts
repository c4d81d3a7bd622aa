import { AnyPointerReader } from './any-pointer-reader.js';
import { Arena } from './core/arena.js';
import { CapnpError } from './error.js';
import { inputBytes } from './core/input-bytes.js';
import { checkOptionsObject } from './core/options-object.js';
import { describeValue } from './core/describe-value.js';
import { parseFlat, parseFrame, readPackedFrame, singleSegmentEnd, singleSegmentLength } from './formats/framing.js';
import type { ReaderOptions, ResolvedReaderOptions } from './core/limits.js';
import { resolveReaderOptions } from './core/reader-options.js';
import { PackedReader, unpack } from './formats/packing.js';
import { locateRootWord, type Location } from './read-object.js';
import { resolved, wordFromBytes } from './core/read-pointer.js';
import { viewOf } from './core/segment.js';
import { StructReader } from './struct-reader.js';

/**
 * How messages are laid out as bytes:
 * - `binary`: a segment table, then the segments (the standard stream framing);
 * - `flat`: one segment, no table;
 * - `packed` / `flat-packed`: those two, packed.
 */
export type MessageFormat = 'binary' | 'flat' | 'packed' | 'flat-packed';

export interface ReadMessageOptions extends ReaderOptions {
  /** Default `binary`. */
  format?: MessageFormat;
}

/** The formats read without unpacking. */
export type UnpackedFormat = 'binary' | 'flat';

/** Options of the readers that leave packing out of a bundle (generated `XReader.read`). */
export interface UnpackedReadOptions extends ReaderOptions {
  /** Default `binary`; packed input is `unpack()`ed first. */
  format?: UnpackedFormat;
}

/** A message being read: its segments and the limits that guard reading them. */
export class MessageReader {
  readonly arena: Arena;

  /**
   * A message over segments already split out of their framing (used as given, no copy). An
   * Arena (from `openMessage`) is taken as it is.
   */
  constructor(segments: readonly Uint8Array[] | Arena, options?: ReaderOptions) {
    if (segments instanceof Arena) {
      this.arena = segments;
      return;
    }
    // Framed bytes given here instead of to readMessage failed deep inside with a TypeError.
    if (!Array.isArray(segments)) {
      throw new CapnpError('INVALID_ARGUMENT', `new MessageReader takes a message's segments (an array of byte arrays); read framed bytes with readMessage(bytes), got ${describeValue(segments)}`);
    }
    this.arena = arenaOf(segments.map(inputBytes), resolveReaderOptions(options));
  }

  /** The segments' bytes. */
  get segments(): Uint8Array[] {
    return this.arena.segments.map((s) => s.content());
  }

  /** Capabilities referenced by the message's capability pointers (set by RPC). */
  get capTable(): unknown[] {
    return this.arena.capTable;
  }

  set capTable(table: unknown[]) {
    this.arena.capTable = table;
  }

  /** The root pointer, whatever it points at. */
  getRootPointer(): AnyPointerReader {
    const first = this.arena.first;
    if (first.used - first.start < 8) throw new CapnpError('BAD_FRAMING', 'message has no root pointer: its first segment is empty');
    return new AnyPointerReader(first, first.start, this.arena.nestingLimit);
  }

  /** The root struct (an empty struct if the root pointer is null). */
  getRoot(): StructReader {
    const at = rootOf(this.arena);
    return new StructReader(at.segment, at.data, at.dataSize, at.data + at.dataSize, at.pointerCount, at.nestingLimit);
  }
}

/**
 * The input as a plain Uint8Array view (no copy). Subclasses such as Node's Buffer are viewed
 * as Uint8Array, so Data read from a message is the same class whatever the input was.
 */

function arenaOf(segments: readonly Uint8Array[], limits: ResolvedReaderOptions): Arena {
  if (segments.length === 0) throw new CapnpError('BAD_FRAMING', 'a message needs at least one segment');
  if (segments.length > limits.maxSegments) {
    throw new CapnpError('BAD_FRAMING', `message has ${segments.length} segments; at most ${limits.maxSegments} are allowed`);
  }
  return Arena.forReading(segments, limits);
}

/**
 * The arena of unpacked segments: one is opened as a framed one-segment message is (a small one
 * copied into the shared slab, which saves it a DataView of its own).
 */
function openedSegments(segments: Uint8Array[], limits: ResolvedReaderOptions): Arena {
  return segments.length === 1 ? Arena.forReadingOne(segments[0]!, 0, limits) : arenaOf(segments, limits);
}

/** The arena of exactly one message read from `input` in `options.format`. */
function openMessage(input: Uint8Array | ArrayBuffer, options: ReadMessageOptions | undefined): Arena {
  const bytes = inputBytes(input);
  const limits = resolveReaderOptions(options);
  const format = options?.format ?? 'binary';
  if (format === 'packed') {
    const reader = new PackedReader(bytes);
    const segments = readPackedFrame(reader, limits);
    if (!reader.atEnd()) throw new CapnpError('BAD_FRAMING', 'data follows the packed message; use readMessages for a stream of messages');
    return openedSegments(segments, limits);
  }
  if (format === 'flat-packed') return Arena.forReadingOne(parseFlat(unpack(bytes, limits.traversalLimitInWords * 8), limits), 0, limits);
  return openUnpacked(bytes, limits, format);
}

/**
 * The arena of one message in a format read without unpacking. Apart from `openMessage` so that
 * code which never reads packed input (`locateUnpackedRoot`) does not bundle the unpacker.
 */
function openUnpacked(bytes: Uint8Array, limits: ResolvedReaderOptions, format: MessageFormat): Arena {
  switch (format) {
    case 'binary': {
      if (singleSegmentLength(bytes, limits) >= 0) return Arena.forReadingOne(bytes, 8, limits);
      const frame = parseFrame(bytes, 0, limits);
      if (frame.end !== bytes.length) {
        throw new CapnpError('BAD_FRAMING', `${bytes.length - frame.end} bytes follow the message; use readMessages for a stream of messages`);
      }
      return arenaOf(frame.segments, limits);
    }
    case 'flat':
      // Its one segment is all of the input: opened as a framed one's is (a small one copied).
      return Arena.forReadingOne(parseFlat(bytes, limits), 0, limits);
    case 'packed':
    case 'flat-packed':
      throw new CapnpError(
        'INVALID_ARGUMENT',
        `unpack() ${format} input first: this reader takes binary or flat messages`,
      );
    default:
      throw new CapnpError('INVALID_ARGUMENT', `unknown message format ${String(format)}`);
  }
}

/**
 * Reads exactly one message from `input`. The bytes are not copied (unless misaligned, packed,
 * or a one-segment message of at most 512 bytes: docs/wire.md), so they must not change while the
 * message is read.
 */
export function readMessage(input: Uint8Array | ArrayBuffer, options?: ReadMessageOptions): MessageReader {
  return new MessageReader(openMessage(input, options));
}

/**
 * Where the root struct of the message in `input` is (as `readMessage(input, options).getRoot()`
 * would find it), in the shared `location` record, valid until the next call. For generated
 * readers, which make their own view of the root: no MessageReader or StructReader is made.
 */
export function locateRoot(input: Uint8Array | ArrayBuffer, options?: ReadMessageOptions): Location {
  return rootOf(openMessage(input, options));
}

/**
 * `locateRoot` for binary and flat messages only (packed input throws, telling the caller to
 * `unpack()` it first): what generated reader classes call, so that an application that only
 * reads leaves the unpacker out of its bundle.
 */
export function locateUnpackedRoot(input: Uint8Array | ArrayBuffer, options?: UnpackedReadOptions): Location {
  return rootOf(openUnpacked(inputBytes(input), resolveReaderOptions(options), options?.format ?? 'binary'));
}

/**
 * `locateUnpackedRoot` of a binary (framed) message, its limits resolved beforehand: for a reader
 * that opens many messages under the same options (an RPC connection opens every message it
 * receives), which would otherwise resolve them into a new object each time.
 */
export function locateFramedRoot(input: Uint8Array, limits: ResolvedReaderOptions): Location {
  return rootOf(openUnpacked(inputBytes(input), limits, 'binary'));
}

function rootOf(arena: Arena): Location {
  const first = arena.first;
  if (first.used - first.start < 8) throw new CapnpError('BAD_FRAMING', 'message has no root pointer: its first segment is empty');
  // The root pointer is read from the bytes: opening makes no DataView (see core/segment.ts),
  // unless the root has a data section, which its reader reads through the view.
  wordFromBytes(first.bytes, first.start);
  const at = locateRootWord(first, first.start, resolved.lo, resolved.hi, first.arena.nestingLimit);
  if (at.dataSize !== 0) viewOf(at.segment);
  return at;
}

/**
 * The first packed message of `bytes` and the packed bytes it took, for a reader of a stream
 * that arrives in pieces (formats/message-stream.ts): TRUNCATED when `bytes` ends inside it.
 */
export function readPackedPrefix(bytes: Uint8Array, limits: ResolvedReaderOptions): [MessageReader, number] {
  const reader = new PackedReader(bytes);
  const message = readPackedMessage(reader, limits);
  return [message, reader.offset];
}

/**
 * The next message of a packed stream. Each message is packed on its own, so no run goes on
 * past its end: one that does is refused, as C++ refuses it ("did not end cleanly on a segment
 * boundary"), rather than carried into the next message.
 */
function readPackedMessage(reader: PackedReader, limits: ResolvedReaderOptions): MessageReader {
  const segments = readPackedFrame(reader, limits);
  if (reader.pendingBytes > 0) throw new CapnpError('BAD_FRAMING', 'a packed run goes on past the end of its message');
  return new MessageReader(openedSegments(segments, limits));
}

/**
 * Reads a stream of concatenated messages (`binary` or `packed`). Flat formats have no framing
 * and so hold exactly one message.
 */
export function* readMessages(input: Uint8Array | ArrayBuffer, options?: ReadMessageOptions): Generator<MessageReader> {
  const bytes = inputBytes(input);
  checkOptionsObject(options);
  const limits = resolveReaderOptions(options);
  const format = options?.format ?? 'binary';
  if (format === 'binary') {
    let offset = 0;
    while (offset < bytes.length) {
      // A message of one segment is opened as readMessage opens one (a small one from a copy,
      // a larger one in place with no view until one is needed); others, and anything
      // malformed, through the frame.
      const end = singleSegmentEnd(bytes, offset, limits);
      if (end >= 0) {
        yield new MessageReader(Arena.forReadingOne(bytes.subarray(offset, end), 8, limits));
        offset = end;
        continue;
      }
      const frame = parseFrame(bytes, offset, limits);
      offset = frame.end;
      yield new MessageReader(arenaOf(frame.segments, limits));
    }
  } else if (format === 'packed') {
    const reader = new PackedReader(bytes);
    while (!reader.atEnd()) yield readPackedMessage(reader, limits);
  } else {
    yield readMessage(bytes, options);
  }
}
