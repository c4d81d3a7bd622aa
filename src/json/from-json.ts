/**
 * JSON trees into message builders, in the reference codec's mapping (the inverse of
 * to-json.ts): members by JSON name, flattened members into their struct, a union's tag before
 * the members it selects (members that come before their tag wait for it), integers from
 * numbers or decimal strings, floats from numbers or "NaN" / "Infinity" (any case), Data from
 * arrays of byte values or base64 / hex text, enums by name or number. Unknown members are
 * ignored unless `rejectUnknownFields`; every error names its path in the document.
 */
import { CapnpError, type ListBuilder, type StructBuilder } from '../wire/index.js';
import {
  DynamicStructBuilder, listElementSize, setScalarElement, typeName,
  type DynamicType, type StructField, type StructSchema,
} from '../dynamic/index.js';
import { decodeBase64 } from '../runtime/base64.js';
import { JSON_IDS } from './annotations.js';
import { decodeHex } from './bytes.js';
import { describeJson, errorAt, memberPath, unsupported } from './errors.js';
import { jsonValueIntoStruct } from './json-value-struct.js';
import { NameKind, type FieldMapping, type JsonMappings, type StructMapping } from './mappings.js';
import type { JsonField, JsonValue } from './value.js';
import type { Segment } from '../wire/index.js';

export interface DecodeOptions {
  /** Fail on object members the schema does not have (default: ignore them, as the reference does). */
  rejectUnknownFields?: boolean;
}

const INT_LIMITS: Record<string, [number, number]> = {
  int8: [-0x80, 0x7f], int16: [-0x8000, 0x7fff], int32: [-0x80000000, 0x7fffffff],
  uint8: [0, 0xff], uint16: [0, 0xffff], uint32: [0, 0xffffffff],
};

export class JsonDecoder {
  constructor(private readonly mappings: JsonMappings, private readonly options: DecodeOptions) {}

  /** Fills `b` (a struct of `schema`) from a JSON object found at `path`. */
  decodeStruct(schema: StructSchema, value: JsonValue, b: StructBuilder, path: string): void {
    if (schema.id === JSON_IDS.value) {
      jsonValueIntoStruct(schema, value, b);
      return;
    }
    this.decodeObject(this.mappings.struct(schema), value, b, path);
  }

  /** Decodes a JSON object into `b` (members that wait for a union tag are retried after it). */
  private decodeObject(mapping: StructMapping, value: JsonValue, b: StructBuilder, path: string): void {
    if (value.type !== 'object') throw errorAt(path, `expected an object for ${mapping.schema.shortName}, found ${describeJson(value)}`);
    const seen = new Set<string>();
    let pending: JsonField[] = [];
    for (const f of value.fields) if (!this.decodeMember(mapping, f.name, f.value, b, seen, memberPath(path, f.name))) pending.push(f);
    while (pending.length > 0) {
      const retry = pending;
      pending = [];
      for (const f of retry) if (!this.decodeMember(mapping, f.name, f.value, b, seen, memberPath(path, f.name))) pending.push(f);
      if (pending.length === retry.length) break;
    }
  }

  /**
   * Decodes one JSON member into `b`; false when it must wait for the union's tag. `path` is
   * where the member is in the document (a flattened member keeps the name it has there).
   */
  private decodeMember(mapping: StructMapping, name: string, value: JsonValue, b: StructBuilder, seen: Set<string>, path: string): boolean {
    const entry = mapping.byName.get(name);
    if (!entry) {
      if (this.options.rejectUnknownFields) throw errorAt(path, `${mapping.schema.shortName} has no field named '${name}' in JSON`);
      return true;
    }
    const schema = mapping.schema;
    switch (entry.kind) {
      case NameKind.FIELD:
        this.decodeField(mapping.fields[entry.index]!, value, b, path);
        return true;
      case NameKind.FLATTENED: {
        const info = mapping.fields[entry.index]!;
        return this.decodeMember(info.flatten!, name.slice(entry.prefixLength), value, structBuilderOf(b, info.field), seen, path);
      }
      case NameKind.UNION_TAG: {
        if (value.type !== 'string') throw errorAt(path, `the union tag of ${schema.shortName} must be a string, found ${describeJson(value)}`);
        const member = mapping.tagValues.get(value.value);
        if (member) {
          new DynamicStructBuilder(schema, b).clear(member);
          seen.add(unionKey(b, schema));
        }
        return true;
      }
      case NameKind.FLATTENED_FROM_UNION: {
        if (!seen.has(unionKey(b, schema))) return false;
        const variant = schema.fieldByDiscriminant(b.getUint16(schema.discriminantOffset));
        const info = variant ? mapping.fields[variant.index] : undefined;
        if (!info?.flatten) throw errorAt(path, `does not belong to the member of ${schema.shortName}'s union that the tag selected`);
        return this.decodeMember(info.flatten, name.slice(entry.prefixLength), value, structBuilderOf(b, info.field), seen, path);
      }
      case NameKind.UNION_VALUE: {
        if (!seen.has(unionKey(b, schema))) return false;
        const variant = schema.fieldByDiscriminant(b.getUint16(schema.discriminantOffset));
        if (!variant) throw errorAt(path, `has no member of ${schema.shortName}'s union to go to`);
        this.decodeField(mapping.fields[variant.index]!, value, b, path);
        return true;
      }
      default:
        return true;
    }
  }

  private decodeField(info: FieldMapping, value: JsonValue, b: StructBuilder, path: string): void {
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

  /** A value of a non-struct, non-list type, checked against it. */
  private decodeScalar(type: DynamicType, value: JsonValue, path: string): unknown {
    switch (type.kind) {
      case 'void': return null;
      case 'bool':
        if (value.type !== 'boolean') throw errorAt(path, `expected true or false, found ${describeJson(value)}`);
        return value.value;
      case 'int8': case 'int16': case 'int32': case 'uint8': case 'uint16': case 'uint32': {
        const n = integer(value, path, type.kind.startsWith('u'));
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
      case 'data': return byteArray(value, path);
      case 'enum': {
        if (value.type === 'number') {
          if (!Number.isInteger(value.value) || value.value < 0 || value.value > 0xffff) throw errorAt(path, `${value.value} is not a valid ${type.schema.shortName} value`);
          return value.value;
        }
        if (value.type !== 'string') throw errorAt(path, `expected an enumerant name, found ${describeJson(value)}`);
        const found = this.mappings.enum(type.schema).values.get(value.value);
        if (found === undefined) throw errorAt(path, `'${value.value}' is not an enumerant of ${type.schema.shortName}`);
        return found;
      }
      default:
        throw unsupported(type, path, 'decode');
    }
  }
}

/** Identifies a union in the message being built, to remember that its tag was seen. */
function unionKey(b: StructBuilder, schema: StructSchema): string {
  return `${b.segment.id}:${b.data + schema.discriminantOffset}`;
}

/** The struct a (flattened) struct or group field holds, for writing. */
function structBuilderOf(b: StructBuilder, field: StructField): StructBuilder {
  if (field.isGroup) return b;
  const type = field.type as Extract<DynamicType, { kind: 'struct' }>;
  return b.getStruct(field.offset, type.schema.dataWords, type.schema.pointerCount, field.defaultValue as Segment | null);
}

/** Data from an array of byte values. */
function byteArray(value: JsonValue, path: string): Uint8Array {
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

/** An integer in a string, in decimal: after C's whitespace, a sign (as `strtoll` reads it). */
const DECIMAL_TEXT = /^[ \t\n\v\f\r]*([+-]?)(\d+)$/;
/** An integer in a string, in hex: the string starts with `0x` or `-0x`. */
const HEX_TEXT = /^(-?)0[xX]([0-9a-fA-F]+)$/;

/**
 * An integer from a JSON number (integral), or from a string as the reference reads one (kj's
 * `parseAs`, which is C's `strtoll` or `strtoull` over the whole string): leading whitespace
 * and a sign, then decimal digits, or hex digits when the string starts with `0x` or `-0x`
 * (`"0x10"` is 16, `"010"` is 10); for an unsigned type, not a string that starts with `-`
 * (one with whitespace before its `-` wraps around, as in C). Ranges are the caller's to check.
 */
function integer(value: JsonValue, path: string, unsigned: boolean): bigint {
  if (value.type === 'number') {
    if (value.text !== undefined && /^-?\d+$/.test(value.text)) return BigInt(value.text);
    if (!Number.isInteger(value.value)) throw errorAt(path, `expected an integer, found ${describeJson(value)}`);
    return BigInt(value.value);
  }
  if (value.type === 'string') {
    const text = value.value;
    const hex = HEX_TEXT.exec(text);
    const match = hex ?? (/^-?0[xX]/.test(text) ? null : DECIMAL_TEXT.exec(text));
    if (match === null || (unsigned && text.startsWith('-'))) throw errorAt(path, `expected an integer, found ${describeJson(value)}`);
    const magnitude = BigInt(hex === null ? match[2]! : `0x${match[2]!}`);
    if (match[1] !== '-') return magnitude;
    if (!unsigned) return -magnitude;
    if (magnitude >= 2n ** 64n) throw errorAt(path, `${value.value.trim()} is out of range for UInt64`);
    return BigInt.asUintN(64, -magnitude);
  }
  throw errorAt(path, `expected an integer, found ${describeJson(value)}`);
}

/** The forms C's `strtod` reads, after leading whitespace (`DECIMAL_TEXT`'s). */
const DECIMAL_FLOAT_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const HEX_FLOAT_TEXT = /^([+-]?)0[xX]([0-9a-fA-F]*)(?:\.([0-9a-fA-F]*))?(?:[pP]([+-]?\d+))?$/;
const INFINITY_TEXT = /^([+-]?)inf(?:inity)?$/i;
const NAN_TEXT = /^[+-]?nan(?:\([0-9A-Za-z_]*\))?$/i;

/**
 * A float from a string, as the reference reads one (kj's `parseAs<double>`, which is C's
 * `strtod` over the whole string): leading whitespace, then a decimal or hex (`0x1.8p1`)
 * number, `inf`/`infinity` or `nan` in any case, with a sign; nothing after it.
 */
function parseFloatText(text: string, path: string): number {
  const t = text.replace(/^[ \t\n\v\f\r]+/, '');
  if (DECIMAL_FLOAT_TEXT.test(t)) return Number(t);
  const infinity = INFINITY_TEXT.exec(t);
  if (infinity !== null) return infinity[1] === '-' ? -Infinity : Infinity;
  if (NAN_TEXT.test(t)) return NaN;
  const hex = HEX_FLOAT_TEXT.exec(t);
  if (hex !== null && (hex[2]! + (hex[3] ?? '')).length > 0) {
    const digits = hex[2]! + (hex[3] ?? '');
    const value = Number(BigInt(`0x${digits}`)) * 2 ** (Number(hex[4] ?? 0) - 4 * (hex[3] ?? '').length);
    return hex[1] === '-' ? -value : value;
  }
  throw errorAt(path, `expected a number, found the string ${JSON.stringify(text)}`);
}
