/**
 * One RPC connection: the protocol engine of rpc.capnp, level 1, between this vat and one peer.
 *
 * Four tables hold its state, as the protocol defines them:
 * - questions: calls we made (ids we chose), freed once we have their Return *and* sent Finish;
 * - answers: calls the peer made (ids it chose), freed once we sent Return *and* got Finish;
 * - exports: our capabilities the peer holds, with the number of references it holds;
 * - imports: the peer's capabilities we hold, with how many times the peer sent each to us,
 *   given back in one `Release` when the last local reference goes.
 * Embargoes (calls held back while a promise's old path drains) are a fifth, small table.
 *
 * The tables never hold a strong reference to a live import hook and a hook never keeps its
 * connection's tables alive beyond its own life, so dropping every handle empties them (the
 * leak capnp-es #60 describes cannot form). `stats()` shows the table sizes for tests.
 */
import { CapnpError, DEFAULT_MAX_SEGMENTS, MessageBuilder, readMessage, type AnyPointerReader, type MessageReader } from '../wire/index.js';
import * as rpc from '../generated/std/rpc.capnp.js';
import { finishBytes, releaseBytes } from './canned-frames.js';
import { Client, type ClientClass, type TypeParams } from './client.js';
import {
  canceledError, disconnectedError, EXCEPTION_TYPES, protocolError, RpcError, toRpcError, unimplementedError,
} from './errors.js';
import {
  BrokenHook, brokenResult, ClientHook, forwardsInto, LocalHook, NO_OPTIONS, Params, peekHook, PromiseHook, QueuedCallResult, Request, Response, takeCaps,
  type CallOptions, type CallResult, type CapabilityServer,
} from './hook.js';
import { IdTable } from './id-table.js';
import type { Transport } from './transport.js';

export interface ConnectionOptions {
  /**
   * What the peer gets when it asks for our bootstrap capability: a client, a server to wrap,
   * or a function that makes one for this connection (called at the first request). The
   * connection owns what the function returns: it releases it when the connection ends.
   */
  bootstrap?: Client | CapabilityServer | ((connection: Connection) => Client | CapabilityServer) | null;
  /** Largest incoming message, in bytes. Default 64 MiB. */
  maxMessageBytes?: number;
  /** Traversal limit for each incoming message, in words. Default: maxMessageBytes / 8. */
  traversalLimitInWords?: number;
  /** Nesting limit for incoming messages. Default 64. */
  nestingLimit?: number;
  /** Segments allowed in an incoming message. Default 512. */
  maxSegments?: number;
  /** Capabilities allowed in one incoming message's cap table. Default 1024. */
  maxCapsPerMessage?: number;
  /** Calls from the peer that may be outstanding at once (the answer table). Default 16384. */
  maxAnswers?: number;
  /** Our capabilities the peer may hold at once (the export table). Default 65536. */
  maxExports?: number;
  /** Bytes of `-> stream` calls allowed in flight per capability before callers wait. Default 256 KiB. */
  streamWindowBytes?: number;
  /**
   * Send a server's tail call to the peer with `sendResultsTo.yourself` and answer the original
   * call with `takeFromOtherQuestion` when both are on this connection (as the C++ library
   * does), saving the results a hop. Off by default: capnp-rpc (Rust) and go-capnp peers do not
   * implement it and hang or disconnect. Receiving such calls and returns always works.
   */
  tailCallsToCaller?: boolean;
}

export interface ConnectionStats {
  /** Our calls not yet done with (including `awaitingReturn`). */
  questions: number;
  /**
   * Of those, calls we canceled (Finish sent) whose Return has not come: the protocol keeps
   * their ids until it does. A peer that never answers a canceled call (capnp-rpc) keeps them
   * here until the connection ends.
   */
  awaitingReturn: number;
  answers: number;
  exports: number;
  imports: number;
  embargoes: number;
}

export type ConnectionState = 'open' | 'closed';

/** The default largest message a connection (and its transport) takes from the peer. */
export const DEFAULT_MAX_MESSAGE_BYTES = 64 * 1024 * 1024;
const MAX_KEPT_CALL_BUILDERS = 8;
const MAX_KEPT_CALL_BUILDER_BYTES = 64 * 1024;
const NO_PIPELINING: CallOptions = Object.freeze({ noPromisePipelining: true });

export class Connection {
  readonly options: Required<Omit<ConnectionOptions, 'bootstrap'>>;
  private readonly questions = new IdTable<Question>();
  private readonly answers = new Map<number, Answer>();
  private readonly exports = new IdTable<Export>();
  private readonly exportIds = new Map<ClientHook, number>();
  private readonly imports = new Map<number, Import>();
  private readonly embargoes = new IdTable<RemoteHook>();
  private bootstrapHook: ClientHook | null = null;
  private bootstrapSource: ConnectionOptions['bootstrap'];
  private readonly scratch = new MessageBuilder({ firstSegmentWords: 64 });
  private readonly callBuilders: MessageBuilder[] = [];
  private closeError: RpcError | null = null;
  private readonly listeners: Array<(error: RpcError) => void> = [];
  /** Resolves when the connection ends, with the reason. */
  readonly closed: Promise<RpcError>;
  private resolveClosed!: (error: RpcError) => void;

  constructor(private readonly transport: Transport, options: ConnectionOptions = {}) {
    const maxMessageBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
    this.options = {
      maxMessageBytes,
      traversalLimitInWords: options.traversalLimitInWords ?? Math.ceil(maxMessageBytes / 8),
      nestingLimit: options.nestingLimit ?? 64,
      maxSegments: options.maxSegments ?? DEFAULT_MAX_SEGMENTS,
      maxCapsPerMessage: options.maxCapsPerMessage ?? 1024,
      maxAnswers: options.maxAnswers ?? 16384,
      maxExports: options.maxExports ?? 65536,
      streamWindowBytes: options.streamWindowBytes ?? 256 * 1024,
      tailCallsToCaller: options.tailCallsToCaller ?? false,
    };
    this.bootstrapSource = options.bootstrap ?? null;
    this.closed = new Promise((resolve) => { this.resolveClosed = resolve; });
    transport.start((message) => this.receive(message), (error) => {
      if (error instanceof CapnpError && !(error instanceof RpcError)) {
        // The transport could not frame what the peer sent (a limit, a broken segment table).
        this.abort(protocolError(`malformed message from the peer (${error.code}): ${error.message}`));
        return;
      }
      this.shutdown(error instanceof RpcError ? error : disconnectedError(error ? `connection failed: ${error.message}` : 'the peer closed the connection', error));
    });
  }

  get state(): ConnectionState {
    return this.closeError === null ? 'open' : 'closed';
  }

  /** The reason the connection ended, once it has. */
  get error(): RpcError | null {
    return this.closeError;
  }

  /** Calls `listener` once when the connection ends (at once if it already has). */
  onDisconnect(listener: (error: RpcError) => void): void {
    if (this.closeError !== null) listener(this.closeError);
    else this.listeners.push(listener);
  }

  /** The sizes of the connection's tables: all zero once both sides have dropped everything. */
  stats(): ConnectionStats {
    let awaitingReturn = 0;
    for (const question of this.questions.values()) if (question.finishSent && !question.returned) awaitingReturn++;
    return {
      questions: this.questions.size,
      awaitingReturn,
      answers: this.answers.size,
      exports: this.exports.size,
      imports: this.imports.size,
      embargoes: this.embargoes.size,
    };
  }

  /**
   * The peer's bootstrap capability (usable at once: calls are pipelined on the request).
   * `params` binds a generic interface's parameters: `bootstrap(StoreClient<TextCodec, DataCodec>, [TEXT, DATA])`.
   */
  bootstrap<C extends Client = Client>(Class?: ClientClass<C>, params?: TypeParams): C {
    const C = (Class ?? Client) as ClientClass<C>;
    if (this.closeError !== null) return new C(new BrokenHook(this.closeError), true, params);
    const question = new Question(this);
    const message = this.scratch;
    const root = rpc.Message.initRoot(message);
    root.initBootstrap().questionId = question.id;
    this.flush(message);
    const hook = question.pipeline([]);
    question.bootstrap = true;
    return new C(hook, true, params);
  }

  /** Ends the connection: pending calls fail with `disconnected`, and the transport closes. */
  close(reason = 'the connection was closed locally'): Promise<RpcError> {
    this.shutdown(disconnectedError(reason));
    return this.closed;
  }

  // ---- sending ----------------------------------------------------------------------------

  /** Sends the message built in `message`, then resets it for reuse. */
  private flush(message: MessageBuilder): void {
    if (this.closeError !== null) {
      message.reset();
      return;
    }
    const bytes = message.toBytes();
    message.reset();
    this.transport.send(bytes);
  }

  /** Makes a Call message in its own builder, params to be filled in place (see RemoteHook.newRequest). */
  newDirectRequest(target: RemoteHook, interfaceId: bigint, methodId: number): Request {
    const message = this.callBuilder();
    const call = rpc.Message.initRoot(message).initCall();
    const params = call.initParams().initContent();
    const request = new Request(target, interfaceId, methodId, message, params);
    request.direct = this;
    return request;
  }

  /** Sends a call to the peer: in place if the request was built for this connection, else copied. */
  sendCall(target: RemoteHook, request: Request | null, interfaceId: bigint, methodId: number, params: Params | null, options: CallOptions, yourself = false): Question {
    const question = new Question(this);
    let message: MessageBuilder;
    let call: rpc.CallBuilder;
    if (request !== null && request.direct === this) {
      message = request.message;
      call = rpc.Message.getRoot(message).call;
    } else {
      message = this.callBuilder();
      call = rpc.Message.initRoot(message).initCall();
      call.initParams().initContent().set(params!.content);
    }
    call.questionId = question.id;
    call.interfaceId = interfaceId;
    call.methodId = methodId;
    if (options.noPromisePipelining) call.noPromisePipelining = true;
    if (yourself) call.sendResultsTo.yourself = null;
    target.writeTarget(call.initTarget());
    // A request built here holds references of its own in its cap table; copied params are
    // held by `params`. Either way they are released once the descriptors are written.
    const held = params === null ? takeCaps(message) : null;
    question.paramExports = this.writeCapTable(message, call.params, held);
    params?.release();
    if (held !== null) for (const hook of held) hook.release();
    question.streaming = options.streaming === true;
    this.flush(message);
    this.recycleCallBuilder(message);
    return question;
  }

  /** A builder for an outgoing Call: one sent before, reset, when there is one. */
  private callBuilder(): MessageBuilder {
    return this.callBuilders.pop() ?? new MessageBuilder({ firstSegmentWords: 64 });
  }

  /**
   * Keeps a sent (and reset) Call builder for the next call, unless enough are kept or it grew
   * large: a builder keeps its first segment's memory, and one 5 MiB call should not pin 5 MiB.
   */
  private recycleCallBuilder(message: MessageBuilder): void {
    if (this.callBuilders.length < MAX_KEPT_CALL_BUILDERS && message.arena.segments[0]!.bytes.byteLength <= MAX_KEPT_CALL_BUILDER_BYTES) {
      this.callBuilders.push(message);
    }
  }

  /** Writes the descriptors of `message`'s cap table into `payload`; returns the exports it counted. */
  private writeCapTable(message: MessageBuilder, payload: rpc.PayloadBuilder, taken: readonly unknown[] | null = null): number[] | null {
    const caps = taken ?? message.capTable;
    if (caps.length === 0) return null;
    const table = payload.initCapTable(caps.length);
    const exported: number[] = [];
    for (let i = 0; i < caps.length; i++) this.writeDescriptor(caps[i], table.get(i), exported);
    return exported;
  }

  private writeDescriptor(entry: unknown, descriptor: rpc.CapDescriptorBuilder, exported: number[]): void {
    const given = peekHook(entry);
    if (given === null) {
      descriptor.none = null;
      return;
    }
    const hook = given.resolved();
    if (hook instanceof RemoteHook && hook.connection === this && hook.isLive()) {
      if (hook.importId >= 0) {
        descriptor.receiverHosted = hook.importId;
        return;
      }
      if (hook.question !== null && !hook.question.returned) {
        const answer = descriptor.initReceiverAnswer();
        answer.questionId = hook.question.id;
        writeTransform(answer, hook.path);
        return;
      }
    }
    let id = this.exportIds.get(hook);
    let entryRecord: Export;
    if (id === undefined) {
      if (this.exports.size >= this.options.maxExports) {
        throw new RpcError('overloaded', `too many capabilities exported on this connection (limit ${this.options.maxExports})`);
      }
      entryRecord = new Export(hook.addRef());
      id = this.exports.add(entryRecord);
      entryRecord.id = id;
      this.exportIds.set(hook, id);
    } else {
      entryRecord = this.exports.get(id)!;
    }
    entryRecord.refs++;
    exported.push(id);
    const next = hook.whenMoreResolved();
    if (next === null && hook.brokenError === null) {
      descriptor.senderHosted = id;
      return;
    }
    // A promise, or a broken capability (which a descriptor cannot carry: it is exported as a
    // promise and broken at once by the Resolve that follows).
    descriptor.senderPromise = id;
    if (entryRecord.resolving) return;
    entryRecord.resolving = true;
    const settled = next ?? Promise.resolve(hook);
    void settled.then(
      (resolution) => this.resolveExport(entryRecord, resolution),
      (error: unknown) => this.resolveExport(entryRecord, new BrokenHook(toRpcError(error))),
    );
  }

  /** An exported promise settled: tell the peer with `Resolve` (unless it already released it). */
  private resolveExport(entry: Export, resolution: ClientHook): void {
    if (this.closeError !== null || this.exports.get(entry.id) !== entry) return;
    const message = this.scratch;
    const resolve = rpc.Message.initRoot(message).initResolve();
    resolve.promiseId = entry.id;
    const target = resolution.resolved();
    const broken = target.brokenError;
    if (broken !== null) {
      writeException(resolve.initException(), broken);
    } else {
      try {
        this.writeDescriptor(target, resolve.initCap(), []);
      } catch (error) {
        message.reset();
        this.abort(toRpcError(error));
        return;
      }
    }
    this.flush(message);
  }

  private sendFinish(question: Question, releaseResultCaps: boolean): void {
    if (this.closeError === null) this.transport.send(finishBytes(question.id, releaseResultCaps));
  }

  /** Question `question` is done with on our side: free its id once the Return is in too. */
  finishQuestion(question: Question, releaseResultCaps: boolean): void {
    if (question.finishSent) return;
    question.finishSent = true;
    if (!question.noFinishNeeded) this.sendFinish(question, releaseResultCaps);
    if (question.returned) this.questions.delete(question.id);
  }

  allocateQuestion(question: Question): number {
    return this.questions.add(question);
  }

  sendRelease(importId: number, count: number): void {
    if (this.closeError === null) this.transport.send(releaseBytes(importId, count));
  }

  /** A local import handle was dropped: give the peer back every reference it sent us. */
  dropImport(hook: RemoteHook): void {
    const entry = this.imports.get(hook.importId);
    if (entry === undefined || entry.hook !== hook) return;
    this.imports.delete(hook.importId);
    if (this.closeError === null) this.sendRelease(hook.importId, entry.remoteRefs);
  }

  sendDisembargo(hook: RemoteHook): void {
    const id = this.embargoes.add(hook);
    const message = this.scratch;
    const disembargo = rpc.Message.initRoot(message).initDisembargo();
    hook.writeTarget(disembargo.initTarget());
    disembargo.context.senderLoopback = id;
    this.flush(message);
  }

  /**
   * A tail call made by a server answering one of the peer's calls: when the new call goes to
   * the same peer, it is sent with `sendResultsTo.yourself` and the original call returns
   * `takeFromOtherQuestion`, so the results travel once.
   */
  tailCall(answer: Answer, request: Request, options: CallOptions): CallResult | null {
    if (!this.options.tailCallsToCaller) return null;
    const target = request.target.resolved();
    if (!(target instanceof RemoteHook) || target.connection !== this || !target.isLive() || answer.returned || this.closeError !== null) return null;
    if (target.resolution !== null) return null;
    const question = this.sendCall(target, request, request.interfaceId, request.methodId, request.direct === this ? null : request.toParams(), options, true);
    target.callsSent = true;
    answer.tailQuestion = question;
    answer.returned = true;
    const message = this.scratch;
    const ret = rpc.Message.initRoot(message).initReturn();
    ret.answerId = answer.id;
    ret.releaseParamCaps = false;
    ret.takeFromOtherQuestion = question.id;
    this.flush(message);
    return question;
  }

  // ---- receiving --------------------------------------------------------------------------

  private receive(bytes: Uint8Array): void {
    if (this.closeError !== null) return;
    try {
      if (bytes.length > this.options.maxMessageBytes) {
        throw protocolError(`incoming message of ${bytes.length} bytes exceeds the limit of ${this.options.maxMessageBytes}`);
      }
      const reader = readMessage(bytes, {
        traversalLimitInWords: this.options.traversalLimitInWords,
        nestingLimit: this.options.nestingLimit,
        maxSegments: this.options.maxSegments,
      });
      const message = rpc.Message.readRoot(reader);
      this.handle(message, reader);
    } catch (error) {
      if (this.closeError !== null) return;
      const reason = error instanceof RpcError ? error
        : error instanceof CapnpError ? protocolError(`malformed message from the peer (${error.code}): ${error.message}`)
        : protocolError(`could not handle a message from the peer: ${error instanceof Error ? error.message : String(error)}`);
      this.abort(reason);
    }
  }

  private handle(message: rpc.MessageReader, reader: MessageReader): void {
    switch (message.which()) {
      case 'call': return this.handleCall(message.call, reader);
      case 'return': return this.handleReturn(message.return, reader);
      case 'finish': return this.handleFinish(message.finish);
      case 'resolve': return this.handleResolve(message.resolve, reader);
      case 'release': return this.handleRelease(message.release);
      case 'disembargo': return this.handleDisembargo(message.disembargo);
      case 'bootstrap': return this.handleBootstrap(message.bootstrap);
      case 'abort': return this.handleAbort(message.abort);
      case 'unimplemented': return this.handleUnimplemented(message.unimplemented);
      default: return this.replyUnimplemented(message);
    }
  }

  private replyUnimplemented(message: rpc.MessageReader): void {
    const out = this.scratch;
    rpc.Message.initRoot(out).unimplemented = message;
    // What we echo back must not claim capabilities: strip cap tables by not carrying any.
    out.capTable.length = 0;
    this.flush(out);
  }

  private importCapTable(payload: rpc.PayloadReader, reader: MessageReader): unknown[] {
    if (!payload.hasCapTable()) {
      reader.capTable = [];
      return reader.capTable;
    }
    const table = payload.capTable;
    if (table.length > this.options.maxCapsPerMessage) {
      throw protocolError(`a message carries ${table.length} capabilities; the limit is ${this.options.maxCapsPerMessage}`);
    }
    const caps: unknown[] = new Array(table.length);
    for (let i = 0; i < table.length; i++) {
      try {
        caps[i] = this.importDescriptor(table.get(i));
      } catch (error) {
        // A bad descriptor: the references taken for the ones before it are given back.
        for (let j = 0; j < i; j++) (caps[j] as ClientHook).release();
        throw error;
      }
    }
    reader.capTable = caps;
    return caps;
  }

  /** The hook a received descriptor names (a new reference). */
  private importDescriptor(descriptor: rpc.CapDescriptorReader): ClientHook {
    switch (descriptor.which()) {
      case 'none': return new BrokenHook(null);
      case 'senderHosted': return this.importCap(descriptor.senderHosted, false);
      case 'senderPromise': return this.importCap(descriptor.senderPromise, true);
      case 'receiverHosted': return this.exportedCapability(descriptor.receiverHosted, 'receiverHosted');
      case 'receiverAnswer': return this.promisedCapability(descriptor.receiverAnswer, 'receiverAnswer');
      case 'thirdPartyHosted':
        // Level 3 is not implemented: use the vine, as the protocol allows.
        return this.importCap(descriptor.thirdPartyHosted.vineId, false);
      default:
        throw protocolError('unknown kind of capability descriptor');
    }
  }

  private importCap(id: number, isPromise: boolean): ClientHook {
    const entry = this.imports.get(id);
    if (entry !== undefined && entry.hook.refCount > 0) {
      entry.remoteRefs++;
      return entry.hook.addRef();
    }
    const hook = new RemoteHook(this, id, null, [], isPromise);
    this.imports.set(id, new Import(hook));
    return hook;
  }

  private resolveTarget(target: rpc.MessageTargetReader): ClientHook {
    switch (target.which()) {
      case 'importedCap': return this.exportedCapability(target.importedCap, 'a message target');
      case 'promisedAnswer': return this.promisedCapability(target.promisedAnswer, 'a message target');
      default:
        throw protocolError('unknown kind of message target');
    }
  }

  /** Our export `id`, which the peer named in `what` (a new reference). */
  private exportedCapability(id: number, what: string): ClientHook {
    const entry = this.exports.get(id);
    if (entry === undefined) throw protocolError(`${what} names export ${id}, which does not exist`);
    return entry.hook.addRef();
  }

  /** The capability a PromisedAnswer names (a new reference); `what` names the field for errors. */
  private promisedCapability(promised: rpc.PromisedAnswerReader, what: string): ClientHook {
    const answer = this.answers.get(promised.questionId);
    if (answer === undefined) throw protocolError(`${what} names answer ${promised.questionId}, which does not exist`);
    return this.answerPipeline(answer, readTransform(promised));
  }

  /**
   * The capability an answer's results hold at `path` (a new reference). Before the results
   * exist it is a promise, settled synchronously when they arrive (see settleAnswer), so no
   * Finish or Release can slip in between.
   */
  private answerPipeline(answer: Answer, path: readonly number[]): ClientHook {
    if (answer.tailQuestion !== null) return answer.tailQuestion.pipeline(path);
    if (answer.response !== null) return answer.response.capabilityAt(path);
    if (answer.error !== null) return new BrokenHook(answer.error);
    let settle!: (hook: ClientHook) => void;
    const hook = new PromiseHook(new Promise<ClientHook>((resolve) => { settle = resolve; }));
    (answer.waiters ??= []).push({ path, settle });
    return hook;
  }

  /** The answer's results (or error) are known: settle the capabilities pipelined on it. */
  private settleAnswer(answer: Answer, response: Response | null, error: Error | null): void {
    answer.response = response;
    answer.error = error;
    const waiters = answer.waiters;
    answer.waiters = null;
    if (waiters === null) return;
    for (const waiter of waiters) waiter.settle(response !== null ? response.capabilityAt(waiter.path) : new BrokenHook(error));
  }

  private handleBootstrap(bootstrap: rpc.BootstrapReader): void {
    const id = bootstrap.questionId;
    this.checkNewAnswer(id);
    const answer = new Answer(id);
    this.answers.set(id, answer);
    const ours = this.ourBootstrap();
    const hook = ours === null
      ? new BrokenHook(new RpcError('failed', 'this peer offers no bootstrap capability'))
      : ours.addRef();
    const message = new MessageBuilder({ firstSegmentWords: 1 });
    message.getRootPointer().setCapability(hook);
    const reader = message.asReader();
    reader.capTable = [hook];
    const response = new Response(reader.getRootPointer(), reader.capTable);
    answer.result = { promise: Promise.resolve(response), pipeline: (path) => response.capabilityAt(path), cancel: () => {} };
    this.returnResults(answer, response, false);
  }

  private ourBootstrap(): ClientHook | null {
    if (this.bootstrapHook === null && this.bootstrapSource != null) {
      const made = typeof this.bootstrapSource === 'function';
      const source = typeof this.bootstrapSource === 'function' ? this.bootstrapSource(this) : this.bootstrapSource;
      this.bootstrapSource = null;
      if (source instanceof Client) {
        this.bootstrapHook = source.$hook.addRef();
        // A client made for this connection is the connection's: nobody else holds it to close.
        if (made) source.close();
      } else {
        this.bootstrapHook = new LocalHook(source);
      }
    }
    return this.bootstrapHook;
  }

  private checkNewAnswer(id: number): void {
    if (this.answers.has(id)) throw protocolError(`question id ${id} is already in use by the peer`);
    if (this.answers.size >= this.options.maxAnswers) {
      throw new RpcError('overloaded', `the peer has more than ${this.options.maxAnswers} calls outstanding on this connection`);
    }
  }

  private handleCall(call: rpc.CallReader, reader: MessageReader): void {
    const id = call.questionId;
    this.checkNewAnswer(id);
    const redirect = call.sendResultsTo.which();
    if (redirect !== 'caller' && redirect !== 'yourself') throw protocolError('sendResultsTo.thirdParty needs level 3, which this peer does not implement');
    const target = this.resolveTarget(call.target);
    let caps: unknown[];
    try {
      caps = this.importCapTable(call.params, reader);
    } catch (error) {
      target.release();
      throw error;
    }
    const params = new Params(call.params.content, caps);
    const answer = new Answer(id);
    answer.redirect = redirect === 'yourself';
    this.answers.set(id, answer);
    // The tail-call hook costs a closure per call: only made when it can be used.
    const options: CallOptions = this.options.tailCallsToCaller
      ? { noPromisePipelining: call.noPromisePipelining, origin: { tailCall: (request, opts) => this.tailCall(answer, request, opts) } }
      : call.noPromisePipelining ? NO_PIPELINING : NO_OPTIONS;
    let result: CallResult;
    try {
      result = target.call(call.interfaceId, call.methodId, params, options);
    } finally {
      target.release();
    }
    answer.result = result;
    const done = result.completed;
    if (done != null) {
      this.returnResults(answer, done, answer.redirect);
      return;
    }
    result.promise.then(
      (response) => this.returnResults(answer, response, answer.redirect),
      (error: unknown) => this.returnException(answer, error),
    );
  }

  private returnResults(answer: Answer, response: Response, redirect: boolean): void {
    if (answer.returned || this.closeError !== null) {
      response.release();
      return;
    }
    answer.returned = true;
    this.settleAnswer(answer, response, null);
    const message = this.scratch;
    const ret = rpc.Message.initRoot(message).initReturn();
    ret.answerId = answer.id;
    ret.releaseParamCaps = false;
    if (redirect) {
      ret.resultsSentElsewhere = null;
    } else {
      const payload = ret.initResults();
      try {
        payload.initContent().set(response.content);
        answer.resultExports = this.writeCapTable(message, payload);
      } catch (error) {
        // The results could not be copied or described (a limit): the caller gets the error.
        message.reset();
        answer.returned = false;
        answer.response = null;
        response.release();
        this.returnException(answer, error);
        return;
      }
    }
    this.flush(message);
    if (answer.finished) this.answers.delete(answer.id);
  }

  private returnException(answer: Answer, error: unknown): void {
    if (answer.returned || this.closeError !== null) return;
    answer.returned = true;
    if (answer.response === null) this.settleAnswer(answer, null, toRpcError(error));
    const message = this.scratch;
    const ret = rpc.Message.initRoot(message).initReturn();
    ret.answerId = answer.id;
    ret.releaseParamCaps = false;
    writeException(ret.initException(), toRpcError(error));
    this.flush(message);
    if (answer.finished) this.answers.delete(answer.id);
  }

  private handleFinish(finish: rpc.FinishReader): void {
    const answer = this.answers.get(finish.questionId);
    // A Finish for an answer we already forgot is allowed (we may have said noFinishNeeded).
    if (answer === undefined || answer.finished) return;
    answer.finished = true;
    if (finish.releaseResultCaps && answer.resultExports !== null) {
      for (const id of answer.resultExports) this.releaseExport(id, 1);
    }
    answer.resultExports = null;
    if (!answer.returned) {
      answer.result?.cancel();
      answer.returned = true;
      this.settleAnswer(answer, null, canceledError());
      const message = this.scratch;
      const ret = rpc.Message.initRoot(message).initReturn();
      ret.answerId = answer.id;
      ret.releaseParamCaps = false;
      ret.canceled = null;
      this.flush(message);
    }
    answer.response?.release();
    answer.response = null;
    const tail = answer.tailQuestion;
    answer.tailQuestion = null;
    if (tail !== null) this.finishQuestion(tail, true);
    this.answers.delete(answer.id);
  }

  private handleReturn(ret: rpc.ReturnReader, reader: MessageReader): void {
    const question = this.questions.get(ret.answerId);
    if (question === undefined) throw protocolError(`Return names question ${ret.answerId}, which is not outstanding`);
    if (question.returned) throw protocolError(`a second Return for question ${ret.answerId}`);
    question.returned = true;
    try {
      this.takeReturn(question, ret, reader);
    } catch (error) {
      // A Return we cannot take: the call fails with the connection's error, like every call
      // that has not returned when the connection ends.
      question.returned = false;
      throw error;
    }
  }

  private takeReturn(question: Question, ret: rpc.ReturnReader, reader: MessageReader): void {
    question.noFinishNeeded = ret.noFinishNeeded;
    if (ret.releaseParamCaps && question.paramExports !== null) {
      for (const id of question.paramExports) this.releaseExport(id, 1);
    }
    question.paramExports = null;
    if (question.finishSent) {
      // We canceled it (Finish with releaseResultCaps): whatever came back is already released.
      this.questions.delete(question.id);
      return;
    }
    const which = ret.which();
    switch (which) {
      case 'results': {
        const caps = this.importCapTable(ret.results, reader);
        const response = new Response(ret.results.content, caps);
        question.settle(response);
        // Nobody awaits a bootstrap question itself: its one capability lives on in the pipeline.
        if (question.bootstrap) response.release();
        break;
      }
      case 'exception':
        question.fail(readException(ret.exception));
        break;
      case 'canceled':
        question.fail(canceledError());
        break;
      case 'resultsSentElsewhere':
        question.settle(emptyResponse());
        break;
      case 'takeFromOtherQuestion': {
        const answer = this.answers.get(ret.takeFromOtherQuestion);
        if (answer === undefined || answer.result === null || !answer.redirect) {
          throw protocolError(`takeFromOtherQuestion names answer ${ret.takeFromOtherQuestion}, which was not sent to us with sendResultsTo.yourself`);
        }
        answer.result.promise.then(
          (response) => question.settle(new Response(response.content, response.capTable.map((cap) => (cap as ClientHook).addRef()))),
          (error: unknown) => question.fail(toRpcError(error)),
        ).finally(() => this.finishQuestion(question, false));
        return;
      }
      default:
        question.fail(unimplementedError(`the peer returned ${which ?? 'an unknown kind of result'}, which needs a newer protocol level`));
    }
    this.finishQuestion(question, false);
  }

  private handleResolve(resolve: rpc.ResolveReader, reader: MessageReader): void {
    const id = resolve.promiseId;
    // Looked up first: a descriptor naming this same id must not find the import it makes itself.
    const entry = this.imports.get(id);
    let resolution: ClientHook;
    if (resolve.which() === 'cap') {
      const caps: unknown[] = [];
      reader.capTable = caps;
      resolution = this.importDescriptor(resolve.cap);
    } else {
      resolution = new BrokenHook(readException(resolve.exception));
    }
    if (entry === undefined || entry.hook.refCount <= 0) {
      // We released the promise already: release what it resolved to.
      resolution.release();
      return;
    }
    const hook = entry.hook;
    if (!hook.isPromise) {
      resolution.release();
      throw protocolError(`Resolve for import ${id}, which is not a promise`);
    }
    hook.resolveTo(resolution);
    // The promise's entry is no longer needed: its resolution carries the calls from now on.
    this.imports.delete(id);
    const refs = entry.remoteRefs;
    hook.importId = -1;
    this.sendRelease(id, refs);
  }

  private handleRelease(release: rpc.ReleaseReader): void {
    this.releaseExport(release.id, release.referenceCount);
  }

  private releaseExport(id: number, count: number): void {
    const entry = this.exports.get(id);
    if (entry === undefined) throw protocolError(`Release of export ${id}, which does not exist`);
    if (count > entry.refs) throw protocolError(`Release of ${count} references to export ${id}, which has only ${entry.refs}`);
    entry.refs -= count;
    if (entry.refs === 0) {
      this.exports.delete(id);
      if (this.exportIds.get(entry.hook) === id) this.exportIds.delete(entry.hook);
      entry.hook.release();
    }
  }

  private handleDisembargo(disembargo: rpc.DisembargoReader): void {
    const context = disembargo.context;
    switch (context.which()) {
      case 'senderLoopback': {
        const hook = this.resolveTarget(disembargo.target);
        try {
          const target = hook.resolved();
          if (!(target instanceof RemoteHook) || target.connection !== this || !target.isLive()) {
            throw protocolError('Disembargo senderLoopback names a capability that does not resolve back to the sender');
          }
          const message = this.scratch;
          const reply = rpc.Message.initRoot(message).initDisembargo();
          target.writeTarget(reply.initTarget());
          reply.context.receiverLoopback = context.senderLoopback;
          this.flush(message);
        } finally {
          hook.release();
        }
        return;
      }
      case 'receiverLoopback': {
        const hook = this.embargoes.delete(context.receiverLoopback);
        if (hook === undefined) throw protocolError(`Disembargo receiverLoopback for embargo ${context.receiverLoopback}, which does not exist`);
        hook.liftEmbargo();
        return;
      }
      default: {
        const out = this.scratch;
        rpc.Message.initRoot(out).initUnimplemented().disembargo = disembargo;
        this.flush(out);
      }
    }
  }

  private handleAbort(exception: rpc.ExceptionReader): void {
    const error = readException(exception);
    this.shutdown(new RpcError(error.type === 'failed' ? 'disconnected' : error.type, `the peer aborted the connection: ${error.message}`, { remoteTrace: error.remoteTrace }));
  }

  private handleUnimplemented(message: rpc.MessageReader): void {
    switch (message.which()) {
      case 'resolve': {
        // The peer cannot take Resolve: it behaves as if it released what the promise became.
        const resolve = message.resolve;
        if (resolve.which() === 'cap' && resolve.cap.which() === 'senderHosted') this.releaseExport(resolve.cap.senderHosted, 1);
        return;
      }
      case 'call': {
        const question = this.questions.get(message.call.questionId);
        if (question === undefined || question.returned) return;
        question.returned = true;
        if (question.paramExports !== null) for (const id of question.paramExports) this.releaseExport(id, 1);
        question.paramExports = null;
        question.fail(unimplementedError('the peer does not implement calls'));
        question.finishSent = true;
        this.questions.delete(question.id);
        return;
      }
      case 'bootstrap': {
        const question = this.questions.get(message.bootstrap.questionId);
        if (question === undefined || question.returned) return;
        question.returned = true;
        question.fail(unimplementedError('the peer does not implement Bootstrap'));
        question.finishSent = true;
        this.questions.delete(question.id);
        return;
      }
      default:
        // Nothing else we send needs an answer to be undone.
        return;
    }
  }

  // ---- ending -----------------------------------------------------------------------------

  /** Ends the connection because of `error`, telling the peer with Abort first. */
  abort(error: RpcError): void {
    if (this.closeError !== null) return;
    const message = this.scratch;
    message.reset();
    writeException(rpc.Message.initRoot(message).initAbort(), error);
    this.flush(message);
    this.shutdown(error);
  }

  private shutdown(error: RpcError): void {
    if (this.closeError !== null) return;
    this.closeError = error;
    const failure = error.type === 'disconnected' ? error : disconnectedError(`the connection ended: ${error.message}`, error);
    for (const question of [...this.questions.values()]) {
      if (!question.returned) {
        question.returned = true;
        question.fail(failure);
      }
    }
    for (const answer of [...this.answers.values()]) {
      if (!answer.returned) {
        answer.result?.cancel();
        this.settleAnswer(answer, null, failure);
      }
      answer.response?.release();
      answer.response = null;
    }
    this.answers.clear();
    for (const entry of [...this.exports.values()]) entry.hook.release();
    this.exportIds.clear();
    for (const entry of [...this.imports.values()]) entry.hook.disconnect(failure);
    this.imports.clear();
    for (const hook of [...this.embargoes.values()]) hook.disconnect(failure);
    this.questions.clear();
    this.exports.clear();
    this.embargoes.clear();
    this.bootstrapHook?.release();
    this.bootstrapHook = null;
    this.bootstrapSource = null;
    this.transport.close();
    this.resolveClosed(error);
    for (const listener of this.listeners.splice(0)) {
      try {
        listener(error);
      } catch {
        // A listener's failure must not stop the others.
      }
    }
  }
}

/** A call we made: pending until the peer's Return. */
export class Question implements CallResult {
  readonly id: number;
  readonly promise: Promise<Response>;
  private resolvePromise!: (response: Response) => void;
  private rejectPromise!: (error: Error) => void;
  paramExports: number[] | null = null;
  returned = false;
  finishSent = false;
  noFinishNeeded = false;
  bootstrap = false;
  streaming = false;
  /** Pipelined capabilities on this question that have not resolved yet. */
  private pipelines: RemoteHook[] | null = null;
  private response: Response | null = null;
  private error: Error | null = null;

  constructor(readonly connection: Connection) {
    this.id = connection.allocateQuestion(this);
    this.promise = new Promise((resolve, reject) => {
      this.resolvePromise = resolve;
      this.rejectPromise = reject;
    });
    this.promise.catch(() => {});
  }

  settle(response: Response): void {
    this.response = response;
    this.resolvePromise(response);
    const pipelines = this.pipelines;
    this.pipelines = null;
    if (pipelines !== null) for (const hook of pipelines) hook.resolveTo(response.capabilityAt(hook.path));
  }

  fail(error: Error): void {
    this.error = error;
    this.rejectPromise(error);
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

  cancel(): void {
    if (this.returned || this.finishSent) return;
    this.fail(canceledError());
    this.connection.finishQuestion(this, true);
  }
}

/** A call the peer made to us. */
class Answer {
  result: CallResult | null = null;
  response: Response | null = null;
  error: Error | null = null;
  waiters: Array<{ path: readonly number[]; settle: (hook: ClientHook) => void }> | null = null;
  returned = false;
  finished = false;
  redirect = false;
  resultExports: number[] | null = null;
  tailQuestion: Question | null = null;

  constructor(readonly id: number) {}
}

class Export {
  id = -1;
  refs = 0;
  resolving = false;

  constructor(readonly hook: ClientHook) {}
}

class Import {
  remoteRefs = 1;

  constructor(readonly hook: RemoteHook) {}
}

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

  constructor(
    private readonly conn: Connection,
    public importId: number,
    readonly question: Question | null,
    readonly path: readonly number[],
    readonly isPromise: boolean,
  ) {
    super();
  }

  override get connection(): Connection {
    return this.conn;
  }

  override get forwardsTo(): ClientHook | null {
    return this.resolution;
  }

  isLive(): boolean {
    return this.disconnected === null && this.conn.state === 'open' && (this.importId >= 0 || this.question !== null);
  }

  writeTarget(target: rpc.MessageTargetBuilder): void {
    if (this.importId >= 0 || this.question === null) {
      target.importedCap = this.importId;
    } else {
      const promised = target.initPromisedAnswer();
      promised.questionId = this.question.id;
      writeTransform(promised, this.path);
    }
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
        : (params.release(), brokenResult(this.disconnected ?? new RpcError('failed', 'the capability was released')))));
      return new QueuedCallResult(forwarded);
    }
    if (!this.isLive()) {
      params.release();
      return brokenResult(this.conn.error ?? new RpcError('failed', 'the capability was released'));
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
      target = new BrokenHook(new RpcError('failed', 'a capability promise resolved to itself'));
    }
    this.resolution = target;
    const final = target.resolved();
    const samePath = final instanceof RemoteHook && final.connection === this.conn;
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

function emptyResponse(): Response {
  const message = new MessageBuilder({ firstSegmentWords: 1 });
  return new Response(message.asReader().getRootPointer(), []);
}

function writeTransform(promised: rpc.PromisedAnswerBuilder, path: readonly number[]): void {
  if (path.length === 0) return;
  const ops = promised.initTransform(path.length);
  for (let i = 0; i < path.length; i++) ops.get(i).getPointerField = path[i]!;
}

function readTransform(promised: rpc.PromisedAnswerReader): number[] {
  if (!promised.hasTransform()) return [];
  const ops = promised.transform;
  const path: number[] = [];
  for (let i = 0; i < ops.length; i++) {
    const op = ops.get(i);
    if (op.which() === 'getPointerField') path.push(op.getPointerField);
    else if (op.which() !== 'noop') throw protocolError('unknown PromisedAnswer transform');
  }
  return path;
}

function writeException(builder: rpc.ExceptionBuilder, error: Error): void {
  const rpcError = toRpcError(error);
  builder.reason = rpcError.message;
  builder.type = EXCEPTION_TYPES.indexOf(rpcError.type) as rpc.Exception_Type;
}

function readException(exception: rpc.ExceptionReader): RpcError {
  const type = EXCEPTION_TYPES[exception.type] ?? 'failed';
  return new RpcError(type, exception.reason, { remoteTrace: exception.trace });
}

export type { AnyPointerReader, NO_OPTIONS };
