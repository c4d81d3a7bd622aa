/**
 * Bytes that arrive in pieces: a body stream read whole under a size limit, and pieces joined.
 * Carriers of messages (HTTP bodies for `capstan/fetch`, HTTP batches of RPC frames) need both,
 * and must stop reading as soon as a body is known to be too large rather than after buffering
 * it all.
 */
import { checkLimit } from '../core/reader-options.js';
import { CapnpError } from '../error.js';
import { describeValue } from '../core/describe-value.js';

/** A readable byte stream (the Fetch API's `ReadableStream<Uint8Array>`, typed by shape so no DOM lib is needed). */
export interface ByteStream {
  getReader(): { read(): Promise<{ done: boolean; value?: Uint8Array }>; cancel(): Promise<void> };
}

/** Reads `stream` whole; null (and the stream canceled) as soon as it exceeds `limit` bytes. */
export async function readStreamWithin(stream: ByteStream, limit: number): Promise<Uint8Array | null> {
  // A NaN limit would compare false against every total: refused, not read past.
  checkLimit(limit, 0, 'limit');
  if (typeof (stream as Partial<ByteStream> | null)?.getReader !== 'function') {
    throw new CapnpError('INVALID_ARGUMENT', `readStreamWithin reads a ReadableStream (a request's or response's body), got ${describeValue(stream)}`);
  }
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done || value === undefined) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return concatBytes(chunks);
}

/** `pieces` back to back in one array (the one piece itself when there is only one). */
export function concatBytes(pieces: readonly Uint8Array[]): Uint8Array {
  if (pieces.length === 1) return pieces[0]!;
  let total = 0;
  for (const piece of pieces) total += piece.byteLength;
  const out = new Uint8Array(total);
  let at = 0;
  for (const piece of pieces) {
    out.set(piece, at);
    at += piece.byteLength;
  }
  return out;
}
