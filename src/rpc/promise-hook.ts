import { asError, ignoreRejection, releasedError, selfResolvedError } from './errors.js';
import { BrokenHook, brokenResult, ClientHook, forwardsInto, type CallOptions, type CallResult, type Params, type Response } from './hook.js';

/**
 * A capability that is not known yet: calls wait in order until it resolves, then go to what it
 * resolved to (or fail with its error).
 */
export class PromiseHook extends ClientHook {
  private target: ClientHook | null = null;
  private error: Error | null = null;
  private readonly settled: Promise<ClientHook>;
  private queue: Array<() => void> = [];

  constructor(promise: Promise<ClientHook>) {
    super();
    this.settled = promise.then(
      (hook) => {
        if (forwardsInto(hook, this)) {
          // Resolved into its own chain (a peer can arrange it): it breaks instead of looping.
          hook.release();
          this.error = selfResolvedError();
          this.flush();
          return new BrokenHook(this.error) as ClientHook;
        }
        // Calls queued before the last reference went are still owed delivery.
        this.target = hook;
        this.flush();
        if (this.refCount <= 0) {
          this.target = null;
          hook.release();
        }
        return hook;
      },
      (error: unknown) => {
        this.error = asError(error);
        this.flush();
        return new BrokenHook(this.error) as ClientHook;
      },
    );
  }

  private flush(): void {
    const queue = this.queue;
    this.queue = [];
    for (const deliver of queue) deliver();
  }

  call(interfaceId: bigint, methodId: number, params: Params, options: CallOptions): CallResult {
    if (this.target !== null) return this.target.call(interfaceId, methodId, params, options);
    if (this.error !== null) {
      params.release();
      return brokenResult(this.error);
    }
    let forward!: (result: CallResult) => void;
    const forwarded = new Promise<CallResult>((resolve) => { forward = resolve; });
    this.queue.push(() => {
      if (this.target !== null) forward(this.target.call(interfaceId, methodId, params, options));
      else {
        params.release();
        forward(brokenResult(this.error ?? releasedError()));
      }
    });
    return new QueuedCallResult(forwarded);
  }

  override resolved(): ClientHook {
    return this.target !== null ? this.target.resolved() : this;
  }

  override whenMoreResolved(): Promise<ClientHook> | null {
    if (this.target !== null || this.error !== null) return null;
    return this.settled;
  }

  override get brokenError(): Error | null {
    return this.target?.brokenError ?? this.error;
  }

  override get forwardsTo(): ClientHook | null {
    return this.target;
  }

  protected destroy(): void {
    const target = this.target;
    this.target = null;
    if (target !== null) target.release();
  }
}

/** A call queued (on a promise, or behind an embargo): its result and pipelined capabilities follow once it is sent. */
export class QueuedCallResult implements CallResult {
  readonly promise: Promise<Response>;
  private canceled = false;

  constructor(private readonly forwarded: Promise<CallResult>) {
    this.promise = forwarded.then((result) => result.promise);
    this.promise.catch(ignoreRejection);
  }

  pipeline(path: readonly number[]): ClientHook {
    return new PromiseHook(this.forwarded.then((result) => result.pipeline(path)));
  }

  cancel(): void {
    if (this.canceled) return;
    this.canceled = true;
    void this.forwarded.then((result) => result.cancel());
  }
}

/** A null capability, or one that broke: every call fails with its error. */
