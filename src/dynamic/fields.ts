/**
 * Reading and writing one value of a known type through the wire layer: struct fields (by
 * their precomputed offsets and default masks) and list elements. Struct and list readers and
 * builders, the plain-object conversions, the text format and the JSON codec all go through
 * these functions, which call the same `StructView` / `ListView` accessors generated code uses.
 */
import {
  AnyPointerBuilder, AnyPointerReader, CapnpError, ElementSize, ErrorCode, ListBuilder, ListReader,
  StructBuilder, StructReader, type Segment,
} from '../wire/index.js';
import { atStep } from '../runtime/error-path.js';
import { elementValue, fieldValue } from './read-value.js';
import type { StructField } from './schema.js';
import { isPointerType, listElementSize, typeName, type DynamicType } from './types.js';
import { DynamicList, DynamicListBuilder } from './list.js';
import { DynamicStruct, DynamicStructBuilder } from './struct.js';

/** What `get` returns: a primitive, a string or bytes, a dynamic struct or list, or a reader of an AnyPointer. */
export type DynamicValue =
  | null | boolean | number | bigint | string | Uint8Array
  | DynamicStruct | DynamicList | AnyPointerReader | StructReader | ListReader | unknown;

function toBigInt(value: unknown, what: string): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) return BigInt(value.trim());
  throw new CapnpError(ErrorCode.INVALID_ARGUMENT, `${what} needs a bigint or a safe integer, got ${describe(value)}`);
}

const INT64_MIN = -(2n ** 63n);
const UINT64_LIMIT = 2n ** 64n;

function checkBigInt(value: unknown, signed: boolean, what: string): bigint {
  const n = toBigInt(value, what);
  if (signed ? n < INT64_MIN || n >= -INT64_MIN : n < 0n || n >= UINT64_LIMIT) {
    throw new CapnpError(ErrorCode.INVALID_ARGUMENT, `${what} needs a value in [${signed ? INT64_MIN : 0}, ${signed ? -INT64_MIN - 1n : UINT64_LIMIT - 1n}], got ${n}`);
  }
  return n;
}

function toNumber(value: unknown, what: string): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  throw new CapnpError(ErrorCode.INVALID_ARGUMENT, `${what} needs a number, got ${describe(value)}`);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value);
  if (typeof value === 'object') return value.constructor?.name ?? 'an object';
  return `${typeof value} ${String(value)}`;
}

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
  if (isPointerType(field.type)) throw new CapnpError(ErrorCode.INVALID_ARGUMENT, `${fieldWhat(field)} is not kept in the data section`);
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

/** Sets a field from a value: primitives, enumerant names, strings, bytes, arrays, objects or readers (copied). */
export function setField(b: StructBuilder, field: StructField, value: unknown): void {
  activate(b, field);
  const type = field.type;
  const at = field.offset;
  switch (type.kind) {
    case 'void': return;
    case 'bool':
      if (typeof value !== 'boolean') throw new CapnpError(ErrorCode.INVALID_ARGUMENT, `${fieldWhat(field)} needs a boolean, got ${describe(value)}`);
      b.setBool(at, value, field.defaultValue as boolean);
      return;
    case 'int8': b.setInt8(at, checkInt(value, -0x80, 0x7f, field), field.mask); return;
    case 'uint8': b.setUint8(at, checkInt(value, 0, 0xff, field), field.mask); return;
    case 'int16': b.setInt16(at, checkInt(value, -0x8000, 0x7fff, field), field.mask); return;
    case 'uint16': b.setUint16(at, checkInt(value, 0, 0xffff, field), field.mask); return;
    case 'int32': b.setInt32(at, checkInt(value, -0x80000000, 0x7fffffff, field), field.mask); return;
    case 'uint32': b.setUint32(at, checkInt(value, 0, 0xffffffff, field), field.mask); return;
    case 'int64': b.setInt64(at, checkBigInt(value, true, fieldWhat(field)), field.mask64); return;
    case 'uint64': b.setUint64(at, checkBigInt(value, false, fieldWhat(field)), field.mask64); return;
    case 'float32': b.setFloat32(at, toNumber(value, fieldWhat(field)), field.mask); return;
    case 'float64': b.setFloat64(at, toNumber(value, fieldWhat(field)), field.mask, field.maskHi); return;
    case 'enum': b.setUint16(at, parseEnum(type, value, field), field.mask); return;
    case 'struct':
      if (field.isGroup) {
        const group = new DynamicStructBuilder(type.schema, b);
        if (field.inUnion) group.clearAll();
        if (value instanceof DynamicStruct || value instanceof DynamicStructBuilder) group.assign(value.toObject());
        else if (value != null) group.assign(value as Record<string, unknown>);
        return;
      }
      break;
    default: break;
  }
  setPointer(b.getPointer(at), type, value, fieldWhat(field));
}

function checkInt(value: unknown, min: number, max: number, field: StructField): number {
  const n = typeof value === 'bigint' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) {
    throw new CapnpError(ErrorCode.INVALID_ARGUMENT, `${fieldWhat(field)} needs an integer in [${min}, ${max}], got ${describe(value)}`);
  }
  return n;
}

function parseEnum(type: Extract<DynamicType, { kind: 'enum' }>, value: unknown, field?: StructField): number {
  if (typeof value === 'number' || typeof value === 'string') return type.schema.parse(value);
  throw new CapnpError(ErrorCode.INVALID_ARGUMENT, `${field ? fieldWhat(field) : `enum ${type.schema.shortName}`} needs an enumerant name or number, got ${describe(value)}`);
}

/** Initializes a pointer field (struct, list of `size`, Data of `size`, AnyPointer) or a group, and returns its builder. */
export function initField(b: StructBuilder, field: StructField, size?: number): DynamicValue {
  activate(b, field);
  const type = field.type;
  const at = field.offset;
  switch (type.kind) {
    case 'struct':
      if (field.isGroup) {
        clearField(b, field);
        return new DynamicStructBuilder(type.schema, b);
      }
      return new DynamicStructBuilder(type.schema, b.initStruct(at, type.schema.dataWords, type.schema.pointerCount));
    case 'list':
      return new DynamicListBuilder(type, initList(b.getPointer(at), type.element, requireSize(size, field)));
    case 'data':
      return b.initData(at, requireSize(size, field));
    case 'anyPointer': {
      const slot = b.getPointer(at);
      slot.clear();
      return slot;
    }
    default:
      throw new CapnpError(ErrorCode.INVALID_ARGUMENT, `${fieldWhat(field)} cannot be initialized; set it instead`);
  }
}

function requireSize(size: number | undefined, field: StructField): number {
  if (size === undefined || !Number.isInteger(size) || size < 0) {
    throw new CapnpError(ErrorCode.INVALID_ARGUMENT, `initializing ${fieldWhat(field)} needs a size`);
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
      if (typeof value !== 'string') throw new CapnpError(ErrorCode.INVALID_ARGUMENT, `${what} needs a string, got ${describe(value)}`);
      slot.setText(value);
      return;
    case 'data':
      if (!(value instanceof Uint8Array)) throw new CapnpError(ErrorCode.INVALID_ARGUMENT, `${what} needs a Uint8Array, got ${describe(value)}`);
      slot.setData(value);
      return;
    case 'struct': {
      const reader = structReaderOf(value);
      if (reader) {
        slot.setStruct(reader);
        return;
      }
      if (typeof value !== 'object') throw new CapnpError(ErrorCode.INVALID_ARGUMENT, `${what} needs an object, got ${describe(value)}`);
      new DynamicStructBuilder(type.schema, slot.initStruct(type.schema.dataWords, type.schema.pointerCount)).assign(value as Record<string, unknown>);
      return;
    }
    case 'list': {
      const reader = listReaderOf(value);
      if (reader) {
        slot.setList(reader);
        return;
      }
      const items = value as ArrayLike<unknown>;
      if (typeof value !== 'object' || typeof items.length !== 'number') {
        throw new CapnpError(ErrorCode.INVALID_ARGUMENT, `${what} needs an array, got ${describe(value)}`);
      }
      fillList(initList(slot, type.element, items.length), type.element, items, what);
      return;
    }
    case 'interface':
      slot.setCapability(value);
      return;
    case 'anyPointer': {
      if (type.constraint === 'capability') {
        slot.setCapability(value);
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
        else throw new CapnpError(ErrorCode.INVALID_ARGUMENT, `${what} needs a reader (struct, list or pointer) to copy, got ${describe(value)}`);
      }
      return;
    }
    default:
      throw new CapnpError(ErrorCode.INVALID_ARGUMENT, `${what} is not a pointer`);
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

/** Fills a freshly initialized list from values. */
export function fillList(list: ListBuilder, element: DynamicType, items: ArrayLike<unknown>, what: string): void {
  const length = items.length;
  let i = 0;
  try {
    for (; i < length; i++) {
      const item = items[i];
      if (item === undefined) continue;
      setElement(list, i, element, item, what);
    }
  } catch (e) {
    throw atStep(e, i);
  }
}

/** Sets element `i` of a list being built. */
export function setElement(list: ListBuilder, i: number, element: DynamicType, value: unknown, what: string): void {
  switch (element.kind) {
    case 'void': return;
    case 'bool':
      if (typeof value !== 'boolean') throw new CapnpError(ErrorCode.INVALID_ARGUMENT, `${what}[${i}] needs a boolean, got ${describe(value)}`);
      list.setBool(i, value);
      return;
    case 'int8': list.setInt8(i, elementInt(value, -0x80, 0x7f, what, i)); return;
    case 'uint8': list.setUint8(i, elementInt(value, 0, 0xff, what, i)); return;
    case 'int16': list.setInt16(i, elementInt(value, -0x8000, 0x7fff, what, i)); return;
    case 'uint16': list.setUint16(i, elementInt(value, 0, 0xffff, what, i)); return;
    case 'int32': list.setInt32(i, elementInt(value, -0x80000000, 0x7fffffff, what, i)); return;
    case 'uint32': list.setUint32(i, elementInt(value, 0, 0xffffffff, what, i)); return;
    case 'int64': list.setInt64(i, checkBigInt(value, true, `${what}[${i}]`)); return;
    case 'uint64': list.setUint64(i, checkBigInt(value, false, `${what}[${i}]`)); return;
    case 'float32': list.setFloat32(i, toNumber(value, `${what}[${i}]`)); return;
    case 'float64': list.setFloat64(i, toNumber(value, `${what}[${i}]`)); return;
    case 'enum': list.setUint16(i, parseEnum(element, value)); return;
    case 'struct': {
      if (value === null) return;
      const reader = structReaderOf(value);
      if (reader) list.setStruct(i, reader);
      else new DynamicStructBuilder(element.schema, list.getStruct(i)).assign(value as Record<string, unknown>);
      return;
    }
    default:
      setPointer(list.getPointer(i), element, value, `${what}[${i}]`);
  }
}

function elementInt(value: unknown, min: number, max: number, what: string, i: number): number {
  const n = typeof value === 'bigint' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) {
    throw new CapnpError(ErrorCode.INVALID_ARGUMENT, `${what}[${i}] needs an integer in [${min}, ${max}], got ${describe(value)}`);
  }
  return n;
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
