/**
 * Comparing plain-object values after a round trip: what was given must read back (floats as
 * the field stores them, a null pointer as null or the field's default), and two object forms
 * of the same message must be equal once their byte arrays are made comparable.
 */
import { expect } from 'vitest';
import type { DynamicType, StructSchema } from '../../../src/dynamic/index.js';
import { hasObjectForm } from './random-values.js';

/** An object form with Uint8Arrays as hex strings and typed arrays as arrays, for `toEqual`. */
export function comparable(value: unknown): unknown {
  if (value instanceof Uint8Array) return `bytes:${Buffer.from(value).toString('hex')}`;
  if (ArrayBuffer.isView(value)) return Array.from(value as unknown as ArrayLike<unknown>);
  if (Array.isArray(value)) return value.map(comparable);
  if (typeof value === 'number' && Number.isNaN(value)) return 'NaN';
  if (typeof value === 'number' && Object.is(value, -0)) return '-0';
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, comparable(v)]));
  }
  return value;
}

export interface ReadBackOptions {
  /**
   * What a float reads back as after the trip (default: the value itself, rounded to Float32
   * for a Float32). The text format writes floats as the reference does: Float32 with at most 8
   * significant digits, which now and then do not read back exactly, and -0 as `-0`, which
   * reads back as 0 (both tools alike).
   */
  float?: (value: number, kind: 'float32' | 'float64') => number;
}

/** Asserts that every value `given` for `type` reads back in `got`. */
export function expectReadsBack(type: DynamicType, given: unknown, got: unknown, path: string, options: ReadBackOptions = {}): void {
  switch (type.kind) {
    case 'float32': case 'float64': {
      const stored = type.kind === 'float32' ? Math.fround(given as number) : given as number;
      expect(comparable(got), path).toEqual(comparable(options.float ? options.float(stored, type.kind) : stored));
      return;
    }
    case 'struct': {
      expect(got, path).not.toBeNull();
      expectStructReadsBack(type.schema, given as Record<string, unknown>, got as Record<string, unknown>, path, options);
      return;
    }
    case 'list': {
      const items = given as unknown[];
      const back = got as unknown[];
      expect(back.length, path).toBe(items.length);
      items.forEach((item, i) => {
        // A null struct in a list of structs is an empty struct.
        if (item === null && type.element.kind === 'struct') return;
        expectReadsBack(type.element, item, back[i], `${path}[${i}]`, options);
      });
      return;
    }
    default:
      expect(comparable(got), path).toEqual(comparable(given));
  }
}

export function expectStructReadsBack(
  schema: StructSchema, given: Record<string, unknown>, got: Record<string, unknown>, path = '', options: ReadBackOptions = {},
): void {
  for (const field of schema.fieldsInCodeOrder) {
    if (!hasObjectForm(field.type)) continue;
    const value = given[field.name];
    if (value === undefined) continue;
    const at = path === '' ? field.name : `${path}.${field.name}`;
    if (field.discriminant >= 0) expect(Object.keys(got), at).toContain(field.name);
    // A null pointer reads as null, or as the field's explicit default.
    if (value === null && field.type.kind !== 'void') {
      if (!field.hadExplicitDefault) expect(got[field.name], at).toBeNull();
      continue;
    }
    expectReadsBack(field.type, value, got[field.name], at, options);
  }
}
