/**
 * Structs read and built by name: `DynamicStruct` over a `StructReader`, `DynamicStructBuilder`
 * over a `StructBuilder`, both with the schema that gives their fields names.
 */
import { CapnpError, type Orphan, type StructBuilder, type StructReader } from '../wire/index.js';
import {
  activate, adoptField, builderField, clearField, hasField, initField, readField, setField, type DynamicValue,
} from './fields.js';
import { assignObject, structToObject } from './objects.js';
import { atStep } from '../runtime/error-path.js';
import { withAssignOptions, type AssignOptions } from '../runtime/unknown-keys.js';
import type { StructField, StructSchema } from './schema.js';
import { isPointerType } from './types.js';

function fieldOf(schema: StructSchema, field: string | StructField): StructField {
  if (typeof field !== 'string') {
    if (field.parent !== schema && field.parent.id !== schema.id) {
      throw new CapnpError('INVALID_ARGUMENT', `field ${field.name} belongs to ${field.parent.shortName}, not ${schema.shortName}`);
    }
    return field;
  }
  return schema.field(field);
}

/**
 * Refuses to read a union member that is not the active one, as C++'s dynamic `get` does: its
 * slot holds another member's value (a Text read as Data gave the Text's bytes), and a builder's
 * `get` of a struct or list member would make one there, under the other member's name.
 */
function requireActive(struct: StructReader | StructBuilder, field: StructField): void {
  if (field.discriminant < 0) return;
  const active = struct.getUint16(field.parent.discriminantOffset);
  if (active === field.discriminant) return;
  const name = field.parent.fieldByDiscriminant(active)?.name;
  throw new CapnpError('INVALID_ARGUMENT', `${field.parent.shortName}.${field.name} is not the union's active member (${name === undefined ? `its discriminant is ${active}, unknown to this schema` : `${name} is`}); check which() first`);
}

/** A struct being read, with fields by name. */
export class DynamicStruct {
  readonly schema: StructSchema;
  readonly $: StructReader;

  constructor(schema: StructSchema, reader: StructReader) {
    this.schema = schema;
    this.$ = reader;
  }

  /**
   * The field's value: a boolean, number or bigint (enums as their number), a string, bytes
   * (a view of the message), a `DynamicStruct` (groups too), a `DynamicList`, or a wire reader
   * for AnyPointer fields. Null pointers read as the field's default (or an empty value).
   */
  get(field: string | StructField): DynamicValue {
    const f = fieldOf(this.schema, field);
    requireActive(this.$, f);
    return readField(this.$, f);
  }

  /** Whether the field is set: an active union member, and for pointers non-null. */
  has(field: string | StructField): boolean {
    return hasField(this.$, fieldOf(this.schema, field));
  }

  /** The name of the union's active member (undefined without a union, or for a member this schema does not know). */
  which(): string | undefined {
    return this.whichField()?.name;
  }

  whichField(): StructField | undefined {
    if (this.schema.discriminantCount === 0) return undefined;
    return this.schema.fieldByDiscriminant(this.$.getUint16(this.schema.discriminantOffset));
  }

  /** The enumerant name of an enum field's value (undefined for an unknown value). */
  enumName(field: string | StructField): string | undefined {
    const f = fieldOf(this.schema, field);
    if (f.type.kind !== 'enum') throw new CapnpError('INVALID_ARGUMENT', `${this.schema.shortName}.${f.name} is not an enum field`);
    return f.type.schema.name(readField(this.$, f) as number);
  }

  /** The plain-object form (docs/objects.md), as generated code's `toObject()` gives it. */
  toObject(): Record<string, unknown> {
    return structToObject(this.schema, this.$);
  }
}

/** A struct being built, with fields by name. */
export class DynamicStructBuilder {
  readonly schema: StructSchema;
  readonly $: StructBuilder;

  constructor(schema: StructSchema, builder: StructBuilder) {
    this.schema = schema;
    this.$ = builder;
  }

  /** The field's value; pointer fields and groups come back as builders (made if null). */
  get(field: string | StructField): DynamicValue {
    const f = fieldOf(this.schema, field);
    requireActive(this.$, f);
    return builderField(this.$, f);
  }

  /**
   * Sets a field (making it the active union member): numbers, bigints (or safe integers)
   * for 64-bit fields, enumerant names or numbers, strings, bytes, arrays for lists, plain
   * objects for structs and groups, or readers (dynamic or wire) to copy. Null clears a pointer.
   */
  set(field: string | StructField, value: unknown): void {
    const f = fieldOf(this.schema, field);
    try {
      setField(this.$, f, value);
    } catch (e) {
      // The field is the first step of the path (`price: -1 is out of range for UInt32 ...`).
      throw atStep(e, f.name);
    }
  }

  /** Initializes a struct, group, list (of `size`), Data or Text (of `size` bytes: a view to fill) or AnyPointer field and returns its builder. */
  init(field: string | StructField, size?: number): DynamicValue {
    return initField(this.$, fieldOf(this.schema, field), size);
  }

  /**
   * Resets a field to its default, making it the active union member: pointers become null;
   * a group's fields are cleared, its union reset to its first member (as the reference does).
   */
  clear(field: string | StructField): void {
    const f = fieldOf(this.schema, field);
    activate(this.$, f);
    clearField(this.$, f);
  }

  /**
   * Zeroes every field, every union member included (recursively through groups), as
   * generated code does when a union switches to a group.
   */
  clearAll(): void {
    for (const field of this.schema.fields) {
      if (field.isGroup) new DynamicStructBuilder(field.group, this.$).clearAll();
      else clearField(this.$, field);
    }
    if (this.schema.discriminantCount > 0) this.$.setUint16(this.schema.discriminantOffset, 0);
  }

  has(field: string | StructField): boolean {
    return hasField(this.$ as unknown as StructReader, fieldOf(this.schema, field));
  }

  which(): string | undefined {
    return this.whichField()?.name;
  }

  whichField(): StructField | undefined {
    if (this.schema.discriminantCount === 0) return undefined;
    return this.schema.fieldByDiscriminant(this.$.getUint16(this.schema.discriminantOffset));
  }

  /** Detaches a pointer field's value (the field becomes null) to adopt it elsewhere in the message. */
  disown(field: string | StructField): Orphan {
    const f = fieldOf(this.schema, field);
    if (f.isGroup || !isPointerType(f.type)) throw new CapnpError('INVALID_ARGUMENT', `${this.schema.shortName}.${f.name} is not a pointer field`);
    return this.$.disown(f.offset);
  }

  /**
   * Attaches an orphan of this message to a pointer field (making it its union's active
   * member); the orphan must hold what the field's type reads (a struct for a struct field, a
   * byte list for Text and Data, a list of the element's size, a capability for an interface).
   */
  adopt(field: string | StructField, orphan: Orphan): void {
    const f = fieldOf(this.schema, field);
    if (f.isGroup || !isPointerType(f.type)) throw new CapnpError('INVALID_ARGUMENT', `${this.schema.shortName}.${f.name} is not a pointer field`);
    adoptField(this.$, f, orphan);
  }

  /**
   * Sets the fields present in `value` (a plain object in the docs/objects.md form; enumerant
   * names accepted), each value checked against its field's type; `unknownKeys: 'reject'` also
   * refuses properties that name no field.
   */
  assign(value: Record<string, unknown>, options?: AssignOptions): void {
    if (options?.unknownKeys === undefined) assignObject(this.schema, this.$, value);
    else withAssignOptions(options, () => assignObject(this.schema, this.$, value));
  }

  asReader(): DynamicStruct {
    return new DynamicStruct(this.schema, this.$.asReader());
  }

  toObject(): Record<string, unknown> {
    return structToObject(this.schema, this.$.asReader());
  }
}
