/**
 * What an OpenAPI schema maps to: a Cap'n Proto type as a field uses it (`TypeRef`), the scope
 * nested declarations go into, and the built-in types.
 */
import type { Decl, StorageKind, StructDecl } from './model.js';
import type { NameScope } from './names.js';

/** A type as a field uses it. */
export interface TypeRef {
  readonly text: string;
  readonly storage: StorageKind;
  /** Field annotations the type needs (`$Json.base64`). */
  readonly annotations: readonly string[];
  /** The struct declaration, when the type is a struct of this file. */
  readonly struct?: StructDecl;
}

/** Where nested declarations go: the file or a struct / interface. */
export interface Scope {
  readonly path: string;
  readonly id: bigint;
  readonly names: NameScope;
  add(decl: Decl): void;
}

export const BUILTIN: Record<string, StorageKind> = {
  Void: 'scalar', Bool: 'scalar', Int8: 'scalar', Int16: 'scalar', Int32: 'scalar', Int64: 'scalar',
  UInt8: 'scalar', UInt16: 'scalar', UInt32: 'scalar', UInt64: 'scalar', Float32: 'scalar', Float64: 'scalar',
  Text: 'pointer', Data: 'pointer',
};

export const INTEGER_FORMATS: Record<string, string> = {
  int8: 'Int8', int16: 'Int16', int32: 'Int32', int64: 'Int64', uint8: 'UInt8', uint16: 'UInt16', uint32: 'UInt32', uint64: 'UInt64',
};

export function builtin(text: string, annotations: readonly string[] = []): TypeRef {
  return { text, storage: BUILTIN[text] ?? 'pointer', annotations };
}

export const JSON_VALUE: TypeRef = { text: 'Json.Value', storage: 'pointer', annotations: [] };
