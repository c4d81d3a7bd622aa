/**
 * Types and values compared across versions: whether a field's type is the same (ids, brands,
 * generic parameters), whether a list may be read as the struct list that replaced it, whether
 * two default values are the same, and where a field's bits live.
 */
import type { Brand, Brand_Binding, Node, Type, Value } from '../schema/index.js';
import { canonicalize, type AnyPointerReader, type ListReader, type StructReader } from '../wire/index.js';
import type { IndexedVersion } from './schema-version.js';

export type TypeKind =
  | 'void' | 'bool' | 'int8' | 'int16' | 'int32' | 'int64' | 'uint8' | 'uint16' | 'uint32' | 'uint64' | 'float32' | 'float64'
  | 'text' | 'data' | 'list' | 'enum' | 'struct' | 'interface' | 'anyPointer';

export function typeKind(type: Type | null): TypeKind | 'none' {
  if (type === null) return 'none';
  return Object.keys(type)[0] as TypeKind;
}

const PRIMITIVE_NAMES: Record<string, string> = {
  void: 'Void', bool: 'Bool', int8: 'Int8', int16: 'Int16', int32: 'Int32', int64: 'Int64', uint8: 'UInt8', uint16: 'UInt16',
  uint32: 'UInt32', uint64: 'UInt64', float32: 'Float32', float64: 'Float64', text: 'Text', data: 'Data',
};

/** Bits of a data field by type; null for pointers, Void and groups. */
const DATA_BITS: Record<string, number> = {
  bool: 1, int8: 8, uint8: 8, int16: 16, uint16: 16, enum: 16, int32: 32, uint32: 32, float32: 32, int64: 64, uint64: 64, float64: 64,
};

export function isPointerType(type: Type | null): boolean {
  const kind = typeKind(type);
  return kind === 'text' || kind === 'data' || kind === 'list' || kind === 'struct' || kind === 'interface' || kind === 'anyPointer';
}

/** Where a slot's value lives: bits of the data section, or a pointer index. */
export interface Storage {
  readonly section: 'data' | 'pointers';
  /** First bit (data) or pointer index. */
  readonly start: number;
  /** Bits (data) or 1 (pointers). */
  readonly size: number;
}

export function storageOf(type: Type | null, offset: number): Storage | null {
  const bits = DATA_BITS[typeKind(type)];
  if (bits !== undefined) return { section: 'data', start: offset * bits, size: bits };
  if (isPointerType(type)) return { section: 'pointers', start: offset, size: 1 };
  return null;
}

export function overlaps(a: Storage, b: Storage): boolean {
  return a.section === b.section && a.start < b.start + b.size && b.start < a.start + a.size;
}

export function sameStorage(a: Storage | null, b: Storage | null): boolean {
  if (a === null || b === null) return a === b;
  return a.section === b.section && a.start === b.start && a.size === b.size;
}

/** A type as the schema language writes it, with names from `version`. */
export function typeName(type: Type | null, version: IndexedVersion): string {
  if (type === null) return '?';
  const kind = typeKind(type);
  const primitive = PRIMITIVE_NAMES[kind];
  if (primitive !== undefined) return primitive;
  const t = type as Record<string, any>;
  switch (kind) {
    case 'list':
      return `List(${typeName(t.list.elementType, version)})`;
    case 'enum':
    case 'struct':
    case 'interface': {
      const node = version.node(t[kind].typeId as bigint);
      return node === undefined ? `@0x${(t[kind].typeId as bigint).toString(16)}` : version.scopePath(node) || (node.displayName ?? '');
    }
    case 'anyPointer': {
      const any = t.anyPointer;
      if ('parameter' in any) {
        const scope = version.node(any.parameter.scopeId as bigint);
        return scope?.parameters?.[any.parameter.parameterIndex]?.name ?? `parameter ${any.parameter.parameterIndex}`;
      }
      if ('implicitMethodParameter' in any) return `method parameter ${any.implicitMethodParameter.parameterIndex}`;
      const which = Object.keys(any.unconstrained ?? { anyKind: null })[0];
      return which === 'struct' ? 'AnyStruct' : which === 'list' ? 'AnyList' : which === 'capability' ? 'Capability' : 'AnyPointer';
    }
    default:
      return kind;
  }
}

/** A generic parameter that replaced a concrete type somewhere (to check uses against). */
export interface BindingUse {
  /** The generic scope (new id) and parameter index bound. */
  readonly scopeId: bigint;
  readonly index: number;
  /** The type the use binds it to (in the new version); null when left unbound. */
  readonly bound: Type | null;
}

/**
 * How `newType` relates to `oldType`:
 * - `same`: the same type (same ids, same bindings of the parameters both versions have);
 * - `made-generic`: a concrete pointer type became a generic parameter;
 * - `different`: anything else.
 * `onNewBinding` hears every binding of a parameter that the old version did not have (a type
 * made generic, or a new parameter), to be checked against what that parameter replaced.
 */
export interface TypeComparison {
  readonly old: IndexedVersion;
  readonly new: IndexedVersion;
  /** Old scope ids known to correspond to other new ids (method param structs). */
  readonly scopeMap?: ReadonlyMap<bigint, bigint>;
  onNewBinding(use: BindingUse): void;
}

export function compareTypes(oldType: Type | null, newType: Type | null, cx: TypeComparison): 'same' | 'made-generic' | 'different' {
  const oldKind = typeKind(oldType);
  const newKind = typeKind(newType);
  const o = oldType as Record<string, any> | null;
  const n = newType as Record<string, any> | null;
  if (newKind === 'anyPointer' && 'parameter' in n!.anyPointer && oldKind !== 'anyPointer' && isPointerType(oldType)) return 'made-generic';
  if (oldKind !== newKind) return 'different';
  switch (oldKind) {
    case 'list': {
      const inner = compareTypes(o!.list.elementType, n!.list.elementType, cx);
      return inner === 'made-generic' ? 'different' : inner;
    }
    case 'enum':
      return o!.enum.typeId === n!.enum.typeId ? 'same' : 'different';
    case 'struct':
    case 'interface':
      if (o![oldKind].typeId !== n![oldKind].typeId) return 'different';
      return sameBrand(o![oldKind].brand, n![oldKind].brand, cx) ? 'same' : 'different';
    case 'anyPointer': {
      const a = o!.anyPointer;
      const b = n!.anyPointer;
      if ('parameter' in a || 'parameter' in b) {
        if (!('parameter' in a && 'parameter' in b)) return 'different';
        const expected = cx.scopeMap?.get(a.parameter.scopeId) ?? a.parameter.scopeId;
        return expected === b.parameter.scopeId && a.parameter.parameterIndex === b.parameter.parameterIndex ? 'same' : 'different';
      }
      if ('implicitMethodParameter' in a || 'implicitMethodParameter' in b) {
        if (!('implicitMethodParameter' in a && 'implicitMethodParameter' in b)) return 'different';
        return a.implicitMethodParameter.parameterIndex === b.implicitMethodParameter.parameterIndex ? 'same' : 'different';
      }
      return Object.keys(a.unconstrained ?? {})[0] === Object.keys(b.unconstrained ?? {})[0] ? 'same' : 'different';
    }
    default:
      return 'same';
  }
}

const UNBOUND: Brand_Binding = { unbound: null };

/**
 * Whether two brands bind the parameters of the old version the same way. Parameters that are
 * new (the old scope had fewer, or none) are not compared here: they are reported through
 * `onNewBinding`, since binding them to what they replaced is the rule.
 */
export function sameBrand(oldBrand: Brand | null, newBrand: Brand | null, cx: TypeComparison): boolean {
  const scopeIds = new Set<bigint>();
  for (const scope of oldBrand?.scopes ?? []) scopeIds.add(scope.scopeId);
  for (const scope of newBrand?.scopes ?? []) scopeIds.add(scope.scopeId);
  for (const scopeId of scopeIds) {
    const oldScope = oldBrand?.scopes?.find((s) => s.scopeId === scopeId);
    const newScope = newBrand?.scopes?.find((s) => s.scopeId === scopeId);
    const oldInherit = oldScope !== undefined && 'inherit' in oldScope;
    const newInherit = newScope !== undefined && 'inherit' in newScope;
    const oldBindings = (oldScope as { bind?: Brand_Binding[] | null } | undefined)?.bind ?? [];
    const newBindings = (newScope as { bind?: Brand_Binding[] | null } | undefined)?.bind ?? [];
    const oldCount = cx.old.node(scopeId)?.parameters?.length ?? oldBindings.length;
    // A scope that was not generic: whatever the new version binds is checked through onNewBinding.
    if ((oldInherit || newInherit) && oldCount > 0) {
      if (oldInherit !== newInherit) return false;
      continue;
    }
    if (newInherit) continue;
    const newCount = Math.max(cx.new.node(scopeId)?.parameters?.length ?? 0, newBindings.length);
    for (let i = 0; i < newCount; i++) {
      const b = newBindings[i] ?? UNBOUND;
      if (i >= oldCount) {
        cx.onNewBinding({ scopeId, index: i, bound: 'type' in b ? b.type : null });
        continue;
      }
      const a = oldBindings[i] ?? UNBOUND;
      if (!sameBinding(a, b, cx)) return false;
    }
  }
  return true;
}

function sameBinding(a: Brand_Binding, b: Brand_Binding, cx: TypeComparison): boolean {
  const typeOf = (binding: Brand_Binding): Type => ('type' in binding && binding.type !== null ? binding.type : { anyPointer: { unconstrained: { anyKind: null } } });
  return compareTypes(typeOf(a), typeOf(b), cx) === 'same';
}

/**
 * Whether `List(oldElement)` may be read as `List(newElement)`: the old elements are a
 * primitive (not Bool), Text, Data or a list, and the new ones a struct whose @0 field has
 * exactly that type, sits first in its section, is in no union and has no default of its own
 * (old elements were written without one). The rule of the language reference, checked on the
 * compiled layout.
 */
export function isListUpgrade(oldType: Type | null, newType: Type | null, cx: TypeComparison): boolean {
  if (typeKind(oldType) !== 'list' || typeKind(newType) !== 'list') return false;
  const oldElement = (oldType as { list: { elementType: Type | null } }).list.elementType;
  const newElement = (newType as { list: { elementType: Type | null } }).list.elementType;
  const oldKind = typeKind(oldElement);
  if (typeKind(newElement) !== 'struct' || oldKind === 'bool' || oldKind === 'none') return false;
  if (oldKind === 'struct' || oldKind === 'interface' || oldKind === 'anyPointer') return false;
  const struct = cx.new.node((newElement as { struct: { typeId: bigint } }).struct.typeId);
  if (struct === undefined || !('struct' in struct)) return false;
  const first = (struct.struct.fields ?? []).find((f) => 'slot' in f && 'explicit' in f.ordinal && f.ordinal.explicit === 0);
  if (first === undefined || !('slot' in first) || first.discriminantValue !== 0xffff) return false;
  if (first.slot.offset !== 0) return false;
  if (compareTypes(oldElement, first.slot.type, cx) !== 'same') return false;
  return isZeroDefault(first.slot.defaultValue);
}

/** Whether a default reads as the type's zero value (what an element written without one holds). */
function isZeroDefault(value: Value | null): boolean {
  if (value === null) return true;
  const [kind, raw] = Object.entries(value)[0] as [string, unknown];
  switch (kind) {
    case 'void': return true;
    case 'bool': return raw === false;
    case 'int64': case 'uint64': return raw === 0n;
    case 'float32': case 'float64': return Object.is(raw, 0);
    case 'text': return raw === null || raw === '';
    case 'data': return raw === null || (raw as Uint8Array).length === 0;
    case 'list': case 'struct': case 'anyPointer': return pointerBytes(kind, raw) === null;
    default: return raw === 0;
  }
}

/** Canonical bytes of a pointer default; null for null and for what reads the same as null. */
function pointerBytes(kind: string, raw: unknown): string | null {
  if (raw === null || raw === undefined) return null;
  const reader = raw as StructReader | ListReader | AnyPointerReader;
  if (kind === 'list' && (reader as ListReader).length === 0) return null;
  const bytes = canonicalize(reader);
  // One word alone is the root pointer: null, or a struct with no non-zero content.
  if (bytes.length === 8 && (kind === 'struct' || bytes.every((b) => b === 0))) return null;
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Whether two defaults read the same (null pointers and empty values count as equal). */
export function sameValue(a: Value | null, b: Value | null): boolean {
  if (a === null || b === null) return isZeroDefault(a) && isZeroDefault(b);
  const [kindA, rawA] = Object.entries(a)[0] as [string, unknown];
  const [kindB, rawB] = Object.entries(b)[0] as [string, unknown];
  if (kindA !== kindB) return isZeroDefault(a) && isZeroDefault(b);
  switch (kindA) {
    case 'text':
      return (rawA ?? '') === (rawB ?? '');
    case 'data': {
      const x = (rawA as Uint8Array | null) ?? new Uint8Array(0);
      const y = (rawB as Uint8Array | null) ?? new Uint8Array(0);
      return x.length === y.length && x.every((v, i) => v === y[i]);
    }
    case 'list':
    case 'struct':
    case 'anyPointer':
      return pointerBytes(kindA, rawA) === pointerBytes(kindB, rawB);
    default:
      return Object.is(rawA, rawB);
  }
}

/** A default as text, for messages. */
export function describeValue(value: Value | null): string {
  if (value === null) return 'none';
  const [kind, raw] = Object.entries(value)[0] as [string, unknown];
  switch (kind) {
    case 'void': return 'void';
    case 'text': return raw === null ? 'null' : JSON.stringify(raw);
    case 'data': return raw === null ? 'null' : `0x"${Array.from(raw as Uint8Array, (b) => b.toString(16).padStart(2, '0')).join('')}"`;
    case 'list': case 'struct': case 'anyPointer': return pointerBytes(kind, raw) === null ? 'null' : `a ${kind} value`;
    case 'enum': return `enumerant ${String(raw)}`;
    default: return String(raw);
  }
}

/** The node a struct or interface type refers to, if the version has it. */
export function referencedNode(type: Type | null, version: IndexedVersion): Node | undefined {
  const kind = typeKind(type);
  if (kind !== 'struct' && kind !== 'interface' && kind !== 'enum') return undefined;
  return version.node((type as Record<string, { typeId: bigint }>)[kind]!.typeId);
}
