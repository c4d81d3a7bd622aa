/**
 * How each type maps to JSON, from its compat/json.capnp annotations (the reference's
 * AnnotatedHandler): a struct's JSON names (after `$Json.name`, `$Json.flatten` prefixes and
 * `$Json.discriminator`), what each name stands for, and how Data fields are written; an
 * enum's enumerant names. Built once per type and shared by the encoder (to-json.ts) and the
 * decoder (from-json.ts).
 */
import type { EnumSchema, StructField, StructSchema } from '../dynamic/index.js';
import { fieldJsonAnnotations, jsonName, structDiscriminator, type BytesEncoding, type Discriminator } from './annotations.js';
import { mappingError } from './errors.js';

/** What a JSON member name stands for in a struct. */
export const NameKind = Object.freeze({
  /** A field of the struct, under its JSON name. */
  FIELD: 0,
  /** A member of a flattened struct or group outside the union (the rest of the name is its name there). */
  FLATTENED: 1,
  /** The union's tag, naming the active member (`$Json.discriminator(name)`). */
  UNION_TAG: 2,
  /** A member of a flattened union member: usable once the tag has chosen that member. */
  FLATTENED_FROM_UNION: 3,
  /** The active union member's value under one shared name (`$Json.discriminator(valueName)`). */
  UNION_VALUE: 4,
} as const);
export type NameKind = (typeof NameKind)[keyof typeof NameKind];

/** A JSON member name of a struct: its kind, the field it leads to, and the flattening prefix to strip. */
export interface NameEntry {
  readonly kind: NameKind;
  /** The field's index in the struct (FIELD, FLATTENED, FLATTENED_FROM_UNION). */
  readonly index: number;
  readonly prefixLength: number;
}

/** How one field maps to JSON. */
export interface FieldMapping {
  readonly field: StructField;
  /** The JSON name (after `$name`; a union member's is `valueName` when set). */
  name: string;
  /** The name the discriminator uses for this member. */
  nameForDiscriminant: string;
  /** The mapping of the struct or group written inline (`$Json.flatten`), else null. */
  flatten: StructMapping | null;
  prefix: string;
  bytes: BytesEncoding | null;
}

/** How one struct type maps to JSON. */
export class StructMapping {
  readonly schema: StructSchema;
  /** By field index. */
  readonly fields: FieldMapping[] = [];
  readonly byName = new Map<string, NameEntry>();
  /** Union members by the name the tag gives them. */
  readonly tagValues = new Map<string, StructField>();
  unionTagName: string | null = null;

  constructor(schema: StructSchema) {
    this.schema = schema;
  }

  init(mappings: JsonMappings, discriminator: Discriminator | null, unionDeclName: string | null): void {
    const schema = this.schema;
    discriminator ??= structDiscriminator(schema);
    if (discriminator) {
      this.unionTagName = discriminator.name ?? unionDeclName;
      if (this.unionTagName !== null) this.insert(this.unionTagName, { kind: NameKind.UNION_TAG, index: 0, prefixLength: 0 });
      if (discriminator.valueName !== null) this.insert(discriminator.valueName, { kind: NameKind.UNION_VALUE, index: 0, prefixLength: 0 });
    }
    for (const field of schema.fields) {
      const info: FieldMapping = { field, name: field.name, nameForDiscriminant: field.name, flatten: null, prefix: '', bytes: null };
      const json = fieldJsonAnnotations(field);
      const flattened = json.flattenPrefix !== null;
      if (flattened && field.type.kind !== 'struct') throw mappingError(`${schema.shortName}.${field.name}: only struct types can be flattened`);
      if (json.discriminator !== null && !field.isGroup) throw mappingError(`${schema.shortName}.${field.name}: only unions can have a discriminator`);
      if (json.bytes !== null && field.type.kind !== 'data') throw mappingError(`${schema.shortName}.${field.name}: only Data can be written as ${json.bytes}`);
      info.name = json.name ?? info.name;
      info.prefix = json.flattenPrefix ?? '';
      info.bytes = json.bytes;
      const type = field.type;
      if (field.isGroup && type.kind === 'struct') {
        const sub = mappings.struct(type.schema, json.discriminator, flattened ? field.name : null);
        if (flattened) info.flatten = sub;
      } else if (type.kind === 'struct' && flattened) {
        info.flatten = mappings.struct(type.schema);
      }
      const inUnion = field.inUnion;
      if (info.flatten) this.insertFlattened(info, inUnion);
      info.nameForDiscriminant = info.name;
      if (!flattened) {
        if (inUnion && discriminator?.valueName != null) info.name = discriminator.valueName;
        else this.insert(info.name, { kind: NameKind.FIELD, index: field.index, prefixLength: 0 });
      }
      if (inUnion) this.tagValues.set(info.nameForDiscriminant, field);
      this.fields[field.index] = info;
    }
  }

  /** The names of a flattened struct's members, prefixed, as names of this struct. */
  private insertFlattened(info: FieldMapping, inUnion: boolean): void {
    const kind = inUnion ? NameKind.FLATTENED_FROM_UNION : NameKind.FLATTENED;
    for (const [key] of info.flatten!.byName) {
      const name = info.prefix + key;
      const existing = this.byName.get(name);
      if (existing) {
        // Members of different union members may share names: only one of them is ever set.
        if (existing.kind !== NameKind.FLATTENED_FROM_UNION || kind !== NameKind.FLATTENED_FROM_UNION) {
          throw mappingError(`${this.schema.shortName}: flattened members have the same JSON name '${name}' and are not mutually exclusive`);
        }
        continue;
      }
      this.byName.set(name, { kind, index: info.field.index, prefixLength: info.prefix.length });
    }
  }

  private insert(name: string, entry: NameEntry): void {
    if (this.byName.has(name)) throw mappingError(`${this.schema.shortName}: two fields have the JSON name '${name}'`);
    this.byName.set(name, entry);
  }
}

/** Enumerant names after `$Json.name`, both ways. */
export class EnumMapping {
  readonly names: string[];
  readonly values = new Map<string, number>();

  constructor(readonly schema: EnumSchema) {
    this.names = schema.enumerants.map((e) => jsonName(e, e.name));
    this.names.forEach((name, i) => this.values.set(name, i));
  }
}

/** The mappings of every type met so far (one set per codec). */
export class JsonMappings {
  private readonly structs = new Map<StructSchema, StructMapping | null>();
  private readonly enums = new Map<EnumSchema, EnumMapping>();

  /**
   * The mapping of `schema`. A group's is made when its parent's is, with the discriminator
   * and union name the parent's field gives it.
   */
  struct(schema: StructSchema, discriminator: Discriminator | null = null, unionDeclName: string | null = null): StructMapping {
    const existing = this.structs.get(schema);
    if (existing) return existing;
    if (existing === null) throw mappingError(`cyclic JSON flattening detected at ${schema.displayName}`);
    this.structs.set(schema, null);
    const mapping = new StructMapping(schema);
    try {
      mapping.init(this, discriminator, unionDeclName);
    } catch (e) {
      this.structs.delete(schema);
      throw e;
    }
    this.structs.set(schema, mapping);
    return mapping;
  }

  enum(schema: EnumSchema): EnumMapping {
    let mapping = this.enums.get(schema);
    if (!mapping) {
      mapping = new EnumMapping(schema);
      this.enums.set(schema, mapping);
    }
    return mapping;
  }
}
