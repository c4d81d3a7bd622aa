/**
 * Checks a message that arrived whole (a WebSocket message, a posted array) before the
 * connection reads it: within the limits, and exactly one framed message, segment table
 * included. Carriers that keep message boundaries need this instead of a FrameSplitter.
 */
import { CapnpError, framedMessageLength } from '../wire/index.js';

/** The reason `bytes` cannot be taken as one message from the peer, or null when it can. */
export function wholeMessageError(bytes: Uint8Array, maxMessageBytes: number, maxSegments: number, carrier: string): CapnpError | null {
  if (bytes.byteLength > maxMessageBytes) {
    return new CapnpError('MESSAGE_TOO_LARGE', `incoming ${carrier} message of ${bytes.byteLength} bytes is larger than the connection's limit of ${maxMessageBytes} bytes`);
  }
  let length: number;
  try {
    length = framedMessageLength(bytes, 0, { maxSegments, traversalLimitInWords: Math.floor(maxMessageBytes / 8) });
  } catch (error) {
    if (error instanceof CapnpError) return error;
    return new CapnpError('BAD_FRAMING', String(error));
  }
  if (length === bytes.byteLength) return null;
  const what = length < 0 ? 'does not hold a whole segment table' : `announces ${length} bytes in its segment table`;
  return new CapnpError('BAD_FRAMING', `a ${carrier} message of ${bytes.byteLength} bytes ${what}; each ${carrier} message must be exactly one framed Cap'n Proto message`);
}
