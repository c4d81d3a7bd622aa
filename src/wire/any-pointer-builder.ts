import { AnyPointerReader } from './any-pointer-reader.js';
import {
  getListAt, getStructAt, getStructListAt, initDataAt, initTextAt, initListAt, initStructAt, initStructListAt,
  setCapabilityAt, setDataAt, setListAt, setPointerAt, setStructAt, setTextAt, textArgument, dataArgument, structArgument, listArgument, refuseArgument,
} from './build-object.js';
import type { ListBuilder } from './list-builder.js';
import type { ListReader } from './list-reader.js';
import { adoptAt, disownAt, type Orphan } from './orphan.js';
import { isNull, zeroObject } from './core/pointer-builder.js';
import { ANY_SIZE } from './core/read-pointer.js';
import { pointerTypeAt, type PointerType } from './core/read-pointer.js';
import type { Segment } from './core/segment.js';
import type { StructBuilder } from './struct-builder.js';
import type { StructReader } from './struct-reader.js';
import { NO_NESTING_LIMIT } from './core/limits.js';

/** A pointer slot in a message being built, to be filled with anything. */
export class AnyPointerBuilder {
  readonly segment: Segment;
  /** Byte offset of the pointer word. */
  readonly offset: number;

  constructor(segment: Segment, offset: number) {
    this.segment = segment;
    this.offset = offset;
  }

  isNull(): boolean {
    return isNull(this.segment, this.offset);
  }

  type(): PointerType {
    return pointerTypeAt(this.segment, this.offset);
  }

  clear(): void {
    zeroObject(this.segment, this.offset);
  }

  initStruct(dataWords: number, pointerCount: number): StructBuilder {
    return initStructAt(this.segment, this.offset, dataWords, pointerCount);
  }

  getStruct(dataWords: number, pointerCount: number, defaultValue?: Segment | null): StructBuilder {
    return getStructAt(this.segment, this.offset, dataWords, pointerCount, defaultValue);
  }

  setStruct(value: StructReader): void {
    setStructAt(this.segment, this.offset, structArgument(value));
  }

  initList(elementSize: number, length: number): ListBuilder {
    return initListAt(this.segment, this.offset, elementSize, length);
  }

  initStructList(length: number, dataWords: number, pointerCount: number): ListBuilder {
    return initStructListAt(this.segment, this.offset, length, dataWords, pointerCount);
  }

  getList(elementSize: number = ANY_SIZE, defaultValue?: Segment | null): ListBuilder {
    return getListAt(this.segment, this.offset, elementSize, defaultValue);
  }

  getStructList(dataWords: number, pointerCount: number, defaultValue?: Segment | null): ListBuilder {
    return getStructListAt(this.segment, this.offset, dataWords, pointerCount, defaultValue);
  }

  setList(value: ListReader): void {
    setListAt(this.segment, this.offset, listArgument(value));
  }

  setText(value: string): void {
    setTextAt(this.segment, this.offset, textArgument(value));
  }

  setData(value: Uint8Array): void {
    setDataAt(this.segment, this.offset, dataArgument(value));
  }

  initData(length: number): Uint8Array {
    return initDataAt(this.segment, this.offset, length);
  }

  /** New Text of `byteLength` zero bytes to fill with UTF-8 (see `StructBuilder#initText`). */
  initText(byteLength: number): Uint8Array {
    return initTextAt(this.segment, this.offset, byteLength);
  }

  setCapability(capability: unknown): void {
    setCapabilityAt(this.segment, this.offset, capability);
  }

  /** Sets this slot to a deep copy of what `value` points to (from any message). */
  set(value: AnyPointerReader): void {
    if (!(value instanceof AnyPointerReader)) refuseArgument('an AnyPointerReader', value);
    setPointerAt(this.segment, this.offset, value.segment, value.offset, value.nestingLimit);
  }

  disown(): Orphan {
    return disownAt(this.segment, this.offset);
  }

  adopt(orphan: Orphan): void {
    adoptAt(this.segment, this.offset, orphan);
  }

  asReader(): AnyPointerReader {
    return new AnyPointerReader(this.segment, this.offset, NO_NESTING_LIMIT);
  }
}
