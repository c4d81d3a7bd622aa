/**
 * Code for a struct (or group): its plain-object types, a reader class and a builder class.
 * Readers and builders are thin typed views over the wire layer's `StructReader` and
 * `StructBuilder`, held in `$`: every byte offset is computed here, at generation time.
 */
import { NO_DISCRIMINANT, type Field, type Node, type Type } from '../schema/index.js';
import type { FileContext } from './context.js';
import {
  anyPointerFlavour, elementExpression, forms, listElementSize, literal, maskArguments, paramsArgument, parameterIndex,
  pointerConstant, PRIMITIVES, structCodec, typeKey, valueOf,
} from './field-types.js';
import { GenericScope, scopeOf } from './generics.js';
import { capitalize, MemberNames, propertyKey } from './names.js';

type StructNode = Node & { struct: NonNullable<Extract<Node, { struct: unknown }>['struct']> };

/** Everything the classes and types need to know about one field. */
interface FieldCode {
  name: string;
  accessor: string;
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
  /** Statements zeroing the field on `b` (for initializing a union's group member). */
  zero: string[];
  /** Extra reader and builder methods. */
  readerMethods: string[][];
  builderMethods: string[][];
}

function sortedFields(node: StructNode): Field[] {
  return [...(node.struct.fields ?? [])].sort((a, b) => a.codeOrder - b.codeOrder);
}

function method(...lines: string[]): string[] {
  return lines;
}

function describeSlot(ctx: FileContext, field: Field & { slot: unknown }, members: MemberNames, scope: GenericScope): Omit<FieldCode, 'name' | 'accessor' | 'doc' | 'discriminant' | 'isGroup'> {
  const slot = (field as Extract<Field, { slot: unknown }>).slot;
  const type = slot.type;
  const key = typeKey(type);
  const f = forms(ctx, type, scope);
  const cap = capitalize(field.name ?? '');
  const defaultValue = slot.hadExplicitDefault ? valueOf(slot.defaultValue) : null;
  const primitive = PRIMITIVES[key];
  const base = { objectType: f.object, initType: f.init, readerType: f.reader, builderType: f.builder, readerMethods: [] as string[][], builderMethods: [] as string[][] };

  if (key === 'void') {
    return { ...base, read: 'null', toObject: 'null', builderRead: 'null', set: [], zero: [] };
  }
  if (key === 'bool') {
    const mask = maskArguments('bool', defaultValue);
    return {
      ...base,
      read: `s.getBool(${slot.offset}${mask})`,
      toObject: `s.getBool(${slot.offset}${mask})`,
      builderRead: `b.getBool(${slot.offset}${mask})`,
      set: [`b.setBool(${slot.offset}, value${mask});`],
      zero: [`b.setBool(${slot.offset}, false);`],
    };
  }
  if (primitive) {
    const byte = slot.offset * primitive.size;
    const mask = maskArguments(key, defaultValue);
    const cast = key === 'enum' ? ` as ${f.reader}` : '';
    const input = primitive.ts === 'bigint' ? '$.toBigInt(value)' : 'value';
    const zero = primitive.ts === 'bigint' ? '0n' : '0';
    const read = `s.get${primitive.accessor}(${byte}${mask})${cast}`;
    return {
      ...base,
      read,
      toObject: read,
      builderRead: `b.get${primitive.accessor}(${byte}${mask})${cast}`,
      set: [`b.set${primitive.accessor}(${byte}, ${input}${mask});`],
      zero: [`b.set${primitive.accessor}(${byte}, ${zero});`],
    };
  }

  // Pointer fields.
  const index = slot.offset;
  const has = members.helper(`has${cap}`);
  const disown = members.helper(`disown${cap}`);
  const adopt = members.helper(`adopt${cap}`);
  const init = members.helper(`init${cap}`);
  base.readerMethods.push(method(`${has}(): boolean {`, `  return this.$.hasPointer(${index});`, '}'));
  base.builderMethods.push(
    method(`${has}(): boolean {`, `  return this.$.hasPointer(${index});`, '}'),
    method(`/** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */`, `${disown}(): $.Orphan {`, `  return this.$.disown(${index});`, '}'),
    method(`${adopt}(orphan: $.Orphan): void {`, `  this.$.adopt(${index}, orphan);`, '}'),
  );
  const zero = [`b.clearPointer(${index});`];
  const clearOr = (statement: string) => [`if (value == null) b.clearPointer(${index});`, `else ${statement}`];

  switch (key) {
    case 'text': {
      const d = defaultValue != null ? `, ${literal('text', defaultValue)}` : '';
      return {
        ...base,
        read: `s.getText(${index}${d})`,
        toObject: d ? `s.getText(${index}${d})` : `s.hasPointer(${index}) ? s.getText(${index}) : null`,
        builderRead: `b.getText(${index}${d})`,
        set: clearOr(`b.setText(${index}, value);`),
        zero,
      };
    }
    case 'data': {
      const bytes = defaultValue instanceof Uint8Array && defaultValue.length > 0 ? defaultValue : null;
      const d = bytes ? `, ${ctx.bytesConstant(bytes)}` : '';
      base.builderMethods.push(method(`/** New zeroed Data to fill in (the view is valid until the message next allocates). */`, `${init}(length: number): Uint8Array {`, `  return this.$.initData(${index}, length);`, '}'));
      return {
        ...base,
        read: `s.getData(${index}${d})`,
        toObject: d ? `s.getData(${index}${d})` : `s.hasPointer(${index}) ? s.getData(${index}) : null`,
        builderRead: `b.getData(${index}${d})`,
        set: clearOr(`b.setData(${index}, value);`),
        zero,
      };
    }
    case 'struct': {
      const structType = type as Extract<Type, { struct: unknown }>;
      const target = ctx.graph.node(structType.struct.typeId) as StructNode;
      const params = paramsArgument(ctx, scope, structType);
      const constant = pointerConstant(defaultValue);
      const d = constant ? `, ${ctx.constant(constant)}` : '';
      const { dataWordCount: dw, pointerCount: pc } = target.struct;
      base.builderMethods.push(method(`${init}(): ${f.builder} {`, `  return new ${f.builder}(this.$.initStruct(${index}, ${dw}, ${pc})${params});`, '}'));
      return {
        ...base,
        read: `new ${f.reader}(s.getStruct(${index}${d})${params})`,
        toObject: d ? `new ${f.reader}(s.getStruct(${index}${d})${params}).$toObject()` : `s.hasPointer(${index}) ? new ${f.reader}(s.getStruct(${index})${params}).$toObject() : null`,
        builderRead: `new ${f.builder}(b.getStruct(${index}, ${dw}, ${pc}${d})${params})`,
        set: [`${structCodec(ctx, scope, structType)}.set(b, ${index}, value);`],
        zero,
      };
    }
    case 'list': {
      const elementType = (type as { list: { elementType: Type | null } }).list.elementType;
      const elementKey = typeKey(elementType);
      const size = listElementSize(elementType);
      const element = elementExpression(ctx, elementType, scope);
      const constant = pointerConstant(defaultValue);
      const d = constant ? `, ${ctx.constant(constant)}` : '';
      const elementPrimitive = PRIMITIVES[elementKey];
      let read: string;
      let builderRead: string;
      let initBody: string;
      if (elementPrimitive) {
        read = `s.getList(${index}, ${size}${d}).toTypedArray('${elementPrimitive.element}')`;
        builderRead = `new $.PrimitiveListBuilder(b.getList(${index}, ${size}${d}), '${elementPrimitive.element}')`;
        initBody = `new $.PrimitiveListBuilder(this.$.initList(${index}, ${size}, length), '${elementPrimitive.element}')`;
      } else if (elementKey === 'bool' || elementKey === 'void') {
        const wrapper = elementKey === 'bool' ? 'Bool' : 'Void';
        read = `new $.${wrapper}List(s.getList(${index}, ${size}${d}))`;
        builderRead = `new $.${wrapper}ListBuilder(b.getList(${index}, ${size}${d}))`;
        initBody = `new $.${wrapper}ListBuilder(this.$.initList(${index}, ${size}, length))`;
      } else if (elementKey === 'struct') {
        const structType = elementType as Extract<Type, { struct: unknown }>;
        const target = ctx.graph.node(structType.struct.typeId) as StructNode;
        const n = ctx.names(target.id);
        const params = paramsArgument(ctx, scope, structType);
        const { dataWordCount: dw, pointerCount: pc } = target.struct;
        read = `new ${f.reader}(s.getList(${index}, 7${d}), ${n.reader}${params})`;
        builderRead = `new ${f.builder}(b.getStructList(${index}, ${dw}, ${pc}${d}), ${n.builder}${params})`;
        initBody = `new ${f.builder}(this.$.initStructList(${index}, length, ${dw}, ${pc}), ${n.builder}${params})`;
      } else {
        read = `new ${f.reader}(s.getList(${index}, 6${d}), ${element})`;
        builderRead = `new ${f.builder}(b.getList(${index}, 6${d}), ${element})`;
        initBody = `new ${f.builder}(this.$.initList(${index}, 6, length), ${element})`;
      }
      base.builderMethods.push(method(`${init}(length: number): ${f.builder} {`, `  return ${initBody};`, '}'));
      return {
        ...base,
        read,
        toObject: d ? `$.listToObject(s.getList(${index}, ${size}${d}), ${element}) as ${f.object}` : `s.hasPointer(${index}) ? $.listToObject(s.getList(${index}, ${size}), ${element}) as ${f.object} : null`,
        builderRead,
        set: [`$.assignList(b, ${index}, ${element}, value);`],
        zero,
      };
    }
    case 'interface':
      return {
        ...base,
        read: `s.getCapability(${index})`,
        toObject: `s.getCapability(${index})`,
        builderRead: `b.getCapability(${index})`,
        set: [`b.setCapability(${index}, value);`],
        zero,
      };
    default: {
      const k = parameterIndex(scope, type!);
      if (k >= 0) {
        const codec = `$.param(this.$params, ${k})`;
        return {
          ...base,
          read: `${codec}.read(s, ${index}) as ${f.reader}`,
          toObject: `${codec}.toObject(s, ${index}) as ${f.object}`,
          builderRead: `${codec}.get(b, ${index}) as ${f.builder}`,
          set: [`${codec}.set(b, ${index}, value);`],
          zero,
        };
      }
      // AnyPointer, AnyStruct, AnyList, Capability, and parameters of generic methods.
      const flavour = anyPointerFlavour(type!);
      if (flavour === 'capability') {
        return {
          ...base,
          read: `s.getCapability(${index})`,
          toObject: `s.getCapability(${index})`,
          builderRead: `b.getCapability(${index})`,
          set: [`b.setCapability(${index}, value);`],
          zero,
        };
      }
      const read = flavour === 'struct' ? `s.getStruct(${index})` : flavour === 'list' ? `s.getList(${index}, $.ANY_SIZE)` : `s.getPointer(${index})`;
      base.builderMethods.push(method(`${init}(): $.AnyPointerBuilder {`, `  const slot = this.$.getPointer(${index});`, '  slot.clear();', '  return slot;', '}'));
      return {
        ...base,
        read,
        toObject: `s.hasPointer(${index}) ? ${read} : null`,
        builderRead: `b.getPointer(${index})`,
        set: [`$.setAnyPointer(b.getPointer(${index}), value);`],
        zero,
      };
    }
  }
}

function describeField(ctx: FileContext, field: Field, members: MemberNames, docs: (string | null)[], index: number, scope: GenericScope, discriminantByte: number): FieldCode {
  const name = field.name ?? '';
  const accessor = MemberNames.accessor(name);
  const discriminant = field.discriminantValue === NO_DISCRIMINANT ? null : field.discriminantValue;
  const doc = docs[index] ?? null;
  if ('group' in field) {
    const n = ctx.names(field.group.typeId);
    const group = ctx.graph.node(field.group.typeId) as StructNode;
    const args = scope.arguments();
    const params = scope.isGeneric ? ', this.$params' : '';
    return {
      name, accessor, doc, discriminant, isGroup: true,
      objectType: n.value + args,
      initType: n.init + args,
      readerType: n.reader + args,
      builderType: n.builder + args,
      read: `new ${n.reader}(s${params})`,
      toObject: `new ${n.reader}(s${params}).$toObject()`,
      builderRead: `new ${n.builder}(b${params})`,
      set: [`new ${n.builder}(b${params}).$assign(value);`],
      zero: zeroStatements(ctx, group, scope),
      readerMethods: [],
      builderMethods: [],
    };
  }
  const slot = describeSlot(ctx, field as Field & { slot: unknown }, members, scope);
  if (discriminant !== null) {
    // init* and adopt* of a union member make it the active member, as its setter does.
    const setsMember = new RegExp(`^(${members.helper(`init${capitalize(name)}`).replace(/\$/g, '\\$')}|${members.helper(`adopt${capitalize(name)}`).replace(/\$/g, '\\$')})\\(`);
    for (const lines of slot.builderMethods) {
      const signature = lines.findIndex((l) => setsMember.test(l));
      if (signature >= 0) lines.splice(signature + 1, 0, `  this.$.setUint16(${discriminantByte}, ${discriminant});`);
    }
  }
  return { name, accessor, doc, discriminant, isGroup: false, ...slot };
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
  if (group.struct.discriminantCount > 0) out.push(`b.setUint16(${group.struct.discriminantOffset * 2}, 0);`);
  return out;
}

/** Emits the types and classes of a struct or group. */
export function emitStruct(ctx: FileContext, node: StructNode): void {
  const w = ctx.w;
  const names = ctx.names(node.id);
  const fields = sortedFields(node);
  const members = new MemberNames(fields.map((f) => f.name ?? ''));
  // Source info lists members in the order of `struct.fields`; map each to its doc comment.
  const info = ctx.graph.info(node.id);
  const docByName = new Map<string, string | null>();
  (node.struct.fields ?? []).forEach((f, i) => docByName.set(f.name ?? '', info?.members?.[i]?.docComment ?? null));
  const docs = fields.map((f) => docByName.get(f.name ?? '') ?? null);
  const scope = scopeOf(ctx, node);
  const typeParams = scope.declaration();
  const typeArgs = scope.arguments();
  const codes = fields.map((f, i) => describeField(ctx, f, members, docs, i, scope, node.struct.discriminantOffset * 2));
  const common = codes.filter((c) => c.discriminant === null);
  const variants = codes.filter((c) => c.discriminant !== null);
  const discriminantByte = node.struct.discriminantOffset * 2;
  const hasUnion = node.struct.discriminantCount > 0;
  const nodeDoc = info?.docComment ?? null;
  const whichType = hasUnion ? variants.map((v) => `'${v.name}'`).join(' | ') : '';
  const whichTable = hasUnion ? ctx.whichTable(variants.map((v) => [v.discriminant!, v.name])) : '';

  // Plain-object types.
  const variantType = (optional: boolean) =>
    variants.map((v) => {
      const others = variants.filter((o) => o !== v).map((o) => `${propertyKey(o.name)}?: never`);
      const own = `${propertyKey(v.name)}${optional ? '?' : ''}: ${optional ? v.initType : v.objectType}`;
      return `{ ${[own, ...others].join('; ')} }`;
    });
  w.doc(nodeDoc ?? `Plain-object form of \`${(node.displayName ?? '').split(':').pop()}\`.`);
  emitObjectType(w, `export type ${names.value}${typeParams} =`, common.map((c) => [c.name, c.objectType, c.doc, false]), hasUnion ? variantType(false) : []);
  w.line(`/** What \`${names.builder}.assign\` and \`encode\` accept for \`${names.value}\`: any subset of its fields. */`);
  emitObjectType(w, `export type ${names.init}${typeParams} =`, common.filter((c) => c.set !== null && !(c.readerType === 'null' && c.discriminant === null)).map((c) => [c.name, c.initType, c.doc, true]), hasUnion ? variantType(true) : []);
  w.line('');

  // Reader.
  w.doc(nodeDoc);
  w.block(`export class ${names.reader}${typeParams} {`, () => {
    w.line('readonly $: $.StructReader;');
    if (scope.isGeneric) {
      w.line('/** Codecs of the type parameters, as bound where this type is used. */');
      w.line('readonly $params: readonly $.PointerCodec<any, any, any, any>[];');
      w.line('');
      w.block('constructor(struct: $.StructReader, params: readonly $.PointerCodec<any, any, any, any>[] = []) {', () => {
        w.line('this.$ = struct;');
        w.line('this.$params = params;');
      });
    } else {
      w.line('');
      w.block('constructor(struct: $.StructReader) {', () => w.line('this.$ = struct;'));
    }
    if (hasUnion) {
      w.line('');
      w.line('/** The active member of the union (undefined for a member this code does not know). */');
      w.block(`${members.helper('which')}(): ${whichType} | undefined {`, () => w.line(`return ${whichTable}[this.$.getUint16(${discriminantByte})];`));
    }
    for (const c of codes) {
      w.line('');
      w.doc(c.doc);
      w.block(`get ${c.accessor}(): ${c.readerType} {`, () => returnUsing(w, 's', c.read));
      for (const m of c.readerMethods) {
        w.line('');
        for (const l of m) w.line(l);
      }
    }
    w.line('');
    w.line('/** The plain-object form of this struct (see docs/objects.md). */');
    w.block(`$toObject(): ${names.value}${typeArgs} {`, () => emitToObject(w, names.value + typeArgs, common, variants, discriminantByte));
    alias(w, members, 'toObject', `(): ${names.value}${typeArgs}`, 'return this.$toObject();');
  });
  w.line('');

  // Builder.
  w.doc(nodeDoc);
  w.block(`export class ${names.builder}${typeParams} {`, () => {
    w.line('readonly $: $.StructBuilder;');
    if (scope.isGeneric) {
      w.line('/** Codecs of the type parameters, as bound where this type is used. */');
      w.line('readonly $params: readonly $.PointerCodec<any, any, any, any>[];');
      w.line('');
      w.block('constructor(struct: $.StructBuilder, params: readonly $.PointerCodec<any, any, any, any>[] = []) {', () => {
        w.line('this.$ = struct;');
        w.line('this.$params = params;');
      });
    } else {
      w.line('');
      w.block('constructor(struct: $.StructBuilder) {', () => w.line('this.$ = struct;'));
    }
    if (hasUnion) {
      w.line('');
      w.line('/** The active member of the union (undefined for a member this code does not know). */');
      w.block(`${members.helper('which')}(): ${whichType} | undefined {`, () => w.line(`return ${whichTable}[this.$.getUint16(${discriminantByte})];`));
    }
    for (const c of codes) {
      w.line('');
      w.doc(c.doc);
      w.block(`get ${c.accessor}(): ${c.builderType} {`, () => returnUsing(w, 'b', c.builderRead));
      const isGroup = c.isGroup;
      if (c.set !== null && (c.discriminant !== null || c.readerType !== 'null')) {
        w.line('');
        w.block(`set ${c.accessor}(value: ${c.discriminant !== null && c.readerType === 'null' ? 'null' : c.initType}) {`, () => {
          const statements = c.set!;
          const usesValue = statements.some((s) => s.includes('value'));
          if (!usesValue && c.readerType === 'null') w.line('void value;');
          if (c.discriminant !== null && isGroup) {
            w.line(`this.${members.helper(`init${capitalize(c.name)}`)}().$assign(value);`);
            return;
          }
          w.line('const b = this.$;');
          if (c.discriminant !== null) w.line(`b.setUint16(${discriminantByte}, ${c.discriminant});`);
          for (const s of statements) w.line(s);
        });
      }
      if (c.discriminant !== null && isGroup) {
        w.line('');
        w.line('/** Makes this group the active union member, with every field zeroed. */');
        w.block(`${members.helper(`init${capitalize(c.name)}`)}(): ${c.builderType} {`, () => {
          w.line('const b = this.$;');
          w.line(`b.setUint16(${discriminantByte}, ${c.discriminant});`);
          for (const s of c.zero) w.line(s);
          w.line(`return ${c.builderRead};`);
        });
      }
      for (const m of c.builderMethods) {
        w.line('');
        for (const l of m) w.line(l);
      }
    }
    w.line('');
    w.line('/** Sets the fields present in `value` (undefined ones are left alone). */');
    w.block(`$assign(value: ${names.init}${typeArgs}): void {`, () => emitAssign(w, common, variants, names.value));
    alias(w, members, 'assign', `(value: ${names.init}${typeArgs}): void`, 'this.$assign(value);');
    const params = scope.isGeneric ? ', this.$params' : '';
    w.line('');
    w.block(`$asReader(): ${names.reader}${typeArgs} {`, () => w.line(`return new ${names.reader}${typeArgs}(this.$.asReader()${params});`));
    alias(w, members, 'asReader', `(): ${names.reader}${typeArgs}`, 'return this.$asReader();');
    w.line('');
    w.block(`$toObject(): ${names.value}${typeArgs} {`, () => w.line(`return this.$asReader().$toObject();`));
    alias(w, members, 'toObject', `(): ${names.value}${typeArgs}`, 'return this.$toObject();');
  });
  w.line('');
}

/** A friendly alias (`toObject` for `$toObject`...), unless a field of the scope has that name. */
function alias(w: FileContext['w'], members: MemberNames, name: string, signature: string, body: string): void {
  if (members.helper(name) !== name) return;
  w.line('');
  w.block(`${name}${signature} {`, () => w.line(body));
}

/** `return expression;`, naming `this.$` as `variable` only when the expression uses it twice. */
function returnUsing(w: FileContext['w'], variable: string, expression: string): void {
  const uses = expression.match(new RegExp(`\\b${variable}\\b`, 'g'))?.length ?? 0;
  if (uses > 1) {
    w.line(`const ${variable} = this.$;`);
    w.line(`return ${expression};`);
  } else {
    w.line(`return ${expression.replace(new RegExp(`\\b${variable}\\b`), 'this.$')};`);
  }
}

function emitObjectType(w: FileContext['w'], head: string, properties: [string, string, string | null, boolean][], variants: string[]): void {
  const body = () => {
    for (const [name, type, doc, optional] of properties) {
      w.doc(doc);
      w.line(`${propertyKey(name)}${optional ? '?' : ''}: ${type};`);
    }
  };
  if (variants.length === 0) {
    if (properties.length === 0) w.line(`${head} Record<string, never>;`);
    else w.block(`${head} {`, body, '};');
    return;
  }
  const union = variants.length === 1 ? variants[0]! : `(\n${variants.map((v) => `  | ${v}`).join('\n')}\n)`;
  if (properties.length === 0) {
    w.line(`${head} ${union.split('\n').join('\n' + '')};`);
    return;
  }
  w.block(`${head} {`, body, `} & ${union.split('\n').join('\n')};`);
}

function emitToObject(w: FileContext['w'], typeName: string, common: FieldCode[], variants: FieldCode[], discriminantByte: number): void {
  const needsS = variants.length > 0 || common.some((c) => /\bs\b/.test(c.toObject));
  if (needsS) w.line('const s = this.$;');
  if (variants.length === 0) {
    if (common.length === 0) {
      w.line(`return {} as ${typeName};`);
      return;
    }
    w.block('return {', () => {
      for (const c of common) w.line(`${propertyKey(c.name)}: ${c.toObject},`);
    }, '};');
    return;
  }
  if (common.length === 0) {
    w.line('const object: Record<string, unknown> = {};');
  } else {
    w.block('const object: Record<string, unknown> = {', () => {
      for (const c of common) w.line(`${propertyKey(c.name)}: ${c.toObject},`);
    }, '};');
  }
  w.block(`switch (s.getUint16(${discriminantByte})) {`, () => {
    for (const v of variants) w.line(`case ${v.discriminant}: object[${JSON.stringify(v.name)}] = ${v.toObject}; break;`);
  });
  w.line(`return object as ${typeName};`);
}

function emitAssign(w: FileContext['w'], common: FieldCode[], variants: FieldCode[], typeName: string): void {
  for (const c of common) {
    if (c.set === null || c.readerType === 'null') continue;
    w.line(`if (value.${c.name} !== undefined) this.${c.accessor} = value.${c.name};`);
  }
  if (variants.length === 0) {
    if (common.every((c) => c.set === null || c.readerType === 'null')) w.line('void value;');
    return;
  }
  const keys = variants.map((v) => JSON.stringify(v.name)).join(', ');
  w.line(`$.checkOneMember(value, [${keys}], '${typeName}');`);
  for (const v of variants) {
    w.line(`if (value.${v.name} !== undefined) this.${v.accessor} = value.${v.name};`);
  }
}
