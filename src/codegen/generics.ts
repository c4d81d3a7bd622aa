/**
 * Generic scopes at generation time. A node's type parameters are those of its enclosing
 * generic scopes (outermost first) followed by its own; generated classes take one codec per
 * parameter, and each use of a generic type binds them from the use's brand.
 */
import { nodeKind, type Brand, type Node, type Type } from '../schema/index.js';
import type { FileContext } from './context.js';

/**
 * The scope id a method's own parameters (`foo @0 [T] ...`) get in a method's scope: types
 * name them `implicitMethodParameter` (no scope id), and they follow the interface's.
 */
export const METHOD_SCOPE = -1n;

export interface GenericParam {
  scopeId: bigint;
  index: number;
  /** TypeScript type parameter name. */
  name: string;
}

export class GenericScope {
  static readonly NONE = new GenericScope([]);
  readonly params: readonly GenericParam[];

  constructor(params: readonly GenericParam[]) {
    this.params = params;
  }

  get isGeneric(): boolean {
    return this.params.length > 0;
  }

  /** Position of parameter (`scopeId`, `index`) in the flattened list, or -1. */
  indexOf(scopeId: bigint, index: number): number {
    return this.params.findIndex((p) => p.scopeId === scopeId && p.index === index);
  }

  /** `<T extends $.PointerCodec = $.AnyPointerCodec, ...>`, or '' when not generic. */
  declaration(): string {
    if (!this.isGeneric) return '';
    return `<${this.params.map((p) => `${p.name} extends $.PointerCodec<any, any, any, any> = $.AnyPointerCodec`).join(', ')}>`;
  }

  /** `<T, ...>`, or ''. */
  arguments(): string {
    return this.isGeneric ? `<${this.params.map((p) => p.name).join(', ')}>` : '';
  }

  /** This scope followed by a method's own parameters (named apart from this scope's). */
  withMethodParams(names: readonly string[]): GenericScope {
    if (names.length === 0) return this;
    const taken = new Set(this.params.map((p) => p.name));
    const added = names.map((base, index) => {
      let name = base;
      for (let n = 2; taken.has(name); n++) name = `${base}$${n}`;
      taken.add(name);
      return { scopeId: METHOD_SCOPE, index, name };
    });
    return new GenericScope([...this.params, ...added]);
  }
}

/** The generic scope of a node: its ancestors' parameters and its own. */
export function scopeOf(ctx: FileContext, node: Node): GenericScope {
  const chain: Node[] = [];
  let current: Node | undefined = node;
  for (let hops = 0; current && hops < 1000; hops++) {
    if (nodeKind(current) === 'file') break;
    chain.unshift(current);
    if (current.scopeId === 0n) {
      // Method param/result structs have no scope: they belong to their interface.
      current = ctx.interfaceOfMethodStruct(current.id);
    } else {
      current = ctx.graph.has(current.scopeId) ? ctx.graph.node(current.scopeId) : undefined;
    }
  }
  const params: GenericParam[] = [];
  const taken = new Set<string>();
  for (const scope of chain) {
    (scope.parameters ?? []).forEach((p, index) => {
      let name = p.name ?? `T${index}`;
      for (let n = 2; taken.has(name); n++) name = `${p.name}$${n}`;
      taken.add(name);
      params.push({ scopeId: scope.id, index, name });
    });
  }
  return params.length === 0 ? GenericScope.NONE : new GenericScope(params);
}

/** How one type parameter of a generic type is bound at a use: runtime codec and TypeScript codec type. */
export interface Binding {
  expression: string;
  type: string;
}

const ANY: Binding = { expression: '$.ANY_POINTER', type: '$.AnyPointerCodec' };

/**
 * Bindings of `target`'s parameters at a use with `brand`, from code in scope `here`: bound
 * types, parameters inherited from `here`, or AnyPointer for what nothing binds.
 */
export function bindings(ctx: FileContext, here: GenericScope, target: Node, brand: Brand | null, codecOf: (type: Type) => Binding): Binding[] {
  const targetScope = scopeOf(ctx, target);
  return targetScope.params.map((p) => {
    const entry = (brand?.scopes ?? []).find((s) => s.scopeId === p.scopeId);
    // A scope the brand does not list is unbound (schema.capnp's Brand): `TestGenerics.Inner`
    // written inside TestGenerics(Foo, Bar) is Inner of TestGenerics(AnyPointer, AnyPointer).
    // Only `inherit` takes the parameters of the place the type is written.
    if (entry === undefined) return ANY;
    if ('bind' in entry && entry.bind) {
      const binding = entry.bind[p.index];
      if (binding && 'type' in binding && binding.type) return codecOf(binding.type);
      return ANY;
    }
    const k = here.indexOf(p.scopeId, p.index);
    if (k < 0) return ANY;
    return { expression: `$.param(this.$params, ${k})`, type: here.params[k]!.name };
  });
}

/** Whether code for an expression depends on an instance's bound parameters. */
export function isDynamic(expression: string): boolean {
  return expression.includes('this.$params');
}
