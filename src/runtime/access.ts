/**
 * What generated readers and builders call for pointer fields. A generated class holds its
 * struct's location itself (segment, byte offsets, sizes) and reads data fields inline; these
 * functions take that location as plain arguments, so each call site stays monomorphic and no
 * intermediate reader object is made.
 */
import {
  adoptAt, AnyPointerBuilder, AnyPointerReader, disownAt, existingStruct, getListAt, getStructIn, getStructListIn, initDataAt, initTextAt,
  initListAt, initStructIn, initStructListIn, isNullPointer, listLocation, locateListAt, locateStructAt, nullPointerSlot, readCapabilityAt, readDataAt, readListAt, readTypedArrayAt,
  readTextAt, setCapabilityAt, setDataAt, setTextAt, zeroObject, float64ToBits,
  CapnpError, type ListBuilder, type Location, type PrimitiveElementType, type TypedArrayOf, type ListReader, type Orphan, type Segment, type StructBuilder, type StructView,
} from '../wire/index.js';
import { Size } from '../wire/core/layout.js';
import type { PointerCodec } from './codec.js';
import { describeValue } from './error-path.js';
import { StructListBuilder } from './list-builders.js';
import { StructList } from './lists.js';

type Params = readonly PointerCodec<any, any, any, any>[] | undefined;

/**
 * A generated reader class: constructed from a struct's location (and, for generic types, the
 * codecs bound to its parameters). `$new` (generated for every non-generic struct) does the
 * same as `new` from a call site of the class's own: code that makes readers of many struct
 * types at one site (list elements) calls it, because a `new` that sees several classes is
 * V8's generic construct path, while `$new` inlines its one constructor (news read-all -6%
 * instructions, carsales -7%: docs/BENCHMARKS.md). Generic classes have none, and callers test
 * for it: a `$new` on every class, called without the test, counted worse (eval +5.6%, news
 * read-all +1.2% instructions, callgrind: V8 then inlined less around the calls).
 */
export type ReaderClass<R> = (new (
  segment: Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nestingLimit: number,
  params?: readonly PointerCodec<any, any, any, any>[],
) => R) & {
  readonly $new?: (segment: Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nestingLimit: number) => R;
};

/** A generated builder class (builders need no nesting limit); `$new` as for readers. */
export type BuilderClass<B> = (new (
  segment: Segment, data: number, dataSize: number, pointers: number, pointerCount: number,
  params?: readonly PointerCodec<any, any, any, any>[],
) => B) & {
  readonly $new?: (segment: Segment, data: number, dataSize: number, pointers: number, pointerCount: number) => B;
};

/** A generated reader over the struct `view` (a wire-level reader). */
export function wrapReader<R>(Reader: ReaderClass<R>, view: StructView, params?: Params): R {
  return new Reader(view.segment, view.data, view.dataSize, view.pointers, view.pointerCount, view.nestingLimit, params);
}

/** A generated builder over the struct `view` (a wire-level builder). */
export function wrapBuilder<B>(Builder: BuilderClass<B>, view: StructView, params?: Params): B {
  return new Builder(view.segment, view.data, view.dataSize, view.pointers, view.pointerCount, params);
}

/** Byte offset of pointer `index`, or -1 when the struct (written by an older schema) has none. */
function slot(pointers: number, pointerCount: number, index: number): number {
  return index < pointerCount ? pointers + index * 8 : -1;
}

// ---- reading ------------------------------------------------------------------------------

export function hasPointer(segment: Segment, pointers: number, pointerCount: number, index: number): boolean {
  return index < pointerCount && !isNullPointer(segment, pointers + index * 8);
}

export function readText(segment: Segment, pointers: number, pointerCount: number, index: number, defaultValue = ''): string {
  return readTextAt(segment, slot(pointers, pointerCount, index), defaultValue);
}

/** Text for a plain object: null for a null pointer. */
export function textOrNull(segment: Segment, pointers: number, pointerCount: number, index: number): string | null {
  return hasPointer(segment, pointers, pointerCount, index) ? readTextAt(segment, pointers + index * 8, '') : null;
}

export function readData(segment: Segment, pointers: number, pointerCount: number, index: number, defaultValue?: Uint8Array): Uint8Array {
  return readDataAt(segment, slot(pointers, pointerCount, index), defaultValue);
}

export function dataOrNull(segment: Segment, pointers: number, pointerCount: number, index: number): Uint8Array | null {
  return hasPointer(segment, pointers, pointerCount, index) ? readDataAt(segment, pointers + index * 8, undefined) : null;
}

export function readStruct<R>(
  Reader: ReaderClass<R>, segment: Segment, pointers: number, pointerCount: number, index: number, nestingLimit: number,
  defaultValue?: Segment | null, params?: Params,
): R {
  const at = locateStructAt(segment, slot(pointers, pointerCount, index), nestingLimit, defaultValue);
  return Reader.$new !== undefined
    ? Reader.$new(at.segment, at.data, at.dataSize, at.data + at.dataSize, at.pointerCount, at.nestingLimit)
    : new Reader(at.segment, at.data, at.dataSize, at.data + at.dataSize, at.pointerCount, at.nestingLimit, params);
}

/**
 * A reader of class `Reader` (not generic: it has `$new`) over the struct at `at`, as
 * `locateStructAt` found it: what a generated getter of a struct field calls with the field's
 * reader class, after locating the struct itself. Small, so V8 inlines it into each getter,
 * where it sees one class; `readStruct`, too large to inline and shared by every struct field
 * of every schema, made every reader at one call site (eval 0.977-0.979× instructions, micro
 * nested3/read 0.982×).
 */
export function structReaderAt<R>(Reader: ReaderClass<R>, at: Location): R {
  return Reader.$new!(at.segment, at.data, at.dataSize, at.data + at.dataSize, at.pointerCount, at.nestingLimit);
}

export function readList(
  segment: Segment, pointers: number, pointerCount: number, index: number, elementSize: number, nestingLimit: number,
  defaultValue?: Segment | null,
): ListReader {
  return readListAt(segment, slot(pointers, pointerCount, index), elementSize, nestingLimit, defaultValue);
}

/** A primitive list field as a typed array (a view of the message where it can be one). */
export function readTypedList<K extends PrimitiveElementType>(
  segment: Segment, pointers: number, pointerCount: number, index: number, nestingLimit: number, type: K, defaultValue?: Segment | null,
): TypedArrayOf<K> {
  return readTypedArrayAt(segment, slot(pointers, pointerCount, index), nestingLimit, defaultValue, type);
}

/**
 * A struct list field, as a `StructList` made straight from its pointer (no wire-level
 * `ListReader` in between: one object less per list read).
 */
export function readStructList<R>(
  segment: Segment, pointers: number, pointerCount: number, index: number, nestingLimit: number, Reader: ReaderClass<R>,
  defaultValue?: Segment | null, params?: Params,
): StructList<R> {
  const limit = locateListAt(segment, slot(pointers, pointerCount, index), Size.INLINE_COMPOSITE, nestingLimit, defaultValue);
  const l = listLocation;
  return new StructList(l.segment, l.offset, l.length, l.elementSize, l.step, l.dataSize, l.pointerCount, limit, Reader, params);
}

export function readPointer(segment: Segment, pointers: number, pointerCount: number, index: number, nestingLimit: number): AnyPointerReader {
  const at = slot(pointers, pointerCount, index);
  return at < 0 ? new AnyPointerReader(nullPointerSlot(), 0, nestingLimit) : new AnyPointerReader(segment, at, nestingLimit);
}

export function readCapability(segment: Segment, pointers: number, pointerCount: number, index: number): unknown {
  return readCapabilityAt(segment, slot(pointers, pointerCount, index));
}


// ---- building ------------------------------------------------------------------------------
// A builder's struct always has at least its schema's sections (it was made, or upgraded, to
// that size), so a pointer field's slot is simply `pointers + 8 * index`.

export function initStruct<B>(Builder: BuilderClass<B>, segment: Segment, at: number, dataWords: number, pointerCount: number, params?: Params): B {
  initStructIn(segment, at, dataWords, pointerCount);
  const s = existingStruct;
  return Builder.$new !== undefined
    ? Builder.$new(s.segment, s.data, s.dataSize, s.data + s.dataSize, s.pointerCount)
    : new Builder(s.segment, s.data, s.dataSize, s.data + s.dataSize, s.pointerCount, params);
}

export function getStruct<B>(
  Builder: BuilderClass<B>, segment: Segment, at: number, dataWords: number, pointerCount: number,
  defaultValue?: Segment | null, params?: Params,
): B {
  getStructIn(segment, at, dataWords, pointerCount, defaultValue);
  const s = existingStruct;
  return Builder.$new !== undefined
    ? Builder.$new(s.segment, s.data, s.dataSize, s.data + s.dataSize, s.pointerCount)
    : new Builder(s.segment, s.data, s.dataSize, s.data + s.dataSize, s.pointerCount, params);
}

export function initList(segment: Segment, at: number, elementSize: number, length: number): ListBuilder {
  return initListAt(segment, at, elementSize, length);
}

/**
 * A new struct list in a builder's slot, as a `StructListBuilder` made straight from where it
 * was allocated (no wire-level `ListBuilder` in between), as `readStructList` for readers.
 */
export function initStructListOf<B>(
  segment: Segment, at: number, length: number, dataWords: number, pointerCount: number, Builder: BuilderClass<B>, params?: Params,
): StructListBuilder<B> {
  initStructListIn(segment, at, length, dataWords, pointerCount);
  const l = listLocation;
  return new StructListBuilder(l.segment, l.offset, l.length, l.step, l.dataSize, l.pointerCount, Builder, params);
}

/** The struct list in a builder's slot, for writing (upgraded to at least the given element size), as a `StructListBuilder`. */
export function getStructListOf<B>(
  segment: Segment, at: number, dataWords: number, pointerCount: number, Builder: BuilderClass<B>,
  defaultValue?: Segment | null, params?: Params,
): StructListBuilder<B> {
  getStructListIn(segment, at, dataWords, pointerCount, defaultValue);
  const l = listLocation;
  return new StructListBuilder(l.segment, l.offset, l.length, l.step, l.dataSize, l.pointerCount, Builder, params);
}

export function getList(segment: Segment, at: number, elementSize: number, defaultValue?: Segment | null): ListBuilder {
  return getListAt(segment, at, elementSize, defaultValue);
}

/** Sets Text; null clears the pointer. */
export function setText(segment: Segment, at: number, value: string | null | undefined): void {
  if (value == null) zeroObject(segment, at);
  else if (typeof value === 'string') setTextAt(segment, at, value);
  else throw notText(value);
}

/** Sets Data; null clears the pointer. */
export function setData(segment: Segment, at: number, value: Uint8Array | null | undefined): void {
  if (value == null) zeroObject(segment, at);
  else if (value instanceof Uint8Array) setDataAt(segment, at, value);
  else throw notData(value);
}

/** The error for a Text value that is not a string. */
export function notText(value: unknown): CapnpError {
  return new CapnpError('INVALID_ARGUMENT', `expected a string for Text, got ${describeValue(value)}`);
}

/** The error for a Data value that is not a Uint8Array. */
export function notData(value: unknown): CapnpError {
  return new CapnpError('INVALID_ARGUMENT', `expected a Uint8Array for Data, got ${describeValue(value)}`);
}

export function initData(segment: Segment, at: number, length: number): Uint8Array {
  return initDataAt(segment, at, length);
}

export function initText(segment: Segment, at: number, byteLength: number): Uint8Array {
  return initTextAt(segment, at, byteLength);
}

export function setCapability(segment: Segment, at: number, capability: unknown): void {
  setCapabilityAt(segment, at, capability);
}

export function clearPointer(segment: Segment, at: number): void {
  zeroObject(segment, at);
}

export function disown(segment: Segment, at: number): Orphan {
  return disownAt(segment, at);
}

/** `expected`: what the field reads (`ElementSize` of a list, or `AdoptAs`); see `adoptAt`. */
export function adopt(segment: Segment, at: number, orphan: Orphan, expected: number): void {
  adoptAt(segment, at, orphan, expected);
}

export function pointerBuilder(segment: Segment, at: number): AnyPointerBuilder {
  return new AnyPointerBuilder(segment, at);
}

export type { StructBuilder };

// ---- data fields ---------------------------------------------------------------------------

/** Sets or clears the bits of `mask` in one byte (Bool fields). */
export function setBit(bytes: Uint8Array, at: number, mask: number, on: boolean): void {
  bytes[at] = on ? bytes[at]! | mask : bytes[at]! & ~mask;
}

/** Writes a Float64 field whose default is not zero: the value's bits XOR the default's. */
export function setFloat64Masked(view: DataView, at: number, value: number, maskLo: number, maskHi: number): void {
  const [lo, hi] = float64ToBits(value);
  view.setUint32(at, (lo ^ maskLo) >>> 0, true);
  view.setUint32(at + 4, (hi ^ maskHi) >>> 0, true);
}
