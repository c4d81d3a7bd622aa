/**
 * Writing the object a pointer slot holds, for struct builders (pointer fields), list builders
 * (pointer elements) and AnyPointer builders: init, get-for-writing (with defaults and
 * upgrades), set by copying a reader, Text and Data, capabilities.
 */
import { copyList, copyPointer, copyStruct } from './core/copy.js';
import { CapnpError } from './error.js';
import { describeValue } from './core/describe-value.js';
import { Kind, Size } from './core/layout.js';
import { ListBuilder } from './list-builder.js';
import type { ListReader } from './list-reader.js';
import { ListView } from './list-view.js';
import {
  allocated, allocateList, allocateObject, allocateStruct, allocateStructList, checkListLength, checkListShape, checkStructListShape, checkStructSize, existingStruct,
  getWritableList, getWritableStruct, getWritableStructList, isNull, transferPointer, writeNear, zeroObject,
} from './core/pointer-builder.js';
import { ANY_SIZE, resolveListAs, resolved } from './core/read-pointer.js';
import type { Segment } from './core/segment.js';
import { StructBuilder } from './struct-builder.js';
import type { StructReader } from './struct-reader.js';
import { StructView } from './struct-view.js';
import { encodeUtf8Fitting, encodeUtf8Into, utf8Length } from './core/text.js';
import { allocateAnywhere, reserve } from './core/allocation.js';
import { NO_NESTING_LIMIT } from './core/limits.js';

/**
 * Replaces whatever the slot holds with a new zeroed struct, and says where it is in
 * `existingStruct` (segment, data, dataSize, pointerCount): for callers that wrap the struct
 * in a class of their own (generated builders), which then make one object, not two. Their
 * sizes come from a schema; `allocateStruct` still refuses others, but only after the old
 * value is gone (`initStructAt` checks first). Checked first here, or on the way in through a
 * function of its own, the larger bodies made V8 stop inlining what a fresh builder's first
 * struct calls (two-int32/build +1.6% to +13% instructions).
 */
export function initStructIn(segment: Segment, at: number, dataWords: number, pointerCount: number): void {
  zeroObject(segment, at);
  const data = allocateStruct(segment, at, dataWords, pointerCount);
  const out = existingStruct;
  // Stored only when it changes (pointer-builder.ts, `Allocated`: a write barrier's slow path).
  if (out.segment !== allocated.segment) out.segment = allocated.segment;
  out.data = data;
  out.dataSize = dataWords * 8;
  out.pointerCount = pointerCount;
}

/**
 * Replaces whatever the slot holds with a new zeroed struct; sizes that are refused leave the
 * old value in place.
 */
export function initStructAt(segment: Segment, at: number, dataWords: number, pointerCount: number): StructBuilder {
  checkStructSize(dataWords, pointerCount);
  initStructIn(segment, at, dataWords, pointerCount);
  const s = existingStruct;
  return new StructBuilder(s.segment, s.data, s.dataSize, s.data + s.dataSize, s.pointerCount, NO_NESTING_LIMIT);
}

/**
 * The struct in the slot, for writing, in `existingStruct`. Null: `defaultValue` is copied in
 * if given, else a new struct is made. Smaller than `dataWords`/`pointerCount` (an older
 * schema wrote it): upgraded.
 */
export function getStructIn(segment: Segment, at: number, dataWords: number, pointerCount: number, defaultValue: Segment | null | undefined): void {
  if (defaultValue != null && isNull(segment, at)) copyPointer(segment, at, defaultValue, 0, NO_NESTING_LIMIT, false);
  getWritableStruct(segment, at, dataWords, pointerCount);
}

/** `getStructIn`, as a StructBuilder. */
export function getStructAt(segment: Segment, at: number, dataWords: number, pointerCount: number, defaultValue: Segment | null | undefined): StructBuilder {
  getStructIn(segment, at, dataWords, pointerCount, defaultValue);
  const s = existingStruct;
  return new StructBuilder(s.segment, s.data, s.dataSize, s.data + s.dataSize, s.pointerCount, NO_NESTING_LIMIT);
}

/**
 * Whether `source` may overlap the message `segment` belongs to: it is in the same arena, or
 * it is a view of one of its buffers (a reader from `MessageBuilder.asReader()` has an arena of
 * its own over the builder's memory).
 */
function sharesMemory(segment: Segment, source: Segment): boolean {
  if (source.arena === segment.arena) return true;
  // Byte ranges, not buffers: small segments of unrelated messages share pooled slabs (pool.ts),
  // and a small message being read is a range of one (`Arena.forReadingOne`).
  const bytes = source.bytes;
  const start = bytes.byteOffset + source.start;
  const end = bytes.byteOffset + source.used;
  for (const s of segment.arena.segments) {
    if (s.bytes.buffer !== bytes.buffer) continue;
    // A segment being built is its bytes from `start` on (a small first segment is a piece of a
    // slab shared with other builders: allocation.ts, `sharedFirstSegment`).
    const from = s.bytes.byteOffset + s.start;
    if (start < s.bytes.byteOffset + s.bytes.byteLength && from < end) return true;
  }
  return false;
}

/**
 * Replaces whatever the slot holds with a copy made by `copy`. When the source is in the same
 * message it may be the very object the slot holds (or inside it), so the copy is made first,
 * into a spare word, and moved into the slot once the old object is zeroed. A copy that fails
 * partway (a source past its reader's limits) is not left half-made: it is zeroed, and the slot
 * is null (or, for a source in the same message, as it was).
 */
function replaceWithCopy(segment: Segment, at: number, source: Segment, copy: (to: Segment, toAt: number) => void): void {
  if (!sharesMemory(segment, source)) {
    zeroObject(segment, at);
    copyOrZero(copy, segment, at);
    return;
  }
  const spare = allocateAnywhere(segment.arena, 8);
  const spareAt = spare.used - 8;
  copyOrZero(copy, spare, spareAt);
  zeroObject(segment, at);
  transferPointer(segment, at, spare, spareAt);
  spare.view.setUint32(spareAt, 0, true);
  spare.view.setUint32(spareAt + 4, 0, true);
}

function copyOrZero(copy: (to: Segment, toAt: number) => void, to: Segment, toAt: number): void {
  try {
    copy(to, toAt);
  } catch (error) {
    zeroObject(to, toAt);
    throw error;
  }
}

/** Replaces whatever the slot holds with a deep copy of `value`. */
export function setStructAt(segment: Segment, at: number, value: StructReader): void {
  replaceWithCopy(segment, at, value.segment, (to, toAt) =>
    copyStruct(to, toAt, value.segment, value.data, value.dataSize, value.pointers, value.pointerCount, value.nestingLimit, false));
}

export function initListAt(segment: Segment, at: number, elementSize: number, length: number): ListBuilder {
  // Nothing to zero in a null slot, the usual case (see `setTextAt`). Over an old value, the
  // arguments are checked before it goes (`allocateList` checks them again): checked first
  // everywhere, the larger body made V8 stop inlining this into generated list initializers
  // (list-int32-100/build +5% instructions).
  if (!isNull(segment, at)) {
    checkListShape(elementSize, length);
    zeroObject(segment, at);
  }
  const offset = allocateList(segment, at, elementSize, length);
  return ListBuilder.of(allocated.segment, offset, length, elementSize);
}

export function initStructListAt(segment: Segment, at: number, length: number, dataWords: number, pointerCount: number): ListBuilder {
  // Not through initStructListIn: its record's stores and loads, inlined here, cost news build
  // 1.1% instructions (V8 then stopped inlining writeWord into the list's callers).
  checkStructListShape(length, dataWords, pointerCount);
  zeroObject(segment, at);
  const offset = allocateStructList(segment, at, length, dataWords, pointerCount);
  const step = (dataWords + pointerCount) * 8;
  return new ListBuilder(allocated.segment, offset, length, Size.INLINE_COMPOSITE, step, dataWords * 8, pointerCount, NO_NESTING_LIMIT);
}

/**
 * Like `initStructListAt`, but leaves where the new list is in `listLocation` instead of making
 * a `ListBuilder`, for callers that make their own view of it (generated struct lists).
 */
export function initStructListIn(segment: Segment, at: number, length: number, dataWords: number, pointerCount: number): void {
  checkStructListShape(length, dataWords, pointerCount);
  zeroObject(segment, at);
  const offset = allocateStructList(segment, at, length, dataWords, pointerCount);
  // Written out, not through resolveListAs: the call made V8 stop inlining writeNear into
  // initStructListOf (carsales +0.4% instructions).
  const r = resolved;
  if (r.segment !== allocated.segment) r.segment = allocated.segment;
  r.offset = offset;
  r.length = length;
  r.elementSize = Size.INLINE_COMPOSITE;
  r.step = (dataWords + pointerCount) * 8;
  r.dataSize = dataWords * 8;
  r.pointerCount = pointerCount;
}

function fromResolved(): ListBuilder {
  const r = resolved;
  return new ListBuilder(r.segment, r.offset, r.length, r.elementSize, r.step, r.dataSize, r.pointerCount, NO_NESTING_LIMIT);
}

/** The list in the slot, for writing (null: `defaultValue` copied in, else an empty list). */
export function getListAt(segment: Segment, at: number, elementSize: number, defaultValue: Segment | null | undefined): ListBuilder {
  if (defaultValue != null && isNull(segment, at)) copyPointer(segment, at, defaultValue, 0, NO_NESTING_LIMIT, false);
  if (!getWritableList(segment, at, elementSize)) return ListBuilder.of(segment, 0, 0, elementSize === ANY_SIZE ? Size.VOID : elementSize);
  return fromResolved();
}

/** The struct list in the slot, for writing, upgraded to at least the given element size. */
export function getStructListAt(segment: Segment, at: number, dataWords: number, pointerCount: number, defaultValue: Segment | null | undefined): ListBuilder {
  getStructListIn(segment, at, dataWords, pointerCount, defaultValue);
  return fromResolved();
}

/**
 * Like `getStructListAt`, but leaves where the list is in `listLocation` (an empty list for a
 * null pointer without a default) instead of making a `ListBuilder`.
 */
export function getStructListIn(segment: Segment, at: number, dataWords: number, pointerCount: number, defaultValue: Segment | null | undefined): void {
  if (defaultValue != null && isNull(segment, at)) copyPointer(segment, at, defaultValue, 0, NO_NESTING_LIMIT, false);
  if (!getWritableStructList(segment, at, dataWords, pointerCount)) {
    resolveListAs(segment, 0, 0, Size.INLINE_COMPOSITE, (dataWords + pointerCount) * 8, dataWords * 8, pointerCount);
  }
}

/** Replaces whatever the slot holds with a deep copy of `value`. */
export function setListAt(segment: Segment, at: number, value: ListReader): void {
  replaceWithCopy(segment, at, value.segment, (to, toAt) =>
    copyList(to, toAt, value.segment, value.offset, value.length, value.elementSize, value.step, value.dataSize, value.pointerCount, value.nestingLimit, false));
}

/**
 * `value`, checked to be a string: the wire builders' `setText` check what generated setters
 * check (runtime/access.ts), before the field's old value goes. `setTextAt` itself takes a
 * string as given (its callers have checked it, or made it).
 */
export function textArgument(value: string): string {
  if (typeof value !== 'string') refuseArgument('a string for Text', value);
  return value;
}

/** `value`, checked to be a `Uint8Array` (as `textArgument`, for Data). */
export function dataArgument(value: Uint8Array): Uint8Array {
  if (!(value instanceof Uint8Array)) refuseArgument('a Uint8Array for Data', value);
  return value;
}

/**
 * `value`, checked to be a wire-level struct (a `StructReader`, or a `StructBuilder`, which
 * copies as well), as the wire builders' `setStruct` take one: anything else would fail deep in
 * the copy with a `TypeError`. A generated reader is not one (its `$`-fields are its own).
 */
export function structArgument(value: StructReader): StructReader {
  if (!(value instanceof StructView)) refuseArgument('a StructReader or StructBuilder', value);
  return value;
}

/** `value`, checked to be a wire-level list (a `ListReader` or `ListBuilder`), as `structArgument`. */
export function listArgument(value: ListReader): ListReader {
  if (!(value instanceof ListView)) refuseArgument('a ListReader or ListBuilder', value);
  return value;
}

export function refuseArgument(expected: string, value: unknown): never {
  throw new CapnpError('INVALID_ARGUMENT', `expected ${expected}, got ${describeValue(value)}`);
}

export function setTextAt(segment: Segment, at: number, value: string): void {
  // A null slot (every field of a message being built, the first time it is set) needs no
  // call of `zeroObject`, which V8 did not inline here: the check first counted news build
  // 0.958× instructions (carsales and catrank 0.99×). Not in `initStructIn`, where the larger
  // body made V8 stop inlining it into eval's builders (eval +10%).
  if (!isNull(segment, at)) zeroObject(segment, at);
  const batch = segment.arena.textBatch;
  if (batch !== null && batch.segment === segment && value.length > 0) {
    // Written with the rest of the batch at the end (text-batch.ts); a placeholder until then.
    batch.add(value, at);
    return;
  }
  writeTextAt(segment, at, value);
}

/**
 * Writes Text at once into the pointer slot `at` (null, or a deferred Text's placeholder, which
 * is simply overwritten): `setTextAt` without a batch, and a batch's fallback for a block that
 * was not all ASCII.
 */
export function writeTextAt(segment: Segment, at: number, value: string): void {
  const arena = segment.arena;
  // Default policy: encode straight into the segment's free tail (room for the worst case,
  // 3 bytes per UTF-16 unit, reserved first), then allocate what was written. One pass over the
  // string instead of measuring it and then encoding it.
  if (arena.growth === 'in-place') {
    const worst = value.length * 3 + 8;
    if (segment.used + worst <= segment.bytes.length) {
      encodeTextAt(segment, at, value);
      return;
    }
    // Past the free tail: the segment grows (or the text goes elsewhere).
    if (value.length >= LONG_TEXT && writeLongTextAt(segment, at, value)) return;
    if (reserve(arena, segment, worst) >= 0) {
      encodeTextAt(segment, at, value);
      return;
    }
  }
  // Other policies allocate the exact size first, so segments fill as the reference's do.
  const length = utf8Length(value);
  const offset = allocateObject(segment, at, Math.ceil((length + 1) / 8) * 8, Kind.LIST, Size.BYTE + (length + 1) * 8);
  if (length > 0) encodeUtf8Into(value, allocated.segment.bytes, offset);
}

/** Strings from this many UTF-16 units on take `writeLongTextAt` when the worst case does not fit. */
const LONG_TEXT = 256;

/**
 * A long string whose worst case (3 bytes a unit) does not fit in the segment's free tail: the
 * segment is made room for it as if it were ASCII (a byte a unit), and it is written with an
 * encoder that says whether all of it fitted. Reserving the worst case would grow the segment to
 * three times the text (a zeroed buffer, the segment copied into it) for room ASCII never uses;
 * measuring the string first costs a pass over it in JavaScript (text-4k RPC calls took twice as
 * long that way: docs/BENCHMARKS.md, RPC). False, having written nothing, when it did not fit
 * (text that is not ASCII): the caller then reserves the worst case.
 */
function writeLongTextAt(segment: Segment, at: number, value: string): boolean {
  if (reserve(segment.arena, segment, value.length + 8) < 0) return false;
  const start = segment.used;
  const bytes = segment.bytes;
  // One byte short of the end: the NUL after the text must fit too.
  const { read, written } = encodeUtf8Fitting(value, bytes, start, bytes.length - 1);
  if (read < value.length) {
    // Memory past `used` stays zero in a segment being built.
    bytes.fill(0, start, start + written);
    return false;
  }
  finishTextAt(segment, at, start, written);
  return true;
}

/** Writes `value` as Text into the segment's free tail, which has room for its worst case, and points the slot at `at` to it. */
function encodeTextAt(segment: Segment, at: number, value: string): void {
  const start = segment.used;
  finishTextAt(segment, at, start, value.length === 0 ? 0 : encodeUtf8Into(value, segment.bytes, start));
}

/** Allocates Text of `written` bytes (and its NUL) written at `start`, the segment's free tail, and points the slot at `at` to it. */
function finishTextAt(segment: Segment, at: number, start: number, written: number): void {
  segment.used = start + Math.ceil((written + 1) / 8) * 8;
  writeNear(segment, at, start, Kind.LIST, Size.BYTE + (written + 1) * 8);
}

export function setDataAt(segment: Segment, at: number, value: Uint8Array): void {
  checkListLength(value.length);
  // Nothing to zero in a null slot, the usual case (see `setTextAt`).
  if (!isNull(segment, at)) zeroObject(segment, at);
  const offset = allocateObject(segment, at, Math.ceil(value.length / 8) * 8, Kind.LIST, Size.BYTE + value.length * 8);
  allocated.segment.bytes.set(value, offset);
}

/**
 * Replaces the slot with `length` zero bytes of Data and returns a view of them to fill in.
 * The view is valid until the message next allocates (a segment may then move).
 */
export function initDataAt(segment: Segment, at: number, length: number): Uint8Array {
  // A length that is not a count would be written into the pointer as it is (a negative or
  // fractional one changes the element size bits): refused before anything is written.
  checkListLength(length);
  return initBytesAt(segment, at, length, length);
}

/**
 * Replaces the slot with Text of `byteLength` zero bytes (and its NUL terminator after them)
 * and returns a view of those bytes, to be filled with UTF-8: what C++'s `initX(size)` gives,
 * for text whose bytes are at hand (copied from another buffer, or made a byte at a time)
 * rather than as a string. Bytes left zero stay in the Text as NULs. The view is valid until the
 * message next allocates (a segment may then move).
 */
export function initTextAt(segment: Segment, at: number, byteLength: number): Uint8Array {
  // The NUL is an element of the list too, so the list's length is checked as well.
  checkListLength(byteLength);
  checkListLength(byteLength + 1);
  return initBytesAt(segment, at, byteLength, byteLength + 1);
}

/** A new zeroed byte list of `elements` in the slot, and a view of its first `length` bytes. */
function initBytesAt(segment: Segment, at: number, length: number, elements: number): Uint8Array {
  // Nothing to zero in a null slot, the usual case (see `setTextAt`).
  if (!isNull(segment, at)) zeroObject(segment, at);
  const offset = allocateObject(segment, at, Math.ceil(elements / 8) * 8, Kind.LIST, Size.BYTE + elements * 8);
  return allocated.segment.bytes.subarray(offset, offset + length);
}

/**
 * Adds `capability` to the message's cap table and points the slot at it. An object with a
 * `$capEntry()` method (an RPC client) decides what the table holds: RPC stores a reference of
 * its own there, so the message keeps the capability alive even if the handle is closed.
 */
export function setCapabilityAt(segment: Segment, at: number, capability: unknown): void {
  zeroObject(segment, at);
  if (capability == null) return;
  const source = capability as { $capEntry?: () => unknown };
  const entry = typeof source.$capEntry === 'function' ? source.$capEntry() : capability;
  const table = segment.arena.capTable;
  segment.view.setUint32(at, Kind.OTHER, true);
  segment.view.setUint32(at + 4, table.length, true);
  table.push(entry);
}

/** Replaces whatever the slot holds with a deep copy of what the pointer at `from`/`fromAt` leads to. */
export function setPointerAt(segment: Segment, at: number, from: Segment, fromAt: number, nestingLimit: number): void {
  if (from === segment && fromAt === at) return;
  replaceWithCopy(segment, at, from, (to, toAt) => copyPointer(to, toAt, from, fromAt, nestingLimit, false));
}

export function checkSlot(index: number, count: number): void {
  if ((index >>> 0) !== index || index >= count) {
    throw new CapnpError('INDEX_OUT_OF_RANGE', `pointer index ${index} is out of range (the struct has ${count} pointers)`);
  }
}
