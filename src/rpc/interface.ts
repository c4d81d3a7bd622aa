/**
 * Typed interfaces: what generated code describes (an interface's id, its methods with their
 * param and result struct types, the interfaces it extends) and the two directions that
 * description drives: calling a method through a `Client` (`callMethod`, `callStream`), and
 * serving one from a plain object of async methods (`serve`).
 */
import { wrapBuilder, wrapReader, type StructType } from '../runtime/index.js';
import type { AnyPointerReader } from '../wire/index.js';
import { Client, disposeSymbol, RpcPromise, type ClientClass } from './client.js';
import { RpcError, unimplementedError } from './errors.js';
import { brokenResult, LocalHook, NO_OPTIONS, type CapabilityServer, type ServerCall, type Request, type CallOptions } from './hook.js';
import { streamError, trackStreamCall } from './stream-flow.js';

type AnyStructType = StructType<any, any, any, any>;

export interface MethodInfo {
  readonly name: string;
  readonly ordinal: number;
  readonly params: AnyStructType;
  readonly results: AnyStructType;
  /** A `-> stream` method. */
  readonly streaming: boolean;
}

export interface InterfaceInfo {
  readonly typeId: bigint;
  readonly displayName: string;
  readonly methods: readonly MethodInfo[];
  /** The interfaces this one extends (directly). */
  readonly superclasses: readonly InterfaceInfo[];
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

/** The class of a generated results promise: an `RpcPromise` with getters for pipelined capabilities. */
export type PromiseClass<R, P extends RpcPromise<R>> = new (
  result: ConstructorParameters<typeof RpcPromise<R>>[0],
  readResults: (content: AnyPointerReader) => R,
  signal?: AbortSignal,
) => P;

function fillParams(request: Request, method: MethodInfo, params: unknown): void {
  if (params == null) return;
  const type = method.params;
  const struct = request.params.initStruct(type.dataWords, type.pointerCount);
  const builder = wrapBuilder(type.Builder, struct, type.params) as { $assign(value: unknown): void };
  if (typeof params === 'function') (params as (b: unknown) => void)(builder);
  else if (params instanceof type.Reader) request.params.setStruct((params as { $: Parameters<typeof request.params.setStruct>[0] }).$);
  else builder.$assign(params);
}

/** Calls `method` on `client` (what a generated client method does). */
export function callMethod<R, P extends RpcPromise<R>>(
  client: Client, iface: InterfaceInfo, method: MethodInfo, params: unknown, options: CallMethodOptions | undefined,
  Promise: PromiseClass<R, P>,
): P {
  const hook = client.$hook;
  const results = method.results;
  const read = (content: AnyPointerReader): R => wrapReader(results.Reader, content.getStruct(), results.params) as R;
  // A stream on this capability failed: the next call reports it instead of being sent.
  const failed = streamError(hook);
  if (failed !== null) return new Promise(brokenResult(failed), read, options?.signal);
  const request = hook.newRequest(iface.typeId, method.ordinal);
  fillParams(request, method, params);
  const callOptions: CallOptions = options?.noPromisePipelining ? { noPromisePipelining: true } : NO_OPTIONS;
  return new Promise(request.send(callOptions), read, options?.signal);
}

/**
 * Calls a `-> stream` method: resolves when the caller may send the next one (flow control),
 * rejects if an earlier call of the stream failed.
 */
export function callStream(client: Client, iface: InterfaceInfo, method: MethodInfo, params: unknown): Promise<void> {
  const hook = client.$hook;
  const failed = streamError(hook);
  if (failed !== null) return Promise.reject(failed);
  const request = hook.newRequest(iface.typeId, method.ordinal);
  fillParams(request, method, params);
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

/** A request to another capability, for `CallContext.tailCall`: made with `prepareCall`. */
export interface RpcPromiseRequest {
  readonly $request: Request;
}

/** A request for `method` on `client` that is not sent yet (for tail calls). */
export function prepareCall(client: Client, iface: InterfaceInfo, method: MethodInfo, params: unknown): RpcPromiseRequest {
  const request = client.$hook.newRequest(iface.typeId, method.ordinal);
  fillParams(request, method, params);
  return { $request: request };
}

class MethodContext implements CallContext<unknown> {
  private builder: unknown = null;

  constructor(private readonly call: ServerCall, private readonly method: MethodInfo) {}

  get results(): unknown {
    if (this.builder === null) {
      const type = this.method.results;
      this.builder = wrapBuilder(type.Builder, this.call.results().getStruct(type.dataWords, type.pointerCount), type.params);
    }
    return this.builder;
  }

  get signal(): AbortSignal {
    return this.call.signal;
  }

  tailCall(request: RpcPromiseRequest): void {
    this.call.tailCall(request.$request);
  }
}

/** All methods of `iface` and the interfaces it extends, by interface id. */
function methodTable(iface: InterfaceInfo): Map<bigint, readonly MethodInfo[]> {
  const table = new Map<bigint, readonly MethodInfo[]>();
  const visit = (info: InterfaceInfo): void => {
    if (table.has(info.typeId)) return;
    table.set(info.typeId, info.methods);
    for (const parent of info.superclasses) visit(parent);
  };
  visit(iface);
  return table;
}

const tables = new WeakMap<InterfaceInfo, Map<bigint, readonly MethodInfo[]>>();

/**
 * A capability server over `impl`, an object with one async method per schema method (params
 * reader, context) returning a results object or nothing. Missing methods answer
 * `unimplemented`. `impl[Symbol.dispose]`, if present, runs when the last reference goes.
 */
export function serverFor(iface: InterfaceInfo, impl: object): CapabilityServer {
  let table = tables.get(iface);
  if (table === undefined) {
    table = methodTable(iface);
    tables.set(iface, table);
  }
  const methods = table;
  const target = impl as Record<string | symbol, unknown>;
  return {
    async dispatch(call: ServerCall): Promise<void> {
      const method = methods.get(call.interfaceId)?.[call.methodId];
      if (method === undefined) {
        throw unimplementedError(`${iface.displayName} does not have method ${call.methodId} of interface 0x${call.interfaceId.toString(16)}`);
      }
      const fn = target[method.name];
      if (typeof fn !== 'function') throw unimplementedError(`method ${method.name} of ${iface.displayName} is not implemented`);
      const type = method.params;
      const params = wrapReader(type.Reader, call.params.content.getStruct(), type.params);
      const context = new MethodContext(call, method);
      const value: unknown = await (fn as (p: unknown, c: unknown) => unknown).call(impl, params, context);
      if (value !== undefined && value !== null) {
        if (typeof value !== 'object') throw new RpcError('failed', `method ${method.name} returned ${typeof value}, not a results object`);
        (context.results as { $assign(v: unknown): void }).$assign(value);
      }
    },
    close(): void {
      const dispose = target[disposeSymbol];
      if (typeof dispose === 'function') (dispose as () => void).call(impl);
    },
  };
}

/** A client of class `Class` for a capability implemented here by `impl`. */
export function serve<C extends Client>(Class: ClientClass<C>, iface: InterfaceInfo, impl: object): C {
  return new Class(new LocalHook(serverFor(iface, impl)));
}

/**
 * Pipelined access into a struct of a call's results that is not a capability itself (its
 * capability fields are reached through generated getters on subclasses).
 */
export class StructPipeline {
  constructor(readonly $promise: RpcPromise<unknown>, readonly $path: readonly number[]) {}

  /** The capability at pointer `index` of this struct, pipelined. */
  $capability<C extends Client>(Class: ClientClass<C>, index: number): C {
    return this.$promise.pipeline(Class, [...this.$path, index]);
  }
}
