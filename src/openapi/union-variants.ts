/**
 * Recognising what `capstan openapi export` writes for the branches of a union, so that an
 * exported spec imports back to the same union.
 */
import { componentName, isObject, type SchemaObject } from './spec-walk.js';

/**
 * The component a union variant stands for: `{$ref}`, or `{allOf: [{$ref}, ...]}` where the
 * other members only pin the tag (as `capstan openapi export` writes discriminated variants).
 */
export function variantRef(variant: unknown): string | null {
  if (!isObject(variant)) return null;
  if (typeof variant.$ref === 'string') return componentName(variant.$ref);
  if (Array.isArray(variant.allOf)) {
    const refs = variant.allOf.filter((m) => isObject(m) && typeof m.$ref === 'string');
    const others = variant.allOf.filter((m) => !(isObject(m) && typeof m.$ref === 'string'));
    const onlyTags = others.every((m) => isObject(m) && (!isObject(m.properties) || Object.values(m.properties).every((p) => isObject(p) && 'const' in p)));
    if (refs.length === 1 && onlyTags && !isObject(variant.properties)) return componentName((refs[0] as SchemaObject).$ref as string);
  }
  return null;
}

/**
 * The one property of a union branch `{properties: {k: S}, required: [k]}` (how export writes
 * a member of an untagged union), or null.
 */
export function singleProperty(variant: unknown): [string, unknown] | null {
  if (!isObject(variant) || !isObject(variant.properties) || typeof variant.$ref === 'string' || variant.allOf !== undefined) return null;
  const entries = Object.entries(variant.properties);
  if (entries.length !== 1 || !Array.isArray(variant.required) || !variant.required.includes(entries[0]![0])) return null;
  if (variant.type !== undefined && variant.type !== 'object') return null;
  return entries[0]!;
}
