/**
 * Schemas at run time: the loader of a `CodeGeneratorRequest`'s structs, enums, interfaces and
 * constants, by name or id, with generic types resolved through their brands. Each kind of
 * schema is its own file (struct-schema.ts with struct-field.ts, enum-schema.ts,
 * interface-schema.ts, const-schema.ts); this file finds and caches them.
 */
import {
  SchemaGraph, nodeKind,
  type Brand, type CodeGeneratorRequest, type Node, type NodeKind, type Type,
} from '../schema/index.js';
import { CapnpError } from '../wire/index.js';
import { NO_BINDINGS, bindingKey, type Bindings } from './bindings.js';
import { ConstSchema } from './const-schema.js';
import { EnumSchema } from './enum-schema.js';
import { InterfaceSchema } from './interface-schema.js';
import { pathName, type ConstNode, type EnumNode, type InterfaceNode, type StructNode } from './nodes.js';
import { StructSchema } from './struct-schema.js';
import { listType, TYPES, typeKey, type DynamicType } from './types.js';

export type { Bindings } from './bindings.js';
export { pointerDefault, StructField } from './struct-field.js';
export { StructSchema } from './struct-schema.js';
export { EnumSchema, type EnumMember } from './enum-schema.js';
export { InterfaceSchema, type InterfaceMethod } from './interface-schema.js';
export { ConstSchema } from './const-schema.js';

/** A type, or the schema it names, found by `SchemaLoader.find`. */
export type NamedSchema = StructSchema | EnumSchema | InterfaceSchema | ConstSchema;

/**
 * The schemas of a `CodeGeneratorRequest`, loaded for dynamic use. Look types up by name
 * (`Foo.Bar`, a suffix of the display name, or `file.capnp:Foo.Bar`) or by id; generic types
 * come back unbound (parameters read as AnyPointer) unless bound with `bind`.
 */
export class SchemaLoader {
  readonly graph: SchemaGraph;
  private readonly structs = new Map<string, StructSchema>();
  private readonly enums = new Map<bigint, EnumSchema>();
  private readonly interfaces = new Map<string, InterfaceSchema>();
  private readonly consts = new Map<bigint, ConstSchema>();
  private byPath?: Map<string, Node[]>;
  private methodOwners?: Map<bigint, Node>;

  constructor(source: CodeGeneratorRequest | SchemaGraph) {
    this.graph = source instanceof SchemaGraph ? source : new SchemaGraph(source);
  }

  /** The node named `name` (see the class comment) or with id `name`. */
  node(name: string | bigint): Node {
    if (typeof name === 'bigint') return this.graph.node(name);
    if (/^0x[0-9a-f]+$/i.test(name) || /^@0x[0-9a-f]+$/i.test(name)) return this.graph.node(BigInt(name.replace('@', '')));
    const matches = this.lookup(name);
    if (matches.length === 1) return matches[0]!;
    if (matches.length === 0) throw new CapnpError('INVALID_ARGUMENT', `the schema has no type or constant named '${name}'`);
    throw new CapnpError('INVALID_ARGUMENT', `'${name}' is ambiguous: ${matches.map((n) => n.displayName).join(', ')}`);
  }

  private lookup(name: string): Node[] {
    if (!this.byPath) {
      this.byPath = new Map();
      for (const node of this.graph.all()) {
        if (nodeKind(node) === 'file') continue;
        const path = pathName(node);
        const list = this.byPath.get(path) ?? [];
        list.push(node);
        this.byPath.set(path, list);
      }
    }
    if (name.includes(':')) return this.graph.all().filter((n) => n.displayName === name);
    const exact = this.byPath.get(name);
    if (exact) return exact;
    const suffix = `.${name}`;
    const out: Node[] = [];
    for (const [path, nodes] of this.byPath) if (path.endsWith(suffix)) out.push(...nodes);
    return out;
  }

  /** A named type or constant. */
  find(name: string | bigint): NamedSchema {
    const node = this.node(name);
    switch (nodeKind(node)) {
      case 'struct': return this.structSchema(node.id);
      case 'enum': return this.enumSchema(node.id);
      case 'interface': return this.interfaceSchema(node.id);
      case 'const': return this.constSchema(node.id);
      default: throw new CapnpError('INVALID_ARGUMENT', `'${node.displayName}' is a ${nodeKind(node)}, not a type or constant`);
    }
  }

  /** A struct type by name or id; generic parameters are bound to `bind` (in order: outer scopes' first), else AnyPointer. */
  struct(name: string | bigint, bind?: readonly (DynamicType | null | undefined)[]): StructSchema {
    const node = this.named(name, 'struct', 'a struct');
    return this.structSchema(node.id, bind ? this.positionalBindings(node, bind) : NO_BINDINGS);
  }

  enum(name: string | bigint): EnumSchema {
    return this.enumSchema(this.named(name, 'enum', 'an enum').id);
  }

  interface(name: string | bigint): InterfaceSchema {
    return this.interfaceSchema(this.named(name, 'interface', 'an interface').id);
  }

  const(name: string | bigint): ConstSchema {
    return this.constSchema(this.named(name, 'const', 'a constant').id);
  }

  /** The node named `name`, which must be of `kind` (`what` names that kind in the error). */
  private named(name: string | bigint, kind: NodeKind, what: string): Node {
    const node = this.node(name);
    if (nodeKind(node) !== kind) throw new CapnpError('INVALID_ARGUMENT', `'${node.displayName}' is not ${what}`);
    return node;
  }

  /** The node with id `id`, which must be of `kind`. */
  private nodeOf(id: bigint, kind: NodeKind, what: string): Node {
    const node = this.graph.node(id);
    if (nodeKind(node) !== kind) throw new CapnpError('INVALID_ARGUMENT', `node ${node.displayName} is not ${what}`);
    return node;
  }

  /** The struct schema of node `id` with `bindings` (filtered to the node's own parameters). */
  structSchema(id: bigint, bindings: Bindings = NO_BINDINGS): StructSchema {
    return this.branded(this.structs, StructSchema, this.nodeOf(id, 'struct', 'a struct') as StructNode, bindings);
  }

  enumSchema(id: bigint): EnumSchema {
    let schema = this.enums.get(id);
    if (!schema) this.enums.set(id, (schema = new EnumSchema(this.nodeOf(id, 'enum', 'an enum') as EnumNode)));
    return schema;
  }

  interfaceSchema(id: bigint, bindings: Bindings = NO_BINDINGS): InterfaceSchema {
    return this.branded(this.interfaces, InterfaceSchema, this.nodeOf(id, 'interface', 'an interface') as InterfaceNode, bindings);
  }

  /** The schema of a possibly generic node for `bindings`: one object per node and brand. */
  private branded<N extends Node, S>(
    cache: Map<string, S>, Schema: new (loader: SchemaLoader, node: N, bindings: Bindings, brandKey: string) => S,
    node: N, bindings: Bindings,
  ): S {
    const [own, key] = this.ownBindings(node, bindings);
    const cacheKey = `${node.id.toString(16)}${key}`;
    let schema = cache.get(cacheKey);
    if (!schema) cache.set(cacheKey, (schema = new Schema(this, node, own, key)));
    return schema;
  }

  constSchema(id: bigint): ConstSchema {
    let schema = this.consts.get(id);
    if (!schema) {
      const node = this.nodeOf(id, 'const', 'a constant') as ConstNode;
      this.consts.set(id, (schema = new ConstSchema(node, this.resolveType(node.const.type, NO_BINDINGS))));
    }
    return schema;
  }

  /** A schema `Type` with generic parameters looked up in `bindings`. */
  resolveType(type: Type | null, bindings: Bindings): DynamicType {
    if (type === null) return TYPES.void;
    if ('list' in type) return listType(this.resolveType(type.list.elementType, bindings));
    if ('enum' in type) return { kind: 'enum', schema: this.enumSchema(type.enum.typeId) };
    if ('struct' in type) {
      const id = type.struct.typeId;
      return { kind: 'struct', schema: this.structSchema(id, this.brandBindings(id, type.struct.brand, bindings)) };
    }
    if ('interface' in type) {
      const id = type.interface.typeId;
      return { kind: 'interface', schema: this.interfaceSchema(id, this.brandBindings(id, type.interface.brand, bindings)) };
    }
    if ('anyPointer' in type) {
      const any = type.anyPointer;
      if ('parameter' in any) return bindings.get(bindingKey(any.parameter.scopeId, any.parameter.parameterIndex)) ?? TYPES.anyPointer;
      if ('unconstrained' in any) {
        const u = any.unconstrained;
        if ('struct' in u) return TYPES.anyStruct;
        if ('list' in u) return TYPES.anyList;
        if ('capability' in u) return TYPES.capability;
      }
      return TYPES.anyPointer;
    }
    const kind = Object.keys(type)[0] as keyof typeof TYPES;
    return TYPES[kind] ?? TYPES.void;
  }

  /**
   * The bindings of `targetId`'s parameters at a use with `brand`, in a context whose own
   * parameters are bound by `context`: bound types, parameters inherited from the context, or
   * nothing (AnyPointer).
   */
  brandBindings(targetId: bigint, brand: Brand | null, context: Bindings): Bindings {
    if (!this.graph.has(targetId)) return NO_BINDINGS;
    const out = new Map<string, DynamicType>();
    for (const scope of this.scopeChain(this.graph.node(targetId))) {
      const count = scope.parameters?.length ?? 0;
      if (count === 0) continue;
      const entry = brand?.scopes?.find((s) => s.scopeId === scope.id);
      // A scope the brand does not list is unbound (schema.capnp's Brand): AnyPointer. Only
      // `inherit` takes the context's bindings.
      if (entry === undefined) continue;
      for (let i = 0; i < count; i++) {
        const key = bindingKey(scope.id, i);
        let bound: DynamicType | undefined;
        if (entry && 'bind' in entry) {
          const binding = entry.bind?.[i];
          if (binding && 'type' in binding && binding.type) bound = this.resolveType(binding.type, context);
        } else {
          bound = context.get(key);
        }
        if (bound) out.set(key, bound);
      }
    }
    return out;
  }

  /** Bindings from positional types: the parameters of the node's scopes, outermost first. */
  private positionalBindings(node: Node, types: readonly (DynamicType | null | undefined)[]): Bindings {
    const out = new Map<string, DynamicType>();
    let position = 0;
    for (const scope of this.scopeChain(node)) {
      const count = scope.parameters?.length ?? 0;
      for (let i = 0; i < count; i++, position++) {
        const type = types[position];
        if (type) out.set(bindingKey(scope.id, i), type);
      }
    }
    if (position < types.length) {
      throw new CapnpError('INVALID_ARGUMENT', `${node.displayName} has ${position} generic parameters, ${types.length} types were given`);
    }
    return out;
  }

  /** The names of a node's generic parameters, its enclosing scopes' first. */
  parameterNames(node: Node): string[] {
    return this.scopeChain(node).flatMap((scope) => (scope.parameters ?? []).map((p) => p.name ?? ''));
  }

  private ownBindings(node: Node, bindings: Bindings): [Bindings, string] {
    if (bindings.size === 0) return [NO_BINDINGS, ''];
    const own = new Map<string, DynamicType>();
    const parts: string[] = [];
    for (const scope of this.scopeChain(node)) {
      const count = scope.parameters?.length ?? 0;
      for (let i = 0; i < count; i++) {
        const key = bindingKey(scope.id, i);
        const type = bindings.get(key);
        if (type) {
          own.set(key, type);
          parts.push(`${key}=${typeKey(type)}`);
        }
      }
    }
    return own.size === 0 ? [NO_BINDINGS, ''] : [own, `<${parts.join(',')}>`];
  }

  /** The node and its enclosing scopes, outermost first (method param structs: their interface's). */
  private scopeChain(node: Node): Node[] {
    const chain: Node[] = [];
    let current: Node | undefined = node;
    for (let hops = 0; current && hops < 1000; hops++) {
      if (nodeKind(current) === 'file') break;
      chain.unshift(current);
      if (current.scopeId === 0n) current = this.methodOwner(current.id);
      else current = this.graph.has(current.scopeId) ? this.graph.node(current.scopeId) : undefined;
    }
    return chain;
  }

  private methodOwner(id: bigint): Node | undefined {
    if (!this.methodOwners) {
      this.methodOwners = new Map();
      for (const node of this.graph.all()) {
        if (!('interface' in node)) continue;
        for (const m of node.interface.methods ?? []) {
          this.methodOwners.set(m.paramStructType, node);
          this.methodOwners.set(m.resultStructType, node);
        }
      }
    }
    return this.methodOwners.get(id);
  }

  /** Children of a scope (file or node) by name, as the schema language resolves `Foo.Bar`. */
  child(scope: Node, name: string): Node | undefined {
    for (const nested of scope.nestedNodes ?? []) {
      if (nested.name === name && this.graph.has(nested.id)) return this.graph.node(nested.id);
    }
    return undefined;
  }

  /** The file node whose display name is `name` or ends with `/name`. */
  file(name: string): Node | undefined {
    const files = this.graph.all().filter((n) => nodeKind(n) === 'file');
    return files.find((f) => f.displayName === name) ?? files.find((f) => (f.displayName ?? '').endsWith(`/${name}`));
  }
}

/** Loads the schemas of a request (or graph) for dynamic use. */
export function loadSchema(source: CodeGeneratorRequest | SchemaGraph): SchemaLoader {
  return new SchemaLoader(source);
}
