/**
 * The inside of a capability reference. A `ClientHook` is what a call is delivered to; the
 * kinds are: a local server (`LocalHook`, in local-hook.ts), a capability of a peer reached over a connection
 * (`RemoteHook`, in remote-hook.ts), a promise that will resolve to another hook
 * (`PromiseHook`, in promise-hook.ts), and a broken or null capability (`BrokenHook`). Users never see hooks: they
 * hold `Client` handles, each of which owns one reference to a hook.
 *
 * Hooks are reference counted because the protocol is: when the last reference to an import
 * goes, the peer must be told (`Release`), and when the last reference to a local server goes,
 * the server is closed. Counting is explicit (`addRef`/`release`) so release is deterministic;
 * garbage collection only backs up handles the application forgot (see client.ts).
 */
import type { AnyPointerBuilder, AnyPointerReader } from '../wire/index.js';
import { asError, ignoreRejection, RpcError } from './errors.js';
import { OutgoingMessage } from './outgoing-message.js';

/** How a call is to be made, beyond its target, method and params. */
export interface CallOptions {
  /** A `-> stream` method: the caller waits for flow control, not for the return. */
  readonly streaming?: boolean;
  /** The caller will not pipeline on the results (lets the callee skip bookkeeping). */
  readonly noPromisePipelining?: boolean;
  /**
   * The call came from a peer over a connection, which returns its results in a Return: a
   * local server then builds them inside one (see `Response.inReturn`). Set by connections.
   */
  readonly fromPeer?: boolean;
  /** Where an incoming call came from, so a server's tail call can skip a hop (set by connections). */
  readonly origin?: TailCallOrigin;
}

/** A connection answering a call: it may send a tail call straight back to the caller. */
export interface TailCallOrigin {
  /** Sends `request` so its results go straight to the original caller, or returns null if it cannot. */
  tailCall(request: Request, options: CallOptions): CallResult | null;
}

export const NO_OPTIONS: CallOptions = Object.freeze({});

/**
 * The params of a call as the callee receives them: a reader over the content and the hooks of
 * its capability table, owned by this object until `release()`.
 */
export class Params {
  constructor(readonly content: AnyPointerReader, private caps: unknown[] | null) {}

  /** Releases the capabilities the params hold (the callee `dup()`ed any it keeps). */
  release(): void {
    const caps = this.caps;
    this.caps = null;
    if (caps !== null) releaseAll(caps);
  }
}

/**
 * The results of a call: a reader over the content, whose capability table holds hooks owned
 * by this response until `release()`.
 */
export class Response {
  private released = false;

  /**
   * `inReturn`: the message these results were built in when it is already a Return with them
   * as its payload (message-skeletons.ts), which the connection answering the call then sends
   * as it is, with no copy; else null.
   */
  constructor(readonly content: AnyPointerReader, private readonly caps: unknown[], readonly inReturn: OutgoingMessage | null = null) {}

  /** A new reference to the capability at `path` (pointer indices from the content root). */
  capabilityAt(path: readonly number[]): ClientHook {
    let pointer: AnyPointerReader = this.content;
    try {
      for (const index of path) {
        if (pointer.isNull()) return new BrokenHook(null);
        pointer = pointer.getStruct().getPointer(index);
      }
      if (pointer.isNull()) return new BrokenHook(null);
      const entry = pointer.getCapability();
      return entry instanceof ClientHook ? entry.addRef() : new BrokenHook(null);
    } catch (error) {
      return new BrokenHook(asError(error));
    }
  }

  get capCount(): number {
    return this.caps.length;
  }

  /**
   * Replaces each capability for which `pin` returns a stand-in (releasing the one replaced):
   * pipelined calls on the results then reach the stand-in (see pinned-hook.ts).
   */
  pinCapabilities(pin: (cap: ClientHook) => ClientHook | null): void {
    const caps = this.caps;
    for (let i = 0; i < caps.length; i++) {
      const cap = caps[i];
      if (!(cap instanceof ClientHook)) continue;
      const pinned = pin(cap);
      if (pinned === null) continue;
      caps[i] = pinned;
      cap.release();
    }
  }

  /** Every capability in the results, as hooks (still owned by this response). */
  get capTable(): readonly unknown[] {
    return this.caps;
  }

  release(): void {
    if (this.released) return;
    this.released = true;
    releaseAll(this.caps);
  }
}

/** Told once how a call ended (see `CallResult.listen`). */
export interface CallListener {
  $response(response: Response): void;
  $error(error: unknown): void;
}

/** Tells `listener` how `promise` settles: for a call result that cannot tell it directly. */
export function listenTo(promise: Promise<Response>, listener: CallListener): void {
  promise.then((response) => listener.$response(response), (error: unknown) => listener.$error(error));
}

/**
 * A call in flight, as its caller sees it: the eventual response, capabilities pipelined on it,
 * and a way to say the caller no longer wants it.
 */
export interface CallResult {
  readonly promise: Promise<Response>;
  /**
   * Tells `listener` how the call ends (at once if it has ended), instead of a reaction of
   * `promise`: what an `RpcPromise` uses where the result offers it, so that a call settles
   * one promise (the caller's) rather than two. Absent: the caller reacts to `promise`.
   */
  listen?(listener: CallListener): void;
  /** The response, when the call completed before it was returned (else null or absent). */
  readonly completed?: Response | null;
  /** A new reference to the capability the results will hold at `path`, usable right away. */
  pipeline(path: readonly number[]): ClientHook;
  /** The caller has lost interest: cancel if not yet done, and release what is not needed. */
  cancel(): void;
}

/**
 * A call being prepared: the params are built in `message`, at `params`. Hooks that send over a
 * connection make requests whose message is already the outgoing `Call`, so sending copies
 * nothing; others build in a standalone message.
 */
export class Request {
  /** Where the request was built to be sent as it is (set by RemoteHook.newRequest). */
  direct: unknown = null;

  constructor(
    readonly target: ClientHook,
    readonly interfaceId: bigint,
    readonly methodId: number,
    readonly message: OutgoingMessage,
    readonly params: AnyPointerBuilder,
  ) {}

  send(options: CallOptions = NO_OPTIONS): CallResult {
    return this.target.send(this, options);
  }

  /** Gives back the references the params took (capabilities set in them), for a request that will not be sent. */
  discard(): void {
    releaseAll(takeCaps(this.message));
  }

  /**
   * The params as the callee sees them: a reader over this message's params (wherever in the
   * message they were built), the cap table taken over as hooks.
   */
  toParams(): Params {
    const caps = takeCaps(this.message);
    this.message.arena.capTable = caps;
    return new Params(this.params.asReader(), caps);
  }
}

export abstract class ClientHook {
  private refs = 1;

  addRef(): this {
    if (this.refs <= 0) throw new RpcError('failed', 'internal: addRef on a released capability');
    this.refs++;
    return this;
  }

  release(): void {
    if (--this.refs === 0) this.destroy();
  }

  get refCount(): number {
    return this.refs;
  }

  /** A request whose params will be built in a message suited to this hook. */
  newRequest(interfaceId: bigint, methodId: number): Request {
    const message = new OutgoingMessage(32);
    return new Request(this, interfaceId, methodId, message, message.getRootPointer());
  }

  /** Sends a request made by `newRequest` (of this hook or another one). */
  send(request: Request, options: CallOptions): CallResult {
    return this.call(request.interfaceId, request.methodId, request.toParams(), options, request);
  }

  /**
   * Delivers a call whose params already exist (an incoming call, or a request made for another
   * hook). Takes ownership of `params`. `request` is the original request when there is one.
   */
  abstract call(interfaceId: bigint, methodId: number, params: Params, options: CallOptions, request?: Request): CallResult;

  /**
   * The hook this one has settled on, if it is a promise that resolved (forwarding further
   * along the chain), else itself. Not a new reference.
   */
  resolved(): ClientHook {
    return this;
  }

  /** For an unresolved promise: when it takes its next step. Null if settled. */
  whenMoreResolved(): Promise<ClientHook> | null {
    return null;
  }

  /** The connection this hook's calls travel over (null for local ones). */
  get connection(): unknown {
    return null;
  }

  /** The hook a settled promise forwards to, embargo or not (null if none): for cycle checks. */
  get forwardsTo(): ClientHook | null {
    return null;
  }

  /** Null or broken: the error calls fail with, else null. */
  get brokenError(): Error | null {
    return null;
  }

  protected abstract destroy(): void;
}

/** A capability hosted here: what its calls are dispatched to. */
export class BrokenHook extends ClientHook {
  private readonly error: Error;

  constructor(error: Error | null) {
    super();
    this.error = error ?? new RpcError('failed', 'called a null capability');
  }

  call(_interfaceId: bigint, _methodId: number, params: Params): CallResult {
    params.release();
    return brokenResult(this.error);
  }

  override get brokenError(): Error {
    return this.error;
  }

  protected destroy(): void {}
}

/**
 * Whether `from`, or a hook it forwards to, is `to`: linking `to` to `from` would then make a
 * cycle, and following it (`resolved()`, a call) would never end.
 */
export function forwardsInto(from: ClientHook, to: ClientHook): boolean {
  for (let hook: ClientHook | null = from; hook !== null; hook = hook.forwardsTo) if (hook === to) return true;
  return false;
}

export function brokenResult(error: Error): CallResult {
  const promise = Promise.reject(error);
  promise.catch(ignoreRejection);
  return {
    promise,
    pipeline: () => new BrokenHook(error),
    cancel: () => {},
  };
}

/**
 * Takes over the references a built message's cap table holds (the table is emptied): hooks
 * stay as they are, anything else becomes a reference of its own or a null capability.
 */
export function takeCaps(message: OutgoingMessage): ClientHook[] {
  const table = message.capTable;
  const caps = new Array<ClientHook>(table.length);
  for (let i = 0; i < table.length; i++) {
    const entry = table[i];
    caps[i] = entry instanceof ClientHook ? entry : hookOfCap(entry);
  }
  if (table.length !== 0) table.length = 0;
  return caps;
}

/**
 * The hook in a capability-table entry: tables of received messages hold hooks; tables of
 * messages an application built hold its `Client` handles (anything with a `$hook`).
 */
export function hookOfCap(entry: unknown): ClientHook {
  if (entry instanceof ClientHook) return entry.addRef();
  const hook = (entry as { $hook?: unknown } | null)?.$hook;
  if (hook instanceof ClientHook) return hook.addRef();
  return new BrokenHook(null);
}

/** The hook behind a cap-table entry without taking a reference (null for a null entry). */
export function peekHook(entry: unknown): ClientHook | null {
  if (entry instanceof ClientHook) return entry;
  const hook = (entry as { $hook?: unknown } | null)?.$hook;
  return hook instanceof ClientHook ? hook : null;
}

export function releaseAll(caps: unknown[]): void {
  if (caps.length === 0) return;
  for (const cap of caps) if (cap instanceof ClientHook) cap.release();
  caps.length = 0;
}
