/**
 * Writing pointers in a message being built: allocating objects (with far pointers and landing
 * pads when an object lands in another segment), pointing at objects that already exist
 * (double-far when needed), zeroing objects that are overwritten, and the upgrade rules that
 * let a newer schema write into a message made with an older one.
 *
 * Like the read side, these functions take a segment and a byte offset, never a builder
 * object, and report where they allocated through the shared `allocated` record.
 */
import { CapnpError } from '../error.js';
import { describeValue } from './describe-value.js';
import { DATA_BITS_PER_ELEMENT, Deferred, Kind, MAX_LIST_ELEMENTS, MAX_SEGMENT_WORDS, MAX_STRUCT_SECTION, POINTERS_PER_ELEMENT, Size } from './layout.js';
import { ANY_SIZE, finishList, finishStruct, followPointer, resolveListAs, resolved } from './read-pointer.js';
import type { Segment } from './segment.js';
import { allocateAnywhere, allocateIn } from './allocation.js';

/** A struct pointer with offset -1: how a zero-size struct is encoded (it must not be null). */
export const EMPTY_STRUCT_POINTER_LO = 0xfffffffc;

/**
 * Records like this one (and read-pointer.ts's `resolved`) live for the whole process, in V8's
 * old space, while the segments of a message just made or opened are young: each store of one
 * into them takes the write barrier's slow path (a remembered-set insert, about 50
 * instructions). So their segment fields are stored only when they change, and this record
 * serves two purposes (as `resolved` does): one store of each new message's segment, where a
 * fresh builder paid three at every struct it made, then two per message.
 */
class Allocated {
  /** Segment of the object just allocated; as `existingStruct`, the struct's segment. */
  segment: Segment = null as unknown as Segment;
  /** As `existingStruct` only: the struct's data offset and section sizes. */
  data = 0;
  dataSize = 0;
  pointerCount = 0;
}

export const allocated = new Allocated();

export function isNull(segment: Segment, at: number): boolean {
  const view = segment.view;
  return view.getUint32(at, true) === 0 && view.getUint32(at + 4, true) === 0;
}

/** Writes a struct or list pointer at `at` to content at `target` in the same segment. */
export function writeNear(segment: Segment, at: number, target: number, kind: number, hi: number): void {
  const view = segment.view;
  const words = (target - at - 8) / 8;
  view.setInt32(at, (words << 2) | kind, true);
  view.setUint32(at + 4, hi, true);
}

export function writeFar(segment: Segment, at: number, padSegment: Segment, padOffset: number, isDouble: boolean): void {
  const view = segment.view;
  // The pad's position counts in words from where its segment starts (a builder's first
  // segment may start inside its bytes: allocation.ts, `sharedFirstSegment`).
  view.setUint32(at, (padOffset - padSegment.start + (isDouble ? 4 : 0) + Kind.FAR) >>> 0, true);
  view.setUint32(at + 4, padSegment.id, true);
}

function writeWord(segment: Segment, at: number, lo: number, hi: number): void {
  segment.view.setUint32(at, lo, true);
  segment.view.setUint32(at + 4, hi, true);
}

/**
 * Allocates `bytes` for a new object referenced by the (null) pointer at `at` and writes that
 * pointer. Prefers the pointer's own segment; otherwise the object goes elsewhere preceded by
 * a landing pad, and the slot gets a far pointer. Returns the object's byte offset; its segment
 * is `allocated.segment`.
 */
export function allocateObject(segment: Segment, at: number, bytes: number, kind: number, hi: number): number {
  const arena = segment.arena;
  const offset = allocateIn(arena, segment, bytes);
  if (offset >= 0) {
    writeNear(segment, at, offset, kind, hi);
    if (allocated.segment !== segment) allocated.segment = segment;
    return offset;
  }
  const target = allocateAnywhere(arena, bytes + 8);
  const pad = target.used - bytes - 8;
  writeNear(target, pad, pad + 8, kind, hi);
  writeFar(segment, at, target, pad, false);
  allocated.segment = target;
  return pad + 8;
}

/**
 * Points the slot at `at` to an object that already exists at `targetOffset` in `target`
 * (adoption, transfer). Across segments this needs a landing pad in the target's segment, or,
 * when that segment is full, a two-word pad anywhere (a double-far pointer).
 */
export function linkPointer(segment: Segment, at: number, target: Segment, targetOffset: number, kind: number, hi: number): void {
  if (kind === Kind.STRUCT && hi === 0) {
    writeWord(segment, at, EMPTY_STRUCT_POINTER_LO, 0);
    return;
  }
  if (segment === target) {
    writeNear(segment, at, targetOffset, kind, hi);
    return;
  }
  const arena = segment.arena;
  const pad = allocateIn(arena, target, 8);
  if (pad >= 0) {
    writeNear(target, pad, targetOffset, kind, hi);
    writeFar(segment, at, target, pad, false);
    return;
  }
  const padSegment = allocateAnywhere(arena, 16);
  const padOffset = padSegment.used - 16;
  writeFar(padSegment, padOffset, target, targetOffset, false);
  writeWord(padSegment, padOffset + 8, kind, hi);
  writeFar(segment, at, padSegment, padOffset, true);
}

/**
 * Moves the pointer at `from` to the null slot `to` (both in this message): the object stays
 * where it is. Far and capability pointers are position-independent and copy verbatim.
 */
export function transferPointer(to: Segment, toAt: number, from: Segment, fromAt: number): void {
  const view = from.view;
  const lo = view.getUint32(fromAt, true);
  const hi = view.getUint32(fromAt + 4, true);
  if (lo === 0 && hi === 0) return;
  const kind = lo & 3;
  if (kind === Kind.FAR || kind === Kind.OTHER) {
    writeWord(to, toAt, lo, hi);
    return;
  }
  linkPointer(to, toAt, from, fromAt + 8 + ((lo | 0) >> 2) * 8, kind, hi);
}

/**
 * Zeroes the object the pointer at `at` leads to (recursively, with any landing pad), then the
 * pointer. Overwritten objects are zeroed rather than left behind: their space is not reused,
 * but the message packs well and leaks nothing of the old value.
 */
export function zeroObject(segment: Segment, at: number): void {
  const view = segment.view;
  const lo = view.getUint32(at, true);
  const hi = view.getUint32(at + 4, true);
  // Null already (every field of a message being built, the first time it is set): nothing to
  // write. A deferred Text (text-batch.ts) has no object yet: clearing the pointer drops it.
  if (lo === 0 && hi === 0) return;
  if ((lo & 3) === Kind.OTHER || lo === Deferred.TEXT_POINTER) {
    writeWord(segment, at, 0, 0);
    return;
  }
  followPointer(segment, at);
  const target = resolved.segment;
  const offset = resolved.offset;
  const tagLo = resolved.lo;
  const tagHi = resolved.hi;
  const padSegment = resolved.padSegment;
  const padOffset = resolved.padOffset;
  const padBytes = resolved.padBytes;
  writeWord(segment, at, 0, 0);
  if (padBytes > 0) padSegment.bytes.fill(0, padOffset, padOffset + padBytes);
  if ((tagLo & 3) === Kind.STRUCT) {
    const dataBytes = (tagHi & 0xffff) * 8;
    const pointerCount = tagHi >>> 16;
    if (dataBytes === 0 && pointerCount === 0) return;
    for (let i = 0; i < pointerCount; i++) zeroObject(target, offset + dataBytes + i * 8);
    target.bytes.fill(0, offset, offset + dataBytes + pointerCount * 8);
    return;
  }
  const elementSize = tagHi & 7;
  const count = tagHi >>> 3;
  if (elementSize === Size.POINTER) {
    for (let i = 0; i < count; i++) zeroObject(target, offset + i * 8);
    target.bytes.fill(0, offset, offset + count * 8);
  } else if (elementSize === Size.INLINE_COMPOSITE) {
    const tagView = target.view;
    const length = tagView.getUint32(offset, true) >>> 2;
    const elementHi = tagView.getUint32(offset + 4, true);
    const dataBytes = (elementHi & 0xffff) * 8;
    const pointerCount = elementHi >>> 16;
    const step = dataBytes + pointerCount * 8;
    for (let e = 0; e < length; e++) {
      for (let i = 0; i < pointerCount; i++) zeroObject(target, offset + 8 + e * step + dataBytes + i * 8);
    }
    target.bytes.fill(0, offset, offset + 8 + count * 8);
  } else {
    target.bytes.fill(0, offset, offset + Math.ceil((count * DATA_BITS_PER_ELEMENT[elementSize]!) / 64) * 8);
  }
}

// The checks below are written small, their errors made in functions of their own: they run
// at every new struct and list, and V8 inlines them (and what calls them) only while the
// bytecode stays under its budget. `(x & m) !== x`, with `m` all ones, refuses at once what
// is not an integer in 0..m: fractions, negative numbers, NaN and numeric strings. (A bigint
// or a symbol, which TypeScript's types refuse, throws a TypeError from `&` itself: a `typeof`
// first cost two-int32/build 0.7% and nested3/build 1.4% instructions, `Number(x)` twice that.)

export function checkStructSize(dataWords: number, pointerCount: number): void {
  if ((dataWords & MAX_STRUCT_SECTION) !== dataWords || (pointerCount & MAX_STRUCT_SECTION) !== pointerCount) {
    refuseStructSize(dataWords, pointerCount);
  }
}

function refuseStructSize(dataWords: unknown, pointerCount: unknown): never {
  throw new CapnpError('INVALID_ARGUMENT', `struct sections must be 0..65535 words and pointers, got ${describeValue(dataWords)} and ${describeValue(pointerCount)}`);
}

export function checkListLength(length: number): void {
  if ((length & MAX_LIST_ELEMENTS) !== length) refuseListLength(length);
}

function refuseListLength(length: unknown): never {
  throw new CapnpError('INVALID_ARGUMENT', `list length must be an integer in 0..${MAX_LIST_ELEMENTS}, got ${describeValue(length)}`);
}

/** Checks the arguments of a new list of primitives or pointers (see `allocateList`). */
export function checkListShape(elementSize: number, length: number): void {
  checkListLength(length);
  // Below INLINE_COMPOSITE (7): a fraction or a numeric string would otherwise go into the
  // pointer as it is (`'3' + length * 8` concatenates).
  if ((elementSize & 7) !== elementSize || elementSize === Size.INLINE_COMPOSITE) refuseElementSize(elementSize);
}

function refuseElementSize(elementSize: unknown): never {
  throw new CapnpError('INVALID_ARGUMENT', `element size must be a primitive or pointer size, 0..6 (struct lists take a struct size), got ${describeValue(elementSize)}`);
}

/** Checks the arguments of a new struct list (see `allocateStructList`). */
export function checkStructListShape(length: number, dataWords: number, pointerCount: number): void {
  checkListLength(length);
  checkStructSize(dataWords, pointerCount);
  if (length * (dataWords + pointerCount) > MAX_SEGMENT_WORDS) refuseStructListSize(length, dataWords + pointerCount);
}

function refuseStructListSize(length: number, words: number): never {
  throw new CapnpError('MESSAGE_TOO_LARGE', `a struct list of ${length} elements of ${words} words is too large for one segment`);
}

// allocateStruct and allocateList check their arguments; the functions of build-object.ts that
// clear a slot before allocating check them first too, so that a call refused for its
// arguments leaves the old value in place (`initStructIn`, for sizes from a schema, does
// not: see there). allocateStructList leaves the check to its callers.

/** Writes a new zeroed struct at the (zeroed) slot; returns its data offset in `allocated.segment`. */
export function allocateStruct(segment: Segment, at: number, dataWords: number, pointerCount: number): number {
  checkStructSize(dataWords, pointerCount);
  if (dataWords === 0 && pointerCount === 0) {
    writeWord(segment, at, EMPTY_STRUCT_POINTER_LO, 0);
    if (allocated.segment !== segment) allocated.segment = segment;
    // Where the pointer says it is (offset -1: the pointer's own word), inside the segment.
    return at;
  }
  return allocateObject(segment, at, (dataWords + pointerCount) * 8, Kind.STRUCT, dataWords + pointerCount * 0x10000);
}

/** Writes a new zeroed list of primitives or pointers at the (zeroed) slot; returns its offset. */
export function allocateList(segment: Segment, at: number, elementSize: number, length: number): number {
  checkListShape(elementSize, length);
  const bits = DATA_BITS_PER_ELEMENT[elementSize]! + POINTERS_PER_ELEMENT[elementSize]! * 64;
  const bytes = Math.ceil((length * bits) / 64) * 8;
  return allocateObject(segment, at, bytes, Kind.LIST, elementSize + length * 8);
}

/** Writes a new zeroed struct list (tag included) at the (zeroed) slot; returns the first element's offset. */
export function allocateStructList(segment: Segment, at: number, length: number, dataWords: number, pointerCount: number): number {
  const words = length * (dataWords + pointerCount);
  const offset = allocateObject(segment, at, 8 + words * 8, Kind.LIST, Size.INLINE_COMPOSITE + words * 8);
  writeWord(allocated.segment, offset, (length * 4 + Kind.STRUCT) >>> 0, dataWords + pointerCount * 0x10000);
  return offset + 8;
}

/**
 * Where `getWritableStruct` found (or put) the struct: the `allocated` record, whose segment is
 * then the struct's (read it before allocating anything else).
 */
export const existingStruct: Allocated = allocated;

/**
 * The struct at the slot, for writing, at least `dataWords` + `pointerCount` large. A null
 * slot gets `defaultValue` copied in (by the caller, via `copyDefault`) or a new struct; a
 * smaller struct (written by an older schema) is moved to a larger allocation, its pointers
 * transferred and the old copy zeroed.
 */
export function getWritableStruct(segment: Segment, at: number, dataWords: number, pointerCount: number): void {
  const out = existingStruct;
  if (isNull(segment, at)) {
    out.data = allocateStruct(segment, at, dataWords, pointerCount);
    if (out.segment !== allocated.segment) out.segment = allocated.segment;
    out.dataSize = dataWords * 8;
    out.pointerCount = pointerCount;
    return;
  }
  followPointer(segment, at);
  if ((resolved.lo & 3) !== Kind.STRUCT) {
    throw new CapnpError('BAD_POINTER', 'expected a struct pointer in the message being built, found another kind');
  }
  finishStruct(segment, at);
  const oldSegment = resolved.segment;
  const oldData = resolved.offset;
  const oldDataSize = resolved.dataSize;
  const oldPointerCount = resolved.pointerCount;
  const padSegment = resolved.padSegment;
  const padOffset = resolved.padOffset;
  const padBytes = resolved.padBytes;
  if (oldDataSize >= dataWords * 8 && oldPointerCount >= pointerCount) {
    if (out.segment !== oldSegment) out.segment = oldSegment;
    out.data = oldData;
    out.dataSize = oldDataSize;
    out.pointerCount = oldPointerCount;
    return;
  }
  checkStructSize(dataWords, pointerCount);
  const newDataWords = Math.max(oldDataSize / 8, dataWords);
  const newPointerCount = Math.max(oldPointerCount, pointerCount);
  writeWord(segment, at, 0, 0);
  if (padBytes > 0) padSegment.bytes.fill(0, padOffset, padOffset + padBytes);
  const data = allocateStruct(segment, at, newDataWords, newPointerCount);
  const target = allocated.segment;
  target.bytes.set(oldSegment.bytes.subarray(oldData, oldData + oldDataSize), data);
  const newPointers = data + newDataWords * 8;
  for (let i = 0; i < oldPointerCount; i++) {
    transferPointer(target, newPointers + i * 8, oldSegment, oldData + oldDataSize + i * 8);
  }
  oldSegment.bytes.fill(0, oldData, oldData + oldDataSize + oldPointerCount * 8);
  out.segment = target;
  out.data = data;
  out.dataSize = newDataWords * 8;
  out.pointerCount = newPointerCount;
}

/**
 * The list at the slot, for writing, with elements of `elementSize` (not inline composite).
 * Fills `resolved` like `resolveList`; a null slot gives `resolved.length` 0 without
 * allocating. Bit lists and other lists do not stand in for each other when writing.
 */
export function getWritableList(segment: Segment, at: number, elementSize: number): boolean {
  if (isNull(segment, at)) return false;
  followPointer(segment, at);
  finishList(segment, at, elementSize);
  const isBitList = resolved.elementSize === Size.BIT;
  if (elementSize !== ANY_SIZE && isBitList !== (elementSize === Size.BIT)) {
    throw new CapnpError('LIST_TYPE_MISMATCH', isBitList ? 'found a bit list (List(Bool)) where another list was expected' : 'found a list of non-bits where a bit list (List(Bool)) was expected');
  }
  return true;
}

/**
 * The struct list at the slot, for writing, with elements at least `dataWords` +
 * `pointerCount` large. Smaller struct elements, and lists of primitives or pointers written
 * by an older schema, are upgraded: copied into a new inline-composite list, pointers
 * transferred, the old list zeroed. Fills `resolved` like `resolveList`; a null slot returns
 * false without allocating.
 */
export function getWritableStructList(segment: Segment, at: number, dataWords: number, pointerCount: number): boolean {
  if (isNull(segment, at)) return false;
  followPointer(segment, at);
  finishList(segment, at, ANY_SIZE);
  const r = resolved;
  const oldElementSize = r.elementSize;
  if (oldElementSize === Size.BIT) {
    throw new CapnpError('LIST_TYPE_MISMATCH', 'found a bit list (List(Bool)) where a struct list was expected');
  }
  if (oldElementSize === Size.INLINE_COMPOSITE && r.dataSize >= dataWords * 8 && r.pointerCount >= pointerCount) return true;
  const oldSegment = r.segment;
  const oldOffset = r.offset;
  const length = r.length;
  const oldStep = r.step;
  const oldDataSize = r.dataSize;
  const oldPointerCount = r.pointerCount;
  checkStructSize(dataWords, pointerCount);
  const newDataWords = Math.max(dataWords, Math.ceil(oldDataSize / 8));
  const newPointerCount = Math.max(pointerCount, oldPointerCount);
  // The larger elements may not fit one segment: refused before the old list is let go.
  checkStructListShape(length, newDataWords, newPointerCount);
  // Zero the old list's pointer and pad, but keep its contents until they are copied.
  const padSegment = r.padSegment;
  const padOffset = r.padOffset;
  const padBytes = r.padBytes;
  writeWord(segment, at, 0, 0);
  if (padBytes > 0) padSegment.bytes.fill(0, padOffset, padOffset + padBytes);
  const first = allocateStructList(segment, at, length, newDataWords, newPointerCount);
  const target = allocated.segment;
  const newStep = (newDataWords + newPointerCount) * 8;
  for (let e = 0; e < length; e++) {
    const from = oldOffset + e * oldStep;
    const to = first + e * newStep;
    target.bytes.set(oldSegment.bytes.subarray(from, from + oldDataSize), to);
    for (let i = 0; i < oldPointerCount; i++) {
      transferPointer(target, to + newDataWords * 8 + i * 8, oldSegment, from + oldDataSize + i * 8);
    }
  }
  const oldStart = oldElementSize === Size.INLINE_COMPOSITE ? oldOffset - 8 : oldOffset;
  oldSegment.bytes.fill(0, oldStart, oldOffset + length * oldStep);
  resolveListAs(target, first, length, Size.INLINE_COMPOSITE, newStep, newDataWords * 8, newPointerCount);
  return true;
}
