/**
 * The state of one RPC connection (the protocol engine of rpc.capnp, level 1, between this vat
 * and one peer), apart from the message handling that `connection.ts` adds on top of it.
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
 *
 * This base class holds those tables and everything that keeps them consistent: the options,
 * capabilities written into and read out of cap tables (exports and imports), questions freed
 * and answers settled, and the end of the connection, which empties every table. `Connection`
 * (connection.ts) extends it with what the connection sends and receives.
 */
import { CapnpError, checkLimit, DEFAULT_MAX_SEGMENTS, ElementSize, initStructListAt, resolveReaderOptions, type Arena, type ResolvedReaderOptions, type Segment, type StructBuilder, type StructReader } from '../wire/index.js';
import { describeValue } from '../wire/core/describe-value.js';
import { finishBytes, releaseBytes } from './canned-frames.js';
import type { Client } from './client.js';
import { disconnectedError, malformedError, protocolError, RpcError, toRpcError } from './errors.js';
import {
  BrokenHook, ClientHook, peekHook, Response, type CallOptions, type Params, type Request,
} from './hook.js';
import type { CapabilityServer } from './local-hook.js';
import { OutgoingMessage } from './outgoing-message.js';
import { PromiseHook } from './promise-hook.js';
import { IdTable } from './id-table.js';
import { PeerIdTable } from './peer-id-table.js';
import { ExportedRef } from './exported-ref.js';
import { LoopbackHook } from './loopback-hook.js';
import { PinnedRemoteHook } from './pinned-hook.js';
import { initException, initMessage, readTransform, writeException, writeTransform } from './message-fields.js';
import {
  CAP_DESCRIPTOR_IS_NONE, CAP_DESCRIPTOR_IS_RECEIVER_ANSWER, CAP_DESCRIPTOR_IS_RECEIVER_HOSTED, CAP_DESCRIPTOR_IS_SENDER_HOSTED,
  CAP_DESCRIPTOR_IS_SENDER_PROMISE, CAP_DESCRIPTOR_IS_THIRD_PARTY_HOSTED, CAP_DESCRIPTOR_POINTERS, CAP_DESCRIPTOR_RECEIVER_ANSWER,
  CAP_DESCRIPTOR_RECEIVER_HOSTED, CAP_DESCRIPTOR_SENDER_HOSTED, CAP_DESCRIPTOR_SENDER_PROMISE, CAP_DESCRIPTOR_THIRD_PARTY_HOSTED,
  CAP_DESCRIPTOR_WHICH, CAP_DESCRIPTOR_WORDS, EXCEPTION_POINTERS, EXCEPTION_WORDS, MESSAGE_IS_ABORT, MESSAGE_IS_RESOLVE,
  MESSAGE_TARGET_IMPORTED_CAP, MESSAGE_TARGET_IS_IMPORTED_CAP, MESSAGE_TARGET_IS_PROMISED_ANSWER, MESSAGE_TARGET_PROMISED_ANSWER,
  MESSAGE_TARGET_WHICH, PAYLOAD_CAP_TABLE, PROMISED_ANSWER_POINTERS, PROMISED_ANSWER_QUESTION_ID, PROMISED_ANSWER_WORDS,
  RESOLVE_CAP, RESOLVE_EXCEPTION, RESOLVE_IS_CAP, RESOLVE_IS_EXCEPTION, RESOLVE_POINTERS, RESOLVE_PROMISE_ID, RESOLVE_WHICH,
  RESOLVE_WORDS, THIRD_PARTY_CAP_DESCRIPTOR_VINE_ID,
} from './protocol/layout.js';
import { RemoteHook } from './remote-hook.js';
import { Answer, Export, Import, Question } from './table-entries.js';
import type { Transport } from './transport.js';
import type { Connection } from './connection.js';

export interface ConnectionOptions {
  /**
   * What the peer gets when it asks for our bootstrap capability: a client, a server to wrap,
   * or a function that makes one for this connection (called at the first request). The
   * connection owns what the function returns: it releases it when the connection ends.
   */
  bootstrap?: Client | CapabilityServer | ((connection: Connection) => Client | CapabilityServer) | null;
  /** Largest incoming message, in bytes. Default 64 MiB. */
  maxMessageBytes?: number;
  /**
   * Largest message this connection sends, in bytes, framed. Default: `maxMessageBytes`, as the
   * C++ implementation does, on the assumption that the peer's limit is the same: a peer aborts
   * the connection on a message over its limit, failing every call and capability on it. So a
   * call whose message would be larger fails here (`MESSAGE_TOO_LARGE`, nothing sent), a
   * method's results that would be are answered with an exception saying so, and an
   * exception's reason is cut to fit. `Infinity` sends anything.
   */
  maxOutgoingMessageBytes?: number;
  /**
   * Traversal limit for each incoming message, in words. Default: in proportion to the message
   * (64 words per word of it, at least 32 Ki words, as `ReaderOptions`' default), up to
   * maxMessageBytes / 8; so reading a message's params, however they point, costs work in
   * proportion to the bytes the peer sent. Given, it is taken as it is.
   */
  traversalLimitInWords?: number;
  /** Nesting limit for incoming messages. Default 64. */
  nestingLimit?: number;
  /** Segments allowed in an incoming message. Default 512. */
  maxSegments?: number;
  /** Capabilities allowed in one incoming message's cap table. Default 1024. */
  maxCapsPerMessage?: number;
  /**
   * Capabilities this connection sends in one message. Default 1024, the limit a Capstan peer
   * takes by default (`maxCapsPerMessage`), which ends the connection on a message of more: so
   * a call that would carry more fails here, nothing sent, and results that would are answered
   * with an exception saying so. Not tied to `maxCapsPerMessage`, which a server that takes no
   * capabilities sets to 0 while handing out its own. `Infinity` sends any number.
   */
  maxOutgoingCapsPerMessage?: number;
  /** Calls from the peer that may be outstanding at once (the answer table). Default 16384. */
  maxAnswers?: number;
  /** Our capabilities the peer may hold at once (the export table). Default 65536. */
  maxExports?: number;
  /**
   * Bytes this side may hold for the peer's calls at once: the memory each call's message lies
   * in, from its arrival until the peer's Finish, and the memory of the results it was answered
   * with until then, if they hold capabilities (kept for calls pipelined on them; results
   * without any are let go as they are sent). A message's memory is its buffer, counted once
   * however many held calls share it: a message read from a socket is a view of the chunk it
   * arrived in, and a small one is read from a copy in a 16 KiB slab shared with the messages
   * around it. A call that arrives while the calls held, with it, would pass the limit is
   * answered at once with an `overloaded` exception and not run; one arriving when nothing is
   * held always runs. Default 64 MiB. Without it, a peer that makes calls which do not return at
   * once (or never sends Finish) makes this side hold up to `maxAnswers` messages.
   */
  maxHeldBytes?: number;
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

/**
 * The connection's limits, defaults filled in. Each given limit must be a whole number of at
 * least 0, or Infinity (`checkLimit`): a NaN or a string would compare false against every size
 * and lift the limit it names. Servers call this when they start (`listen`, ...), so a wrong
 * option fails there rather than at each connection.
 */
export function resolveConnectionOptions(options: ConnectionOptions): Required<Omit<ConnectionOptions, 'bootstrap'>> {
  const maxMessageBytes = checkLimit(options.maxMessageBytes, DEFAULT_MAX_MESSAGE_BYTES, 'maxMessageBytes');
  return {
    maxMessageBytes,
    maxOutgoingMessageBytes: checkLimit(options.maxOutgoingMessageBytes, maxMessageBytes, 'maxOutgoingMessageBytes'),
    traversalLimitInWords: checkLimit(options.traversalLimitInWords, Math.ceil(maxMessageBytes / 8), 'traversalLimitInWords'),
    nestingLimit: checkLimit(options.nestingLimit, 64, 'nestingLimit'),
    maxSegments: checkLimit(options.maxSegments, DEFAULT_MAX_SEGMENTS, 'maxSegments'),
    maxCapsPerMessage: checkLimit(options.maxCapsPerMessage, 1024, 'maxCapsPerMessage'),
    maxOutgoingCapsPerMessage: checkLimit(options.maxOutgoingCapsPerMessage, 1024, 'maxOutgoingCapsPerMessage'),
    maxAnswers: checkLimit(options.maxAnswers, 16384, 'maxAnswers'),
    maxExports: checkLimit(options.maxExports, 65536, 'maxExports'),
    maxHeldBytes: checkLimit(options.maxHeldBytes, DEFAULT_MAX_HELD_BYTES, 'maxHeldBytes'),
    streamWindowBytes: checkLimit(options.streamWindowBytes, 256 * 1024, 'streamWindowBytes'),
    tailCallsToCaller: options.tailCallsToCaller ?? false,
  };
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
  /** Bytes held for the peer's calls until its Finish: their messages' buffers and their results (`maxHeldBytes`). */
  heldBytes: number;
}

export type ConnectionState = 'open' | 'closed';

/** The default largest message a connection (and its transport) takes from the peer. */
export const DEFAULT_MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

/**
 * The largest buffer a connection keeps a reference to between calls, to find it again at the
 * next call without a lookup (`holdBuffer`, and Connection's `bufferOf`): the read slab small
 * messages are copied into is 16 KiB, and a larger message's buffer must not outlive its call.
 */
export const KEPT_BUFFER_BYTES = 64 * 1024;

/** The default of `maxHeldBytes`: the peer's calls and their results a connection holds at once. */
const DEFAULT_MAX_HELD_BYTES = 64 * 1024 * 1024;

/**
 * Room for all of a message carrying an exception (Return, Resolve or Abort) but the reason's
 * Text: in one segment, the frame, the Message, a Return, the Exception struct and the Text's
 * NUL and padding take 96 bytes; a long reason in a segment of its own adds a landing pad and
 * an entry of the segment table.
 */
const EXCEPTION_MESSAGE_BYTES = 128;


export abstract class ConnectionTables {
  readonly options: Required<Omit<ConnectionOptions, 'bootstrap'>>;
  /** The options' limits on reading, resolved once for every message the peer sends. */
  protected readonly readLimits: ResolvedReaderOptions;
  protected readonly questions = new IdTable<Question>();
  protected readonly answers = new PeerIdTable<Answer>();
  /** What the answers hold (see `maxHeldBytes`): each held buffer's length once, and their `heldBytes`. */
  protected heldBytes = 0;
  /** The buffer most held Calls lie in, the answers holding it, and its length (`holdBuffer`). */
  private currentHeld: ArrayBufferLike | null = null;
  private currentHolders = 0;
  private currentHeldBytes = 0;
  /** The other buffers held Calls lie in, each with the number of answers holding it. */
  private readonly heldBuffers = new Map<ArrayBufferLike, number>();
  private readonly exports = new IdTable<Export>();
  private readonly exportIds = new Map<ClientHook, number>();
  protected readonly imports = new PeerIdTable<Import>();
  protected readonly embargoes = new IdTable<RemoteHook>();
  protected bootstrapHook: ClientHook | null = null;
  protected bootstrapSource: ConnectionOptions['bootstrap'];
  protected readonly scratch = new OutgoingMessage(64);
  protected readonly callBuilders: OutgoingMessage[] = [];
  protected closeError: RpcError | null = null;
  private readonly listeners: Array<(error: RpcError) => void> = [];
  /** Resolves when the connection ends, with the reason. */
  readonly closed: Promise<RpcError>;
  private resolveClosed!: (error: RpcError) => void;

  constructor(private readonly transport: Transport, options: ConnectionOptions = {}) {
    // A socket handed over as it is (`new Connection(socket)`) failed with "transport.start is
    // not a function".
    if (typeof transport?.start !== 'function' || typeof transport.send !== 'function' || typeof transport.close !== 'function') {
      throw new CapnpError('INVALID_ARGUMENT', `a Connection runs over a Transport (start, send, close): wrap a socket in SocketTransport, WebSocketTransport or MessagePortTransport; got ${describeValue(transport)}`);
    }
    this.options = resolveConnectionOptions(options);
    // Without a limit given, the budget scales with each message up to the cap above.
    this.readLimits = resolveReaderOptions({ ...this.options, scaleTraversalLimit: options.traversalLimitInWords === undefined });
    this.bootstrapSource = options.bootstrap ?? null;
    this.closed = new Promise((resolve) => { this.resolveClosed = resolve; });
    transport.start((message) => this.receive(message), (error) => {
      if (error instanceof CapnpError && !(error instanceof RpcError)) {
        // The transport could not frame what the peer sent (a limit, a broken segment table).
        this.abort(malformedError(error));
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
      heldBytes: this.heldBytes,
    };
  }

  /** Ends the connection: pending calls fail with `disconnected`, and the transport closes. */
  close(reason = 'the connection was closed locally'): Promise<RpcError> {
    this.shutdown(disconnectedError(reason));
    return this.closed;
  }

  // ---- sending ----------------------------------------------------------------------------

  /**
   * Sends the message built in `message`, then resets it for reuse. The protocol's own messages
   * (Bootstrap, Resolve, Disembargo, an exception's Return, Abort) go whatever their size: they
   * are small, and an exception's reason is cut to fit (`reasonBytes`).
   */
  protected flush(message: OutgoingMessage): void {
    this.flushWithin(message, Infinity);
  }

  /**
   * `flush`, unless the framed message is larger than `limit`: then it is reset but not sent,
   * and its length returned (0 when sent).
   */
  protected flushWithin(message: OutgoingMessage, limit: number): number {
    if (this.closeError !== null) {
      message.reset();
      return 0;
    }
    const bytes = message.toBytes();
    message.reset();
    if (bytes.length > limit) return bytes.length;
    this.transport.send(bytes);
    return 0;
  }

  /** Sends a framed message (unless the connection has ended). */
  protected sendBytes(bytes: Uint8Array): void {
    if (this.closeError === null) this.transport.send(bytes);
  }

  /**
   * The error for `what` (a call, results) whose framed message of `bytes` is larger than this
   * connection sends (`maxOutgoingMessageBytes`). Callers compare the length they framed with
   * the limit first, so a message that fits costs one comparison.
   */
  protected oversizedError(what: string, bytes: number): RpcError {
    const limit = this.options.maxOutgoingMessageBytes;
    return new RpcError('failed', `${what} would be a message of ${bytes} bytes, over the ${limit}-byte limit of the connection sending it (maxOutgoingMessageBytes): not sent`, { code: 'MESSAGE_TOO_LARGE' });
  }

  /** The room an exception's reason has in a message this connection sends. */
  protected get reasonBytes(): number {
    return Math.max(0, this.options.maxOutgoingMessageBytes - EXCEPTION_MESSAGE_BYTES);
  }

  /** Gives back the references counted for cap table descriptors (`writeCapTable`) that the peer will not get. */
  protected releaseExports(ids: readonly number[] | null): void {
    if (ids !== null) for (const id of ids) this.releaseExport(id, 1);
  }

  /**
   * Writes the descriptors of `message`'s cap table (or of `taken`) into the payload's cap table
   * pointer at byte `at` of `segment`; returns the exports it counted.
   */
  protected writeCapTable(message: OutgoingMessage, segment: Segment, at: number, taken: readonly unknown[] | null = null): number[] | null {
    const caps = taken ?? message.capTable;
    if (caps.length === 0) return null;
    if (caps.length > this.options.maxOutgoingCapsPerMessage) throw this.tooManyCapsError(caps.length);
    const table = initStructListAt(segment, at, caps.length, CAP_DESCRIPTOR_WORDS, CAP_DESCRIPTOR_POINTERS);
    const exported: number[] = [];
    try {
      for (let i = 0; i < caps.length; i++) this.writeDescriptor(caps[i], table.getStruct(i), exported);
    } catch (error) {
      // A limit part way through: the message is not sent, so the references counted for the
      // descriptors before it are the peer's in no table but ours. Give them back.
      this.releaseExports(exported);
      throw error;
    }
    return exported;
  }

  /** The error for a message that would carry `count` capabilities, more than this connection sends (`maxOutgoingCapsPerMessage`). */
  private tooManyCapsError(count: number): RpcError {
    return new RpcError('failed', `the message would carry ${count} capabilities, more than the ${this.options.maxOutgoingCapsPerMessage} this connection sends in one (maxOutgoingCapsPerMessage; a Capstan peer ends the connection on more than its maxCapsPerMessage, 1024 by default): not sent`);
  }

  /** Writes what `entry` is into a new CapDescriptor (a struct builder of that size). */
  private writeDescriptor(entry: unknown, descriptor: StructBuilder, exported: number[]): void {
    const given = peekHook(entry);
    if (given === null) {
      descriptor.setUint16(CAP_DESCRIPTOR_WHICH, CAP_DESCRIPTOR_IS_NONE);
      return;
    }
    const hook = given.resolved();
    const peers = this.peerCapability(hook);
    if (peers !== null) {
      if (peers.importId >= 0) {
        descriptor.setUint16(CAP_DESCRIPTOR_WHICH, CAP_DESCRIPTOR_IS_RECEIVER_HOSTED);
        descriptor.setUint32(CAP_DESCRIPTOR_RECEIVER_HOSTED, peers.importId);
      } else {
        descriptor.setUint16(CAP_DESCRIPTOR_WHICH, CAP_DESCRIPTOR_IS_RECEIVER_ANSWER);
        const answer = descriptor.initStruct(CAP_DESCRIPTOR_RECEIVER_ANSWER, PROMISED_ANSWER_WORDS, PROMISED_ANSWER_POINTERS);
        answer.setUint32(PROMISED_ANSWER_QUESTION_ID, peers.question!.id);
        writeTransform(answer, peers.path);
      }
      return;
    }
    let id = this.exportIds.get(hook);
    let entryRecord: Export;
    let next: Promise<ClientHook> | null = null;
    const made = id === undefined;
    if (id === undefined) {
      if (this.exports.size >= this.options.maxExports) {
        throw new RpcError('overloaded', `too many capabilities exported on this connection (limit ${this.options.maxExports})`);
      }
      entryRecord = new Export(hook.addRef());
      id = this.exports.add(entryRecord);
      entryRecord.id = id;
      this.exportIds.set(hook, id);
      next = hook.whenMoreResolved();
      entryRecord.sentAsPromise = next !== null || hook.brokenError !== null;
    } else {
      entryRecord = this.exports.get(id)!;
    }
    entryRecord.refs++;
    exported.push(id);
    if (!entryRecord.sentAsPromise) {
      descriptor.setUint16(CAP_DESCRIPTOR_WHICH, CAP_DESCRIPTOR_IS_SENDER_HOSTED);
      descriptor.setUint32(CAP_DESCRIPTOR_SENDER_HOSTED, id);
      return;
    }
    // A promise, or a broken capability (which a descriptor cannot carry: it is exported as a
    // promise and broken at once by the Resolve that follows).
    descriptor.setUint16(CAP_DESCRIPTOR_WHICH, CAP_DESCRIPTOR_IS_SENDER_PROMISE);
    descriptor.setUint32(CAP_DESCRIPTOR_SENDER_PROMISE, id);
    if (!made) return;
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
    const startResolve = () => {
      const resolve = initMessage(message, MESSAGE_IS_RESOLVE, RESOLVE_WORDS, RESOLVE_POINTERS);
      resolve.setUint32(RESOLVE_PROMISE_ID, entry.id);
      return resolve;
    };
    const target = resolution.resolved();
    let failure = target.brokenError;
    if (failure === null) {
      const resolve = startResolve();
      try {
        resolve.setUint16(RESOLVE_WHICH, RESOLVE_IS_CAP);
        this.writeDescriptor(target, resolve.initStruct(RESOLVE_CAP, CAP_DESCRIPTOR_WORDS, CAP_DESCRIPTOR_POINTERS), []);
      } catch (error) {
        message.reset();
        const rpcError = toRpcError(error);
        // One export too many (maxExports): this promise breaks, as a call whose results would
        // export too many fails; the connection, and every other capability on it, carries on.
        if (rpcError.type !== 'overloaded') {
          this.abort(rpcError);
          return;
        }
        failure = rpcError;
      }
    }
    if (failure !== null) {
      const resolve = startResolve();
      resolve.setUint16(RESOLVE_WHICH, RESOLVE_IS_EXCEPTION);
      writeException(initException(resolve, RESOLVE_EXCEPTION), failure, this.reasonBytes);
    }
    this.flush(message);
    entry.resolveSent = true;
    if (failure === null) entry.pinned = this.pinForPeer(target);
  }

  /**
   * What messages the peer addresses to a capability we just described to it in a Return or a
   * Resolve must reach from now on, when we described it as the peer's own (receiverHosted or
   * receiverAnswer): that import or question, pinned, whatever it resolves to later (see
   * pinned-hook.ts). Null for anything else (ours, or another connection's), which messages
   * reach as they are.
   */
  protected pinForPeer(cap: ClientHook): ClientHook | null {
    const peers = this.peerCapability(cap.resolved());
    return peers === null ? null : new PinnedRemoteHook(peers);
  }

  /**
   * `hook` (a resolved one) if a descriptor names it as the peer's own: an import of this
   * connection, or a capability promised by one of our questions that has not returned.
   */
  private peerCapability(hook: ClientHook): RemoteHook | null {
    if (!(hook instanceof RemoteHook) || hook.connection !== this || !hook.isLive()) return null;
    if (hook.importId >= 0 || (hook.question !== null && !hook.question.returned)) return hook;
    return null;
  }

  /** An import that resolved while pinned, once the last pin is gone: give the peer back its references. */
  releaseResolvedImport(hook: RemoteHook): void {
    this.dropImport(hook);
    hook.importId = -1;
  }

  private sendFinish(question: Question, releaseResultCaps: boolean): void {
    this.sendBytes(finishBytes(question.id, releaseResultCaps));
  }

  /** Question `question` is done with on our side: free its id once the Return is in too. */
  finishQuestion(question: Question): void {
    if (question.finishSent) return;
    // We told the peer its answer is one of our capabilities: kept until unpinned, returned or
    // not (a Disembargo the peer sends there must find it; the C++ implementation likewise
    // keeps a question while a pipelined client of it exists).
    if (question.pinned && this.closeError === null) {
      question.finishWhenUnpinned = true;
      return;
    }
    question.finishSent = true;
    // A question we canceled never imports its results: the peer releases them.
    if (!question.noFinishNeeded) this.sendFinish(question, question.canceled);
    if (question.returned) this.questions.delete(question.id);
  }

  allocateQuestion(question: Question): number {
    return this.questions.add(question);
  }

  sendRelease(importId: number, count: number): void {
    this.sendBytes(releaseBytes(importId, count));
  }

  /** A local import handle was dropped: give the peer back every reference it sent us. */
  dropImport(hook: RemoteHook): void {
    const entry = this.imports.get(hook.importId);
    if (entry === undefined || entry.hook !== hook) return;
    this.imports.delete(hook.importId);
    if (this.closeError === null) this.sendRelease(hook.importId, entry.remoteRefs);
  }

  /** Imports the capabilities a received Payload's cap table describes, as the cap table of its message (`arena`). */
  protected importCapTable(payload: StructReader, arena: Arena): unknown[] {
    if (!payload.hasPointer(PAYLOAD_CAP_TABLE)) {
      arena.capTable = [];
      return arena.capTable;
    }
    const table = payload.getList(PAYLOAD_CAP_TABLE, ElementSize.INLINE_COMPOSITE);
    if (table.length > this.options.maxCapsPerMessage) {
      throw protocolError(`a message carries ${table.length} capabilities; the limit is ${this.options.maxCapsPerMessage}`);
    }
    const caps: unknown[] = new Array(table.length);
    for (let i = 0; i < table.length; i++) {
      try {
        caps[i] = this.importDescriptor(table.getStruct(i));
      } catch (error) {
        // A bad descriptor: the references taken for the ones before it are given back.
        for (let j = 0; j < i; j++) (caps[j] as ClientHook).release();
        throw error;
      }
    }
    arena.capTable = caps;
    return caps;
  }

  /** The hook a received descriptor names (a new reference). */
  protected importDescriptor(descriptor: StructReader): ClientHook {
    switch (descriptor.getUint16(CAP_DESCRIPTOR_WHICH)) {
      case CAP_DESCRIPTOR_IS_NONE: return new BrokenHook(null);
      case CAP_DESCRIPTOR_IS_SENDER_HOSTED: return this.importCap(descriptor.getUint32(CAP_DESCRIPTOR_SENDER_HOSTED), false);
      case CAP_DESCRIPTOR_IS_SENDER_PROMISE: return this.importCap(descriptor.getUint32(CAP_DESCRIPTOR_SENDER_PROMISE), true);
      case CAP_DESCRIPTOR_IS_RECEIVER_HOSTED: return this.blockLoopback(this.namedExport(descriptor.getUint32(CAP_DESCRIPTOR_RECEIVER_HOSTED)));
      case CAP_DESCRIPTOR_IS_RECEIVER_ANSWER: return this.blockLoopback(this.promisedCapability(descriptor.getStruct(CAP_DESCRIPTOR_RECEIVER_ANSWER), 'receiverAnswer'));
      case CAP_DESCRIPTOR_IS_THIRD_PARTY_HOSTED:
        // Level 3 is not implemented: use the vine, as the protocol allows.
        return this.importCap(descriptor.getStruct(CAP_DESCRIPTOR_THIRD_PARTY_HOSTED).getUint32(THIRD_PARTY_CAP_DESCRIPTOR_VINE_ID), false);
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

  /** The capability a received MessageTarget names (a new reference). */
  protected resolveTarget(target: StructReader): ClientHook {
    switch (target.getUint16(MESSAGE_TARGET_WHICH)) {
      case MESSAGE_TARGET_IS_IMPORTED_CAP: return this.exportedCapability(target.getUint32(MESSAGE_TARGET_IMPORTED_CAP), 'a message target');
      case MESSAGE_TARGET_IS_PROMISED_ANSWER: return this.promisedCapability(target.getStruct(MESSAGE_TARGET_PROMISED_ANSWER), 'a message target');
      default:
        throw protocolError('unknown kind of message target');
    }
  }

  /**
   * `hook`, one of ours that the peer named, unless it leads back over this connection: then
   * wrapped so that a promise resolving to it embargoes (see loopback-hook.ts). Takes over the
   * reference.
   */
  private blockLoopback(hook: ClientHook): ClientHook {
    const leads = hook.resolved();
    return leads instanceof RemoteHook && leads.connection === this ? new LoopbackHook(hook) : hook;
  }

  /**
   * Our export `id`, named by the peer in a `receiverHosted` descriptor (a new reference): a
   * promise not yet resolved is followed wherever the peer's messages to it will go once we
   * send its Resolve (see exported-ref.ts).
   */
  private namedExport(id: number): ClientHook {
    const entry = this.exportEntry(id, 'receiverHosted');
    if (entry.sentAsPromise && !entry.resolveSent) return new ExportedRef(entry);
    return (entry.pinned ?? entry.hook).addRef();
  }

  /** Our export `id`, which the peer named in `what` (a new reference). */
  private exportedCapability(id: number, what: string): ClientHook {
    const entry = this.exportEntry(id, what);
    return (entry.pinned ?? entry.hook).addRef();
  }

  private exportEntry(id: number, what: string): Export {
    const entry = this.exports.get(id);
    if (entry === undefined) throw protocolError(`${what} names export ${id}, which does not exist`);
    return entry;
  }

  /** The capability a PromisedAnswer names (a new reference); `what` names the field for errors. */
  private promisedCapability(promised: StructReader, what: string): ClientHook {
    const id = promised.getUint32(PROMISED_ANSWER_QUESTION_ID);
    const answer = this.answers.get(id);
    if (answer === undefined) throw protocolError(`${what} names answer ${id}, which does not exist`);
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
  protected settleAnswer(answer: Answer, response: Response | null, error: Error | null): void {
    answer.response = response;
    answer.error = error;
    const waiters = answer.waiters;
    answer.waiters = null;
    if (waiters === null) return;
    for (const waiter of waiters) waiter.settle(response !== null ? response.capabilityAt(waiter.path) : new BrokenHook(error));
  }

  protected checkNewAnswer(id: number): void {
    if (this.answers.has(id)) throw protocolError(`question id ${id} is already in use by the peer`);
    if (this.answers.size >= this.options.maxAnswers) {
      throw new RpcError('overloaded', `the peer has more than ${this.options.maxAnswers} calls outstanding on this connection`);
    }
  }

  /**
   * Counts `bytes` more as held for `answer` until it is forgotten (`maxHeldBytes`).
   */
  protected holdForAnswer(answer: Answer, bytes: number): void {
    // Sending the Return may have ended the connection (a transport's limit), which let go of all.
    if (this.closeError !== null) return;
    answer.heldBytes += bytes;
    this.heldBytes += bytes;
  }

  /**
   * Holds the buffer the answer's Call lies in until the answer is forgotten. What a message
   * keeps in memory is its whole buffer: its own, a chunk read from a socket, or the slab small
   * messages are copied into to be read (wire's `Arena.forReadingOne`), which the calls read
   * from it share. So a buffer is counted once, by its length, however many held calls lie in
   * it: counting each message's length let a peer keep chunks and slabs many times what was
   * counted. The buffer most calls lie in (the read slab) is kept in fields, the others in
   * `heldBuffers`: a Map set and emptied at every call cost an in-process call 5% more
   * instructions.
   */
  protected holdBuffer(answer: Answer, buffer: ArrayBufferLike): void {
    answer.heldBuffer = buffer;
    if (buffer === this.currentHeld) {
      if (this.currentHolders++ === 0) this.heldBytes += this.currentHeldBytes;
    } else {
      this.holdOther(buffer);
    }
  }

  private holdOther(buffer: ArrayBufferLike): void {
    const holders = this.heldBuffers.get(buffer);
    if (holders !== undefined) {
      this.heldBuffers.set(buffer, holders + 1);
      return;
    }
    // A new current buffer: the previous one, still held, waits in the map.
    if (this.currentHeld !== null && this.currentHolders > 0) this.heldBuffers.set(this.currentHeld, this.currentHolders);
    this.currentHeld = buffer;
    this.currentHolders = 1;
    this.currentHeldBytes = buffer.byteLength;
    this.heldBytes += this.currentHeldBytes;
  }

  /** Whether holding `buffer` would pass `maxHeldBytes` (never when nothing is held, nor for a buffer held already). */
  protected overHeldLimit(buffer: ArrayBufferLike): boolean {
    if (this.heldBytes === 0) return false;
    if (buffer === this.currentHeld) return this.currentHolders === 0 && this.heldBytes + this.currentHeldBytes > this.options.maxHeldBytes;
    return !this.heldBuffers.has(buffer) && this.heldBytes + buffer.byteLength > this.options.maxHeldBytes;
  }

  /** The answer is done with on both sides (returned and finished): its id and what it held go. */
  protected forgetAnswer(answer: Answer): void {
    this.answers.delete(answer.id);
    this.heldBytes -= answer.heldBytes;
    answer.heldBytes = 0;
    const buffer = answer.heldBuffer;
    if (buffer === null) return;
    answer.heldBuffer = null;
    if (buffer === this.currentHeld) {
      if (--this.currentHolders === 0) {
        this.heldBytes -= this.currentHeldBytes;
        // Kept for the next call only if it is small (the read slab).
        if (this.currentHeldBytes > KEPT_BUFFER_BYTES) this.currentHeld = null;
      }
      return;
    }
    const holders = this.heldBuffers.get(buffer)!;
    if (holders > 1) {
      this.heldBuffers.set(buffer, holders - 1);
    } else {
      this.heldBuffers.delete(buffer);
      this.heldBytes -= buffer.byteLength;
    }
  }

  protected releaseExport(id: number, count: number): void {
    const entry = this.exports.get(id);
    if (entry === undefined) throw protocolError(`Release of export ${id}, which does not exist`);
    if (count > entry.refs) throw protocolError(`Release of ${count} references to export ${id}, which has only ${entry.refs}`);
    entry.refs -= count;
    if (entry.refs === 0) {
      this.exports.delete(id);
      if (this.exportIds.get(entry.hook) === id) this.exportIds.delete(entry.hook);
      entry.hook.release();
      entry.pinned?.release();
      entry.pinned = null;
    }
  }

  // ---- provided by Connection (connection.ts) ---------------------------------------------

  /** Handles one message from the peer. */
  protected abstract receive(bytes: Uint8Array): void;
  /** Makes a Call message in its own builder (for RemoteHook.newRequest). */
  abstract newDirectRequest(target: RemoteHook, interfaceId: bigint, methodId: number): Request;
  /** Sends a call to the peer. */
  abstract sendCall(target: RemoteHook, request: Request | null, interfaceId: bigint, methodId: number, params: Params | null, options: CallOptions, yourself?: boolean): Question;
  /** Sends a Disembargo for a promise that resolved to a shorter path. */
  abstract sendDisembargo(hook: RemoteHook): void;

  // ---- ending -----------------------------------------------------------------------------

  /** Ends the connection because of `error`, telling the peer with Abort first. */
  abort(error: RpcError): void {
    if (this.closeError !== null) return;
    const message = this.scratch;
    message.reset();
    writeException(initMessage(message, MESSAGE_IS_ABORT, EXCEPTION_WORDS, EXCEPTION_POINTERS), error, this.reasonBytes);
    this.flush(message);
    this.shutdown(error);
  }

  protected shutdown(error: RpcError): void {
    if (this.closeError !== null) return;
    this.closeError = error;
    const failure = error.type === 'disconnected' ? error : disconnectedError(`the connection ended: ${error.message}`, error);
    for (const question of [...this.questions.values()]) {
      if (!question.returned) {
        question.returned = true;
        question.fail(failure);
      }
    }
    for (const answer of this.answers.values()) {
      if (!answer.returned) {
        answer.result?.cancel();
        this.settleAnswer(answer, null, failure);
      }
      answer.response?.release();
      answer.response = null;
      answer.heldBytes = 0;
      answer.heldBuffer = null;
    }
    this.answers.clear();
    this.heldBuffers.clear();
    this.currentHeld = null;
    this.currentHolders = 0;
    this.heldBytes = 0;
    for (const entry of [...this.exports.values()]) {
      entry.hook.release();
      entry.pinned?.release();
      entry.pinned = null;
    }
    this.exportIds.clear();
    for (const entry of this.imports.values()) entry.hook.disconnect(failure);
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
