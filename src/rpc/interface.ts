/**
 * Typed interfaces: what generated code describes (an interface's id, its methods with their
 * param and result struct types, the interfaces it extends) and the two directions that
 * description drives: calling a method through a `Client` (`callMethod`, `callStream`), and
 * serving one from a plain object of async methods (`serve`).
 *
 * Generic interfaces bind their parameters as generic structs do, with one codec per
 * parameter. A method's *scope* is its interface's parameters followed by the method's own
 * (`foo @0 [T] ...`); its params and results structs read and write with the codecs of that
 * scope (auto-generated structs have exactly its parameters; a named generic struct gets them
 * through the method's `paramsBrand`/`resultsBrand`).
 */
import { ANY_POINTER } from '../runtime/index.js';
import { claimMethodKey } from './method-keys.js';
import { getStruct, initStruct, readStruct, type BuilderClass, type ReaderClass } from '../runtime/access.js';
import type { AnyPointerReader } from '../wire/index.js';
import { Client, disposeSymbol, RpcPromise, type ClientClass, type TypeParams } from './client.js';
import { RpcError, unimplementedError } from './errors.js';
import { brokenResult, NO_OPTIONS, type Request, type CallOptions } from './hook.js';
import { LocalHook, type CapabilityServer, type ServerCall } from './local-hook.js';
import { streamError, trackStreamCall } from './stream-flow.js';

const NO_PARAMS: TypeParams = [];

/**
 * What calling and serving need of a method's params or results struct: its size, its reader
 * and builder classes, the codecs bound to its parameters. A `StructType` is one; generated
 * interfaces describe their methods' structs with `methodStruct()` instead, so that a client's
 * bundle does not take the struct types' encode and decode (and the packing codec with them).
 */
export interface MethodStruct {
  readonly dataWords: number;
  readonly pointerCount: number;
  readonly Reader: ReaderClass<any>;
  readonly Builder: BuilderClass<any>;
  /** Codecs bound to the struct's generic parameters (empty when none are bound). */
  readonly params: TypeParams;
}

/** A method's params or results struct as generated interfaces describe it (see `MethodStruct`). */
export function methodStruct(dataWords: number, pointerCount: number, Reader: ReaderClass<any>, Builder: BuilderClass<any>): MethodStruct {
  return { dataWords, pointerCount, Reader, Builder, params: NO_PARAMS };
}

export interface MethodInfo {
  readonly name: string;
  readonly ordinal: number;
  readonly params: MethodStruct;
  readonly results: MethodStruct;
  /** A `-> stream` method. */
  readonly streaming: boolean;
  /** Codecs of a named generic params struct's parameters, from the method's scope (absent: the scope itself). */
  readonly paramsBrand?: (scope: TypeParams) => TypeParams;
  /** Likewise for the results struct. */
  readonly resultsBrand?: (scope: TypeParams) => TypeParams;
}

export interface InterfaceInfo {
  readonly typeId: bigint;
  readonly displayName: string;
  readonly methods: readonly MethodInfo[];
  /** The interfaces this one extends (directly). */
  readonly superclasses: readonly InterfaceInfo[];
  /** Codecs of each superclass's parameters, from this interface's (absent: no superclass is generic). */
  readonly bindSuperclasses?: (params: TypeParams) => readonly TypeParams[];
}

/** What a method's params may be given as: a plain object, a reader of the type, or a function that fills the builder. */
export type ParamsInput<I, B> = I | ((params: B) => void);

/** Options of one call. */
export interface CallMethodOptions {
  /** Aborting cancels the call (the callee is told with Finish; the promise rejects with RPC_CANCELED). */
  signal?: AbortSignal;
  /** A promise that you will not pipeline on the results (lets the callee skip bookkeeping). */
  noPromisePipelining?: boolean;
}

/** Options of a call to a method with type parameters of its own (`foo @0 [T] (...)`). */
export interface GenericCallOptions<P extends TypeParams> extends CallMethodOptions {
  /** Codecs of the method's type parameters (unbound ones read and write as AnyPointer). */
  bind?: P;
}

/**
 * A method's scope: the interface's `count` parameters (`params`, padded with AnyPointer) then
 * the method's own (`bind`); `params` itself when the caller binds none.
 */
export function methodScope(params: TypeParams, count: number, bind: TypeParams | undefined): TypeParams {
  if (bind === undefined || bind.length === 0) return params;
  const scope: TypeParams[number][] = [];
  for (let i = 0; i < count; i++) scope.push(params[i] ?? ANY_POINTER);
  return scope.concat(bind);
}

/**
 * The params or results struct of a call, read through its generated reader class straight
 * from the payload's content pointer (the pointer as a one-pointer section: no wire-level
 * `StructReader` in between).
 */
function readContent<R>(Reader: ReaderClass<R>, content: AnyPointerReader, params: TypeParams): R {
  return readStruct(Reader, content.segment, content.offset, 1, 0, content.nestingLimit, null, params);
}

/** The class of a generated results promise: an `RpcPromise` with getters for pipelined capabilities. */
export type PromiseClass<R, P extends RpcPromise<R>> = new (
  result: ConstructorParameters<typeof RpcPromise<R>>[0],
  readResults: (content: AnyPointerReader) => R,
  signal?: AbortSignal,
  params?: TypeParams,
) => P;

// Without a brand function or a scope, the struct type's own binding (a `StructType.bind()` in a hand-made MethodInfo).
function paramsCodecs(method: MethodInfo, scope: TypeParams): TypeParams {
  if (method.paramsBrand !== undefined) return method.paramsBrand(scope);
  return scope.length > 0 ? scope : method.params.params;
}

function resultsCodecs(method: MethodInfo, scope: TypeParams): TypeParams {
  if (method.resultsBrand !== undefined) return method.resultsBrand(scope);
  return scope.length > 0 ? scope : method.results.params;
}

function fillParams(request: Request, method: MethodInfo, params: unknown, scope: TypeParams): void {
  if (params == null) return;
  const type = method.params;
  const slot = request.params;
  try {
    const builder = initStruct(type.Builder, slot.segment, slot.offset, type.dataWords, type.pointerCount, paramsCodecs(method, scope)) as { $assign(value: unknown): void };
    if (typeof params === 'function') (params as (b: unknown) => void)(builder);
    else if (params instanceof type.Reader) request.params.setStruct((params as { $: Parameters<typeof request.params.setStruct>[0] }).$);
    else builder.$assign(params);
  } catch (error) {
    // A field that does not fit its type (a CapnpError naming it) after a capability was set:
    // the request is not sent, and the references its params took are given back.
    request.discard();
    throw error;
  }
}

/**
 * Calls `method` on `client` (what a generated client method does). `scope`: codecs of the
 * method's scope (see the top of this file); without one, the struct types' own bindings.
 */
export function callMethod<R, P extends RpcPromise<R>>(
  client: Client, iface: InterfaceInfo, method: MethodInfo, params: unknown, options: CallMethodOptions | undefined,
  Promise: PromiseClass<R, P>, scope: TypeParams = NO_PARAMS,
): P {
  const hook = client.$hook;
  const results = method.results;
  const bound = resultsCodecs(method, scope);
  const read = (content: AnyPointerReader): R => readContent(results.Reader, content, bound) as R;
  // A stream on this capability failed: the next call reports it instead of being sent.
  const failed = streamError(hook);
  if (failed !== null) return new Promise(brokenResult(failed), read, options?.signal, bound);
  const request = hook.newRequest(iface.typeId, method.ordinal);
  fillParams(request, method, params, scope);
  const callOptions: CallOptions = options?.noPromisePipelining ? { noPromisePipelining: true } : NO_OPTIONS;
  return new Promise(request.send(callOptions), read, options?.signal, bound);
}

/**
 * Calls a `-> stream` method: resolves when the caller may send the next one (flow control),
 * rejects if an earlier call of the stream failed.
 */
export function callStream(client: Client, iface: InterfaceInfo, method: MethodInfo, params: unknown, scope: TypeParams = NO_PARAMS): Promise<void> {
  const hook = client.$hook;
  const failed = streamError(hook);
  if (failed !== null) return Promise.reject(failed);
  const request = hook.newRequest(iface.typeId, method.ordinal);
  fillParams(request, method, params, scope);
  const bytes = request.message.sizeInWords * 8;
  return trackStreamCall(hook, bytes, request.send({ streaming: true }));
}

/** What a server method gets besides its params. */
export interface CallContext<B> {
  /** The results builder (made on first use). Returning a plain object from the method fills it too. */
  readonly results: B;
  /** Fires when the caller cancels the call or the connection ends. */
  readonly signal: AbortSignal;
  /** Makes the results those of another call, sent now (a tail call). */
  tailCall(request: RpcPromiseRequest): void;
}

/**
 * A request to another capability, made with `prepareCall` and not sent yet: hand it to
 * `CallContext.tailCall`, or `discard()` it. Its params hold references to the capabilities set
 * in them, which only sending or discarding gives back.
 */
export interface RpcPromiseRequest {
  /** Gives back the references its params hold, for a request that will not be sent. Does nothing once sent or discarded. */
  discard(): void;
  /** The request, once: a second send, or a send after `discard()`, throws. */
  $take(): Request;
  /** `discard()`, for `using`. */
  [Symbol.dispose](): void;
}

/** A request for `method` on `client` that is not sent yet (for tail calls); `scope` as for `callMethod`. */
export function prepareCall(client: Client, iface: InterfaceInfo, method: MethodInfo, params: unknown, scope: TypeParams = NO_PARAMS): RpcPromiseRequest {
  const request = client.$hook.newRequest(iface.typeId, method.ordinal);
  fillParams(request, method, params, scope);
  // An object made here rather than a class: a class with a computed (symbol) key is kept in
  // every bundle of the module, and a client that never prepares a call should not carry it.
  let state: 'ready' | 'sent' | 'discarded' = 'ready';
  const discard = (): void => {
    if (state !== 'ready') return;
    state = 'discarded';
    request.discard();
  };
  return {
    discard,
    $take() {
      if (state !== 'ready') throw new RpcError('failed', `this request was ${state} already: a prepared request is sent once`);
      state = 'sent';
      return request;
    },
    [disposeSymbol as typeof Symbol.dispose]: discard,
  };
}

class MethodContext implements CallContext<unknown> {
  private builder: unknown = null;

  constructor(private readonly call: ServerCall, private readonly method: MethodInfo, private readonly scope: TypeParams) {}

  get results(): unknown {
    // Written after the method's answer went, the results would change nothing the caller sees
    // (or a message already on its way): a method that fills them later returns a promise.
    if (this.call.answered) {
      throw new RpcError('failed', `method ${this.method.name} has answered its call: its results can no longer be set (return a promise that settles once they are)`);
    }
    if (this.builder === null) {
      const type = this.method.results;
      const slot = this.call.results();
      this.builder = getStruct(type.Builder, slot.segment, slot.offset, type.dataWords, type.pointerCount, null, resultsCodecs(this.method, this.scope));
    }
    return this.builder;
  }

  get signal(): AbortSignal {
    return this.call.signal;
  }

  tailCall(request: RpcPromiseRequest): void {
    if (typeof (request as Partial<RpcPromiseRequest> | null)?.$take !== 'function') {
      throw new RpcError('failed', 'tailCall takes a request made with prepareCall(client, method, params)');
    }
    this.call.tailCall(request.$take());
  }
}

/** The methods of one interface a server answers, with the codecs its parameters are bound to. */
interface BoundMethods {
  readonly methods: readonly MethodInfo[];
  /** Where the implementation has each method (`keys[i]` for `methods[i]`). */
  readonly keys: readonly string[];
  readonly params: TypeParams;
}

/**
 * All methods of `iface` (bound to `params`) and the interfaces it extends (bound as it extends
 * them), by interface id, each with its key in the implementation (method-keys.ts: `foo`, and
 * `foo$2` for a method of the same name in an interface it extends, as the generated server
 * type declares them), so that an interface extending one with a method of the same name serves both.
 */
function methodTable(iface: InterfaceInfo, params: TypeParams): Map<bigint, BoundMethods> {
  const table = new Map<bigint, BoundMethods>();
  const taken = new Set<string>();
  const visit = (info: InterfaceInfo, bound: TypeParams): void => {
    if (table.has(info.typeId)) return;
    table.set(info.typeId, { methods: info.methods, keys: info.methods.map((method) => claimMethodKey(taken, method.name)), params: bound });
    const parents = info.bindSuperclasses?.(bound);
    info.superclasses.forEach((parent, i) => visit(parent, parents?.[i] ?? NO_PARAMS));
  };
  visit(iface, params);
  return table;
}

/** Tables of servers whose interface is not bound (the usual case), shared. */
const tables = new WeakMap<InterfaceInfo, Map<bigint, BoundMethods>>();

/**
 * A capability server over `impl`, an object with one async method per schema method (params
 * reader, context) returning a results object or nothing. Missing methods answer
 * `unimplemented`. `impl[Symbol.dispose]`, if present, runs when the last reference goes.
 * `params` binds a generic interface's parameters (a method's own parameters cannot be: the
 * caller's choice is not on the wire, so they read and write as AnyPointer).
 */
export function serverFor(iface: InterfaceInfo, impl: object, params: TypeParams = NO_PARAMS): CapabilityServer {
  let table = params.length === 0 ? tables.get(iface) : undefined;
  if (table === undefined) {
    table = methodTable(iface, params);
    if (params.length === 0) tables.set(iface, table);
  }
  const methods = table;
  const target = impl as Record<string | symbol, unknown>;
  return {
    dispatch(call: ServerCall): Promise<void> | void {
      const bound = methods.get(call.interfaceId);
      const method = bound?.methods[call.methodId];
      if (method === undefined) {
        throw unimplementedError(`${iface.displayName} does not have method ${call.methodId} of interface 0x${call.interfaceId.toString(16)}`);
      }
      const key = bound!.keys[call.methodId]!;
      const fn = target[key];
      if (typeof fn !== 'function') throw unimplementedError(`method ${key} of ${iface.displayName} is not implemented`);
      const type = method.params;
      const scope = bound!.params;
      const params = readContent(type.Reader, call.params.content, paramsCodecs(method, scope));
      const context = new MethodContext(call, method, scope);
      const value: unknown = (fn as (p: unknown, c: unknown) => unknown).call(impl, params, context);
      // A method that answers at once completes the call synchronously: no promise per call.
      if (typeof (value as { then?: unknown } | null)?.then === 'function') {
        return Promise.resolve(value).then((settled) => fillResults(method, context, settled));
      }
      fillResults(method, context, value);
    },
    close(): void {
      const dispose = target[disposeSymbol];
      if (typeof dispose === 'function') (dispose as () => void).call(impl);
    },
  };
}

/** What a server method returned, written into the results (a plain object fills them; nothing leaves them as built). */
function fillResults(method: MethodInfo, context: MethodContext, value: unknown): void {
  if (value === undefined || value === null) return;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new RpcError('failed', `method ${method.name} returned ${Array.isArray(value) ? 'an array' : typeof value}, not a results object`);
  }
  (context.results as { $assign(v: unknown): void }).$assign(value);
}

/** A client of class `Class` for a capability implemented here by `impl`, its interface bound to `params` if generic. */
export function serve<C extends Client>(Class: ClientClass<C>, iface: InterfaceInfo, impl: object, params?: TypeParams): C {
  return new Class(new LocalHook(serverFor(iface, impl, params)), true, params);
}

/**
 * Pipelined access into a struct of a call's results that is not a capability itself (its
 * capability fields are reached through generated getters on subclasses). `$params`: the
 * struct's bound type parameters, if it is generic.
 */
export class StructPipeline {
  constructor(readonly $promise: RpcPromise<unknown>, readonly $path: readonly number[], readonly $params: TypeParams = NO_PARAMS) {}

  /** The capability at pointer `index` of this struct, pipelined. */
  $capability<C extends Client>(Class: ClientClass<C>, index: number, params?: TypeParams): C {
    return this.$promise.pipeline(Class, [...this.$path, index], params);
  }
}
