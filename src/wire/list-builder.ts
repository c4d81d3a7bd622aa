import { AnyPointerBuilder } from './any-pointer-builder.js';
import {
  getListAt, getStructListAt, initDataAt, initTextAt, initListAt, initStructListAt, setCapabilityAt, setDataAt,
  setListAt, setPointerAt, setTextAt, textArgument, dataArgument, structArgument, listArgument,
} from './build-object.js';
import { CapnpError } from './error.js';
import { DATA_BITS_PER_ELEMENT, Size, POINTERS_PER_ELEMENT } from './core/layout.js';
import { ListReader } from './list-reader.js';
import { ListView } from './list-view.js';
import { adoptAt, disownAt, type Orphan } from './orphan.js';
import { zeroObject } from './core/pointer-builder.js';
import { readCapabilityAt, readDataAt, readTextAt } from './read-object.js';
import type { Segment } from './core/segment.js';
import { StructBuilder } from './struct-builder.js';
import type { StructReader } from './struct-reader.js';
import { NO_NESTING_LIMIT } from './core/limits.js';

/**
 * A list in a message being built. Element setters store the wire type's bits (integers wrap
 * like C's); pointer elements are set, initialized, copied and adopted like struct pointer
 * fields.
 */
export class ListBuilder extends ListView {
  /** A builder for a primitive or pointer list laid out as `elementSize` dictates. */
  static of(segment: Segment, offset: number, length: number, elementSize: number): ListBuilder {
    const dataBits = DATA_BITS_PER_ELEMENT[elementSize]!;
    const pointers = POINTERS_PER_ELEMENT[elementSize]!;
    return new ListBuilder(segment, offset, length, elementSize, (dataBits + pointers * 64) >>> 3, dataBits >>> 3, pointers, NO_NESTING_LIMIT);
  }

  /** Bit `index` of the list's data, whatever the element size: the bit `getBool` reads. */
  setBool(index: number, value: boolean): void {
    if ((index >>> 0) !== index || index >= this.length) throw this.indexError(index);
    const size = this.elementSize;
    if (size !== Size.BIT && (size < Size.BYTE || size > Size.EIGHT_BYTES)) throw this.bitError();
    const bytes = this.segment.bytes;
    const at = this.offset + (index >>> 3);
    if (value) bytes[at]! |= 1 << (index & 7);
    else bytes[at]! &= ~(1 << (index & 7));
  }

  setInt8(index: number, value: number): void {
    this.segment.view.setInt8(this.dataOffset(index, 1), value);
  }

  setUint8(index: number, value: number): void {
    this.segment.view.setUint8(this.dataOffset(index, 1), value);
  }

  setInt16(index: number, value: number): void {
    this.segment.view.setInt16(this.dataOffset(index, 2), value, true);
  }

  setUint16(index: number, value: number): void {
    this.segment.view.setUint16(this.dataOffset(index, 2), value, true);
  }

  setInt32(index: number, value: number): void {
    this.segment.view.setInt32(this.dataOffset(index, 4), value, true);
  }

  setUint32(index: number, value: number): void {
    this.segment.view.setUint32(this.dataOffset(index, 4), value, true);
  }

  setInt64(index: number, value: bigint): void {
    this.segment.view.setBigInt64(this.dataOffset(index, 8), value, true);
  }

  setUint64(index: number, value: bigint): void {
    this.segment.view.setBigUint64(this.dataOffset(index, 8), value, true);
  }

  setFloat32(index: number, value: number): void {
    this.segment.view.setFloat32(this.dataOffset(index, 4), value, true);
  }

  setFloat64(index: number, value: number): void {
    this.segment.view.setFloat64(this.dataOffset(index, 8), value, true);
  }

  /** Element `index` of a struct list. */
  getStruct(index: number): StructBuilder {
    if ((index >>> 0) !== index || index >= this.length) throw this.indexError(index);
    if (this.elementSize === Size.BIT) {
      throw new CapnpError('LIST_TYPE_MISMATCH', 'a bit list (List(Bool)) has no struct elements');
    }
    const at = this.offset + index * this.step;
    return new StructBuilder(this.segment, at, this.dataSize, at + this.dataSize, this.pointerCount, NO_NESTING_LIMIT);
  }

  /**
   * Overwrites struct element `index` with a deep copy of `value`. Fields that do not fit the
   * element (a larger source) are dropped; fields the source lacks are zeroed.
   */
  setStruct(index: number, value: StructReader): void {
    structArgument(value);
    const element = this.getStruct(index);
    const bytes = this.segment.bytes;
    const copyBytes = Math.min(element.dataSize, value.dataSize);
    bytes.set(value.segment.bytes.subarray(value.data, value.data + copyBytes), element.data);
    bytes.fill(0, element.data + copyBytes, element.data + element.dataSize);
    for (let i = 0; i < element.pointerCount; i++) {
      const at = element.pointers + i * 8;
      if (i < value.pointerCount) setPointerAt(element.segment, at, value.segment, value.pointers + i * 8, value.nestingLimit);
      else zeroObject(element.segment, at);
    }
  }

  setText(index: number, value: string): void {
    setTextAt(this.segment, this.pointerOffsetOf(index), textArgument(value));
  }

  getText(index: number, defaultValue = ''): string {
    return readTextAt(this.segment, this.pointerOffsetOf(index), defaultValue);
  }

  setData(index: number, value: Uint8Array): void {
    setDataAt(this.segment, this.pointerOffsetOf(index), dataArgument(value));
  }

  initData(index: number, length: number): Uint8Array {
    return initDataAt(this.segment, this.pointerOffsetOf(index), length);
  }

  /** New Text of `byteLength` zero bytes to fill with UTF-8 (see `StructBuilder#initText`). */
  initText(index: number, byteLength: number): Uint8Array {
    return initTextAt(this.segment, this.pointerOffsetOf(index), byteLength);
  }

  getData(index: number): Uint8Array {
    return readDataAt(this.segment, this.pointerOffsetOf(index), undefined);
  }

  initList(index: number, elementSize: number, length: number): ListBuilder {
    return initListAt(this.segment, this.pointerOffsetOf(index), elementSize, length);
  }

  initStructList(index: number, length: number, dataWords: number, pointerCount: number): ListBuilder {
    return initStructListAt(this.segment, this.pointerOffsetOf(index), length, dataWords, pointerCount);
  }

  getList(index: number, elementSize: number, defaultValue?: Segment | null): ListBuilder {
    return getListAt(this.segment, this.pointerOffsetOf(index), elementSize, defaultValue);
  }

  getStructList(index: number, dataWords: number, pointerCount: number, defaultValue?: Segment | null): ListBuilder {
    return getStructListAt(this.segment, this.pointerOffsetOf(index), dataWords, pointerCount, defaultValue);
  }

  setList(index: number, value: ListReader): void {
    setListAt(this.segment, this.pointerOffsetOf(index), listArgument(value));
  }

  getPointer(index: number): AnyPointerBuilder {
    return new AnyPointerBuilder(this.segment, this.pointerOffsetOf(index));
  }

  setCapability(index: number, capability: unknown): void {
    setCapabilityAt(this.segment, this.pointerOffsetOf(index), capability);
  }

  getCapability(index: number): unknown {
    return readCapabilityAt(this.segment, this.pointerOffsetOf(index));
  }

  disown(index: number): Orphan {
    return disownAt(this.segment, this.pointerOffsetOf(index));
  }

  adopt(index: number, orphan: Orphan): void {
    adoptAt(this.segment, this.pointerOffsetOf(index), orphan);
  }

  /** A reader of this list (sharing its bytes). */
  asReader(): ListReader {
    return new ListReader(this.segment, this.offset, this.length, this.elementSize, this.step, this.dataSize, this.pointerCount, NO_NESTING_LIMIT);
  }
}
