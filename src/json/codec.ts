/**
 * The JSON mapping of Cap'n Proto messages, as the reference codec writes and reads it (with
 * its annotation handlers, which the reference tool always installs):
 *
 * - fields by name, skipping null pointers; the active union member last; a union member that
 *   holds a null pointer is written as its default value;
 * - 8- to 32-bit integers as numbers, 64-bit integers as decimal strings, floats as numbers
 *   or "NaN" / "Infinity" / "-Infinity"; Data as an array of byte values; enums by name;
 *   `Json.Value` fields as the JSON they hold;
 * - compat/json.capnp annotations: `name` (fields, groups, unions, enumerants), `flatten`
 *   (with `prefix`), `discriminator` (`name`, `valueName`), `base64`, `hex`.
 *
 * Capabilities and AnyPointer have no JSON form here (the reference needs a custom handler
 * for them too): encoding or decoding one is an error.
 */
import { CapnpError, ErrorCode, MessageBuilder, StructReader, type BuilderOptions, type StructBuilder } from '../wire/index.js';
import { JSON_IDS, fieldJsonAnnotations, jsonName, structDiscriminator, type Discriminator } from './annotations.js';
import {
  DynamicStruct, DynamicStructBuilder, hasField, initRoot, listElementSize, setScalarElement, typeName,
  type DynamicType, type EnumSchema, type StructField, type StructSchema,
} from '../dynamic/index.js';
import { isStackOverflow } from '../runtime/error-path.js';
import { decodeBase64, encodeBase64 } from '../runtime/base64.js';
import { decodeHex, encodeHex } from './bytes.js';
import {
  DEFAULT_JSON_NESTING_LIMIT, JSON_NULL, parseJson, writeJson, type JsonField, type JsonValue,
} from './value.js';
import type { ListBuilder, ListReader, Segment } from '../wire/index.js';

export interface JsonOptions {
  /** The reference's pretty layout. Default false (no whitespace). */
  pretty?: boolean;
  /** Arrays and objects in JSON input may nest this deep. Default 64. */
  maxNestingDepth?: number;
  /** Fail on object fields the schema does not have (default: ignore them, as the reference does). */
  rejectUnknownFields?: boolean;
}

function jsonError(message: string): CapnpError {
  return new CapnpError(ErrorCode.INVALID_ARGUMENT, message);
}

/** An error at `path` inside the JSON document (`stories[3].title: ...`; nothing for the root). */
function errorAt(path: string, message: string, code: ErrorCode = ErrorCode.INVALID_ARGUMENT): CapnpError {
  return new CapnpError(code, path === '' ? message : `${path}: ${message}`);
}

/** The path of member `name` of the object at `path`. */
function member(path: string, name: string): string {
  // Names that are not identifiers are quoted, so the path reads back unambiguously.
  const key = /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name);
  return path === '' ? key : `${path}.${key}`;
}

interface FieldInfo {
  field: StructField;
  /** The JSON name (after `$name`; a union member's is `valueName` when set). */
  name: string;
  /** The name the discriminator uses for this member. */
  nameForDiscriminant: string;
  flatten: StructCodec | null;
  prefix: string;
  bytes: 'base64' | 'hex' | null;
}

const NORMAL = 0;
const FLATTENED = 1;
const UNION_TAG = 2;
const FLATTENED_FROM_UNION = 3;
const UNION_VALUE = 4;

interface NameInfo {
  kind: number;
  index: number;
  prefixLength: number;
}

/** How one struct type maps to JSON, from its annotations (the reference's AnnotatedHandler). */
class StructCodec {
  readonly schema: StructSchema;
  readonly fields: FieldInfo[] = [];
  readonly byName = new Map<string, NameInfo>();
  readonly tagValues = new Map<string, StructField>();
  unionTagName: string | null = null;

  constructor(schema: StructSchema) {
    this.schema = schema;
  }

  init(codecs: Codecs, discriminator: Discriminator | null, unionDeclName: string | null): void {
    const schema = this.schema;
    discriminator ??= structDiscriminator(schema);
    if (discriminator) {
      this.unionTagName = discriminator.name ?? unionDeclName;
      if (this.unionTagName !== null) this.insert(this.unionTagName, { kind: UNION_TAG, index: 0, prefixLength: 0 });
      if (discriminator.valueName !== null) this.insert(discriminator.valueName, { kind: UNION_VALUE, index: 0, prefixLength: 0 });
    }
    for (const field of schema.fields) {
      const info: FieldInfo = { field, name: field.name, nameForDiscriminant: field.name, flatten: null, prefix: '', bytes: null };
      const json = fieldJsonAnnotations(field);
      const flattened = json.flattenPrefix !== null;
      if (flattened && field.type.kind !== 'struct') throw jsonError(`${schema.shortName}.${field.name}: only struct types can be flattened`);
      if (json.discriminator !== null && !field.isGroup) throw jsonError(`${schema.shortName}.${field.name}: only unions can have a discriminator`);
      if (json.bytes !== null && field.type.kind !== 'data') throw jsonError(`${schema.shortName}.${field.name}: only Data can be written as ${json.bytes}`);
      info.name = json.name ?? info.name;
      info.prefix = json.flattenPrefix ?? '';
      info.bytes = json.bytes;
      const subDiscriminator = json.discriminator;
      const type = field.type;
      if (field.isGroup && type.kind === 'struct') {
        const sub = codecs.load(type.schema, subDiscriminator, flattened ? field.name : null);
        if (flattened) info.flatten = sub;
      } else if (type.kind === 'struct' && flattened) {
        info.flatten = codecs.load(type.schema, null, null);
      }
      const inUnion = field.inUnion;
      if (info.flatten) {
        for (const [key] of info.flatten.byName) {
          const name = info.prefix + key;
          const entry: NameInfo = { kind: inUnion ? FLATTENED_FROM_UNION : FLATTENED, index: field.index, prefixLength: info.prefix.length };
          const existing = this.byName.get(name);
          if (existing) {
            if (existing.kind !== FLATTENED_FROM_UNION || entry.kind !== FLATTENED_FROM_UNION) {
              throw jsonError(`${schema.shortName}: flattened members have the same JSON name '${name}' and are not mutually exclusive`);
            }
            continue;
          }
          this.byName.set(name, entry);
        }
      }
      info.nameForDiscriminant = info.name;
      if (!flattened) {
        let withValueName = false;
        if (inUnion && discriminator?.valueName != null) {
          info.name = discriminator.valueName;
          withValueName = true;
        }
        if (!withValueName) this.insert(info.name, { kind: NORMAL, index: field.index, prefixLength: 0 });
      }
      if (inUnion) this.tagValues.set(info.nameForDiscriminant, field);
      this.fields[field.index] = info;
    }
  }

  private insert(name: string, info: NameInfo): void {
    if (this.byName.has(name)) throw jsonError(`${this.schema.shortName}: two fields have the JSON name '${name}'`);
    this.byName.set(name, info);
  }

  /** Appends the JSON fields of `s` (flattened members inline) to `out`. */
  gather(codecs: Codecs, s: StructReader, prefix: string, out: JsonField[]): void {
    const schema = this.schema;
    for (const field of schema.nonUnionFields) {
      if (!hasField(s, field)) continue;
      const info = this.fields[field.index]!;
      if (info.flatten) info.flatten.gather(codecs, fieldStruct(s, field), prefix + info.prefix, out);
      else out.push({ name: prefix + info.name, value: codecs.encodeField(s, info) });
    }
    if (schema.discriminantCount === 0) return;
    const which = schema.fieldByDiscriminant(s.getUint16(schema.discriminantOffset));
    if (!which) return;
    const info = this.fields[which.index]!;
    if (this.unionTagName !== null) out.push({ name: prefix + this.unionTagName, value: { type: 'string', value: info.nameForDiscriminant } });
    if (info.flatten) info.flatten.gather(codecs, fieldStruct(s, which), prefix + info.prefix, out);
    else if (!(which.type.kind === 'void' && this.unionTagName !== null)) {
      out.push({ name: prefix + info.name, value: codecs.encodeField(s, info) });
    }
  }

  /**
   * Decodes one JSON field into `b`; false when it must wait for the union's tag. `path` is
   * where the field is in the document (a flattened member keeps the name it has there).
   */
  decodeField(codecs: Codecs, name: string, value: JsonValue, b: StructBuilder, seen: Set<string>, path: string): boolean {
    const entry = this.byName.get(name);
    if (!entry) {
      if (codecs.options.rejectUnknownFields) throw errorAt(path, `${this.schema.shortName} has no field named '${name}' in JSON`);
      return true;
    }
    const schema = this.schema;
    switch (entry.kind) {
      case NORMAL:
        codecs.decodeField(this.fields[entry.index]!, value, b, path);
        return true;
      case FLATTENED: {
        const info = this.fields[entry.index]!;
        return info.flatten!.decodeField(codecs, name.slice(entry.prefixLength), value, structBuilderOf(b, info.field), seen, path);
      }
      case UNION_TAG: {
        if (value.type !== 'string') throw errorAt(path, `the union tag of ${schema.shortName} must be a string, found ${describeJson(value)}`);
        const member = this.tagValues.get(value.value);
        if (member) {
          new DynamicStructBuilder(schema, b).clear(member);
          seen.add(unionKey(b, schema));
        }
        return true;
      }
      case FLATTENED_FROM_UNION: {
        if (!seen.has(unionKey(b, schema))) return false;
        const variant = schema.fieldByDiscriminant(b.getUint16(schema.discriminantOffset));
        const info = variant ? this.fields[variant.index] : undefined;
        if (!info?.flatten) throw errorAt(path, `does not belong to the member of ${schema.shortName}'s union that the tag selected`);
        return info.flatten.decodeField(codecs, name.slice(entry.prefixLength), value, structBuilderOf(b, info.field), seen, path);
      }
      case UNION_VALUE: {
        if (!seen.has(unionKey(b, schema))) return false;
        const variant = schema.fieldByDiscriminant(b.getUint16(schema.discriminantOffset));
        if (!variant) throw errorAt(path, `has no member of ${schema.shortName}'s union to go to`);
        codecs.decodeField(this.fields[variant.index]!, value, b, path);
        return true;
      }
      default:
        return true;
    }
  }

  /** Decodes a JSON object into `b` (fields that wait for a union tag are retried after it). */
  decodeObject(codecs: Codecs, value: JsonValue, b: StructBuilder, path: string): void {
    if (value.type !== 'object') throw errorAt(path, `expected an object for ${this.schema.shortName}, found ${describeJson(value)}`);
    const seen = new Set<string>();
    let pending: JsonField[] = [];
    for (const f of value.fields) if (!this.decodeField(codecs, f.name, f.value, b, seen, member(path, f.name))) pending.push(f);
    while (pending.length > 0) {
      const retry = pending;
      pending = [];
      for (const f of retry) if (!this.decodeField(codecs, f.name, f.value, b, seen, member(path, f.name))) pending.push(f);
      if (pending.length === retry.length) break;
    }
  }
}

function unionKey(b: StructBuilder, schema: StructSchema): string {
  return `${b.segment.id}:${b.data + schema.discriminantOffset}`;
}

/** The struct a (flattened) struct or group field holds, for reading. */
function fieldStruct(s: StructReader, field: StructField): StructReader {
  if (field.isGroup) return s;
  return s.getStruct(field.offset, field.defaultValue as Segment | null);
}

/** The struct a (flattened) struct or group field holds, for writing. */
function structBuilderOf(b: StructBuilder, field: StructField): StructBuilder {
  if (field.isGroup) return b;
  const type = field.type as Extract<DynamicType, { kind: 'struct' }>;
  return b.getStruct(field.offset, type.schema.dataWords, type.schema.pointerCount, field.defaultValue as Segment | null);
}

function describeJson(value: JsonValue): string {
  switch (value.type) {
    case 'null': return 'null';
    case 'boolean': return String(value.value);
    case 'number': return `the number ${value.text ?? value.value}`;
    case 'string': return `the string ${JSON.stringify(value.value.length > 30 ? `${value.value.slice(0, 30)}...` : value.value)}`;
    case 'array': return 'an array';
    case 'object': return 'an object';
    case 'call': return `a call of ${value.function}`;
  }
}

/** Enum names after `$Json.name`. */
class EnumCodec {
  readonly names: string[];
  readonly values = new Map<string, number>();

  constructor(readonly schema: EnumSchema) {
    this.names = schema.enumerants.map((e) => jsonName(e, e.name));
    this.names.forEach((name, i) => this.values.set(name, i));
  }
}

const INT_LIMITS: Record<string, [number, number]> = {
  int8: [-0x80, 0x7f], int16: [-0x8000, 0x7fff], int32: [-0x80000000, 0x7fffffff],
  uint8: [0, 0xff], uint16: [0, 0xffff], uint32: [0, 0xffffffff],
};

/** The codecs of every type met, and the value-level conversions. */
class Codecs {
  private readonly structs = new Map<StructSchema, StructCodec | null>();
  private readonly enums = new Map<EnumSchema, EnumCodec>();

  constructor(readonly options: JsonOptions) {}

  load(schema: StructSchema, discriminator: Discriminator | null, unionDeclName: string | null): StructCodec {
    const existing = this.structs.get(schema);
    if (existing) return existing;
    if (existing === null) throw jsonError(`cyclic JSON flattening detected at ${schema.displayName}`);
    this.structs.set(schema, null);
    const codec = new StructCodec(schema);
    try {
      codec.init(this, discriminator, unionDeclName);
    } catch (e) {
      this.structs.delete(schema);
      throw e;
    }
    this.structs.set(schema, codec);
    return codec;
  }

  private enumCodec(schema: EnumSchema): EnumCodec {
    let codec = this.enums.get(schema);
    if (!codec) {
      codec = new EnumCodec(schema);
      this.enums.set(schema, codec);
    }
    return codec;
  }

  encodeStruct(schema: StructSchema, s: StructReader): JsonValue {
    if (schema.id === JSON_IDS.value) return jsonValueFromStruct(schema, s);
    const fields: JsonField[] = [];
    this.load(schema, null, null).gather(this, s, '', fields);
    return { type: 'object', fields };
  }

  /** The value of a field (a null pointer reads as its default, as in a union). */
  encodeField(s: StructReader, info: FieldInfo): JsonValue {
    const field = info.field;
    const type = field.type;
    const at = field.offset;
    switch (type.kind) {
      case 'void': return JSON_NULL;
      case 'bool': return { type: 'boolean', value: s.getBool(at, field.defaultValue as boolean) };
      case 'int8': return num(s.getInt8(at, field.mask));
      case 'uint8': return num(s.getUint8(at, field.mask));
      case 'int16': return num(s.getInt16(at, field.mask));
      case 'uint16': return num(s.getUint16(at, field.mask));
      case 'int32': return num(s.getInt32(at, field.mask));
      case 'uint32': return num(s.getUint32(at, field.mask));
      case 'int64': return { type: 'string', value: String(s.getInt64(at, field.mask64)) };
      case 'uint64': return { type: 'string', value: String(s.getUint64(at, field.mask64)) };
      case 'float32': return float(s.getFloat32(at, field.mask));
      case 'float64': return float(s.getFloat64(at, field.mask, field.maskHi));
      case 'enum': return this.encodeEnum(type.schema, s.getUint16(at, field.mask));
      case 'text': return { type: 'string', value: s.getText(at, (field.defaultValue as string | null) ?? '') };
      case 'data': {
        const bytes = s.getData(at, (field.defaultValue as Uint8Array | null) ?? undefined);
        if (info.bytes === 'base64') return { type: 'string', value: encodeBase64(bytes) };
        if (info.bytes === 'hex') return { type: 'string', value: encodeHex(bytes) };
        return bytesArray(bytes);
      }
      case 'struct':
        return this.encodeStruct(type.schema, field.isGroup ? s : s.getStruct(at, field.defaultValue as Segment | null));
      case 'list':
        return this.encodeList(type.element, s.getList(at, listElementSize(type.element), field.defaultValue as Segment | null));
      default:
        throw unsupported(type, `${field.parent.shortName}.${field.name}`, 'encode');
    }
  }

  private encodeEnum(schema: EnumSchema, value: number): JsonValue {
    const name = this.enumCodec(schema).names[value];
    return name !== undefined ? { type: 'string', value: name } : num(value);
  }

  encodeList(element: DynamicType, list: ListReader): JsonValue {
    const length = list.length;
    const items = new Array<JsonValue>(length);
    switch (element.kind) {
      case 'struct':
        if (length > 0) {
          const cursor = list.getStruct(0);
          for (let i = 0, at = list.offset; i < length; i++, at += list.step) {
            cursor.moveTo(at);
            items[i] = this.encodeStruct(element.schema, cursor);
          }
        }
        break;
      case 'list': {
        const size = listElementSize(element.element);
        for (let i = 0; i < length; i++) items[i] = this.encodeList(element.element, list.getList(i, size));
        break;
      }
      default:
        for (let i = 0; i < length; i++) items[i] = this.encodeElement(element, list, i);
    }
    return { type: 'array', items };
  }

  private encodeElement(element: DynamicType, list: ListReader, i: number): JsonValue {
    switch (element.kind) {
      case 'void': return JSON_NULL;
      case 'bool': return { type: 'boolean', value: list.getBool(i) };
      case 'int8': return num(list.getInt8(i));
      case 'uint8': return num(list.getUint8(i));
      case 'int16': return num(list.getInt16(i));
      case 'uint16': return num(list.getUint16(i));
      case 'int32': return num(list.getInt32(i));
      case 'uint32': return num(list.getUint32(i));
      case 'int64': return { type: 'string', value: String(list.getInt64(i)) };
      case 'uint64': return { type: 'string', value: String(list.getUint64(i)) };
      case 'float32': return float(list.getFloat32(i));
      case 'float64': return float(list.getFloat64(i));
      case 'enum': return this.encodeEnum(element.schema, list.getUint16(i));
      case 'text': return { type: 'string', value: list.getText(i) };
      case 'data': return bytesArray(list.getData(i));
      default: throw unsupported(element, 'a list element', 'encode');
    }
  }

  // --- decoding

  decodeField(info: FieldInfo, value: JsonValue, b: StructBuilder, path: string): void {
    const field = info.field;
    const builder = new DynamicStructBuilder(field.parent, b);
    const type = field.type;
    if (info.bytes !== null) {
      if (value.type !== 'string') throw errorAt(path, `expected a ${info.bytes} string, found ${describeJson(value)}`);
      let bytes: Uint8Array;
      try {
        bytes = info.bytes === 'base64' ? decodeBase64(value.value) : decodeHex(value.value);
      } catch (e) {
        throw e instanceof CapnpError ? errorAt(path, e.message, e.code) : e;
      }
      builder.set(field, bytes);
      return;
    }
    switch (type.kind) {
      case 'struct': {
        const target = builder.init(field) as DynamicStructBuilder;
        this.decodeStruct(type.schema, value, target.$, path);
        return;
      }
      case 'list': {
        if (value.type !== 'array') throw errorAt(path, `expected an array, found ${describeJson(value)}`);
        const list = builder.init(field, value.items.length) as { $: ListBuilder };
        this.decodeList(type.element, value.items, list.$, path);
        return;
      }
      default:
        builder.set(field, this.decodeScalar(type, value, path));
    }
  }

  decodeStruct(schema: StructSchema, value: JsonValue, b: StructBuilder, path: string): void {
    if (schema.id === JSON_IDS.value) {
      jsonValueIntoStruct(schema, value, b);
      return;
    }
    this.load(schema, null, null).decodeObject(this, value, b, path);
  }

  private decodeList(element: DynamicType, items: JsonValue[], list: ListBuilder, path: string): void {
    for (let i = 0; i < items.length; i++) {
      const item = items[i]!;
      const at = `${path}[${i}]`;
      switch (element.kind) {
        case 'void': break;
        case 'struct':
          this.decodeStruct(element.schema, item, list.getStruct(i), at);
          break;
        case 'list': {
          if (item.type !== 'array') throw errorAt(at, `expected an array, found ${describeJson(item)}`);
          const inner = element.element;
          const innerList = inner.kind === 'struct'
            ? list.initStructList(i, item.items.length, inner.schema.dataWords, inner.schema.pointerCount)
            : list.initList(i, listElementSize(inner), item.items.length);
          this.decodeList(inner, item.items, innerList, at);
          break;
        }
        default:
          setScalarElement(list, i, element, this.decodeScalar(element, item, at));
      }
    }
  }

  decodeScalar(type: DynamicType, value: JsonValue, path: string): unknown {
    switch (type.kind) {
      case 'void': return null;
      case 'bool':
        if (value.type !== 'boolean') throw errorAt(path, `expected true or false, found ${describeJson(value)}`);
        return value.value;
      case 'int8': case 'int16': case 'int32': case 'uint8': case 'uint16': case 'uint32': {
        const n = integer(value, path, false);
        const [min, max] = INT_LIMITS[type.kind]!;
        if (n < BigInt(min) || n > BigInt(max)) throw errorAt(path, `${n} is out of range for ${typeName(type)}`);
        return Number(n);
      }
      case 'int64': {
        const n = integer(value, path, false);
        if (n < -(2n ** 63n) || n >= 2n ** 63n) throw errorAt(path, `${n} is out of range for Int64`);
        return n;
      }
      case 'uint64': {
        const n = integer(value, path, true);
        if (n < 0n || n >= 2n ** 64n) throw errorAt(path, `${n} is out of range for UInt64`);
        return n;
      }
      case 'float32': case 'float64':
        if (value.type === 'null') return NaN;
        if (value.type === 'number') return value.value;
        if (value.type === 'string') return parseFloatText(value.value, path);
        throw errorAt(path, `expected a number, found ${describeJson(value)}`);
      case 'text':
        if (value.type !== 'string') throw errorAt(path, `expected a string, found ${describeJson(value)}`);
        return value.value;
      case 'data': {
        if (value.type !== 'array') throw errorAt(path, `expected an array of byte values, found ${describeJson(value)}`);
        const bytes = new Uint8Array(value.items.length);
        value.items.forEach((item, i) => {
          if (item.type !== 'number' || !Number.isInteger(item.value) || item.value < 0 || item.value > 255) {
            throw errorAt(`${path}[${i}]`, `a byte must be an integer in [0, 255], found ${describeJson(item)}`);
          }
          bytes[i] = item.value;
        });
        return bytes;
      }
      case 'enum': {
        const codec = this.enumCodec(type.schema);
        if (value.type === 'number') {
          if (!Number.isInteger(value.value) || value.value < 0 || value.value > 0xffff) throw errorAt(path, `${value.value} is not a valid ${type.schema.shortName} value`);
          return value.value;
        }
        if (value.type !== 'string') throw errorAt(path, `expected an enumerant name, found ${describeJson(value)}`);
        const found = codec.values.get(value.value);
        if (found === undefined) throw errorAt(path, `'${value.value}' is not an enumerant of ${type.schema.shortName}`);
        return found;
      }
      default:
        throw unsupported(type, path, 'decode');
    }
  }
}

function unsupported(type: DynamicType, what: string, verb: string): CapnpError {
  return new CapnpError(ErrorCode.UNSUPPORTED, `${what === '' ? '' : `${what}: `}cannot ${verb} ${typeName(type)} as JSON (capabilities and AnyPointer have no JSON mapping)`);
}

function num(value: number): JsonValue {
  return { type: 'number', value };
}

function float(value: number): JsonValue {
  if (value === Infinity) return { type: 'string', value: 'Infinity' };
  if (value === -Infinity) return { type: 'string', value: '-Infinity' };
  if (Number.isNaN(value)) return { type: 'string', value: 'NaN' };
  return { type: 'number', value };
}

function bytesArray(bytes: Uint8Array): JsonValue {
  const items = new Array<JsonValue>(bytes.length);
  for (let i = 0; i < bytes.length; i++) items[i] = { type: 'number', value: bytes[i]! };
  return { type: 'array', items };
}

/** An integer from a JSON number (integral) or a decimal string. */
function integer(value: JsonValue, path: string, unsigned: boolean): bigint {
  if (value.type === 'number') {
    if (value.text !== undefined && /^-?\d+$/.test(value.text)) return BigInt(value.text);
    if (!Number.isInteger(value.value)) throw errorAt(path, `expected an integer, found ${describeJson(value)}`);
    return BigInt(value.value);
  }
  if (value.type === 'string') {
    const text = value.value.trim();
    if (!(unsigned ? /^\d+$/ : /^-?\d+$/).test(text)) throw errorAt(path, `expected an integer, found ${describeJson(value)}`);
    return BigInt(text);
  }
  throw errorAt(path, `expected an integer, found ${describeJson(value)}`);
}

function parseFloatText(text: string, path: string): number {
  const t = text.trim();
  switch (t.toLowerCase()) {
    case 'nan': return NaN;
    case 'infinity': case 'inf': case '+infinity': case '+inf': return Infinity;
    case '-infinity': case '-inf': return -Infinity;
    default: break;
  }
  if (t === '' || Number.isNaN(Number(t))) throw errorAt(path, `expected a number, found the string ${JSON.stringify(text)}`);
  return Number(t);
}


// --- Json.Value fields hold raw JSON

/** A `Json.Value` struct as the JSON it holds. */
function jsonValueFromStruct(schema: StructSchema, s: StructReader): JsonValue {
  const which = schema.fieldByDiscriminant(s.getUint16(schema.discriminantOffset));
  const reader = new DynamicStruct(schema, s);
  switch (which?.name) {
    case 'null': case undefined: return JSON_NULL;
    case 'boolean': return { type: 'boolean', value: reader.get(which) as boolean };
    case 'number': return { type: 'number', value: reader.get(which) as number };
    case 'string': return { type: 'string', value: reader.get(which) as string };
    case 'array': {
      const list = s.getList(which.offset, 7);
      const items: JsonValue[] = [];
      for (let i = 0; i < list.length; i++) items.push(jsonValueFromStruct(schema, list.getStruct(i)));
      return { type: 'array', items };
    }
    case 'object': {
      const list = s.getList(which.offset, 7);
      const fieldSchema = (which.type as Extract<DynamicType, { kind: 'list' }>).element as Extract<DynamicType, { kind: 'struct' }>;
      const nameField = fieldSchema.schema.field('name');
      const valueField = fieldSchema.schema.field('value');
      const fields: JsonField[] = [];
      for (let i = 0; i < list.length; i++) {
        const f = list.getStruct(i);
        fields.push({ name: f.getText(nameField.offset), value: jsonValueFromStruct(schema, f.getStruct(valueField.offset)) });
      }
      return { type: 'object', fields };
    }
    case 'raw':
      // Newer json.capnp: JSON text to copy as it is; parsed here so that output stays valid.
      return parseJson(reader.get(which) as string);
    case 'call': {
      const callType = which.type as Extract<DynamicType, { kind: 'struct' }>;
      const call = s.getStruct(which.offset);
      const params = call.getList(callType.schema.field('params').offset, 7);
      const items: JsonValue[] = [];
      for (let i = 0; i < params.length; i++) items.push(jsonValueFromStruct(schema, params.getStruct(i)));
      return { type: 'call', function: call.getText(callType.schema.field('function').offset), params: items };
    }
    default:
      return JSON_NULL;
  }
}

/** Writes JSON into a `Json.Value` struct. */
function jsonValueIntoStruct(schema: StructSchema, value: JsonValue, b: StructBuilder): void {
  const builder = new DynamicStructBuilder(schema, b);
  switch (value.type) {
    case 'null': builder.set('null', null); return;
    case 'boolean': builder.set('boolean', value.value); return;
    case 'number': builder.set('number', value.value); return;
    case 'string': builder.set('string', value.value); return;
    case 'array': {
      const list = (builder.init('array', value.items.length) as { $: ListBuilder }).$;
      value.items.forEach((item, i) => jsonValueIntoStruct(schema, item, list.getStruct(i)));
      return;
    }
    case 'object': {
      const list = (builder.init('object', value.fields.length) as { $: ListBuilder }).$;
      const fieldType = (schema.field('object').type as Extract<DynamicType, { kind: 'list' }>).element as Extract<DynamicType, { kind: 'struct' }>;
      value.fields.forEach((f, i) => {
        const entry = new DynamicStructBuilder(fieldType.schema, list.getStruct(i));
        entry.set('name', f.name);
        jsonValueIntoStruct(schema, f.value, (entry.init('value') as DynamicStructBuilder).$);
      });
      return;
    }
    case 'call': {
      const call = builder.init('call') as DynamicStructBuilder;
      call.set('function', value.function);
      const list = (call.init('params', value.params.length) as { $: ListBuilder }).$;
      value.params.forEach((item, i) => jsonValueIntoStruct(schema, item, list.getStruct(i)));
      return;
    }
  }
}

/**
 * Converts between messages and JSON for one configuration of options. Holds the codecs made
 * from each type's annotations, so reuse one instance for many messages.
 */
export class JsonCodec {
  readonly options: JsonOptions;
  private readonly codecs: Codecs;

  constructor(options: JsonOptions = {}) {
    this.options = options;
    this.codecs = new Codecs(options);
  }

  /** A struct as a JSON tree. */
  toJsonValue(struct: DynamicStruct | DynamicStructBuilder): JsonValue {
    const reader = struct instanceof DynamicStructBuilder ? struct.asReader() : struct;
    return this.codecs.encodeStruct(reader.schema, reader.$);
  }

  /** A struct as JSON text (no trailing newline). */
  encode(struct: DynamicStruct | DynamicStructBuilder): string {
    return writeJson(this.toJsonValue(struct), { pretty: this.options.pretty ?? false });
  }

  /** A value of any type (a list, a scalar...) as JSON text. */
  encodeValue(type: DynamicType, value: unknown): string {
    return writeJson(this.valueToJson(type, value), { pretty: this.options.pretty ?? false });
  }

  private valueToJson(type: DynamicType, value: unknown): JsonValue {
    if (value instanceof DynamicStruct || value instanceof DynamicStructBuilder) return this.toJsonValue(value);
    if (type.kind === 'list' && value !== null && typeof value === 'object' && '$' in value) {
      const list = (value as { $: ListReader | ListBuilder }).$;
      const reader = 'asReader' in list ? list.asReader() : list;
      return this.codecs.encodeList(type.element, reader);
    }
    switch (type.kind) {
      case 'void': return JSON_NULL;
      case 'bool': return { type: 'boolean', value: value as boolean };
      case 'int64': case 'uint64': return { type: 'string', value: String(value) };
      case 'float32': case 'float64': return float(value as number);
      case 'text': return { type: 'string', value: value as string };
      case 'data': return bytesArray(value as Uint8Array);
      case 'enum': {
        const codec = new EnumCodec(type.schema);
        const name = codec.names[value as number];
        return name !== undefined ? { type: 'string', value: name } : num(value as number);
      }
      case 'int8': case 'int16': case 'int32': case 'uint8': case 'uint16': case 'uint32': return num(value as number);
      default: throw unsupported(type, 'the value', 'encode');
    }
  }

  /** Fills `builder` from JSON text (an object). */
  decode(json: string | JsonValue, builder: DynamicStructBuilder): void {
    const value = typeof json === 'string' ? parseJson(json, { maxNestingDepth: this.options.maxNestingDepth ?? DEFAULT_JSON_NESTING_LIMIT }) : json;
    try {
      this.codecs.decodeStruct(builder.schema, value, builder.$, '');
    } catch (e) {
      // A tree given directly (or a nesting limit raised past the stack) can nest deeper than
      // the recursive decoder can follow.
      if (isStackOverflow(e)) throw new CapnpError(ErrorCode.NESTING_LIMIT, 'the JSON nests too deeply to decode (the stack ran out); lower maxNestingDepth');
      throw e;
    }
  }

  /** JSON text (an object) to a new message of `schema`. */
  decodeMessage(schema: StructSchema, json: string | JsonValue, options?: BuilderOptions): MessageBuilder {
    const message = new MessageBuilder(options);
    this.decode(json, initRoot(schema, message));
    return message;
  }
}

/** A struct as JSON text, the reference's mapping. */
export function toJson(struct: DynamicStruct | DynamicStructBuilder, options?: JsonOptions): string {
  return new JsonCodec(options).encode(struct);
}

/** JSON text to a new message of `schema`. */
export function fromJson(schema: StructSchema, json: string, options?: JsonOptions & BuilderOptions): MessageBuilder {
  return new JsonCodec(options).decodeMessage(schema, json, options);
}

/** Whether a method carries `$Json.notification` (a JSON-RPC notification: no response expected). */
export function isNotification(method: { annotations: readonly { id: bigint }[] }): boolean {
  return method.annotations.some((a) => a.id === JSON_IDS.notification);
}
