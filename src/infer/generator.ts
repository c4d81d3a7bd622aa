/**
 * The schema for a shape: structs (nested in the struct that uses them), lists, scalars, and
 * `Json.Value` where no typed field would read back the same JSON; then rendered as `.capnp`
 * text.
 */
import { Shape } from './shape.js';
import { fieldName, singular, typeNameForKey, unique } from './names.js';

export interface StructDecl {
  name: string;
  lines: string[];
  nested: StructDecl[];
}

export class Generator {
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

export function render(decl: StructDecl, indent: string, out: string[]): void {
  out.push(`${indent}struct ${decl.name} {`);
  for (const line of decl.lines) out.push(`${indent}  ${line}`);
  for (const nested of decl.nested) {
    out.push('');
    render(nested, `${indent}  `, out);
  }
  out.push(`${indent}}`);
}
