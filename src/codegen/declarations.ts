/**
 * Code for the declarations that are not structs: enums, constants and interfaces.
 */
import type { Node } from '../schema/index.js';
import type { FileContext } from './context.js';
import { anyPointerFlavour, elementExpression, forms, listElementSize, literal, pointerConstant, PRIMITIVES, typeKey, valueOf } from './field-types.js';
import { propertyKey } from './names.js';

export function emitEnum(ctx: FileContext, node: Node & { enum: unknown }): void {
  const w = ctx.w;
  const name = ctx.names(node.id).value;
  const info = ctx.graph.info(node.id);
  const enumerants = (node as Extract<Node, { enum: unknown }>).enum.enumerants ?? [];
  w.doc(info?.docComment);
  w.block(`export const ${name} = {`, () => {
    enumerants.forEach((e, i) => {
      w.doc(info?.members?.[i]?.docComment);
      w.line(`${propertyKey(e.name ?? '')}: ${i},`);
    });
  }, '} as const;');
  w.doc(info?.docComment);
  w.line(`export type ${name} = (typeof ${name})[keyof typeof ${name}];`);
  w.line('');
}

/** Whether `expression` names something of another schema's module (`$other.Name`, not `$.` or `$rpc.`). */
function importsClass(expression: string): boolean {
  return /(^|[^\w$])\$(?!rpc\.)[A-Za-z_][\w$]*\./.test(expression);
}

/**
 * A constant made from `dependency` (a class or codec of another module) through
 * `$.defineConstant`: that module may be one of an import cycle still evaluating
 * (runtime/cyclic-constants.ts).
 */
function cyclicConstant(name: string, type: string, dependency: string, make: (dependency: string) => string): string {
  return [
    `export let ${name}: ${type};`,
    `$.defineConstant(() => ${dependency}, ($d) => { ${name} = ${make('$d')}; });`,
  ].join('\n');
}

export function emitConst(ctx: FileContext, node: Node & { const: unknown }): void {
  const w = ctx.w;
  const name = ctx.names(node.id).value;
  const { type, value } = (node as Extract<Node, { const: unknown }>).const;
  const key = typeKey(type);
  const raw = valueOf(value);
  w.doc(ctx.graph.info(node.id)?.docComment);
  if (PRIMITIVES[key] || key === 'bool' || key === 'void' || key === 'text') {
    const tsType = forms(ctx, type).reader;
    w.line(`export const ${name}: ${tsType} = ${literal(key, raw)};`);
  } else if (key === 'data') {
    w.line(`export const ${name}: Uint8Array = ${ctx.bytesConstant(raw instanceof Uint8Array ? raw : new Uint8Array(0))};`);
  } else {
    const constant = pointerConstant(raw);
    const pointer = constant ? `$.constantPointer('${constant}')` : 'null';
    const f = forms(ctx, type);
    if (key === 'struct') {
      const n = ctx.names((type as { struct: { typeId: bigint } }).struct.typeId);
      const view = constant ? `${pointer}.getStruct()` : '$.emptyStruct()';
      ctx.deferred.push(importsClass(n.reader)
        ? cyclicConstant(name, n.reader, n.reader, (Reader) => `$.wrapReader(${Reader}, ${view})`)
        : `export const ${name}: ${n.reader} = $.wrapReader(${n.reader}, ${view});`);
      return;
    }
    if (key === 'list') {
      const element = (type as { list: { elementType: Parameters<typeof elementExpression>[1] } }).list.elementType;
      const codec = elementExpression(ctx, element);
      const make = (elements: string) => `$.wrapList(${pointer}.getList(${listElementSize(element)}), ${elements}) as ${f.reader}`;
      ctx.deferred.push(importsClass(codec) ? cyclicConstant(name, f.reader, codec, make) : `export const ${name}: ${f.reader} = ${make(codec)};`);
      return;
    }
    // AnyStruct and AnyList constants are the struct or list itself, as their type says.
    const flavour = key === 'anyPointer' && constant ? anyPointerFlavour(type!) : 'any';
    const value = flavour === 'struct' ? `${pointer}.getStruct()` : flavour === 'list' ? `${pointer}.getList()` : pointer;
    w.line(`export const ${name}: ${f.object} = ${value};`);
  }
  w.line('');
}

export { emitInterface } from './interface-gen.js';
