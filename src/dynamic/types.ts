/**
 * Types as the dynamic API sees them: schema types with every generic parameter resolved
 * through its brand. A `List(T)` whose `T` is bound to a struct is a struct list, exactly as
 * generated code and the reference implementation read it; a parameter nothing binds is an
 * AnyPointer.
 */
import { BUILTIN_TYPE_NAMES, listElementSizeOf } from '../schema/builtin-types.js';
import type { EnumSchema, InterfaceSchema, StructSchema } from './schema.js';

export type PrimitiveKind =
  | 'void' | 'bool'
  | 'int8' | 'int16' | 'int32' | 'int64'
  | 'uint8' | 'uint16' | 'uint32' | 'uint64'
  | 'float32' | 'float64';

/** What an AnyPointer may hold: anything, a struct, a list, or a capability. */
export type AnyPointerConstraint = 'any' | 'struct' | 'list' | 'capability';

export type DynamicType =
  | { readonly kind: PrimitiveKind }
  | { readonly kind: 'text' }
  | { readonly kind: 'data' }
  | ListType
  | { readonly kind: 'enum'; readonly schema: EnumSchema }
  | { readonly kind: 'struct'; readonly schema: StructSchema }
  | { readonly kind: 'interface'; readonly schema: InterfaceSchema }
  | { readonly kind: 'anyPointer'; readonly constraint: AnyPointerConstraint };

export interface ListType {
  readonly kind: 'list';
  readonly element: DynamicType;
}

export type TypeKind = DynamicType['kind'];

const PRIMITIVE_KINDS: readonly PrimitiveKind[] = [
  'void', 'bool', 'int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64', 'float32', 'float64',
];

/** One shared descriptor per primitive type (and for Text, Data and the AnyPointer kinds). */
export const TYPES = {
  ...(Object.fromEntries(PRIMITIVE_KINDS.map((k) => [k, Object.freeze({ kind: k })])) as { readonly [K in PrimitiveKind]: { readonly kind: K } }),
  text: Object.freeze({ kind: 'text' as const }),
  data: Object.freeze({ kind: 'data' as const }),
  anyPointer: Object.freeze({ kind: 'anyPointer' as const, constraint: 'any' as const }),
  anyStruct: Object.freeze({ kind: 'anyPointer' as const, constraint: 'struct' as const }),
  anyList: Object.freeze({ kind: 'anyPointer' as const, constraint: 'list' as const }),
  capability: Object.freeze({ kind: 'anyPointer' as const, constraint: 'capability' as const }),
};

export function listType(element: DynamicType): ListType {
  return { kind: 'list', element };
}

/** Bytes a data field or list element of this kind takes (0 for void, bool and pointers). */
export const PRIMITIVE_BYTES: Readonly<Record<string, number>> = {
  int8: 1, uint8: 1, int16: 2, uint16: 2, enum: 2, int32: 4, uint32: 4, float32: 4, int64: 8, uint64: 8, float64: 8,
};

export function isPointerType(type: DynamicType): boolean {
  switch (type.kind) {
    case 'text': case 'data': case 'list': case 'struct': case 'interface': case 'anyPointer': return true;
    default: return false;
  }
}

/** The element size a list of `element` is encoded with. */
export function listElementSize(element: DynamicType): number {
  return listElementSizeOf(element.kind);
}

/** The type as the schema language writes it: `List(Text)`, `Foo`, `AnyPointer`... */
export function typeName(type: DynamicType): string {
  switch (type.kind) {
    case 'list': return `List(${typeName(type.element)})`;
    case 'enum': case 'struct': case 'interface': return type.schema.shortName;
    case 'anyPointer':
      switch (type.constraint) {
        case 'struct': return 'AnyStruct';
        case 'list': return 'AnyList';
        case 'capability': return 'Capability';
        default: return 'AnyPointer';
      }
    default: return BUILTIN_TYPE_NAMES[type.kind];
  }
}

/** A key identifying a resolved type (for caching branded schemas). */
export function typeKey(type: DynamicType): string {
  switch (type.kind) {
    case 'list': return `L(${typeKey(type.element)})`;
    case 'enum': return `E${type.schema.id.toString(16)}`;
    case 'struct': return `S${type.schema.id.toString(16)}${type.schema.brandKey}`;
    case 'interface': return `I${type.schema.id.toString(16)}${type.schema.brandKey}`;
    case 'anyPointer': return `P${type.constraint}`;
    default: return type.kind;
  }
}
