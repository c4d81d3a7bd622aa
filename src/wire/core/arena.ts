import { CapnpError } from '../error.js';
import { BYTES_PER_WORD } from './layout.js';
import { NO_NESTING_LIMIT, traversalBudget, type ResolvedReaderOptions } from './limits.js';
import { NO_VIEW, Segment, viewOf, viewOver } from './segment.js';
import type { TextBatch } from './text-batch.js';

/**
 * One-segment messages up to this size (a framed one's header included) are read from a copy
 * in a shared slab (`Arena.forReadingOne`). The copy costs about 1.2 instructions a byte (the
 * slab's zeroing when it was made included), the DataView it saves about 650: opening a
 * message and reading two fields counted 432 bytes 2 714 → 2 535 instructions, 592 bytes
 * 2 713 → 2 719, 752 bytes 2 713 → 2 902 (callgrind, in place against copied).
 */
const COPIED_MESSAGE_BYTES = 512;
/**
 * The slab those copies go to, one after another, and its one DataView, which every message
 * read from it shares; a full slab is left to the messages in it (never reused: a copy stays
 * valid while anything reads it) and a new one started. As with pool.ts's slabs, and Node's
 * Buffer pool, a slab stays alive while any message in it is read (or its Data, or a typed
 * array of one of its lists): 16 KiB, not pool.ts's 64, bounds what one kept small value holds
 * alive, for a new DataView and slab every 32 messages at most (432-byte messages counted 1.7%
 * more instructions to open and read than with 64 KiB slabs, 24-byte ones 0.3%; 8 KiB: 4.5% and
 * 0.8%).
 */
const COPY_SLAB_BYTES = 16 * 1024;
// Made by the first copy: until then `copySlabUsed` says the slab is past full, so that even a
// message of no words (a first segment of size 0) makes it.
let copySlab: Uint8Array;
let copySlabView: DataView;
let copySlabUsed = COPY_SLAB_BYTES + 1;

/**
 * How a message being built gets its memory.
 *
 * - `in-place` (default): the first segment grows (its buffer is replaced by one twice as
 *   large) until `maxSegmentWords`, so ordinary messages stay one segment and need no far
 *   pointers. Only past that size are further segments added.
 * - `heuristic`: segments never grow; each new one is at least as large as all before it
 *   together (what the reference C++ builder does by default).
 * - `fixed`: segments never grow; each new one has `firstSegmentWords` words, or the size of
 *   the object that did not fit if that is larger (the reference tool's `--segment-size`).
 *   Small sizes force far and double-far pointers, which is what tests want.
 */
export type GrowthPolicy = 'in-place' | 'heuristic' | 'fixed';

export interface BuilderOptions {
  /**
   * Size of the first segment in words. Default 128 (1 KiB); a builder made with no options at
   * all learns it from the builders before it (docs/wire.md, "Segments and growth").
   */
  firstSegmentWords?: number;
  /** Default `in-place`. */
  growth?: GrowthPolicy;
  /** No segment grows beyond this many words. Default and maximum 2^29 - 1. */
  maxSegmentWords?: number;
  /**
   * Memory of the caller's to build in: its first 8 bytes are kept for the framing header and
   * the first segment is the rest (rounded down to whole words; it is zeroed first). The
   * framed message then ends up in this buffer (`MessageBuilder#frame()` returns a view of
   * it) unless it outgrows it: with `in-place` growth the segment then moves to new memory,
   * as any segment does. At least 16 bytes, starting at a multiple of 8 bytes into its
   * ArrayBuffer. `firstSegmentWords` is ignored.
   */
  buffer?: Uint8Array<ArrayBuffer>;
}

export const DEFAULT_FIRST_SEGMENT_WORDS = 128;

/** The most of a traversal budget an arena holds in `traversalWordsLeft` at once (a small integer). */
const TRAVERSAL_BATCH_WORDS = 0x3fffffff;

/**
 * The segments of one message, with what readers and builders need to share: the traversal
 * budget and nesting limit of a message being read, the capability table, and the allocation
 * policy of a message being built. One class serves both so that every reader and builder
 * sees the same object shape.
 */
export class Arena {
  // No array literals on the paths that make arenas. V8 tracks each literal's source position
  // and, once most objects made there survive a young-generation collection, allocates all later
  // ones straight into the old generation ("allocation-site pretenuring"). A segment list made by
  // a literal in the framing code was pretenured after a run of packed reads (whose large
  // unpacked bodies trigger collections mid-read), and from then on every read made
  // old-generation garbage: small reads took twice as long (docs/BENCHMARKS.md). `new Array(n)`
  // is not tracked that way. The capability table, which most messages never use, is made on
  // first use.
  /**
   * The segments when there are more than one or someone asked for the list (`segments`); null
   * for a message read from one segment, so that opening one makes no array.
   */
  private list: Segment[] | null;
  /** Segment 0, which holds the root pointer (set by whoever makes the arena, right after). */
  first: Segment = null as unknown as Segment;
  /**
   * Remaining traversal budget in words, at most TRAVERSAL_BATCH_WORDS at a time: the rest of
   * the budget (`Infinity` for messages being built and constants) waits in `traversalReserve`
   * until this runs out (`chargeTraversal`). Every read subtracts from this field, so it is kept
   * a small integer: with `Infinity` in some arenas, V8 kept it as a double in all of them.
   */
  traversalWordsLeft: number;
  /** The budget beyond `traversalWordsLeft`. */
  traversalReserve: number;
  readonly nestingLimit: number;
  private caps: unknown[] | null = null;
  /** Long Text being deferred while a message is built in one go (text-batch.ts), else null. */
  textBatch: TextBatch | null = null;
  readonly writable: boolean;
  /**
   * Whether the bytes stay as they are while the message is read, so decoded text may be cached
   * (text.ts). False for messages being built, and for readers viewing a builder's memory.
   */
  bytesAreStable: boolean;
  readonly firstSegmentWords: number;
  readonly growth: GrowthPolicy;
  /** Words a segment may have (in bytes it may be too large for a small integer, which V8 then keeps as a double). */
  readonly maxSegmentWords: number;

  /** Made by the static factories below, and for messages being built by `buildingArena` (allocation.ts). */
  constructor(
    segments: Segment[] | null,
    writable: boolean,
    traversalWords: number,
    nestingLimit: number,
    firstSegmentWords: number,
    growth: GrowthPolicy,
    maxSegmentWords: number,
  ) {
    this.list = segments;
    this.writable = writable;
    this.bytesAreStable = !writable;
    this.traversalWordsLeft = Math.min(traversalWords, TRAVERSAL_BATCH_WORDS);
    this.traversalReserve = traversalWords - this.traversalWordsLeft;
    this.nestingLimit = nestingLimit;
    this.firstSegmentWords = firstSegmentWords;
    this.growth = growth;
    this.maxSegmentWords = maxSegmentWords;
  }

  get maxSegmentBytes(): number {
    return this.maxSegmentWords * BYTES_PER_WORD;
  }

  /**
   * Moves budget from the reserve once `traversalWordsLeft` went below zero (`chargeTraversal`);
   * false when the reserve cannot cover it: the limit is exceeded.
   */
  refillTraversal(): boolean {
    const owed = -this.traversalWordsLeft;
    const reserve = this.traversalReserve;
    if (reserve < owed) return false;
    const moved = Math.min(reserve, owed + TRAVERSAL_BATCH_WORDS);
    this.traversalReserve = reserve - moved;
    this.traversalWordsLeft = moved - owed;
    return true;
  }

  /** An arena over received segments. The byte arrays are used as given, not copied. */
  static forReading(segments: readonly Uint8Array[], options: ResolvedReaderOptions): Arena {
    let bytes = 0;
    for (const segment of segments) bytes += segment.length;
    const budget = traversalBudget(options, Math.ceil(bytes / BYTES_PER_WORD));
    const list = new Array<Segment>(segments.length);
    const arena = new Arena(list, false, budget, options.nestingLimit, 0, 'fixed', 0);
    for (let i = 0; i < segments.length; i++) {
      const bytes = segments[i]!;
      list[i] = new Segment(arena, i, bytes, bytes.length, viewOver(bytes));
    }
    arena.first = list[0]!;
    return arena;
  }

  /**
   * An arena over a message of one segment, `input` from `start` on: 8 for a framed message
   * (after its segment table), 0 for a flat or an unpacked one. A message
   * of up to COPIED_MESSAGE_BYTES is copied into the current copy slab and read there through
   * the slab's one DataView (`copySlab` above): making a DataView for it alone cost more
   * than the copy (a DataView, with the `buffer` it needs, is two calls into V8's C++, about 70
   * ns; two-int32/read 130 → 92 ns). A larger one is used in place (the segment's offsets are
   * positions in `input`: no view of the input is made, and the segment's DataView is made when
   * something needs it: see `Segment#view`). Either way the segment is a range of a larger
   * array, and every read is checked against the range, not the array.
   */
  static forReadingOne(input: Uint8Array, start: number, options: ResolvedReaderOptions): Arena {
    const end = input.length;
    const budget = traversalBudget(options, Math.ceil((end - start) / BYTES_PER_WORD));
    const arena = new Arena(null, false, budget, options.nestingLimit, 0, 'fixed', 0);
    if (end <= COPIED_MESSAGE_BYTES) {
      // `end` is a whole number of words (the framing, or the flat format's check, says so), so
      // copies stay 8-byte aligned.
      // A detached slab (a caller transferred the buffer of a Data view it read) is replaced
      // like a full one (pool.ts says why).
      if (copySlabUsed + end > COPY_SLAB_BYTES || copySlab.length === 0) {
        const buffer = new ArrayBuffer(COPY_SLAB_BYTES);
        copySlab = new Uint8Array(buffer);
        copySlabView = new DataView(buffer);
        copySlabUsed = 0;
      }
      const at = copySlabUsed;
      copySlab.set(input, at);
      copySlabUsed = at + end;
      arena.first = new Segment(arena, 0, copySlab, at + end, copySlabView, at + start);
    } else {
      arena.first = new Segment(arena, 0, input, end, NO_VIEW, start);
    }
    return arena;
  }

  /** An arena over trusted constant bytes (schema default values): no traversal limit. */
  static forConstant(bytes: Uint8Array): Arena {
    const arena = new Arena(null, false, Infinity, NO_NESTING_LIMIT, 0, 'fixed', 0);
    arena.first = new Segment(arena, 0, bytes, bytes.length, viewOver(bytes));
    return arena;
  }

  /** The message's segments, in order (a list made on first use for a one-segment message). */
  get segments(): Segment[] {
    return this.list ?? this.listOfFirst();
  }

  private listOfFirst(): Segment[] {
    const list = new Array<Segment>(1);
    // Whoever takes the list may read the segment's view directly: make it now.
    viewOf(this.first);
    list[0] = this.first;
    return (this.list = list);
  }

  segment(id: number): Segment {
    const segment = id === 0 ? this.first : this.list?.[id];
    if (segment === undefined) {
      throw new CapnpError('SEGMENT_NOT_FOUND', `far pointer names segment ${id}, but the message has ${this.segments.length} segment(s)`);
    }
    return segment;
  }

  /** Capabilities referenced by this message's capability pointers, by index. */
  get capTable(): unknown[] {
    return (this.caps ??= []);
  }

  set capTable(table: unknown[]) {
    this.caps = table;
  }

  /** Forgets the capability table (a builder being reset). */
  dropCapTable(): void {
    this.caps = null;
  }


}
