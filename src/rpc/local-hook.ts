/**
 * Capabilities served in this vat: the server interface, the context of one call to it, and the
 * hook that delivers calls to it.
 */
import { AnyPointerBuilder } from '../wire/index.js';
import { asError, canceledError, releasedError, RpcError } from './errors.js';
import { BrokenHook, ClientHook, NO_OPTIONS, Params, releaseAll, Request, Response, takeCaps, type CallListener, type CallOptions, type CallResult, type TailCallOrigin } from './hook.js';
import { resultsSkeleton } from './message-skeletons.js';
import { OutgoingMessage } from './outgoing-message.js';
import { PromiseHook } from './promise-hook.js';

export interface CapabilityServer {
  /** Handles one call; the results go through `call.results`. */
  dispatch(call: ServerCall): Promise<void> | void;
  /** Called once when the last reference to the capability is released. */
  close?(): void;
}

/** One incoming call as a server sees it. */
export class ServerCall {
  private resultsMessage: OutgoingMessage | null = null;
  private resultsPointer: AnyPointerBuilder | null = null;
  /** Whether `takeResponse` handed the results (and their references) to a response. */
  private taken = false;
  /** Whether `discardResults` gave back what they held (the call failed, or was handed on). */
  private discarded = false;
  /** Made when the server first asks for `signal`: most calls never do, and it costs. */
  private controller: AbortController | null = null;
  private canceled: Error | null = null;
  /** Set when the server hands the call on with `tailCall`. */
  redirected: CallResult | null = null;

  constructor(
    readonly interfaceId: bigint,
    readonly methodId: number,
    readonly params: Params,
    private readonly origin: TailCallOrigin | null = null,
    /** Results are built inside a Return (see `CallOptions.fromPeer`). */
    private readonly inReturn = false,
  ) {}

  /** Fires when the caller cancels the call (or its connection ends). */
  get signal(): AbortSignal {
    if (this.controller === null) {
      this.controller = new AbortController();
      if (this.canceled !== null) this.controller.abort(this.canceled);
    }
    return this.controller.signal;
  }

  /** The caller canceled: fire the signal (now, or when the server first looks at it). */
  cancel(reason: Error): void {
    if (this.canceled !== null) return;
    this.canceled = reason;
    this.controller?.abort(reason);
  }

  /** Where the results are built (made on first use). */
  results(): AnyPointerBuilder {
    return (this.resultsPointer ??= this.newResults(64));
  }

  /** A message for the results: their root, or the payload of a Return (`inReturn`). */
  private newResults(firstSegmentWords: number): AnyPointerBuilder {
    const message = (this.resultsMessage = new OutgoingMessage(firstSegmentWords));
    if (!this.inReturn) return message.getRootPointer();
    const skeleton = resultsSkeleton();
    return new AnyPointerBuilder(skeleton.writeInto(message), skeleton.content);
  }

  /**
   * Makes the results those of `request` (a call to another capability), sent now: the
   * caller gets them without a hop through this server when both are on one connection.
   */
  tailCall(request: Request, options: CallOptions = NO_OPTIONS): void {
    this.redirected = this.origin?.tailCall(request, options) ?? request.send(options);
  }

  /**
   * The call failed, or its results are another call's (a tail call): the references the results
   * built so far took (capabilities set in them) are given back. Not after `takeResponse`, whose
   * response owns them.
   */
  discardResults(): void {
    this.discarded = true;
    const message = this.resultsMessage;
    if (message !== null && !this.taken) releaseAll(takeCaps(message));
  }

  /** Whether the call has been answered: its results sent, or given up. */
  get answered(): boolean {
    return this.taken || this.discarded;
  }

  /** The finished results as a response (empty results when the server set none). */
  takeResponse(): Response {
    this.taken = true;
    // Results built in a Return (which the connection completes and sends as it is) need it
    // even when empty: the skeleton alone.
    if (this.inReturn) this.resultsPointer ??= this.newResults(resultsSkeleton().words);
    const message = this.resultsMessage ?? new OutgoingMessage(1);
    const caps = takeCaps(message);
    message.arena.capTable = caps;
    return new Response(message.readerAt(this.resultsPointer?.offset ?? 0), caps, this.inReturn ? message : null);
  }
}

/** A capability implemented in this process. */
export class LocalHook extends ClientHook {
  private closed = false;
  /**
   * While a `-> stream` call runs, later calls wait (as in the reference implementation): a
   * stream's calls are applied one at a time and in order, and a stream cannot flood the server.
   */
  private blocked: Promise<unknown> | null = null;

  constructor(readonly server: CapabilityServer) {
    super();
  }

  call(interfaceId: bigint, methodId: number, params: Params, options: CallOptions): CallResult {
    const call = new ServerCall(interfaceId, methodId, params, options.origin ?? null, options.fromPeer === true);
    if (this.closed) {
      params.release();
      return new LocalCallResult(Promise.reject(releasedError()), call);
    }
    if (this.blocked === null && !options.streaming) {
      // Most servers answer without waiting: their results are ready when `dispatch` returns,
      // and the call completes without a promise in between (see LocalCallResult.completed).
      let outcome: Response | Promise<Response>;
      try {
        outcome = runServer(this.server, call);
      } catch (error) {
        return new LocalCallResult(Promise.reject(error), call);
      }
      return outcome instanceof Response ? new LocalCallResult(null, call, outcome) : new LocalCallResult(outcome, call);
    }
    let settle: Promise<Response>;
    if (this.blocked !== null) {
      settle = this.blocked.then(() => runServer(this.server, call));
    } else {
      try {
        settle = Promise.resolve(runServer(this.server, call));
      } catch (error) {
        settle = Promise.reject(error);
      }
    }
    if (options.streaming) {
      const done: Promise<unknown> = settle.then(() => {}, () => {});
      this.blocked = done;
      void done.then(() => {
        if (this.blocked === done) this.blocked = null;
      });
    }
    return new LocalCallResult(settle, call);
  }

  protected destroy(): void {
    if (this.closed) return;
    this.closed = true;
    this.server.close?.();
  }
}

/**
 * Runs one call: the response at once if the server finished synchronously, else a promise of
 * it. A synchronous throw is thrown (the caller turns it into a failed call).
 */
function runServer(server: CapabilityServer, call: ServerCall): Response | Promise<Response> {
  let pending: Promise<void> | void;
  try {
    pending = server.dispatch(call);
  } catch (error) {
    call.params.release();
    call.discardResults();
    throw error;
  }
  if (pending === undefined && call.redirected === null) {
    try {
      return call.takeResponse();
    } finally {
      call.params.release();
    }
  }
  return finishServer(pending, call);
}

async function finishServer(pending: Promise<void> | void, call: ServerCall): Promise<Response> {
  try {
    await pending;
    if (call.redirected !== null) {
      call.discardResults();
      return await call.redirected.promise;
    }
    return call.takeResponse();
  } catch (error) {
    call.discardResults();
    throw error;
  } finally {
    call.params.release();
  }
}

/**
 * The result of a call to a local server: pipelined capabilities wait for its response.
 *
 * Canceling a call that has not completed settles it at once as canceled, for its listener
 * (the caller's `RpcPromise`) and its pipelined capabilities, as a remote call's question does,
 * whether or not the server method heeds its signal; what the method returns after that is
 * released here. (`promise` itself still settles when the method ends: a connection answering
 * a peer's call through it sends its own canceled Return.)
 */
export class LocalCallResult implements CallResult {
  private settled: Promise<Response> | null;
  private canceled: RpcError | null = null;
  /** Told how the call ends; null once it has ended. */
  private waiting: CallListener[] | null = null;
  /** How the call ended (when it did not complete synchronously). */
  private ended: { response: Response | null; error: unknown } | null = null;

  /** `completed` is given when the call already completed (and `promise` is then made on demand). */
  constructor(promise: Promise<Response> | null, private readonly call: ServerCall | null, readonly completed: Response | null = null) {
    this.settled = promise;
    // One reaction, which also marks a rejection as handled: nobody may be listening (a
    // pipelined-only call), and the failure is observed through pipelined capabilities.
    promise?.then((response) => this.end(response, null), (error: unknown) => this.end(null, error));
  }

  private end(response: Response | null, error: unknown): void {
    if (this.canceled !== null) {
      response?.release();
      return;
    }
    this.ended = { response, error };
    const waiting = this.waiting;
    this.waiting = null;
    if (waiting !== null) for (const listener of waiting) tell(listener, response, error);
  }

  get promise(): Promise<Response> {
    return (this.settled ??= Promise.resolve(this.completed!));
  }

  listen(listener: CallListener): void {
    if (this.completed !== null) listener.$response(this.completed);
    else if (this.canceled !== null) listener.$error(this.canceled);
    else if (this.ended !== null) tell(listener, this.ended.response, this.ended.error);
    else (this.waiting ??= []).push(listener);
  }

  pipeline(path: readonly number[]): ClientHook {
    if (this.completed !== null) return this.completed.capabilityAt(path);
    return new PromiseHook(new Promise((resolve) => this.listen({
      $response: (response) => resolve(this.call?.redirected ? this.call.redirected.pipeline(path) : response.capabilityAt(path)),
      $error: (error) => resolve(new BrokenHook(asError(error))),
    })));
  }

  cancel(): void {
    if (this.completed !== null || this.canceled !== null || this.ended !== null) return;
    const canceled = (this.canceled = canceledError());
    this.call?.cancel(canceled);
    const waiting = this.waiting;
    this.waiting = null;
    if (waiting !== null) for (const listener of waiting) listener.$error(canceled);
  }
}

function tell(listener: CallListener, response: Response | null, error: unknown): void {
  if (response !== null) listener.$response(response);
  else listener.$error(error);
}
