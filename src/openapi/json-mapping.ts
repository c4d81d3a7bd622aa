/**
 * JSON Schema (2020-12, which OpenAPI 3.1 uses) for the JSON that `capstan/json` writes for a
 * Cap'n Proto type, rule for rule (src/json/to-json.ts):
 *
 * - a struct is an object; a field is written under its `$Json.name`; data fields (numbers,
 *   Bool, Void, enums) and groups are always written, so they are `required`; pointer fields
 *   (Text, Data, lists, structs) are left out when null, so they are not;
 * - the active union member is always written: a union is a `oneOf` (an `anyOf` when two
 *   branches could hold the same JSON) of one branch per member; with `$Json.discriminator`
 *   the tag is a property of its own (`const` per branch) and `valueName` moves the value;
 * - `$Json.flatten` (with `prefix`) puts a struct field's or group's members in the
 *   enclosing object;
 * - Int64/UInt64 are decimal strings (`format: int64`/`uint64`), floats are numbers or the
 *   strings `NaN`, `Infinity`, `-Infinity`, Data an array of bytes (a base64 string with
 *   `$Json.base64`, hex with `$Json.hex`), enums their names, `Json.Value` any JSON;
 * - capabilities and AnyPointer have no JSON form: such fields are left out of the schema.
 *
 * Named structs and enums become definitions referred to with `$ref`; `x-capnp-type` marks
 * types JSON Schema cannot tell apart (UInt16 from Int32, Data from a list of UInt8), so that
 * `capstan openapi import` gets the same Cap'n Proto types back.
 */
import { JSON_IDS, fieldJsonAnnotations, jsonName, structDiscriminator, type Discriminator } from '../json/annotations.js';
import type { DynamicType, EnumSchema, StructField, StructSchema } from '../dynamic/index.js';

export type JsonSchema = Record<string, unknown>;

/** Doc comments by node id: the node's own and its members' (by code order). */
export type DocComments = ReadonlyMap<bigint, { doc?: string | undefined; members: readonly (string | undefined)[] }>;

/** The parts of an object schema, gathered before they are put together (flattening merges them). */
interface ObjectParts {
  properties: Map<string, JsonSchema>;
  required: string[];
  /** One entry per union: its branches. */
  unions: JsonSchema[][];
  /** OpenAPI's `discriminator`, when every member is a named struct flattened under the tag. */
  discriminator?: JsonSchema;
}

const FLOAT_SPECIALS = ['NaN', 'Infinity', '-Infinity'];

const INTEGER_RANGES: Record<string, [number, number, string | null]> = {
  int8: [-128, 127, null], int16: [-32768, 32767, null], int32: [-(2 ** 31), 2 ** 31 - 1, 'int32'],
  uint8: [0, 255, null], uint16: [0, 65535, null], uint32: [0, 2 ** 32 - 1, null],
};

const CAPNP_NAMES: Record<string, string> = {
  int8: 'Int8', int16: 'Int16', int32: 'Int32', uint8: 'UInt8', uint16: 'UInt16', uint32: 'UInt32',
};

function isPointer(type: DynamicType): boolean {
  return ['text', 'data', 'list', 'struct', 'interface', 'anyPointer'].includes(type.kind);
}

function hasJsonForm(type: DynamicType): boolean {
  if (type.kind === 'interface' || type.kind === 'anyPointer') return false;
  if (type.kind === 'list') return hasJsonForm(type.element);
  return true;
}

/** Builds the schemas of the types it is asked for, and of every type they use, as definitions. */
export class JsonSchemaBuilder {
  /** Definition name → schema, in the order first met. */
  readonly definitions = new Map<string, JsonSchema>();
  private readonly names = new Map<string, string>();
  private readonly taken = new Set<string>();

  constructor(private readonly refPrefix: string, private readonly docs: DocComments = new Map()) {}

  /** `{ $ref }` to a struct's or enum's definition (made on first use). */
  ref(schema: StructSchema | EnumSchema): JsonSchema {
    if (schema.kind === 'struct' && schema.id === JSON_IDS.value) return {};
    const key = schema.kind === 'struct' ? `${schema.id}:${schema.brandKey}` : String(schema.id);
    let name = this.names.get(key);
    if (name === undefined) {
      name = this.definitionName(schema);
      this.names.set(key, name);
      this.definitions.set(name, {}); // placeholder first: recursive types refer to themselves
      this.definitions.set(name, schema.kind === 'struct' ? this.structSchema(schema) : this.enumSchema(schema));
    }
    return { $ref: `${this.refPrefix}${name}` };
  }

  private definitionName(schema: StructSchema | EnumSchema): string {
    const path = schema.displayName.slice(schema.displayName.indexOf(':') + 1);
    let base = path.replace(/[^A-Za-z0-9._-]/g, '_');
    if (schema.kind === 'struct' && schema.bindings.size > 0) {
      base += `_${[...schema.bindings.values()].map((t) => this.typeLabel(t)).join('_')}`;
    }
    let name = base;
    for (let n = 2; this.taken.has(name); n++) name = `${base}_${n}`;
    this.taken.add(name);
    return name;
  }

  private typeLabel(type: DynamicType): string {
    if (type.kind === 'struct' || type.kind === 'enum' || type.kind === 'interface') return type.schema.shortName.replace(/[^A-Za-z0-9]/g, '');
    if (type.kind === 'list') return `List${this.typeLabel(type.element)}`;
    return type.kind;
  }

  private doc(id: bigint): string | undefined {
    return this.docs.get(id)?.doc?.trim() || undefined;
  }

  private memberDoc(field: StructField): string | undefined {
    return this.docs.get(field.parent.id)?.members[field.codeOrder]?.trim() || undefined;
  }

  private enumSchema(schema: EnumSchema): JsonSchema {
    const names = schema.enumerants.map((e) => jsonName(e, e.name));
    const out: JsonSchema = { type: 'string', enum: names };
    const doc = this.doc(schema.id);
    return doc !== undefined ? { description: doc, ...out } : out;
  }

  /** The schema of a value of `type` (a field's, with its `$Json.base64`/`hex` when given). */
  typeSchema(type: DynamicType, bytes: 'base64' | 'hex' | null = null): JsonSchema {
    switch (type.kind) {
      case 'void': return { type: 'null' };
      case 'bool': return { type: 'boolean' };
      case 'int8': case 'int16': case 'int32': case 'uint8': case 'uint16': case 'uint32': {
        const [minimum, maximum, format] = INTEGER_RANGES[type.kind]!;
        return format !== null ? { type: 'integer', format, minimum, maximum } : { type: 'integer', minimum, maximum, 'x-capnp-type': CAPNP_NAMES[type.kind] };
      }
      case 'int64': return { type: 'string', format: 'int64', pattern: '^-?[0-9]+$' };
      case 'uint64': return { type: 'string', format: 'uint64', pattern: '^[0-9]+$' };
      case 'float32': return { anyOf: [{ type: 'number', format: 'float' }, { type: 'string', enum: FLOAT_SPECIALS }] };
      case 'float64': return { anyOf: [{ type: 'number', format: 'double' }, { type: 'string', enum: FLOAT_SPECIALS }] };
      case 'text': return { type: 'string' };
      case 'data':
        if (bytes === 'base64') return { type: 'string', format: 'byte', contentEncoding: 'base64' };
        if (bytes === 'hex') return { type: 'string', contentEncoding: 'base16', pattern: '^([0-9a-fA-F]{2})*$' };
        return { type: 'array', items: { type: 'integer', minimum: 0, maximum: 255 }, 'x-capnp-type': 'Data' };
      case 'list': return { type: 'array', items: this.typeSchema(type.element) };
      case 'enum': return this.ref(type.schema);
      case 'struct': return this.ref(type.schema);
      default: return { 'x-capnp-type': type.kind === 'interface' ? 'Capability' : 'AnyPointer' };
    }
  }

  /** A struct's (or group's) object schema. */
  structSchema(schema: StructSchema): JsonSchema {
    const parts = this.objectParts(schema, null, null, '', true);
    const out = this.assemble(parts);
    const doc = this.doc(schema.id);
    return doc !== undefined ? { description: doc, ...out } : out;
  }

  private assemble(parts: ObjectParts): JsonSchema {
    const out: JsonSchema = { type: 'object', properties: Object.fromEntries(parts.properties) };
    if (parts.required.length > 0) out.required = parts.required;
    const unions = parts.unions.map((branches) => {
      // oneOf when each branch requires a property (or tag value) of its own; else anyOf.
      const exclusive = branches.every((b) => Array.isArray(b.required) && (b.required as string[]).length > 0);
      return exclusive ? { oneOf: branches } : { anyOf: branches };
    });
    if (unions.length === 1) Object.assign(out, unions[0]);
    if (parts.discriminator !== undefined && unions.length === 1) out.discriminator = parts.discriminator;
    else if (unions.length > 1) out.allOf = unions;
    return out;
  }

  /**
   * The properties of `schema` written at `prefix` (flattening); `present` is false for a
   * flattened struct pointer, which may be absent (then nothing of it is written).
   */
  private objectParts(schema: StructSchema, discriminator: Discriminator | null, unionDeclName: string | null, prefix: string, present: boolean): ObjectParts {
    const parts: ObjectParts = { properties: new Map(), required: [], unions: [] };
    discriminator ??= structDiscriminator(schema);
    const tagName = discriminator ? discriminator.name ?? unionDeclName : null;
    const valueName = discriminator?.valueName ?? null;
    const branches: JsonSchema[] = [];
    const discriminated = new Map<string, string>();

    for (const field of schema.fields) {
      const json = fieldJsonAnnotations(field);
      const name = json.name ?? field.name;
      const flatten = json.flattenPrefix !== null;
      const flattenPrefix = json.flattenPrefix ?? '';
      const bytes = json.bytes;
      const subDiscriminator = json.discriminator;
      const type = field.type;
      if (!hasJsonForm(type)) continue;
      const memberDoc = this.memberDoc(field);
      const withDoc = (s: JsonSchema): JsonSchema => (memberDoc !== undefined && !('$ref' in s) ? { description: memberDoc, ...s } : memberDoc !== undefined ? { description: memberDoc, allOf: [s] } : s);

      if (!field.inUnion) {
        if (flatten && type.kind === 'struct') {
          // A group is always there; a struct pointer may be null, and then nothing of it is written.
          const inner = this.objectParts(type.schema, field.isGroup ? subDiscriminator : null, field.isGroup ? field.name : null, prefix + flattenPrefix, present && field.isGroup);
          this.merge(parts, inner);
        } else {
          const value = field.isGroup && type.kind === 'struct'
            ? this.assemble(this.objectParts(type.schema, subDiscriminator, null, '', true))
            : this.typeSchema(type, bytes);
          parts.properties.set(prefix + name, withDoc(value));
          if (present && (field.isGroup || !isPointer(type))) parts.required.push(prefix + name);
        }
        continue;
      }

      // A union member: one branch.
      const branch: ObjectParts = { properties: new Map(), required: [], unions: [] };
      if (tagName !== null) {
        branch.properties.set(prefix + tagName, { const: name });
        branch.required.push(prefix + tagName);
      }
      if (flatten && type.kind === 'struct' && !field.isGroup && prefix + flattenPrefix === '' && tagName !== null && type.schema.id !== JSON_IDS.value) {
        // A named struct flattened under a tag: its definition plus the tag, as OpenAPI
        // writes polymorphism (and as `capstan openapi import` reads it back).
        const ref = this.ref(type.schema);
        const assembled: JsonSchema = { allOf: [ref], properties: Object.fromEntries(branch.properties), required: branch.required };
        discriminated.set(name, ref.$ref as string);
        branches.push(assembled);
        continue;
      } else if (flatten && type.kind === 'struct') {
        // The member's struct is written even when null (as its default), so its required fields are.
        this.merge(branch, this.objectParts(type.schema, field.isGroup ? subDiscriminator : null, field.isGroup ? field.name : null, prefix + flattenPrefix, true));
      } else if (!(type.kind === 'void' && tagName !== null)) {
        const key = prefix + (valueName ?? name);
        const value = field.isGroup && type.kind === 'struct'
          ? this.assemble(this.objectParts(type.schema, subDiscriminator, null, '', true))
          : this.typeSchema(type, bytes);
        branch.properties.set(key, withDoc(value));
        branch.required.push(key);
      }
      const assembled = this.assemble(branch);
      delete assembled.type;
      if (memberDoc !== undefined && !('description' in assembled)) assembled.title = name;
      branches.push(assembled);
    }
    if (branches.length > 0) {
      if (tagName !== null && discriminated.size === branches.length && prefix === '') {
        parts.discriminator = { propertyName: tagName, mapping: Object.fromEntries(discriminated) };
      }
      if (present) parts.unions.push(branches);
      else for (const b of branches) for (const [k, v] of Object.entries((b.properties ?? {}) as Record<string, JsonSchema>)) if (!parts.properties.has(k)) parts.properties.set(k, v);
    }
    return parts;
  }

  private merge(into: ObjectParts, from: ObjectParts): void {
    for (const [k, v] of from.properties) into.properties.set(k, v);
    into.required.push(...from.required);
    into.unions.push(...from.unions);
  }
}
