/**
 * compat/json.capnp's `Json.Value` struct, which holds raw JSON: a field of that type is
 * written as the JSON it holds and read from any JSON. This maps the struct (a union of null,
 * boolean, number, string, array, object, call and, in newer json.capnp, raw) to and from a
 * JSON tree.
 */
import type { ListBuilder, ListReader, StructBuilder, StructReader } from '../wire/index.js';
import { DynamicStructBuilder, fieldValue, type DynamicType, type StructSchema } from '../dynamic/index.js';
import { checkListFits, spendOutput } from '../text/output-limit.js';
import { parseJson } from './parse-text.js';
import { JSON_NULL, type JsonField, type JsonValue } from './value.js';

type StructType = Extract<DynamicType, { kind: 'struct' }>;
type ListType = Extract<DynamicType, { kind: 'list' }>;

/** The struct type of a list field's elements (`Json.Value.object`: `List(Field)`). */
function elementSchema(type: DynamicType): StructSchema {
  return ((type as ListType).element as StructType).schema;
}

/** A `Json.Value` struct as the JSON it holds (each value counting the least text it will become: output-limit.ts). */
export function jsonValueFromStruct(schema: StructSchema, s: StructReader): JsonValue {
  const which = schema.fieldByDiscriminant(s.getUint16(schema.discriminantOffset));
  if (which === undefined) {
    spendOutput(4);
    return JSON_NULL;
  }
  switch (which.name) {
    case 'boolean': spendOutput(4); return { type: 'boolean', value: fieldValue(s, which) as boolean };
    case 'number': spendOutput(1); return { type: 'number', value: fieldValue(s, which) as number };
    case 'string': {
      const value = fieldValue(s, which) as string;
      spendOutput(value.length + 2);
      return { type: 'string', value };
    }
    case 'array': return { type: 'array', items: valuesOf(schema, fieldValue(s, which) as ListReader) };
    case 'object': {
      const list = fieldValue(s, which) as ListReader;
      checkListFits(list.length);
      spendOutput(2);
      const entry = elementSchema(which.type);
      const nameField = entry.field('name');
      const valueField = entry.field('value');
      const fields: JsonField[] = [];
      for (let i = 0; i < list.length; i++) {
        const f = list.getStruct(i);
        const name = fieldValue(f, nameField) as string;
        spendOutput(name.length + 3);
        fields.push({ name, value: jsonValueFromStruct(schema, fieldValue(f, valueField) as StructReader) });
      }
      return { type: 'object', fields };
    }
    case 'raw': {
      // Newer json.capnp: JSON text to copy as it is; parsed here so that output stays valid.
      const text = fieldValue(s, which) as string;
      spendOutput(1);
      return parseJson(text);
    }
    case 'call': {
      const callSchema = (which.type as StructType).schema;
      const call = fieldValue(s, which) as StructReader;
      const name = fieldValue(call, callSchema.field('function')) as string;
      spendOutput(name.length);
      const params = valuesOf(schema, fieldValue(call, callSchema.field('params')) as ListReader);
      return { type: 'call', function: name, params };
    }
    default:
      spendOutput(4);
      return JSON_NULL;
  }
}

function valuesOf(schema: StructSchema, list: ListReader): JsonValue[] {
  checkListFits(list.length);
  spendOutput(2);
  const items: JsonValue[] = [];
  for (let i = 0; i < list.length; i++) items.push(jsonValueFromStruct(schema, list.getStruct(i)));
  return items;
}

/** Writes JSON into a `Json.Value` struct. */
export function jsonValueIntoStruct(schema: StructSchema, value: JsonValue, b: StructBuilder): void {
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
      const entry = elementSchema(schema.field('object').type);
      value.fields.forEach((f, i) => {
        const member = new DynamicStructBuilder(entry, list.getStruct(i));
        member.set('name', f.name);
        jsonValueIntoStruct(schema, f.value, (member.init('value') as DynamicStructBuilder).$);
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
