/**
 * Values as the compiler handles them while interpreting default values, constants and
 * annotation arguments (`ConstantValue`), and as they go into the schema (`Value`).
 *
 * Struct and list values are built in messages of their own with the wire builders, so that
 * what ends up in the schema has exactly the bits the reference compiler writes: a field's
 * value XORed with the field's default, union tags set as members are assigned, groups
 * cleared when assigned whole.
 */
import {
  AnyPointerReader, MessageBuilder, StructReader, float32ToBits, float64ToBits,
  type ListBuilder, type ListReader, type StructBuilder,
} from '../../wire/index.js';
import { NO_DISCRIMINANT, type Field, type Type, type Value } from '../../schema/types.js';
import { listElementSizeOf } from '../../schema/builtin-types.js';
import type { BrandedSchema, ResolvedType, SchemaResolver } from './branded-schema.js';
import { CompileAbort } from '../compile-abort.js';

export type ConstantValue =
  | { readonly type: 'void' }
  | { readonly type: 'bool'; readonly value: boolean }
  /** A signed integer (a negative literal, or a signed constant). */
  | { readonly type: 'int'; readonly value: bigint }
  /** An unsigned integer (a positive literal, or an unsigned constant). */
  | { readonly type: 'uint'; readonly value: bigint }
  | { readonly type: 'float'; readonly value: number }
  | { readonly type: 'text'; readonly value: string }
  | { readonly type: 'data'; readonly value: Uint8Array }
  | { readonly type: 'list'; readonly schema: ResolvedType & { which: 'list' }; readonly reader: ListReader }
  | { readonly type: 'enum'; readonly schema: BrandedSchema; readonly raw: number }
  | { readonly type: 'struct'; readonly schema: BrandedSchema; readonly reader: StructReader }
  | { readonly type: 'anyPointer'; readonly reader: AnyPointerReader };

/** The value a field or constant of `type` has when none is given. */
export function defaultValueFor(type: Type): Value {
  const which = Object.keys(type)[0];
  switch (which) {
    case 'void': return { void: null };
    case 'bool': return { bool: false };
    case 'int8': return { int8: 0 };
    case 'int16': return { int16: 0 };
    case 'int32': return { int32: 0 };
    case 'int64': return { int64: 0n };
    case 'uint8': return { uint8: 0 };
    case 'uint16': return { uint16: 0 };
    case 'uint32': return { uint32: 0 };
    case 'uint64': return { uint64: 0n };
    case 'float32': return { float32: 0 };
    case 'float64': return { float64: 0 };
    case 'enum': return { enum: 0 };
    case 'interface': return { interface: null };
    case 'text': return { text: null };
    case 'data': return { data: null };
    case 'struct': return { struct: null };
    case 'list': return { list: null };
    default: return { anyPointer: null };
  }
}

/** The nearest Float32 to an integer (rounding once, as a C++ integer-to-float cast does). */
export function integerToFloat32(value: bigint): number {
  const negative = value < 0n;
  let magnitude = negative ? -value : value;
  const bits = magnitude.toString(2).length;
  if (bits > 24) {
    // Keep 24 significant bits, rounding half to even on the dropped ones.
    const drop = BigInt(bits - 24);
    const kept = magnitude >> drop;
    const rest = magnitude - (kept << drop);
    const half = 1n << (drop - 1n);
    let rounded = kept;
    if (rest > half || (rest === half && (kept & 1n) === 1n)) rounded += 1n;
    magnitude = rounded << drop;
  }
  const result = Math.fround(Number(magnitude));
  return negative ? -result : result;
}

/** The value as a number of the given primitive type (conversions as in C++). */
function asNumber(value: ConstantValue, which: string): number {
  switch (value.type) {
    case 'bool': return value.value ? 1 : 0;
    case 'int':
    case 'uint':
      if (which === 'float32') return integerToFloat32(value.value);
      return Number(value.value);
    case 'float':
      return which === 'float32' ? Math.fround(value.value) : value.value;
    case 'enum': return value.raw;
    default: return 0;
  }
}

function asBigInt(value: ConstantValue): bigint {
  switch (value.type) {
    case 'int':
    case 'uint':
      return value.value;
    case 'float':
      return BigInt(Math.trunc(value.value));
    default:
      return 0n;
  }
}

/** A value compiled for a resolved type, in the form the schema holds it. */
export function toSchemaValue(value: ConstantValue, type: ResolvedType): Value {
  switch (type.which) {
    case 'void': return { void: null };
    case 'bool': return { bool: value.type === 'bool' && value.value };
    case 'int8': return { int8: asNumber(value, 'int8') };
    case 'int16': return { int16: asNumber(value, 'int16') };
    case 'int32': return { int32: asNumber(value, 'int32') };
    case 'int64': return { int64: BigInt.asIntN(64, asBigInt(value)) };
    case 'uint8': return { uint8: asNumber(value, 'uint8') };
    case 'uint16': return { uint16: asNumber(value, 'uint16') };
    case 'uint32': return { uint32: asNumber(value, 'uint32') };
    case 'uint64': return { uint64: BigInt.asUintN(64, asBigInt(value)) };
    case 'float32': return { float32: asNumber(value, 'float32') };
    case 'float64': return { float64: asNumber(value, 'float64') };
    case 'enum': return { enum: value.type === 'enum' ? value.raw : 0 };
    case 'text': return { text: value.type === 'text' ? value.value : null };
    case 'data': return { data: value.type === 'data' ? value.value : null };
    // Value.list and Value.struct are AnyList and AnyStruct: their object form is a list or
    // struct reader (docs/objects.md).
    case 'list': return { list: standalonePointer(value)?.getList() ?? null };
    case 'struct': return { struct: standalonePointer(value)?.getStruct() ?? null };
    case 'interface': return { interface: null };
    default: return { anyPointer: standalonePointer(value) };
  }
}

/** A struct or list value as the root of a message of its own. */
function standalonePointer(value: ConstantValue): AnyPointerReader | null {
  const message = new MessageBuilder();
  const root = message.getRootPointer();
  if (value.type === 'struct') root.setStruct(value.reader);
  else if (value.type === 'list') root.setList(value.reader);
  else if (value.type === 'anyPointer') root.set(value.reader);
  else return null;
  return root.asReader();
}

/** A Value read back as a ConstantValue (a constant's value, as another value refers to it). */
export function fromSchemaValue(value: Value | null): ConstantValue | { type: 'pointer'; reader: AnyPointerReader | null } {
  if (value === null) return { type: 'void' };
  const which = Object.keys(value)[0]!;
  const content = (value as Record<string, unknown>)[which];
  switch (which) {
    case 'void': return { type: 'void' };
    case 'bool': return { type: 'bool', value: content as boolean };
    case 'int8': case 'int16': case 'int32': return { type: 'int', value: BigInt(content as number) };
    case 'int64': return { type: 'int', value: content as bigint };
    case 'uint8': case 'uint16': case 'uint32': return { type: 'uint', value: BigInt(content as number) };
    case 'uint64': return { type: 'uint', value: content as bigint };
    case 'float32': case 'float64': return { type: 'float', value: content as number };
    case 'text': return { type: 'text', value: (content as string | null) ?? '' };
    case 'data': return { type: 'data', value: (content as Uint8Array | null) ?? new Uint8Array(0) };
    // schema.capnp stores an enum value as a plain UInt16.
    case 'enum': return { type: 'uint', value: BigInt(content as number) };
    case 'interface': return { type: 'void' };
    default: return { type: 'pointer', reader: asAnyPointer(content as AnyPointerReader | StructReader | ListReader | null) };
  }
}

/**
 * A pointer value as an AnyPointerReader: Value.struct and Value.list hold struct and list
 * readers (AnyStruct, AnyList), which are put back behind a pointer of their own.
 */
function asAnyPointer(value: AnyPointerReader | StructReader | ListReader | null): AnyPointerReader | null {
  if (value === null || value instanceof AnyPointerReader) return value;
  const message = new MessageBuilder();
  const root = message.getRootPointer();
  if (value instanceof StructReader) root.setStruct(value);
  else root.setList(value);
  return root.asReader();
}


function structSize(schema: BrandedSchema): { dataWords: number; pointers: number } {
  const struct = 'struct' in schema.node ? schema.node.struct : null;
  return { dataWords: struct?.dataWordCount ?? 0, pointers: struct?.pointerCount ?? 0 };
}

/**
 * A new, zeroed list of `length` elements of `element`, in a message of its own. The reference
 * compiler cannot make a list of any AnyPointer kind (it stops the run), so neither do we.
 */
export function newList(element: ResolvedType, length: number): ListBuilder {
  if (element.which === 'anyPointer') throw new CompileAbort('List(AnyPointer) not supported.');
  const root = new MessageBuilder().getRootPointer();
  if (element.which === 'struct') {
    const { dataWords, pointers } = structSize(element.schema);
    return root.initStructList(length, dataWords, pointers);
  }
  return root.initList(listElementSizeOf(element.which), length);
}

/** Sets element `index` of a list being built (the value was checked against the type). */
export function setListElement(list: ListBuilder, index: number, element: ResolvedType, value: ConstantValue): void {
  switch (element.which) {
    case 'void': return;
    case 'bool': list.setBool(index, value.type === 'bool' && value.value); return;
    case 'int8': list.setInt8(index, asNumber(value, 'int8')); return;
    case 'uint8': list.setUint8(index, asNumber(value, 'uint8')); return;
    case 'int16': list.setInt16(index, asNumber(value, 'int16')); return;
    case 'uint16': list.setUint16(index, asNumber(value, 'uint16')); return;
    case 'enum': list.setUint16(index, asNumber(value, 'uint16')); return;
    case 'int32': list.setInt32(index, asNumber(value, 'int32')); return;
    case 'uint32': list.setUint32(index, asNumber(value, 'uint32')); return;
    case 'float32': list.setFloat32(index, asNumber(value, 'float32')); return;
    case 'int64': list.setInt64(index, BigInt.asIntN(64, asBigInt(value))); return;
    case 'uint64': list.setUint64(index, BigInt.asUintN(64, asBigInt(value))); return;
    case 'float64': list.setFloat64(index, asNumber(value, 'float64')); return;
    default: break;
  }
  switch (value.type) {
    case 'text': list.setText(index, value.value); break;
    case 'data': list.setData(index, value.value); break;
    case 'list': list.setList(index, value.reader); break;
    case 'struct':
      if (element.which === 'struct') list.setStruct(index, value.reader);
      else list.getPointer(index).setStruct(value.reader);
      break;
    case 'anyPointer': list.getPointer(index).set(value.reader); break;
    default: break;
  }
}

/** A struct being built from a literal, written as the reference's dynamic API would. */
export class StructWriter {
  readonly schema: BrandedSchema;
  readonly builder: StructBuilder;
  private readonly schemas: SchemaResolver;

  constructor(schema: BrandedSchema, builder: StructBuilder, schemas: SchemaResolver) {
    this.schema = schema;
    this.builder = builder;
    this.schemas = schemas;
  }

  /** A new, zeroed struct of `schema`'s size, in a message of its own. */
  static create(schema: BrandedSchema, schemas: SchemaResolver): StructWriter {
    const { dataWords, pointers } = structSize(schema);
    return new StructWriter(schema, new MessageBuilder().initRoot(dataWords, pointers), schemas);
  }

  get fields(): readonly Field[] {
    return ('struct' in this.schema.node ? this.schema.node.struct.fields : null) ?? [];
  }

  findField(name: string): Field | null {
    return this.fields.find((field) => field.name === name) ?? null;
  }

  fieldType(field: Field): ResolvedType | null {
    return this.schemas.fieldType(this.schema, field);
  }

  /** Assigning a union member makes it the active one. */
  private setInUnion(field: Field): void {
    if (field.discriminantValue === NO_DISCRIMINANT) return;
    const offset = 'struct' in this.schema.node ? this.schema.node.struct.discriminantOffset : 0;
    this.builder.setUint16(offset * 2, field.discriminantValue);
  }

  /** Sets a slot field to a (type-checked) value. */
  set(field: Field, value: ConstantValue): void {
    this.setInUnion(field);
    if (!('slot' in field)) return;
    const type = this.fieldType(field);
    if (type === null) return;
    const offset = field.slot.offset;
    const defaults = field.slot.defaultValue ?? defaultValueFor(field.slot.type ?? { void: null });
    const b = this.builder;
    switch (type.which) {
      case 'void': return;
      case 'bool': b.setBool(offset, value.type === 'bool' && value.value, 'bool' in defaults && defaults.bool); return;
      case 'int8': b.setInt8(offset, asNumber(value, 'int8'), maskOf(defaults)); return;
      case 'uint8': b.setUint8(offset, asNumber(value, 'uint8'), maskOf(defaults)); return;
      case 'int16': b.setInt16(offset * 2, asNumber(value, 'int16'), maskOf(defaults)); return;
      case 'uint16': b.setUint16(offset * 2, asNumber(value, 'uint16'), maskOf(defaults)); return;
      case 'enum': b.setUint16(offset * 2, asNumber(value, 'uint16'), maskOf(defaults)); return;
      case 'int32': b.setInt32(offset * 4, asNumber(value, 'int32'), maskOf(defaults)); return;
      case 'uint32': b.setUint32(offset * 4, asNumber(value, 'uint32'), maskOf(defaults)); return;
      case 'float32': b.setFloat32(offset * 4, asNumber(value, 'float32'), float32ToBits('float32' in defaults ? defaults.float32 : 0)); return;
      case 'int64': b.setInt64(offset * 8, BigInt.asIntN(64, asBigInt(value)), BigInt.asIntN(64, bigMaskOf(defaults))); return;
      case 'uint64': b.setUint64(offset * 8, BigInt.asUintN(64, asBigInt(value)), BigInt.asUintN(64, bigMaskOf(defaults))); return;
      case 'float64': {
        const [lo, hi] = float64ToBits('float64' in defaults ? defaults.float64 : 0);
        b.setFloat64(offset * 8, asNumber(value, 'float64'), lo, hi);
        return;
      }
      default: break;
    }
    switch (value.type) {
      case 'text': b.setText(offset, value.value); break;
      case 'data': b.setData(offset, value.value); break;
      case 'list': b.setList(offset, value.reader); break;
      case 'struct': b.setStruct(offset, value.reader); break;
      case 'anyPointer': b.getPointer(offset).set(value.reader); break;
      default: break;
    }
  }

  /** Resets a field to its default (a group: its members), making it the active union member. */
  clear(field: Field): void {
    this.setInUnion(field);
    if ('group' in field) {
      const group = this.groupWriter(field);
      if (group === null) return;
      // The group's union is left on its first member, the default one.
      const first = group.fields.find((member) => member.discriminantValue === 0);
      if (first !== undefined) group.clear(first);
      for (const member of group.fields) if (member.discriminantValue === NO_DISCRIMINANT) group.clear(member);
      return;
    }
    const type = field.slot.type ?? { void: null };
    const offset = field.slot.offset;
    const b = this.builder;
    switch (Object.keys(type)[0]) {
      case 'void': return;
      case 'bool': b.setBool(offset, false); return;
      case 'int8': case 'uint8': b.setUint8(offset, 0); return;
      case 'int16': case 'uint16': case 'enum': b.setUint16(offset * 2, 0); return;
      case 'int32': case 'uint32': case 'float32': b.setUint32(offset * 4, 0); return;
      case 'int64': case 'uint64': case 'float64': b.setUint64(offset * 8, 0n); return;
      default: b.clearPointer(offset);
    }
  }

  /** Starts assigning a group as a whole: it is cleared first. */
  initGroup(field: Field): StructWriter | null {
    this.clear(field);
    return this.groupWriter(field);
  }

  private groupWriter(field: Field): StructWriter | null {
    const schema = this.schemas.groupSchema(this.schema, field);
    return schema === null ? null : new StructWriter(schema, this.builder, this.schemas);
  }
}

function maskOf(value: Value): number {
  const content = Object.values(value)[0];
  if (typeof content === 'number') return content;
  if (typeof content === 'boolean') return content ? 1 : 0;
  return 0;
}

function bigMaskOf(value: Value): bigint {
  const content = Object.values(value)[0];
  return typeof content === 'bigint' ? content : 0n;
}
