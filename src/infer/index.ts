/**
 * Schema inference (`capstan infer`): a `.capnp` schema for JSON samples, chosen so that each
 * sample converts to binary and back (with the JSON codec, Capstan's or the reference's)
 * without losing anything:
 *
 * - objects become structs (nested in the struct that uses them), arrays lists, strings Text,
 *   booleans Bool;
 * - integers become Int32, or UInt32, when every sample fits, else Float64 (the JSON mapping
 *   writes 64-bit integers as strings, which would not read back as numbers); any fraction or
 *   exponent makes a Float64;
 * - fields seen in some objects only stay optional: pointer types are simply absent; numbers
 *   and booleans, which a struct always holds, become `Json.Value` (absent when missing);
 * - `null` is `Void` when a field is always null, and otherwise makes the field a `Json.Value`,
 *   as do values of mixed kinds (compat/json.capnp is then imported);
 * - keys that are not valid field names are renamed (camelCase) and keep their JSON name
 *   through `$Json.name`.
 *
 * Samples: one JSON object, several concatenated objects, or an array of objects; all are
 * merged.
 */
import { CapnpError, ErrorCode } from '../wire/index.js';
import { fromPlain, parseJsonStream, type JsonValue } from '../json/index.js';

export interface InferOptions {
  /** The file id (a 64-bit value with the top bit set). Default: random. */
  id?: bigint;
  /** Maximum nesting of the JSON samples. Default 64. */
  maxNestingDepth?: number;
}

/** What was seen at one place of the samples. */
class Shape {
  count = 0;
  nulls = 0;
  bools = 0;
  strings = 0;
  ints = 0;
  floats = 0;
  intMin = 0n;
  intMax = 0n;
  arrays = 0;
  element: Shape | null = null;
  objects = 0;
  readonly fields = new Map<string, Shape>();
  /** Objects each key was present in. */
  readonly present = new Map<string, number>();

  add(value: JsonValue): void {
    this.count++;
    switch (value.type) {
      case 'null': this.nulls++; break;
      case 'boolean': this.bools++; break;
      case 'string': this.strings++; break;
      case 'number': {
        const text = value.text ?? String(value.value);
        if (/^-?\d+$/.test(text)) {
          const n = BigInt(text);
          if (this.ints === 0 || n < this.intMin) this.intMin = n;
          if (this.ints === 0 || n > this.intMax) this.intMax = n;
          this.ints++;
        } else {
          this.floats++;
        }
        break;
      }
      case 'array':
        this.arrays++;
        this.element ??= new Shape();
        for (const item of value.items) this.element.add(item);
        break;
      case 'object': {
        this.objects++;
        const seen = new Set<string>();
        for (const { name, value: v } of value.fields) {
          let shape = this.fields.get(name);
          if (!shape) {
            shape = new Shape();
            this.fields.set(name, shape);
          }
          shape.add(v);
          if (!seen.has(name)) {
            seen.add(name);
            this.present.set(name, (this.present.get(name) ?? 0) + 1);
          }
        }
        break;
      }
      case 'call':
        this.strings = this.count * 2; // no typed form: forces Json.Value
        break;
    }
  }

  /** Kinds of non-null values seen. */
  kinds(): number {
    return (this.bools > 0 ? 1 : 0) + (this.strings > 0 ? 1 : 0) + (this.ints + this.floats > 0 ? 1 : 0)
      + (this.arrays > 0 ? 1 : 0) + (this.objects > 0 ? 1 : 0);
  }
}

const BUILTIN_TYPES = new Set([
  'Void', 'Bool', 'Int8', 'Int16', 'Int32', 'Int64', 'UInt8', 'UInt16', 'UInt32', 'UInt64', 'Float32', 'Float64',
  'Text', 'Data', 'List', 'AnyPointer', 'AnyStruct', 'AnyList', 'Capability', 'Json',
]);

function words(key: string): string[] {
  return key.split(/[^A-Za-z0-9]+/).filter((w) => w !== '');
}

function capitalize(w: string): string {
  return w.charAt(0).toUpperCase() + w.slice(1);
}

/** A valid field name for a JSON key (camelCase, starting with a lowercase letter). */
export function fieldName(key: string): string {
  const parts = words(key);
  if (parts.length === 0) return 'field';
  const first = parts[0]!;
  let name = (first === first.toUpperCase() ? first.toLowerCase() : first.charAt(0).toLowerCase() + first.slice(1))
    + parts.slice(1).map(capitalize).join('');
  if (!/^[a-z]/.test(name)) name = `field${capitalize(name)}`;
  return name;
}

/** A valid type name for a JSON key (PascalCase). */
export function typeNameForKey(key: string): string {
  const parts = words(key);
  let name = parts.map(capitalize).join('');
  if (!/^[A-Z]/.test(name)) name = `T${name}`;
  if (BUILTIN_TYPES.has(name)) name = `${name}Struct`;
  return name;
}

/** The element type name for a list field (`stories` → `Story`). */
function singular(name: string): string {
  if (/ies$/.test(name) && name.length > 4) return `${name.slice(0, -3)}y`;
  if (/[^s]s$/.test(name) && name.length > 3) return name.slice(0, -1);
  return `${name}Element`;
}

function unique(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let n = 2; taken.has(candidate); n++) candidate = `${name}${n}`;
  taken.add(candidate);
  return candidate;
}

interface StructDecl {
  name: string;
  lines: string[];
  nested: StructDecl[];
}

class Generator {
  usesJson = false;

  /** A struct declaration for an object shape. */
  struct(name: string, shape: Shape): StructDecl {
    const decl: StructDecl = { name, lines: [], nested: [] };
    const fieldNames = new Set<string>();
    const typeNames = new Set<string>([name]);
    let ordinal = 0;
    for (const [key, field] of shape.fields) {
      const fname = unique(fieldName(key), fieldNames);
      const optional = (shape.present.get(key) ?? 0) < shape.objects;
      const type = this.fieldType(field, optional, typeNameForKey(key), typeNames, decl);
      const annotation = fname === key ? '' : ` $Json.name(${JSON.stringify(key)})`;
      if (annotation) this.usesJson = true;
      decl.lines.push(`${fname} @${ordinal++} :${type.name}${annotation};${type.comment ? `  # ${type.comment}` : ''}`);
    }
    return decl;
  }

  private fieldType(shape: Shape, optional: boolean, nameHint: string, taken: Set<string>, parent: StructDecl): { name: string; comment?: string } {
    const kinds = shape.kinds();
    if (kinds === 0) {
      if (!optional) return { name: 'Void', comment: 'always null in the samples' };
      return this.jsonValue('null in the samples, or missing');
    }
    if (kinds > 1) return this.jsonValue('values of different kinds');
    if (shape.nulls > 0) return this.jsonValue('sometimes null');
    if (shape.bools > 0 || shape.ints + shape.floats > 0) {
      if (optional) return this.jsonValue('missing in some objects');
      return { name: this.scalar(shape) };
    }
    return this.valueType(shape, nameHint, taken, parent);
  }

  /** The type of list elements (never optional; null elements need Json.Value). */
  private elementType(shape: Shape, nameHint: string, taken: Set<string>, parent: StructDecl): { name: string; comment?: string } {
    const kinds = shape.kinds();
    if (shape.count === 0) return { name: 'Text', comment: 'only empty lists in the samples' };
    if (kinds === 0) return { name: 'Void' };
    if (kinds > 1 || shape.nulls > 0) return this.jsonValue(kinds > 1 ? 'elements of different kinds' : 'some elements are null');
    if (shape.bools > 0 || shape.ints + shape.floats > 0) return { name: this.scalar(shape) };
    return this.valueType(shape, nameHint, taken, parent);
  }

  private valueType(shape: Shape, nameHint: string, taken: Set<string>, parent: StructDecl): { name: string; comment?: string } {
    if (shape.strings > 0) return { name: 'Text' };
    if (shape.arrays > 0) {
      const element = this.elementType(shape.element ?? new Shape(), singular(nameHint), taken, parent);
      return { name: `List(${element.name})`, ...(element.comment ? { comment: element.comment } : {}) };
    }
    const name = unique(nameHint, taken);
    parent.nested.push(this.struct(name, shape));
    return { name };
  }

  private scalar(shape: Shape): string {
    if (shape.bools > 0) return 'Bool';
    if (shape.floats > 0) return 'Float64';
    if (shape.intMin >= -(2n ** 31n) && shape.intMax < 2n ** 31n) return 'Int32';
    if (shape.intMin >= 0n && shape.intMax < 2n ** 32n) return 'UInt32';
    return 'Float64';
  }

  private jsonValue(comment: string): { name: string; comment: string } {
    this.usesJson = true;
    return { name: 'Json.Value', comment };
  }
}

function render(decl: StructDecl, indent: string, out: string[]): void {
  out.push(`${indent}struct ${decl.name} {`);
  for (const line of decl.lines) out.push(`${indent}  ${line}`);
  for (const nested of decl.nested) {
    out.push('');
    render(nested, `${indent}  `, out);
  }
  out.push(`${indent}}`);
}

/** A fresh file id: 64 random bits with the top bit set, as `capnp id` makes them. */
export function randomFileId(): bigint {
  const bytes = new Uint8Array(8);
  globalThis.crypto.getRandomValues(bytes);
  let id = 0n;
  for (const b of bytes) id = (id << 8n) | BigInt(b);
  return id | (1n << 63n);
}

/** The samples in `input`: a JSON text (one or more objects, or an array of objects) or a parsed value. */
function samples(input: string | unknown, maxNestingDepth: number): JsonValue[] {
  let values: JsonValue[];
  if (typeof input === 'string') {
    values = parseJsonStream(input, { maxNestingDepth });
  } else {
    values = [fromPlain(input)];
  }
  if (values.length === 1 && values[0]!.type === 'array') values = values[0]!.items;
  if (values.length === 0) throw new CapnpError(ErrorCode.INVALID_ARGUMENT, 'no JSON sample: the input is empty');
  for (const v of values) {
    if (v.type !== 'object') {
      throw new CapnpError(ErrorCode.INVALID_ARGUMENT, `a sample must be a JSON object (a message is a struct), found ${v.type === 'array' ? 'an array' : `a ${v.type}`}`);
    }
  }
  return values;
}

/**
 * The `.capnp` schema text for JSON `sample` (text or a parsed value), with its root struct
 * named after `name`.
 */
export function infer(name: string, sample: string | unknown, options?: InferOptions): string {
  const root = new Shape();
  for (const value of samples(sample, options?.maxNestingDepth ?? 64)) root.add(value);
  const generator = new Generator();
  const rootName = typeNameForKey(name);
  const decl = generator.struct(rootName, root);
  const id = options?.id ?? randomFileId();
  if (id < 2n ** 63n || id >= 2n ** 64n) throw new CapnpError(ErrorCode.INVALID_ARGUMENT, `a file id must be a 64-bit value with the top bit set, got 0x${id.toString(16)}`);
  const out = [
    `# ${rootName}: inferred by capstan from JSON samples.`,
    `@0x${id.toString(16)};`,
    '',
  ];
  if (generator.usesJson) out.push('using Json = import "/capnp/compat/json.capnp";', '');
  render(decl, '', out);
  return `${out.join('\n')}\n`;
}
