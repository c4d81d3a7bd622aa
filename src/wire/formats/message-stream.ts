/**
 * Messages read one by one from bytes that arrive in pieces: a pipe, a socket, standard input,
 * a `fetch` body. Each message is handed out as soon as its last byte arrives, and only the
 * message being read (and what came with its last piece) is held, so a stream of any length
 * is read in the memory of its largest message, which the reader's limits bound: a segment
 * table announcing more is refused before its body is waited for.
 */
import { CapnpError } from '../error.js';
import type { ReaderOptions } from '../core/limits.js';
import { resolveReaderOptions } from '../core/reader-options.js';
import { MessageReader, readMessage, readMessages, readPackedPrefix } from '../message-reader.js';
import { framedMessageLength, readUint32, segmentTableBytes } from './framing.js';
import { concatBytes, type ByteStream } from './read-stream.js';

export interface MessageStreamOptions extends ReaderOptions {
  /** `binary` (the default) or `packed`: the formats whose messages say where they end. */
  format?: 'binary' | 'packed';
}

/**
 * Reads the messages of a stream of framed (or packed) messages as they arrive:
 *
 * ```ts
 * for await (const message of readMessageStream(process.stdin)) handle(message);
 * ```
 *
 * `source` is anything async-iterable over byte arrays (a Node stream, a web `ReadableStream`
 * where it is iterable) or a web `ReadableStream` itself. A stream that ends inside a message is
 * TRUNCATED, as `readMessages` refuses the same bytes; each message is read under `options`, as
 * `readMessage` reads one. A segment table the limits refuse is refused as soon as it arrives
 * (where `readMessages`, given a stream cut short, may say TRUNCATED first). Leaving the loop
 * early stops reading the source.
 */
export async function* readMessageStream(source: AsyncIterable<Uint8Array> | ByteStream, options?: MessageStreamOptions): AsyncGenerator<MessageReader, void, undefined> {
  const format = options?.format ?? 'binary';
  if (format !== 'binary' && format !== 'packed') {
    throw new CapnpError('INVALID_ARGUMENT', `readMessageStream reads binary or packed streams, not ${String(format)}: flat formats do not say where a message ends`);
  }
  const limits = resolveReaderOptions(options);
  const readOptions = { ...options, format };
  // The bytes received and not yet read, as one array, and pieces that arrived after it:
  // joined only once there may be a whole message, so a message that comes in many pieces is
  // copied about twice, not once per piece.
  let pending: Uint8Array = new Uint8Array(0);
  const later: Uint8Array[] = [];
  let laterBytes = 0;
  // How many bytes must be at hand before reading is worth trying again.
  let needed = 1;
  for await (const piece of pieces(source)) {
    if (piece.byteLength === 0) continue;
    later.push(piece);
    laterBytes += piece.byteLength;
    if (pending.byteLength + laterBytes < needed) continue;
    pending = concatBytes([pending, ...later]);
    later.length = 0;
    laterBytes = 0;
    for (;;) {
      if (pending.byteLength === 0) {
        needed = 1;
        break;
      }
      if (format === 'binary') {
        const length = framedMessageLength(pending, 0, limits);
        if (length < 0 || pending.byteLength < length) {
          needed = length < 0 ? tableBytesNeeded(pending) : length;
          break;
        }
        const message = readMessage(pending.subarray(0, length), readOptions);
        pending = pending.subarray(length);
        yield message;
      } else {
        let read: [MessageReader, number];
        try {
          read = readPackedPrefix(pending, limits);
        } catch (error) {
          if (!(error instanceof CapnpError) || error.code !== 'TRUNCATED') throw error;
          // Where a packed message ends shows only once it is unpacked: try again with twice
          // the bytes (each message is then unpacked a few times at most).
          needed = pending.byteLength * 2;
          break;
        }
        pending = pending.subarray(read[1]);
        yield read[0];
      }
    }
  }
  if (laterBytes > 0) pending = concatBytes([pending, ...later]);
  // The stream ended: what is left is whole messages the doubling above had not tried yet, or
  // a message cut short, which readMessages refuses as it would in a buffer.
  if (pending.byteLength > 0) yield* readMessages(pending, readOptions);
}

/** The bytes a binary message's segment table needs before its length is known. */
function tableBytesNeeded(pending: Uint8Array): number {
  if (pending.byteLength < 4) return 4;
  // The count (one less than the segments) was checked against the limits by framedMessageLength.
  return segmentTableBytes(readUint32(pending, 0) + 1);
}

/** The pieces of `source`, from an async iterable or a web stream's reader. */
async function* pieces(source: AsyncIterable<Uint8Array> | ByteStream): AsyncGenerator<Uint8Array, void, undefined> {
  if (typeof (source as AsyncIterable<Uint8Array>)[Symbol.asyncIterator] === 'function') {
    for await (const piece of source as AsyncIterable<Uint8Array>) yield asBytes(piece);
    return;
  }
  if (typeof (source as ByteStream).getReader !== 'function') {
    throw new CapnpError('INVALID_ARGUMENT', 'readMessageStream needs an async iterable of byte arrays or a ReadableStream');
  }
  const reader = (source as ByteStream).getReader();
  let done = false;
  try {
    for (;;) {
      const next = await reader.read();
      if (next.done || next.value === undefined) {
        done = true;
        return;
      }
      yield asBytes(next.value);
    }
  } finally {
    if (!done) await reader.cancel().catch(() => {});
  }
}

/** A piece as a Uint8Array (a Node Buffer is one; anything else is refused by name). */
function asBytes(piece: unknown): Uint8Array {
  if (piece instanceof Uint8Array) return piece;
  if (typeof piece === 'string') throw new CapnpError('INVALID_ARGUMENT', 'readMessageStream reads bytes, and the stream gave a string (a stream with an encoding set?)');
  throw new CapnpError('INVALID_ARGUMENT', 'readMessageStream reads byte arrays, and the stream gave something else');
}
