/**
 * The plain-object form (docs/objects.md) of dynamic values, in both directions. These follow
 * generated code's `toObject()` / `assign()` rule for rule, so an object made by either can be
 * handed to the other: pointer fields are null when null (or their explicit default), groups
 * nested objects, a union its one active member, enums numbers.
 */
import {
  ANY_SIZE, CapnpError, ListReader, type Segment, type StructBuilder, type StructReader,
} from '../wire/index.js';
import { defaultToObject } from '../runtime/default-objects.js';
import { atStep, notAnObject } from '../runtime/error-path.js';
import { ASSIGN_MODE, checkKeys } from '../runtime/unknown-keys.js';
import { setField } from './fields.js';
import { fieldValue } from './read-value.js';
import type { StructField, StructSchema } from './schema.js';
import { isPointerType, listElementSize, type DynamicType } from './types.js';

/** The plain-object form of a struct read through `schema`. */
export function structToObject(schema: StructSchema, s: StructReader): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const field of schema.fieldsInCodeOrder) {
    if (field.discriminant < 0) object[field.name] = fieldToObject(s, field);
  }
  if (schema.discriminantCount > 0) {
    const active = schema.fieldByDiscriminant(s.getUint16(schema.discriminantOffset));
    if (active) object[active.name] = fieldToObject(s, active);
  }
  return object;
}

/** The plain-object form of one field. */
export function fieldToObject(s: StructReader, field: StructField): unknown {
  const type = field.type;
  const at = field.offset;
  const explicit = field.hadExplicitDefault;
  if (!isPointerType(type)) return fieldValue(s, field);
  switch (type.kind) {
    case 'text': {
      const d = explicit ? (field.defaultValue as string | null) : null;
      if (d !== null) return s.getText(at, d);
      return s.hasPointer(at) ? s.getText(at) : null;
    }
    case 'data': {
      const d = explicit ? (field.defaultValue as Uint8Array | null) : null;
      if (d !== null && d.length > 0) return s.getData(at, d);
      return s.hasPointer(at) ? s.getData(at) : null;
    }
    case 'struct': {
      if (field.isGroup) return structToObject(type.schema, s);
      const d = explicit ? (field.defaultValue as Segment | null) : null;
      if (s.hasPointer(at)) return structToObject(type.schema, s.getStruct(at));
      return d === null ? null : defaultToObject(d, () => structToObject(type.schema, s.getStruct(at, d)));
    }
    case 'list': {
      const size = listElementSize(type.element);
      const d = explicit ? (field.defaultValue as Segment | null) : null;
      if (s.hasPointer(at)) return listToObject(s.getList(at, size), type.element);
      return d === null ? null : defaultToObject(d, () => listToObject(s.getList(at, size, d), type.element));
    }
    case 'interface': return s.getCapability(at);
    case 'anyPointer':
      switch (type.constraint) {
        case 'capability': return s.getCapability(at);
        case 'struct': return s.hasPointer(at) ? s.getStruct(at) : null;
        case 'list': return s.hasPointer(at) ? s.getList(at, ANY_SIZE) : null;
        default: return s.hasPointer(at) ? s.getPointer(at) : null;
      }
  }
}

/** The plain-object form of a list: an array of its elements' object forms. */
export function listToObject(list: ListReader, element: DynamicType): unknown[] {
  const length = list.length;
  switch (element.kind) {
    case 'void': return new Array<null>(length).fill(null);
    case 'bool': {
      const out = new Array<boolean>(length);
      for (let i = 0; i < length; i++) out[i] = list.getBool(i);
      return out;
    }
    case 'int8': case 'uint8': case 'int16': case 'uint16': case 'int32': case 'uint32':
    case 'int64': case 'uint64': case 'float32': case 'float64':
      return Array.from(list.toTypedArray(element.kind) as ArrayLike<number | bigint>);
    case 'enum': return Array.from(list.toTypedArray('uint16'));
    case 'struct': {
      const out = new Array<unknown>(length);
      if (length === 0) return out;
      const cursor = list.getStruct(0);
      for (let i = 0, at = list.offset; i < length; i++, at += list.step) {
        cursor.moveTo(at);
        out[i] = structToObject(element.schema, cursor);
      }
      return out;
    }
    default: {
      const out = new Array<unknown>(length);
      for (let i = 0; i < length; i++) out[i] = elementToObject(list, i, element);
      return out;
    }
  }
}

function elementToObject(list: ListReader, i: number, element: DynamicType): unknown {
  if (element.kind === 'interface' || (element.kind === 'anyPointer' && element.constraint === 'capability')) {
    return list.getCapability(i);
  }
  const pointer = list.getPointer(i);
  if (pointer.isNull()) return null;
  switch (element.kind) {
    case 'text': return list.getText(i);
    case 'data': return list.getData(i);
    case 'list': return listToObject(list.getList(i, listElementSize(element.element)), element.element);
    case 'anyPointer':
      if (element.constraint === 'struct') return pointer.getStruct();
      if (element.constraint === 'list') return pointer.getList();
      return pointer;
    default:
      throw new CapnpError('INVALID_ARGUMENT', `unexpected pointer element ${element.kind}`);
  }
}

/**
 * Sets the fields present in `value` (those not `undefined`), as generated `assign()` does:
 * fields outside the union first, then at most one union member; each value checked against its
 * field's type, and (while unknown keys are rejected) every property a field's name.
 */
export function assignObject(schema: StructSchema, b: StructBuilder, value: Record<string, unknown>): void {
  if (value === null || typeof value !== 'object') throw notAnObject(value, schema.shortName);
  if (ASSIGN_MODE.rejectUnknownKeys) checkKeys(value, schema.fieldsInCodeOrder.map((f) => f.name), schema.shortName);
  let member: StructField | undefined;
  // The field being set, so that a failure inside it names its path (`stories[3].title: ...`).
  let at = '';
  try {
    for (const field of schema.fieldsInCodeOrder) {
      const v = value[field.name];
      if (v === undefined) continue;
      if (field.discriminant >= 0) {
        if (member) {
          at = '';
          throw new CapnpError('INVALID_ARGUMENT', `${schema.shortName}: a union holds one member, but both '${member.name}' and '${field.name}' were given`);
        }
        member = field;
        continue;
      }
      at = field.name;
      setField(b, field, v);
    }
    if (member) {
      at = member.name;
      setField(b, member, value[member.name]);
    }
  } catch (e) {
    throw atStep(e, at);
  }
}
