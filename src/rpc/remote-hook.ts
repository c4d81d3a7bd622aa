import { initStructAt, type Segment, type StructBuilder } from '../wire/index.js';
import { releasedError, RpcError, selfResolvedError } from './errors.js';
import {
  BrokenHook, brokenResult, ClientHook, forwardsInto, Params, Request,
  type CallOptions, type CallResult,
} from './hook.js';
import { QueuedCallResult } from './promise-hook.js';
import { writeTransform } from './message-fields.js';
import {
  MESSAGE_TARGET_IMPORTED_CAP, MESSAGE_TARGET_IS_IMPORTED_CAP, MESSAGE_TARGET_IS_PROMISED_ANSWER, MESSAGE_TARGET_POINTERS,
  MESSAGE_TARGET_PROMISED_ANSWER, MESSAGE_TARGET_WHICH, MESSAGE_TARGET_WORDS, PROMISED_ANSWER_POINTERS, PROMISED_ANSWER_QUESTION_ID,
  PROMISED_ANSWER_WORDS,
} from './protocol/layout.js';
import type { Question } from './table-entries.js';
import type { ConnectionTables } from './connection-tables.js';

/**
 * A capability of the peer: an import (by id) or a capability promised by one of our questions
 * (by question and pointer path). Promises resolve later; calls made before that travel the
 * old path, and calls made after it wait for an embargo when the new path is shorter.
 */
export class RemoteHook extends ClientHook {
  /** Target of calls while unresolved. */
  resolution: ClientHook | null = null;
  /** Calls held back while the embargo on this promise lasts. */
  private embargoQueue: Array<() => void> | null = null;
  /** Whether calls went to the peer through this promise (so resolving may need an embargo). */
  callsSent = false;
  private disconnected: RpcError | null = null;
  private waiters: Array<(hook: ClientHook) => void> | null = null;
  /**
   * How many PinnedRemoteHooks hold this capability where the peer was told it is (see
   * pinned-hook.ts). While any do, a resolved import keeps its id and the peer its export.
   */
  private pins = 0;
  /** Set by the connection when this import resolved while pinned: it is given back at the last unpin. */
  releaseWhenUnpinned = false;

  constructor(
    private readonly conn: ConnectionTables,
    public importId: number,
    readonly question: Question | null,
    readonly path: readonly number[],
    readonly isPromise: boolean,
  ) {
    super();
  }

  override get connection(): ConnectionTables {
    return this.conn;
  }

  override get forwardsTo(): ClientHook | null {
    return this.resolution;
  }

  /**
   * Whether calls can go to the peer through this hook. Not once released: the import id goes
   * with the last reference, and the peer may already have given it to another capability.
   */
  isLive(): boolean {
    return this.refCount > 0 && this.disconnected === null && this.conn.state === 'open' && (this.importId >= 0 || this.question !== null);
  }

  /** Writes where calls to this capability go into a new MessageTarget at pointer `index` of `parent`. */
  writeTarget(parent: StructBuilder, index: number): void {
    const target = parent.initStruct(index, MESSAGE_TARGET_WORDS, MESSAGE_TARGET_POINTERS);
    this.writeTargetAt(target.segment, target.data);
  }

  /** Writes where calls to this capability go into the new (zeroed) MessageTarget whose data section is at `data`. */
  writeTargetAt(segment: Segment, data: number): void {
    const view = segment.view;
    if (this.importId >= 0 || this.question === null) {
      view.setUint16(data + MESSAGE_TARGET_WHICH, MESSAGE_TARGET_IS_IMPORTED_CAP, true);
      view.setUint32(data + MESSAGE_TARGET_IMPORTED_CAP, this.importId, true);
      return;
    }
    view.setUint16(data + MESSAGE_TARGET_WHICH, MESSAGE_TARGET_IS_PROMISED_ANSWER, true);
    const pointer = data + MESSAGE_TARGET_WORDS * 8 + MESSAGE_TARGET_PROMISED_ANSWER * 8;
    const promised = initStructAt(segment, pointer, PROMISED_ANSWER_WORDS, PROMISED_ANSWER_POINTERS);
    promised.setUint32(PROMISED_ANSWER_QUESTION_ID, this.question.id);
    writeTransform(promised, this.path);
  }

  get pinned(): boolean {
    return this.pins > 0;
  }

  /**
   * Keeps this capability where the peer was told it is: its import id, or its question's
   * answer (the question is not finished while pinned, as the C++ implementation keeps a
   * question alive while a pipelined client of it exists).
   */
  pin(): void {
    if (this.pins++ === 0 && this.importId < 0) this.question?.pin();
  }

  unpin(): void {
    if (--this.pins > 0) return;
    if (this.importId < 0) this.question?.unpin();
    if (this.releaseWhenUnpinned) {
      this.releaseWhenUnpinned = false;
      this.conn.releaseResolvedImport(this);
    }
  }

  /**
   * Where a pinned reference sends calls: this import, or this question's answer, even if it
   * has resolved since. Null when neither is left (the connection ended, or the question was
   * canceled): calls then follow the resolution as any other.
   */
  pinnedPosition(): RemoteHook | null {
    if (this.disconnected !== null || this.conn.state !== 'open') return null;
    if (this.importId >= 0) return this;
    if (this.question !== null && !this.question.finishSent) return this;
    return null;
  }

  /** A call through a pinned reference (see pinnedPosition). */
  callPinned(interfaceId: bigint, methodId: number, params: Params, options: CallOptions): CallResult {
    const position = this.pinnedPosition();
    if (position === null) return this.call(interfaceId, methodId, params, options);
    if (position.resolution === null) return position.call(interfaceId, methodId, params, options);
    return this.conn.sendCall(position, null, interfaceId, methodId, params, options);
  }

  override newRequest(interfaceId: bigint, methodId: number): Request {
    // A settled promise (the bootstrap capability, typically) hands requests to what it
    // resolved to, so they are built where they will be sent instead of built and copied.
    if (this.resolution !== null && this.embargoQueue === null && this.disconnected === null) {
      return this.resolution.newRequest(interfaceId, methodId);
    }
    if (this.resolution !== null || !this.isLive()) return super.newRequest(interfaceId, methodId);
    return this.conn.newDirectRequest(this, interfaceId, methodId);
  }

  override send(request: Request, options: CallOptions): CallResult {
    if (request.direct === this.conn && this.resolution === null && this.isLive()) {
      this.callsSent = true;
      return this.conn.sendCall(this, request, request.interfaceId, request.methodId, null, options);
    }
    return this.call(request.interfaceId, request.methodId, request.toParams(), options);
  }

  call(interfaceId: bigint, methodId: number, params: Params, options: CallOptions): CallResult {
    if (this.disconnected !== null) {
      params.release();
      return brokenResult(this.disconnected);
    }
    if (this.resolution !== null) {
      if (this.embargoQueue === null) return this.resolution.call(interfaceId, methodId, params, options);
      let forward!: (result: CallResult) => void;
      const forwarded = new Promise<CallResult>((resolve) => { forward = resolve; });
      this.embargoQueue.push(() => forward(this.resolution !== null
        ? this.resolution.call(interfaceId, methodId, params, options)
        : (params.release(), brokenResult(this.disconnected ?? releasedError()))));
      return new QueuedCallResult(forwarded);
    }
    if (!this.isLive()) {
      params.release();
      return brokenResult(this.conn.error ?? releasedError());
    }
    this.callsSent = true;
    return this.conn.sendCall(this, null, interfaceId, methodId, params, options);
  }

  /** The promise settled on `target` (a new reference this hook takes over). */
  resolveTo(target: ClientHook): void {
    if (this.refCount <= 0 || this.resolution !== null) {
      target.release();
      return;
    }
    if (forwardsInto(target, this)) {
      // The peer resolved the promise to itself (directly or through others): it breaks.
      target.release();
      target = new BrokenHook(selfResolvedError());
    }
    this.resolution = target;
    const final = target.resolved();
    const samePath = final instanceof RemoteHook && final.connection === this.conn;
    if (this.callsSent && samePath) {
      // The calls sent through this promise are still on their way through the peer, now
      // behind what it resolved to there (the same object as `final`). If `final` is a promise
      // that later resolves to a shorter path, those calls must be waited for as if they had
      // gone through it: it embargoes only when it has sent calls itself.
      final.callsSent = true;
    }
    if (this.callsSent && !samePath && final.brokenError === null && this.conn.state === 'open') {
      // Calls already sent through the peer would arrive after new ones sent straight to the
      // (local) target: hold new calls until the Disembargo we send now comes back around.
      this.embargoQueue = [];
      this.conn.sendDisembargo(this);
    }
    this.notify();
  }

  liftEmbargo(): void {
    if (this.endEmbargo()) this.notify();
  }

  /**
   * Delivers the calls the embargo held. If the hook was dropped meanwhile, destroy() left the
   * resolution to the embargo, which releases it here; returns whether the hook is still held.
   */
  private endEmbargo(): boolean {
    const queue = this.embargoQueue;
    this.embargoQueue = null;
    if (queue !== null) for (const deliver of queue) deliver();
    if (this.refCount > 0) return true;
    const resolution = this.resolution;
    this.resolution = null;
    resolution?.release();
    return false;
  }

  private notify(): void {
    if (this.embargoQueue !== null) return;
    const waiters = this.waiters;
    this.waiters = null;
    if (waiters !== null && this.resolution !== null) for (const wake of waiters) wake(this.resolution);
  }

  disconnect(error: RpcError): void {
    this.disconnected = error;
    this.endEmbargo();
    const waiters = this.waiters;
    this.waiters = null;
    if (waiters !== null) for (const wake of waiters) wake(new BrokenHook(error));
  }

  override resolved(): ClientHook {
    if (this.resolution !== null && this.embargoQueue === null) return this.resolution.resolved();
    return this;
  }

  override whenMoreResolved(): Promise<ClientHook> | null {
    if (!this.isPromise || this.disconnected !== null) return null;
    if (this.resolution !== null && this.embargoQueue === null) return null;
    return new Promise((resolve) => (this.waiters ??= []).push(resolve));
  }

  override get brokenError(): Error | null {
    if (this.disconnected !== null) return this.disconnected;
    if (this.resolution !== null) return this.resolution.brokenError;
    return null;
  }

  protected destroy(): void {
    // Calls held by an embargo are still owed delivery: the resolution is released when it lifts.
    if (this.embargoQueue === null) {
      const resolution = this.resolution;
      this.resolution = null;
      resolution?.release();
    }
    if (this.importId >= 0) this.conn.dropImport(this);
    else if (this.question !== null) this.question.forgetPipeline(this);
  }
}
