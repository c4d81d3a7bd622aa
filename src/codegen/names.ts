/**
 * Naming generated TypeScript. Schema names never contain `_` or `$` (the schema language
 * forbids underscores), so joining nested names with `_` cannot collide with a declared name,
 * and `$` marks names the generator made up.
 */
const RESERVED = new Set([
  'break', 'case', 'catch', 'class', 'const', 'continue', 'debugger', 'default', 'delete', 'do', 'else', 'enum',
  'export', 'extends', 'false', 'finally', 'for', 'function', 'if', 'import', 'in', 'instanceof', 'new', 'null',
  'return', 'super', 'switch', 'this', 'throw', 'true', 'try', 'typeof', 'var', 'void', 'while', 'with', 'yield',
  'let', 'static', 'implements', 'interface', 'package', 'private', 'protected', 'public', 'await', 'arguments',
  'eval', 'undefined', 'NaN', 'Infinity', 'any', 'boolean', 'number', 'string', 'symbol', 'bigint', 'object',
  'never', 'unknown', 'type', 'Object', 'Array', 'Uint8Array', 'Error', 'Map', 'Set', 'Symbol', 'Promise',
  // Globals that generated code itself names (the typed arrays of primitive lists), so a schema
  // type of the same name must not shadow them.
  'Int8Array', 'Int16Array', 'Uint16Array', 'Int32Array', 'Uint32Array', 'Float32Array', 'Float64Array',
  'BigInt64Array', 'BigUint64Array',
]);

export function capitalize(name: string): string {
  return name.length === 0 ? name : name[0]!.toUpperCase() + name.slice(1);
}

/** Hands out file-level identifiers, resolving collisions deterministically with a `$n` suffix. */
export class NameRegistry {
  private readonly taken = new Set<string>(['$']);

  claim(wanted: string): string {
    let name = RESERVED.has(wanted) ? `${wanted}$` : wanted;
    for (let n = 2; this.taken.has(name); n++) name = `${wanted}$${n}`;
    this.taken.add(name);
    return name;
  }
}

/**
 * Names of the helpers: those generated for a field (`hasName`, `initName`, `disownName`,
 * `adoptName`) and the common members (`which`, `toObject`, `assign`, `asReader`). A helper
 * whose name equals one of the scope's field names gets a `$` suffix, since the schema's names
 * win; no field name contains `$`, so the suffixed name is free. Every helper goes through
 * `helper`, so the rule holds for all of them alike.
 */
export class MemberNames {
  private readonly fields: Set<string>;

  constructor(fieldNames: Iterable<string>) {
    this.fields = new Set(fieldNames);
  }

  helper(name: string): string {
    return this.fields.has(name) ? `${name}$` : name;
  }

  /** The accessor name of a field (only `constructor` cannot be an accessor). */
  static accessor(field: string): string {
    return field === 'constructor' ? 'constructor$' : field;
  }
}

/** A property key usable in object types and literals. */
export function propertyKey(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name);
}
