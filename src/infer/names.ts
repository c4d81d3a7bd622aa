/**
 * Names for what inference declares: JSON keys to valid field names (camelCase) and type names
 * (PascalCase, clear of the built-in types), list element types named after their list, and
 * numbered names where two would collide.
 */

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
export function singular(name: string): string {
  if (/ies$/.test(name) && name.length > 4) return `${name.slice(0, -3)}y`;
  if (/[^s]s$/.test(name) && name.length > 3) return name.slice(0, -1);
  return `${name}Element`;
}

export function unique(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let n = 2; taken.has(candidate); n++) candidate = `${name}${n}`;
  taken.add(candidate);
  return candidate;
}
