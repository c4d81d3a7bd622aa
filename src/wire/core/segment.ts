import type { Arena } from './arena.js';

/**
 * One segment of a message: a byte range plus a DataView over it. Readers and builders hold a
 * segment and byte offsets into it, never views of their own, so a builder's segment can grow
 * (its buffer replaced by a larger copy) without invalidating anything that points into it.
 */
export class Segment {
  readonly arena: Arena;
  readonly id: number;
  /** The segment's bytes; made from `view` on first use (see `bytes`). */
  private ownBytes: Uint8Array | null;
  view: DataView;
  /**
   * Bytes in use. For a segment being read this is its whole length; for a segment being
   * built it is the allocation frontier. Every bounds check is made against it.
   */
  used: number;
  /**
   * Text decoding state (see text.ts): Text bytes decoded one by one since the last window, and
   * a window of the segment (the whole of a small one) as a Latin-1 string once enough of it has
   * been read as text to make that pay.
   */
  textBytesRead = 0;
  /** A window of the segment decoded as Latin-1: its bytes [latin1Start, latin1End) (text.ts). */
  latin1: string | null = null;
  latin1Start = 0;
  latin1End = 0;
  /** The segment as 32-bit words (when aligned), made with `latin1` for fast ASCII checks. */
  words: Uint32Array | null = null;

  /**
   * `bytes` may be null when `view` is given: a message opened from its framing then makes one
   * view instead of two (a typed-array view costs about as much as reading a small message's
   * fields, bench micro workload), and the byte view is made only if something asks for it.
   */
  constructor(arena: Arena, id: number, bytes: Uint8Array | null, used: number, view?: DataView) {
    this.arena = arena;
    this.id = id;
    this.ownBytes = bytes;
    this.view = view ?? new DataView(bytes!.buffer, bytes!.byteOffset, bytes!.byteLength);
    this.used = used;
  }

  get bytes(): Uint8Array {
    return this.ownBytes ?? this.makeBytes();
  }

  private makeBytes(): Uint8Array {
    const view = this.view;
    return (this.ownBytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength));
  }

  /** Swaps in new backing bytes holding this segment's contents (a builder's segment growing). */
  replaceBytes(bytes: Uint8Array): void {
    this.ownBytes = bytes;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
}
