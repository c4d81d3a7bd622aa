import type { Arena } from './arena.js';

/**
 * What `Segment#ownView` (and a generated reader's `$view`) holds until the view is made: a
 * DataView, not null, so that every value of those fields is a DataView and V8 can inline the
 * reads made on them (with null among the values, a generated data getter took 40% longer).
 */
export const NO_VIEW: DataView = new DataView(new ArrayBuffer(0));

/**
 * One segment of a message: a byte range of `bytes` plus a DataView over the same memory. Readers
 * and builders hold a segment and byte offsets into it, never views of their own, so a builder's
 * segment can grow (its buffer replaced by a larger copy) without invalidating anything that
 * points into it.
 *
 * Offsets are positions in `bytes` (and `view`), and the segment is its bytes [start, used).
 * `start` is 0 except for a message opened from its framing with one segment: its segment is
 * the input array itself, from the byte after the segment table (8), so opening makes no view
 * of the input. Every pointer read checks its target against both ends.
 */
export class Segment {
  readonly arena: Arena;
  readonly id: number;
  /** The bytes the segment lies in (possibly more than the segment: see `start`). */
  bytes: Uint8Array;
  /** The DataView over `bytes`, made on first use (`view`), or NO_VIEW. */
  ownView: DataView;
  /** Byte offset in `bytes` where the segment begins (the root pointer of a first segment). */
  readonly start: number;
  /**
   * Where the bytes in use end (an offset in `bytes`). For a segment being read this is the
   * end of the segment; for a segment being built it is the allocation frontier. Every bounds
   * check is made against it.
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
  /** `bytes` as 32-bit words (when aligned), made with `latin1` for fast ASCII checks. */
  words: Uint32Array | null = null;

  /**
   * The DataView is made on first use: making one costs more than opening a small message and
   * reading a field of it (bench micro), and a message read only for its Text needs none (the
   * root pointer and such a Text's pointer are read from `bytes`: `wordFromBytes` in
   * read-pointer.ts).
   */
  constructor(arena: Arena, id: number, bytes: Uint8Array, used: number, start = 0) {
    this.arena = arena;
    this.id = id;
    this.bytes = bytes;
    this.ownView = NO_VIEW;
    this.start = start;
    this.used = used;
  }

  get view(): DataView {
    const view = this.ownView;
    return view !== NO_VIEW ? view : this.makeView();
  }

  private makeView(): DataView {
    const bytes = this.bytes;
    return (this.ownView = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  }

  /** The segment's own bytes [start, used), as a view (no copy). */
  content(): Uint8Array {
    const bytes = this.bytes;
    return this.start === 0 && this.used === bytes.length ? bytes : bytes.subarray(this.start, this.used);
  }

  /**
   * Moves a segment being read whose bytes are not 8-byte aligned in their buffer (input opened
   * in place: checking alignment on every open costs more than the rest of the check) to an
   * aligned copy of the same bytes, so that typed-array views of its lists can be made. Every
   * offset stays valid, and readers see the move, as they read through the segment. Returns
   * false, moving nothing, for a segment being built or viewed from a builder.
   */
  realign(): boolean {
    if (!this.arena.bytesAreStable) return false;
    this.bytes = this.bytes.slice();
    this.ownView = NO_VIEW;
    this.words = null;
    return true;
  }

  /** Swaps in new backing bytes holding this segment's contents (a builder's segment growing). */
  replaceBytes(bytes: Uint8Array): void {
    this.bytes = bytes;
    this.ownView = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
}
