import { AnyPointerReader } from './any-pointer-reader.js';
import type { ListReader } from './list-reader.js';
import { nullPointerSlot, readCapabilityAt, readDataAt, readListAt, readStructAt, readTextAt } from './read-object.js';
import { readCapabilityIndex } from './core/read-pointer.js';
import type { Segment } from './core/segment.js';
import { StructView } from './struct-view.js';

/**
 * A struct in a message being read. Schema-less: fields are addressed by offset and pointer
 * index; generated code and the dynamic API give them names. Reading a pointer field
 * validates it then (lazily), charging the message's traversal budget.
 */
export class StructReader extends StructView {
  /** Reads pointer `index` as a struct; null reads as `defaultValue` or an empty struct. */
  getStruct(index: number, defaultValue?: Segment | null): StructReader {
    return readStructAt(this.segment, this.pointerOffset(index), this.nestingLimit, defaultValue);
  }

  /**
   * Reads pointer `index` as a list of `elementSize` elements (an `ElementSize`, or `ANY_SIZE`
   * to take the list as encoded). Wider encodings are accepted as the spec allows.
   */
  getList(index: number, elementSize: number, defaultValue?: Segment | null): ListReader {
    return readListAt(this.segment, this.pointerOffset(index), elementSize, this.nestingLimit, defaultValue);
  }

  getText(index: number, defaultValue = ''): string {
    return readTextAt(this.segment, this.pointerOffset(index), defaultValue);
  }

  /** Data as a view of the message's bytes (zero copy). */
  getData(index: number, defaultValue?: Uint8Array): Uint8Array {
    return readDataAt(this.segment, this.pointerOffset(index), defaultValue);
  }

  getPointer(index: number): AnyPointerReader {
    const offset = this.pointerOffset(index);
    if (offset < 0) return new AnyPointerReader(nullPointerSlot(), 0, this.nestingLimit);
    return new AnyPointerReader(this.segment, offset, this.nestingLimit);
  }

  /** The cap-table entry a capability field refers to, or null. */
  getCapability(index: number): unknown {
    return readCapabilityAt(this.segment, this.pointerOffset(index));
  }

  /** The cap-table index of a capability field, or -1 when it is null. */
  getCapabilityIndex(index: number): number {
    return this.hasPointer(index) ? readCapabilityIndex(this.segment, this.pointers + index * 8) : -1;
  }
}
