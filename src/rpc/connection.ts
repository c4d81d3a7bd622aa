/**
 * One RPC connection: the protocol engine of rpc.capnp, level 1, between this vat and one peer.
 * Its tables (questions, answers, exports, imports, embargoes) and its lifecycle are in
 * `connection-tables.ts`; this class adds what travels: the calls we send (bootstrap, calls,
 * tail calls, disembargoes) and the handling of every message the peer sends.
 */
import { CapnpError, MessageBuilder, readMessage, type AnyPointerReader, type MessageReader } from '../wire/index.js';
import * as rpc from '../generated/std/rpc.capnp.js';
import { Client, type ClientClass, type TypeParams } from './client.js';
import { ConnectionTables } from './connection-tables.js';
import { canceledError, protocolError, RpcError, toRpcError, unimplementedError } from './errors.js';
import {
  BrokenHook, ClientHook, NO_OPTIONS, Params, Request, Response, takeCaps,
  type CallOptions, type CallResult,
} from './hook.js';
import { LocalHook } from './local-hook.js';
import { emptyResponse, readException, writeException } from './message-fields.js';
import { RemoteHook } from './remote-hook.js';
import { Answer, Question } from './table-entries.js';

export { DEFAULT_MAX_MESSAGE_BYTES, type ConnectionOptions, type ConnectionState, type ConnectionStats } from './connection-tables.js';
export { Question } from './table-entries.js';
export { RemoteHook } from './remote-hook.js';

const MAX_KEPT_CALL_BUILDERS = 8;
const MAX_KEPT_CALL_BUILDER_BYTES = 64 * 1024;
const NO_PIPELINING: CallOptions = Object.freeze({ noPromisePipelining: true });

export class Connection extends ConnectionTables {
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

  protected receive(bytes: Uint8Array): void {
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
}

export type { AnyPointerReader, NO_OPTIONS };
