/**
 * Deep copy of any object into a slot of a message being built, across messages or within
 * one. The source is read with its own limits (so copying a hostile message is as safe as
 * reading it) and laid out in preorder, as the reference implementation does: an object, then
 * what its pointers lead to, in order. With `canonical` set, the copy is the canonical form:
 * trailing zero data words and null pointers dropped, struct lists sized to their largest
 * element, list padding zeroed.
 */
import { CapnpError } from '../error.js';
import { DATA_BITS_PER_ELEMENT, Kind, Size } from './layout.js';
import { allocateObject, allocated, EMPTY_STRUCT_POINTER_LO } from './pointer-builder.js';
import { ANY_SIZE, checkNesting, finishList, finishStruct, followPointer, resolved, whereIn } from './read-pointer.js';
import { viewOf, type Segment } from './segment.js';

/** Copies the object the pointer at (`from`, `fromAt`) leads to into the null slot (`to`, `toAt`). */
export function copyPointer(to: Segment, toAt: number, from: Segment, fromAt: number, nestingLimit: number, canonical: boolean): void {
  // The source may be a message opened in place whose view is not made yet (segment.ts).
  const view = viewOf(from);
  const lo = view.getUint32(fromAt, true);
  const hi = view.getUint32(fromAt + 4, true);
  if (lo === 0 && hi === 0) return;
  if ((lo & 3) === Kind.OTHER) {
    if (lo !== Kind.OTHER) throw new CapnpError('BAD_POINTER', `pointer at ${whereIn(from, fromAt)} has a reserved kind`);
    copyCapability(to, toAt, from, hi);
    return;
  }
  checkNesting(nestingLimit);
  followPointer(from, fromAt);
  const r = resolved;
  if ((r.lo & 3) === Kind.STRUCT) {
    finishStruct(from, fromAt);
    copyStruct(to, toAt, r.segment, r.offset, r.dataSize, r.offset + r.dataSize, r.pointerCount, nestingLimit - 1, canonical);
  } else if ((r.lo & 3) === Kind.LIST) {
    finishList(from, fromAt, ANY_SIZE);
    copyList(to, toAt, r.segment, r.offset, r.length, r.elementSize, r.step, r.dataSize, r.pointerCount, nestingLimit - 1, canonical);
  } else {
    throw new CapnpError('BAD_POINTER', `far pointer at ${whereIn(from, fromAt)} leads to a pointer of unexpected kind`);
  }
}

function copyCapability(to: Segment, toAt: number, from: Segment, index: number): void {
  let newIndex = index;
  if (from.arena !== to.arena) {
    const table = to.arena.capTable;
    newIndex = table.length;
    table.push(from.arena.capTable[index] ?? null);
  }
  to.view.setUint32(toAt, Kind.OTHER, true);
  to.view.setUint32(toAt + 4, newIndex, true);
}

/** Data bytes left after dropping trailing zero words (a partial last word rounds up). */
export function trimmedDataSize(segment: Segment, data: number, dataSize: number): number {
  const bytes = segment.bytes;
  let last = dataSize - 1;
  while (last >= 0 && bytes[data + last] === 0) last--;
  return Math.ceil((last + 1) / 8) * 8;
}

/** Pointers left after dropping trailing null pointers. */
export function trimmedPointerCount(segment: Segment, pointers: number, count: number): number {
  const view = viewOf(segment);
  while (count > 0) {
    const at = pointers + (count - 1) * 8;
    if (view.getUint32(at, true) !== 0 || view.getUint32(at + 4, true) !== 0) break;
    count--;
  }
  return count;
}

/** Copies a struct's content (already bounds-checked and charged) into the null slot. */
export function copyStruct(
  to: Segment, toAt: number,
  from: Segment, data: number, dataSize: number, pointers: number, pointerCount: number,
  nestingLimit: number, canonical: boolean,
): void {
  // Sources such as primitive-list elements read as structs can have a data size that is not
  // a whole number of words; the copy rounds up.
  const dataBytes = canonical ? trimmedDataSize(from, data, dataSize) : Math.ceil(dataSize / 8) * 8;
  const copyBytes = Math.min(dataSize, dataBytes);
  const count = canonical ? trimmedPointerCount(from, pointers, pointerCount) : pointerCount;
  if (dataBytes === 0 && count === 0) {
    to.view.setUint32(toAt, EMPTY_STRUCT_POINTER_LO, true);
    to.view.setUint32(toAt + 4, 0, true);
    return;
  }
  const offset = allocateObject(to, toAt, dataBytes + count * 8, Kind.STRUCT, dataBytes / 8 + count * 0x10000);
  const target = allocated.segment;
  target.bytes.set(from.bytes.subarray(data, data + copyBytes), offset);
  const newPointers = offset + dataBytes;
  for (let i = 0; i < count; i++) {
    copyPointer(target, newPointers + i * 8, from, pointers + i * 8, nestingLimit, canonical);
  }
}

/** Copies a list's content (already bounds-checked and charged) into the null slot. */
export function copyList(
  to: Segment, toAt: number,
  from: Segment, offset: number, length: number, elementSize: number, step: number, dataSize: number, pointerCount: number,
  nestingLimit: number, canonical: boolean,
): void {
  if (elementSize === Size.INLINE_COMPOSITE) {
    let dataWords = Math.ceil(dataSize / 8);
    let pointers = pointerCount;
    // Elements of no words (a list of empty structs: a few bytes can claim half a billion of
    // them, charged one word each against the traversal limit) have nothing to trim or copy,
    // so they are not visited one by one.
    const empty = step === 0;
    if (canonical) {
      dataWords = 0;
      pointers = 0;
      for (let e = 0, at = offset; e < length && !empty; e++, at += step) {
        dataWords = Math.max(dataWords, trimmedDataSize(from, at, dataSize) / 8);
        pointers = Math.max(pointers, trimmedPointerCount(from, at + dataSize, pointerCount));
      }
    }
    const newStep = (dataWords + pointers) * 8;
    const words = length * (dataWords + pointers);
    const tag = allocateObject(to, toAt, 8 + words * 8, Kind.LIST, Size.INLINE_COMPOSITE + words * 8);
    const target = allocated.segment;
    target.view.setUint32(tag, (length * 4 + Kind.STRUCT) >>> 0, true);
    target.view.setUint32(tag + 4, dataWords + pointers * 0x10000, true);
    const copyBytes = Math.min(dataSize, dataWords * 8);
    for (let e = 0; e < length && !empty; e++) {
      const src = offset + e * step;
      const dst = tag + 8 + e * newStep;
      target.bytes.set(from.bytes.subarray(src, src + copyBytes), dst);
      for (let i = 0; i < pointers; i++) {
        copyPointer(target, dst + dataWords * 8 + i * 8, from, src + dataSize + i * 8, nestingLimit, canonical);
      }
    }
    return;
  }
  if (elementSize === Size.POINTER) {
    const start = allocateObject(to, toAt, length * 8, Kind.LIST, Size.POINTER + length * 8);
    const target = allocated.segment;
    for (let i = 0; i < length; i++) {
      copyPointer(target, start + i * 8, from, offset + i * step + dataSize, nestingLimit, canonical);
    }
    return;
  }
  const bits = length * DATA_BITS_PER_ELEMENT[elementSize]!;
  const start = allocateObject(to, toAt, Math.ceil(bits / 64) * 8, Kind.LIST, elementSize + length * 8);
  const bytes = allocated.segment.bytes;
  const byteLength = Math.ceil(bits / 8);
  bytes.set(from.bytes.subarray(offset, offset + byteLength), start);
  if (canonical && bits % 8 !== 0) bytes[start + byteLength - 1]! &= (1 << (bits % 8)) - 1;
}
