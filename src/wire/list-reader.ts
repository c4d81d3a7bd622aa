import { AnyPointerReader } from './any-pointer-reader.js';
import { CapnpError } from './error.js';
import { Size } from './core/layout.js';
import { ListView } from './list-view.js';
import { readCapabilityAt, readDataAt, readListAt, readStructAt, readTextAt } from './read-object.js';
import type { Segment } from './core/segment.js';
import { StructReader } from './struct-reader.js';

/**
 * A list in a message being read. Primitive accessors come from `ListView`; this adds struct
 * elements and pointer elements (Text, Data, nested lists, AnyPointer, capabilities).
 */
export class ListReader extends ListView {
  /** Element `index` of a struct list (or of a primitive or pointer list read as structs). */
  getStruct(index: number): StructReader {
    if ((index >>> 0) !== index || index >= this.length) throw this.indexError(index);
    if (this.elementSize === Size.BIT) {
      throw new CapnpError('LIST_TYPE_MISMATCH', 'a bit list (List(Bool)) cannot be read as a list of structs');
    }
    const at = this.offset + index * this.step;
    return new StructReader(this.segment, at, this.dataSize, at + this.dataSize, this.pointerCount, this.elementNesting());
  }

  getText(index: number, defaultValue = ''): string {
    return readTextAt(this.segment, this.pointerOffsetOf(index), defaultValue);
  }

  getData(index: number): Uint8Array {
    return readDataAt(this.segment, this.pointerOffsetOf(index), undefined);
  }

  /** Element `index` of a list of lists, expecting `elementSize` elements (or ANY_SIZE). */
  getList(index: number, elementSize: number, defaultValue?: Segment | null): ListReader {
    return readListAt(this.segment, this.pointerOffsetOf(index), elementSize, this.nestingLimit, defaultValue);
  }

  /** Element `index` of a pointer list, read as a struct (List(AnyStruct) written as pointers). */
  getStructPointer(index: number): StructReader {
    return readStructAt(this.segment, this.pointerOffsetOf(index), this.nestingLimit, null);
  }

  getPointer(index: number): AnyPointerReader {
    return new AnyPointerReader(this.segment, this.pointerOffsetOf(index), this.nestingLimit);
  }

  getCapability(index: number): unknown {
    return readCapabilityAt(this.segment, this.pointerOffsetOf(index));
  }
}
