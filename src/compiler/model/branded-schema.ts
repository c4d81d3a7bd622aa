/**
 * Compiled nodes seen as schemas with their generic parameters bound: what the compiler
 * consults to interpret values (struct literals, enumerant names, constants) and to check that
 * a value's type is the expected one.
 *
 * A `BrandedSchema` is a node plus the bindings of the generic parameters of its scopes; a
 * `ResolvedType` is a type with every parameter reference replaced by what it is bound to (or
 * kept as a parameter when the scope is unbound). The rules follow the reference compiler's
 * schema loader, since they decide which values are accepted: two schemas are the same type
 * only when their bindings are the same, a parameter of a scope that is not bound reads as
 * AnyPointer, and so on.
 */
import type { Brand, Field, Node, Type } from '../../schema/types.js';

export type PrimitiveKind =
  | 'void' | 'bool' | 'int8' | 'int16' | 'int32' | 'int64' | 'uint8' | 'uint16' | 'uint32' | 'uint64'
  | 'float32' | 'float64' | 'text' | 'data';

export type AnyPointerKind = 'anyKind' | 'struct' | 'list' | 'capability';

export type ResolvedType =
  | { readonly which: PrimitiveKind }
  | { readonly which: 'list'; readonly element: ResolvedType }
  | { readonly which: 'enum' | 'struct' | 'interface'; readonly schema: BrandedSchema }
  | { readonly which: 'anyPointer'; readonly kind: AnyPointerKind }
  /** A generic parameter that is not bound where the type is used. */
  | { readonly which: 'anyPointer'; readonly parameter: { readonly scopeId: bigint; readonly index: number } }
  | { readonly which: 'anyPointer'; readonly implicitParameter: number };

/** The bindings of one generic scope: its parameters' types, or `unbound`. */
export interface ScopeBindings {
  readonly scopeId: bigint;
  readonly unbound: boolean;
  readonly bindings: readonly ResolvedType[];
}

/** Finds a compiled node (compiling it as far as needed) by id; null if it failed. */
export type NodeLookup = (id: bigint) => Node | null;

export class BrandedSchema {
  readonly node: Node;
  /** Sorted by scope id; empty for the default brand (every parameter reads as AnyPointer). */
  readonly scopes: readonly ScopeBindings[];
  /** The node as seen from inside itself: its own parameters stay parameters. */
  readonly isUnbound: boolean;

  constructor(node: Node, scopes: readonly ScopeBindings[], isUnbound: boolean) {
    this.node = node;
    this.scopes = scopes;
    this.isUnbound = isUnbound;
  }

  get id(): bigint {
    return this.node.id;
  }

  /** The name shown in messages: the last part of the display name. */
  get shortName(): string {
    return (this.node.displayName ?? '').slice(this.node.displayNamePrefixLength);
  }

  /** What parameter `index` of scope `scopeId` is bound to, seen from this schema. */
  brandBinding(scopeId: bigint, index: number): ResolvedType {
    for (const scope of this.scopes) {
      if (scope.scopeId !== scopeId) continue;
      if (scope.unbound) return { which: 'anyPointer', parameter: { scopeId, index } };
      // A parameter added after the binding was written reads as AnyPointer.
      return scope.bindings[index] ?? ANY_POINTER;
    }
    return this.isUnbound ? { which: 'anyPointer', parameter: { scopeId, index } } : ANY_POINTER;
  }

  /** The client bindings that this schema's `inherit` scopes take their arguments from. */
  get clientBindings(): readonly ScopeBindings[] | null {
    return this.isUnbound ? null : this.scopes;
  }
}

export const ANY_POINTER: ResolvedType = { which: 'anyPointer', kind: 'anyKind' };

export function sameType(a: ResolvedType, b: ResolvedType): boolean {
  if (a.which !== b.which) return false;
  switch (a.which) {
    case 'list':
      return sameType(a.element, (b as typeof a).element);
    case 'enum':
    case 'struct':
    case 'interface':
      return sameSchema(a.schema, (b as typeof a).schema);
    case 'anyPointer': {
      const other = b as typeof a;
      if ('kind' in a) return 'kind' in other && a.kind === other.kind;
      if ('parameter' in a) {
        return 'parameter' in other && a.parameter.scopeId === other.parameter.scopeId && a.parameter.index === other.parameter.index;
      }
      return 'implicitParameter' in other && a.implicitParameter === other.implicitParameter;
    }
    default:
      return true;
  }
}

export function sameSchema(a: BrandedSchema, b: BrandedSchema): boolean {
  if (a === b) return true;
  if (a.id !== b.id || a.isUnbound !== b.isUnbound || a.scopes.length !== b.scopes.length) return false;
  return a.scopes.every((scope, i) => {
    const other = b.scopes[i]!;
    return scope.scopeId === other.scopeId && scope.unbound === other.unbound &&
      scope.bindings.length === other.bindings.length &&
      scope.bindings.every((binding, j) => sameType(binding, other.bindings[j]!));
  });
}

const PRIMITIVES = new Set<string>([
  'void', 'bool', 'int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64', 'float32', 'float64', 'text', 'data',
]);

/** Which member of the `Type` union is set. */
export function typeWhich(type: Type): string {
  return Object.keys(type)[0]!;
}

/**
 * Interprets types against compiled nodes. `lookup` returns a node by id, compiling it on
 * demand (null when that failed, in which case the type cannot be interpreted).
 */
export class SchemaResolver {
  /** Looks up a type named directly (a value's type). */
  private readonly lookup: NodeLookup;
  /** Looks up a type used by a member of another node (a field's type, a binding). */
  private readonly dependency: NodeLookup;

  constructor(lookup: NodeLookup, dependency: NodeLookup) {
    this.lookup = lookup;
    this.dependency = dependency;
  }

  defaultBrand(node: Node): BrandedSchema {
    return new BrandedSchema(node, [], false);
  }

  /** The schema of `node` as seen from inside itself (its parameters unbound). */
  unbound(node: Node): BrandedSchema {
    return new BrandedSchema(node, [], node.isGeneric);
  }

  /** Binds the scopes of `brand` for `node`, taking inherited arguments from `client`. */
  makeBranded(node: Node, brand: Brand | null, client: readonly ScopeBindings[] | null): BrandedSchema {
    const scopes: ScopeBindings[] = [];
    for (const scope of brand?.scopes ?? []) {
      if ('bind' in scope) {
        const bindings = (scope.bind ?? []).map((binding) =>
          'type' in binding && binding.type !== null ? this.bindingType(binding.type, client) : ANY_POINTER);
        scopes.push({ scopeId: scope.scopeId, unbound: false, bindings });
      } else if (client === null) {
        scopes.push({ scopeId: scope.scopeId, unbound: true, bindings: [] });
      } else {
        const inherited = client.find((candidate) => candidate.scopeId === scope.scopeId);
        scopes.push(inherited ?? { scopeId: scope.scopeId, unbound: false, bindings: [] });
      }
    }
    scopes.sort((a, b) => (a.scopeId < b.scopeId ? -1 : a.scopeId > b.scopeId ? 1 : 0));
    return new BrandedSchema(node, scopes, false);
  }

  /**
   * A type as the argument of a binding (or a dependency of a branded node): parameters are
   * looked up in `client`; AnyPointer constraints are not kept.
   */
  bindingType(type: Type, client: readonly ScopeBindings[] | null): ResolvedType {
    const which = typeWhich(type);
    if (PRIMITIVES.has(which)) return { which: which as PrimitiveKind };
    if ('list' in type) return { which: 'list', element: this.bindingType(type.list.elementType ?? { void: null }, client) };
    if ('struct' in type || 'enum' in type || 'interface' in type) {
      const ref = 'struct' in type ? type.struct : 'enum' in type ? type.enum : type.interface;
      const node = this.dependency(ref.typeId);
      if (node === null) return ANY_POINTER;
      return { which: which as 'struct', schema: this.makeBranded(node, ref.brand, client) };
    }
    if (!('anyPointer' in type)) return ANY_POINTER;
    const anyPointer = type.anyPointer;
    if ('parameter' in anyPointer) {
      const { scopeId, parameterIndex } = anyPointer.parameter;
      if (client === null) return { which: 'anyPointer', parameter: { scopeId, index: parameterIndex } };
      const scope = client.find((candidate) => candidate.scopeId === scopeId);
      if (scope === undefined) return ANY_POINTER;
      if (scope.unbound) return { which: 'anyPointer', parameter: { scopeId, index: parameterIndex } };
      return scope.bindings[parameterIndex] ?? ANY_POINTER;
    }
    if ('implicitMethodParameter' in anyPointer) {
      return { which: 'anyPointer', implicitParameter: anyPointer.implicitMethodParameter.parameterIndex };
    }
    return ANY_POINTER;
  }

  /**
   * A type written in a node, interpreted from `scope` (a declaration's own schema, or an
   * annotation's): how the compiler reads the type of a default value or constant. AnyPointer
   * constraints are not kept here either.
   */
  typeInScope(type: Type, scope: BrandedSchema | null): ResolvedType | null {
    const which = typeWhich(type);
    if (PRIMITIVES.has(which)) return { which: which as PrimitiveKind };
    if ('list' in type) {
      const element = this.typeInScope(type.list.elementType ?? { void: null }, scope);
      return element === null ? null : { which: 'list', element };
    }
    if ('struct' in type || 'enum' in type || 'interface' in type) {
      const ref = 'struct' in type ? type.struct : 'enum' in type ? type.enum : type.interface;
      const node = this.lookup(ref.typeId);
      if (node === null) return null;
      const hasScopes = (ref.brand?.scopes ?? []).length > 0;
      const schema = hasScopes ? this.makeBranded(node, ref.brand, scope === null ? [] : scope.clientBindings) : this.defaultBrand(node);
      return { which: which as 'struct', schema };
    }
    if (!('anyPointer' in type)) return null;
    const anyPointer = type.anyPointer;
    if ('parameter' in anyPointer) {
      if (scope === null) return ANY_POINTER;
      return scope.brandBinding(anyPointer.parameter.scopeId, anyPointer.parameter.parameterIndex);
    }
    return ANY_POINTER;
  }

  /** The type of a struct field, seen through the struct's bindings (constraints kept). */
  fieldType(schema: BrandedSchema, field: Field): ResolvedType | null {
    if (!('slot' in field)) return null;
    return this.memberType(schema, field.slot.type ?? { void: null });
  }

  /** A type written inside `schema`'s node (a field's, a constant's), seen through its bindings. */
  memberType(schema: BrandedSchema, type: Type): ResolvedType | null {
    const which = typeWhich(type);
    if (PRIMITIVES.has(which)) return { which: which as PrimitiveKind };
    if ('list' in type) {
      const element = this.memberType(schema, type.list.elementType ?? { void: null });
      return element === null ? null : { which: 'list', element };
    }
    if ('struct' in type || 'enum' in type || 'interface' in type) {
      const ref = 'struct' in type ? type.struct : 'enum' in type ? type.enum : type.interface;
      const node = this.dependency(ref.typeId);
      if (node === null) return null;
      const client = schema.isUnbound ? null : schema.scopes;
      const hasScopes = (ref.brand?.scopes ?? []).length > 0;
      return { which: which as 'struct', schema: hasScopes ? this.makeBranded(node, ref.brand, client) : this.defaultBrand(node) };
    }
    if (!('anyPointer' in type)) return null;
    const anyPointer = type.anyPointer;
    if ('unconstrained' in anyPointer) return { which: 'anyPointer', kind: Object.keys(anyPointer.unconstrained)[0] as AnyPointerKind };
    if ('parameter' in anyPointer) return schema.brandBinding(anyPointer.parameter.scopeId, anyPointer.parameter.parameterIndex);
    return { which: 'anyPointer', implicitParameter: anyPointer.implicitMethodParameter.parameterIndex };
  }

  /** The schema of a group field's node, with the same bindings as its struct. */
  groupSchema(schema: BrandedSchema, field: Field): BrandedSchema | null {
    if (!('group' in field)) return null;
    const node = this.dependency(field.group.typeId);
    if (node === null) return null;
    return new BrandedSchema(node, schema.scopes, schema.isUnbound);
  }
}
