import type { ListReader } from './list-reader.js';
import { ANY_SIZE, isNullPointer, readCapabilityAt, readDataAt, readListAt, readStructAt, readTextAt } from './read-object.js';
import { pointerTypeAt, readCapabilityIndex, type PointerType } from './core/read-pointer.js';
import type { Segment } from './core/segment.js';
import type { StructReader } from './struct-reader.js';

/**
 * A pointer whose type the schema leaves open (AnyPointer, AnyStruct, AnyList, Capability),
 * or any pointer read without a schema. Ask what it is, then read it as that.
 */
export class AnyPointerReader {
  readonly segment: Segment;
  /** Byte offset of the pointer word. */
  readonly offset: number;
  readonly nestingLimit: number;

  constructor(segment: Segment, offset: number, nestingLimit: number) {
    this.segment = segment;
    this.offset = offset;
    this.nestingLimit = nestingLimit;
  }

  isNull(): boolean {
    return isNullPointer(this.segment, this.offset);
  }

  /** What the pointer leads to (far pointers followed). */
  type(): PointerType {
    return pointerTypeAt(this.segment, this.offset);
  }

  getStruct(defaultValue?: Segment | null): StructReader {
    return readStructAt(this.segment, this.offset, this.nestingLimit, defaultValue);
  }

  /** The list, expecting `elementSize` elements; by default as encoded. */
  getList(elementSize: number = ANY_SIZE, defaultValue?: Segment | null): ListReader {
    return readListAt(this.segment, this.offset, elementSize, this.nestingLimit, defaultValue);
  }

  getText(defaultValue = ''): string {
    return readTextAt(this.segment, this.offset, defaultValue);
  }

  getData(defaultValue?: Uint8Array): Uint8Array {
    return readDataAt(this.segment, this.offset, defaultValue);
  }

  getCapability(): unknown {
    return readCapabilityAt(this.segment, this.offset);
  }

  getCapabilityIndex(): number {
    return this.isNull() ? -1 : readCapabilityIndex(this.segment, this.offset);
  }
}
