/**
 * Splits a byte stream (TCP, a pipe) into framed messages. Chunks arrive however the network
 * cut them; a message is complete once its segment table and the words it announces are in.
 * The segment table is checked against the limits before the message is buffered, so a peer
 * cannot make us hold more than `maxMessageBytes` for one message.
 */
import { CapnpError, concatBytes, framedMessageLength } from '../wire/index.js';

export class FrameSplitter {
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  /**
   * The whole length of the message the pending bytes begin, once its segment table is in (0
   * while it is not). Chunks of a large message are only collected until it is complete:
   * joining them on every chunk would copy the message once per chunk (quadratic).
   */
  private pendingMessageBytes = 0;

  constructor(private readonly maxMessageBytes: number, private readonly maxSegments: number) {}

  /** Feeds a chunk; calls `onMessage` for every message it completes (each a fresh copy or an owned view). */
  push(chunk: Uint8Array, onMessage: (message: Uint8Array) => void): void {
    let bytes: Uint8Array;
    if (this.pendingBytes === 0) {
      bytes = chunk;
    } else {
      this.pending.push(chunk);
      this.pendingBytes += chunk.length;
      if (this.pendingBytes < this.pendingMessageBytes) return;
      bytes = concatBytes(this.pending);
      this.pending = [];
      this.pendingBytes = 0;
    }
    this.pendingMessageBytes = 0;
    let offset = 0;
    while (offset < bytes.length) {
      const length = framedMessageLength(bytes, offset, {
        maxSegments: this.maxSegments,
        traversalLimitInWords: Math.floor(this.maxMessageBytes / 8),
      });
      if (length > this.maxMessageBytes) {
        throw new CapnpError('MESSAGE_TOO_LARGE', `incoming message of ${length} bytes is larger than the connection's limit of ${this.maxMessageBytes} bytes`);
      }
      if (length < 0 || bytes.length - offset < length) {
        if (length > 0) this.pendingMessageBytes = length;
        break;
      }
      // A view is safe to hand out: `bytes` is never written again (a new buffer is made for
      // the next partial message), and a chunk from the socket is not reused by Node.
      onMessage(bytes.subarray(offset, offset + length));
      offset += length;
    }
    if (offset < bytes.length) {
      const rest = bytes.subarray(offset);
      this.pending.push(rest);
      this.pendingBytes += rest.length;
    }
  }
}
