/**
 * The message builder the engine uses for what it builds: Calls, Returns, the other protocol
 * messages, and the results of local servers. It is `MessageBuilder` cut down to what RPC
 * needs (a root, the cap table, the standard framing as a copy or in place, reset and reuse),
 * over the same arena and the same struct and pointer builders.
 *
 * Why not `MessageBuilder` itself: its class brings all its methods into a bundle, and with
 * them the packing codec, the Text batch, orphans and the `MessageReader` class, none of which
 * RPC uses. A browser's RPC client leaves them out this way (test/rpc/client-bundle.test.ts).
 */
import {
  AnyPointerBuilder, AnyPointerReader, buildingArena, frameArena, frameInPlace, initStructAt, resetArena, totalWords,
  type Arena, type StructBuilder,
} from '../wire/index.js';
import { FRAME_HEADER_BYTES } from '../wire/core/allocation.js';
import { NO_NESTING_LIMIT } from '../wire/core/limits.js';

export class OutgoingMessage {
  readonly arena: Arena;

  constructor(firstSegmentWords: number) {
    this.arena = buildingArena({ firstSegmentWords });
  }

  /** Makes a new zeroed root struct (replacing any previous root). */
  initRoot(dataWords: number, pointerCount: number): StructBuilder {
    return initStructAt(this.arena.segments[0]!, 0, dataWords, pointerCount);
  }

  /** The root pointer, to hold anything (params and results content). */
  getRootPointer(): AnyPointerBuilder {
    return new AnyPointerBuilder(this.arena.segments[0]!, 0);
  }

  /**
   * The root pointer for reading, over this message's own memory (no copy), with its cap
   * table: a message built here is trusted, so it is read without limits.
   */
  rootReader(): AnyPointerReader {
    return this.readerAt(0);
  }

  /** The pointer at byte `offset` of the first segment, for reading (as `rootReader`). */
  readerAt(offset: number): AnyPointerReader {
    return new AnyPointerReader(this.arena.first, offset, NO_NESTING_LIMIT);
  }

  /** Capabilities referenced by this message's capability pointers. */
  get capTable(): unknown[] {
    return this.arena.capTable;
  }

  /** Words in use across all segments. */
  get sizeInWords(): number {
    return totalWords(this.arena);
  }

  /** The message in the standard stream framing, as a fresh copy. */
  toBytes(): Uint8Array {
    return frameArena(this.arena);
  }

  /**
   * The message in the standard stream framing as a view of this builder's memory, for a
   * message that is never written again and is still read after it is sent (a Return's
   * results, by pipelined calls). A copy instead when it has grown past one segment, or when
   * the view would be the whole of its buffer: a transport may transfer such a buffer away
   * (MessagePort), and the results would go with it.
   */
  framedInPlace(): Uint8Array {
    const first = this.arena.first;
    const bytes = first.bytes;
    // The frame is the whole buffer only if the segment is full and starts just after the
    // header's room at the buffer's start (read without `buffer`, a call into V8's C++): a
    // full pooled segment at the start of its slab is copied too, needlessly but rarely.
    const wholeBuffer = first.used === bytes.length && bytes.byteOffset === FRAME_HEADER_BYTES;
    return this.arena.segments.length === 1 && !wholeBuffer ? frameInPlace(this.arena) : frameArena(this.arena);
  }

  /** Forgets the message so the builder can make another, keeping the first segment's memory. */
  reset(): void {
    resetArena(this.arena);
  }
}
