/**
 * fast-check arbitraries for the property tests: random schemas (test/compiler's generator,
 * optionally with compat/json.capnp annotations) compiled in memory by Capstan's compiler, and
 * values of their struct types in the plain-object form (docs/objects.md), derived from the
 * loaded schema, so that any schema the generator makes gets values without a second
 * description of it.
 */
import fc from 'fast-check';
import { compile } from '../../../src/compiler/index.js';
import { loadSchema, type DynamicType, type StructField, type StructSchema } from '../../../src/dynamic/index.js';
import type { CodeGeneratorRequest } from '../../../src/schema/index.js';
import { randomSchema } from '../../compiler/support/random-schema.js';

export const FILE = '/random.capnp';

export interface RandomSchema {
  seed: number;
  json: boolean;
  text: string;
  request: CodeGeneratorRequest;
  /** The top-level, non-generic structs, by name. */
  structs: Map<string, StructSchema>;
}

const cache = new Map<string, RandomSchema | null>();

/** The random schema of `seed`, compiled and loaded; null when it does not compile (a few don't, on purpose). */
export function schemaOf(seed: number, json = false): RandomSchema | null {
  const key = `${seed}:${json}`;
  if (cache.has(key)) return cache.get(key)!;
  const text = randomSchema(seed, undefined, { json });
  const { request, diagnostics } = compile({ files: [FILE], sources: { [FILE]: text } });
  let result: RandomSchema | null = null;
  if (request !== null && diagnostics.length === 0) {
    const loader = loadSchema(request);
    const structs = new Map<string, StructSchema>();
    for (const [, name] of text.matchAll(/^struct (\w+) [{$]/gm)) structs.set(name!, loader.struct(name!));
    result = { seed, json, text, request, structs };
  }
  cache.set(key, result);
  return result;
}

/** Seeds of schemas that compile. */
export function schemaSeed(json = false): fc.Arbitrary<number> {
  return fc.integer({ min: 0, max: 0x7fffffff }).filter((seed) => schemaOf(seed, json) !== null);
}

/** Names a struct of a random schema (plain data, so that a counterexample prints short). */
export interface StructRef {
  seed: number;
  json: boolean;
  name: string;
}

/** The struct `ref` names. */
export function structOf(ref: StructRef): StructSchema {
  return schemaOf(ref.seed, ref.json)!.structs.get(ref.name)!;
}

export interface RandomOptions {
  /** compat/json.capnp annotations on the schema (default false). */
  json?: boolean;
  /**
   * Only structs with no AnyPointer or capability anywhere inside (the JSON codec refuses to
   * write those, as the reference does, even when null in a union). Default false.
   */
  plain?: boolean;
  /**
   * Whether a union member that is a pointer may be null (default true). The text format
   * and JSON write such a member as its default value (`[]`, `""`), which reads back as an
   * empty, not a null, pointer.
   */
  nullInUnions?: boolean;
  /** How many values (default 1 to 4). */
  count?: { minLength: number; maxLength: number };
}

/** Whether a capability or AnyPointer can be found in `schema`'s values. */
export function reachesOpaque(schema: StructSchema, seen = new Set<string>()): boolean {
  const key = `${schema.id}:${schema.brandKey}`;
  if (seen.has(key)) return false;
  seen.add(key);
  const opaque = (type: DynamicType): boolean => {
    if (type.kind === 'interface' || type.kind === 'anyPointer') return true;
    if (type.kind === 'list') return opaque(type.element);
    if (type.kind === 'struct') return reachesOpaque(type.schema, seen);
    return false;
  };
  return schema.fields.some((f) => opaque(f.type));
}

/** A random schema's struct. */
export function randomStruct(options: RandomOptions = {}): fc.Arbitrary<StructRef> {
  const json = options.json ?? false;
  return schemaSeed(json)
    .map((seed) => ({ seed, names: [...schemaOf(seed, json)!.structs].filter(([, s]) => !options.plain || !reachesOpaque(s)).map(([name]) => name) }))
    .filter(({ names }) => names.length > 0)
    .chain(({ seed, names }) => fc.constantFrom(...names).map((name) => ({ seed, json, name })));
}

/** A random schema's struct and values of it. */
export function randomValues(options: RandomOptions = {}): fc.Arbitrary<{ ref: StructRef; values: Record<string, unknown>[] }> {
  const nullInUnions = options.nullInUnions ?? true;
  return randomStruct(options).chain((ref) => fc.record({
    ref: fc.constant(ref),
    values: fc.array(structValue(structOf(ref), 0, nullInUnions), options.count ?? { minLength: 1, maxLength: 4 }),
  }));
}

/** How deep struct values nest (generic structs can refer to themselves). */
const MAX_DEPTH = 3;

const INT_RANGES: Record<string, [number, number]> = {
  int8: [-0x80, 0x7f], int16: [-0x8000, 0x7fff], int32: [-0x80000000, 0x7fffffff],
  uint8: [0, 0xff], uint16: [0, 0xffff], uint32: [0, 0xffffffff],
};

/** Text that is valid Unicode: printable ASCII, control characters and escapes, and beyond. */
const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'binary-ascii', maxLength: 8 }),
  fc.string({ unit: 'grapheme', maxLength: 6 }),
  fc.constantFrom('', '"', '\\', '\n\t', 'é☃😀', '\u0001\u007f', '#(not a comment)', '${x}'),
);

/** Whether a field can hold a plain-object value (capabilities and AnyPointer cannot). */
export function hasObjectForm(type: DynamicType): boolean {
  if (type.kind === 'interface' || type.kind === 'anyPointer') return false;
  if (type.kind === 'list') return hasObjectForm(type.element);
  return true;
}

/** A value of `type` in the plain-object form. */
export function valueOf(type: DynamicType, depth = 0, nullInUnions = true): fc.Arbitrary<unknown> {
  switch (type.kind) {
    case 'void': return fc.constant(null);
    case 'bool': return fc.boolean();
    case 'int8': case 'int16': case 'int32': case 'uint8': case 'uint16': case 'uint32': {
      const [min, max] = INT_RANGES[type.kind]!;
      return fc.integer({ min, max });
    }
    case 'int64': return fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n });
    case 'uint64': return fc.bigInt({ min: 0n, max: 2n ** 64n - 1n });
    case 'float32': return fc.float();
    case 'float64': return fc.double();
    case 'text': return text;
    case 'data': return fc.uint8Array({ maxLength: 12 });
    case 'enum': return fc.integer({ min: 0, max: type.schema.enumerants.length - 1 });
    case 'struct': return structValue(type.schema, depth + 1, nullInUnions);
    case 'list':
      if (depth >= MAX_DEPTH) return fc.constant([]);
      return fc.array(valueOf(type.element, depth + 1, nullInUnions), { maxLength: 4 });
    default: return fc.constant(undefined);
  }
}

function fieldValue(field: StructField, depth: number, nullInUnions: boolean): fc.Arbitrary<unknown> {
  const type = field.type;
  if (field.isGroup && type.kind === 'struct') return structValue(type.schema, depth, nullInUnions);
  const value = valueOf(type, depth, nullInUnions);
  // Pointer fields are null now and then (a null pointer).
  const pointer = type.kind === 'text' || type.kind === 'data' || type.kind === 'list' || type.kind === 'struct';
  if (!pointer || (field.discriminant >= 0 && !nullInUnions)) return value;
  return fc.option(value, { nil: null, freq: 6 });
}

/** A struct value: some of its fields outside the union, and at most one union member. */
export function structValue(schema: StructSchema, depth = 0, nullInUnions = true): fc.Arbitrary<Record<string, unknown>> {
  if (depth > MAX_DEPTH) return fc.constant({});
  const fields = schema.fieldsInCodeOrder.filter((f) => hasObjectForm(f.type));
  const common = fields.filter((f) => f.discriminant < 0);
  const members = fields.filter((f) => f.discriminant >= 0);
  const record = fc.record(
    Object.fromEntries(common.map((f) => [f.name, fieldValue(f, depth, nullInUnions)])),
    { requiredKeys: [] },
  ) as fc.Arbitrary<Record<string, unknown>>;
  if (members.length === 0) return record;
  const member = fc.oneof(
    fc.constant({}),
    ...members.map((f) => fieldValue(f, depth, nullInUnions).map((v) => ({ [f.name]: v }))),
  );
  return fc.tuple(record, member).map(([a, b]) => ({ ...a, ...b }));
}

/**
 * A value for `schema` in which any field may hold anything at all (a string for a list, a
 * number for a struct, an object for Text...): what `encode` of untrusted input meets.
 */
export function wildValue(schema: StructSchema, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const fields = schema.fieldsInCodeOrder;
  const wild = (field: StructField): fc.Arbitrary<unknown> => {
    const type = field.type;
    const nested = depth < MAX_DEPTH && type.kind === 'struct' ? [wildValue(type.schema, depth + 1)]
      : depth < MAX_DEPTH && type.kind === 'list' && type.element.kind === 'struct' ? [fc.array(wildValue(type.element.schema, depth + 1), { maxLength: 3 })]
        : [];
    return fc.oneof(valueOf(type, depth), fc.anything({ maxDepth: 2, withBigInt: true, withTypedArray: true, withNullPrototype: true }), ...nested);
  };
  return fc.record(Object.fromEntries(fields.map((f) => [f.name, wild(f)])), { requiredKeys: [] }) as fc.Arbitrary<Record<string, unknown>>;
}

/** How many runs a property makes: `n`, times CAPSTAN_PROPERTY_SCALE for longer runs by hand. */
export function runs(n: number): number {
  return Math.max(1, Math.round(n * Number(process.env.CAPSTAN_PROPERTY_SCALE ?? 1)));
}
