/**
 * What applications hold: `Client`, a handle on a capability, and `RpcPromise`, the result of a
 * call that can be awaited and pipelined on at once.
 *
 * Ownership, in one rule: a handle you made (`dup()`, `connection.bootstrap()`,
 * `Client.serve(...)`) is yours to `close()` (or `using`); a capability you read out of a
 * message belongs to that message. Params are released when the server method returns, results
 * when their `RpcPromise` is disposed. `dup()` whatever you keep longer. A FinalizationRegistry
 * closes handles the application forgot, but only as a backstop: release is meant to be
 * deterministic, so the peer's tables empty when the application is done.
 */
import type { PointerCodec } from '../runtime/index.js';
import type { AnyPointerBuilder, AnyPointerReader } from '../wire/index.js';
import { ignoreRejection, RpcError } from './errors.js';
import {
  BrokenHook, ClientHook, listenTo, NO_OPTIONS, peekHook, type CallListener, type CallOptions, type CallResult, type Response,
} from './hook.js';
import { LocalHook, type CapabilityServer } from './local-hook.js';

/**
 * `Symbol.dispose` where the runtime has it (Node 20+, modern browsers), else the well-known
 * registry symbol polyfills use. The methods are installed under it at run time (a computed
 * `[Symbol.dispose]` method would break on runtimes without the symbol); their types are
 * declared in the classes.
 */
export const disposeSymbol: symbol = (Symbol as unknown as { dispose?: symbol }).dispose ?? Symbol.for('Symbol.dispose');

declare global {
  interface SymbolConstructor {
    /**
     * The symbol `using` declarations call (TypeScript's `esnext.disposable` lib declares it
     * too): declared here so `client[Symbol.dispose]()` type-checks under any lib setting.
     */
    readonly dispose: unique symbol;
  }
}

/** Releases hooks whose handle was garbage collected without `close()`. */
const forgotten = typeof FinalizationRegistry === 'function'
  ? new FinalizationRegistry<ClientHook>((hook) => hook.release())
  : null;

/**
 * Codecs of a generic type's parameters, as bound where it is used (see runtime/generics.ts):
 * those of enclosing generic scopes first; a missing one reads as AnyPointer.
 */
export type TypeParams = readonly PointerCodec<any, any, any, any>[];

const NO_PARAMS: TypeParams = [];

function closedHandleError(): RpcError {
  return new RpcError('failed', 'this capability handle was closed');
}

function releasedHandleError(): RpcError {
  return new RpcError('failed', 'this capability was released with the message it came from: dup() it to keep it');
}

export type ClientClass<C extends Client> = new (hook: ClientHook, owned?: boolean, params?: TypeParams) => C;

export class Client {
  /** Same as `close()`: `using client = ...` releases the capability at the end of the block. */
  declare [Symbol.dispose]: () => void;
  #hook: ClientHook | null;
  /** Whether `close()` releases a reference (false for capabilities read out of a message). */
  readonly owned: boolean;
  /**
   * Codecs of the interface's type parameters, as bound where this capability came from (a
   * field of type `Store(Text, Data)`, `X.serve(impl, params)`, `bootstrap(Class, params)`):
   * params and results of calls are read and written with them.
   */
  readonly $params: TypeParams;

  /** Wraps `hook`; an owned client takes over one reference the caller had. */
  constructor(hook: ClientHook, owned = true, params: TypeParams = NO_PARAMS) {
    this.#hook = hook;
    this.owned = owned;
    this.$params = params;
    if (owned) forgotten?.register(this, hook, this);
  }

  /** A capability implemented by `server` in this process. */
  static serve<C extends Client>(this: ClientClass<C>, server: CapabilityServer): C {
    return new this(new LocalHook(server));
  }

  /** A null capability: calls fail. */
  static null<C extends Client>(this: ClientClass<C>): C {
    return new this(new BrokenHook(null));
  }

  /** The hook (internal: for the RPC engine and generated code). */
  get $hook(): ClientHook {
    const hook = this.#hook;
    if (hook === null) throw closedHandleError();
    // Only a handle that does not own its reference (read out of a message) can see its hook
    // released under it.
    if (hook.refCount <= 0) throw releasedHandleError();
    return hook;
  }

  /** What a message's cap table holds when this client is written into it: a reference of its own. */
  $capEntry(): ClientHook {
    return this.$hook.addRef();
  }

  /** Whether `close()` was called. */
  get closed(): boolean {
    return this.#hook === null;
  }

  /** A new handle on the same capability, yours to close. */
  dup(): this {
    const Class = this.constructor as ClientClass<this>;
    return new Class(this.$hook.addRef(), true, this.$params);
  }

  /** This capability seen as another interface, bound to `params` if generic (a new handle, yours to close). */
  castAs<C extends Client>(Class: ClientClass<C>, params?: TypeParams): C {
    return new Class(this.$hook.addRef(), true, params);
  }

  /** Releases this handle's reference (no-op for capabilities that belong to a message). */
  close(): void {
    const hook = this.#hook;
    if (hook === null) return;
    this.#hook = null;
    if (this.owned) {
      forgotten?.unregister(this);
      hook.release();
    }
  }

  /** Resolves once the capability is no longer a promise (it may then be broken). */
  async whenResolved(): Promise<void> {
    let hook: ClientHook = this.$hook;
    for (;;) {
      const next = hook.resolved().whenMoreResolved();
      if (next === null) return;
      hook = await next;
    }
  }

  /** The error calls on this capability fail with, if it is null or broken; else null. */
  get brokenError(): Error | null {
    return this.#hook?.resolved().brokenError ?? closedHandleError();
  }

  /**
   * Calls a method by interface id and ordinal (generated clients wrap this). `build` fills the
   * params struct.
   */
  call<R>(
    interfaceId: bigint, methodId: number,
    build: ((params: AnyPointerBuilder) => void) | null,
    readResults: (content: AnyPointerReader) => R,
    options?: CallOptions & { signal?: AbortSignal },
  ): RpcPromise<R> {
    const hook = this.$hook;
    const request = hook.newRequest(interfaceId, methodId);
    if (build !== null) {
      try {
        build(request.params);
      } catch (error) {
        // Not sent: capabilities already set in the params are given back.
        request.discard();
        throw error;
      }
    }
    return new RpcPromise(request.send(options ?? NO_OPTIONS), readResults, options?.signal);
  }
}

// `using client = ...` closes the handle.
(Client.prototype as unknown as Record<symbol, () => void>)[disposeSymbol] = function (this: Client) {
  this.close();
};

/**
 * The result of a call: a promise of the results, and at the same time a source of pipelined
 * capabilities (`promise.pipeline(...)`, or the generated getters), usable before the results
 * arrive. Disposing it (`using`, `[Symbol.dispose]()`) releases the capabilities in the results
 * and the pipelined ones; `cancel()` also tells the callee to stop.
 */
export class RpcPromise<R> implements PromiseLike<R>, CallListener {
  /** Same as `dispose()`. */
  declare [Symbol.dispose]: () => void;
  readonly #result: CallResult;
  readonly #read: (content: AnyPointerReader) => R;
  readonly #promise: Promise<R>;
  #resolve!: (value: R) => void;
  #reject!: (error: unknown) => void;
  #response: Response | null = null;
  #pipelined: Map<string, Client> | null = null;
  #disposed = false;
  #settled = false;
  /** Codecs of the results struct's type parameters (for pipelined capabilities of generic interfaces). */
  readonly $params: TypeParams;

  constructor(result: CallResult, readResults: (content: AnyPointerReader) => R, signal?: AbortSignal, params: TypeParams = NO_PARAMS) {
    this.#result = result;
    this.#read = readResults;
    this.$params = params;
    this.#promise = new Promise((resolve, reject) => {
      this.#resolve = resolve;
      this.#reject = reject;
    });
    // Told by the call itself where it can (a question, a local call): one promise settles per
    // call, not the call's own and then this one.
    if (result.listen !== undefined) result.listen(this);
    else listenTo(result.promise, this);
    if (signal !== undefined) {
      if (signal.aborted) this.cancel();
      else signal.addEventListener('abort', () => this.cancel(), { once: true });
    }
  }

  /** The call returned `response` (internal: see `CallResult.listen`). */
  $response(response: Response): void {
    this.#settled = true;
    if (this.#disposed) {
      response.release();
      this.#fail(new RpcError('failed', 'the call was disposed before it returned'));
      return;
    }
    this.#response = response;
    let value: R;
    try {
      value = this.#read(response.content);
    } catch (error) {
      this.#fail(error);
      return;
    }
    this.#resolve(value);
  }

  /** The call failed (internal: see `CallResult.listen`). */
  $error(error: unknown): void {
    this.#settled = true;
    this.#fail(error);
  }

  /**
   * Rejects with `error`. A call made only to pipeline on may fail with nobody awaiting it: its
   * error reaches the pipelined calls, and must not also crash the process as an unhandled
   * rejection, so the promise gets a handler first (added only here: on success it would cost
   * a derived promise resolved with the results, and V8's lookup of `then` on them).
   */
  #fail(error: unknown): void {
    this.#promise.catch(ignoreRejection);
    this.#reject(error);
  }

  then<A = R, B = never>(
    onFulfilled?: ((value: R) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.#promise.then(onFulfilled, onRejected);
  }

  catch<B = never>(onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<R | B> {
    return this.#promise.catch(onRejected);
  }

  finally(onFinally?: (() => void) | null): Promise<R> {
    return this.#promise.finally(onFinally);
  }

  /**
   * The capability the results will hold at `path` (pointer indices from the results struct),
   * usable now: calls on it are sent to the callee before the results come back. The same
   * path gives the same handle, which belongs to this promise. `params` binds a generic
   * interface's parameters.
   */
  pipeline<C extends Client>(Class: ClientClass<C>, path: readonly number[], params?: TypeParams): C {
    const key = path.join('.');
    const map = (this.#pipelined ??= new Map());
    let client = map.get(key);
    if (client === undefined) {
      client = new Class(this.#result.pipeline(path), true, params);
      map.set(key, client);
    }
    return client as C;
  }

  /** Tells the callee the result is no longer wanted; the promise rejects with RPC_CANCELED if still pending. */
  cancel(): void {
    if (this.#settled) return;
    this.#result.cancel();
  }

  /** Releases the results' capabilities and pipelined handles; cancels the call if it is still running (also `[Symbol.dispose]`). */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    if (!this.#settled) this.#result.cancel();
    this.#response?.release();
    this.#response = null;
    if (this.#pipelined !== null) {
      for (const client of this.#pipelined.values()) client.close();
      this.#pipelined = null;
    }
  }

  get [Symbol.toStringTag](): string {
    return 'RpcPromise';
  }
}

(RpcPromise.prototype as unknown as Record<symbol, () => void>)[disposeSymbol] = function (this: RpcPromise<unknown>) {
  this.dispose();
};

/**
 * A client of class `Class` over the capability in a message's cap-table entry (borrowed from
 * the message), bound to `params` if its interface is generic.
 */
export function capabilityOf<C extends Client>(Class: ClientClass<C>, entry: unknown, params?: TypeParams): C | null {
  if (entry == null) return null;
  const hook = peekHook(entry);
  if (hook === null) return null;
  return new Class(hook, false, params);
}
