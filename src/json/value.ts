/**
 * JSON as a tree (`JsonValue`): what the JSON text parser (parse-text.ts) makes and the writer
 * (write-text.ts) takes, what the codec encodes messages to and decodes them from, and its
 * conversion to and from plain JavaScript values. Objects keep their fields in order,
 * duplicates included; numbers keep the text they were parsed from.
 */
import { CapnpError } from '../wire/index.js';
import { isStackOverflow } from '../runtime/error-path.js';

export type JsonValue =
  | { readonly type: 'null' }
  | { readonly type: 'boolean'; readonly value: boolean }
  | { readonly type: 'number'; readonly value: number; readonly text?: string }
  | { readonly type: 'string'; readonly value: string }
  | { readonly type: 'array'; readonly items: JsonValue[] }
  | { readonly type: 'object'; readonly fields: JsonField[] }
  | { readonly type: 'call'; readonly function: string; readonly params: JsonValue[] };

export interface JsonField {
  readonly name: string;
  readonly value: JsonValue;
}

export const JSON_NULL: JsonValue = Object.freeze({ type: 'null' });
/** The two booleans, shared (trees are never modified in place). */
export const JSON_TRUE: JsonValue = Object.freeze({ type: 'boolean', value: true });
export const JSON_FALSE: JsonValue = Object.freeze({ type: 'boolean', value: false });

export const DEFAULT_JSON_NESTING_LIMIT = 64;

/**
 * Runs a recursive walk of JSON; a stack overflow (a nesting limit raised past what the stack
 * holds, or a tree built deeper by hand) becomes NESTING_LIMIT.
 */
export function withinStack<T>(verb: string, walk: () => T): T {
  try {
    return walk();
  } catch (e) {
    if (isStackOverflow(e)) throw new CapnpError('NESTING_LIMIT', `the JSON nests too deeply to ${verb} (the stack ran out); lower maxNestingDepth`);
    throw e;
  }
}

/** A JSON tree from a plain JavaScript value (objects, arrays, strings, numbers, booleans, null). */
export function fromPlain(value: unknown): JsonValue {
  return withinStack('convert', () => plainToTree(value));
}

function plainToTree(value: unknown): JsonValue {
  if (value === null || value === undefined) return JSON_NULL;
  switch (typeof value) {
    case 'boolean': return { type: 'boolean', value };
    case 'number': return { type: 'number', value };
    case 'bigint': return { type: 'number', value: Number(value), text: value.toString() };
    case 'string': return { type: 'string', value };
    default:
      if (Array.isArray(value)) return { type: 'array', items: value.map(plainToTree) };
      return { type: 'object', fields: Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).map(([name, v]) => ({ name, value: plainToTree(v) })) };
  }
}

/** A plain JavaScript value from a JSON tree (calls become `{ function, params }`). */
export function toPlain(value: JsonValue): unknown {
  return withinStack('convert', () => treeToPlain(value));
}

function treeToPlain(value: JsonValue): unknown {
  switch (value.type) {
    case 'null': return null;
    case 'boolean': case 'number': case 'string': return value.value;
    case 'array': return value.items.map(treeToPlain);
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const f of value.fields) out[f.name] = treeToPlain(f.value);
      return out;
    }
    case 'call': return { function: value.function, params: value.params.map(treeToPlain) };
  }
}
