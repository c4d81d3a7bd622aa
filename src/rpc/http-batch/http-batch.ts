/**
 * RPC in HTTP batches: a batch session is a short-lived connection whose messages cross in one
 * POST. The client collects every frame its connection sends during one tick (the bootstrap,
 * calls, calls pipelined on answers still to come, finishes) and posts them as one body;
 * the server feeds them to a fresh connection serving its bootstrap, waits until every call
 * in the batch has returned (or the time limit passes), and answers with every frame its
 * connection sent (Returns, Resolves, ...). The client feeds those to its connection, and the
 * session ends on both sides: capabilities from it cannot be called afterwards.
 *
 * The body, both ways, is standard stream framing (segment table, then segments) for each
 * message, back to back, with the content type `application/x-capnp-rpc-batch`. Nothing here
 * needs Node: the server side takes a Fetch API `Request` (Workers, Deno, Bun, Node).
 */
import { Connection, DEFAULT_MAX_MESSAGE_BYTES, type ConnectionOptions } from '../connection.js';
import type { Client, ClientClass } from '../client.js';
import { RpcError, describeThrown, disconnectedError } from '../errors.js';
import type { Transport } from '../transport.js';
import { initException, initMessage, writeException } from '../message-fields.js';
import { OutgoingMessage } from '../outgoing-message.js';
import {
  BOOTSTRAP_QUESTION_ID, CALL_QUESTION_ID, FINISH_QUESTION_ID, MESSAGE_BODY, MESSAGE_IS_BOOTSTRAP, MESSAGE_IS_CALL,
  MESSAGE_IS_FINISH, MESSAGE_IS_RETURN, MESSAGE_WHICH, RETURN_ANSWER_ID, RETURN_EXCEPTION, RETURN_IS_EXCEPTION, RETURN_POINTERS,
  RETURN_RELEASE_PARAM_CAPS, RETURN_RELEASE_PARAM_CAPS_DEFAULT, RETURN_WHICH, RETURN_WORDS,
} from '../protocol/layout.js';
import {
  CapnpError, checkLimit, concatBytes, decodeUtf8, DEFAULT_MAX_SEGMENTS, framedMessageLength, readMessage, readStreamWithin,
} from '../../wire/index.js';
import { resolveConnectionOptions } from '../connection-tables.js';

/** The content type of a batch, request and response. */
export const HTTP_BATCH_CONTENT_TYPE = 'application/x-capnp-rpc-batch';

/** The reason every capability and call of a session gets once its batch has come back. */
export const BATCH_ENDED = 'the HTTP batch session has ended: capabilities it returned cannot be called after the batch (make dependent calls in the same batch, pipelined, or start a new session)';

// ---- framing ----------------------------------------------------------------------------------

/**
 * Splits a body into its framed messages. Throws a CapnpError when it is not exactly a sequence
 * of whole messages within the limits.
 */
export function splitFrames(body: Uint8Array, limits: { maxMessageBytes: number; maxSegments: number; maxFrames: number }): Uint8Array[] {
  const frames: Uint8Array[] = [];
  let offset = 0;
  while (offset < body.byteLength) {
    if (frames.length >= limits.maxFrames) {
      throw new CapnpError('MESSAGE_TOO_LARGE', `the batch holds more than ${limits.maxFrames} messages (maxFrames)`);
    }
    const length = framedMessageLength(body, offset, {
      maxSegments: limits.maxSegments,
      traversalLimitInWords: Math.floor(limits.maxMessageBytes / 8),
    });
    if (length > limits.maxMessageBytes) {
      throw new CapnpError('MESSAGE_TOO_LARGE', `message ${frames.length} of the batch is ${length} bytes, more than the limit of ${limits.maxMessageBytes} bytes`);
    }
    if (length < 0 || body.byteLength - offset < length) {
      throw new CapnpError('TRUNCATED', `the batch body ends inside message ${frames.length} (at byte ${offset} of ${body.byteLength})`);
    }
    frames.push(body.subarray(offset, offset + length));
    offset += length;
  }
  return frames;
}

/** A Return carrying an exception, for a question the far side will never answer. */
function exceptionReturn(answerId: number, error: RpcError): Uint8Array {
  const message = new OutgoingMessage(32);
  const ret = initMessage(message, MESSAGE_IS_RETURN, RETURN_WORDS, RETURN_POINTERS);
  ret.setUint32(RETURN_ANSWER_ID, answerId);
  ret.setBool(RETURN_RELEASE_PARAM_CAPS, false, RETURN_RELEASE_PARAM_CAPS_DEFAULT);
  ret.setUint16(RETURN_WHICH, RETURN_IS_EXCEPTION);
  writeException(initException(ret, RETURN_EXCEPTION), error);
  return message.toBytes();
}

/** Where each kind of message the batch tracks holds its question (or answer) id. */
const ID_OFFSETS: Record<number, number> = {
  [MESSAGE_IS_BOOTSTRAP]: BOOTSTRAP_QUESTION_ID,
  [MESSAGE_IS_CALL]: CALL_QUESTION_ID,
  [MESSAGE_IS_FINISH]: FINISH_QUESTION_ID,
  [MESSAGE_IS_RETURN]: RETURN_ANSWER_ID,
};

/** What a frame is, for the batch's bookkeeping: its Message tag, and its question or answer id (-1 for other kinds). */
function peek(frame: Uint8Array): { which: number; id: number } {
  const root = readMessage(frame).getRoot();
  const which = root.getUint16(MESSAGE_WHICH);
  const at = ID_OFFSETS[which];
  return { which, id: at === undefined ? -1 : root.getStruct(MESSAGE_BODY).getUint32(at) };
}

// ---- the server side --------------------------------------------------------------------------

export interface HttpBatchServerOptions extends ConnectionOptions {
  /** The largest body taken, in bytes; a larger one is answered 413. 16 MiB by default. */
  maxBodyBytes?: number;
  /** The most messages one batch may hold; more is answered 413. 1024 by default. */
  maxFrames?: number;
  /**
   * The most bytes of one batch's response, which the server holds until the batch is over: a
   * Return that would take it past this is answered with an `overloaded` exception instead, so
   * that a small request of many calls to a method with large results cannot make the server
   * build a response without bound (1024 calls answered with 1 MiB each would be 1 GiB).
   * 64 MiB by default; `Infinity` turns it off.
   */
  maxResponseBytes?: number;
  /**
   * How long the server waits for the calls of a batch, in milliseconds. Calls still running
   * then are canceled and answered with a `overloaded` exception, and the batch is answered
   * with everything else. 30 000 by default.
   */
  timeoutMs?: number;
  /** Called with each batch's connection as it is made (to watch its stats(), log, ...). */
  onConnection?: (connection: Connection) => void;
}

/** An HTTP answer to a batch: the status, its headers and body. */
export interface BatchAnswer {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array | string;
}

/**
 * The transport of a server-side batch session: the batch's frames in, the frames the connection
 * sends collected for the response. It tracks the questions of the batch (Bootstrap and Call
 * ids) until their Returns leave. The client cannot answer anything in the meantime, so a call
 * the server makes on a capability of the client is failed at once.
 */
class BatchServerTransport implements Transport {
  readonly out: Uint8Array[] = [];
  /** Bytes in `out`. */
  private outBytes = 0;
  readonly pending = new Set<number>();
  private onMessage: ((message: Uint8Array) => void) | null = null;
  private readonly unanswerable = new Set<number>();
  private closed = false;
  private wake: (() => void) | null = null;

  constructor(private readonly maxResponseBytes: number) {}

  send(message: Uint8Array): void {
    if (this.closed) return;
    const { which, id } = peek(message);
    switch (which) {
      case MESSAGE_IS_RETURN:
        this.pending.delete(id);
        break;
      case MESSAGE_IS_CALL: {
        // A capability of the client: nobody will answer before the batch is over.
        this.unanswerable.add(id);
        const error = new RpcError('failed', 'an HTTP batch client cannot be called back during its batch (it answers nothing until the batch is over)');
        queueMicrotask(() => {
          if (!this.closed) this.onMessage?.(exceptionReturn(id, error));
        });
        return;
      }
      case MESSAGE_IS_FINISH:
        if (this.unanswerable.delete(id)) return;
        break;
      default:
        break;
    }
    if (which === MESSAGE_IS_RETURN && this.outBytes + message.length > this.maxResponseBytes) {
      // The other messages a connection sends are small: only results grow the response.
      message = exceptionReturn(id, new RpcError('overloaded', `this Return of ${message.length} bytes would take the HTTP batch's response past maxResponseBytes (${this.maxResponseBytes})`));
    }
    this.push(message);
    this.check();
  }

  /** Adds a frame to the response. */
  push(message: Uint8Array): void {
    this.outBytes += message.length;
    this.out.push(message);
  }

  start(onMessage: (message: Uint8Array) => void): void {
    this.onMessage = onMessage;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.check();
  }

  /** Feeds the batch's frames to the connection, noting which questions it asks. */
  feed(frames: readonly Uint8Array[]): void {
    for (const frame of frames) {
      if (this.closed) return;
      try {
        const { which, id } = peek(frame);
        if (which === MESSAGE_IS_BOOTSTRAP || which === MESSAGE_IS_CALL) this.pending.add(id);
      } catch {
        // Unreadable: the connection finds out too, and aborts.
      }
      this.onMessage!(frame);
    }
  }

  /** Resolves once every question of the batch has its Return, or the connection ended. */
  settled(): Promise<void> {
    return new Promise((resolve) => {
      this.wake = resolve;
      this.check();
    });
  }

  get isClosed(): boolean {
    return this.closed;
  }

  private check(): void {
    if (this.wake !== null && (this.closed || this.pending.size === 0)) {
      const wake = this.wake;
      this.wake = null;
      wake();
    }
  }
}

function errorAnswer(status: number, code: string, message: string, headers: Record<string, string> = {}): BatchAnswer {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    body: JSON.stringify({ error: { code, message } }),
  };
}

/** Runs one batch whose body has been read: the answer to send. Never throws. */
export async function answerBatch(body: Uint8Array, options: HttpBatchServerOptions = {}): Promise<BatchAnswer> {
  try {
    return await runBatch(body, options);
  } catch (error) {
    const code = error instanceof CapnpError ? error.code : 'RPC_PROTOCOL';
    return errorAnswer(400, code, `the batch could not be run: ${describeThrown(error)}`);
  }
}

async function runBatch(body: Uint8Array, options: HttpBatchServerOptions): Promise<BatchAnswer> {
  const maxMessageBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  let frames: Uint8Array[];
  try {
    frames = splitFrames(body, { maxMessageBytes, maxSegments: options.maxSegments ?? DEFAULT_MAX_SEGMENTS, maxFrames: checkLimit(options.maxFrames, 1024, 'maxFrames') });
  } catch (error) {
    const problem = error instanceof CapnpError ? error : new CapnpError('BAD_FRAMING', String(error));
    const tooMany = problem.code === 'MESSAGE_TOO_LARGE';
    return errorAnswer(tooMany ? 413 : 400, problem.code, problem.message);
  }
  if (frames.length === 0) return errorAnswer(400, 'BAD_FRAMING', 'the batch body is empty');
  const transport = new BatchServerTransport(checkLimit(options.maxResponseBytes, DEFAULT_MAX_RESPONSE_BYTES, 'maxResponseBytes'));
  const connection = new Connection(transport, options);
  options.onConnection?.(connection);
  transport.feed(frames);
  const timeoutMs = options.timeoutMs ?? 30_000;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<boolean>((resolve) => { timer = setTimeout(() => resolve(true), timeoutMs); });
  const late = await Promise.race([transport.settled().then(() => false), timedOut]);
  clearTimeout(timer);
  const ended = connection.error;
  if (ended !== null && ended.code === 'RPC_PROTOCOL') {
    // What the client sent could be framed but was not a valid RPC conversation.
    return errorAnswer(400, ended.code, ended.message);
  }
  if (late) {
    const error = new RpcError('overloaded', `the call did not return within the HTTP batch's time limit of ${timeoutMs} ms`);
    for (const id of transport.pending) transport.push(exceptionReturn(id, error));
    transport.pending.clear();
  }
  await connection.close('the HTTP batch was answered');
  return { status: 200, headers: { 'content-type': HTTP_BATCH_CONTENT_TYPE }, body: concatBytes(transport.out) };
}

function isBatchContentType(value: string | null | undefined): boolean {
  return (value ?? '').split(';')[0]!.trim().toLowerCase() === HTTP_BATCH_CONTENT_TYPE;
}

/**
 * Checks the method, content type and announced length of a batch request: the answer to send
 * when it is refused, or null.
 */
export function refuseBatchRequest(method: string, contentType: string | null | undefined, contentLength: string | null | undefined, maxBodyBytes: number): BatchAnswer | null {
  if (method.toUpperCase() !== 'POST') {
    return errorAnswer(405, 'INVALID_ARGUMENT', `an HTTP batch is POSTed, not sent with ${method}`, { allow: 'POST' });
  }
  if (!isBatchContentType(contentType)) {
    return errorAnswer(415, 'BAD_CONTENT_TYPE', `an HTTP batch has the content type ${HTTP_BATCH_CONTENT_TYPE}, not ${contentType ?? 'none'}`);
  }
  if (contentLength != null && Number(contentLength) > maxBodyBytes) {
    return errorAnswer(413, 'MESSAGE_TOO_LARGE', `the batch body of ${contentLength} bytes is larger than the limit of ${maxBodyBytes} bytes`);
  }
  return null;
}

export function tooLargeAnswer(maxBodyBytes: number): BatchAnswer {
  return errorAnswer(413, 'MESSAGE_TOO_LARGE', `the batch body is larger than the limit of ${maxBodyBytes} bytes`);
}

export const DEFAULT_MAX_BODY_BYTES = 16 * 1024 * 1024;
const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

/**
 * The options of a batch server, checked when it is made (`nodeBatchHandler`) or called
 * (`handleBatchRequest`): a wrong limit is the server's error, not the client's. Returns
 * `maxBodyBytes`.
 */
export function checkBatchServerOptions(options: HttpBatchServerOptions): number {
  resolveConnectionOptions(options);
  checkLimit(options.maxFrames, 1024, 'maxFrames');
  checkLimit(options.maxResponseBytes, DEFAULT_MAX_RESPONSE_BYTES, 'maxResponseBytes');
  return checkLimit(options.maxBodyBytes, DEFAULT_MAX_BODY_BYTES, 'maxBodyBytes');
}

/**
 * Answers one HTTP batch with the Fetch API: a `Request` in, a `Response` out (Cloudflare
 * Workers, Deno, Bun, Node's global `Request`). Serves `options.bootstrap` to the batch.
 * 405 for another method than POST, 415 for another content type, 413 for a body over
 * `maxBodyBytes` or more than `maxFrames` messages, 400 for a body that is not whole messages;
 * error bodies are JSON, `{ "error": { "code", "message" } }`, the code a CapnpError code.
 */
export async function handleBatchRequest(request: Request, options: HttpBatchServerOptions = {}): Promise<Response> {
  // A wrong option is the server's error (a rejection, which the host answers 500), not a 400.
  const maxBodyBytes = checkBatchServerOptions(options);
  let answer = refuseBatchRequest(request.method, request.headers.get('content-type'), request.headers.get('content-length'), maxBodyBytes);
  if (answer === null) {
    const body = request.body === null ? new Uint8Array(0) : await readStreamWithin(request.body, maxBodyBytes);
    answer = body === null ? tooLargeAnswer(maxBodyBytes) : await answerBatch(body, options);
  }
  return new Response(answer.body as BodyInit, { status: answer.status, headers: answer.headers });
}

// ---- the client side --------------------------------------------------------------------------

type FetchLike = (input: string | URL, init: { method: string; headers: Record<string, string>; body: Uint8Array; signal?: AbortSignal }) => Promise<{
  ok: boolean;
  status: number;
  headers: { get(name: string): string | null };
  arrayBuffer(): Promise<ArrayBuffer>;
  text(): Promise<string>;
  /** The body as a stream (the Fetch API's `Response` has it): read within `maxResponseBytes`. */
  body?: ReadableStream<Uint8Array> | null;
}>;

export interface HttpBatchClientOptions extends ConnectionOptions {
  /** The fetch function to use: the global `fetch` by default. */
  fetch?: FetchLike;
  /** Extra request headers (authorization, ...). */
  headers?: Record<string, string>;
  /** Aborts the request. */
  signal?: AbortSignal;
  /**
   * The largest response body taken, in bytes: a larger one fails the batch's calls
   * (`MESSAGE_TOO_LARGE`) and the rest of it is not read, so a server cannot make the client
   * hold a body without bound. 64 MiB by default (the batch server's `maxResponseBytes`);
   * `Infinity` turns it off. An error response's text is read up to 64 KiB.
   */
  maxResponseBytes?: number;
}

/** How much of a refused batch's response body is read for its message. */
const MAX_ERROR_BODY_BYTES = 64 * 1024;

/**
 * A response body read within `limit` bytes: through its stream where it has one (the rest is
 * then not read), else whole and then measured (a `fetch` of the caller's that offers no
 * stream). Null when it is larger.
 */
async function bodyWithin(response: Awaited<ReturnType<FetchLike>>, limit: number): Promise<Uint8Array | null> {
  if (response.body != null) return readStreamWithin(response.body, limit);
  const bytes = new Uint8Array(await response.arrayBuffer());
  return bytes.byteLength > limit ? null : bytes;
}

/**
 * The client transport of one batch session: frames sent during the first tick are collected
 * and POSTed together once the tick is over; the response's frames are delivered, then the
 * session ends. A call made after the batch went out fails at once.
 */
export class HttpBatchTransport implements Transport {
  private readonly frames: Uint8Array[] = [];
  private state: 'collecting' | 'sent' | 'ended' = 'collecting';
  private scheduled = false;
  private onMessage: ((message: Uint8Array) => void) | null = null;
  private onClose: ((error?: Error) => void) | null = null;
  private readonly fetch: FetchLike;
  private readonly maxResponseBytes: number;

  constructor(private readonly url: string | URL, private readonly options: HttpBatchClientOptions = {}) {
    this.maxResponseBytes = checkLimit(options.maxResponseBytes, DEFAULT_MAX_RESPONSE_BYTES, 'maxResponseBytes');
    const fetch = options.fetch ?? (globalThis as { fetch?: FetchLike }).fetch;
    if (fetch === undefined) throw new CapnpError('INVALID_ARGUMENT', 'this runtime has no global fetch: pass one in options.fetch');
    // Called as a plain function: Workers (workerd) refuse the global fetch called as a method
    // of another object ("Illegal invocation").
    this.fetch = options.fetch ?? ((input, init) => fetch(input, init));
  }

  send(message: Uint8Array): void {
    if (this.state === 'collecting') {
      this.frames.push(message);
      if (!this.scheduled) {
        this.scheduled = true;
        // After the current task and its microtasks: everything the caller does "now" goes in.
        setTimeout(() => void this.post(), 0);
      }
      return;
    }
    // Past the batch: a call can never be answered; Finish and Release need no sending (the
    // server's session ends, releasing everything).
    const { which, id } = peek(message);
    if (which === MESSAGE_IS_CALL || which === MESSAGE_IS_BOOTSTRAP) {
      const error = new RpcError('failed', `${this.state === 'sent' ? 'the HTTP batch was already sent' : BATCH_ENDED}: a call made after it is not sent (one batch per session; start a new session with httpBatch() for more calls)`);
      queueMicrotask(() => {
        if (this.state !== 'ended') this.onMessage?.(exceptionReturn(id, error));
      });
    }
  }

  start(onMessage: (message: Uint8Array) => void, onClose: (error?: Error) => void): void {
    this.onMessage = onMessage;
    this.onClose = onClose;
  }

  close(): void {
    if (this.state === 'collecting') {
      // Closed before the batch went out: nothing is sent.
      this.frames.length = 0;
    }
    this.end();
  }

  private end(error?: Error): void {
    if (this.state === 'ended') return;
    this.state = 'ended';
    this.onClose?.(error ?? disconnectedError(BATCH_ENDED));
  }

  private isEnded(): boolean {
    return this.state === 'ended';
  }

  private async post(): Promise<void> {
    if (this.state !== 'collecting') return;
    this.state = 'sent';
    const body = concatBytes(this.frames);
    this.frames.length = 0;
    let frames: Uint8Array[];
    try {
      const response = await this.fetch(this.url, {
        method: 'POST',
        headers: { ...this.options.headers, 'content-type': HTTP_BATCH_CONTENT_TYPE },
        body,
        signal: this.options.signal,
      });
      if (!response.ok) {
        const body = await bodyWithin(response, MAX_ERROR_BODY_BYTES).catch(() => null);
        const text = body === null ? '' : decodeUtf8(body);
        let detail = text.slice(0, 500);
        try {
          const parsed = JSON.parse(text) as { error?: { code?: string; message?: string } };
          if (parsed.error?.message) detail = `${parsed.error.code}: ${parsed.error.message}`;
        } catch {
          // Not JSON: keep the text.
        }
        this.end(new RpcError('failed', `the HTTP batch was refused with status ${response.status}${detail ? ` (${detail})` : ''}`));
        return;
      }
      if (!isBatchContentType(response.headers.get('content-type'))) {
        this.end(new RpcError('failed', `the HTTP batch response has the content type ${response.headers.get('content-type') ?? 'none'}, not ${HTTP_BATCH_CONTENT_TYPE}`, { code: 'BAD_CONTENT_TYPE' }));
        return;
      }
      const bytes = await bodyWithin(response, this.maxResponseBytes);
      if (bytes === null) {
        this.end(new RpcError('failed', `the HTTP batch response is larger than maxResponseBytes (${this.maxResponseBytes}): not read`, { code: 'MESSAGE_TOO_LARGE' }));
        return;
      }
      const maxMessageBytes = this.options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
      frames = splitFrames(bytes, { maxMessageBytes, maxSegments: this.options.maxSegments ?? DEFAULT_MAX_SEGMENTS, maxFrames: Infinity });
    } catch (error) {
      if (this.isEnded()) return;
      if (error instanceof CapnpError) this.end(new RpcError('failed', `the HTTP batch response is malformed (${error.code}): ${error.message}`, { code: 'RPC_PROTOCOL' }));
      else this.end(disconnectedError(`the HTTP batch request failed: ${describeThrown(error)}`, error));
      return;
    }
    for (const frame of frames) {
      if (this.isEnded()) return;
      this.onMessage!(frame);
    }
    this.end();
  }
}

/**
 * A batch session's connection to the server at `url`. Make the calls of the batch now (in this
 * tick): they go out in one POST once the tick is over, and the connection ends when the
 * response has been taken in.
 */
export function httpBatchConnection(url: string | URL, options: HttpBatchClientOptions = {}): Connection {
  return new Connection(new HttpBatchTransport(url, options), options);
}

/** A batch session and the server's bootstrap capability, typed as `Class`. */
export function httpBatch<C extends Client>(url: string | URL, Class: ClientClass<C>, options: HttpBatchClientOptions = {}): { connection: Connection; bootstrap: C } {
  const connection = httpBatchConnection(url, options);
  return { connection, bootstrap: connection.bootstrap(Class) };
}
