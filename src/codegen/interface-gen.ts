/**
 * Code for interfaces: per interface a typed client class (one method per schema method,
 * inherited ones included), a server type to implement with plain async methods, and a const
 * that describes the interface to the RPC runtime and makes servers (`X.serve(impl)`); per
 * method whose results hold capabilities, a results promise class with pipelined getters; per
 * struct that holds capabilities, a pipeline class for pipelining into it.
 */
import type { Brand, Node, Type } from '../schema/index.js';
import { claimMethodKey } from '../rpc/method-keys.js';
import type { FileContext } from './context.js';
import { clientOf, codecBinding } from './field-types.js';
import { bindings, scopeOf, type Binding, type GenericScope } from './generics.js';
import { MemberNames, NameRegistry, propertyKey } from './names.js';

/** Members of `$rpc.Client` (and `constructor`) that a schema method's name must not hide. */
const CLIENT_MEMBERS: readonly string[] = ['call', 'close', 'dup', 'castAs', 'whenResolved', 'pipeline', 'constructor', 'owned', 'closed', 'brokenError'];

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
  /** `type` null: a `Capability` (AnyPointer). */
  | { kind: 'capability'; type: Extract<Type, { interface: unknown }> | null; index: number }
  | { kind: 'struct'; type: Extract<Type, { struct: unknown }>; index: number }
  | { kind: 'group'; id: bigint };

function pipelineKind(_ctx: FileContext, field: Field, holds: (id: bigint) => boolean): PipelineTarget | null {
  if ('group' in field) return holds(field.group.typeId) ? { kind: 'group', id: field.group.typeId } : null;
  const slot = (field as { slot: { offset: number; type: Type | null } }).slot;
  const type = slot.type;
  if (type === null) return null;
  if ('interface' in type) return { kind: 'capability', type, index: slot.offset };
  if ('anyPointer' in type) {
    const any = type.anyPointer;
    if ('unconstrained' in any && 'capability' in any.unconstrained) return { kind: 'capability', type: null, index: slot.offset };
    return null;
  }
  if ('struct' in type) return holds(type.struct.typeId) ? { kind: 'struct', type, index: slot.offset } : null;
  return null;
}

/**
 * Getters for the capabilities of `node` reachable by pipelining. `self` has `pipeline()` and
 * `$params` (the struct's bound parameters); `promise` is the results promise as a
 * `StructPipeline` takes it.
 */
function pipelineGetters(
  ctx: FileContext, node: StructNode, self: string, promise: string, path: (index: number) => string, samePath: string,
): string[] {
  const lines: string[] = [];
  const scope = scopeOf(ctx, node);
  const fields = [...(node.struct.fields ?? [])].sort((a, b) => a.codeOrder - b.codeOrder);
  for (const field of fields) {
    const target = pipelineKind(ctx, field, (id) => holdsCapabilities(ctx, id));
    if (target === null) continue;
    let name = MemberNames.accessor(field.name ?? '');
    // On a results promise, the promise's own members win (a field named `then` must not make it a thenable of something else).
    if (self === 'this' && PROMISE_MEMBERS.has(name)) name = `${name}$`;
    lines.push(`  /** \`${field.name}\`, pipelined: usable before the results arrive. */`);
    switch (target.kind) {
      case 'capability': {
        const client = target.type === null ? { type: '$rpc.Client', params: null } : clientOf(ctx, scope, target.type);
        const params = client.params === null ? '' : `, ${client.params}`;
        lines.push(`  get ${propertyKey(name)}(): ${client.type} {`, `    return ${self}.pipeline(${client.type}, ${path(target.index)}${params});`, '  }');
        break;
      }
      case 'struct': {
        const id = target.type.struct.typeId;
        const bound = bindings(ctx, scope, ctx.graph.node(id), target.type.struct.brand, (t) => codecBinding(ctx, scope, t));
        const pipeline = `${ctx.names(id).value}$Pipeline${bound.length === 0 ? '' : `<${bound.map((b) => b.type).join(', ')}>`}`;
        const params = bound.length === 0 ? '' : `, ${ctx.codecList(bound.map((b) => b.expression))}`;
        lines.push(`  get ${propertyKey(name)}(): ${pipeline} {`, `    return new ${pipeline}(${promise}, ${path(target.index)}${params});`, '  }');
        break;
      }
      case 'group': {
        // A group has its struct's parameters.
        const pipeline = `${ctx.names(target.id).value}$Pipeline${scope.arguments()}`;
        const params = scope.isGeneric ? ', this.$params' : '';
        lines.push(`  get ${propertyKey(name)}(): ${pipeline} {`, `    return new ${pipeline}(${promise}, ${samePath}${params});`, '  }');
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
    `export class ${name}${scopeOf(ctx, node).declaration()} extends $rpc.StructPipeline {`,
    ...pipelineGetters(ctx, node, 'this.$promise', 'this.$promise', (index) => `[...this.$path, ${index}]`, 'this.$path'),
    '}',
  ];
  ctx.deferred.push(lines.join('\n'));
}

const ANY_TYPE: Type = { anyPointer: { unconstrained: { anyKind: null } } };

function parameterType(scopeId: bigint, index: number): Type {
  return { anyPointer: { parameter: { scopeId, parameterIndex: index } } };
}

function ownParameterType(index: number): Type {
  return { anyPointer: { implicitMethodParameter: { parameterIndex: index } } };
}

/** What a generic parameter is bound to where code is generated; null for a parameter it does not know. */
type Lookup = (scopeId: bigint, index: number) => Type | null;

function lookupIn(scope: GenericScope, types: readonly Type[]): Lookup {
  return (scopeId, index) => {
    const k = scope.indexOf(scopeId, index);
    return k < 0 ? null : types[k]!;
  };
}

/** The type `target`'s parameter (`scopeId`, `index`) has at a use with `brand`, as seen through `lookup`. */
function boundParameter(ctx: FileContext, brand: Brand | null, scopeId: bigint, index: number, lookup: Lookup): Type {
  const entry = (brand?.scopes ?? []).find((s) => s.scopeId === scopeId);
  if (entry && 'bind' in entry) {
    const binding = entry.bind?.[index];
    return binding && 'type' in binding && binding.type ? substitute(ctx, binding.type, lookup) : ANY_TYPE;
  }
  return lookup(scopeId, index) ?? ANY_TYPE;
}

/**
 * `type` with the generic parameters `lookup` knows replaced by their bindings (a method's own
 * parameters stay): how a type written in a superclass reads in a class that extends it.
 */
function substitute(ctx: FileContext, type: Type, lookup: Lookup): Type {
  if ('anyPointer' in type) {
    const any = type.anyPointer;
    return 'parameter' in any ? lookup(any.parameter.scopeId, any.parameter.parameterIndex) ?? type : type;
  }
  if ('list' in type) return { list: { elementType: type.list.elementType === null ? null : substitute(ctx, type.list.elementType, lookup) } };
  const rebrand = (id: bigint, brand: Brand | null): Brand | null => {
    if (!ctx.graph.has(id)) return brand;
    const params = scopeOf(ctx, ctx.graph.node(id)).params;
    if (params.length === 0) return brand;
    const scopes: Brand['scopes'] = [];
    for (const scopeId of new Set(params.map((p) => p.scopeId))) {
      const count = params.filter((p) => p.scopeId === scopeId).length;
      const bind = Array.from({ length: count }, (_, index) => ({ type: boundParameter(ctx, brand, scopeId, index, lookup) }));
      scopes.push({ scopeId, bind });
    }
    return { scopes };
  };
  if ('struct' in type) return { struct: { ...type.struct, brand: rebrand(type.struct.typeId, type.struct.brand) } };
  if ('interface' in type) return { interface: { ...type.interface, brand: rebrand(type.interface.typeId, type.interface.brand) } };
  return type;
}

/** An interface whose methods a client has: the client's own or one it extends, with its parameters as the client binds them. */
interface Ancestor {
  node: InterfaceNode;
  scope: GenericScope;
  /** One per parameter of `scope`, relative to the client's scope. */
  types: Type[];
}

/** Direct superclasses of `iface`, their parameters bound as `iface` (whose parameters are `types`) extends them. */
function superclassesOf(ctx: FileContext, iface: InterfaceNode, scope: GenericScope, types: readonly Type[]): Ancestor[] {
  const lookup = lookupIn(scope, types);
  const out: Ancestor[] = [];
  for (const parent of iface.interface.superclasses ?? []) {
    if (!ctx.graph.has(parent.id)) continue;
    const node = ctx.graph.node(parent.id) as InterfaceNode;
    const parentScope = scopeOf(ctx, node);
    out.push({ node, scope: parentScope, types: parentScope.params.map((p) => boundParameter(ctx, parent.brand, p.scopeId, p.index, lookup)) });
  }
  return out;
}

/** `node` and the interfaces it extends (each once, own first). */
function ancestors(ctx: FileContext, node: InterfaceNode): Ancestor[] {
  const out: Ancestor[] = [];
  const seen = new Set<bigint>();
  const visit = (ancestor: Ancestor): void => {
    if (seen.has(ancestor.node.id)) return;
    seen.add(ancestor.node.id);
    out.push(ancestor);
    for (const parent of superclassesOf(ctx, ancestor.node, ancestor.scope, ancestor.types)) visit(parent);
  };
  const scope = scopeOf(ctx, node);
  visit({ node, scope, types: scope.params.map((p) => parameterType(p.scopeId, p.index)) });
  return out;
}

/** The methods a client of `node` has: its own, then each superclass's, once per interface. */
function allMethods(ctx: FileContext, node: InterfaceNode): Array<{ owner: Ancestor; method: Method; ordinal: number }> {
  return ancestors(ctx, node).flatMap((owner) => (owner.node.interface.methods ?? []).map((method, ordinal) => ({ owner, method, ordinal })));
}

function structName(ctx: FileContext, id: bigint): { value: string; init: string; reader: string; builder: string } | null {
  return ctx.graph.has(id) ? ctx.names(id) : null;
}

/** Whether `id` is the params or results struct the compiler made for a method of `owner` (it has the method's scope). */
function isMethodStruct(ctx: FileContext, id: bigint, owner: InterfaceNode): boolean {
  return ctx.graph.node(id).scopeId === 0n && ctx.interfaceOfMethodStruct(id)?.id === owner.id;
}

/**
 * The parameters of a method's params or results struct, relative to the client's scope: for a
 * struct the compiler made, the interface's then the method's own; for a named struct, as the
 * method's brand binds them. (In a scope without the method's own parameters, as a server's,
 * those read as AnyPointer.)
 */
function structTypes(ctx: FileContext, owner: Ancestor, method: Method, id: bigint, brand: Brand | null): Type[] {
  if (!ctx.graph.has(id)) return [];
  const struct = ctx.graph.node(id);
  const scope = scopeOf(ctx, struct);
  if (!scope.isGeneric) return [];
  if (isMethodStruct(ctx, id, owner.node)) return [...owner.types, ...(method.implicitParameters ?? []).map((_, i) => ownParameterType(i))];
  const lookup = lookupIn(owner.scope, owner.types);
  return scope.params.map((p) => boundParameter(ctx, brand, p.scopeId, p.index, lookup));
}

/** `<codec types>` of `types` in `scope`, or ''. */
function typeArgs(ctx: FileContext, scope: GenericScope, types: readonly Type[]): string {
  return types.length === 0 ? '' : `<${types.map((t) => codecBinding(ctx, scope, t).type).join(', ')}>`;
}

/** `[codecs]` of `bound`, in terms of `p`, a scope's codecs at run time (instead of `this.$params`). */
function codecsOf(bound: readonly Binding[]): string {
  return `[${bound.map((b) => b.expression.split('this.$params').join('p')).join(', ')}]`;
}

/** A function from `p` to `body` (made by `codecsOf`). */
function codecsFunction(bound: readonly Binding[], body = codecsOf(bound)): string {
  return `(${bound.some((b) => b.expression.includes('this.$params')) ? 'p' : ''}) => ${body}`;
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
  const own = (method.implicitParameters ?? []).map((p) => p.name).join(', ');
  return `${method.name} @${ordinal} ${own ? `[${own}] ` : ''}${describe(method.paramStructType)} -> ${results}`;
}

export function emitInterface(ctx: FileContext, node: InterfaceNode): void {
  const names = ctx.names(node.id);
  const value = names.value;
  const client = names.reader;
  const server = names.builder;
  const info = ctx.graph.info(node.id);
  const scope = scopeOf(ctx, node);
  const declaration = scope.declaration();
  const args = scope.arguments();
  const methods = allMethods(ctx, node);
  const out: string[] = [];
  const doc = info?.docComment ? info.docComment.trim().replace(/\*\//g, '*\\/').split('\n').join('\n * ') : '';
  const promiseName = (owner: InterfaceNode, method: Method) => `${ctx.names(owner.id).value}_${method.name}$Promise`;
  const hasPromise = (method: Method) => method.resultStructType !== STREAM_RESULT_ID && structName(ctx, method.resultStructType) !== null
    && holdsCapabilities(ctx, method.resultStructType);

  // Results promise classes (only for results that hold capabilities); generic as the results struct is.
  for (const { owner, method } of methods) {
    if (owner.node.id !== node.id || !hasPromise(method)) continue;
    const results = structName(ctx, method.resultStructType)!;
    const resultsNode = ctx.graph.node(method.resultStructType) as StructNode;
    const resultsScope = scopeOf(ctx, resultsNode);
    out.push(
      `/** The results of \`${value}.${method.name}\`, awaitable, with pipelined access to their capabilities. */`,
      `export class ${promiseName(node, method)}${resultsScope.declaration()} extends $rpc.RpcPromise<${results.reader}${resultsScope.arguments()}> {`,
      ...pipelineGetters(ctx, resultsNode, 'this', 'this as $rpc.RpcPromise<unknown>', (index) => `[${index}]`, '[]'),
      '}',
      '',
    );
  }

  const infoFunction = `$infoOf_${value}`;

  // The client class.
  const members = new NameRegistry();
  for (const reserved of CLIENT_MEMBERS) members.claim(reserved);
  out.push(`/** A capability of interface \`${node.displayName?.split(':').pop()}\`${doc ? `: ${doc}` : '.'} */`);
  out.push(`export class ${client}${declaration} extends $rpc.Client {`);
  const serverLines: string[] = [];
  // The server's method names, claimed in the order the dispatch claims them (rpc/method-keys.ts).
  const serverNames = new Set<string>();
  for (const { owner, method, ordinal } of methods) {
    const ownerNames = owner.node.id === node.id ? names : ctx.names(owner.node.id);
    // A method named like a member every client has gets a `$` suffix (`Function.call` is
    // `call$()`), the rule field helpers follow too.
    const wanted = method.name ?? `method${ordinal}`;
    const methodName = members.claim(CLIENT_MEMBERS.includes(wanted) ? `${wanted}$` : wanted);
    const params = structName(ctx, method.paramStructType);
    // A streaming method's results (stream.capnp's StreamResult) appear only in the interface
    // const, which only its own interface writes: naming them here would import stream.capnp
    // into a file that extends the interface, unused.
    const streaming = method.resultStructType === STREAM_RESULT_ID;
    const results = streaming ? null : structName(ctx, method.resultStructType);
    // A method's own parameters are type parameters of the client method, bound by `options.bind`.
    const ownNames = (method.implicitParameters ?? []).map((p, i) => p.name ?? `T${i}`);
    const callScope = scope.withMethodParams(ownNames);
    const ownDeclaration = ownNames.length === 0 ? '' : `<${callScope.params.slice(scope.params.length).map((p) => `${p.name} extends $.PointerCodec<any, any, any, any> = $.AnyPointerCodec`).join(', ')}>`;
    const ownArgs = callScope.params.slice(scope.params.length).map((p) => p.name);
    const optionsType = ownNames.length === 0 ? '$rpc.CallMethodOptions' : `$rpc.GenericCallOptions<readonly [${ownArgs.join(', ')}]>`;
    const paramsArgs = typeArgs(ctx, callScope, structTypes(ctx, owner, method, method.paramStructType, method.paramBrand));
    const resultsArgs = streaming ? '' : typeArgs(ctx, callScope, structTypes(ctx, owner, method, method.resultStructType, method.resultBrand));
    const serverParamsArgs = typeArgs(ctx, scope, structTypes(ctx, owner, method, method.paramStructType, method.paramBrand));
    const serverResultsArgs = streaming ? '' : typeArgs(ctx, scope, structTypes(ctx, owner, method, method.resultStructType, method.resultBrand));
    const paramsType = params === null ? 'never' : `$rpc.ParamsInput<${params.init}${paramsArgs} | ${params.reader}${paramsArgs}, ${params.builder}${paramsArgs}>`;
    // Its own methods reach the info through a function, not the interface const: a client
    // then does not bundle the const's struct types (their encode, decode and packing).
    const infoRef = owner.node.id === node.id ? `${infoFunction}()` : `${ownerNames.value}.$info`;
    const methodRef = `${infoRef}.methods[${ordinal}]!`;
    // The codecs of the method's scope: the owner's parameters as this client binds them, then the method's own.
    let scopeArg = '';
    if (owner.scope.isGeneric || ownNames.length > 0) {
      const ownerParams = owner.node.id === node.id
        ? 'this.$params'
        : ctx.codecList(owner.types.map((t) => codecBinding(ctx, scope, t).expression));
      scopeArg = ownNames.length === 0 ? `, ${ownerParams}` : `, $rpc.methodScope(${ownerParams}, ${owner.scope.params.length}, options?.bind)`;
    }
    const methodDoc = ctx.graph.info(owner.node.id)?.members?.[ordinal]?.docComment;
    const docLine = `  /** \`${signature(ctx, method, ordinal)}\`${methodDoc ? ` — ${methodDoc.trim().replace(/\*\//g, '*\\/').split('\n').join(' ')}` : ''} */`;
    out.push(docLine);
    const serverParams = params === null ? 'never' : `${params.reader}${serverParamsArgs}`;
    if (streaming) {
      const streamOptions = ownNames.length === 0 ? '' : `, options?: ${optionsType}`;
      out.push(
        `  ${propertyKey(methodName)}${ownDeclaration}(params?: ${paramsType}${streamOptions}): Promise<void> {`,
        `    return $rpc.callStream(this, ${infoRef}, ${methodRef}, params${scopeArg});`,
        '  }',
      );
      serverLines.push(docLine, `  ${propertyKey(claimMethodKey(serverNames, method.name ?? ''))}?(params: ${serverParams}, context: $rpc.CallContext<never>): Promise<void> | void;`);
      continue;
    }
    const resultsReader = results === null ? 'never' : `${results.reader}${resultsArgs}`;
    const promiseClass = hasPromise(method) ? `${promiseName(owner.node, method)}${resultsArgs}` : `$rpc.RpcPromise<${resultsReader}>`;
    out.push(
      `  ${propertyKey(methodName)}${ownDeclaration}(params?: ${paramsType}, options?: ${optionsType}): ${promiseClass} {`,
      `    return $rpc.callMethod(this, ${infoRef}, ${methodRef}, params, options, ${promiseClass}${scopeArg});`,
      '  }',
    );
    const resultsInit = results === null ? 'void' : `${results.init}${serverResultsArgs} | void`;
    serverLines.push(
      docLine,
      `  ${propertyKey(claimMethodKey(serverNames, method.name ?? ''))}?(params: ${serverParams}, context: $rpc.CallContext<${results === null ? 'never' : `${results.builder}${serverResultsArgs}`}>): Promise<${resultsInit}> | ${resultsInit};`,
    );
  }
  out.push('}', '');

  // The server type.
  out.push(
    `/** What a server of \`${node.displayName?.split(':').pop()}\` implements: any subset of its methods (the rest answer \`unimplemented\`). */`,
    `export interface ${server}${declaration} {`,
    ...serverLines,
    '}',
    '',
  );

  // The interface const.
  const own = node.interface.methods ?? [];
  const self: Ancestor = { node, scope, types: scope.params.map((p) => parameterType(p.scopeId, p.index)) };
  // A method's structs as `$rpc.methodStruct` describes them: size and classes, no struct type.
  const describe = (id: bigint): string => {
    const names = structName(ctx, id);
    if (names === null) return 'null';
    const struct = (ctx.graph.node(id) as StructNode).struct;
    return `$rpc.methodStruct(${struct.dataWordCount}, ${struct.pointerCount}, ${names.reader}, ${names.builder})`;
  };
  const methodInfos = own.map((method, ordinal) => {
    const params = describe(method.paramStructType);
    const results = describe(method.resultStructType);
    // A named generic struct gets its parameters from the method's scope through a function.
    const methodScope = scope.withMethodParams((method.implicitParameters ?? []).map((p, i) => p.name ?? `T${i}`));
    const brandOf = (id: bigint, brand: Brand | null): string | null => {
      if (!ctx.graph.has(id) || isMethodStruct(ctx, id, node) || !scopeOf(ctx, ctx.graph.node(id)).isGeneric) return null;
      const bound = bindings(ctx, methodScope, ctx.graph.node(id), brand, (t) => codecBinding(ctx, methodScope, t));
      // A struct nested in the interface, bound to the interface's parameters as they are, reads with the scope itself.
      if (bound.every((b, i) => b.expression === `$.param(this.$params, ${i})`)) return null;
      return codecsFunction(bound);
    };
    const paramsBrand = brandOf(method.paramStructType, method.paramBrand);
    const resultsBrand = method.resultStructType === STREAM_RESULT_ID ? null : brandOf(method.resultStructType, method.resultBrand);
    const brands = `${paramsBrand === null ? '' : `, paramsBrand: ${paramsBrand}`}${resultsBrand === null ? '' : `, resultsBrand: ${resultsBrand}`}`;
    return `    { name: ${JSON.stringify(method.name)}, ordinal: ${ordinal}, params: ${params}, results: ${results}, streaming: ${method.resultStructType === STREAM_RESULT_ID}${brands} },`;
  });
  const parents = superclassesOf(ctx, node, self.scope, self.types).filter((s) => ctx.graph.has(s.node.id));
  const supers = parents.map((s) => `${ctx.names(s.node.id).value}.$info`);
  const parentCodecs = parents.map((s) => s.types.map((t) => codecBinding(ctx, scope, t)));
  const bindSupers = parents.some((s) => s.scope.isGeneric)
    ? `      bindSuperclasses: ${codecsFunction(parentCodecs.flat(), `[${parentCodecs.map(codecsOf).join(', ')}]`)},`
    : null;
  const methodsTable = own.map((method, ordinal) => {
    const params = structName(ctx, method.paramStructType)?.value ?? 'null';
    const results = structName(ctx, method.resultStructType)?.value ?? 'null';
    return `    ${propertyKey(method.name ?? '')}: { ordinal: ${ordinal}, params: ${params}, results: ${results} },`;
  });
  const serveDoc = scope.isGeneric
    ? `  /** A capability served here by \`impl\`, its parameters bound to \`params\` (close it when done: the server's [Symbol.dispose] runs when the last reference goes). */`
    : `  /** A capability served here by \`impl\` (close it when done: the server's [Symbol.dispose] runs when the last reference goes). */`;
  const serveParams = scope.isGeneric ? `, params?: readonly [${scope.params.map((p) => p.name).join(', ')}]` : '';
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
    serveDoc,
    `  serve${declaration}(impl: ${server}${args}${serveParams}): ${client}${args} {`,
    `    return $rpc.serve(${client}${args}, ${value}.$info, impl${scope.isGeneric ? ', params' : ''});`,
    '  },',
    `  /** The interface as the RPC runtime sees it. */`,
    `  get $info(): $rpc.InterfaceInfo {`,
    `    return ${infoFunction}();`,
    '  },',
    '};',
    `let $info_${value}: $rpc.InterfaceInfo | undefined;`,
    `/** \`${value}.$info\`, made on first use. */`,
    `const ${infoFunction} = (): $rpc.InterfaceInfo => $info_${value} ??= {`,
    `  typeId: 0x${node.id.toString(16)}n,`,
    `  displayName: ${JSON.stringify(node.displayName)},`,
    `  methods: [`,
    ...methodInfos,
    '  ],',
    `  superclasses: [${supers.join(', ')}],`,
    ...(bindSupers === null ? [] : [bindSupers.slice(4)]),
    '};',
  );
  ctx.deferred.push(out.join('\n'));
}
