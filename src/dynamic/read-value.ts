/**
 * The one reader of values by type: a struct field with its default applied, or a list
 * element, as the wire layer gives it. The dynamic API wraps what it returns (structs and
 * lists in `DynamicStruct` / `DynamicList`), the text printer and the JSON encoder format it;
 * none of them reads the wire itself.
 *
 * Hot loops (printing or encoding a whole message) call these once per field or element, so
 * they stay one monomorphic switch each, allocate nothing beyond what the wire accessors
 * return, and hand structs and lists back as wire readers rather than wrappers.
 */
import {
  ANY_SIZE, CapnpError, type AnyPointerReader, type ListReader, type Segment, type StructReader,
} from '../wire/index.js';
import type { StructField } from './schema.js';
import { listElementSize, type DynamicType } from './types.js';

/**
 * A value as the wire holds it: null (Void), a boolean, a number (8- to 32-bit integers,
 * floats, enums), a bigint (64-bit integers), a string (Text), bytes (Data, a view of the
 * message), a `StructReader` (structs; a group reads as its parent's reader), a `ListReader`,
 * an `AnyPointerReader`, or whatever the capability table holds for a capability.
 */
export type WireValue =
  | null | boolean | number | bigint | string | Uint8Array
  | StructReader | ListReader | AnyPointerReader | unknown;

/**
 * Field `field` of `s`, its default applied (data defaults are stored XORed, so the field's
 * masks undo them; a null pointer reads as the default value, or as an empty one).
 */
export function fieldValue(s: StructReader, field: StructField): WireValue {
  const type = field.type;
  const at = field.offset;
  switch (type.kind) {
    case 'void': return null;
    case 'bool': return s.getBool(at, field.defaultValue as boolean);
    case 'int8': return s.getInt8(at, field.mask);
    case 'uint8': return s.getUint8(at, field.mask);
    case 'int16': return s.getInt16(at, field.mask);
    case 'uint16': case 'enum': return s.getUint16(at, field.mask);
    case 'int32': return s.getInt32(at, field.mask);
    case 'uint32': return s.getUint32(at, field.mask);
    case 'int64': return s.getInt64(at, field.mask64);
    case 'uint64': return s.getUint64(at, field.mask64);
    case 'float32': return s.getFloat32(at, field.mask);
    case 'float64': return s.getFloat64(at, field.mask, field.maskHi);
    case 'text': return s.getText(at, (field.defaultValue as string | null) ?? '');
    case 'data': return s.getData(at, (field.defaultValue as Uint8Array | null) ?? undefined);
    case 'struct': return field.isGroup ? s : s.getStruct(at, field.defaultValue as Segment | null);
    case 'list': return s.getList(at, listElementSize(type.element), field.defaultValue as Segment | null);
    case 'interface': return s.getCapability(at);
    case 'anyPointer':
      switch (type.constraint) {
        case 'capability': return s.getCapability(at);
        case 'struct': return s.getStruct(at);
        case 'list': return s.getList(at, ANY_SIZE);
        default: return s.getPointer(at);
      }
  }
}

/** Element `i` of `list`, whose elements are of type `element`. */
export function elementValue(list: ListReader, i: number, element: DynamicType): WireValue {
  switch (element.kind) {
    case 'void':
      // Nothing is read for Void, so the bounds are checked here.
      if ((i >>> 0) !== i || i >= list.length) throw new CapnpError('INDEX_OUT_OF_RANGE', `index ${i} is out of range for a list of length ${list.length}`);
      return null;
    case 'bool': return list.getBool(i);
    case 'int8': return list.getInt8(i);
    case 'uint8': return list.getUint8(i);
    case 'int16': return list.getInt16(i);
    case 'uint16': case 'enum': return list.getUint16(i);
    case 'int32': return list.getInt32(i);
    case 'uint32': return list.getUint32(i);
    case 'int64': return list.getInt64(i);
    case 'uint64': return list.getUint64(i);
    case 'float32': return list.getFloat32(i);
    case 'float64': return list.getFloat64(i);
    case 'text': return list.getText(i);
    case 'data': return list.getData(i);
    case 'struct': return list.getStruct(i);
    case 'list': return list.getList(i, listElementSize(element.element));
    case 'interface': return list.getCapability(i);
    case 'anyPointer':
      switch (element.constraint) {
        case 'capability': return list.getCapability(i);
        case 'struct': return list.getStructPointer(i);
        case 'list': return list.getList(i, ANY_SIZE);
        default: return list.getPointer(i);
      }
  }
}
