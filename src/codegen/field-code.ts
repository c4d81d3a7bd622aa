/**
 * The generated code for one field of a struct: its accessors in the reader and the builder
 * (data fields read inline on the segment's DataView at offsets computed here, pointer fields
 * through the runtime's accessors), its type in the plain-object forms, and how it is copied
 * and cleared. struct-gen.ts assembles these into the classes of a struct.
 */
import { NO_DISCRIMINANT, type Field, type Node, type Type } from '../schema/index.js';
import type { FileContext } from './context.js';
import {
  anyPointerFlavour, clientOf, elementExpression, forms, listElementSize, literal, maskArguments, paramsArgument, parameterIndex,
  pointerConstant, PRIMITIVES, schemaTypeName, structCodec, typeKey, valueOf,
} from './field-types.js';
import { GenericScope } from './generics.js';
import { capitalize, MemberNames } from './names.js';

export type StructNode = Node & { struct: NonNullable<Extract<Node, { struct: unknown }>['struct']> };

/** Everything the classes and types need to know about one field. */
export interface FieldCode {
  name: string;
  accessor: string;
  /** The field as the schema declares it (`id @0 :UInt32`), for its doc comment. */
  declaration: string;
  doc: string | null;
  /** Discriminant value when the field is a union member. */
  discriminant: number | null;
  isGroup: boolean;
  objectType: string;
  initType: string;
  readerType: string;
  builderType: string;
  /** Expression reading the field from the StructReader `s`. */
  read: string;
  /** Expression giving the field's plain-object form from `s`. */
  toObject: string;
  /** Expression reading the field from the StructBuilder `b`. */
  builderRead: string;
  /** Statements setting the field on `b` from `value` (discriminant excluded); null: read-only. */
  set: string[] | null;
  /**
   * The check `assign` runs on a plain object's value before the setter (runtime/value-checks.ts),
   * wrapped around the value expression; null for fields whose setters check for themselves.
   */
  check: ((value: string) => string) | null;
  /** Statements zeroing the field on `b` (for initializing a union's group member). */
  zero: string[];
  /** Extra reader and builder methods. */
  readerMethods: string[][];
  builderMethods: string[][];
}

/** The runtime check (runtime/value-checks.ts) `assign` runs on a data field's value, by type. */
const VALUE_CHECKS: Record<string, string> = {
  bool: 'checkBool', int8: 'checkInt8', uint8: 'checkUInt8', int16: 'checkInt16', uint16: 'checkUInt16',
  int32: 'checkInt32', uint32: 'checkUInt32', int64: 'checkInt64', uint64: 'checkUInt64',
  float32: 'checkFloat32', float64: 'checkFloat64',
};

/** The names of `$.ElementSize`'s values, indexed by value. */
const ELEMENT_SIZE_NAMES = ['VOID', 'BIT', 'BYTE', 'TWO_BYTES', 'FOUR_BYTES', 'EIGHT_BYTES', 'POINTER', 'INLINE_COMPOSITE'];

export function sortedFields(node: StructNode): Field[] {
  return [...(node.struct.fields ?? [])].sort((a, b) => a.codeOrder - b.codeOrder);
}

function method(...lines: string[]): string[] {
  return lines;
}

/** DataView method suffix for a primitive accessor name (`Int64` reads as `BigInt64`). */
function dataViewType(accessor: string): string {
  return accessor === 'Int64' ? 'BigInt64' : accessor === 'Uint64' ? 'BigUint64' : accessor;
}

/** `, true` (little-endian) for multi-byte DataView calls. */
function littleEndian(size: number): string {
  return size > 1 ? ', true' : '';
}

/** `this.$data + n` (or `this.$data` for n = 0). */
export function at(base: string, offset: number): string {
  return offset === 0 ? base : `${base} + ${offset}`;
}

/** The arguments locating pointer `index` of a reader: segment, pointer section, count, index. */
function readerSlot(index: number): string {
  return `this.$segment, this.$pointers, this.$pointerCount, ${index}`;
}

/** The byte offset of pointer `index` of a builder (whose struct always has the pointer). */
function builderSlot(index: number): string {
  return at('this.$pointers', index * 8);
}

interface DataAccess {
  read: string;
  builderRead: string;
  set: string[];
  zero: string[];
}

/**
 * Reads and writes of a data field, inline on a DataView (a reader's `$view`, which may be a
 * padded copy: runtime/padded-data.ts), defaults by XOR. Reads check no size.
 */
function dataAccess(key: string, offset: number, defaultValue: unknown, cast: string): DataAccess {
  if (key === 'bool') {
    const byte = offset >>> 3;
    const bit = 1 << (offset & 7);
    const isTrue = defaultValue === true;
    const readerBit = `(this.$view.getUint8(${at('this.$data', byte)}) & ${bit})`;
    const builderBit = `(this.$segment.view.getUint8(${at('this.$data', byte)}) & ${bit}) !== 0`;
    return {
      read: isTrue ? `!${readerBit}` : `!!${readerBit}`,
      builderRead: isTrue ? `!(${builderBit})` : builderBit,
      set: [`$.setBit(this.$segment.bytes, ${at('this.$data', byte)}, ${bit}, ${isTrue ? '!value' : 'value'});`],
      zero: [`$.setBit(this.$segment.bytes, ${at('this.$data', byte)}, ${bit}, false);`],
    };
  }
  const p = PRIMITIVES[key]!;
  const byte = offset * p.size;
  const dv = dataViewType(p.accessor);
  const le = littleEndian(p.size);
  const zeroValue = p.ts === 'bigint' ? '0n' : '0';
  const where = at('this.$data', byte);
  const mask = maskArguments(key as never, defaultValue).replace(/^, /, '');
  const readerRaw = `this.$view.get${dv}(${where}${le})`;
  const builderRaw = `this.$segment.view.get${dv}(${where}${le})`;
  const zero = [`this.$segment.view.set${dv}(${where}, ${zeroValue}${le});`];
  if (key === 'float32' && mask !== '') {
    return {
      read: `$.float32FromBits(this.$view.getUint32(${where}, true) ^ ${mask})`,
      builderRead: `$.float32FromBits(this.$segment.view.getUint32(${where}, true) ^ ${mask})`,
      set: [`this.$segment.view.setUint32(${where}, $.float32ToBits(value) ^ ${mask}, true);`],
      zero,
    };
  }
  if (key === 'float64' && mask !== '') {
    const [lo, hi] = mask.split(', ');
    return {
      read: `$.float64FromBits(this.$view.getUint32(${where}, true) ^ ${lo}, this.$view.getUint32(${at('this.$data', byte + 4)}, true) ^ ${hi})`,
      builderRead: `$.float64FromBits(this.$segment.view.getUint32(${where}, true) ^ ${lo}, this.$segment.view.getUint32(${at('this.$data', byte + 4)}, true) ^ ${hi})`,
      set: [`$.setFloat64Masked(this.$segment.view, ${where}, value, ${lo}, ${hi});`],
      zero,
    };
  }
  const input = p.ts === 'bigint' ? '$.toBigInt(value)' : 'value';
  const xor = (expression: string) => (mask === '' ? expression : key === 'uint32' ? `((${expression} ^ ${mask}) >>> 0)` : `(${expression} ^ ${mask})`);
  return {
    read: xor(readerRaw) + cast,
    builderRead: xor(builderRaw) + cast,
    set: [`this.$segment.view.set${dv}(${where}, ${mask === '' ? input : `${input} ^ ${mask}`}${le});`],
    zero,
  };
}

function describeSlot(ctx: FileContext, field: Field & { slot: unknown }, members: MemberNames, scope: GenericScope): Omit<FieldCode, 'name' | 'accessor' | 'declaration' | 'doc' | 'discriminant' | 'isGroup'> {
  const slot = (field as Extract<Field, { slot: unknown }>).slot;
  const type = slot.type;
  const key = typeKey(type);
  const f = forms(ctx, type, scope);
  const cap = capitalize(field.name ?? '');
  const defaultValue = slot.hadExplicitDefault ? valueOf(slot.defaultValue) : null;
  const base = { objectType: f.object, initType: f.init, readerType: f.reader, builderType: f.builder, readerMethods: [] as string[][], builderMethods: [] as string[][] };

  if (key === 'void') {
    return { ...base, read: 'null', toObject: 'null', builderRead: 'null', set: [], zero: [], check: (v) => `$.checkVoid(${v})` };
  }
  if (key === 'bool' || PRIMITIVES[key]) {
    const access = dataAccess(key, slot.offset, defaultValue, key === 'enum' ? ` as ${f.reader}` : '');
    const check = key === 'enum' ? (v: string) => `$.checkEnum(${v}, ${JSON.stringify(f.reader)})` : (v: string) => `$.${VALUE_CHECKS[key]}(${v})`;
    return { ...base, read: access.read, toObject: access.read, builderRead: access.builderRead, set: access.set, zero: access.zero, check };
  }

  // Pointer fields.
  const index = slot.offset;
  const r = readerSlot(index);
  const b = builderSlot(index);
  const has = members.helper(`has${cap}`);
  const disown = members.helper(`disown${cap}`);
  const adopt = members.helper(`adopt${cap}`);
  const init = members.helper(`init${cap}`);
  base.readerMethods.push(method(`${has}(): boolean {`, `  return $.hasPointer(${r});`, '}'));
  base.builderMethods.push(
    method(`${has}(): boolean {`, `  return !$.isNullPointer(this.$segment, ${b});`, '}'),
    method(`/** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */`, `${disown}(): $.Orphan {`, `  return $.disown(this.$segment, ${b});`, '}'),
    method(`${adopt}(orphan: $.Orphan): void {`, `  $.adopt(this.$segment, ${b}, orphan, ${adoptedAs(scope, type!)});`, '}'),
  );
  const zero = [`$.clearPointer(this.$segment, ${b});`];
  const capabilityCheck = (v: string) => `$.checkCapability(${v})`;

  switch (key) {
    case 'text': {
      const d = defaultValue != null ? literal('text', defaultValue) : null;
      base.builderMethods.push(method(`/** New Text of \`byteLength\` zero bytes to fill with UTF-8 (the view is valid until the message next allocates). */`, `${init}(byteLength: number): Uint8Array {`, `  return $.initText(this.$segment, ${b}, byteLength);`, '}'));
      return {
        ...base,
        read: `$.readTextAt(this.$segment, this.$slot(${index}), ${d ?? "''"})`,
        toObject: d ? `$.readText(${r}, ${d})` : `$.textOrNull(${r})`,
        builderRead: `$.readTextAt(this.$segment, ${b}, ${d ?? "''"})`,
        set: [`$.setText(this.$segment, ${b}, value);`],
        zero,
        check: null,
      };
    }
    case 'data': {
      const bytes = defaultValue instanceof Uint8Array && defaultValue.length > 0 ? defaultValue : null;
      const d = bytes ? ctx.bytesConstant(bytes) : null;
      base.builderMethods.push(method(`/** New zeroed Data to fill in (the view is valid until the message next allocates). */`, `${init}(length: number): Uint8Array {`, `  return $.initData(this.$segment, ${b}, length);`, '}'));
      return {
        ...base,
        read: `$.readData(${r}${d ? `, ${d}` : ''})`,
        toObject: d ? `$.readData(${r}, ${d})` : `$.dataOrNull(${r})`,
        builderRead: `$.readDataAt(this.$segment, ${b}, ${d ?? 'undefined'})`,
        set: [`$.setData(this.$segment, ${b}, value);`],
        zero,
        check: null,
      };
    }
    case 'struct': {
      const structType = type as Extract<Type, { struct: unknown }>;
      const target = ctx.graph.node(structType.struct.typeId) as StructNode;
      const n = ctx.names(target.id);
      const params = paramsArgument(ctx, scope, structType);
      const constant = pointerConstant(defaultValue);
      const d = constant ? ctx.constant(constant) : params ? 'null' : null;
      const { dataWordCount: dw, pointerCount: pc } = target.struct;
      // A struct of a non-generic type is located and made in the getter itself (`structReaderAt`,
      // inlined there); a generic one needs its parameters' codecs, which `readStruct` passes on.
      const read = params
        ? `$.readStruct<${f.reader}>(${n.reader}, ${r}, this.$nesting${d ? `, ${d}` : ''}${params})`
        : `$.structReaderAt(${n.reader}, $.locateStructAt(this.$segment, this.$slot(${index}), this.$nesting, ${d ?? 'null'}))`;
      base.builderMethods.push(method(`${init}(): ${f.builder} {`, `  return $.initStruct<${f.builder}>(${n.builder}, this.$segment, ${b}, ${dw}, ${pc}${params});`, '}'));
      return {
        ...base,
        read,
        // A null pointer reads as the default, guarded against a default that holds itself
        // (runtime/default-objects.ts).
        toObject: constant
          ? `$.hasPointer(${r}) ? ${read}.$toObject() : $.defaultToObject(${d}, () => ${read}.$toObject())`
          : `$.hasPointer(${r}) ? ${read}.$toObject() : null`,
        builderRead: `$.getStruct<${f.builder}>(${n.builder}, this.$segment, ${b}, ${dw}, ${pc}${d ? `, ${d}` : ''}${params})`,
        set: [`${structCodec(ctx, scope, structType)}.set(this.$, ${index}, value);`],
        zero,
        check: null,
      };
    }
    case 'list': {
      const elementType = (type as { list: { elementType: Type | null } }).list.elementType;
      const elementKey = typeKey(elementType);
      const size = `$.ElementSize.${ELEMENT_SIZE_NAMES[listElementSize(elementType)]}`;
      const element = elementExpression(ctx, elementType, scope);
      const constant = pointerConstant(defaultValue);
      const defaultName = constant ? ctx.constant(constant) : null;
      const d = defaultName === null ? '' : `, ${defaultName}`;
      const list = `$.readList(${r}, ${size}, this.$nesting${d})`;
      const elementPrimitive = PRIMITIVES[elementKey];
      let read: string;
      let builderRead: string;
      let initBody: string;
      // The plain-object form through the reading half only (list-objects.ts): a decode-only
      // bundle then has no builders. Other elements go through their codec.
      let object = `$.elementListToObject(${list}, ${element}) as ${f.object}`;
      if (elementPrimitive || elementKey === 'bool' || elementKey === 'void') object = `$.valueListToObject(${list}, ${element}) as ${f.object}`;
      if (elementPrimitive) {
        read = `$.readTypedList(${r}, this.$nesting, '${elementPrimitive.element}'${d})`;
        builderRead = `new $.PrimitiveListBuilder($.getList(this.$segment, ${b}, ${size}${d}), '${elementPrimitive.element}')`;
        initBody = `new $.PrimitiveListBuilder($.initList(this.$segment, ${b}, ${size}, length), '${elementPrimitive.element}')`;
      } else if (elementKey === 'bool' || elementKey === 'void') {
        const wrapper = elementKey === 'bool' ? 'Bool' : 'Void';
        read = `new $.${wrapper}List(${list})`;
        builderRead = `new $.${wrapper}ListBuilder($.getList(this.$segment, ${b}, ${size}${d}))`;
        initBody = `new $.${wrapper}ListBuilder($.initList(this.$segment, ${b}, ${size}, length))`;
      } else if (elementKey === 'struct') {
        const structType = elementType as Extract<Type, { struct: unknown }>;
        const target = ctx.graph.node(structType.struct.typeId) as StructNode;
        const n = ctx.names(target.id);
        const params = paramsArgument(ctx, scope, structType);
        const { dataWordCount: dw, pointerCount: pc } = target.struct;
        // Straight from the pointer, with no wire-level ListReader in between (runtime/access.ts).
        const structDefault = constant ? d : params ? ', null' : '';
        read = `$.readStructList(${r}, this.$nesting, ${n.reader}${structDefault}${params})`;
        builderRead = `$.getStructListOf(this.$segment, ${b}, ${dw}, ${pc}, ${n.builder}${structDefault}${params})`;
        initBody = `$.initStructListOf(this.$segment, ${b}, length, ${dw}, ${pc}, ${n.builder}${params})`;
        // Through the reader class, not the StructType (a generic struct's codec is bound to its
        // parameters, so it keeps going through the codec).
        if (params === '') object = `$.structListToObject(${list}, ${n.reader}) as ${f.object}`;
      } else if (elementKey === 'text' || elementKey === 'data') {
        const reading = elementKey === 'text' ? '$.TEXT_READ' : '$.DATA_READ';
        read = `new ${f.reader}(${list}, ${reading})`;
        object = `$.pointerListToObject(${list}, ${reading}) as ${f.object}`;
        builderRead = `new ${f.builder}($.getList(this.$segment, ${b}, $.ElementSize.POINTER${d}), ${element})`;
        initBody = `new ${f.builder}($.initList(this.$segment, ${b}, $.ElementSize.POINTER, length), ${element})`;
      } else {
        read = `new ${f.reader}(${list}, ${element})`;
        builderRead = `new ${f.builder}($.getList(this.$segment, ${b}, $.ElementSize.POINTER${d}), ${element})`;
        initBody = `new ${f.builder}($.initList(this.$segment, ${b}, $.ElementSize.POINTER, length), ${element})`;
      }
      base.builderMethods.push(method(`${init}(length: number): ${f.builder} {`, `  return ${initBody};`, '}'));
      return {
        ...base,
        read,
        // As for a struct: a list default may hold structs whose default is the list again.
        toObject: defaultName !== null
          ? `$.hasPointer(${r}) ? ${object} : $.defaultToObject(${defaultName}, () => ${object})`
          : `$.hasPointer(${r}) ? ${object} : null`,
        builderRead,
        set: [`$.assignListAt(this.$segment, ${b}, ${element}, value);`],
        zero,
        check: null,
      };
    }
    case 'interface': {
      const client = clientOf(ctx, scope, type as Extract<Type, { interface: unknown }>);
      const params = client.params === null ? '' : `, ${client.params}`;
      return {
        ...base,
        read: `$rpc.capabilityOf(${client.type}, $.readCapability(${r})${params})`,
        toObject: `$rpc.capabilityOf(${client.type}, $.readCapability(${r})${params})`,
        builderRead: `$rpc.capabilityOf(${client.type}, $.readCapabilityAt(this.$segment, ${b})${params})`,
        set: [`$.setCapability(this.$segment, ${b}, value);`],
        zero,
        check: capabilityCheck,
      };
    }
    default: {
      const k = parameterIndex(scope, type!);
      if (k >= 0) {
        const codec = `$.param(this.$params, ${k})`;
        return {
          ...base,
          read: `${codec}.read(this.$, ${index}) as ${f.reader}`,
          toObject: `${codec}.toObject(this.$, ${index}) as ${f.object}`,
          builderRead: `${codec}.get(this.$, ${index}) as ${f.builder}`,
          set: [`${codec}.set(this.$, ${index}, value);`],
          zero,
          check: null,
        };
      }
      // AnyPointer, AnyStruct, AnyList, Capability, and parameters of generic methods.
      const flavour = anyPointerFlavour(type!);
      if (flavour === 'capability') {
        return {
          ...base,
          read: `$rpc.capabilityOf($rpc.Client, $.readCapability(${r}))`,
          toObject: `$rpc.capabilityOf($rpc.Client, $.readCapability(${r}))`,
          builderRead: `$rpc.capabilityOf($rpc.Client, $.readCapabilityAt(this.$segment, ${b}))`,
          set: [`$.setCapability(this.$segment, ${b}, value);`],
          zero,
          check: capabilityCheck,
        };
      }
      const read = flavour === 'struct' ? `this.$.getStruct(${index})` : flavour === 'list' ? `$.readList(${r}, $.ANY_SIZE, this.$nesting)` : `$.readPointer(${r}, this.$nesting)`;
      base.builderMethods.push(method(`${init}(): $.AnyPointerBuilder {`, `  const slot = $.pointerBuilder(this.$segment, ${b});`, '  slot.clear();', '  return slot;', '}'));
      return {
        ...base,
        read,
        toObject: `$.hasPointer(${r}) ? ${read} : null`,
        builderRead: `$.pointerBuilder(this.$segment, ${b})`,
        set: [`$.setAnyPointer($.pointerBuilder(this.$segment, ${b}), value);`],
        zero,
        check: null,
      };
    }
  }
}

/**
 * What a pointer field adopts, as the runtime's `adopt` checks it: Text and Data a byte list, a
 * list its element size, a struct, a capability; a generic parameter or AnyPointer anything.
 */
function adoptedAs(scope: GenericScope, type: Type): string {
  switch (typeKey(type)) {
    case 'text': case 'data': return '$.ElementSize.BYTE';
    case 'struct': return '$.AdoptAs.STRUCT';
    case 'list': return `$.ElementSize.${ELEMENT_SIZE_NAMES[listElementSize((type as { list: { elementType: Type | null } }).list.elementType)]}`;
    case 'interface': return '$.AdoptAs.CAPABILITY';
    default: {
      if (parameterIndex(scope, type) >= 0) return '$.AdoptAs.ANY';
      const flavour = anyPointerFlavour(type);
      return flavour === 'struct' ? '$.AdoptAs.STRUCT' : flavour === 'list' ? '$.AdoptAs.ANY_LIST' : flavour === 'capability' ? '$.AdoptAs.CAPABILITY' : '$.AdoptAs.ANY';
    }
  }
}

export function describeField(ctx: FileContext, field: Field, members: MemberNames, docs: (string | null)[], index: number, scope: GenericScope, discriminantByte: number): FieldCode {
  const name = field.name ?? '';
  const accessor = MemberNames.accessor(name);
  const discriminant = field.discriminantValue === NO_DISCRIMINANT ? null : field.discriminantValue;
  const doc = docs[index] ?? null;
  if ('group' in field) {
    const n = ctx.names(field.group.typeId);
    const group = ctx.graph.node(field.group.typeId) as StructNode;
    const args = scope.arguments();
    const params = scope.isGeneric ? ', this.$params' : '';
    // `$pointers - $dataSize`, not `$data`: a padded reader's `$data` is in its copy (runtime/padded-data.ts).
    const reader = `new ${n.reader}${args}(this.$segment, this.$pointers - this.$dataSize, this.$dataSize, this.$pointers, this.$pointerCount, this.$nesting${params})`;
    const builder = `new ${n.builder}${args}(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount${params})`;
    return {
      name, accessor, declaration: `${name} :group`, doc, discriminant, isGroup: true,
      objectType: n.value + args,
      initType: n.init + args,
      readerType: n.reader + args,
      builderType: n.builder + args,
      read: reader,
      toObject: `${reader}.$toObject()`,
      builderRead: builder,
      // An array would pass the group's own check (it is an object) and be taken for an empty
      // group: refused here, where only groups pay for the test (see runtime/error-path.ts).
      set: [`$.refuseArray(value, '${n.value}');`, `${builder}.$assign(value);`],
      check: null,
      zero: zeroStatements(ctx, group, scope),
      readerMethods: [],
      builderMethods: [],
    };
  }
  const slot = describeSlot(ctx, field as Field & { slot: unknown }, members, scope);
  if (discriminant !== null) {
    // init* and adopt* of a union member make it the active member, as its setter does. Those
    // that take an argument (a length, an orphan) do so once the call has succeeded, so that
    // one refused leaves the union as it was (made active first, the member refused was left
    // active over the old member's pointer). An init* without one cannot be refused, and
    // activates first: after the call, V8 loads the builder's fields again (eval +0.3%).
    const setsMember = new RegExp(`^(${members.helper(`init${capitalize(name)}`).replace(/\$/g, '\\$')}|${members.helper(`adopt${capitalize(name)}`).replace(/\$/g, '\\$')})\\(`);
    const activate = `  ${setDiscriminant(discriminantByte, discriminant)}`;
    for (const lines of slot.builderMethods) {
      const signature = lines.findIndex((l) => setsMember.test(l));
      if (signature < 0) continue;
      if (lines[signature]!.includes('(): ')) {
        lines.splice(signature + 1, 0, activate);
        continue;
      }
      const last = lines.length - 2; // the one statement before the closing brace
      const returned = /^  return (.*);$/.exec(lines[last]!);
      if (returned === null) lines.splice(last + 1, 0, activate);
      else lines.splice(last, 1, `  const $value = ${returned[1]};`, activate, '  return $value;');
    }
  }
  const ordinal = 'explicit' in field.ordinal ? ` @${field.ordinal.explicit}` : '';
  const declaration = `${name}${ordinal} :${schemaTypeName(ctx, (field as Extract<Field, { slot: unknown }>).slot.type, scope)}`;
  return { name, accessor, declaration, doc, discriminant, isGroup: false, ...slot };
}

/** The statement making `discriminant` the active member of a builder's union. */
export function setDiscriminant(discriminantByte: number, discriminant: number): string {
  return `this.$segment.view.setUint16(${at('this.$data', discriminantByte)}, ${discriminant}, true);`;
}

/** Statements zeroing every field of a group (recursively), for switching a union to it. */
function zeroStatements(ctx: FileContext, group: StructNode, scope: GenericScope): string[] {
  const out: string[] = [];
  const members = new MemberNames([]);
  const docs: (string | null)[] = [];
  for (const [i, field] of sortedFields(group).entries()) {
    if ('group' in field) out.push(...zeroStatements(ctx, ctx.graph.node(field.group.typeId) as StructNode, scope));
    else out.push(...describeField(ctx, field, members, docs, i, scope, group.struct.discriminantOffset * 2).zero);
  }
  if (group.struct.discriminantCount > 0) out.push(setDiscriminant(group.struct.discriminantOffset * 2, 0));
  return out;
}

/** Emits the types and classes of a struct or group. */
