/**
 * Shape comparison for the round trip OpenAPI → capnp → OpenAPI: does the exported schema of
 * each component describe the same JSON as the original, modulo what Cap'n Proto's JSON
 * mapping cannot or does not express (docs/openapi.md, "What the round trip keeps"):
 *
 * - required-ness is not compared: capstan/json always writes data fields (numbers, Bool,
 *   enums) and leaves out null pointers, whatever the spec said;
 * - 64-bit integers become decimal strings, floats may be "NaN"/"Infinity": both still count
 *   as the original number kinds; string formats other than bytes are not compared;
 * - an `additionalProperties` map becomes a list of `{key, value}` objects;
 * - a discriminated union's variants lose the tag property (the union holds it);
 * - an untagged `oneOf` becomes `{"member": value}` branches (only the branch count is kept);
 * - `nullable` and `null` types vanish; aliases of non-object schemas are inlined.
 *
 * Everything else (property names, nesting, element types, enum values, union branches'
 * property names, references between components) must match.
 */
import { typeName } from '../../src/openapi/names.js';
import { componentName, deref, isNullSchema, isObject, schemaTypes, type SchemaObject } from '../../src/openapi/spec-walk.js';

type Shape =
  | { kind: 'object'; props: Map<string, unknown>; unions: unknown[][] }
  | { kind: 'array'; items: unknown }
  | { kind: 'map'; value: unknown }
  | { kind: 'enum'; values: string[] }
  | { kind: 'ref'; name: string; target: unknown }
  | { kind: 'union'; branches: unknown[]; tagged: boolean }
  | { kind: 'string' | 'integer' | 'number' | 'boolean' | 'null' | 'bytes' | 'any' };

const FLOAT_SPECIALS = JSON.stringify(['NaN', 'Infinity', '-Infinity']);

export class ShapeReader {
  constructor(private readonly document: SchemaObject, private readonly side: 'original' | 'export') {}

  private components(): Record<string, unknown> {
    const c = this.document.components;
    if (isObject(c) && isObject(c.schemas)) return c.schemas;
    return isObject(this.document.definitions) ? this.document.definitions : {};
  }

  /** Whether a component becomes a named Cap'n Proto type (a struct or an enum) on import. */
  isNamed(name: string): boolean {
    const schema = this.components()[name];
    if (isObject(schema) && typeof schema.$ref === 'string') return false;
    const s = this.shape(schema, 0, true);
    return s.kind === 'object' || s.kind === 'union' || s.kind === 'enum';
  }

  shape(value: unknown, depth: number, noRef = false): Shape {
    if (depth > 40) return { kind: 'any' };
    if (!isObject(value)) return { kind: 'any' };
    if (typeof value.$ref === 'string' && !noRef) {
      const name = componentName(value.$ref);
      if (name !== null && this.isNamed(name)) {
        return { kind: 'ref', name: this.side === 'original' ? typeName(name) : name, target: this.components()[name] };
      }
      return this.shape(deref(this.document, value), depth + 1);
    }
    const schema = typeof value.$ref === 'string' ? deref<SchemaObject>(this.document, value) : value;
    if (schema['x-capnp-type'] === 'Data') return { kind: 'bytes' };
    if (Array.isArray(schema.anyOf) && schema.anyOf.length === 2 && isObject(schema.anyOf[1]) && JSON.stringify(schema.anyOf[1].enum) === FLOAT_SPECIALS) return { kind: 'number' };
    if (Array.isArray(schema.allOf) && schema.allOf.length === 1 && !isObject(schema.properties) && !Array.isArray(schema.oneOf)) return this.shape(schema.allOf[0], depth + 1);
    if (Array.isArray(schema.allOf) && !Array.isArray(schema.oneOf)) return this.object(schema, depth);
    const variants = (Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : []).filter((v) => !isNullSchema(v));
    if (variants.length === 1 && !isObject(schema.properties)) return this.shape(variants[0], depth + 1);
    if (variants.length > 1) {
      const tagged = isObject(schema.discriminator);
      const base = isObject(schema.properties) && Object.keys(schema.properties).length > 0 ? this.object(schema, depth) : null;
      const union: Shape = { kind: 'union', tagged, branches: variants.map((v) => this.branch(v, depth)) };
      return base !== null && base.kind === 'object' ? { ...base, unions: [...base.unions, (union as { branches: unknown[] }).branches] } : union;
    }
    const { types } = schemaTypes(schema);
    if (Array.isArray(schema.enum) && schema.enum.some((v) => typeof v === 'string')) {
      return { kind: 'enum', values: schema.enum.filter((v): v is string => typeof v === 'string') };
    }
    if (types.length > 1) return { kind: 'union', tagged: false, branches: types.map(() => ({})) };
    switch (types[0]) {
      case 'string':
        if (schema.format === 'byte' || schema.format === 'binary' || typeof schema.contentEncoding === 'string') return { kind: 'bytes' };
        if (schema.format === 'int64' || schema.format === 'uint64') return { kind: 'integer' };
        return { kind: 'string' };
      case 'integer': return { kind: 'integer' };
      case 'number': return { kind: 'number' };
      case 'boolean': return { kind: 'boolean' };
      case 'null': return { kind: 'null' };
      case 'array': return { kind: 'array', items: this.shape(schema.items, depth + 1) };
      default: return this.object(schema, depth);
    }
  }

  /** A union branch: the property names it holds (references and allOf resolved). */
  private branch(value: unknown, depth: number): unknown {
    const s = this.object(deref(this.document, value) as SchemaObject, depth);
    if (s.kind === 'object') return [...s.props.keys()].sort();
    return s.kind;
  }

  private object(schema: SchemaObject, depth: number): Shape {
    const props = new Map<string, unknown>();
    const unions: unknown[][] = [];
    const visit = (value: unknown, d: number): void => {
      const s = deref<unknown>(this.document, value);
      if (!isObject(s) || d > 40) return;
      if (Array.isArray(s.allOf)) for (const m of s.allOf) visit(m, d + 1);
      if (isObject(s.properties)) for (const [k, p] of Object.entries(s.properties)) props.set(k, p);
    };
    visit(schema, depth);
    if (props.size === 0) {
      if (schema.additionalProperties === true || isObject(schema.additionalProperties)) {
        return { kind: 'map', value: this.shape(schema.additionalProperties === true ? {} : schema.additionalProperties, depth + 1) };
      }
      if (!Array.isArray(schema.allOf) && !isObject(schema.properties)) return { kind: 'any' };
    }
    return { kind: 'object', props, unions };
  }
}

/**
 * Differences between an original component and its export (empty when the shapes agree).
 * `stripped` are properties import removed on purpose (a discriminated variant's tag).
 */
export function compareShapes(
  original: ShapeReader, exported: ShapeReader, a: unknown, b: unknown, where: string, stripped: ReadonlySet<string> = new Set(), seen = new Set<string>(),
): string[] {
  const x = original.shape(a, 0);
  let y = exported.shape(b, 0);
  if (x.kind !== 'ref' && y.kind === 'ref') y = exported.shape(y.target, 0, true); // an inline schema became a nested type
  if (x.kind === 'ref' && y.kind === 'ref') return x.name === y.name ? [] : [`${where}: refers to ${x.name}, export to ${y.name}`];
  if (x.kind === 'any') return []; // Json.Value: anything
  if (x.kind === 'map') {
    if (y.kind !== 'array') return [`${where}: a map should be a list of entries, export has ${y.kind}`];
    const entry = y.items as Shape;
    const entryShape = entry.kind === 'ref' ? exported.shape(entry.target, 0, true) : entry;
    if (entryShape.kind !== 'object' || !entryShape.props.has('key') || !entryShape.props.has('value')) return [`${where}: map entries lack key/value`];
    const additional = deref<SchemaObject>(originalDocument(original), a).additionalProperties;
    return compareShapes(original, exported, additional === true ? {} : additional, entryShape.props.get('value'), `${where}{}`, new Set(), seen);
  }
  if (x.kind === 'union') {
    if (y.kind !== 'object' || y.unions.length === 0) {
      const exportedUnion = y.kind === 'union' ? y : null;
      if (exportedUnion === null) return [`${where}: a union became ${y.kind}`];
      if (exportedUnion.branches.length !== x.branches.length) return [`${where}: ${x.branches.length} branches became ${exportedUnion.branches.length}`];
      if (!x.tagged) return [];
      return compareBranches(x.branches, exportedUnion.branches, where);
    }
    return [];
  }
  if (y.kind !== x.kind && !(x.kind === 'object' && y.kind === 'union')) return [`${where}: ${x.kind} became ${y.kind}`];
  switch (x.kind) {
    case 'enum': {
      const values = (y as { values: string[] }).values;
      return JSON.stringify(x.values) === JSON.stringify(values) ? [] : [`${where}: enum ${JSON.stringify(x.values)} became ${JSON.stringify(values)}`];
    }
    case 'array': return compareShapes(original, exported, deref<SchemaObject>(originalDocument(original), a).items, deref<SchemaObject>(originalDocument(exported), b).items, `${where}[]`, new Set(), seen);
    case 'object': {
      const key = `${where}`;
      if (seen.has(key)) return [];
      seen.add(key);
      const yo = y as Extract<Shape, { kind: 'object' }>;
      const out: string[] = [];
      const expected = [...x.props.keys()].filter((k) => !stripped.has(k));
      const missing = expected.filter((k) => !yo.props.has(k));
      const extra = [...yo.props.keys()].filter((k) => !expected.includes(k) && !k.startsWith('obsolete'));
      if (missing.length > 0) out.push(`${where}: export lacks ${missing.join(', ')}`);
      if (extra.length > 0) out.push(`${where}: export adds ${extra.join(', ')}`);
      for (const k of expected) if (yo.props.has(k)) out.push(...compareShapes(original, exported, x.props.get(k), yo.props.get(k), `${where}.${k}`, new Set(), seen));
      return out;
    }
    default: return [];
  }
}

function compareBranches(a: unknown[], b: unknown[], where: string): string[] {
  const norm = (list: unknown[]): string[] => list.map((v) => JSON.stringify(v)).sort();
  const x = norm(a);
  const y = norm(b);
  return JSON.stringify(x) === JSON.stringify(y) ? [] : [`${where}: union branches ${x.join(' | ')} became ${y.join(' | ')}`];
}

function originalDocument(reader: ShapeReader): SchemaObject {
  return (reader as unknown as { document: SchemaObject }).document;
}

/** Component names used as variants of a discriminated oneOf, with the tag property each loses. */
export function discriminatedVariants(document: SchemaObject): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const walk = (node: unknown, depth: number): void => {
    if (depth > 200) return;
    if (Array.isArray(node)) {
      for (const item of node) walk(item, depth + 1);
      return;
    }
    if (!isObject(node)) return;
    const variants = node.oneOf ?? node.anyOf;
    if (isObject(node.discriminator) && typeof node.discriminator.propertyName === 'string' && Array.isArray(variants)) {
      const refs = variants.filter((v) => !isNullSchema(v)).map((v) => (isObject(v) && typeof v.$ref === 'string' ? componentName(v.$ref) : null));
      if (refs.every((r) => r !== null)) {
        for (const r of refs) {
          const set = out.get(r!) ?? new Set<string>();
          set.add(node.discriminator.propertyName);
          out.set(r!, set);
        }
      }
    }
    for (const v of Object.values(node)) walk(v, depth + 1);
  };
  walk(document, 0);
  return out;
}
