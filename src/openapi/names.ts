/**
 * Cap'n Proto names for OpenAPI names. The schema language wants type names that start with
 * a capital letter, other names that start with a lower-case one, and no underscores; OpenAPI
 * names are anything (`pet_type`, `nested-one-of-ref`, `200`). The JSON spelling of a renamed
 * field or enumerant is kept with `$Json.name`, so the conversion only has to be stable and
 * readable, not reversible.
 */
import { fieldName, typeNameForKey as inferTypeName } from '../infer/index.js';

/** Type names the generated file cannot declare: built-in types and the `Json` import. */
const RESERVED_TYPE_NAMES = new Set(['Json']);

/** A type name (PascalCase) for a schema, property or operation name. */
export function typeName(name: string): string {
  const base = inferTypeName(name);
  return RESERVED_TYPE_NAMES.has(base) ? `${base}Type` : base;
}

/** A field, method or enumerant name (camelCase; `ON_HOLD` → `onHold`, `pet_type` → `petType`). */
export function memberName(name: string): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter((w) => w !== '');
  // Words in capitals (`ON_HOLD`, `X-API-KEY`) read better as ordinary words.
  const calmed = words.map((w) => (/^[A-Z0-9]+$/.test(w) && /[A-Z]/.test(w) ? w.charAt(0) + w.slice(1).toLowerCase() : w));
  return fieldName(calmed.join('_'));
}

/** The element type's name for a list property (`tags` → `Tag`, `categories` → `Category`). */
export function singular(name: string): string {
  if (/ies$/.test(name) && name.length > 4) return `${name.slice(0, -3)}y`;
  if (/(ss|us|is)$/.test(name)) return `${name}Item`;
  if (/s$/.test(name) && name.length > 2) return name.slice(0, -1);
  return `${name}Item`;
}

/** Hands out names that are unique within one scope. */
export class NameScope {
  private readonly taken = new Set<string>();

  constructor(reserved: Iterable<string> = []) {
    for (const name of reserved) this.taken.add(name);
  }

  /** `name`, or `name2`, `name3`... when taken; the result is taken from then on. */
  claim(name: string): string {
    let candidate = name;
    for (let n = 2; this.taken.has(candidate); n++) candidate = `${name}${n}`;
    this.taken.add(candidate);
    return candidate;
  }

  has(name: string): boolean {
    return this.taken.has(name);
  }
}

/** `obsoleteName`: the name a member keeps once the spec has dropped it. */
export function obsoleteName(name: string): string {
  return `obsolete${name.charAt(0).toUpperCase()}${name.slice(1)}`;
}
