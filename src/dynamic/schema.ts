/**
 * Schemas at run time: structs, enums and interfaces of a `CodeGeneratorRequest`, with their
 * fields' layout (byte offsets, default masks, default values) computed once, and generic
 * types resolved through their brands. Everything the dynamic readers and builders, the text
 * format and the JSON codec need to read a message by name instead of by generated code.
 */
import {
  NO_DISCRIMINANT, SchemaGraph, nodeKind,
  type Annotation, type Brand, type CodeGeneratorRequest, type Field, type Node, type Type, type Value,
} from '../schema/index.js';
import {
  AnyPointerReader, CapnpError, ErrorCode, ListReader, MessageBuilder, StructReader, canonicalize, constantSegment,
  float32ToBits, float64ToBits, type Segment,
} from '../wire/index.js';
import { listType, PRIMITIVE_BYTES, TYPES, typeKey, type DynamicType } from './types.js';

/** Generic parameters bound at a use of a type: `scopeId:index` to the bound type. */
export type Bindings = ReadonlyMap<string, DynamicType>;

const NO_BINDINGS: Bindings = new Map();

function bindingKey(scopeId: bigint, index: number): string {
  return `${scopeId.toString(16)}:${index}`;
}

type StructNode = Extract<Node, { struct: unknown }>;
type EnumNode = Extract<Node, { enum: unknown }>;
type InterfaceNode = Extract<Node, { interface: unknown }>;
type ConstNode = Extract<Node, { const: unknown }>;

/** The local name of a node (`Bar` for `file.capnp:Foo.Bar`). */
function localName(node: Node): string {
  return (node.displayName ?? '').slice(node.displayNamePrefixLength);
}

/** The path of a node inside its file (`Foo.Bar` for `file.capnp:Foo.Bar`). */
function pathName(node: Node): string {
  const display = node.displayName ?? '';
  const colon = display.indexOf(':');
  return colon < 0 ? display : display.slice(colon + 1);
}

/**
 * A pointer default (struct, list, AnyPointer) copied into a trusted segment of its own, laid
 * out in preorder with its sizes as the schema holds them (as the reference reads defaults and
 * constants), or null when the pointer is null.
 */
export function pointerDefault(value: unknown): Segment | null {
  if (value == null) return null;
  const message = new MessageBuilder();
  if (value instanceof AnyPointerReader) {
    if (value.isNull()) return null;
    message.getRootPointer().set(value);
  } else if (value instanceof StructReader) {
    message.setRoot(value);
  } else if (value instanceof ListReader) {
    message.getRootPointer().setList(value);
  } else {
    return null;
  }
  const segments = message.getSegments();
  if (segments.length !== 1) return constantSegment(canonicalize(message.asReader().getRootPointer()));
  return constantSegment(segments[0]!.slice());
}

function valueOf(value: Value | null): unknown {
  if (value === null) return null;
  const key = Object.keys(value)[0]!;
  return (value as Record<string, unknown>)[key];
}

/**
 * A struct field (or group), with its layout resolved: where it lives in the data or pointer
 * section, its default, and its type with generic parameters bound.
 */
export class StructField {
  readonly parent: StructSchema;
  readonly proto: Field;
  /** Position in the struct's `fields` (the schema's order, used by the text format). */
  readonly index: number;
  readonly name: string;
  readonly codeOrder: number;
  /** The discriminant value when the field is a union member, else -1. */
  readonly discriminant: number;
  readonly isGroup: boolean;
  readonly type: DynamicType;
  /**
   * Bool: bit offset in the data section. Other data fields: byte offset. Pointer fields:
   * pointer index. Void and groups: 0.
   */
  readonly offset: number;
  readonly hadExplicitDefault: boolean;
  /**
   * The default: a boolean, number or bigint for data fields, a string for Text, bytes for
   * Data, and for other pointer fields a segment holding the default's canonical form. Null
   * when the field has none.
   */
  readonly defaultValue: unknown;
  /** XOR mask of a 8..32-bit field's default, 64-bit mask, and a Float64 default's halves. */
  readonly mask: number;
  readonly mask64: bigint;
  readonly maskHi: number;
  readonly annotations: readonly Annotation[];

  constructor(parent: StructSchema, proto: Field, index: number, type: DynamicType) {
    this.parent = parent;
    this.proto = proto;
    this.index = index;
    this.name = proto.name ?? '';
    this.codeOrder = proto.codeOrder;
    this.discriminant = proto.discriminantValue === NO_DISCRIMINANT ? -1 : proto.discriminantValue;
    this.isGroup = 'group' in proto;
    this.type = type;
    this.annotations = proto.annotations ?? [];
    let offset = 0;
    let defaultValue: unknown = null;
    let mask = 0;
    let mask64 = 0n;
    let maskHi = 0;
    let explicit = false;
    if ('slot' in proto) {
      const slot = proto.slot;
      explicit = slot.hadExplicitDefault;
      const raw = valueOf(slot.defaultValue);
      const kind = type.kind;
      const size = PRIMITIVE_BYTES[kind];
      if (kind === 'bool') {
        offset = slot.offset;
        defaultValue = raw === true;
      } else if (size !== undefined) {
        offset = slot.offset * size;
        switch (kind) {
          case 'int64': case 'uint64':
            defaultValue = typeof raw === 'bigint' ? raw : 0n;
            mask64 = defaultValue as bigint;
            break;
          case 'float32':
            defaultValue = typeof raw === 'number' ? raw : 0;
            mask = float32ToBits(defaultValue as number);
            break;
          case 'float64': {
            defaultValue = typeof raw === 'number' ? raw : 0;
            const [lo, hi] = float64ToBits(defaultValue as number);
            mask = lo;
            maskHi = hi;
            break;
          }
          default:
            defaultValue = typeof raw === 'number' ? raw : 0;
            mask = defaultValue as number;
        }
      } else if (kind === 'void') {
        defaultValue = null;
      } else {
        offset = slot.offset;
        if (kind === 'text') defaultValue = typeof raw === 'string' ? raw : null;
        else if (kind === 'data') defaultValue = raw instanceof Uint8Array ? raw : null;
        else defaultValue = pointerDefault(raw);
      }
    }
    this.offset = offset;
    this.defaultValue = defaultValue;
    this.mask = mask;
    this.mask64 = mask64;
    this.maskHi = maskHi;
    this.hadExplicitDefault = explicit;
  }

  get inUnion(): boolean {
    return this.discriminant >= 0;
  }

  /** The group's schema (fields of a group share their parent's struct). */
  get group(): StructSchema {
    if (!this.isGroup || this.type.kind !== 'struct') throw new CapnpError(ErrorCode.INVALID_ARGUMENT, `${this.parent.shortName}.${this.name} is not a group`);
    return this.type.schema;
  }
}

/** A struct type (or group), as bound at a use when generic. */
export class StructSchema {
  readonly kind = 'struct' as const;
  readonly loader: SchemaLoader;
  readonly node: StructNode;
  readonly id: bigint;
  readonly displayName: string;
  /** The node's name in its scope (`Bar`), as the reference tool names types in messages. */
  readonly shortName: string;
  readonly dataWords: number;
  readonly pointerCount: number;
  readonly isGroup: boolean;
  readonly discriminantCount: number;
  /** Byte offset of the union's discriminant in the data section. */
  readonly discriminantOffset: number;
  readonly bindings: Bindings;
  /** Identifies the brand (empty for non-generic uses). */
  readonly brandKey: string;
  private fieldList?: StructField[];
  private byName?: Map<string, StructField>;
  private byDiscriminant?: StructField[];
  private unionList?: StructField[];
  private nonUnionList?: StructField[];
  private codeOrderList?: StructField[];

  constructor(loader: SchemaLoader, node: StructNode, bindings: Bindings, brandKey: string) {
    this.loader = loader;
    this.node = node;
    this.id = node.id;
    this.displayName = node.displayName ?? '';
    this.shortName = localName(node);
    this.dataWords = node.struct.dataWordCount;
    this.pointerCount = node.struct.pointerCount;
    this.isGroup = node.struct.isGroup;
    this.discriminantCount = node.struct.discriminantCount;
    this.discriminantOffset = node.struct.discriminantOffset * 2;
    this.bindings = bindings;
    this.brandKey = brandKey;
  }

  /** Fields in the schema's order (`Field.index`). */
  get fields(): readonly StructField[] {
    if (!this.fieldList) {
      this.fieldList = (this.node.struct.fields ?? []).map((proto, index) => {
        const type: DynamicType = 'group' in proto
          ? { kind: 'struct', schema: this.loader.structSchema(proto.group.typeId, this.bindings) }
          : this.loader.resolveType(proto.slot.type, this.bindings);
        return new StructField(this, proto, index, type);
      });
    }
    return this.fieldList;
  }

  /** Fields sorted by code order (declaration order), as generated code lists them. */
  get fieldsInCodeOrder(): readonly StructField[] {
    return (this.codeOrderList ??= [...this.fields].sort((a, b) => a.codeOrder - b.codeOrder));
  }

  get unionFields(): readonly StructField[] {
    return (this.unionList ??= this.fields.filter((f) => f.inUnion));
  }

  get nonUnionFields(): readonly StructField[] {
    return (this.nonUnionList ??= this.fields.filter((f) => !f.inUnion));
  }

  findField(name: string): StructField | undefined {
    if (!this.byName) {
      this.byName = new Map();
      for (const field of this.fields) this.byName.set(field.name, field);
    }
    return this.byName.get(name);
  }

  field(name: string): StructField {
    const field = this.findField(name);
    if (!field) throw new CapnpError(ErrorCode.INVALID_ARGUMENT, `struct ${this.shortName} has no field named '${name}'`);
    return field;
  }

  /** The union member with discriminant `value`, if the schema knows one. */
  fieldByDiscriminant(value: number): StructField | undefined {
    if (!this.byDiscriminant) {
      this.byDiscriminant = [];
      for (const field of this.unionFields) this.byDiscriminant[field.discriminant] = field;
    }
    return this.byDiscriminant[value];
  }

  /** Annotations on the struct node. */
  get annotations(): readonly Annotation[] {
    return this.node.annotations ?? [];
  }
}

export interface Enumerant {
  readonly name: string;
  readonly ordinal: number;
  readonly annotations: readonly Annotation[];
}

export class EnumSchema {
  readonly kind = 'enum' as const;
  readonly node: EnumNode;
  readonly id: bigint;
  readonly displayName: string;
  readonly shortName: string;
  readonly enumerants: readonly Enumerant[];
  private readonly byName = new Map<string, number>();

  constructor(node: EnumNode) {
    this.node = node;
    this.id = node.id;
    this.displayName = node.displayName ?? '';
    this.shortName = localName(node);
    this.enumerants = (node.enum.enumerants ?? []).map((e, ordinal) => ({ name: e.name ?? '', ordinal, annotations: e.annotations ?? [] }));
    for (const e of this.enumerants) this.byName.set(e.name, e.ordinal);
  }

  /** The enumerant's name, or undefined for a value this schema does not know. */
  name(value: number): string | undefined {
    return this.enumerants[value]?.name;
  }

  /** The value of the enumerant named `name`, or undefined. */
  value(name: string): number | undefined {
    return this.byName.get(name);
  }

  /** A value from an enumerant name or a number (checked to be a UInt16). */
  parse(value: string | number): number {
    if (typeof value === 'number') {
      if (!Number.isInteger(value) || value < 0 || value > 0xffff) {
        throw new CapnpError(ErrorCode.INVALID_ARGUMENT, `${value} is not a valid value for enum ${this.shortName}`);
      }
      return value;
    }
    const found = this.byName.get(value);
    if (found === undefined) throw new CapnpError(ErrorCode.INVALID_ARGUMENT, `enum ${this.shortName} has no enumerant named '${value}'`);
    return found;
  }
}

export interface Method {
  readonly name: string;
  readonly ordinal: number;
  readonly params: StructSchema;
  readonly results: StructSchema;
  readonly annotations: readonly Annotation[];
}

export class InterfaceSchema {
  readonly kind = 'interface' as const;
  readonly loader: SchemaLoader;
  readonly node: InterfaceNode;
  readonly id: bigint;
  readonly displayName: string;
  readonly shortName: string;
  readonly bindings: Bindings;
  readonly brandKey: string;
  private methodList?: Method[];

  constructor(loader: SchemaLoader, node: InterfaceNode, bindings: Bindings, brandKey: string) {
    this.loader = loader;
    this.node = node;
    this.id = node.id;
    this.displayName = node.displayName ?? '';
    this.shortName = localName(node);
    this.bindings = bindings;
    this.brandKey = brandKey;
  }

  get methods(): readonly Method[] {
    return (this.methodList ??= (this.node.interface.methods ?? []).map((m, ordinal) => ({
      name: m.name ?? '',
      ordinal,
      params: this.loader.structSchema(m.paramStructType, this.loader.brandBindings(m.paramStructType, m.paramBrand, this.bindings)),
      results: this.loader.structSchema(m.resultStructType, this.loader.brandBindings(m.resultStructType, m.resultBrand, this.bindings)),
      annotations: m.annotations ?? [],
    })));
  }

  method(name: string): Method {
    const method = this.methods.find((m) => m.name === name);
    if (!method) throw new CapnpError(ErrorCode.INVALID_ARGUMENT, `interface ${this.shortName} has no method named '${name}'`);
    return method;
  }
}

/** A type, or the schema it names, found by `SchemaLoader.find`. */
export type NamedSchema = StructSchema | EnumSchema | InterfaceSchema | ConstSchema;

export class ConstSchema {
  readonly kind = 'const' as const;
  readonly node: ConstNode;
  readonly id: bigint;
  readonly displayName: string;
  readonly shortName: string;
  readonly type: DynamicType;

  constructor(node: ConstNode, type: DynamicType) {
    this.node = node;
    this.id = node.id;
    this.displayName = node.displayName ?? '';
    this.shortName = localName(node);
    this.type = type;
  }

  /** The raw value union of the constant (see `constantValue` for the dynamic value). */
  get value(): Value | null {
    return this.node.const.value;
  }
}

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
    if (matches.length === 0) throw new CapnpError(ErrorCode.INVALID_ARGUMENT, `the schema has no type or constant named '${name}'`);
    throw new CapnpError(ErrorCode.INVALID_ARGUMENT, `'${name}' is ambiguous: ${matches.map((n) => n.displayName).join(', ')}`);
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
      default: throw new CapnpError(ErrorCode.INVALID_ARGUMENT, `'${node.displayName}' is a ${nodeKind(node)}, not a type or constant`);
    }
  }

  /** A struct type by name or id; generic parameters are bound to `bind` (in order: outer scopes' first), else AnyPointer. */
  struct(name: string | bigint, bind?: readonly (DynamicType | null | undefined)[]): StructSchema {
    const node = this.node(name);
    if (nodeKind(node) !== 'struct') throw new CapnpError(ErrorCode.INVALID_ARGUMENT, `'${node.displayName}' is not a struct`);
    return this.structSchema(node.id, bind ? this.positionalBindings(node, bind) : NO_BINDINGS);
  }

  enum(name: string | bigint): EnumSchema {
    const node = this.node(name);
    if (nodeKind(node) !== 'enum') throw new CapnpError(ErrorCode.INVALID_ARGUMENT, `'${node.displayName}' is not an enum`);
    return this.enumSchema(node.id);
  }

  interface(name: string | bigint): InterfaceSchema {
    const node = this.node(name);
    if (nodeKind(node) !== 'interface') throw new CapnpError(ErrorCode.INVALID_ARGUMENT, `'${node.displayName}' is not an interface`);
    return this.interfaceSchema(node.id);
  }

  const(name: string | bigint): ConstSchema {
    const node = this.node(name);
    if (nodeKind(node) !== 'const') throw new CapnpError(ErrorCode.INVALID_ARGUMENT, `'${node.displayName}' is not a constant`);
    return this.constSchema(node.id);
  }

  /** The struct schema of node `id` with `bindings` (filtered to the node's own parameters). */
  structSchema(id: bigint, bindings: Bindings = NO_BINDINGS): StructSchema {
    const node = this.graph.node(id);
    if (nodeKind(node) !== 'struct') throw new CapnpError(ErrorCode.INVALID_ARGUMENT, `node ${node.displayName} is not a struct`);
    const [own, key] = this.ownBindings(node, bindings);
    const cacheKey = `${id.toString(16)}${key}`;
    let schema = this.structs.get(cacheKey);
    if (!schema) {
      schema = new StructSchema(this, node as StructNode, own, key);
      this.structs.set(cacheKey, schema);
    }
    return schema;
  }

  enumSchema(id: bigint): EnumSchema {
    let schema = this.enums.get(id);
    if (!schema) {
      const node = this.graph.node(id);
      if (nodeKind(node) !== 'enum') throw new CapnpError(ErrorCode.INVALID_ARGUMENT, `node ${node.displayName} is not an enum`);
      schema = new EnumSchema(node as EnumNode);
      this.enums.set(id, schema);
    }
    return schema;
  }

  interfaceSchema(id: bigint, bindings: Bindings = NO_BINDINGS): InterfaceSchema {
    const node = this.graph.node(id);
    if (nodeKind(node) !== 'interface') throw new CapnpError(ErrorCode.INVALID_ARGUMENT, `node ${node.displayName} is not an interface`);
    const [own, key] = this.ownBindings(node, bindings);
    const cacheKey = `${id.toString(16)}${key}`;
    let schema = this.interfaces.get(cacheKey);
    if (!schema) {
      schema = new InterfaceSchema(this, node as InterfaceNode, own, key);
      this.interfaces.set(cacheKey, schema);
    }
    return schema;
  }

  constSchema(id: bigint): ConstSchema {
    let schema = this.consts.get(id);
    if (!schema) {
      const node = this.graph.node(id);
      if (nodeKind(node) !== 'const') throw new CapnpError(ErrorCode.INVALID_ARGUMENT, `node ${node.displayName} is not a constant`);
      const c = node as ConstNode;
      schema = new ConstSchema(c, this.resolveType(c.const.type, NO_BINDINGS));
      this.consts.set(id, schema);
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
      throw new CapnpError(ErrorCode.INVALID_ARGUMENT, `${node.displayName} has ${position} generic parameters, ${types.length} types were given`);
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
