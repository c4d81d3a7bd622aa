import type { Arena } from './arena.js';
import type { AsciiRuns } from './native-ascii.js';

/**
 * What `Segment#view` holds for the segment of a message opened in place, until something makes
 * its view (`viewOf`). A DataView, not null, so that the field only ever holds DataViews and V8
 * keeps inlining the reads made on it (with null among the values of a generated reader's
 * `$view`, copied from it, a data getter took 40% longer). Its length is 0: a read through it
 * throws rather than reading anything.
 */
export const NO_VIEW: DataView = new DataView(new ArrayBuffer(0));

/** A DataView over all of `bytes`. */
export function viewOver(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * One segment of a message: a byte range of `bytes` plus a DataView over the same memory. Readers
 * and builders hold a segment and byte offsets into it, never views of their own, so a builder's
 * segment can grow (its buffer replaced by a larger copy) without invalidating anything that
 * points into it.
 *
 * Offsets are positions in `bytes` (and `view`), and the segment is its bytes [start, used).
 * `start` is 0 except for a message opened from its framing with one segment: its segment is
 * the input array itself, from the byte after the segment table (8), so opening makes no view
 * of the input, or, for a small one, a copy of the input in a slab shared with other messages
 * (`Arena.forReadingOne`); and for the small first segment of a builder made with default
 * options, a piece of a slab shared with other builders (allocation.ts, `sharedFirstSegment`),
 * whose `bytes` end where its capacity does. Every pointer read checks its target against both
 * ends; a far pointer's offset counts from `start`.
 */
export class Segment {
  readonly arena: Arena;
  readonly id: number;
  /** The bytes the segment lies in (possibly more than the segment: see `start`). */
  bytes: Uint8Array;
  /**
   * The DataView over `bytes`: a plain field, which builders and data getters read directly (a
   * getter that made the view on first use cost the upstream round trips 7-23% more
   * instructions: it was inlined into every builder setter and pointer read, and V8 then
   * inlined less of the rest). Every segment has its view from the start (a small message read
   * from a copy has its slab's) except the one segment of a message opened in place
   * (`Arena.forReadingOne`), which has NO_VIEW until something reads more of it than the root
   * pointer and Text: opening the message, locating a root without a data section and reading
   * Text make none (the root pointer and those Text pointers are read from `bytes`:
   * `wordFromBytes` in read-pointer.ts). Whatever can be handed that segment first takes the
   * view through `viewOf` (or the same check, written out in `isNullPointer`): locating a root
   * with a data section (`rootOf`), every pointer read (they start at `isNullPointer` in
   * read-object.ts, or at `pointerTypeAt`, `readCapabilityIndex`), a Text read that is not the
   * plain case, copying from it, its arena's segment list. Since that message has this one
   * segment, everything reached through those (struct, list and far-pointer targets, readers of
   * them) finds the view made; a generated reader of its root without a data section reads a
   * zero-filled copy of one (runtime/padded-data.ts), or nothing if its class has none.
   */
  view: DataView;
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
  /** Whether reading went back or far ahead: windows are then as large as they can be (text.ts). */
  wholeWindows = false;
  /** `bytes` as 32-bit words (when aligned), made with `latin1` for fast ASCII checks. */
  words: Uint32Array | null = null;
  /** What native ASCII checks found: made with the first `latin1` where the runtime has them (native-ascii.ts). */
  ascii: AsciiRuns | null = null;

  /** `view` is NO_VIEW only for a segment opened in place (see `view`); start is 0 otherwise. */
  constructor(arena: Arena, id: number, bytes: Uint8Array, used: number, view: DataView, start = 0) {
    this.arena = arena;
    this.id = id;
    this.bytes = bytes;
    this.view = view;
    this.start = start;
    this.used = used;
  }

  /** Makes the view of a segment that has none yet (`viewOf` calls this). */
  makeView(): DataView {
    return (this.view = viewOver(this.bytes));
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
    this.view = viewOver(this.bytes);
    this.words = null;
    return true;
  }

  /** Swaps in new backing bytes holding this segment's contents (a builder's segment growing). */
  replaceBytes(bytes: Uint8Array): void {
    this.bytes = bytes;
    this.view = viewOver(bytes);
  }
}

/**
 * The segment's DataView, made now if it has none yet: for code that can be handed the segment
 * of a message opened in place before anything made its view (see `Segment#view`). Small
 * enough to inline; the making, which happens once per message at most, stays out of line.
 */
export function viewOf(segment: Segment): DataView {
  const view = segment.view;
  return view !== NO_VIEW ? view : segment.makeView();
}
