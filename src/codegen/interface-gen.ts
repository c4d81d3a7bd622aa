/**
 * Code for interfaces: per interface a typed client class (one method per schema method,
 * inherited ones included), a server type to implement with plain async methods, and a const
 * that describes the interface to the RPC runtime and makes servers (`X.serve(impl)`); per
 * method whose results hold capabilities, a results promise class with pipelined getters; per
 * struct that holds capabilities, a pipeline class for pipelining into it.
 */
import type { Node } from '../schema/index.js';
import type { FileContext } from './context.js';
import { MemberNames, NameRegistry, propertyKey } from './names.js';

type InterfaceNode = Extract<Node, { interface: unknown }>;
type StructNode = Extract<Node, { struct: unknown }>;
type Field = NonNullable<StructNode['struct']['fields']>[number];
type Method = NonNullable<InterfaceNode['interface']['methods']>[number];

const PROMISE_MEMBERS = new Set(['then', 'catch', 'finally', 'cancel', 'dispose', 'pipeline', 'constructor']);

/** stream.capnp's StreamResult: the results type of every `-> stream` method. */
const STREAM_RESULT_ID = 0x995f9a3377c0b16en;

const capsMemo = new WeakMap<object, Map<bigint, boolean>>();

/** Whether a struct can hold a capability where pipelining reaches it (through struct and group fields). */
export function holdsCapabilities(ctx: FileContext, id: bigint): boolean {
  let memo = capsMemo.get(ctx.graph);
  if (memo === undefined) {
    memo = new Map();
    capsMemo.set(ctx.graph, memo);
  }
  const visit = (structId: bigint): boolean => {
    const known = memo!.get(structId);
    if (known !== undefined) return known;
    memo!.set(structId, false); // a cycle adds nothing
    if (!ctx.graph.has(structId)) return false;
    const node = ctx.graph.node(structId);
    let result = false;
    if ('struct' in node) {
      for (const field of node.struct.fields ?? []) {
        if (pipelineKind(ctx, field, visit) !== null) {
          result = true;
          break;
        }
      }
    }
    memo!.set(structId, result);
    return result;
  };
  return visit(id);
}

type PipelineTarget =
  | { kind: 'capability'; client: string; index: number }
  | { kind: 'struct'; id: bigint; index: number }
  | { kind: 'group'; id: bigint };

function pipelineKind(ctx: FileContext, field: Field, holds: (id: bigint) => boolean): PipelineTarget | null {
  if ('group' in field) return holds(field.group.typeId) ? { kind: 'group', id: field.group.typeId } : null;
  const slot = (field as { slot: { offset: number; type: Record<string, unknown> | null } }).slot;
  const type = slot.type ?? {};
  if ('interface' in type) {
    const id = (type.interface as { typeId: bigint }).typeId;
    return { kind: 'capability', client: ctx.graph.has(id) ? ctx.names(id).reader : '$rpc.Client', index: slot.offset };
  }
  if ('anyPointer' in type) {
    const any = type.anyPointer as { unconstrained?: { capability?: unknown } } | null;
    if (any?.unconstrained && 'capability' in any.unconstrained) return { kind: 'capability', client: '$rpc.Client', index: slot.offset };
    return null;
  }
  if ('struct' in type) {
    const id = (type.struct as { typeId: bigint }).typeId;
    return holds(id) ? { kind: 'struct', id, index: slot.offset } : null;
  }
  return null;
}

function pipelineGetters(ctx: FileContext, node: StructNode, self: string, path: (index: number) => string, samePath: string): string[] {
  const lines: string[] = [];
  const fields = [...(node.struct.fields ?? [])].sort((a, b) => a.codeOrder - b.codeOrder);
  for (const field of fields) {
    const target = pipelineKind(ctx, field, (id) => holdsCapabilities(ctx, id));
    if (target === null) continue;
    let name = MemberNames.accessor(field.name ?? '');
    // On a results promise, the promise's own members win (a field named `then` must not make it a thenable of something else).
    if (self === 'this' && PROMISE_MEMBERS.has(name)) name = `${name}$`;
    lines.push(`  /** \`${field.name}\`, pipelined: usable before the results arrive. */`);
    switch (target.kind) {
      case 'capability':
        lines.push(`  get ${propertyKey(name)}(): ${target.client} {`, `    return ${self}.pipeline(${target.client}, ${path(target.index)});`, '  }');
        break;
      case 'struct': {
        const pipeline = `${ctx.names(target.id).value}$Pipeline`;
        lines.push(`  get ${propertyKey(name)}(): ${pipeline} {`, `    return new ${pipeline}(${self}, ${path(target.index)});`, '  }');
        break;
      }
      case 'group': {
        const pipeline = `${ctx.names(target.id).value}$Pipeline`;
        lines.push(`  get ${propertyKey(name)}(): ${pipeline} {`, `    return new ${pipeline}(${self}, ${samePath});`, '  }');
        break;
      }
    }
  }
  return lines;
}

/** The pipeline class of a struct (or group) that holds capabilities. */
export function emitPipeline(ctx: FileContext, node: StructNode): void {
  if (!holdsCapabilities(ctx, node.id)) return;
  const name = `${ctx.names(node.id).value}$Pipeline`;
  const lines = [
    `/** Pipelined access to a \`${node.displayName?.split(':').pop()}\` in results that have not arrived yet. */`,
    `export class ${name} extends $rpc.StructPipeline {`,
    ...pipelineGetters(ctx, node, 'this.$promise', (index) => `[...this.$path, ${index}]`, 'this.$path'),
    '}',
  ];
  ctx.deferred.push(lines.join('\n'));
}

/** The methods a client of `node` has: its own, then each superclass's, once per interface. */
function allMethods(ctx: FileContext, node: InterfaceNode): Array<{ owner: InterfaceNode; method: Method; ordinal: number }> {
  const out: Array<{ owner: InterfaceNode; method: Method; ordinal: number }> = [];
  const seen = new Set<bigint>();
  const visit = (iface: InterfaceNode): void => {
    if (seen.has(iface.id)) return;
    seen.add(iface.id);
    (iface.interface.methods ?? []).forEach((method, ordinal) => out.push({ owner: iface, method, ordinal }));
    for (const parent of iface.interface.superclasses ?? []) {
      if (ctx.graph.has(parent.id)) visit(ctx.graph.node(parent.id) as InterfaceNode);
    }
  };
  visit(node);
  return out;
}

function structName(ctx: FileContext, id: bigint): { value: string; init: string; reader: string; builder: string } | null {
  return ctx.graph.has(id) ? ctx.names(id) : null;
}

/** The schema signature of a method, for its doc comment. */
function signature(ctx: FileContext, method: Method, ordinal: number): string {
  const describe = (id: bigint): string => {
    if (!ctx.graph.has(id)) return '()';
    const node = ctx.graph.node(id);
    if (node.scopeId !== 0n) return node.displayName?.split(':').pop() ?? '';
    const fields = ('struct' in node ? node.struct.fields ?? [] : []).map((f) => f.name).join(', ');
    return `(${fields})`;
  };
  const results = method.resultStructType === STREAM_RESULT_ID ? 'stream' : describe(method.resultStructType);
  return `${method.name} @${ordinal} ${describe(method.paramStructType)} -> ${results}`;
}

export function emitInterface(ctx: FileContext, node: InterfaceNode): void {
  const names = ctx.names(node.id);
  const value = names.value;
  const client = names.reader;
  const server = names.builder;
  const info = ctx.graph.info(node.id);
  const methods = allMethods(ctx, node);
  const out: string[] = [];
  const doc = info?.docComment ? info.docComment.trim().replace(/\*\//g, '*\\/').split('\n').join('\n * ') : '';

  // Results promise classes (only for results that hold capabilities).
  const promiseOf = new Map<Method, string>();
  for (const { owner, method } of methods) {
    if (owner.id !== node.id) continue;
    const results = structName(ctx, method.resultStructType);
    if (results === null || method.resultStructType === STREAM_RESULT_ID) continue;
    if (!holdsCapabilities(ctx, method.resultStructType)) continue;
    const resultsNode = ctx.graph.node(method.resultStructType) as StructNode;
    const promise = `${value}_${method.name}$Promise`;
    promiseOf.set(method, promise);
    out.push(
      `/** The results of \`${value}.${method.name}\`, awaitable, with pipelined access to their capabilities. */`,
      `export class ${promise} extends $rpc.RpcPromise<${results.reader}> {`,
      ...pipelineGetters(ctx, resultsNode, 'this', (index) => `[${index}]`, '[]').map((l) => l.replace(/new (\S+)\(this, /, 'new $1(this as $rpc.RpcPromise<unknown>, ')),
      '}',
      '',
    );
  }

  // The client class.
  const members = new NameRegistry();
  for (const reserved of ['call', 'close', 'dup', 'castAs', 'whenResolved', 'pipeline', 'constructor', 'owned', 'closed', 'brokenError']) members.claim(reserved);
  out.push(`/** A capability of interface \`${node.displayName?.split(':').pop()}\`${doc ? `: ${doc}` : '.'} */`);
  out.push(`export class ${client} extends $rpc.Client {`);
  const serverLines: string[] = [];
  for (const { owner, method, ordinal } of methods) {
    const ownerNames = owner.id === node.id ? names : ctx.names(owner.id);
    const methodName = members.claim(method.name ?? `method${ordinal}`);
    const params = structName(ctx, method.paramStructType);
    const results = structName(ctx, method.resultStructType);
    const paramsType = params === null ? 'never' : `$rpc.ParamsInput<${params.init} | ${params.reader}, ${params.builder}>`;
    const infoRef = `${ownerNames.value}.$info`;
    const methodRef = `${infoRef}.methods[${ordinal}]!`;
    const methodDoc = ctx.graph.info(owner.id)?.members?.[ordinal]?.docComment;
    const docLine = `  /** \`${signature(ctx, method, ordinal)}\`${methodDoc ? ` — ${methodDoc.trim().replace(/\*\//g, '*\\/').split('\n').join(' ')}` : ''} */`;
    out.push(docLine);
    if (method.resultStructType === STREAM_RESULT_ID) {
      out.push(
        `  ${propertyKey(methodName)}(params?: ${paramsType}): Promise<void> {`,
        `    return $rpc.callStream(this, ${infoRef}, ${methodRef}, params);`,
        '  }',
      );
      serverLines.push(docLine, `  ${propertyKey(method.name ?? '')}?(params: ${params?.reader ?? 'never'}, context: $rpc.CallContext<never>): Promise<void> | void;`);
      continue;
    }
    const promise = owner.id === node.id ? promiseOf.get(method) : undefined;
    const inheritedPromise = owner.id !== node.id && results !== null && holdsCapabilities(ctx, method.resultStructType)
      ? `${ownerNames.value}_${method.name}$Promise` : undefined;
    const promiseClass = promise ?? inheritedPromise;
    const resultsReader = results?.reader ?? 'never';
    const returnType = promiseClass ?? `$rpc.RpcPromise<${resultsReader}>`;
    out.push(
      `  ${propertyKey(methodName)}(params?: ${paramsType}, options?: $rpc.CallMethodOptions): ${returnType} {`,
      `    return $rpc.callMethod(this, ${infoRef}, ${methodRef}, params, options, ${promiseClass ?? `$rpc.RpcPromise<${resultsReader}>`});`,
      '  }',
    );
    const resultsInit = results === null ? 'void' : `${results.init} | void`;
    serverLines.push(
      docLine,
      `  ${propertyKey(method.name ?? '')}?(params: ${params?.reader ?? 'never'}, context: $rpc.CallContext<${results?.builder ?? 'never'}>): Promise<${resultsInit}> | ${resultsInit};`,
    );
  }
  out.push('}', '');

  // The server type.
  out.push(
    `/** What a server of \`${node.displayName?.split(':').pop()}\` implements: any subset of its methods (the rest answer \`unimplemented\`). */`,
    `export interface ${server} {`,
    ...serverLines,
    '}',
    '',
  );

  // The interface const.
  const own = node.interface.methods ?? [];
  const methodInfos = own.map((method, ordinal) => {
    const params = structName(ctx, method.paramStructType)?.value ?? 'null';
    const results = structName(ctx, method.resultStructType)?.value ?? 'null';
    return `    { name: ${JSON.stringify(method.name)}, ordinal: ${ordinal}, params: ${params}, results: ${results}, streaming: ${method.resultStructType === STREAM_RESULT_ID} },`;
  });
  const supers = (node.interface.superclasses ?? []).filter((s) => ctx.graph.has(s.id)).map((s) => `${ctx.names(s.id).value}.$info`);
  const methodsTable = own.map((method, ordinal) => {
    const params = structName(ctx, method.paramStructType)?.value ?? 'null';
    const results = structName(ctx, method.resultStructType)?.value ?? 'null';
    return `    ${propertyKey(method.name ?? '')}: { ordinal: ${ordinal}, params: ${params}, results: ${results} },`;
  });
  if (doc) out.push(`/** ${doc} */`);
  out.push(
    `export const ${value} = {`,
    `  typeId: 0x${node.id.toString(16)}n,`,
    `  displayName: ${JSON.stringify(node.displayName)},`,
    '  methods: {',
    ...methodsTable,
    '  },',
    `  /** The client class of this interface. */`,
    `  Client: ${client},`,
    `  /** A capability served here by \`impl\` (close it when done: the server's [Symbol.dispose] runs when the last reference goes). */`,
    `  serve(impl: ${server}): ${client} {`,
    `    return $rpc.serve(${client}, ${value}.$info, impl);`,
    '  },',
    `  /** The interface as the RPC runtime sees it. */`,
    `  get $info(): $rpc.InterfaceInfo {`,
    `    return $info_${value} ??= {`,
    `      typeId: 0x${node.id.toString(16)}n,`,
    `      displayName: ${JSON.stringify(node.displayName)},`,
    `      methods: [`,
    ...methodInfos.map((l) => `    ${l}`),
    '      ],',
    `      superclasses: [${supers.join(', ')}],`,
    '    };',
    '  },',
    '};',
    `let $info_${value}: $rpc.InterfaceInfo | undefined;`,
  );
  ctx.deferred.push(out.join('\n'));
}
