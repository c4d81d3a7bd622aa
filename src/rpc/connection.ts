/**
 * One RPC connection: the protocol engine of rpc.capnp, level 1, between this vat and one peer.
 * Its tables (questions, answers, exports, imports, embargoes) and its lifecycle are in
 * `connection-tables.ts`; this class adds what travels: the calls we send (bootstrap, calls,
 * tail calls, disembargoes) and the handling of every message the peer sends.
 */
import { AnyPointerBuilder, AnyPointerReader, Arena, CapnpError, locateFramedRoot, readStructAt, StructReader, type Segment, type StructBuilder } from '../wire/index.js';
import { NO_NESTING_LIMIT } from '../wire/core/limits.js';
import { Client, type ClientClass, type TypeParams } from './client.js';
import { ConnectionTables, KEPT_BUFFER_BYTES } from './connection-tables.js';
import { canceledError, describeThrown, ignoreRejection, malformedError, protocolError, RpcError, toRpcError, unimplementedError } from './errors.js';
import {
  BrokenHook, brokenResult, ClientHook, NO_OPTIONS, Params, Request, Response, takeCaps,
  type CallOptions, type CallResult,
} from './hook.js';
import { LocalHook, type CapabilityServer } from './local-hook.js';
import { OutgoingMessage } from './outgoing-message.js';
import { callSkeleton, resultsSkeleton, setBit } from './message-skeletons.js';
import { emptyResponse, initException, initMessage, readException, writeException } from './message-fields.js';
import {
  BOOTSTRAP_POINTERS, BOOTSTRAP_QUESTION_ID, BOOTSTRAP_WORDS, CALL_INTERFACE_ID, CALL_METHOD_ID, CALL_NO_PROMISE_PIPELINING,
  CALL_PARAMS, CALL_QUESTION_ID, CALL_SEND_RESULTS_TO_WHICH, CALL_TARGET, CAP_DESCRIPTOR_IS_SENDER_HOSTED,
  CAP_DESCRIPTOR_SENDER_HOSTED, CAP_DESCRIPTOR_WHICH, CONTEXT_IS_RECEIVER_LOOPBACK, CONTEXT_IS_SENDER_LOOPBACK,
  CONTEXT_RECEIVER_LOOPBACK, CONTEXT_SENDER_LOOPBACK, DISEMBARGO_CONTEXT_WHICH, DISEMBARGO_POINTERS, DISEMBARGO_TARGET,
  DISEMBARGO_WORDS, FINISH_QUESTION_ID, FINISH_RELEASE_RESULT_CAPS, FINISH_RELEASE_RESULT_CAPS_DEFAULT, MESSAGE_BODY,
  MESSAGE_IS_ABORT, MESSAGE_IS_BOOTSTRAP, MESSAGE_IS_CALL, MESSAGE_IS_DISEMBARGO, MESSAGE_IS_FINISH, MESSAGE_IS_RELEASE,
  MESSAGE_IS_RESOLVE, MESSAGE_IS_RETURN, MESSAGE_IS_UNIMPLEMENTED, MESSAGE_POINTERS, MESSAGE_WHICH, MESSAGE_WORDS,
  PAYLOAD_CONTENT, RELEASE_ID, RELEASE_REFERENCE_COUNT, RESOLVE_CAP, RESOLVE_EXCEPTION,
  RESOLVE_IS_CAP, RESOLVE_PROMISE_ID, RESOLVE_WHICH, RETURN_ANSWER_ID, RETURN_EXCEPTION, RETURN_IS_AWAIT_FROM_THIRD_PARTY, RETURN_IS_CANCELED,
  RETURN_IS_EXCEPTION, RETURN_IS_RESULTS, RETURN_IS_RESULTS_SENT_ELSEWHERE, RETURN_IS_TAKE_FROM_OTHER_QUESTION,
  RETURN_NO_FINISH_NEEDED, RETURN_POINTERS, RETURN_RELEASE_PARAM_CAPS, RETURN_RELEASE_PARAM_CAPS_DEFAULT, RETURN_RESULTS,
  RETURN_TAKE_FROM_OTHER_QUESTION, RETURN_WHICH, RETURN_WORDS, SEND_RESULTS_TO_IS_CALLER, SEND_RESULTS_TO_IS_YOURSELF,
} from './protocol/layout.js';
import { RemoteHook } from './remote-hook.js';
import { Answer, Question } from './table-entries.js';

export { DEFAULT_MAX_MESSAGE_BYTES, type ConnectionOptions, type ConnectionState, type ConnectionStats } from './connection-tables.js';
export { Question } from './table-entries.js';
export { RemoteHook } from './remote-hook.js';

const MAX_KEPT_CALL_BUILDERS = 8;
const MAX_KEPT_CALL_BUILDER_BYTES = 64 * 1024;
/** The options of a call from the peer (see `CallOptions.fromPeer`). */
const FROM_PEER: CallOptions = Object.freeze({ fromPeer: true });
const FROM_PEER_NO_PIPELINING: CallOptions = Object.freeze({ fromPeer: true, noPromisePipelining: true });

export class Connection extends ConnectionTables {
  /** The last array `bufferOf` was asked about, and its buffer. */
  private lastArray: Uint8Array | null = null;
  private lastBuffer: ArrayBufferLike | null = null;

  /**
   * The peer's bootstrap capability (usable at once: calls are pipelined on the request).
   * `params` binds a generic interface's parameters: `bootstrap(StoreClient<TextCodec, DataCodec>, [TEXT, DATA])`.
   */
  bootstrap<C extends Client = Client>(Class?: ClientClass<C>, params?: TypeParams): C {
    const C = (Class ?? Client) as ClientClass<C>;
    if (this.closeError !== null) return new C(new BrokenHook(this.closeError), true, params);
    const question = new Question(this);
    const message = this.scratch;
    initMessage(message, MESSAGE_IS_BOOTSTRAP, BOOTSTRAP_WORDS, BOOTSTRAP_POINTERS).setUint32(BOOTSTRAP_QUESTION_ID, question.id);
    this.flush(message);
    const hook = question.pipeline([]);
    question.bootstrap = true;
    return new C(hook, true, params);
  }

  /** Makes a Call message in its own builder, params to be filled in place (see RemoteHook.newRequest). */
  newDirectRequest(target: RemoteHook, interfaceId: bigint, methodId: number): Request {
    const message = this.callBuilder();
    const skeleton = callSkeleton();
    const params = new AnyPointerBuilder(skeleton.writeInto(message), skeleton.content);
    const request = new Request(target, interfaceId, methodId, message, params);
    request.direct = this;
    return request;
  }

  /** Sends a call to the peer: in place if the request was built for this connection, else copied. */
  sendCall(target: RemoteHook, request: Request | null, interfaceId: bigint, methodId: number, params: Params | null, options: CallOptions, yourself = false): Question {
    const question = new Question(this);
    const skeleton = callSkeleton();
    let message: OutgoingMessage;
    if (request !== null && request.direct === this) {
      message = request.message;
    } else {
      message = this.callBuilder();
      try {
        new AnyPointerBuilder(skeleton.writeInto(message), skeleton.content).set(params!.content);
      } catch (error) {
        // Params that cannot be read (a peer's call forwarded here, whose content points outside
        // its message) fail this call, as reading them would fail a local server's method.
        return this.unsent(question, message, params, null, error);
      }
    }
    // Read after the params are in: a segment that grew has a new view.
    const segment = message.arena.first;
    const view = segment.view;
    const call = skeleton.body;
    view.setUint32(call + CALL_QUESTION_ID, question.id, true);
    view.setBigUint64(call + CALL_INTERFACE_ID, interfaceId, true);
    view.setUint16(call + CALL_METHOD_ID, methodId, true);
    if (options.noPromisePipelining) setBit(segment, call, CALL_NO_PROMISE_PIPELINING);
    if (yourself) view.setUint16(call + CALL_SEND_RESULTS_TO_WHICH, SEND_RESULTS_TO_IS_YOURSELF, true);
    target.writeTargetAt(segment, skeleton.target);
    // A request built here holds references of its own in its cap table; copied params are
    // held by `params`. Either way they are released once the descriptors are written.
    const held = params === null ? takeCaps(message) : null;
    try {
      question.paramExports = this.writeCapTable(message, segment, skeleton.capTable, held);
    } catch (error) {
      // A limit (too many exports): the call is not sent.
      return this.unsent(question, message, params, held, error);
    }
    const bytes = message.toBytes();
    if (bytes.length > this.options.maxOutgoingMessageBytes) return this.callTooLarge(question, message, params, held, bytes.length, interfaceId, methodId);
    params?.release();
    if (held !== null) for (const hook of held) hook.release();
    question.streaming = options.streaming === true;
    message.reset();
    this.sendBytes(bytes);
    this.recycleCallBuilder(message);
    return question;
  }

  /**
   * A call that cannot be sent: it fails as a call does, through its result, the references it
   * held (`params`, or the capabilities `held` by a request built here) are given back, and
   * nothing of it stays in the tables.
   */
  private unsent(question: Question, message: OutgoingMessage, params: Params | null, held: ClientHook[] | null, error: unknown): Question {
    params?.release();
    if (held !== null) for (const hook of held) hook.release();
    message.reset();
    this.recycleCallBuilder(message);
    this.questions.delete(question.id);
    question.returned = question.finishSent = true;
    question.fail(toRpcError(error));
    return question;
  }

  /**
   * A call whose message is larger than this connection sends: the peer would abort the
   * connection on it, so this call fails instead. Out of `sendCall`, which V8 then inlines as
   * it did before the check.
   */
  private callTooLarge(question: Question, message: OutgoingMessage, params: Params | null, held: ClientHook[] | null, bytes: number, interfaceId: bigint, methodId: number): Question {
    this.releaseExports(question.paramExports);
    question.paramExports = null;
    return this.unsent(question, message, params, held, this.oversizedError(`the call (interface 0x${interfaceId.toString(16)}, method @${methodId})`, bytes));
  }

  /** A builder for an outgoing Call: one sent before, reset, when there is one. */
  private callBuilder(): OutgoingMessage {
    return this.callBuilders.pop() ?? new OutgoingMessage(64);
  }

  /**
   * Keeps a sent (and reset) Call builder for the next call, unless enough are kept or it grew
   * large: a builder keeps its first segment's memory, and one 5 MiB call should not pin 5 MiB.
   */
  private recycleCallBuilder(message: OutgoingMessage): void {
    if (this.callBuilders.length < MAX_KEPT_CALL_BUILDERS && message.arena.segments[0]!.bytes.byteLength <= MAX_KEPT_CALL_BUILDER_BYTES) {
      this.callBuilders.push(message);
    }
  }

  sendDisembargo(hook: RemoteHook): void {
    this.writeDisembargo(hook, CONTEXT_IS_SENDER_LOOPBACK, CONTEXT_SENDER_LOOPBACK, this.embargoes.add(hook));
  }

  /** Sends a Disembargo to `target` whose context is `which` (a `CONTEXT_IS_*` tag), with embargo `id` at byte `at`. */
  private writeDisembargo(target: RemoteHook, which: number, at: number, id: number): void {
    const message = this.scratch;
    const disembargo = initMessage(message, MESSAGE_IS_DISEMBARGO, DISEMBARGO_WORDS, DISEMBARGO_POINTERS);
    target.writeTarget(disembargo, DISEMBARGO_TARGET);
    disembargo.setUint16(DISEMBARGO_CONTEXT_WHICH, which);
    disembargo.setUint32(at, id);
    this.flush(message);
  }

  /**
   * A tail call made by a server answering one of the peer's calls: when the new call goes to
   * the same peer, it is sent with `sendResultsTo.yourself` and the original call returns
   * `takeFromOtherQuestion`, so the results travel once.
   */
  tailCall(answer: Answer, request: Request, options: CallOptions): CallResult | null {
    // Not for an answer whose results must stay here (the peer sent it with
    // sendResultsTo.yourself, to take them into another of its answers): the results of a tail
    // call sent back with sendResultsTo.yourself would stay with the peer instead, and the
    // answer could only return them empty. Such a tail call is forwarded and its results kept.
    if (!this.options.tailCallsToCaller || answer.redirect) return null;
    const target = request.target.resolved();
    if (!(target instanceof RemoteHook) || target.connection !== this || !target.isLive() || answer.returned || this.closeError !== null) return null;
    if (target.resolution !== null) return null;
    const question = this.sendCall(target, request, request.interfaceId, request.methodId, request.direct === this ? null : request.toParams(), options, true);
    target.callsSent = true;
    answer.tailQuestion = question;
    answer.returned = true;
    const message = this.scratch;
    const ret = this.initReturn(message, answer, RETURN_IS_TAKE_FROM_OTHER_QUESTION);
    ret.setUint32(RETURN_TAKE_FROM_OTHER_QUESTION, question.id);
    this.flush(message);
    return question;
  }

  /** Makes `message` a Return for `answer`, of kind `which` (a `RETURN_IS_*` tag), keeping the params' capabilities. */
  private initReturn(message: OutgoingMessage, answer: Answer, which: number): StructBuilder {
    const ret = initMessage(message, MESSAGE_IS_RETURN, RETURN_WORDS, RETURN_POINTERS);
    ret.setUint32(RETURN_ANSWER_ID, answer.id);
    ret.setBool(RETURN_RELEASE_PARAM_CAPS, false, RETURN_RELEASE_PARAM_CAPS_DEFAULT);
    ret.setUint16(RETURN_WHICH, which);
    return ret;
  }

  // ---- receiving --------------------------------------------------------------------------

  protected receive(bytes: Uint8Array): void {
    if (this.closeError !== null) return;
    try {
      if (bytes.length > this.options.maxMessageBytes) {
        throw protocolError(`incoming message of ${bytes.length} bytes exceeds the limit of ${this.options.maxMessageBytes}`);
      }
      // Opened as `readMessage` opens a framed message, without it: RPC messages are never
      // packed, and a client's bundle then leaves the unpacker out.
      const root = locateFramedRoot(bytes, this.readLimits);
      // A null root (an empty message) needs no answer.
      if (root.dataSize !== 0 || root.pointerCount !== 0) this.handle(root.segment, root.data, root.dataSize, root.pointerCount, root.nestingLimit);
    } catch (error) {
      if (this.closeError !== null) return;
      const reason = error instanceof RpcError ? error
        : error instanceof CapnpError ? malformedError(error)
        : protocolError(`could not handle a message from the peer: ${describeThrown(error)}`);
      this.abort(reason);
    }
  }

  /**
   * Handles the message whose root struct is at `data` in `segment`. The root is made a reader
   * only for the two kinds that need it whole (an unknown kind, echoed back in Unimplemented,
   * and Disembargo); the others get the struct their union member holds.
   */
  private handle(segment: Segment, data: number, dataSize: number, pointerCount: number, nesting: number): void {
    const which = dataSize >= MESSAGE_WHICH + 2 ? segment.view.getUint16(data + MESSAGE_WHICH, true) : 0;
    const body = pointerCount > MESSAGE_BODY ? data + dataSize + MESSAGE_BODY * 8 : -1;
    const arena = segment.arena;
    switch (which) {
      case MESSAGE_IS_CALL: return this.handleCall(readStructAt(segment, body, nesting, null), arena);
      case MESSAGE_IS_RETURN: return this.handleReturn(readStructAt(segment, body, nesting, null), arena);
      case MESSAGE_IS_FINISH: return this.handleFinish(readStructAt(segment, body, nesting, null));
      case MESSAGE_IS_RESOLVE: return this.handleResolve(readStructAt(segment, body, nesting, null), arena);
      case MESSAGE_IS_RELEASE: return this.handleRelease(readStructAt(segment, body, nesting, null));
      case MESSAGE_IS_DISEMBARGO: return this.handleDisembargo(new StructReader(segment, data, dataSize, data + dataSize, pointerCount, nesting));
      case MESSAGE_IS_BOOTSTRAP: return this.handleBootstrap(readStructAt(segment, body, nesting, null));
      case MESSAGE_IS_ABORT: return this.handleAbort(readStructAt(segment, body, nesting, null));
      case MESSAGE_IS_UNIMPLEMENTED: return this.handleUnimplemented(readStructAt(segment, body, nesting, null));
      default: return this.replyUnimplemented(new StructReader(segment, data, dataSize, data + dataSize, pointerCount, nesting));
    }
  }

  /** Answers `message` (a whole Message from the peer) with `Unimplemented` carrying a copy of it. */
  private replyUnimplemented(message: StructReader): void {
    const out = this.scratch;
    const root = out.initRoot(MESSAGE_WORDS, MESSAGE_POINTERS);
    root.setUint16(MESSAGE_WHICH, MESSAGE_IS_UNIMPLEMENTED);
    root.setStruct(MESSAGE_BODY, message);
    // What we echo back must not claim capabilities: strip cap tables by not carrying any.
    out.capTable.length = 0;
    this.flush(out);
  }

  private handleBootstrap(bootstrap: StructReader): void {
    const id = bootstrap.getUint32(BOOTSTRAP_QUESTION_ID);
    this.checkNewAnswer(id);
    const answer = new Answer(id);
    this.answers.set(id, answer);
    const ours = this.ourBootstrap();
    const hook = ours === null
      ? new BrokenHook(new RpcError('failed', 'this peer offers no bootstrap capability'))
      : ours.addRef();
    const message = new OutgoingMessage(1);
    message.getRootPointer().setCapability(hook);
    const response = new Response(message.rootReader(), message.capTable);
    answer.result = { promise: Promise.resolve(response), pipeline: (path) => response.capabilityAt(path), cancel: () => {} };
    this.returnResults(answer, response, false);
  }

  /**
   * The capability the `bootstrap` option gives, made at the first Bootstrap. What the
   * application got wrong (a function that throws, or gives something other than a capability)
   * becomes a broken capability whose calls fail with the reason, as a method that throws
   * does: the peer did nothing wrong, so its connection stays up.
   */
  private ourBootstrap(): ClientHook | null {
    if (this.bootstrapHook === null && this.bootstrapSource != null) {
      const option = this.bootstrapSource;
      this.bootstrapSource = null;
      try {
        this.bootstrapHook = bootstrapHookOf(typeof option === 'function' ? option(this) : option, typeof option === 'function');
      } catch (error) {
        this.bootstrapHook = new BrokenHook(toRpcError(error));
      }
    }
    return this.bootstrapHook;
  }

  private handleCall(call: StructReader, arena: Arena): void {
    const id = call.getUint32(CALL_QUESTION_ID);
    this.checkNewAnswer(id);
    const redirect = call.getUint16(CALL_SEND_RESULTS_TO_WHICH);
    if (redirect !== SEND_RESULTS_TO_IS_CALLER && redirect !== SEND_RESULTS_TO_IS_YOURSELF) throw protocolError('sendResultsTo.thirdParty needs level 3, which this peer does not implement');
    // The params are located before the target is resolved: a pointer that cannot be followed
    // then throws before a reference is taken that nothing would give back.
    const payload = call.getStruct(CALL_PARAMS);
    const target = this.resolveTarget(call.getStruct(CALL_TARGET));
    let caps: unknown[];
    try {
      caps = this.importCapTable(payload, arena);
    } catch (error) {
      target.release();
      throw error;
    }
    const params = new Params(payload.getPointer(PAYLOAD_CONTENT), caps);
    const answer = new Answer(id);
    answer.redirect = redirect === SEND_RESULTS_TO_IS_YOURSELF;
    this.answers.set(id, answer);
    const noPromisePipelining = call.getBool(CALL_NO_PROMISE_PIPELINING);
    // The tail-call hook costs a closure per call: only made when it can be used.
    const options: CallOptions = this.options.tailCallsToCaller
      ? { noPromisePipelining, fromPeer: true, origin: { tailCall: (request, opts) => this.tailCall(answer, request, opts) } }
      : noPromisePipelining ? FROM_PEER_NO_PIPELINING : FROM_PEER;
    // What the call keeps in memory while it is answered: the buffer its message lies in.
    const held = this.bufferOf(arena.first.bytes);
    let result: CallResult;
    if (this.overHeldLimit(held)) {
      result = this.refuseCall(target, params, held.byteLength);
    } else {
      this.holdBuffer(answer, held);
      result = this.runCall(target, call.getUint64(CALL_INTERFACE_ID), call.getUint16(CALL_METHOD_ID), params, options);
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

  /**
   * Runs a call the peer made. A method of its own: written out in handleCall, beside the check
   * of `maxHeldBytes`, V8 inlined less of the server's call (+550 instructions an in-process
   * call, counted by callgrind).
   */
  private runCall(target: ClientHook, interfaceId: bigint, methodId: number, params: Params, options: CallOptions): CallResult {
    try {
      return target.call(interfaceId, methodId, params, options);
    } finally {
      target.release();
    }
  }

  /**
   * The buffer under `bytes`. Small messages are read from a copy in a slab that one array
   * spans (16 KiB), so the last such array and its buffer are kept: a typed array's `buffer`
   * is a call into V8's runtime, which at every call cost an in-process call about 1.3% more
   * instructions. A larger array is not kept, so that no large message outlives its use here.
   */
  private bufferOf(bytes: Uint8Array): ArrayBufferLike {
    if (bytes === this.lastArray) return this.lastBuffer!;
    const buffer = bytes.buffer;
    if (bytes.byteLength <= KEPT_BUFFER_BYTES) {
      this.lastArray = bytes;
      this.lastBuffer = buffer;
    }
    return buffer;
  }

  /**
   * A call over `maxHeldBytes`, refused rather than run: what the peer's calls hold stays
   * bounded, and the peer learns why (it may retry once its calls return), with the connection
   * and its other calls intact. The target and the params' capabilities are given back.
   */
  private refuseCall(target: ClientHook, params: Params, bytes: number): CallResult {
    target.release();
    params.release();
    return brokenResult(new RpcError('overloaded', `this call would hold ${bytes} bytes more, past the limit on what the peer's calls hold on this connection (maxHeldBytes: ${this.options.maxHeldBytes}; ${this.heldBytes} held): not run, try again later`));
  }

  private returnResults(answer: Answer, response: Response, redirect: boolean): void {
    if (answer.returned || this.closeError !== null) {
      response.release();
      return;
    }
    answer.returned = true;
    this.settleAnswer(answer, response, null);
    const built = response.inReturn;
    if (built !== null && !redirect) {
      this.sendReturnAsBuilt(answer, response, built);
      return;
    }
    const message = this.scratch;
    if (redirect) {
      this.initReturn(message, answer, RETURN_IS_RESULTS_SENT_ELSEWHERE);
    } else {
      const skeleton = resultsSkeleton();
      const segment = skeleton.writeInto(message);
      segment.view.setUint32(skeleton.body + RETURN_ANSWER_ID, answer.id, true);
      try {
        new AnyPointerBuilder(segment, skeleton.content).set(response.content);
        answer.resultExports = this.writeCapTable(message, segment, skeleton.capTable);
      } catch (error) {
        // The results could not be copied or described (a limit): the caller gets the error.
        message.reset();
        this.unreturned(answer, response, error);
        return;
      }
    }
    const unsent = this.flushWithin(message, this.options.maxOutgoingMessageBytes);
    if (unsent > 0) {
      this.unreturned(answer, response, this.oversizedError('the results', unsent));
      return;
    }
    if (!redirect && response.capCount > 0) response.pinCapabilities((cap) => this.pinForPeer(cap));
    if (answer.finished) this.forgetAnswer(answer);
    else if (answer.heldBuffer !== null) this.keepResults(answer, response);
  }

  /**
   * Results returned whose Finish has not come: kept for calls the peer pipelines on them, on
   * the call's account (`maxHeldBytes`), by the memory they keep (a small message's builder is
   * a piece of a 64 KiB pool slab, which it keeps alive). Results without capabilities have
   * nothing to pipeline on (a call on any path of them fails as on a null capability), so they
   * are let go at once rather than kept for a Finish the peer may never send.
   */
  private keepResults(answer: Answer, response: Response): void {
    if (response.capCount === 0 && !answer.redirect) {
      // With no capabilities, the response holds no references to give back.
      answer.response = noCapabilities();
      answer.result = null;
      return;
    }
    this.holdForAnswer(answer, pinnedBytes(response.content));
  }

  /**
   * Sends the Return a local server built its results in (`Response.inReturn`): the answer id
   * and the cap table are written in, and the message is sent framed in its own memory. It is
   * not written again: pipelined calls on the answer read the results from it until Finish.
   */
  private sendReturnAsBuilt(answer: Answer, response: Response, message: OutgoingMessage): void {
    const skeleton = resultsSkeleton();
    const segment = message.arena.first;
    segment.view.setUint32(skeleton.body + RETURN_ANSWER_ID, answer.id, true);
    try {
      answer.resultExports = this.writeCapTable(message, segment, skeleton.capTable, response.capTable);
    } catch (error) {
      // The results could not be described (a limit): the caller gets the error.
      this.unreturned(answer, response, error);
      return;
    }
    const bytes = message.framedInPlace();
    if (bytes.length > this.options.maxOutgoingMessageBytes) {
      this.unreturned(answer, response, this.oversizedError('the results', bytes.length));
      return;
    }
    this.sendBytes(bytes);
    if (response.capCount > 0) response.pinCapabilities((cap) => this.pinForPeer(cap));
    if (answer.finished) this.forgetAnswer(answer);
    else if (answer.heldBuffer !== null) this.keepResults(answer, response);
  }

  /**
   * Results that cannot be sent (a limit, or larger than the peer would take): the references
   * their cap table counted are given back, and the caller gets `error` instead.
   */
  private unreturned(answer: Answer, response: Response, error: unknown): void {
    this.releaseExports(answer.resultExports);
    answer.resultExports = null;
    answer.returned = false;
    answer.response = null;
    response.release();
    this.returnException(answer, error);
  }

  private returnException(answer: Answer, error: unknown): void {
    if (answer.returned || this.closeError !== null) return;
    answer.returned = true;
    if (answer.response === null) this.settleAnswer(answer, null, toRpcError(error));
    const message = this.scratch;
    if (answer.redirect) {
      // A tail call the peer sent here (sendResultsTo.yourself) returns resultsSentElsewhere
      // whatever its outcome: the error reaches the peer's caller through the question that
      // takes these results (takeFromOtherQuestion). The C++ implementation aborts the
      // connection on any other Return for a tail call.
      this.initReturn(message, answer, RETURN_IS_RESULTS_SENT_ELSEWHERE);
    } else {
      const ret = this.initReturn(message, answer, RETURN_IS_EXCEPTION);
      writeException(initException(ret, RETURN_EXCEPTION), toRpcError(error), this.reasonBytes);
    }
    this.flush(message);
    if (answer.finished) this.forgetAnswer(answer);
  }

  private handleFinish(finish: StructReader): void {
    const answer = this.answers.get(finish.getUint32(FINISH_QUESTION_ID));
    // A Finish for an answer we already forgot is allowed (we may have said noFinishNeeded).
    if (answer === undefined || answer.finished) return;
    answer.finished = true;
    if (finish.getBool(FINISH_RELEASE_RESULT_CAPS, FINISH_RELEASE_RESULT_CAPS_DEFAULT)) this.releaseExports(answer.resultExports);
    answer.resultExports = null;
    if (!answer.returned) {
      answer.result?.cancel();
      answer.returned = true;
      this.settleAnswer(answer, null, canceledError());
      const message = this.scratch;
      this.initReturn(message, answer, RETURN_IS_CANCELED);
      this.flush(message);
    }
    answer.response?.release();
    answer.response = null;
    const tail = answer.tailQuestion;
    answer.tailQuestion = null;
    // The caller no longer wants the results our tail call was to hand it: the tail call is
    // canceled, which also settles it for the server method waiting on it (whose params go
    // back then). Finishing it without settling it left the method, and its params, waiting.
    tail?.cancel();
    this.forgetAnswer(answer);
  }

  private handleReturn(ret: StructReader, arena: Arena): void {
    const id = ret.getUint32(RETURN_ANSWER_ID);
    const question = this.questions.get(id);
    if (question === undefined) throw protocolError(`Return names question ${id}, which is not outstanding`);
    if (question.returned) throw protocolError(`a second Return for question ${id}`);
    question.returned = true;
    try {
      this.takeReturn(question, ret, arena);
    } catch (error) {
      // A Return we cannot take: the call fails with the connection's error, like every call
      // that has not returned when the connection ends.
      question.returned = false;
      throw error;
    }
  }

  private takeReturn(question: Question, ret: StructReader, arena: Arena): void {
    question.noFinishNeeded = ret.getBool(RETURN_NO_FINISH_NEEDED);
    if (ret.getBool(RETURN_RELEASE_PARAM_CAPS, RETURN_RELEASE_PARAM_CAPS_DEFAULT)) this.releaseExports(question.paramExports);
    question.paramExports = null;
    if (question.finishSent || question.canceled) {
      // We canceled it (Finish with releaseResultCaps, sent or waiting for the last pin):
      // whatever came back is released by that Finish, not imported.
      if (question.finishSent) this.questions.delete(question.id);
      return;
    }
    const which = ret.getUint16(RETURN_WHICH);
    switch (which) {
      case RETURN_IS_RESULTS: {
        const payload = ret.getStruct(RETURN_RESULTS);
        const caps = this.importCapTable(payload, arena);
        const response = new Response(payload.getPointer(PAYLOAD_CONTENT), caps);
        question.settle(response);
        // Nobody awaits a bootstrap question itself: its one capability lives on in the pipeline.
        if (question.bootstrap) response.release();
        break;
      }
      case RETURN_IS_EXCEPTION:
        question.fail(readException(ret.getStruct(RETURN_EXCEPTION)));
        break;
      case RETURN_IS_CANCELED:
        question.fail(canceledError());
        break;
      case RETURN_IS_RESULTS_SENT_ELSEWHERE:
        question.settle(emptyResponse());
        break;
      case RETURN_IS_TAKE_FROM_OTHER_QUESTION: {
        const other = ret.getUint32(RETURN_TAKE_FROM_OTHER_QUESTION);
        const answer = this.answers.get(other);
        if (answer === undefined || answer.result === null || !answer.redirect) {
          throw protocolError(`takeFromOtherQuestion names answer ${other}, which was not sent to us with sendResultsTo.yourself`);
        }
        answer.result.promise.then(
          (response) => question.settle(new Response(response.content, response.capTable.map((cap) => (cap as ClientHook).addRef()))),
          (error: unknown) => question.fail(toRpcError(error)),
        ).finally(() => this.finishQuestion(question));
        return;
      }
      default:
        question.fail(unimplementedError(`the peer returned ${which === RETURN_IS_AWAIT_FROM_THIRD_PARTY ? 'awaitFromThirdParty' : 'an unknown kind of result'}, which needs a newer protocol level`));
    }
    this.finishQuestion(question);
  }

  private handleResolve(resolve: StructReader, arena: Arena): void {
    const id = resolve.getUint32(RESOLVE_PROMISE_ID);
    // Looked up first: a descriptor naming this same id must not find the import it makes itself.
    const entry = this.imports.get(id);
    let resolution: ClientHook;
    if (resolve.getUint16(RESOLVE_WHICH) === RESOLVE_IS_CAP) {
      arena.capTable = [];
      resolution = this.importDescriptor(resolve.getStruct(RESOLVE_CAP));
    } else {
      resolution = new BrokenHook(readException(resolve.getStruct(RESOLVE_EXCEPTION)));
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
    // A promise we described to the peer as its own keeps its id while pinned (pinned-hook.ts).
    if (hook.pinned) {
      hook.releaseWhenUnpinned = true;
      return;
    }
    // The promise's entry is no longer needed: its resolution carries the calls from now on.
    this.imports.delete(id);
    const refs = entry.remoteRefs;
    hook.importId = -1;
    this.sendRelease(id, refs);
  }

  private handleRelease(release: StructReader): void {
    this.releaseExport(release.getUint32(RELEASE_ID), release.getUint32(RELEASE_REFERENCE_COUNT));
  }

  private handleDisembargo(message: StructReader): void {
    const disembargo = message.getStruct(MESSAGE_BODY);
    switch (disembargo.getUint16(DISEMBARGO_CONTEXT_WHICH)) {
      case CONTEXT_IS_SENDER_LOOPBACK: {
        const hook = this.resolveTarget(disembargo.getStruct(DISEMBARGO_TARGET));
        try {
          const target = hook.resolved();
          if (!(target instanceof RemoteHook) || target.connection !== this || !target.isLive()) {
            throw protocolError('Disembargo senderLoopback names a capability that does not resolve back to the sender');
          }
          this.writeDisembargo(target, CONTEXT_IS_RECEIVER_LOOPBACK, CONTEXT_RECEIVER_LOOPBACK, disembargo.getUint32(CONTEXT_SENDER_LOOPBACK));
        } finally {
          hook.release();
        }
        return;
      }
      case CONTEXT_IS_RECEIVER_LOOPBACK: {
        const id = disembargo.getUint32(CONTEXT_RECEIVER_LOOPBACK);
        const hook = this.embargoes.delete(id);
        if (hook === undefined) throw protocolError(`Disembargo receiverLoopback for embargo ${id}, which does not exist`);
        hook.liftEmbargo();
        return;
      }
      default:
        this.replyUnimplemented(message);
    }
  }

  private handleAbort(exception: StructReader): void {
    const error = readException(exception);
    this.shutdown(new RpcError(error.type === 'failed' ? 'disconnected' : error.type, `the peer aborted the connection: ${error.message}`, { remoteTrace: error.remoteTrace }));
  }

  private handleUnimplemented(message: StructReader): void {
    switch (message.getUint16(MESSAGE_WHICH)) {
      case MESSAGE_IS_RESOLVE: {
        // The peer cannot take Resolve: it behaves as if it released what the promise became.
        const resolve = message.getStruct(MESSAGE_BODY);
        if (resolve.getUint16(RESOLVE_WHICH) !== RESOLVE_IS_CAP) return;
        const cap = resolve.getStruct(RESOLVE_CAP);
        if (cap.getUint16(CAP_DESCRIPTOR_WHICH) === CAP_DESCRIPTOR_IS_SENDER_HOSTED) this.releaseExport(cap.getUint32(CAP_DESCRIPTOR_SENDER_HOSTED), 1);
        return;
      }
      case MESSAGE_IS_CALL:
        return this.unanswered(message.getStruct(MESSAGE_BODY).getUint32(CALL_QUESTION_ID), 'calls');
      case MESSAGE_IS_BOOTSTRAP:
        return this.unanswered(message.getStruct(MESSAGE_BODY).getUint32(BOOTSTRAP_QUESTION_ID), 'Bootstrap');
      default:
        // Nothing else we send needs an answer to be undone.
        return;
    }
  }

  /**
   * The peer answered our Call or Bootstrap `id` with Unimplemented: the question is over (no
   * Return and no Finish will follow), and the capabilities its params exported are given back.
   */
  private unanswered(id: number, what: string): void {
    const question = this.questions.get(id);
    if (question === undefined || question.returned) return;
    // Given back before the question counts as returned: a peer that released them already
    // breaks the protocol, and the connection's end must then still fail this call.
    if (question.paramExports !== null) for (const exported of question.paramExports) this.releaseExport(exported, 1);
    question.paramExports = null;
    question.returned = true;
    question.fail(unimplementedError(`the peer does not implement ${what}`));
    question.finishSent = true;
    this.questions.delete(id);
  }
}

export type { AnyPointerReader, NO_OPTIONS };

/** The hook for what the `bootstrap` option gave (`made`: by its function, for this connection). */
function bootstrapHookOf(source: unknown, made: boolean): ClientHook {
  if (source instanceof Client && !source.closed) {
    const hook = source.$hook.addRef();
    // A client made for this connection is the connection's: nobody else holds it to close.
    if (made) source.close();
    return hook;
  }
  if (typeof (source as CapabilityServer | null)?.dispatch === 'function') return new LocalHook(source as CapabilityServer);
  let what: string;
  if (source instanceof Client) what = 'a closed client';
  else if (source === null || typeof source !== 'object') what = source === null ? 'null' : typeof source;
  else if (typeof (source as PromiseLike<unknown>).then === 'function') {
    // Not waited for (the option takes a capability), nor left an unhandled rejection.
    (source as Promise<unknown>).then(undefined, ignoreRejection);
    what = 'a promise';
  } else what = 'an implementation not yet served';
  return new BrokenHook(new RpcError('failed', `the bootstrap option ${made ? 'returned' : 'is'} ${what}, not a capability (serve an implementation with X.serve(impl))`));
}

/**
 * What results without capabilities leave for pipelined calls: a null root (one instance, over
 * 8 bytes of its own rather than a piece of a pool slab, which it would keep alive for good).
 */
let noCapabilitiesResponse: Response | null = null;

function noCapabilities(): Response {
  return (noCapabilitiesResponse ??= new Response(new AnyPointerReader(Arena.forConstant(new Uint8Array(8)).first, 0, NO_NESTING_LIMIT), []));
}

/** The memory the message `content` lies in keeps alive: each distinct buffer under its segments. */
function pinnedBytes(content: AnyPointerReader): number {
  const segments = content.segment.arena.segments;
  const first = segments[0]!.bytes.buffer;
  let total = first.byteLength;
  for (let i = 1; i < segments.length; i++) {
    const buffer = segments[i]!.bytes.buffer;
    if (buffer !== first) total += buffer.byteLength;
  }
  return total;
}
