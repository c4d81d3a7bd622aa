/**
 * The entries of a connection's four tables (see connection-tables.ts): questions (calls we
 * made), answers (calls the peer made), exports (our capabilities the peer holds) and imports
 * (the peer's capabilities we hold).
 */
import { canceledError, ignoreRejection } from './errors.js';
import { BrokenHook, listenTo, type CallListener, type CallResult, type ClientHook, type Response } from './hook.js';
import { RemoteHook } from './remote-hook.js';
import type { ConnectionTables } from './connection-tables.js';

/** A call we made: pending until the peer's Return. */
export class Question implements CallResult {
  readonly id: number;
  /** Made when first asked for: a call awaited through an `RpcPromise` is told through `listen`. */
  private made: Promise<Response> | null = null;
  private resolvePromise: ((response: Response) => void) | null = null;
  private rejectPromise: ((error: Error) => void) | null = null;
  private listener: CallListener | null = null;
  paramExports: number[] | null = null;
  returned = false;
  finishSent = false;
  noFinishNeeded = false;
  bootstrap = false;
  streaming = false;
  /** How many pinned hooks address this question's answer (pinned-hook.ts): it is not finished before they go. */
  private pins = 0;
  /** The Finish held back while pinned. */
  finishWhenUnpinned = false;
  /**
   * Canceled by us before its Return (the caller sees `canceled`): its results are not
   * imported when they come, and its Finish (at once, or after the last pin) asks the peer to
   * release them (releaseResultCaps).
   */
  canceled = false;
  /** Pipelined capabilities on this question that have not resolved yet. */
  private pipelines: RemoteHook[] | null = null;
  private response: Response | null = null;
  private error: Error | null = null;

  constructor(readonly connection: ConnectionTables) {
    this.id = connection.allocateQuestion(this);
  }

  get promise(): Promise<Response> {
    if (this.made === null) {
      if (this.response !== null) {
        this.made = Promise.resolve(this.response);
      } else if (this.error !== null) {
        this.made = Promise.reject(this.error);
        this.made.catch(ignoreRejection);
      } else {
        this.made = new Promise((resolve, reject) => {
          this.resolvePromise = resolve;
          this.rejectPromise = reject;
        });
      }
    }
    return this.made;
  }

  listen(listener: CallListener): void {
    if (this.response !== null) listener.$response(this.response);
    else if (this.error !== null) listener.$error(this.error);
    else if (this.listener === null) this.listener = listener;
    else listenTo(this.promise, listener);
  }

  settle(response: Response): void {
    this.response = response;
    const listener = this.listener;
    this.listener = null;
    listener?.$response(response);
    this.resolvePromise?.(response);
    const pipelines = this.pipelines;
    this.pipelines = null;
    if (pipelines !== null) for (const hook of pipelines) hook.resolveTo(response.capabilityAt(hook.path));
  }

  fail(error: Error): void {
    this.error = error;
    const listener = this.listener;
    this.listener = null;
    listener?.$error(error);
    // Nobody may be awaiting the promise (a call made only to pipeline on): the failure reaches
    // the pipelined calls, and must not also count as an unhandled rejection. The handler is
    // added here, before rejecting, rather than when the promise is made: on success it would
    // cost a derived promise, resolved with the response (and V8's lookup of `then` on it).
    if (this.rejectPromise !== null) {
      this.made!.catch(ignoreRejection);
      this.rejectPromise(error);
    }
    const pipelines = this.pipelines;
    this.pipelines = null;
    if (pipelines !== null) for (const hook of pipelines) hook.resolveTo(new BrokenHook(error));
  }

  pipeline(path: readonly number[]): ClientHook {
    if (this.error !== null) return new BrokenHook(this.error);
    if (this.response !== null) return this.response.capabilityAt(path);
    const hook = new RemoteHook(this.connection, -1, this, [...path], true);
    (this.pipelines ??= []).push(hook);
    return hook;
  }

  /** A pipelined hook was dropped before the question returned. */
  forgetPipeline(hook: RemoteHook): void {
    const list = this.pipelines;
    if (list === null) return;
    const at = list.indexOf(hook);
    if (at >= 0) list.splice(at, 1);
  }

  pin(): void {
    this.pins++;
  }

  unpin(): void {
    if (--this.pins > 0 || !this.finishWhenUnpinned) return;
    this.finishWhenUnpinned = false;
    this.connection.finishQuestion(this);
  }

  get pinned(): boolean {
    return this.pins > 0;
  }

  cancel(): void {
    if (this.returned || this.finishSent || this.canceled) return;
    this.canceled = true;
    this.fail(canceledError());
    this.connection.finishQuestion(this);
  }
}

/** A call the peer made to us. */
export class Answer {
  result: CallResult | null = null;
  response: Response | null = null;
  error: Error | null = null;
  waiters: Array<{ path: readonly number[]; settle: (hook: ClientHook) => void }> | null = null;
  returned = false;
  finished = false;
  redirect = false;
  resultExports: number[] | null = null;
  tailQuestion: Question | null = null;
  /**
   * What this answer holds for the peer until it is forgotten (`maxHeldBytes`): the buffer the
   * Call's message lies in (null for a Bootstrap and a call refused),
   * counted once however many answers share it, and the bytes of the results it returned.
   */
  heldBuffer: ArrayBufferLike | null = null;
  heldBytes = 0;

  constructor(readonly id: number) {}
}

export class Export {
  id = -1;
  refs = 0;
  /**
   * Exported as a promise (senderPromise), with a Resolve to follow. Fixed when the entry is
   * made: the peer's import is a promise or not, so every later descriptor of this export says
   * the same, even if the capability has broken since (calls to it then fail).
   */
  sentAsPromise = false;
  /** Whether we sent the Resolve of this exported promise. */
  resolveSent = false;
  /** After the Resolve we sent for this promise: where messages addressed to it go (pinned-hook.ts). */
  pinned: ClientHook | null = null;

  constructor(readonly hook: ClientHook) {}
}

export class Import {
  remoteRefs = 1;

  constructor(readonly hook: RemoteHook) {}
}
