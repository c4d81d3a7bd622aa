/**
 * Reading the object a pointer slot leads to, with defaults for null pointers. Shared by
 * struct readers (pointer fields), list readers (pointer elements) and AnyPointer readers.
 */
import { Arena } from './core/arena.js';
import { ListReader } from './list-reader.js';
import { PRIMITIVE_ELEMENT_SIZES, TYPED_ARRAYS, typedArrayInPlace, type PrimitiveElementType, type TypedArrayOf } from './list-view.js';
import { Kind, Size } from './core/layout.js';
import {
  ANY_SIZE, chargeTraversal, readCapabilityIndex, resolveBytes, resolveList, resolveListAs, resolveStruct, resolveStructWord, resolved, wordFromBytes,
} from './core/read-pointer.js';
import { NO_VIEW, viewOf, type Segment } from './core/segment.js';
import { StructReader } from './struct-reader.js';
import { decodeText } from './core/text.js';

/**
 * Whether the pointer at `offset` is null. Every pointer read of the functions below starts
 * here, and so makes the segment's view if it has none yet (a message opened in place: see
 * core/segment.ts); what they call next reads the field. The check is written out rather than
 * a call of `viewOf`: a few bytes less for V8's inlining budget in every pointer getter.
 */
export function isNullPointer(segment: Segment, offset: number): boolean {
  let view = segment.view;
  if (view === NO_VIEW) view = segment.makeView();
  return view.getUint32(offset, true) === 0 && view.getUint32(offset + 4, true) === 0;
}

/** A zeroed segment: the target of readers for null pointers without a default. */
const EMPTY_SEGMENT = Arena.forConstant(new Uint8Array(8)).first;
const EMPTY_BYTES = new Uint8Array(0);

export function emptyStruct(): StructReader {
  return new StructReader(EMPTY_SEGMENT, 0, 0, 0, 0, 0);
}

/** A pointer slot in no message: an AnyPointer that is null. */
export function nullPointerSlot(): Segment {
  return EMPTY_SEGMENT;
}

/**
 * Reads the struct at pointer `offset` (-1: no such pointer). A null pointer reads as
 * `defaultValue` (the root of a constant message) or as an empty struct, whose fields all read
 * as their defaults.
 */
export function readStructAt(segment: Segment, offset: number, nestingLimit: number, defaultValue: Segment | null | undefined): StructReader {
  if (offset < 0 || isNullPointer(segment, offset)) {
    if (defaultValue == null || isNullPointer(defaultValue, 0)) return emptyStruct();
    segment = defaultValue;
    offset = 0;
    nestingLimit = defaultValue.arena.nestingLimit;
  }
  resolveStruct(segment, offset, nestingLimit);
  const r = resolved;
  return new StructReader(r.segment, r.offset, r.dataSize, r.offset + r.dataSize, r.pointerCount, nestingLimit - 1);
}

/** Where `locateStructAt` found a struct: the `resolved` record (see its `data`). */
export type Location = Readonly<Pick<typeof resolved, 'segment' | 'data' | 'dataSize' | 'pointerCount' | 'nestingLimit'>>;

/**
 * Like `readStructAt`, but leaves the struct's location in the `resolved` record (returned as a
 * Location, valid until the next pointer is read) instead of allocating a reader, for callers
 * that construct their own view of it (generated readers).
 */
export function locateStructAt(segment: Segment, offset: number, nestingLimit: number, defaultValue: Segment | null | undefined): Location {
  if (offset < 0 || isNullPointer(segment, offset)) {
    if (defaultValue == null || isNullPointer(defaultValue, 0)) return locatedEmpty();
    segment = defaultValue;
    offset = 0;
    nestingLimit = defaultValue.arena.nestingLimit;
  }
  resolveStruct(segment, offset, nestingLimit);
  return locatedResolved(nestingLimit);
}

/** The struct `resolveStruct` (or `resolveStructWord`) left in `resolved`, as a Location. */
function locatedResolved(nestingLimit: number): Location {
  const r = resolved;
  r.data = r.offset;
  r.nestingLimit = nestingLimit - 1;
  return r;
}

function locatedEmpty(): Location {
  const r = resolved;
  r.segment = EMPTY_SEGMENT;
  r.data = 0;
  r.dataSize = 0;
  r.pointerCount = 0;
  r.nestingLimit = 0;
  return r;
}

/**
 * The root of a message opened in place, from the root pointer's word (`lo`, `hi`) read from the
 * bytes (no view is made for it: see core/segment.ts), as a Location (see `locateStructAt`).
 */
export function locateRootWord(segment: Segment, offset: number, lo: number, hi: number, nestingLimit: number): Location {
  if (lo === 0 && hi === 0) return locatedEmpty();
  resolveStructWord(segment, offset, lo, hi, nestingLimit);
  return locatedResolved(nestingLimit);
}

/** Reads the list at pointer `offset`, expecting `expected` elements (an ElementSize, or ANY_SIZE). */
export function readListAt(segment: Segment, offset: number, expected: number, nestingLimit: number, defaultValue: Segment | null | undefined): ListReader {
  const limit = locateListAt(segment, offset, expected, nestingLimit, defaultValue);
  const r = resolved;
  return new ListReader(r.segment, r.offset, r.length, r.elementSize, r.step, r.dataSize, r.pointerCount, limit);
}

/**
 * The primitive list at pointer `offset` as a typed array, as `readListAt(...).toTypedArray(type)`
 * gives it for the element size of `type`, with no `ListReader` made when the list is empty or its
 * elements can be viewed in place (the usual case: see `typedArrayInPlace`). What generated getters of
 * `List(Int32)` and its kin call. A list `finishList` accepted for that size has elements at
 * least as wide as the type, so only their stride decides.
 */
export function readTypedArrayAt<K extends PrimitiveElementType>(
  segment: Segment, offset: number, nestingLimit: number, defaultValue: Segment | null | undefined, type: K,
): TypedArrayOf<K> {
  const limit = locateListAt(segment, offset, PRIMITIVE_ELEMENT_SIZES[type], nestingLimit, defaultValue);
  const r = resolved;
  const Ctor = TYPED_ARRAYS[type];
  if (r.length === 0) return new Ctor(0) as TypedArrayOf<K>;
  const inPlace = typedArrayInPlace<K>(r.segment, r.offset, r.length, r.step, Ctor);
  if (inPlace !== null) return inPlace;
  return new ListReader(r.segment, r.offset, r.length, r.elementSize, r.step, r.dataSize, r.pointerCount, limit).toTypedArray(type);
}

/** What `locateListAt` leaves: where the list is, as a `ListReader` holds it. Valid until the next pointer is read. */
export type ListLocation = Readonly<Pick<ListReader, 'segment' | 'offset' | 'length' | 'elementSize' | 'step' | 'dataSize' | 'pointerCount'>>;

/** Where `locateListAt` leaves the list it found (the core's `resolved` record, read-only here). */
export const listLocation: ListLocation = resolved;

/**
 * Like `readListAt`, but leaves where the list is in `listLocation` and returns the nesting
 * limit for what it holds, instead of allocating a `ListReader`: for callers that make their own
 * view of it (generated struct lists). A null pointer without a default is an empty list.
 */
export function locateListAt(segment: Segment, offset: number, expected: number, nestingLimit: number, defaultValue: Segment | null | undefined): number {
  if (offset < 0 || isNullPointer(segment, offset)) {
    if (defaultValue == null || isNullPointer(defaultValue, 0)) {
      resolveListAs(EMPTY_SEGMENT, 0, 0, expected < 0 ? 0 : expected, 0, 0, 0);
      return 0;
    }
    segment = defaultValue;
    offset = 0;
    nestingLimit = defaultValue.arena.nestingLimit;
  }
  resolveList(segment, offset, expected, nestingLimit);
  return nestingLimit - 1;
}

export function readTextAt(segment: Segment, offset: number, defaultValue: string): string {
  if (offset < 0) return defaultValue;
  // Through the bytes when the segment has no DataView: a message opened to read a Text or two
  // never makes one.
  const view = segment.view;
  let lo: number;
  let hi: number;
  if (view !== NO_VIEW) {
    lo = view.getInt32(offset, true);
    hi = view.getInt32(offset + 4, true);
  } else {
    wordFromBytes(segment.bytes, offset);
    lo = resolved.lo;
    hi = resolved.hi;
  }
  // The common case, checked inline: a near pointer to a NUL-terminated byte list in bounds.
  if ((lo & 3) === Kind.LIST && (hi & 7) === Size.BYTE) {
    const length = hi >>> 3;
    const start = offset + 8 + (lo >> 2) * 8;
    if (length > 0 && start >= segment.start && start + length <= segment.used && segment.bytes[start + length - 1] === 0) {
      chargeTraversal(segment.arena, (length + 7) >>> 3);
      return decodeText(segment, start, start + length - 1);
    }
  }
  if (lo === 0 && hi === 0) return defaultValue;
  // Far pointers, and anything malformed (which resolveBytes reports precisely), through the view.
  viewOf(segment);
  resolveBytes(segment, offset, true);
  const r = resolved;
  return decodeText(r.segment, r.offset, r.offset + r.length - 1);
}

/** Reads Data as a view of the message's bytes (no copy). */
export function readDataAt(segment: Segment, offset: number, defaultValue: Uint8Array | undefined): Uint8Array {
  if (offset < 0 || isNullPointer(segment, offset)) return defaultValue ?? EMPTY_BYTES;
  resolveBytes(segment, offset, false);
  const r = resolved;
  return r.segment.bytes.subarray(r.offset, r.offset + r.length);
}

/** The capability a pointer refers to (an entry of the message's cap table), or null. */
export function readCapabilityAt(segment: Segment, offset: number): unknown {
  if (offset < 0 || isNullPointer(segment, offset)) return null;
  const index = readCapabilityIndex(segment, offset);
  return segment.arena.capTable[index] ?? null;
}

export { ANY_SIZE };
