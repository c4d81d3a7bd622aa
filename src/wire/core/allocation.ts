/**
 * The allocation half of an arena: what only a message being built does (make the first
 * segment, allocate objects, grow a segment, start over). Kept out of the `Arena` class, which
 * readers share, so that an application that only reads bundles none of it (a class's methods
 * cannot be left out of a bundle one by one; functions can). The functions take the arena first
 * and are as cheap to call as the methods were.
 */
import { CapnpError } from '../error.js';
import { describeValue } from './describe-value.js';
import { Arena, DEFAULT_FIRST_SEGMENT_WORDS, type BuilderOptions } from './arena.js';
import { BYTES_PER_WORD, MAX_SEGMENT_WORDS } from './layout.js';
import { allocateBytes, allocateBytesAfter } from './pool.js';
import { Segment, viewOver } from './segment.js';
import { NO_NESTING_LIMIT } from './limits.js';

/**
 * Bytes kept free in front of a message builder's first segment, for the stream framing's
 * header of a one-segment message (segment count and size, 8 bytes): `MessageBuilder#frame()`
 * writes the header there and returns the framed message as a view, with no copy.
 */
export const FRAME_HEADER_BYTES = 8;

/** Zeroed memory for a first segment of `capacity` bytes, with the header's room in front. */
function firstSegmentBytes(capacity: number): Uint8Array {
  return allocateBytesAfter(FRAME_HEADER_BYTES, capacity);
}

/** The first segment's memory inside the caller's `buffer` (BuilderOptions.buffer), zeroed. */
function callerSegmentBytes(buffer: Uint8Array): Uint8Array {
  if (!(buffer instanceof Uint8Array) || buffer.length < FRAME_HEADER_BYTES + BYTES_PER_WORD || buffer.byteOffset % BYTES_PER_WORD !== 0) {
    throw new CapnpError('INVALID_ARGUMENT', 'a builder\'s buffer must be a Uint8Array of at least 16 bytes starting at a multiple of 8 bytes into its ArrayBuffer');
  }
  const words = Math.min(MAX_SEGMENT_WORDS, Math.floor((buffer.length - FRAME_HEADER_BYTES) / BYTES_PER_WORD));
  const bytes = buffer.subarray(FRAME_HEADER_BYTES, FRAME_HEADER_BYTES + words * BYTES_PER_WORD);
  bytes.fill(0);
  return bytes;
}

/**
 * How large the first segment of a builder made with default options is, in words: learned
 * from the builders finished before it (`learnFirstSegment`), between MIN_LEARNED_FIRST_WORDS
 * and DEFAULT_FIRST_SEGMENT_WORDS. A new segment's memory comes zeroed, and zeroing is most of
 * what a small message's builder costs: 1 KiB for a 24-byte message was about a quarter of
 * building it (`micro` two-int32/build). A message that outgrows its segment grows it in place,
 * so the bytes built are the same whatever this is; only the number of growth steps differs.
 */
let learnedFirstWords = DEFAULT_FIRST_SEGMENT_WORDS;
const MIN_LEARNED_FIRST_WORDS = 8;

/**
 * Called when a builder made with default options hands out its message (`startBytes`: its
 * first segment's size when it was made): the next such builder's first segment is as large as
 * this message needed (up to the default), at once when that is larger, by halves when smaller,
 * so that one small message among large ones costs the next large one at most one more growth
 * step.
 */
export function learnFirstSegment(arena: Arena, startBytes: number): void {
  const first = arena.first;
  // What the message needed: all of a segment it had to grow, else twice its size (a write may
  // reserve more than it keeps: Text its longest UTF-8 form), as a power of two.
  const capacity = first.bytes.length - first.start;
  const reached = capacity > startBytes
    ? capacity / BYTES_PER_WORD
    : 1 << (32 - Math.clz32((2 * (first.used - first.start)) / BYTES_PER_WORD - 1));
  learnedFirstWords = reached >= learnedFirstWords
    ? Math.min(reached, DEFAULT_FIRST_SEGMENT_WORDS)
    : Math.max(learnedFirstWords >>> 1, reached, MIN_LEARNED_FIRST_WORDS);
}

/**
 * An arena for a message being built with default options, with its first segment (of the
 * learned size: `learnFirstSegment`) and root pointer allocated. A small first segment is a
 * piece of the builders' slab (`sharedFirstSegment`). Apart from `buildingArena` so that code
 * that always passes options (the RPC engine's messages) bundles none of that.
 */
export function defaultBuildingArena(): Arena {
  // The defaults need no checking (a builder made per small message pays for every step).
  const capacity = learnedFirstWords * BYTES_PER_WORD;
  const segments = new Array<Segment>(1);
  const arena = new Arena(segments, true, Infinity, NO_NESTING_LIMIT, DEFAULT_FIRST_SEGMENT_WORDS, 'in-place', MAX_SEGMENT_WORDS);
  segments[0] = arena.first = capacity > MAX_SHARED_FIRST_BYTES ? ownFirstSegment(arena, capacity) : sharedFirstSegment(arena, capacity);
  return arena;
}

/** An arena for a message being built with `options`, with its first segment and root pointer allocated. */
export function buildingArena(options: BuilderOptions): Arena {
  const given = options.buffer;
  const firstBytes = given === undefined ? null : callerSegmentBytes(given);
  const firstSegmentWords = firstBytes !== null ? firstBytes.length / BYTES_PER_WORD : options.firstSegmentWords ?? DEFAULT_FIRST_SEGMENT_WORDS;
  const maxSegmentWords = options.maxSegmentWords ?? MAX_SEGMENT_WORDS;
  const growth = options.growth ?? 'in-place';
  if (!Number.isInteger(firstSegmentWords) || firstSegmentWords < 1 || firstSegmentWords > MAX_SEGMENT_WORDS) {
    throw new CapnpError('INVALID_ARGUMENT', `firstSegmentWords must be an integer in 1..${MAX_SEGMENT_WORDS}, got ${describeValue(firstSegmentWords)}`);
  }
  if (!Number.isInteger(maxSegmentWords) || maxSegmentWords < firstSegmentWords || maxSegmentWords > MAX_SEGMENT_WORDS) {
    throw new CapnpError('INVALID_ARGUMENT', `maxSegmentWords must be an integer in firstSegmentWords..${MAX_SEGMENT_WORDS}, got ${describeValue(maxSegmentWords)}`);
  }
  if (growth !== 'in-place' && growth !== 'heuristic' && growth !== 'fixed') {
    throw new CapnpError('INVALID_ARGUMENT', `unknown growth policy ${describeValue(growth)}`);
  }
  // A message being built is trusted and acyclic: reading it back needs no limits.
  const segments = new Array<Segment>(1);
  const arena = new Arena(segments, true, Infinity, NO_NESTING_LIMIT, firstSegmentWords, growth, maxSegmentWords);
  segments[0] = arena.first = firstBytes !== null
    ? new Segment(arena, 0, firstBytes, BYTES_PER_WORD, viewOver(firstBytes))
    : ownFirstSegment(arena, firstSegmentWords * BYTES_PER_WORD);
  return arena;
}

/** A first segment of `capacity` bytes in memory of its own from the pool, with the framing header's room in front. */
function ownFirstSegment(arena: Arena, capacity: number): Segment {
  const bytes = firstSegmentBytes(capacity);
  return new Segment(arena, 0, bytes, BYTES_PER_WORD, viewOver(bytes));
}

/**
 * First segments of up to this many bytes, for builders made with default options, are pieces
 * of a slab that shares one DataView (`sharedFirstSegment`). A new DataView is about 800
 * instructions of V8's C++ (the constructor is a runtime call, and so is reading the typed
 * array's `buffer` for it): building and framing a 24-byte message in a new builder counted
 * 3 241 instructions with a view of its own and 2 384 without (micro two-int32/build). Larger
 * first segments are a builder of messages large enough for the view not to matter, and a
 * segment in a slab that grows keeps its offset (see `growSegment`), so the slab's bytes in
 * front of it are carried along as waste: this bounds that waste, and SHARED_SLAB_BYTES what
 * one live builder keeps alive.
 */
const MAX_SHARED_FIRST_BYTES = 1024;
const SHARED_SLAB_BYTES = 16 * 1024;
// Made by the first builder: until then `sharedSlabUsed` says the slab is full.
let sharedSlab: ArrayBuffer;
let sharedSlabView: DataView;
let sharedSlabUsed = SHARED_SLAB_BYTES;

function newSharedSlab(): void {
  sharedSlab = new ArrayBuffer(SHARED_SLAB_BYTES);
  sharedSlabView = new DataView(sharedSlab);
  sharedSlabUsed = 0;
}

/**
 * A first segment of `capacity` bytes carved from the builders' slab, with the framing
 * header's room in front of it: its `bytes` view the slab from its start to the segment's end,
 * its `view` is the slab's, and it starts (its root pointer) at `start`, the piece's offset in
 * the slab. Offsets in a segment are positions in its `bytes`, so they index the shared view
 * as they are; `bytes` ending where the segment's capacity ends keeps every check of room
 * against `bytes.length` (allocation, Text written straight into the free tail) within the
 * piece. Nothing writes below `start` but the framing header (`frameInPlace`), into the room
 * kept for it. Slabs are never reused (as pool.ts's): a slab stays alive while any builder in
 * it, or a view of its framed message, does.
 */
function sharedFirstSegment(arena: Arena, capacity: number): Segment {
  const total = FRAME_HEADER_BYTES + capacity;
  if (sharedSlabUsed + total > SHARED_SLAB_BYTES) newSharedSlab();
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(sharedSlab, 0, sharedSlabUsed + total);
  } catch (error) {
    // A detached slab (a caller transferred the buffer `frame()` returned) is replaced like a
    // full one, found where carving from it throws (pool.ts says why).
    if (sharedSlab.byteLength !== 0) throw error;
    newSharedSlab();
    bytes = new Uint8Array(sharedSlab, 0, total);
  }
  const start = sharedSlabUsed + FRAME_HEADER_BYTES;
  sharedSlabUsed = start + capacity;
  return new Segment(arena, 0, bytes, start + BYTES_PER_WORD, sharedSlabView, start);
}

/**
 * Allocates `bytes` (a multiple of 8) in `segment` if it fits (growing it in place when the
 * policy allows). Returns the byte offset, or -1 when the object must go elsewhere.
 */
export function allocateIn(arena: Arena, segment: Segment, bytes: number): number {
  const offset = segment.used;
  const end = offset + bytes;
  if (end > segment.bytes.length) {
    if (arena.growth !== 'in-place' || end - segment.start > arena.maxSegmentBytes) return -1;
    growSegment(segment, end, arena.maxSegmentBytes);
  }
  segment.used = end;
  return offset;
}

/**
 * Makes room for `bytes` more at the end of `segment` (growing it in place if the policy
 * allows) without allocating them; returns where they would start, or -1. Lets a writer whose
 * exact size is known only after writing (UTF-8 text) write first and allocate what it used.
 */
export function reserve(arena: Arena, segment: Segment, bytes: number): number {
  const end = segment.used + bytes;
  if (end > segment.bytes.length) {
    if (arena.growth !== 'in-place' || end - segment.start > arena.maxSegmentBytes) return -1;
    growSegment(segment, end, arena.maxSegmentBytes);
  }
  return segment.used;
}

/**
 * Allocates `bytes` wherever there is room: the last segment, else a new one. Returns the
 * segment; the object starts at `segment.used - bytes`.
 */
export function allocateAnywhere(arena: Arena, bytes: number): Segment {
  if (!arena.writable) throw new CapnpError('UNSUPPORTED', 'this message is read-only');
  const last = arena.segments[arena.segments.length - 1]!;
  if (allocateIn(arena, last, bytes) >= 0) return last;
  if (bytes > arena.maxSegmentBytes) {
    throw new CapnpError('MESSAGE_TOO_LARGE', `an object of ${bytes / BYTES_PER_WORD} words does not fit in a segment of at most ${arena.maxSegmentBytes / BYTES_PER_WORD} words`);
  }
  let capacity: number;
  if (arena.growth === 'heuristic') {
    // The size of all segments so far (not just their used part), as the reference builder
    // does: its output then has the same segments as ours.
    let total = 0;
    for (const s of arena.segments) total += s.bytes.length - s.start;
    capacity = Math.max(bytes, total, arena.firstSegmentWords * BYTES_PER_WORD);
  } else {
    capacity = Math.max(bytes, arena.firstSegmentWords * BYTES_PER_WORD);
  }
  capacity = Math.min(capacity, arena.maxSegmentBytes);
  const memory = allocateBytes(capacity);
  const segment = new Segment(arena, arena.segments.length, memory, bytes, viewOver(memory));
  arena.segments.push(segment);
  return segment;
}

/**
 * Forgets every object so the arena can build a new message, keeping the first segment's
 * memory (zeroed) and dropping the rest. In the default `in-place` policy the first segment
 * has grown to the size of the largest message built so far, so reuse allocates nothing.
 */
export function resetArena(arena: Arena): void {
  const first = arena.first;
  first.bytes.fill(0, first.start, first.used);
  first.used = first.start + BYTES_PER_WORD;
  // Only when there is more than one: setting an array's length goes through V8's runtime
  // (a builder reset per message paid about 750 instructions for it: eval's round trip).
  const segments = arena.segments;
  if (segments.length > 1) segments.length = 1;
  arena.dropCapTable();
  arena.textBatch = null;
}

/** Total words in use across segments. */
export function totalWords(arena: Arena): number {
  let bytes = 0;
  for (const s of arena.segments) bytes += s.used - s.start;
  return bytes / BYTES_PER_WORD;
}

/**
 * From this size on a segment grows fourfold instead of twofold. What a large build costs in
 * memory is not its final buffer, whose untouched tail is never made resident (a new buffer's
 * zeroed pages are mapped on first write), but the buffers it outgrew: garbage, resident until
 * V8 next collects, which it does late for memory outside its heap. Doubling, a 46.5 MB
 * message peaked at 2.1× its size (the 32 and 16 MiB buffers still resident at the end);
 * growing fourfold above 1 MiB leaves less behind (16 + 4 + 1 MiB) and it peaks at 1.43×
 * (bench news-large, "peak memory"), with a third of the copying. Below 1 MiB doubling keeps
 * small messages' buffers, which the pool and reused builders hold, close to their size; from
 * 64 MiB (larger than any message read without an explicit traversal limit) doubling again
 * bounds the address space a huge message reserves beyond its size (a 300 MiB message would
 * otherwise ask for a 1 GiB buffer, which a browser may refuse).
 */
const FOURFOLD_FROM_BYTES = 1 << 20;
const FOURFOLD_BELOW_BYTES = 64 << 20;

/**
 * The capacity a segment of `length` bytes grows to: at least `minCapacity` bytes, doubling
 * (fourfold from 1 to 64 MiB: FOURFOLD_FROM_BYTES), but never more than `maxCapacity` (the
 * arena's segment limit; allocation checks against the buffer's length, so a larger buffer
 * would let the segment outgrow the limit).
 */
export function grownCapacity(length: number, minCapacity: number, maxCapacity = Infinity): number {
  const factor = length >= FOURFOLD_FROM_BYTES && length < FOURFOLD_BELOW_BYTES ? 4 : 2;
  let capacity = Math.max(length * factor, 64);
  while (capacity < minCapacity) capacity *= factor;
  return Math.max(Math.min(capacity, maxCapacity), minCapacity);
}

/**
 * Replaces a segment's bytes with a larger zeroed buffer holding the same contents at the same
 * offsets (see `grownCapacity`), its capacity past `start` at least `minEnd - start` bytes.
 * Builders hold offsets into the segment, so a segment that starts inside its bytes (a first
 * segment from the builders' slab) starts at the same offset in its new memory, whose bytes in
 * front of it are unused but for the framing header's room just before it.
 */
export function growSegment(segment: Segment, minEnd: number, maxCapacity = Infinity): void {
  const start = segment.start;
  const capacity = grownCapacity(segment.bytes.length - start, minEnd - start, maxCapacity);
  // The first segment keeps the framing header's room in front wherever it moves.
  const bytes = start > 0 ? allocateBytes(start + capacity) : segment.id === 0 ? firstSegmentBytes(capacity) : allocateBytes(capacity);
  bytes.set(segment.bytes.subarray(start, segment.used), start);
  segment.replaceBytes(bytes);
}
