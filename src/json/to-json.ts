/**
 * Messages to JSON trees, in the reference codec's mapping: fields by name, skipping null
 * pointers; the active union member last; a union member that holds a null pointer written as
 * its default value; 8- to 32-bit integers as numbers, 64-bit integers as decimal strings,
 * floats as numbers or "NaN" / "Infinity" / "-Infinity"; Data as an array of byte values (or
 * base64 / hex text); enums by name; `Json.Value` fields as the JSON they hold.
 *
 * Values are read once, by the dynamic API's reader (`fieldValue`, `elementValue`); this file
 * only formats them.
 */
import type { ListReader, StructReader } from '../wire/index.js';
import {
  elementValue, fieldValue, hasField,
  type DynamicType, type EnumSchema, type StructSchema, type WireValue,
} from '../dynamic/index.js';
import { encodeBase64 } from '../runtime/base64.js';
import { JSON_IDS, type BytesEncoding } from './annotations.js';
import { encodeHex } from './bytes.js';
import { hasNoJsonForm, unsupported } from './errors.js';
import { jsonValueFromStruct } from './json-value-struct.js';
import { checkListFits, spendOutput } from '../text/output-limit.js';
import type { FieldMapping, JsonMappings, StructMapping } from './mappings.js';
import { JSON_FALSE, JSON_NULL, JSON_TRUE, type JsonField, type JsonValue } from './value.js';

/**
 * Messages to JSON trees. Each value counts the least text it will become against the output
 * limit (output-limit.ts), which the caller starts.
 */
export class JsonEncoder {
  constructor(private readonly mappings: JsonMappings) {}

  /** A struct as a JSON object (a `Json.Value` as the JSON it holds). */
  encodeStruct(schema: StructSchema, s: StructReader): JsonValue {
    if (schema.id === JSON_IDS.value) return jsonValueFromStruct(schema, s);
    spendOutput(2);
    const fields: JsonField[] = [];
    this.gather(this.mappings.struct(schema), s, '', fields);
    return { type: 'object', fields };
  }

  /** Appends the JSON fields of `s` (flattened members inline, their names prefixed) to `out`. */
  private gather(mapping: StructMapping, s: StructReader, prefix: string, out: JsonField[]): void {
    const schema = mapping.schema;
    for (const field of schema.nonUnionFields) {
      if (!hasField(s, field)) continue;
      const info = mapping.fields[field.index]!;
      if (info.flatten) this.gather(info.flatten, fieldValue(s, field) as StructReader, prefix + info.prefix, out);
      else out.push(this.member(prefix + info.name, s, info));
    }
    if (schema.discriminantCount === 0) return;
    const which = schema.fieldByDiscriminant(s.getUint16(schema.discriminantOffset));
    if (!which) return;
    const info = mapping.fields[which.index]!;
    if (mapping.unionTagName !== null) {
      spendOutput(prefix.length + mapping.unionTagName.length + info.nameForDiscriminant.length + 5);
      out.push({ name: prefix + mapping.unionTagName, value: { type: 'string', value: info.nameForDiscriminant } });
    }
    if (info.flatten) this.gather(info.flatten, fieldValue(s, which) as StructReader, prefix + info.prefix, out);
    else if (!(which.type.kind === 'void' && mapping.unionTagName !== null)) {
      out.push(this.member(prefix + info.name, s, info));
    }
  }

  /** A field of the object, `"name":` counted. */
  private member(name: string, s: StructReader, info: FieldMapping): JsonField {
    spendOutput(name.length + 3);
    return { name, value: this.encodeField(s, info) };
  }

  /** The value of a field (a null pointer reads as its default, as in a union). */
  private encodeField(s: StructReader, info: FieldMapping): JsonValue {
    const field = info.field;
    // Checked before reading, so that a capability is UNSUPPORTED whatever its pointer holds.
    if (hasNoJsonForm(field.type)) throw unsupported(field.type, `${field.parent.shortName}.${field.name}`, 'encode');
    return this.encodeValue(field.type, fieldValue(s, field), info.bytes);
  }

  /** A value of `type` as the reader gives it (structs and lists as wire readers). */
  encodeValue(type: DynamicType, value: WireValue, bytes: BytesEncoding | null): JsonValue {
    switch (type.kind) {
      case 'void': spendOutput(4); return JSON_NULL;
      case 'bool': spendOutput(4); return value ? JSON_TRUE : JSON_FALSE;
      case 'int8': case 'uint8': case 'int16': case 'uint16': case 'int32': case 'uint32':
        spendOutput(1);
        return { type: 'number', value: value as number };
      case 'int64': case 'uint64': spendOutput(3); return { type: 'string', value: String(value) };
      case 'float32': case 'float64': spendOutput(1); return float(value as number);
      case 'enum': spendOutput(1); return this.encodeEnum(type.schema, value as number);
      case 'text': spendOutput((value as string).length + 2); return { type: 'string', value: value as string };
      case 'data': spendOutput((value as Uint8Array).length); return encodeBytes(value as Uint8Array, bytes);
      case 'struct': return this.encodeStruct(type.schema, value as StructReader);
      case 'list': return this.encodeList(type.element, value as ListReader);
      default: throw unsupported(type, 'the value', 'encode');
    }
  }

  private encodeEnum(schema: EnumSchema, value: number): JsonValue {
    const name = this.mappings.enum(schema).names[value];
    return name !== undefined ? { type: 'string', value: name } : { type: 'number', value };
  }

  encodeList(element: DynamicType, list: ListReader): JsonValue {
    const length = list.length;
    checkListFits(length);
    spendOutput(2);
    const items = new Array<JsonValue>(length);
    switch (element.kind) {
      case 'struct':
        // One reader moved along the list rather than one per element.
        if (length > 0) {
          const cursor = list.getStruct(0);
          for (let i = 0, at = list.offset; i < length; i++, at += list.step) {
            cursor.moveTo(at);
            items[i] = this.encodeStruct(element.schema, cursor);
          }
        }
        break;
      case 'interface': case 'anyPointer':
        if (length > 0) throw unsupported(element, 'a list element', 'encode');
        break;
      default:
        for (let i = 0; i < length; i++) items[i] = this.encodeValue(element, elementValue(list, i, element), null);
    }
    return { type: 'array', items };
  }
}

function float(value: number): JsonValue {
  if (value === Infinity) return { type: 'string', value: 'Infinity' };
  if (value === -Infinity) return { type: 'string', value: '-Infinity' };
  if (Number.isNaN(value)) return { type: 'string', value: 'NaN' };
  return { type: 'number', value };
}

/** Data as an array of byte values, or as `$Json.base64` / `$Json.hex` text. */
function encodeBytes(bytes: Uint8Array, encoding: BytesEncoding | null): JsonValue {
  if (encoding === 'base64') return { type: 'string', value: encodeBase64(bytes) };
  if (encoding === 'hex') return { type: 'string', value: encodeHex(bytes) };
  const items = new Array<JsonValue>(bytes.length);
  for (let i = 0; i < bytes.length; i++) items[i] = { type: 'number', value: bytes[i]! };
  return { type: 'array', items };
}
