/**
 * How each schema type appears in generated code: its TypeScript forms (reader, builder,
 * plain object, accepted input), its runtime element descriptor for lists, and the code that
 * reads or writes a field of it.
 */
import type { Type, Value } from '../schema/index.js';
import { canonicalize, float32ToBits, float64ToBits, AnyPointerReader, ListReader, StructReader } from '../wire/index.js';
import { encodeBase64 } from '../runtime/base64.js';
import type { FileContext } from './context.js';
import { bindings, GenericScope, isDynamic, METHOD_SCOPE, type Binding } from './generics.js';

export type TypeKey = 'void' | 'bool' | 'int8' | 'int16' | 'int32' | 'int64' | 'uint8' | 'uint16' | 'uint32' | 'uint64'
  | 'float32' | 'float64' | 'text' | 'data' | 'list' | 'enum' | 'struct' | 'interface' | 'anyPointer';

export function typeKey(type: Type | null): TypeKey {
  if (type === null) return 'void';
  return Object.keys(type)[0] as TypeKey;
}

interface Primitive {
  /** Bytes on the wire. */
  size: number;
  /** Suffix of the StructView/ListView accessors (`getInt32`...). */
  accessor: string;
  /** TypeScript value type. */
  ts: 'number' | 'bigint';
  /** Runtime element type name (`PrimitiveElementType`). */
  element: string;
  /** Element size code of a list of it. */
  listSize: number;
  typedArray: string;
}

export const PRIMITIVES: Record<string, Primitive> = {
  int8: { size: 1, accessor: 'Int8', ts: 'number', element: 'int8', listSize: 2, typedArray: 'Int8Array' },
  uint8: { size: 1, accessor: 'Uint8', ts: 'number', element: 'uint8', listSize: 2, typedArray: 'Uint8Array' },
  int16: { size: 2, accessor: 'Int16', ts: 'number', element: 'int16', listSize: 3, typedArray: 'Int16Array' },
  uint16: { size: 2, accessor: 'Uint16', ts: 'number', element: 'uint16', listSize: 3, typedArray: 'Uint16Array' },
  int32: { size: 4, accessor: 'Int32', ts: 'number', element: 'int32', listSize: 4, typedArray: 'Int32Array' },
  uint32: { size: 4, accessor: 'Uint32', ts: 'number', element: 'uint32', listSize: 4, typedArray: 'Uint32Array' },
  float32: { size: 4, accessor: 'Float32', ts: 'number', element: 'float32', listSize: 4, typedArray: 'Float32Array' },
  int64: { size: 8, accessor: 'Int64', ts: 'bigint', element: 'int64', listSize: 5, typedArray: 'BigInt64Array' },
  uint64: { size: 8, accessor: 'Uint64', ts: 'bigint', element: 'uint64', listSize: 5, typedArray: 'BigUint64Array' },
  float64: { size: 8, accessor: 'Float64', ts: 'number', element: 'float64', listSize: 5, typedArray: 'Float64Array' },
  enum: { size: 2, accessor: 'Uint16', ts: 'number', element: 'uint16', listSize: 3, typedArray: 'Uint16Array' },
};

/** The AnyPointer flavour of a type (AnyPointer, AnyStruct, AnyList, Capability, or a generic parameter). */
export function anyPointerFlavour(type: Type): 'any' | 'struct' | 'list' | 'capability' {
  if (!('anyPointer' in type)) return 'any';
  const any = type.anyPointer;
  if ('unconstrained' in any) {
    const u = any.unconstrained;
    if ('struct' in u) return 'struct';
    if ('list' in u) return 'list';
    if ('capability' in u) return 'capability';
  }
  return 'any';
}

/** The runtime codec of each AnyPointer flavour, with its TypeScript type. */
const ANY_CODECS: Record<ReturnType<typeof anyPointerFlavour>, Binding> = {
  any: { expression: '$.ANY_POINTER', type: '$.AnyPointerCodec' },
  struct: { expression: '$.ANY_STRUCT', type: '$.AnyStructCodec' },
  list: { expression: '$.ANY_LIST', type: '$.AnyListCodec' },
  capability: { expression: '$.CAPABILITY', type: '$.CapabilityCodec' },
};

/** TypeScript forms of a value of a type. */
export interface Forms {
  reader: string;
  builder: string;
  /** Plain-object form; pointer types include `| null`. */
  object: string;
  /** Accepted input; pointer types include `| null`. */
  init: string;
}

export function forms(ctx: FileContext, type: Type | null, scope: GenericScope = GenericScope.NONE): Forms {
  const key = typeKey(type);
  switch (key) {
    case 'void': return { reader: 'null', builder: 'null', object: 'null', init: 'null' };
    case 'bool': return { reader: 'boolean', builder: 'boolean', object: 'boolean', init: 'boolean' };
    case 'int64': case 'uint64': return { reader: 'bigint', builder: 'bigint', object: 'bigint', init: 'bigint | number' };
    case 'enum': {
      const name = ctx.names((type as { enum: { typeId: bigint } }).enum.typeId).value;
      return { reader: name, builder: name, object: name, init: name };
    }
    case 'text': return { reader: 'string', builder: 'string', object: 'string | null', init: 'string | null' };
    case 'data': return { reader: 'Uint8Array', builder: 'Uint8Array', object: 'Uint8Array | null', init: 'Uint8Array | null' };
    case 'struct': {
      const struct = (type as Extract<Type, { struct: unknown }>).struct;
      const n = ctx.names(struct.typeId);
      const args = typeArguments(ctx, scope, struct.typeId, struct.brand);
      return { reader: n.reader + args, builder: n.builder + args, object: `${n.value}${args} | null`, init: `${n.init}${args} | ${n.reader}${args} | null` };
    }
    case 'list': {
      const element = (type as { list: { elementType: Type | null } }).list.elementType;
      const e = listForms(ctx, element, scope);
      return { reader: e.reader, builder: e.builder, object: `${e.object} | null`, init: `${e.init} | null` };
    }
    case 'interface': {
      const client = clientOf(ctx, scope, type as Extract<Type, { interface: unknown }>).type;
      return { reader: `${client} | null`, builder: `${client} | null`, object: `${client} | null`, init: '$rpc.Client | null' };
    }
    case 'anyPointer': {
      const k = parameterIndex(scope, type!);
      if (k >= 0) {
        const t = scope.params[k]!.name;
        return { reader: `$.ReaderOf<${t}>`, builder: `$.BuilderOf<${t}>`, object: `$.ObjectOf<${t}> | null`, init: `$.InitOf<${t}> | null` };
      }
      switch (anyPointerFlavour(type!)) {
        case 'struct': return { reader: '$.StructReader', builder: '$.AnyPointerBuilder', object: '$.StructReader | null', init: '$.AnyValue | null' };
        case 'list': return { reader: '$.ListReader', builder: '$.AnyPointerBuilder', object: '$.ListReader | null', init: '$.AnyValue | null' };
        case 'capability': return { reader: '$rpc.Client | null', builder: '$rpc.Client | null', object: '$rpc.Client | null', init: '$rpc.Client | null' };
        default: return { reader: '$.AnyPointerReader', builder: '$.AnyPointerBuilder', object: '$.AnyPointerReader | null', init: '$.AnyValue | null' };
      }
    }
    default: {
      const p = PRIMITIVES[key]!;
      return { reader: p.ts, builder: p.ts, object: p.ts, init: p.ts };
    }
  }
}

/** Forms of a `List(element)`. */
export function listForms(ctx: FileContext, element: Type | null, scope: GenericScope = GenericScope.NONE): Forms {
  const key = typeKey(element);
  const primitive = PRIMITIVES[key];
  if (primitive) {
    const objectElement = key === 'enum' ? forms(ctx, element).object : primitive.ts;
    return {
      reader: primitive.typedArray,
      builder: `$.PrimitiveListBuilder<'${primitive.element}'>`,
      object: `${objectElement}[]`,
      init: `$.ListInit<${primitive.ts}>`,
    };
  }
  if (key === 'bool') return { reader: '$.BoolList', builder: '$.BoolListBuilder', object: 'boolean[]', init: '$.ListInit<boolean>' };
  if (key === 'void') return { reader: '$.VoidList', builder: '$.VoidListBuilder', object: 'null[]', init: '$.ListInit<null>' };
  const f = forms(ctx, element, scope);
  if (key === 'struct') {
    const object = f.object.replace(/ \| null$/, '');
    const init = f.init.replace(/ \| null$/, '');
    return { reader: `$.StructList<${f.reader}>`, builder: `$.StructListBuilder<${f.builder}>`, object: `${object}[]`, init: `$.ListInit<${init}>` };
  }
  return {
    reader: `$.PointerList<${f.reader}>`,
    builder: `$.PointerListBuilder<${f.builder}, ${f.init}>`,
    object: `(${f.object})[]`,
    init: `$.ListInit<${f.init}>`,
  };
}

/** The runtime `ElementType` expression for elements of `type`. */
export function elementExpression(ctx: FileContext, type: Type | null, scope: GenericScope = GenericScope.NONE): string {
  const key = typeKey(type);
  const primitive = PRIMITIVES[key];
  if (primitive) return `'${primitive.element}'`;
  switch (key) {
    case 'bool': return `'bool'`;
    case 'void': return `'void'`;
    case 'text': return '$.TEXT';
    case 'data': return '$.DATA';
    case 'interface': {
      // The class without type arguments: the expression may be used where the scope's type
      // parameters are not (`$info`); typed loosely, as registered codecs are.
      const client = clientOf(ctx, scope, type as Extract<Type, { interface: unknown }>);
      const Class = client.type.replace(/<.*$/, '');
      if (client.params === null) return ctx.codec(`$rpc.clientCodec(${Class})`);
      const expression = `$rpc.clientCodec<any>(${Class}, ${client.params})`;
      return isDynamic(expression) ? expression : ctx.codec(expression);
    }
    case 'anyPointer': {
      const k = parameterIndex(scope, type!);
      if (k >= 0) return `$.param(this.$params, ${k})`;
      if (anyPointerFlavour(type!) === 'capability') return ctx.codec('$rpc.clientCodec($rpc.Client)');
      return ANY_CODECS[anyPointerFlavour(type!)].expression;
    }
    case 'struct': return structCodec(ctx, scope, type as Extract<Type, { struct: unknown }>);
    default: {
      const element = (type as { list: { elementType: Type | null } }).list.elementType;
      const expression = `$.listOf(${elementExpression(ctx, element, scope)})`;
      return isDynamic(expression) ? expression : ctx.codec(expression);
    }
  }
}

/** The element size code a list of `type` is read with. */
export function listElementSize(type: Type | null): number {
  const key = typeKey(type);
  const primitive = PRIMITIVES[key];
  if (primitive) return primitive.listSize;
  if (key === 'bool') return 1;
  if (key === 'void') return 0;
  if (key === 'struct') return 7;
  return 6;
}

/** The value of a Value union. */
export function valueOf(value: Value | null): unknown {
  if (value === null) return null;
  return (value as Record<string, unknown>)[Object.keys(value)[0]!];
}

/** Canonical bytes (base64) of a pointer value, or null when the pointer is null. */
export function pointerConstant(value: unknown): string | null {
  if (value == null) return null;
  if (value instanceof AnyPointerReader) {
    if (value.isNull()) return null;
    return encodeBase64(canonicalize(value));
  }
  if (value instanceof StructReader || value instanceof ListReader) return encodeBase64(canonicalize(value));
  throw new Error(`unexpected pointer value ${String(value)}`);
}

/** Literal XOR masks for a data field's default. */
export function maskArguments(key: TypeKey, value: unknown): string {
  if (value == null) return '';
  switch (key) {
    case 'bool': return value === true ? ', true' : '';
    case 'int64': case 'uint64': return value === 0n ? '' : `, ${String(value)}n`;
    case 'float32': {
      const bits = float32ToBits(value as number);
      return bits === 0 ? '' : `, 0x${bits.toString(16)}`;
    }
    case 'float64': {
      const [lo, hi] = float64ToBits(value as number);
      return lo === 0 && hi === 0 ? '' : `, 0x${lo.toString(16)}, 0x${hi.toString(16)}`;
    }
    default: return value === 0 ? '' : `, ${String(value)}`;
  }
}

/** A TypeScript literal for a primitive constant. */
export function literal(key: TypeKey, value: unknown): string {
  switch (key) {
    case 'void': return 'null';
    case 'int64': case 'uint64': return `${String(value)}n`;
    case 'float32': case 'float64': {
      const n = value as number;
      if (Number.isNaN(n)) return 'NaN';
      if (n === Infinity) return 'Infinity';
      if (n === -Infinity) return '-Infinity';
      return Object.is(n, -0) ? '-0' : String(n);
    }
    case 'text': return JSON.stringify(value);
    default: return String(value);
  }
}

/** Flattened index of the generic parameter a type refers to (a method's own in a method scope), or -1. */
export function parameterIndex(scope: GenericScope, type: Type): number {
  if (!('anyPointer' in type)) return -1;
  const any = type.anyPointer;
  if ('implicitMethodParameter' in any) return scope.indexOf(METHOD_SCOPE, any.implicitMethodParameter.parameterIndex);
  if (!('parameter' in any)) return -1;
  const p = any.parameter;
  return scope.indexOf(p.scopeId, p.parameterIndex);
}

/** The codec binding a pointer type to a generic parameter. */
export function codecBinding(ctx: FileContext, scope: GenericScope, type: Type): Binding {
  const f = forms(ctx, type, scope);
  const strip = (t: string) => t.replace(/ \| null$/, '');
  const codecType = `$.PointerCodec<${f.reader}, ${f.builder}, ${strip(f.object)}, ${strip(f.init)}>`;
  const key = typeKey(type);
  if (key === 'anyPointer') {
    const k = parameterIndex(scope, type);
    if (k >= 0) return { expression: `$.param(this.$params, ${k})`, type: scope.params[k]!.name };
  }
  const expression = elementExpression(ctx, type, scope);
  switch (key) {
    case 'text': return { expression, type: '$.TextCodec' };
    case 'data': return { expression, type: '$.DataCodec' };
    case 'interface': return { expression, type: codecType };
    case 'anyPointer': return ANY_CODECS[anyPointerFlavour(type)];
    case 'struct':
      // A non-generic struct's StructType is its own codec type.
      return { expression, type: /^[\w$.]+$/.test(expression) ? `typeof ${expression}` : codecType };
    case 'list': return { expression, type: codecType };
    default: break;
  }
  return { expression: '$.ANY_POINTER', type: '$.AnyPointerCodec' };
}

/** `<codec types>` of a use of a struct type (empty unless the struct is generic). */
export function typeArguments(ctx: FileContext, scope: GenericScope, typeId: bigint, brand: Extract<Type, { struct: unknown }>['struct']['brand']): string {
  const target = ctx.graph.node(typeId);
  const bound = bindings(ctx, scope, target, brand, (t) => codecBinding(ctx, scope, t));
  return bound.length === 0 ? '' : `<${bound.map((b) => b.type).join(', ')}>`;
}

/** `, [codecs]`: the parameters argument for constructing a generic struct's reader or builder. */
export function paramsArgument(ctx: FileContext, scope: GenericScope, type: Extract<Type, { struct: unknown }>): string {
  const target = ctx.graph.node(type.struct.typeId);
  const bound = bindings(ctx, scope, target, type.struct.brand, (t) => codecBinding(ctx, scope, t));
  return bound.length === 0 ? '' : `, [${bound.map((b) => b.expression).join(', ')}]`;
}

/** The codec of a struct type as used: the StructType, bound if generic. */
export function structCodec(ctx: FileContext, scope: GenericScope, type: Extract<Type, { struct: unknown }>): string {
  const name = ctx.names(type.struct.typeId).value;
  const params = paramsArgument(ctx, scope, type);
  return params === '' ? name : `${name}.bind(${params.slice(2)})`;
}

/**
 * How code refers to the client of an interface type as used: the client class with its type
 * arguments (a type, and an instantiation expression for `capabilityOf` and the like), and the
 * codecs binding its parameters (an expression, or null when the interface is not generic).
 */
export function clientOf(ctx: FileContext, scope: GenericScope, type: Extract<Type, { interface: unknown }>): { type: string; params: string | null } {
  const id = type.interface.typeId;
  if (!ctx.graph.has(id)) return { type: '$rpc.Client', params: null };
  const bound = bindings(ctx, scope, ctx.graph.node(id), type.interface.brand, (t) => codecBinding(ctx, scope, t));
  const client = ctx.names(id).reader;
  if (bound.length === 0) return { type: client, params: null };
  return { type: `${client}<${bound.map((b) => b.type).join(', ')}>`, params: ctx.codecList(bound.map((b) => b.expression)) };
}

const SCHEMA_PRIMITIVE_NAMES: Record<string, string> = {
  void: 'Void', bool: 'Bool', int8: 'Int8', int16: 'Int16', int32: 'Int32', int64: 'Int64', uint8: 'UInt8', uint16: 'UInt16',
  uint32: 'UInt32', uint64: 'UInt64', float32: 'Float32', float64: 'Float64', text: 'Text', data: 'Data',
};

/**
 * A type as the schema language writes it (`UInt32`, `List(Story)`, `Map(Text, Int32)`'s base
 * `Map`, a generic parameter's name), for the doc comment of a generated accessor.
 */
export function schemaTypeName(ctx: FileContext, type: Type | null, scope: GenericScope = GenericScope.NONE): string {
  const key = typeKey(type);
  const primitive = SCHEMA_PRIMITIVE_NAMES[key];
  if (primitive) return primitive;
  if (type === null) return 'Void';
  if ('list' in type) return `List(${schemaTypeName(ctx, type.list.elementType, scope)})`;
  if ('struct' in type || 'enum' in type || 'interface' in type) {
    const id = 'struct' in type ? type.struct.typeId : 'enum' in type ? type.enum.typeId : type.interface.typeId;
    const node = ctx.graph.has(id) ? ctx.graph.node(id) : null;
    const displayName = node?.displayName ?? '';
    return displayName.slice(displayName.indexOf(':') + 1) || 'AnyPointer';
  }
  const k = parameterIndex(scope, type);
  if (k >= 0) return scope.params[k]!.name;
  switch (anyPointerFlavour(type)) {
    case 'struct': return 'AnyStruct';
    case 'list': return 'AnyList';
    case 'capability': return 'Capability';
    default: return 'AnyPointer';
  }
}
