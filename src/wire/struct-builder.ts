import { AnyPointerBuilder } from './any-pointer-builder.js';
import {
  checkSlot, getListAt, getStructAt, getStructListAt, initDataAt, initTextAt, initListAt, initStructAt, initStructListAt,
  setCapabilityAt, setDataAt, setListAt, setStructAt, setTextAt, textArgument, dataArgument, structArgument, listArgument,
} from './build-object.js';
import { CapnpError } from './error.js';
import { float32ToBits, float64ToBits } from './core/float-bits.js';
import type { ListBuilder } from './list-builder.js';
import type { ListReader } from './list-reader.js';
import { adoptAt, disownAt, type Orphan } from './orphan.js';
import { zeroObject } from './core/pointer-builder.js';
import { readCapabilityAt, readDataAt, readTextAt } from './read-object.js';
import type { Segment } from './core/segment.js';
import { StructReader } from './struct-reader.js';
import { StructView } from './struct-view.js';
import { NO_NESTING_LIMIT } from './core/limits.js';

/**
 * A struct in a message being built. Data accessors take byte offsets (bit offsets for Bool)
 * and an optional default mask, as on `StructView`; values are stored as the wire type's bits
 * (integers wrap like C's, as DataView does). Pointer methods take the pointer index. A data
 * offset that is not a whole number inside the data section throws (`INDEX_OUT_OF_RANGE`)
 * before anything is written: a negative one would write over what lies before the struct.
 */
export class StructBuilder extends StructView {
  private dataError(offset: number, bytes: number): CapnpError {
    return new CapnpError('INDEX_OUT_OF_RANGE', `data offset ${offset} (+${bytes} bytes) is outside this struct's ${this.dataSize}-byte data section`);
  }

  setBool(bitOffset: number, value: boolean, defaultValue = false): void {
    const byte = bitOffset >>> 3;
    if (byte >= this.dataSize) throw this.dataError(byte, 1);
    const bytes = this.segment.bytes;
    const at = this.data + byte;
    if (value !== defaultValue) bytes[at]! |= 1 << (bitOffset & 7);
    else bytes[at]! &= ~(1 << (bitOffset & 7));
  }

  setInt8(offset: number, value: number, mask = 0): void {
    if (offset >>> 0 !== offset || offset >= this.dataSize) throw this.dataError(offset, 1);
    this.segment.view.setInt8(this.data + offset, value ^ mask);
  }

  setUint8(offset: number, value: number, mask = 0): void {
    if (offset >>> 0 !== offset || offset >= this.dataSize) throw this.dataError(offset, 1);
    this.segment.view.setUint8(this.data + offset, value ^ mask);
  }

  setInt16(offset: number, value: number, mask = 0): void {
    if (offset >>> 0 !== offset || offset + 2 > this.dataSize) throw this.dataError(offset, 2);
    this.segment.view.setInt16(this.data + offset, value ^ mask, true);
  }

  setUint16(offset: number, value: number, mask = 0): void {
    if (offset >>> 0 !== offset || offset + 2 > this.dataSize) throw this.dataError(offset, 2);
    this.segment.view.setUint16(this.data + offset, value ^ mask, true);
  }

  setInt32(offset: number, value: number, mask = 0): void {
    if (offset >>> 0 !== offset || offset + 4 > this.dataSize) throw this.dataError(offset, 4);
    this.segment.view.setInt32(this.data + offset, value ^ mask, true);
  }

  setUint32(offset: number, value: number, mask = 0): void {
    if (offset >>> 0 !== offset || offset + 4 > this.dataSize) throw this.dataError(offset, 4);
    this.segment.view.setUint32(this.data + offset, (value ^ mask) >>> 0, true);
  }

  setInt64(offset: number, value: bigint, mask = 0n): void {
    if (offset >>> 0 !== offset || offset + 8 > this.dataSize) throw this.dataError(offset, 8);
    this.segment.view.setBigInt64(this.data + offset, mask === 0n ? value : value ^ mask, true);
  }

  setUint64(offset: number, value: bigint, mask = 0n): void {
    if (offset >>> 0 !== offset || offset + 8 > this.dataSize) throw this.dataError(offset, 8);
    this.segment.view.setBigUint64(this.data + offset, mask === 0n ? value : value ^ mask, true);
  }

  setFloat32(offset: number, value: number, maskBits = 0): void {
    if (offset >>> 0 !== offset || offset + 4 > this.dataSize) throw this.dataError(offset, 4);
    if (maskBits === 0) this.segment.view.setFloat32(this.data + offset, value, true);
    else this.segment.view.setUint32(this.data + offset, (float32ToBits(value) ^ maskBits) >>> 0, true);
  }

  setFloat64(offset: number, value: number, maskLo = 0, maskHi = 0): void {
    if (offset >>> 0 !== offset || offset + 8 > this.dataSize) throw this.dataError(offset, 8);
    const view = this.segment.view;
    const at = this.data + offset;
    if (maskLo === 0 && maskHi === 0) {
      view.setFloat64(at, value, true);
      return;
    }
    const [lo, hi] = float64ToBits(value);
    view.setUint32(at, (lo ^ maskLo) >>> 0, true);
    view.setUint32(at + 4, (hi ^ maskHi) >>> 0, true);
  }

  /** Byte offset of pointer `index`; throws if the struct has no such pointer. */
  slot(index: number): number {
    checkSlot(index, this.pointerCount);
    return this.pointers + index * 8;
  }

  /** Replaces pointer `index` with a new zeroed struct. */
  initStruct(index: number, dataWords: number, pointerCount: number): StructBuilder {
    return initStructAt(this.segment, this.slot(index), dataWords, pointerCount);
  }

  /**
   * The struct at pointer `index`, for writing: made (from `defaultValue`, if given) when null,
   * upgraded when smaller than `dataWords`/`pointerCount`.
   */
  getStruct(index: number, dataWords: number, pointerCount: number, defaultValue?: Segment | null): StructBuilder {
    return getStructAt(this.segment, this.slot(index), dataWords, pointerCount, defaultValue);
  }

  /** Sets pointer `index` to a deep copy of `value` (from any message). */
  setStruct(index: number, value: StructReader): void {
    setStructAt(this.segment, this.slot(index), structArgument(value));
  }

  /** Replaces pointer `index` with a new zeroed list of primitives or pointers. */
  initList(index: number, elementSize: number, length: number): ListBuilder {
    return initListAt(this.segment, this.slot(index), elementSize, length);
  }

  /** Replaces pointer `index` with a new zeroed list of structs. */
  initStructList(index: number, length: number, dataWords: number, pointerCount: number): ListBuilder {
    return initStructListAt(this.segment, this.slot(index), length, dataWords, pointerCount);
  }

  /** The list at pointer `index`, for writing (empty when null and no default). */
  getList(index: number, elementSize: number, defaultValue?: Segment | null): ListBuilder {
    return getListAt(this.segment, this.slot(index), elementSize, defaultValue);
  }

  /** The struct list at pointer `index`, for writing, upgraded to at least the given element size. */
  getStructList(index: number, dataWords: number, pointerCount: number, defaultValue?: Segment | null): ListBuilder {
    return getStructListAt(this.segment, this.slot(index), dataWords, pointerCount, defaultValue);
  }

  /** Sets pointer `index` to a deep copy of `value` (from any message). */
  setList(index: number, value: ListReader): void {
    setListAt(this.segment, this.slot(index), listArgument(value));
  }

  setText(index: number, value: string): void {
    setTextAt(this.segment, this.slot(index), textArgument(value));
  }

  getText(index: number, defaultValue = ''): string {
    return readTextAt(this.segment, this.pointerOffset(index), defaultValue);
  }

  setData(index: number, value: Uint8Array): void {
    setDataAt(this.segment, this.slot(index), dataArgument(value));
  }

  /** New zeroed Data of `length` bytes; the view is valid until the message next allocates. */
  initData(index: number, length: number): Uint8Array {
    return initDataAt(this.segment, this.slot(index), length);
  }

  /**
   * New Text of `byteLength` zero bytes (its NUL after them), to fill with UTF-8; the view is
   * valid until the message next allocates.
   */
  initText(index: number, byteLength: number): Uint8Array {
    return initTextAt(this.segment, this.slot(index), byteLength);
  }

  /** The Data at pointer `index`, as a view (valid until the message next allocates). */
  getData(index: number, defaultValue?: Uint8Array): Uint8Array {
    return readDataAt(this.segment, this.pointerOffset(index), defaultValue);
  }

  getPointer(index: number): AnyPointerBuilder {
    return new AnyPointerBuilder(this.segment, this.slot(index));
  }

  setCapability(index: number, capability: unknown): void {
    setCapabilityAt(this.segment, this.slot(index), capability);
  }

  getCapability(index: number): unknown {
    return readCapabilityAt(this.segment, this.pointerOffset(index));
  }

  /** Sets pointer `index` to null, zeroing what it pointed to. */
  clearPointer(index: number): void {
    zeroObject(this.segment, this.slot(index));
  }

  /** Detaches what pointer `index` leads to, leaving the pointer null. */
  disown(index: number): Orphan {
    return disownAt(this.segment, this.slot(index));
  }

  /** Points pointer `index` at `orphan` (which must belong to this message). */
  adopt(index: number, orphan: Orphan): void {
    adoptAt(this.segment, this.slot(index), orphan);
  }

  /** A reader of this struct (sharing its bytes). */
  asReader(): StructReader {
    return new StructReader(this.segment, this.data, this.dataSize, this.pointers, this.pointerCount, NO_NESTING_LIMIT);
  }
}
