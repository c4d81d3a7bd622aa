import { AnyPointerBuilder } from './any-pointer-builder.js';
import { Arena, type BuilderOptions } from './core/arena.js';
import { AnyPointerReader } from './any-pointer-reader.js';
import {
  getStructAt, initListAt, initStructAt, initStructListAt, setDataAt, setStructAt, setTextAt, textArgument, dataArgument, structArgument, refuseArgument, writeTextAt,
} from './build-object.js';
import { CapnpError } from './error.js';
import { frameSegments, segmentTableBytes, writeSegmentTable } from './formats/framing.js';
import type { ListReader } from './list-reader.js';
import { MessageReader, type MessageFormat } from './message-reader.js';
import { newOrphan, newOrphanCopy, type Orphan } from './orphan.js';
import { pack, packPieces } from './formats/packing.js';
import { allocateBytes, lastSlabView } from './core/pool.js';
import type { ReaderOptions } from './core/limits.js';
import type { StructBuilder } from './struct-builder.js';
import type { StructReader } from './struct-reader.js';
import { StructView } from './struct-view.js';
import { ListView } from './list-view.js';
import { ANY_SIZE } from './core/read-pointer.js';
import { TextBatch } from './core/text-batch.js';
import { copyList, copyStruct } from './core/copy.js';
import { buildingArena, defaultBuildingArena, FRAME_HEADER_BYTES, learnFirstSegment, resetArena, totalWords } from './core/allocation.js';

/**
 * A message being built. Make the root, fill it in, then `toBytes()`. A builder can be
 * `reset()` and reused: with the default growth policy its memory is kept, so building the
 * next message of a similar size allocates nothing.
 */
export class MessageBuilder {
  readonly arena: Arena;
  /**
   * Made with default options, whose first segment's size is learned (allocation.ts): the size
   * it started with, in bytes; else -1.
   */
  private readonly learnsFrom: number;

  constructor(options?: BuilderOptions) {
    this.arena = options == null ? defaultBuildingArena() : buildingArena(options);
    this.learnsFrom = options == null ? this.arena.first.bytes.length - this.arena.first.start : -1;
  }

  private get first() {
    return this.arena.segments[0]!;
  }

  private spareTextBatch: TextBatch | null = null;

  /**
   * Defers Text until `finishTextBatch`, to write it in blocks with one native call each (see
   * text-batch.ts): for building a whole message in one go, where nothing reads the message
   * before it is finished. `tryBlocks` false (after a miss) writes the same bytes string by
   * string. Only for the `in-place` growth policy; otherwise it does nothing.
   */
  startTextBatch(tryBlocks = true): void {
    if (this.arena.growth !== 'in-place') return;
    const batch = (this.spareTextBatch ??= new TextBatch(this.first, writeTextAt));
    batch.restart(this.first, tryBlocks);
    this.arena.textBatch = batch;
  }

  /**
   * Writes the Text deferred since `startTextBatch`; the message is then complete. False if
   * some of it was not ASCII (that part was written string by string, which the caller may take
   * as a sign to stop batching for a while).
   */
  finishTextBatch(): boolean {
    const batch = this.arena.textBatch;
    if (batch === null) return true;
    batch.flush();
    this.arena.textBatch = null;
    return !batch.missed;
  }

  /** Makes a new zeroed root struct (replacing any previous root). */
  initRoot(dataWords: number, pointerCount: number): StructBuilder {
    const first = this.first;
    return initStructAt(first, first.start, dataWords, pointerCount);
  }

  /** The root struct, for writing (made if there is none, upgraded if smaller). */
  getRoot(dataWords: number, pointerCount: number): StructBuilder {
    const first = this.first;
    return getStructAt(first, first.start, dataWords, pointerCount, null);
  }

  /** Makes the root a deep copy of `value` (from any message). */
  setRoot(value: StructReader): void {
    const first = this.first;
    setStructAt(first, first.start, structArgument(value));
  }

  /** The root pointer, to hold anything (schema-less use). */
  getRootPointer(): AnyPointerBuilder {
    const first = this.first;
    return new AnyPointerBuilder(first, first.start);
  }

  /** Capabilities referenced by this message's capability pointers. */
  get capTable(): unknown[] {
    return this.arena.capTable;
  }

  /** The segments in use, as views (valid until the builder next allocates). */
  getSegments(): Uint8Array[] {
    return this.arena.segments.map((s) => s.bytes.subarray(s.start, s.used));
  }

  /** Words in use across all segments. */
  get sizeInWords(): number {
    return totalWords(this.arena);
  }

  /**
   * The message in the standard stream framing (`binary`), as a view of the builder's own
   * memory: no copy when the message is one segment (the usual case: the builder keeps room for
   * the 8-byte header in front of its first segment and writes it there). A message of several
   * segments is framed into new memory. For handing the bytes straight to a socket, a stream or
   * a `Response` and building the next message after they are written: the view is valid
   * until the builder is changed, `reset()` or used again.
   */
  frame(): Uint8Array<ArrayBuffer> {
    if (this.learnsFrom >= 0) learnFirstSegment(this.arena, this.learnsFrom);
    const segments = this.arena.segments;
    if (segments.length > 1) return frameSegments(this.getSegments());
    return this.framedInPlace();
  }

  /** `frame()` of a one-segment message: the header written in the room before the segment. */
  private framedInPlace(): Uint8Array<ArrayBuffer> {
    return frameInPlace(this.arena);
  }

  /**
   * The message as bytes (a fresh copy) in the given format; `binary` (framed) by default. Typed
   * over `ArrayBuffer` (never shared memory), so the bytes are a `BodyInit` for `fetch` and `Response`.
   */
  toBytes(format: MessageFormat = 'binary'): Uint8Array<ArrayBuffer> {
    if (this.learnsFrom >= 0) learnFirstSegment(this.arena, this.learnsFrom);
    switch (format) {
      case 'binary':
        return framedCopy(this.arena);
      case 'flat': {
        // Pooled memory, not `slice()`: a small array made by `slice` sits in V8's heap, and
        // whatever reads it first moves it out (~600 ns; docs/BENCHMARKS.md, "packing").
        const segment = this.singleSegment('flat');
        const out = allocateBytes(segment.length);
        out.set(segment);
        return out;
      }
      case 'packed': {
        // One segment: packed straight from the builder's memory, framed in place (one piece
        // to pack instead of the table and the segment: each costs a DataView and a view of
        // its words, about 170 ns for a small message).
        if (this.arena.segments.length === 1) return pack(this.framedInPlace());
        const segments = this.getSegments();
        const table = allocateBytes(segmentTableBytes(segments.length));
        writeSegmentTable(segments, table);
        return packPieces([table, ...segments]);
      }
      case 'flat-packed':
        return pack(this.singleSegment('flat-packed'));
      default:
        throw new CapnpError('INVALID_ARGUMENT', `unknown message format ${String(format)}`);
    }
  }

  private singleSegment(format: string): Uint8Array {
    const segments = this.getSegments();
    if (segments.length !== 1) {
      throw new CapnpError('UNSUPPORTED', `the ${format} format holds one segment, but this message has ${segments.length}; write it as binary or packed, or canonicalize it`);
    }
    return segments[0]!;
  }

  /** A reader over this message's current contents (no copy), sharing its capability table. */
  asReader(options?: ReaderOptions): MessageReader {
    const reader = new MessageReader(this.getSegments(), { traversalLimitInWords: Infinity, nestingLimit: Infinity, ...options });
    reader.capTable = this.arena.capTable;
    // The builder may still change these bytes: nothing read from them may be cached.
    reader.arena.bytesAreStable = false;
    return reader;
  }

  /** Forgets the message so the builder can make another, keeping the first segment's memory. */
  reset(): void {
    resetArena(this.arena);
    // A batch left by a build that threw must not keep the caller's strings alive.
    this.spareTextBatch?.restart(this.first, true);
  }

  newOrphanStruct(dataWords: number, pointerCount: number): Orphan {
    return newOrphan(this.arena, (segment, at) => initStructAt(segment, at, dataWords, pointerCount));
  }

  newOrphanList(elementSize: number, length: number): Orphan {
    return newOrphan(this.arena, (segment, at) => initListAt(segment, at, elementSize, length));
  }

  newOrphanStructList(length: number, dataWords: number, pointerCount: number): Orphan {
    return newOrphan(this.arena, (segment, at) => initStructListAt(segment, at, length, dataWords, pointerCount));
  }

  newOrphanText(value: string): Orphan {
    textArgument(value);
    return newOrphan(this.arena, (segment, at) => setTextAt(segment, at, value));
  }

  newOrphanData(value: Uint8Array): Orphan {
    dataArgument(value);
    return newOrphan(this.arena, (segment, at) => setDataAt(segment, at, value));
  }

  /** An orphan holding a deep copy of `value` (a struct, list or any pointer, from any message). */
  newOrphanCopy(value: StructReader | ListReader | AnyPointerReader): Orphan {
    // A builder copies as its reader would (both are views: struct-view.ts, list-view.ts).
    if (value instanceof StructView) {
      return newOrphan(this.arena, (segment, at) =>
        copyStruct(segment, at, value.segment, value.data, value.dataSize, value.pointers, value.pointerCount, value.nestingLimit, false));
    }
    if (value instanceof ListView) {
      return newOrphan(this.arena, (segment, at) =>
        copyList(segment, at, value.segment, value.offset, value.length, value.elementSize, value.step, value.dataSize, value.pointerCount, value.nestingLimit, false));
    }
    if (!(value instanceof AnyPointerReader)) refuseArgument('a StructReader, ListReader or AnyPointerReader', value);
    return newOrphanCopy(this.arena, value.segment, value.offset, value.nestingLimit);
  }
}

/**
 * One-segment messages up to this size are framed by a copy a word at a time (`framedCopy`):
 * callgrind counted micro two-int32/build (24 bytes) 2 386 → 1 955 instructions, nested3 and
 * int32-text (40) 0.90× and 0.92×, but a 416-byte message (list-int32-100/build) 5 134 → 7 645
 * with the loop, about 24 instructions for each 4 bytes where `set` copies with `memcpy`.
 */
const WORD_COPY_BYTES = 64;

/**
 * `frameArena` for `MessageBuilder#toBytes()`: a message of up to WORD_COPY_BYTES is copied into
 * its piece of a pool slab a word at a time, through the slab's view, with no `subarray` to copy
 * from and no call of `set`. Apart from `frameArena` so that the RPC engine, whose messages are
 * larger, does not bundle it.
 */
function framedCopy(arena: Arena): Uint8Array<ArrayBuffer> {
  const segments = arena.segments;
  const first = segments[0]!;
  const start = first.start;
  const size = first.used - start;
  if (segments.length > 1 || size > WORD_COPY_BYTES) return frameArena(arena);
  const out = allocateBytes(8 + size);
  // The piece comes zeroed: the segment count's word stays 0.
  const to = lastSlabView();
  const from = first.view;
  const at = out.byteOffset + 8;
  to.setUint32(at - 4, size / 8, true);
  for (let i = 0; i < size; i += 8) {
    to.setInt32(at + i, from.getInt32(start + i, true), true);
    to.setInt32(at + i + 4, from.getInt32(start + i + 4, true), true);
  }
  return out;
}

/**
 * The message being built in `arena` in the standard stream framing, as a fresh copy: what
 * `MessageBuilder#toBytes()` returns, for builders of other shapes (the RPC engine's).
 */
export function frameArena(arena: Arena): Uint8Array<ArrayBuffer> {
  const segments = arena.segments;
  if (segments.length > 1) return frameSegments(segments.map((s) => s.bytes.subarray(s.start, s.used)));
  // One segment (the usual case): header and body straight into one new array.
  const first = segments[0]!;
  const start = first.start;
  const size = first.used - start;
  const out = allocateBytes(8 + size);
  const words = size / 8;
  out[4] = words;
  out[5] = words >>> 8;
  out[6] = words >>> 16;
  out[7] = words >>> 24;
  out.set(first.bytes.subarray(start, first.used), 8);
  return out;
}

/**
 * The message of a one-segment building arena in the standard framing, as a view of its own
 * memory: the header is written in the room every building arena keeps before its first
 * segment. The view is valid while the message is not written again (nor reset).
 */
export function frameInPlace(arena: Arena): Uint8Array<ArrayBuffer> {
  const first = arena.first;
  const bytes = first.bytes as Uint8Array<ArrayBuffer>;
  const size = first.used - first.start;
  const framed = new Uint8Array(bytes.buffer, bytes.byteOffset + first.start - FRAME_HEADER_BYTES, FRAME_HEADER_BYTES + size);
  const words = size / 8;
  framed[0] = framed[1] = framed[2] = framed[3] = 0;
  framed[4] = words;
  framed[5] = words >>> 8;
  framed[6] = words >>> 16;
  framed[7] = words >>> 24;
  return framed;
}

export { ANY_SIZE };
