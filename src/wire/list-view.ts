import { CapnpError } from './error.js';
import { ELEMENT_SIZE_NAMES, Size } from './core/layout.js';
import { checkNesting } from './core/read-pointer.js';
import type { Segment } from './core/segment.js';
import { LITTLE_ENDIAN_HOST } from './core/host.js';

/** Primitive element types a list can be viewed as, with their typed-array constructors. */
export const TYPED_ARRAYS = {
  int8: Int8Array,
  uint8: Uint8Array,
  int16: Int16Array,
  uint16: Uint16Array,
  int32: Int32Array,
  uint32: Uint32Array,
  float32: Float32Array,
  float64: Float64Array,
  int64: BigInt64Array,
  uint64: BigUint64Array,
} as const;
export type PrimitiveElementType = keyof typeof TYPED_ARRAYS;
export type TypedArrayOf<K extends PrimitiveElementType> = InstanceType<(typeof TYPED_ARRAYS)[K]>;

/** The element size (`Size`) a list of each primitive type is stored with. */
export const PRIMITIVE_ELEMENT_SIZES: Readonly<Record<PrimitiveElementType, number>> = {
  int8: Size.BYTE,
  uint8: Size.BYTE,
  int16: Size.TWO_BYTES,
  uint16: Size.TWO_BYTES,
  int32: Size.FOUR_BYTES,
  uint32: Size.FOUR_BYTES,
  float32: Size.FOUR_BYTES,
  float64: Size.EIGHT_BYTES,
  int64: Size.EIGHT_BYTES,
  uint64: Size.EIGHT_BYTES,
};

/**
 * Where a list lives and how its elements are laid out: the part list readers and builders
 * share, with the primitive element accessors. Elements are `step` bytes apart starting at
 * `offset`; each element's data part is `dataSize` bytes, followed by `pointerCount` pointers
 * (struct lists, and primitive or pointer lists read as struct lists). Bit lists have step 0
 * and are addressed by bit.
 */
export class ListView {
  readonly segment: Segment;
  /** Byte offset of the first element. */
  readonly offset: number;
  readonly length: number;
  /** The encoding on the wire (an `ElementSize`). */
  readonly elementSize: number;
  /** Bytes from one element to the next. */
  readonly step: number;
  /** Data bytes of each element. */
  readonly dataSize: number;
  /** Pointers of each element. */
  readonly pointerCount: number;
  /**
   * Pointer hops still allowed below this list: what its pointer elements are read with. Struct
   * elements sit one level deeper (see `elementNesting`).
   */
  readonly nestingLimit: number;

  constructor(segment: Segment, offset: number, length: number, elementSize: number, step: number, dataSize: number, pointerCount: number, nestingLimit: number) {
    this.segment = segment;
    this.offset = offset;
    this.length = length;
    this.elementSize = elementSize;
    this.step = step;
    this.dataSize = dataSize;
    this.pointerCount = pointerCount;
    this.nestingLimit = nestingLimit;
  }

  /**
   * The nesting limit of a struct element's reader, checked as libcapnp checks it when an element
   * is taken (`ListReader::getStructElement`): a struct in a list is one level below the list, so
   * each `List(T)` step of a recursive `T` costs two levels, the list and the element.
   */
  elementNesting(): number {
    const limit = this.nestingLimit;
    checkNesting(limit);
    return limit - 1;
  }

  /** Byte offset of element `index`'s data, after checking the index and the element width. */
  protected dataOffset(index: number, bytes: number): number {
    if ((index >>> 0) !== index || index >= this.length) throw this.indexError(index);
    if (this.dataSize < bytes) throw this.widthError(bytes);
    return this.offset + index * this.step;
  }

  /** Byte offset of element `index`'s (first) pointer. */
  pointerOffsetOf(index: number): number {
    if ((index >>> 0) !== index || index >= this.length) throw this.indexError(index);
    if (this.pointerCount === 0) {
      throw new CapnpError('LIST_TYPE_MISMATCH', `list of ${ELEMENT_SIZE_NAMES[this.elementSize]} elements has no pointers to read`);
    }
    return this.offset + index * this.step + this.dataSize;
  }

  protected indexError(index: number): CapnpError {
    return new CapnpError('INDEX_OUT_OF_RANGE', `index ${index} is out of range for a list of length ${this.length}`);
  }

  protected widthError(bytes: number): CapnpError {
    return new CapnpError('LIST_TYPE_MISMATCH', `cannot read ${bytes * 8}-bit elements from a list of ${ELEMENT_SIZE_NAMES[this.elementSize]} elements`);
  }

  /**
   * Bit `index` of the list's data, whatever the element size: a wider primitive list read as
   * List(Bool) is read as its bits, ignoring the stride, as libcapnp does (`getDataElement<bool>`);
   * Bool cannot be upgraded, so bit 0 of each element would mean nothing to any other reader.
   */
  getBool(index: number): boolean {
    if ((index >>> 0) !== index || index >= this.length) throw this.indexError(index);
    const size = this.elementSize;
    if (size !== Size.BIT && (size < Size.BYTE || size > Size.EIGHT_BYTES)) throw this.bitError();
    return ((this.segment.bytes[this.offset + (index >>> 3)]! >>> (index & 7)) & 1) !== 0;
  }

  /** Only data lists hold bits: struct, pointer and void lists are never read as List(Bool). */
  protected bitError(): CapnpError {
    return new CapnpError('LIST_TYPE_MISMATCH', `cannot read a list of ${ELEMENT_SIZE_NAMES[this.elementSize]} elements as a bit list (List(Bool))`);
  }

  getInt8(index: number): number {
    return this.segment.view.getInt8(this.dataOffset(index, 1));
  }

  getUint8(index: number): number {
    return this.segment.bytes[this.dataOffset(index, 1)]!;
  }

  getInt16(index: number): number {
    return this.segment.view.getInt16(this.dataOffset(index, 2), true);
  }

  getUint16(index: number): number {
    return this.segment.view.getUint16(this.dataOffset(index, 2), true);
  }

  getInt32(index: number): number {
    return this.segment.view.getInt32(this.dataOffset(index, 4), true);
  }

  getUint32(index: number): number {
    return this.segment.view.getUint32(this.dataOffset(index, 4), true);
  }

  getInt64(index: number): bigint {
    return this.segment.view.getBigInt64(this.dataOffset(index, 8), true);
  }

  getUint64(index: number): bigint {
    return this.segment.view.getBigUint64(this.dataOffset(index, 8), true);
  }

  getFloat32(index: number): number {
    return this.segment.view.getFloat32(this.dataOffset(index, 4), true);
  }

  getFloat64(index: number): number {
    return this.segment.view.getFloat64(this.dataOffset(index, 8), true);
  }

  /**
   * The elements as a typed array. When they are stored at their natural size and alignment
   * (the usual case) this is a view of the message's bytes, made without copying: it aliases
   * the message, and for a message being built it is valid until the next allocation. Lists
   * written with wider elements (read through a newer schema) are copied.
   */
  toTypedArray<K extends PrimitiveElementType>(type: K): TypedArrayOf<K> {
    const Ctor = TYPED_ARRAYS[type];
    const size = Ctor.BYTES_PER_ELEMENT;
    if (this.length === 0) return new Ctor(0) as TypedArrayOf<K>;
    if (this.dataSize < size) throw this.widthError(size);
    const inPlace = typedArrayInPlace<K>(this.segment, this.offset, this.length, this.step, Ctor);
    if (inPlace !== null) return inPlace;
    // Stored wider than the type (or on a big-endian host): copied element by element, read
    // little-endian through the segment's view by the type's DataView method, named after the
    // array (`Int8Array` is read by `getInt8`, `BigUint64Array` by `getBigUint64`): no table of
    // the names in every bundle that reads a list.
    const out = new Ctor(this.length) as TypedArrayOf<K>;
    const elements = out as unknown as (number | bigint)[];
    const view = this.segment.view;
    const get = view[`get${Ctor.name.slice(0, -'Array'.length)}` as keyof DataView] as (this: DataView, at: number, littleEndian: boolean) => number | bigint;
    for (let i = 0, at = this.offset; i < this.length; i++, at += this.step) elements[i] = get.call(view, at, true);
    return out;
  }
}

/**
 * The `length` elements at `offset` of a segment, `step` bytes apart, as a typed array that views
 * the message's bytes (no copy), or null when they cannot be viewed so: stored wider than their
 * type (`step` is not its size), or on a big-endian host. Misaligned input is read in place until
 * a view needs alignment, and then copied once (`Segment#realign`). The caller has checked that
 * the list has elements and that each is at least as wide as the type.
 */
export function typedArrayInPlace<K extends PrimitiveElementType>(segment: Segment, offset: number, length: number, step: number, Ctor: (typeof TYPED_ARRAYS)[K]): TypedArrayOf<K> | null {
  const size = Ctor.BYTES_PER_ELEMENT;
  if (!LITTLE_ENDIAN_HOST || step !== size) return null;
  let start = segment.bytes.byteOffset + offset;
  if (start % size !== 0 && segment.realign()) start = segment.bytes.byteOffset + offset;
  return start % size === 0 ? new Ctor(segment.bytes.buffer as ArrayBuffer, start, length) as TypedArrayOf<K> : null;
}
