/**
 * Reading and writing one value of a known type through the wire layer: struct fields (by
 * their precomputed offsets and default masks) and list elements. Struct and list readers and
 * builders, the plain-object conversions, the text format and the JSON codec all go through
 * these functions, which call the same `StructView` / `ListView` accessors generated code uses.
 */
import {
  AdoptAs, AnyPointerBuilder, AnyPointerReader, CapnpError, ElementSize, ListBuilder, ListReader, Orphan,
  StructBuilder, StructReader, describeOrphan, orphanFits, type Segment,
} from '../wire/index.js';
import { atStep, describeValue, notAnObject } from '../runtime/error-path.js';
import { notData, notText } from '../runtime/access.js';
import {
  checkBool, checkCapability, checkEnum, checkFloat32, checkFloat64, checkInt8, checkInt16, checkInt32, checkInt64,
  checkUInt8, checkUInt16, checkUInt32, checkUInt64, checkVoid,
} from '../runtime/value-checks.js';
import { elementValue, fieldValue } from './read-value.js';
import type { StructField } from './schema.js';
import { isPointerType, listElementSize, typeName, type DynamicType } from './types.js';
import { DynamicList, DynamicListBuilder } from './list.js';
import { DynamicStruct, DynamicStructBuilder } from './struct.js';

/** What `get` returns: a primitive, a string or bytes, a dynamic struct or list, or a reader of an AnyPointer. */
export type DynamicValue =
  | null | boolean | number | bigint | string | Uint8Array
  | DynamicStruct | DynamicList | AnyPointerReader | StructReader | ListReader | unknown;

function fieldWhat(field: StructField): string {
  return `field ${field.parent.shortName}.${field.name} (${typeName(field.type)})`;
}

// ---------------------------------------------------------------------------------------------
// Struct fields

/**
 * The value of a field kept in the data section (void, Bool, numbers, enums), its default
 * applied.
 */
export function readDataField(s: StructReader, field: StructField): null | boolean | number | bigint {
  if (isPointerType(field.type)) throw new CapnpError('INVALID_ARGUMENT', `${fieldWhat(field)} is not kept in the data section`);
  return fieldValue(s, field) as null | boolean | number | bigint;
}

/**
 * Writes an element of a list of data values, Text or Data, given a value already checked to
 * be of the element's type (the text and JSON parsers check as they parse). False for other
 * element types, which the caller writes its own way.
 */
export function setScalarElement(list: ListBuilder, i: number, element: DynamicType, value: unknown): boolean {
  switch (element.kind) {
    case 'void': return true;
    case 'bool': list.setBool(i, value as boolean); return true;
    case 'int8': list.setInt8(i, value as number); return true;
    case 'uint8': list.setUint8(i, value as number); return true;
    case 'int16': list.setInt16(i, value as number); return true;
    case 'uint16': case 'enum': list.setUint16(i, value as number); return true;
    case 'int32': list.setInt32(i, value as number); return true;
    case 'uint32': list.setUint32(i, value as number); return true;
    case 'int64': list.setInt64(i, value as bigint); return true;
    case 'uint64': list.setUint64(i, value as bigint); return true;
    case 'float32': list.setFloat32(i, value as number); return true;
    case 'float64': list.setFloat64(i, value as number); return true;
    case 'text': list.setText(i, value as string); return true;
    case 'data': list.setData(i, value as Uint8Array); return true;
    default: return false;
  }
}

/** A field's value as read (defaults applied, as the reference's `DynamicStruct::get`): structs and lists wrapped. */
export function readField(s: StructReader, field: StructField): DynamicValue {
  const type = field.type;
  const value = fieldValue(s, field);
  switch (type.kind) {
    case 'struct': return new DynamicStruct(type.schema, value as StructReader);
    case 'list': return new DynamicList(type, value as ListReader);
    default: return value;
  }
}

/** A field's value for writing: primitives as values, pointers and groups as builders. */
export function builderField(b: StructBuilder, field: StructField): DynamicValue {
  const type = field.type;
  const at = field.offset;
  switch (type.kind) {
    case 'struct':
      if (field.isGroup) return new DynamicStructBuilder(type.schema, b);
      return new DynamicStructBuilder(type.schema, b.getStruct(at, type.schema.dataWords, type.schema.pointerCount, field.defaultValue as Segment | null));
    case 'list': {
      const element = type.element;
      const list = element.kind === 'struct'
        ? b.getStructList(at, element.schema.dataWords, element.schema.pointerCount, field.defaultValue as Segment | null)
        : b.getList(at, listElementSize(element), field.defaultValue as Segment | null);
      return new DynamicListBuilder(type, list);
    }
    case 'anyPointer':
      return type.constraint === 'capability' ? b.getCapability(at) : b.getPointer(at);
    case 'data':
      return b.getData(at, (field.defaultValue as Uint8Array | null) ?? undefined);
    default:
      return readField(b as unknown as StructReader, field);
  }
}

/** Makes `field` the active member of its union (no-op for fields outside a union). */
export function activate(b: StructBuilder, field: StructField): void {
  if (field.discriminant >= 0) b.setUint16(field.parent.discriminantOffset, field.discriminant);
}

/**
 * Sets a field from a value: primitives, enumerant names, strings, bytes, arrays, objects or
 * readers (copied). Values are checked as generated `assign` checks them (runtime/value-checks.ts,
 * the same messages), before the field becomes its union's active member.
 */
export function setField(b: StructBuilder, field: StructField, value: unknown): void {
  const type = field.type;
  const at = field.offset;
  switch (type.kind) {
    case 'void':
      // `set(voidMember)` with no value makes the member active, as `set(voidMember, null)` does.
      if (value !== undefined) checkVoid(value);
      activate(b, field);
      return;
    case 'bool': {
      const v = checkBool(value);
      activate(b, field);
      b.setBool(at, v, field.defaultValue as boolean);
      return;
    }
    case 'int8': case 'uint8': case 'int16': case 'uint16': case 'int32': case 'uint32': case 'float32': case 'enum': {
      const v = type.kind === 'enum' ? parseEnum(type, value) : NUMBER_CHECKS[type.kind](value);
      activate(b, field);
      switch (type.kind) {
        case 'int8': b.setInt8(at, v, field.mask); return;
        case 'uint8': b.setUint8(at, v, field.mask); return;
        case 'int16': b.setInt16(at, v, field.mask); return;
        case 'int32': b.setInt32(at, v, field.mask); return;
        case 'uint32': b.setUint32(at, v, field.mask); return;
        case 'float32': b.setFloat32(at, v, field.mask); return;
        default: b.setUint16(at, v, field.mask); return;
      }
    }
    case 'int64': case 'uint64': {
      const v = type.kind === 'int64' ? checkInt64(value) : checkUInt64(value);
      activate(b, field);
      if (type.kind === 'int64') b.setInt64(at, v, field.mask64);
      else b.setUint64(at, v, field.mask64);
      return;
    }
    case 'float64': {
      const v = checkFloat64(value);
      activate(b, field);
      b.setFloat64(at, v, field.mask, field.maskHi);
      return;
    }
    case 'struct':
      if (field.isGroup) {
        // Refused before the union switches to the group and zeroes it (an array too).
        if (value != null && (typeof value !== 'object' || Array.isArray(value))) throw notAnObject(value, type.schema.shortName);
        activate(b, field);
        const group = new DynamicStructBuilder(type.schema, b);
        if (field.inUnion) group.clearAll();
        if (value instanceof DynamicStruct || value instanceof DynamicStructBuilder) group.assign(value.toObject());
        else if (value != null) group.assign(value as Record<string, unknown>);
        return;
      }
      break;
    default: break;
  }
  // Made active once written: a value refused leaves the union as it was.
  setPointer(b.getPointer(at), type, value, fieldWhat(field));
  activate(b, field);
}

/** The checks of the 32-bit-and-smaller number types (and Float32). */
const NUMBER_CHECKS: Record<'int8' | 'uint8' | 'int16' | 'uint16' | 'int32' | 'uint32' | 'float32', (value: unknown) => number> = {
  int8: checkInt8, uint8: checkUInt8, int16: checkInt16, uint16: checkUInt16, int32: checkInt32, uint32: checkUInt32, float32: checkFloat32,
};

/** An enum's value: an enumerant's name, or a number 0..65535 (as generated code takes it). */
function parseEnum(type: Extract<DynamicType, { kind: 'enum' }>, value: unknown): number {
  if (typeof value === 'string') return type.schema.parse(value);
  if (typeof value === 'number') return checkEnum(value, type.schema.shortName);
  throw new CapnpError('INVALID_ARGUMENT', `expected an enumerant name or number for enum ${type.schema.shortName}, got ${describeValue(value)}`);
}

/** Initializes a pointer field (struct, list of `size`, Data of `size`, AnyPointer) or a group, and returns its builder. */
export function initField(b: StructBuilder, field: StructField, size?: number): DynamicValue {
  const type = field.type;
  if (type.kind === 'struct' && field.isGroup) {
    activate(b, field);
    clearField(b, field);
    return new DynamicStructBuilder(type.schema, b);
  }
  // Made active once made: a refused size leaves the union as it was.
  const value = initPointerField(b, field, size);
  activate(b, field);
  return value;
}

function initPointerField(b: StructBuilder, field: StructField, size: number | undefined): DynamicValue {
  const type = field.type;
  const at = field.offset;
  switch (type.kind) {
    case 'struct':
      return new DynamicStructBuilder(type.schema, b.initStruct(at, type.schema.dataWords, type.schema.pointerCount));
    case 'list':
      return new DynamicListBuilder(type, initList(b.getPointer(at), type.element, requireSize(size, field)));
    case 'data':
      return b.initData(at, requireSize(size, field));
    case 'text':
      return b.initText(at, requireSize(size, field));
    case 'anyPointer': {
      const slot = b.getPointer(at);
      slot.clear();
      return slot;
    }
    default:
      throw new CapnpError('INVALID_ARGUMENT', `${fieldWhat(field)} cannot be initialized; set it instead`);
  }
}

function requireSize(size: number | undefined, field: StructField): number {
  if (size === undefined || !Number.isInteger(size) || size < 0) {
    throw new CapnpError('INVALID_ARGUMENT', `initializing ${fieldWhat(field)} needs a size`);
  }
  return size;
}

/**
 * Zeroes a field as the reference's `DynamicStruct::Builder::clear` does: data fields read
 * their default again, pointers become null, and a group has its fields outside its union
 * cleared and its union reset to the member with discriminant 0 (other members' pointers are
 * left as they are, as the reference leaves them).
 */
export function clearField(b: StructBuilder, field: StructField): void {
  const type = field.type;
  const at = field.offset;
  switch (type.kind) {
    case 'void': return;
    case 'bool': b.setBool(at, false); return;
    case 'int8': case 'uint8': b.setUint8(at, 0); return;
    case 'int16': case 'uint16': case 'enum': b.setUint16(at, 0); return;
    case 'int32': case 'uint32': case 'float32': b.setUint32(at, 0); return;
    case 'int64': case 'uint64': case 'float64': b.setUint64(at, 0n); return;
    case 'struct':
      if (field.isGroup) {
        const group = type.schema;
        const first = group.discriminantCount > 0 ? group.fieldByDiscriminant(0) : undefined;
        if (first) {
          activate(b, first);
          clearField(b, first);
        }
        for (const member of group.nonUnionFields) clearField(b, member);
        return;
      }
      b.clearPointer(at);
      return;
    default:
      b.clearPointer(at);
  }
}

/**
 * Attaches `orphan` (from `disown` or a `newOrphan*` method of the same message) to a pointer
 * field, making the field its union's active member. Wire-level orphans carry no schema type,
 * so what the orphan is (struct, list and its element size, capability) is checked against
 * the field's type first, as C++'s dynamic `adopt` compares types: adopted unchecked, a list of
 * numbers in a `List(Text)` field made a message that failed only when read. A refused orphan
 * leaves the field, the union and the orphan as they were.
 */
export function adoptField(b: StructBuilder, field: StructField, orphan: Orphan): void {
  adoptPointer(b.getPointer(field.offset), field.type, orphan, `${field.parent.shortName}.${field.name}`);
  activate(b, field);
}

/** Attaches `orphan` at a pointer slot of `type` (a field's, or a list element's: `what`), checked as `adoptField` says. */
export function adoptPointer(slot: AnyPointerBuilder, type: DynamicType, orphan: Orphan, what: string): void {
  if (!(orphan instanceof Orphan)) {
    throw new CapnpError('INVALID_ARGUMENT', `expected an Orphan (from disown or a newOrphan method), got ${describeValue(orphan)}`);
  }
  if (!orphanFits(orphan, adoptedAs(type))) {
    throw new CapnpError('INVALID_ARGUMENT', `${what} is ${typeName(type)}; it cannot adopt an orphan of ${describeOrphan(orphan)}`);
  }
  slot.adopt(orphan);
}

/** What a field of `type` adopts, as `adoptAt` takes it (see `AdoptAs`). */
function adoptedAs(type: DynamicType): number {
  switch (type.kind) {
    case 'struct': return AdoptAs.STRUCT;
    case 'text': case 'data': return ElementSize.BYTE;
    case 'list': return listElementSize(type.element);
    case 'interface': return AdoptAs.CAPABILITY;
    case 'anyPointer':
      switch (type.constraint) {
        case 'struct': return AdoptAs.STRUCT;
        case 'list': return AdoptAs.ANY_LIST;
        case 'capability': return AdoptAs.CAPABILITY;
        default: return AdoptAs.ANY;
      }
    default: throw new CapnpError('INVALID_ARGUMENT', `${typeName(type)} is not a pointer type`);
  }
}

/** Whether the field is set: inactive union members are not; pointers are when non-null; data fields and groups always are. */
export function hasField(s: StructReader, field: StructField): boolean {
  if (field.discriminant >= 0 && s.getUint16(field.parent.discriminantOffset) !== field.discriminant) return false;
  switch (field.type.kind) {
    case 'text': case 'data': case 'list': case 'interface': case 'anyPointer': return s.hasPointer(field.offset);
    case 'struct': return field.isGroup || s.hasPointer(field.offset);
    default: return true;
  }
}

// ---------------------------------------------------------------------------------------------
// Pointers (struct fields and list elements alike, through a slot)

/** Sets a pointer slot to a value of `type`. */
export function setPointer(slot: AnyPointerBuilder, type: DynamicType, value: unknown, what: string): void {
  if (value == null) {
    if (type.kind === 'interface' || (type.kind === 'anyPointer' && type.constraint === 'capability')) slot.setCapability(null);
    else slot.clear();
    return;
  }
  switch (type.kind) {
    case 'text':
      if (typeof value !== 'string') throw notText(value);
      slot.setText(value);
      return;
    case 'data':
      if (!(value instanceof Uint8Array)) throw notData(value);
      slot.setData(value);
      return;
    case 'struct': {
      const reader = structReaderOf(value);
      if (reader) {
        slot.setStruct(reader);
        return;
      }
      if (typeof value !== 'object') throw notAnObject(value, type.schema.shortName);
      const struct = slot.initStruct(type.schema.dataWords, type.schema.pointerCount);
      writeOrClear(slot, () => new DynamicStructBuilder(type.schema, struct).assign(value as Record<string, unknown>));
      return;
    }
    case 'list': {
      const reader = listReaderOf(value);
      if (reader) {
        slot.setList(reader);
        return;
      }
      const items = value as ArrayLike<unknown>;
      if (typeof value !== 'object' || typeof items.length !== 'number' || !(items.length >= 0 && items.length <= 0x1fffffff)) {
        throw new CapnpError('INVALID_ARGUMENT', `expected an array (or array-like, or a list reader) for a list, got ${describeValue(value)}`);
      }
      const list = initList(slot, type.element, items.length);
      writeOrClear(slot, () => fillList(list, type.element, items, what, false));
      return;
    }
    case 'interface':
      slot.setCapability(checkCapability(value));
      return;
    case 'anyPointer': {
      if (type.constraint === 'capability') {
        slot.setCapability(checkCapability(value));
        return;
      }
      if (value instanceof AnyPointerReader) slot.set(value);
      else if (value instanceof AnyPointerBuilder) slot.set(value.asReader());
      else {
        const struct = structReaderOf(value);
        const list = struct ? null : listReaderOf(value);
        if (struct) slot.setStruct(struct);
        else if (list) slot.setList(list);
        else if (typeof value === 'string') slot.setText(value);
        else if (value instanceof Uint8Array) slot.setData(value);
        else throw new CapnpError('INVALID_ARGUMENT', `${what} needs a reader (struct, list or pointer) to copy, got ${describeValue(value)}`);
      }
      return;
    }
    default:
      throw new CapnpError('INVALID_ARGUMENT', `${what} is not a pointer`);
  }
}

/**
 * Runs `write`, which fills the new object at `slot` from a plain value; if a part of the value
 * is refused, clears the slot before the error goes on, so that no half-written struct or list
 * is left behind (the runtime's `assignListAt` and `StructType#set` do the same).
 */
function writeOrClear(slot: AnyPointerBuilder, write: () => void): void {
  try {
    write();
  } catch (e) {
    slot.clear();
    throw e;
  }
}

function structReaderOf(value: unknown): StructReader | null {
  if (value instanceof DynamicStruct) return value.$;
  if (value instanceof DynamicStructBuilder) return value.$.asReader();
  if (value instanceof StructReader) return value;
  if (typeof value === 'object' && value !== null && '$' in value) {
    // A generated reader or builder: `$` is its wire-level view.
    const inner = (value as { $: unknown }).$;
    if (inner instanceof StructReader) return inner;
    if (inner instanceof StructBuilder) return inner.asReader();
  }
  return null;
}

function listReaderOf(value: unknown): ListReader | null {
  if (value instanceof DynamicList) return value.$;
  if (value instanceof DynamicListBuilder) return value.asReader().$;
  if (value instanceof ListReader) return value;
  if (typeof value === 'object' && value !== null && '$' in value) {
    const inner = (value as { $: unknown }).$;
    if (inner instanceof ListReader) return inner;
    if (inner instanceof ListBuilder) return inner.asReader();
  }
  return null;
}

/** A new zeroed list of `length` elements of `element` in the slot. */
export function initList(slot: AnyPointerBuilder, element: DynamicType, length: number): ListBuilder {
  if (element.kind === 'struct') return slot.initStructList(length, element.schema.dataWords, element.schema.pointerCount);
  return slot.initList(listElementSize(element), length);
}

/**
 * Fills a freshly initialized list from values. `skipUndefined` (a builder's `setAll`) leaves
 * the elements given as undefined as they are; a plain object's list has each element checked,
 * as generated code checks it (undefined is no number: an error in a list of numbers).
 */
export function fillList(list: ListBuilder, element: DynamicType, items: ArrayLike<unknown>, what: string, skipUndefined = true): void {
  const length = items.length;
  let i = 0;
  try {
    for (; i < length; i++) {
      const item = items[i];
      if (item === undefined && skipUndefined) continue;
      setElement(list, i, element, item, what);
    }
  } catch (e) {
    throw atStep(e, i);
  }
}

/**
 * Sets element `i` of a list being built, the value checked as a field's is. A failure's message
 * has no index: callers add it as a path step.
 */
export function setElement(list: ListBuilder, i: number, element: DynamicType, value: unknown, what: string): void {
  switch (element.kind) {
    case 'void': if (value != null) checkVoid(value); return;
    case 'bool': list.setBool(i, checkBool(value)); return;
    case 'int8': list.setInt8(i, checkInt8(value)); return;
    case 'uint8': list.setUint8(i, checkUInt8(value)); return;
    case 'int16': list.setInt16(i, checkInt16(value)); return;
    case 'uint16': list.setUint16(i, checkUInt16(value)); return;
    case 'int32': list.setInt32(i, checkInt32(value)); return;
    case 'uint32': list.setUint32(i, checkUInt32(value)); return;
    case 'int64': list.setInt64(i, checkInt64(value)); return;
    case 'uint64': list.setUint64(i, checkUInt64(value)); return;
    case 'float32': list.setFloat32(i, checkFloat32(value)); return;
    case 'float64': list.setFloat64(i, checkFloat64(value)); return;
    case 'enum': list.setUint16(i, parseEnum(element, value)); return;
    case 'struct': {
      if (value == null) return;
      const reader = structReaderOf(value);
      if (reader) list.setStruct(i, reader);
      else new DynamicStructBuilder(element.schema, list.getStruct(i)).assign(value as Record<string, unknown>);
      return;
    }
    default:
      setPointer(list.getPointer(i), element, value, `${what}[${i}]`);
  }
}

/** Element `i` of a list being read: structs and lists wrapped. */
export function readElement(list: ListReader, i: number, element: DynamicType): DynamicValue {
  const value = elementValue(list, i, element);
  switch (element.kind) {
    case 'struct': return new DynamicStruct(element.schema, value as StructReader);
    case 'list': return new DynamicList(element, value as ListReader);
    default: return value;
  }
}

/** Element `i` of a list being built: primitives as values, pointers as builders. */
export function builderElement(list: ListBuilder, i: number, element: DynamicType): DynamicValue {
  switch (element.kind) {
    case 'struct': return new DynamicStructBuilder(element.schema, list.getStruct(i));
    case 'list': {
      const inner = element.element;
      const l = inner.kind === 'struct'
        ? list.getStructList(i, inner.schema.dataWords, inner.schema.pointerCount)
        : list.getList(i, listElementSize(inner));
      return new DynamicListBuilder(element, l);
    }
    case 'anyPointer': return element.constraint === 'capability' ? list.getCapability(i) : list.getPointer(i);
    default: return readElement(list as unknown as ListReader, i, element);
  }
}

export { ElementSize };
