/**
 * Schemas to Cap'n Proto types: component schemas become top-level declarations, inline
 * object, enum and union schemas become types nested in the struct that uses them (named
 * from the property: `Pet.tags` items → `Pet.Tag`). The rules, chosen for what
 * `capstan/json` writes and reads back (docs/openapi.md has the table):
 *
 * - objects → structs; `allOf` → one struct with every member's properties;
 * - arrays → `List(T)`; `additionalProperties` maps → `List(XEntry)` with
 *   `struct XEntry { key @0 :Text; value @1 :T; }` (Cap'n Proto has no map type);
 * - string enums → enums, the JSON spelling kept with `$Json.name` where the name changes;
 * - `oneOf`/`anyOf` → a struct holding a union: with a `discriminator` whose variants are all
 *   object schemas, `$Json.discriminator` + `$Json.flatten` members, which is exactly the
 *   OpenAPI JSON (the variants lose their own copy of the tag property); otherwise one member
 *   per variant, written as `{"member": value}`;
 * - `null` in a type list, `nullable`, a `{type: null}` variant: dropped (a pointer can be
 *   absent; a number cannot be null);
 * - strings: `byte`/`binary`/`contentEncoding: base64` → `Data $Json.base64`, `base16` →
 *   `Data $Json.hex`, other formats (date-time, date, uuid...) → Text; integers by format
 *   (int32, int64, uint8..uint64), Int32 without one unless its bounds need more; numbers
 *   `float` → Float32, else Float64; any schema (`{}`, a free-form object) → `Json.Value`;
 * - `x-capnp-type` (written by `capstan openapi export`) names the Cap'n Proto type outright.
 */
import { childId } from '../compiler/index.js';
import type { EnumDecl, FieldDecl, StorageKind, StructDecl } from './model.js';
import type { MemberNumbering, Numbering } from './lock.js';
import { NameScope, memberName, obsoleteName, singular, typeName } from './names.js';
import {
  componentName, deref, describe, isNullSchema, isObject, renamedFrom, resolvePointer, schemaTypes, specError, type SchemaObject,
} from './spec-walk.js';
import { BUILTIN, builtin, INTEGER_FORMATS, JSON_VALUE, type Scope, type TypeRef } from './type-refs.js';
import { singleProperty, variantRef } from './union-variants.js';

interface Component {
  readonly schema: unknown;
  readonly name: string;
  ref?: TypeRef;
  declaring?: boolean;
}

interface MergedObject {
  properties: [string, unknown][];
  doc: string | undefined;
}


export class SchemaMapper {
  readonly components = new Map<string, Component>();
  /** Component schemas used as flattened variants of a discriminated union: the tag property each loses. */
  private readonly variantTags = new Map<string, Set<string>>();
  /** Paths of every struct, enum and alias declared, for checking obsolete fields' types. */
  readonly declaredPaths = new Set<string>();
  usesJson = false;

  constructor(
    readonly document: SchemaObject,
    readonly numbering: Numbering,
    readonly fileScope: Scope,
    componentSchemas: Record<string, unknown>,
  ) {
    const renamed = new Map<string, string>();
    for (const name of Object.keys(componentSchemas)) {
      const capnpName = fileScope.names.claim(typeName(name));
      renamed.set(name, capnpName);
    }
    for (const [name, schema] of Object.entries(componentSchemas)) {
      this.components.set(name, { schema, name: renamed.get(name)! });
    }
    this.findVariants(document, 0);
  }

  /** Every `oneOf`/`anyOf` with a discriminator: its `$ref` variants lose the tag property. */
  private findVariants(node: unknown, depth: number): void {
    if (depth > 200) return;
    if (Array.isArray(node)) {
      for (const item of node) this.findVariants(item, depth + 1);
      return;
    }
    if (!isObject(node)) return;
    const discriminator = node.discriminator;
    const variants = node.oneOf ?? node.anyOf;
    if (isObject(discriminator) && typeof discriminator.propertyName === 'string' && Array.isArray(variants)) {
      const refs = variants.filter((v) => !isNullSchema(v)).map(variantRef);
      if (refs.every((r) => r !== null && this.isObjectSchema(this.components.get(r)?.schema))) {
        for (const r of refs) {
          const tags = this.variantTags.get(r!) ?? new Set<string>();
          tags.add(discriminator.propertyName);
          this.variantTags.set(r!, tags);
        }
      }
    }
    for (const value of Object.values(node)) this.findVariants(value, depth + 1);
  }

  /** Declares every component schema (in the spec's order). */
  declareComponents(): void {
    for (const name of this.components.keys()) this.component(name);
  }

  /** The type a component schema declares (declared on first use, so recursion works). */
  component(name: string): TypeRef {
    const component = this.components.get(name);
    if (component === undefined) throw specError(`$ref to a schema the spec does not have: '${name}'`);
    if (component.ref !== undefined) return component.ref;
    if (component.declaring) throw specError(`schema '${name}' refers to itself without an object in between (an alias cycle)`);
    component.declaring = true;
    // A component that is only a $ref to another one is an alias of it, not a copy.
    const isAlias = isObject(component.schema) && typeof component.schema.$ref === 'string';
    const schema = isAlias ? component.schema : deref<unknown>(this.document, component.schema);
    const scope = this.fileScope;
    const renamedPath = isObject(component.schema) ? renamedFrom(component.schema) : undefined;
    const oldPath = renamedPath !== undefined ? typeName(renamedPath) : undefined;
    if (!isAlias && this.isStructSchema(schema)) {
      // Declared (and registered) before its fields are mapped, so that fields may refer back to it.
      const decl = this.newStruct(scope, component.name, describe(schema as SchemaObject), oldPath);
      component.ref = { text: component.name, storage: 'pointer', annotations: [], struct: decl.decl };
      this.fillStruct(decl, schema as SchemaObject, this.variantTags.get(name));
    } else if (!isAlias && this.isStringEnum(schema)) {
      component.ref = this.enumType(schema as SchemaObject, scope, component.name, oldPath);
    } else {
      const target = this.typeFor(schema, scope, component.name);
      scope.add({ kind: 'alias', name: component.name, type: target.text, doc: isObject(schema) ? describe(schema) : undefined });
      this.declaredPaths.add(component.name);
      component.ref = { ...target, text: component.name };
    }
    component.declaring = false;
    return component.ref;
  }

  private isObjectSchema(schema: unknown): boolean {
    const s = deref<unknown>(this.document, schema);
    if (!isObject(s)) return false;
    if (Array.isArray(s.allOf)) return true;
    const { types } = schemaTypes(s);
    return (types.length === 0 || (types.length === 1 && types[0] === 'object')) && isObject(s.properties);
  }

  /** Schemas that become structs of their own: objects with properties, `allOf`, unions. */
  private isStructSchema(schema: unknown): boolean {
    if (!isObject(schema) || typeof schema['x-capnp-type'] === 'string') return false;
    if (Array.isArray(schema.allOf) && schema.allOf.length > 0) return true;
    if (this.unionVariants(schema).length > 1) return true;
    const { types } = schemaTypes(schema);
    if (types.length > 1) return true;
    return (types.length === 0 || types[0] === 'object') && isObject(schema.properties) && Object.keys(schema.properties).length > 0;
  }

  private isStringEnum(schema: unknown): boolean {
    return isObject(schema) && Array.isArray(schema.enum) && schema.enum.length > 0
      && schema.enum.every((v) => typeof v === 'string' || v === null) && schema.enum.some((v) => typeof v === 'string');
  }

  private unionVariants(schema: SchemaObject): unknown[] {
    const list = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : [];
    return list.filter((v) => !isNullSchema(v));
  }

  /** The type for a schema met at `scope`; `hint` names a type declared for it. */
  typeFor(value: unknown, scope: Scope, hint: string): TypeRef {
    if (value === true || value === undefined || value === null) return this.json();
    if (!isObject(value)) return this.json();
    if (typeof value.$ref === 'string') {
      const name = componentName(value.$ref);
      if (name !== null && this.components.has(name)) return this.component(name);
      return this.typeFor(resolvePointer(this.document, value.$ref), scope, hint);
    }
    const schema = value;
    const named = schema['x-capnp-type'];
    if (typeof named === 'string' && named in BUILTIN) {
      const annotations = named === 'Data' ? this.bytesAnnotation(schema) : [];
      return builtin(named, annotations);
    }
    if (Array.isArray(schema.allOf) && schema.allOf.length > 0) {
      if (schema.allOf.length === 1 && !isObject(schema.properties)) return this.typeFor(schema.allOf[0], scope, hint);
      return this.nestedStruct(schema, scope, hint);
    }
    const variants = this.unionVariants(schema);
    if (variants.length === 1 && !isObject(schema.properties)) return this.typeFor(variants[0], scope, hint);
    if (variants.length > 1) return this.nestedStruct(schema, scope, hint);
    if (this.isStringEnum(schema)) return this.enumType(schema, scope, scope.names.claim(typeName(hint)));
    const { types } = schemaTypes(schema);
    if (types.length > 1) return this.nestedStruct(schema, scope, hint);
    switch (types[0]) {
      case 'string': return this.stringType(schema);
      case 'integer': return this.integerType(schema);
      case 'number': return builtin(schema.format === 'float' ? 'Float32' : 'Float64');
      case 'boolean': return builtin('Bool');
      case 'null': return builtin('Void');
      case 'array': {
        const element = this.typeFor(schema.items, scope, singular(hint));
        return { text: `List(${element.text})`, storage: 'pointer', annotations: [] };
      }
      case 'object': case undefined:
        if (isObject(schema.properties) && Object.keys(schema.properties).length > 0) return this.nestedStruct(schema, scope, hint);
        if (schema.additionalProperties === true || isObject(schema.additionalProperties)) {
          if (types[0] === 'object' || isObject(schema.additionalProperties)) return this.mapType(schema, scope, hint);
        }
        return this.json();
      default:
        return this.json();
    }
  }

  private json(): TypeRef {
    this.usesJson = true;
    return JSON_VALUE;
  }

  private bytesAnnotation(schema: SchemaObject): string[] {
    if (schema.contentEncoding === 'base16') {
      this.usesJson = true;
      return ['$Json.hex'];
    }
    if (schema.type === 'string') {
      this.usesJson = true;
      return ['$Json.base64'];
    }
    return [];
  }

  private stringType(schema: SchemaObject): TypeRef {
    const format = typeof schema.format === 'string' ? schema.format : '';
    if (format === 'byte' || format === 'binary' || schema.contentEncoding === 'base64') {
      this.usesJson = true;
      return builtin('Data', ['$Json.base64']);
    }
    if (schema.contentEncoding === 'base16') {
      this.usesJson = true;
      return builtin('Data', ['$Json.hex']);
    }
    // Our export writes 64-bit integers as decimal strings: read them back as integers.
    if (format === 'int64' || format === 'uint64') return builtin(INTEGER_FORMATS[format]!);
    return builtin('Text');
  }

  private integerType(schema: SchemaObject): TypeRef {
    const format = typeof schema.format === 'string' ? INTEGER_FORMATS[schema.format] : undefined;
    if (format !== undefined) return builtin(format);
    const min = typeof schema.minimum === 'number' ? schema.minimum : undefined;
    const max = typeof schema.maximum === 'number' ? schema.maximum : undefined;
    const fitsInt32 = (min === undefined || min >= -(2 ** 31)) && (max === undefined || max < 2 ** 31);
    if (fitsInt32) return builtin('Int32');
    if (min !== undefined && min >= 0 && (max === undefined || max < 2 ** 32)) return builtin(max === undefined ? 'UInt64' : 'UInt32');
    return builtin('Int64');
  }

  // --- declarations

  private newStruct(scope: Scope, name: string, doc: string | undefined, renamedFromName?: string): { decl: StructDecl; numbering: MemberNumbering; scope: Scope } {
    const path = scope.path === '' ? name : `${scope.path}.${name}`;
    const oldPath = renamedFromName === undefined ? undefined : scope.path === '' ? renamedFromName : `${scope.path}.${renamedFromName}`;
    const numbering = this.numbering.type(path, 'struct', childId(scope.id, name), oldPath);
    const decl: StructDecl = { kind: 'struct', name, id: numbering.id, doc, annotations: [], fields: [], nested: [] };
    scope.add(decl);
    this.declaredPaths.add(path);
    const inner: Scope = { path, id: numbering.id, names: new NameScope(this.reservedNames()), add: (d) => decl.nested.push(d) };
    return { decl, numbering, scope: inner };
  }

  /** Nested type names may not shadow top-level ones (types are referred to by their path). */
  private reservedNames(): string[] {
    return [...this.components.values()].map((c) => c.name);
  }

  /** A struct declared in `scope` for an inline schema. */
  nestedStruct(schema: SchemaObject, scope: Scope, hint: string): TypeRef {
    const name = scope.names.claim(typeName(hint));
    const made = this.newStruct(scope, name, describe(schema));
    this.fillStruct(made, schema, undefined);
    return { text: made.numbering.path, storage: 'pointer', annotations: [], struct: made.decl };
  }

  /** Fields (or union members) of a struct for `schema`. */
  private fillStruct(made: { decl: StructDecl; numbering: MemberNumbering; scope: Scope }, schema: SchemaObject, skip: Set<string> | undefined): void {
    const { decl, numbering, scope } = made;
    const fieldNames = new NameScope();
    const variants = Array.isArray(schema.allOf) ? [] : this.unionVariants(schema);
    const { types } = schemaTypes(schema);
    const merged = this.mergeObject(schema, 0);
    for (const [key, property] of merged.properties) {
      if (skip?.has(key)) continue;
      this.addField(decl, numbering, scope, fieldNames, key, property, false, []);
    }
    const hasProperties = merged.properties.length > 0;
    if (variants.length > 1) {
      // Beside properties, a oneOf is a union only when its branches are types or single
      // properties (as export writes them); `oneOf: [{required: [a]}, ...]` only constrains.
      if (!hasProperties || variants.every((v) => variantRef(v) !== null || singleProperty(v) !== null)) this.fillUnion(made, schema, variants, fieldNames);
    } else if (types.length > 1 && !Array.isArray(schema.allOf) && !hasProperties) {
      // A list of types (3.1): one member per type.
      const members = types.map((t) => ({ ...schema, type: t, title: undefined }));
      this.fillUnion(made, { ...schema, discriminator: undefined }, members, fieldNames);
    }
    this.addObsolete(decl, numbering, fieldNames);
  }

  private addField(
    decl: StructDecl, numbering: MemberNumbering, scope: Scope, fieldNames: NameScope,
    key: string, property: unknown, inUnion: boolean, extra: readonly string[], forcedType?: TypeRef,
  ): void {
    const name = fieldNames.claim(memberName(key));
    const ordinal = numbering.claim(key, name, renamedFrom(property));
    const resolved = deref<unknown>(this.document, property);
    // Arrays name their element type themselves (`tags` → `Tag`).
    const type = forcedType ?? this.typeFor(property, scope, key);
    const annotations = [...type.annotations, ...extra];
    if (name !== key && !extra.some((a) => a.startsWith('$Json.name'))) annotations.unshift(`$Json.name(${JSON.stringify(key)})`);
    if (annotations.length > 0) this.usesJson = true;
    numbering.record(key, type.text, type.storage, inUnion);
    const doc = isObject(property) ? describe(property) ?? (isObject(resolved) && property.$ref === undefined ? describe(resolved) : undefined) : undefined;
    const field: FieldDecl = { key, name, ordinal, type: type.text, storage: type.storage, annotations, doc, inUnion };
    decl.fields.push(field);
  }

  /** A union for oneOf/anyOf variants (or a 3.1 list of types). */
  private fillUnion(made: { decl: StructDecl; numbering: MemberNumbering; scope: Scope }, schema: SchemaObject, variants: unknown[], fieldNames: NameScope): void {
    const { decl, numbering, scope } = made;
    const discriminator = isObject(schema.discriminator) && typeof schema.discriminator.propertyName === 'string' ? schema.discriminator : null;
    const mapping = new Map<string, string>();
    if (discriminator && isObject(discriminator.mapping)) {
      for (const [value, target] of Object.entries(discriminator.mapping)) {
        if (typeof target !== 'string') continue;
        const name = target.startsWith('#') ? componentName(target) : target;
        if (name !== null && !mapping.has(name)) mapping.set(name, value);
      }
    }
    const refs = variants.map(variantRef);
    const flatten = discriminator !== null && refs.every((r) => r !== null && this.variantTags.get(r)?.has(discriminator.propertyName as string));
    if (flatten) {
      decl.annotations.push(`$Json.discriminator(name = ${JSON.stringify(discriminator.propertyName)})`);
      this.usesJson = true;
    }
    const keys = new NameScope();
    const singles = variants.map(singleProperty);
    const externallyTagged = !flatten && singles.every((p) => p !== null) && new Set(singles.map((p) => p![0])).size === singles.length;
    variants.forEach((variant, i) => {
      if (externallyTagged) {
        const [key, value] = singles[i]!;
        keys.claim(key);
        this.addField(decl, numbering, scope, fieldNames, key, value, true, []);
        return;
      }
      const ref = refs[i];
      const resolved = deref<unknown>(this.document, variant);
      let key: string;
      if (ref !== null) key = flatten ? mapping.get(ref) ?? ref : ref;
      else if (isObject(variant) && typeof variant.title === 'string' && variant.title !== '') key = variant.title;
      else if (isObject(resolved) && typeof resolved.type === 'string') key = resolved.type;
      else key = `option${i + 1}`;
      key = keys.claim(key);
      const extra = flatten ? ['$Json.flatten()'] : [];
      const name = memberName(key);
      if (flatten && name !== key) extra.unshift(`$Json.name(${JSON.stringify(key)})`);
      const member = flatten ? { $ref: `#/components/schemas/${ref}`, 'x-capnp-renamed-from': renamedFrom(variant) } : variant;
      this.addField(decl, numbering, scope, fieldNames, key, member, true, extra, flatten ? this.component(ref!) : undefined);
    });
  }

  /** An object's properties, `allOf` members merged in order (later ones override). */
  private mergeObject(value: unknown, depth: number): MergedObject {
    if (depth > 32) throw specError('allOf nests too deeply (a cycle?)');
    const schema = deref<unknown>(this.document, value);
    const out: MergedObject = { properties: [], doc: undefined };
    if (!isObject(schema)) return out;
    const put = (key: string, property: unknown): void => {
      const at = out.properties.findIndex(([k]) => k === key);
      if (at >= 0) out.properties[at] = [key, property];
      else out.properties.push([key, property]);
    };
    if (Array.isArray(schema.allOf)) {
      for (const member of schema.allOf) for (const [k, p] of this.mergeObject(member, depth + 1).properties) put(k, p);
    }
    if (isObject(schema.properties)) for (const [k, p] of Object.entries(schema.properties)) put(k, p);
    out.doc = describe(schema);
    return out;
  }

  /** Fields the lock has and the spec no longer does: kept with an obsolete name. */
  private addObsolete(decl: StructDecl, numbering: MemberNumbering, fieldNames: NameScope): void {
    for (const { key, member } of numbering.unclaimed()) {
      const name = fieldNames.claim(member.name.startsWith('obsolete') ? member.name : obsoleteName(member.name));
      member.name = name;
      const field: FieldDecl = {
        key, name, ordinal: member.ordinal, type: member.type ?? 'AnyPointer', storage: member.storage ?? 'pointer', annotations: [],
        doc: `Removed from the spec (was ${JSON.stringify(key)}); kept so that ordinal @${member.ordinal} is never reused.`,
        obsolete: true, inUnion: member.inUnion === true,
      };
      decl.fields.push(field);
      // Its type is settled once every declaration is known (resolveObsolete).
      this.pendingObsolete.push({ fields: decl.fields, index: decl.fields.length - 1 });
    }
  }

  private readonly pendingObsolete: { fields: FieldDecl[]; index: number }[] = [];

  /** Gives each obsolete field its old type, or one stored alike when that type is gone. */
  resolveObsolete(): void {
    for (const { fields, index } of this.pendingObsolete) {
      const field = fields[index]!;
      const type = this.obsoleteType(field.type, field.storage);
      fields[index] = { ...field, type: type.text, storage: type.storage };
    }
    this.pendingObsolete.length = 0;
  }

  /** A removed member's type: as it was if that type still exists, else one stored the same way. */
  obsoleteType(type: string | undefined, storage: StorageKind | undefined): TypeRef {
    if (type !== undefined && this.typeStillExists(type)) {
      if (type.includes('Json.')) this.usesJson = true;
      return { text: type, storage: storage ?? 'pointer', annotations: [] };
    }
    if (storage === 'enum') return builtin('UInt16');
    if (storage === 'scalar') return builtin(type !== undefined && type in BUILTIN ? type : 'UInt64');
    return { text: 'AnyPointer', storage: 'pointer', annotations: [] };
  }

  private typeStillExists(type: string): boolean {
    for (const name of type.match(/[A-Z][A-Za-z0-9]*(?:\.[A-Za-z][A-Za-z0-9]*)*/g) ?? []) {
      if (name in BUILTIN || name === 'List' || name === 'AnyPointer' || name === 'Json.Value') continue;
      if (!this.declaredPaths.has(name)) return false;
    }
    return true;
  }

  /** An enum for a string enum schema. */
  private enumType(schema: SchemaObject, scope: Scope, name: string, renamedFromName?: string): TypeRef {
    const path = scope.path === '' ? name : `${scope.path}.${name}`;
    const oldPath = renamedFromName === undefined ? undefined : scope.path === '' ? renamedFromName : `${scope.path}.${renamedFromName}`;
    const numbering = this.numbering.type(path, 'enum', childId(scope.id, name), oldPath);
    const decl: EnumDecl = { kind: 'enum', name, id: numbering.id, doc: describe(schema), enumerants: [] };
    const names = new NameScope();
    for (const value of schema.enum as unknown[]) {
      if (typeof value !== 'string') continue;
      if (decl.enumerants.some((e) => e.key === value)) continue;
      const enumerant = names.claim(value === '' ? 'empty' : memberName(value));
      const ordinal = numbering.claim(value, enumerant);
      decl.enumerants.push({ key: value, name: enumerant, ordinal, jsonName: enumerant !== value ? value : undefined });
    }
    for (const { key, member } of numbering.unclaimed()) {
      const obsolete = names.claim(member.name.startsWith('obsolete') ? member.name : obsoleteName(member.name));
      member.name = obsolete;
      decl.enumerants.push({ key, name: obsolete, ordinal: member.ordinal, obsolete: true });
    }
    if (decl.enumerants.some((e) => e.jsonName !== undefined)) this.usesJson = true;
    scope.add(decl);
    this.declaredPaths.add(path);
    return { text: path, storage: 'enum', annotations: [] };
  }

  /** `additionalProperties` as a list of key/value entries. */
  private mapType(schema: SchemaObject, scope: Scope, hint: string): TypeRef {
    const name = scope.names.claim(`${typeName(hint)}Entry`);
    const made = this.newStruct(scope, name, `One entry of the map ${hint} (Cap'n Proto has no map type).`);
    const fieldNames = new NameScope();
    this.addField(made.decl, made.numbering, made.scope, fieldNames, 'key', { type: 'string' }, false, []);
    const value = schema.additionalProperties === true ? {} : schema.additionalProperties;
    this.addField(made.decl, made.numbering, made.scope, fieldNames, 'value', value, false, []);
    this.addObsolete(made.decl, made.numbering, fieldNames);
    return { text: `List(${made.numbering.path})`, storage: 'pointer', annotations: [] };
  }

  /** A struct for a params or results list (operation-mapper.ts), filled by the caller. */
  structFor(scope: Scope, name: string, doc: string | undefined, renamedFromName?: string): { decl: StructDecl; numbering: MemberNumbering; scope: Scope } {
    return this.newStruct(scope, name, doc, renamedFromName);
  }

  /** Adds one field (a parameter, a body) to a struct made with `structFor`. */
  field(made: { decl: StructDecl; numbering: MemberNumbering; scope: Scope }, names: NameScope, key: string, name: string, schema: unknown, doc: string | undefined, forcedType?: TypeRef): void {
    const property = isObject(schema) ? { ...schema, description: doc ?? (schema as SchemaObject).description } : schema;
    const claimed = names.claim(memberName(name));
    const ordinal = made.numbering.claim(key, claimed, renamedFrom(schema));
    const type = forcedType ?? this.typeFor(schema, made.scope, name);
    made.numbering.record(key, type.text, type.storage);
    if (type.annotations.length > 0) this.usesJson = true;
    made.decl.fields.push({
      key, name: claimed, ordinal, type: type.text, storage: type.storage,
      annotations: claimed !== name ? [`$Json.name(${JSON.stringify(name)})`, ...type.annotations] : [...type.annotations],
      doc: isObject(property) ? describe(property) : doc,
    });
    if (claimed !== name) this.usesJson = true;
  }

  /** Obsolete members of a struct made with `structFor`. */
  finishStruct(made: { decl: StructDecl; numbering: MemberNumbering }, names: NameScope): void {
    this.addObsolete(made.decl, made.numbering, names);
  }
}
