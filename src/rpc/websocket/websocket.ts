/**
 * RPC over a WebSocket: one Cap'n Proto message (segment table and segments) per binary
 * WebSocket message, the convention of the C++ library's `capnp/compat/websocket-rpc.h`, so a
 * Capstan peer talks to a C++ one over `kj-http`'s WebSocket. Works with any object shaped like
 * the standard `WebSocket` (browsers, Workers, Deno, Bun, Node 22's global one, the `ws`
 * package's client and server sockets); nothing here imports a WebSocket implementation.
 */
import { Connection, DEFAULT_MAX_MESSAGE_BYTES, type ConnectionOptions } from '../connection.js';
import { resolveConnectionOptions } from '../connection-tables.js';
import type { Client, ClientClass } from '../client.js';
import { disconnectedError, RpcError } from '../errors.js';
import { DEFAULT_MAX_BUFFERED_BYTES, type Transport } from '../transport.js';
import { wholeMessageError } from '../whole-message.js';
import { CapnpError, checkLimit, DEFAULT_MAX_SEGMENTS } from '../../wire/index.js';

/** What the transport needs of a WebSocket: the standard interface's event and send side. */
export interface WebSocketLike {
  binaryType: string;
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: Uint8Array): void;
  close(code?: number, reason?: string): void;
  // The event parameter is loose on purpose: DOM, Workers and `ws` each type it their own way.
  addEventListener(type: 'open' | 'message' | 'close' | 'error', listener: (event: any) => void): void;
}

/** A WebSocket class: the global `WebSocket`, or `ws`'s default export on Node 20. */
export type WebSocketClass = new (url: string | URL, protocols?: string | string[]) => WebSocketLike;

/** `ws`'s constructor, which also takes options (`maxPayload`). */
type WsLikeClass = new (url: string | URL, protocols: string | string[], options: { maxPayload: number }) => WebSocketLike;

export interface WebSocketTransportOptions {
  /** The largest message the peer may send, in bytes (64 MiB by default, as for connections). */
  maxMessageBytes?: number;
  /** The most segments a message from the peer may have (512 by default). */
  maxSegments?: number;
  /**
   * How many bytes may wait to be sent (queued before `open`, plus the socket's
   * `bufferedAmount`) when another message is to be sent, before the connection is ended as
   * `overloaded`: a peer that stops reading must not make us buffer without bound. Checked
   * before each message is added, so one message of any size always goes. 64 MiB by default;
   * `Infinity` turns the check off.
   */
  maxBufferedBytes?: number;
}

const CONNECTING = 0;
const OPEN = 1;

/** Close codes of RFC 6455 sent when we end the socket because of what the peer sent. */
const CLOSE_NORMAL = 1000;
const CLOSE_UNSUPPORTED_DATA = 1003;
const CLOSE_POLICY = 1008;
const CLOSE_TOO_BIG = 1009;

/**
 * A transport over one WebSocket. Messages sent before the socket opens are queued and go out
 * on `open`. A text message, or a binary one that is not exactly one framed message within the
 * limits, ends the connection (with an Abort to the peer, then a close).
 */
export class WebSocketTransport implements Transport {
  private readonly maxMessageBytes: number;
  private readonly maxSegments: number;
  private readonly maxBufferedBytes: number;
  private queue: Uint8Array[] | null = null;
  private queuedBytes = 0;
  private closed = false;
  private closeCode = CLOSE_NORMAL;
  private ended = false;
  private onClose: ((error?: Error) => void) | null = null;

  constructor(private readonly socket: WebSocketLike, options: WebSocketTransportOptions = {}) {
    this.maxMessageBytes = checkLimit(options.maxMessageBytes, DEFAULT_MAX_MESSAGE_BYTES, 'maxMessageBytes');
    this.maxSegments = checkLimit(options.maxSegments, DEFAULT_MAX_SEGMENTS, 'maxSegments');
    this.maxBufferedBytes = checkLimit(options.maxBufferedBytes, DEFAULT_MAX_BUFFERED_BYTES, 'maxBufferedBytes');
    socket.binaryType = 'arraybuffer';
    if (socket.readyState === CONNECTING) {
      this.queue = [];
      socket.addEventListener('open', () => this.flushQueue());
    }
  }

  send(message: Uint8Array): void {
    if (this.closed) return;
    // What already waits, before this message: one message of any size always goes (as over TCP).
    const waiting = this.queuedBytes + this.socket.bufferedAmount;
    if (waiting > this.maxBufferedBytes) {
      this.fail(new RpcError('overloaded', `${waiting} bytes are waiting to be sent on the WebSocket, more than maxBufferedBytes (${this.maxBufferedBytes}): the peer is not reading fast enough`), CLOSE_POLICY, false);
      return;
    }
    const queue = this.queue;
    if (queue !== null) {
      queue.push(message);
      this.queuedBytes += message.byteLength;
    } else if (this.socket.readyState === OPEN) {
      this.socket.send(message);
    }
    // Else closing or closed: nothing more can leave.
  }

  start(onMessage: (message: Uint8Array) => void, onClose: (error?: Error) => void): void {
    this.onClose = onClose;
    this.socket.addEventListener('message', (event: { data: unknown }) => {
      if (this.ended) return;
      const data = event.data;
      if (typeof data === 'string') {
        this.refuse(new CapnpError('BAD_FRAMING', `the peer sent a text WebSocket message (${data.length} characters); Cap'n Proto RPC over WebSocket takes binary messages only`), CLOSE_UNSUPPORTED_DATA);
        return;
      }
      let bytes: Uint8Array;
      if (data instanceof ArrayBuffer) bytes = new Uint8Array(data);
      else if (ArrayBuffer.isView(data)) bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
      else {
        this.refuse(new CapnpError('BAD_FRAMING', `the WebSocket delivered a message of an unexpected kind (${Object.prototype.toString.call(data)}); set binaryType = 'arraybuffer'`), CLOSE_UNSUPPORTED_DATA);
        return;
      }
      const problem = wholeMessageError(bytes, this.maxMessageBytes, this.maxSegments, 'WebSocket');
      if (problem !== null) {
        this.refuse(problem, problem.code === 'MESSAGE_TOO_LARGE' ? CLOSE_TOO_BIG : CLOSE_UNSUPPORTED_DATA);
        return;
      }
      onMessage(bytes);
    });
    this.socket.addEventListener('close', (event: { code?: number; reason?: string }) => {
      const code = event.code ?? 1005;
      // 1000 normal, 1001 going away, 1005 no code given: the peer just closed.
      if (code === 1000 || code === 1001 || code === 1005) this.end();
      else this.end(new Error(`the WebSocket closed with code ${code}${event.reason ? ` (${event.reason})` : ''}`));
    });
    this.socket.addEventListener('error', (event: { error?: unknown; message?: string }) => {
      const cause = event.error instanceof Error ? event.error : null;
      this.end(cause ?? new Error(`the WebSocket failed${event.message ? `: ${event.message}` : ''}`));
      this.close();
    });
    if (this.socket.readyState > OPEN) {
      // Closing or closed already: no close event may be left to come.
      queueMicrotask(() => this.end(new Error('the WebSocket was closed before the connection started')));
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    // An Abort queued before `open` still goes out first: the socket closes after the queue.
    if (this.queue !== null) return;
    this.closeSocket();
  }

  private closeSocket(): void {
    const state = this.socket.readyState;
    if (state === CONNECTING || state === OPEN) {
      try {
        this.socket.close(this.closeCode);
      } catch {
        // Some implementations refuse close() while connecting; the close event follows anyway.
      }
    }
  }

  private flushQueue(): void {
    const queue = this.queue;
    if (queue === null) return;
    this.queue = null;
    this.queuedBytes = 0;
    for (const message of queue) this.socket.send(message);
    if (this.closed) this.closeSocket();
  }

  /** What the peer sent cannot be taken: report it (the connection answers with Abort), then close. */
  private refuse(error: Error, code: number): void {
    this.fail(error, code, true);
  }

  private fail(error: Error, code: number, fromPeer: boolean): void {
    if (this.ended) return;
    this.closeCode = code;
    if (fromPeer) {
      // The connection sends its Abort through `send`, then calls `close()`.
      this.end(error);
    } else {
      // We cannot send any more: nothing would get through in time.
      this.closed = true;
      this.queue = null;
      this.end(error);
      this.closeSocket();
    }
  }

  private end(error?: Error): void {
    if (this.ended) return;
    this.ended = true;
    this.onClose?.(error);
  }
}

/**
 * Refuses limits that are not limits (`checkLimit`), the connection's and the transport's,
 * before any socket exists: a transport made in a socket's `open` handler, or for each upgrade
 * a server accepts, would throw where nobody can catch it. Returns `maxMessageBytes`.
 */
export function checkWebSocketOptions(options: ConnectionOptions & WebSocketTransportOptions): number {
  checkLimit(options.maxBufferedBytes, DEFAULT_MAX_BUFFERED_BYTES, 'maxBufferedBytes');
  return resolveConnectionOptions(options).maxMessageBytes;
}

export interface WebSocketConnectOptions extends ConnectionOptions, WebSocketTransportOptions {
  /** The WebSocket class to use: `globalThis.WebSocket` by default; on Node 20, `ws`'s. */
  WebSocket?: WebSocketClass;
  /** Subprotocols to offer. */
  protocols?: string | string[];
}

/**
 * Opens a WebSocket to `url` and returns an RPC connection over it once it is open. Rejects
 * with a `disconnected` RpcError when the socket fails or closes before it opens.
 */
export function connectWebSocket(url: string | URL, options: WebSocketConnectOptions = {}): Promise<Connection> {
  const Class = options.WebSocket ?? (globalThis as { WebSocket?: WebSocketClass }).WebSocket;
  if (Class === undefined) {
    return Promise.reject(new CapnpError('INVALID_ARGUMENT', 'this runtime has no global WebSocket: pass a WebSocket class in options.WebSocket (on Node 20, `import WebSocket from \'ws\'`)'));
  }
  let maxMessageBytes: number;
  try {
    maxMessageBytes = checkWebSocketOptions(options);
  } catch (error) {
    return Promise.reject(error);
  }
  return new Promise((resolve, reject) => {
    let socket: WebSocketLike;
    try {
      // A class of the caller's (on Node 20, `ws`'s) gets `maxPayload` too, so that `ws` refuses a
      // message over maxMessageBytes before buffering it (its own default is 100 MiB); standard
      // WebSocket constructors ignore a third argument.
      socket = options.WebSocket !== undefined
        ? new (Class as WsLikeClass)(url, options.protocols ?? [], { maxPayload: maxMessageBytes })
        : options.protocols === undefined ? new Class(url) : new Class(url, options.protocols);
    } catch (error) {
      reject(error);
      return;
    }
    let settled = false;
    socket.binaryType = 'arraybuffer';
    socket.addEventListener('open', () => {
      if (settled) return;
      settled = true;
      resolve(new Connection(new WebSocketTransport(socket, options), options));
    });
    const failed = (why: string) => {
      if (settled) return;
      settled = true;
      reject(disconnectedError(`could not open a WebSocket to ${String(url)}: ${why}`));
    };
    socket.addEventListener('error', (event: { error?: unknown; message?: string }) => {
      failed(event.error instanceof Error ? event.error.message : event.message || 'the connection failed');
    });
    socket.addEventListener('close', (event: { code?: number; reason?: string }) => {
      failed(`it closed with code ${event.code ?? 1005}${event.reason ? ` (${event.reason})` : ''}`);
    });
  });
}

/** Connects and returns the peer's bootstrap capability, typed as `Class`, with its connection. */
export async function connectWebSocketTo<C extends Client>(url: string | URL, Class: ClientClass<C>, options: WebSocketConnectOptions = {}): Promise<{ connection: Connection; bootstrap: C }> {
  const connection = await connectWebSocket(url, options);
  return { connection, bootstrap: connection.bootstrap(Class) };
}

/**
 * An RPC connection over a WebSocket a server accepted: `ws`'s `connection` event socket, a
 * Workers `WebSocketPair` server end (call its `accept()` first), Deno's `upgradeWebSocket`
 * socket, ... Serve with `options.bootstrap`.
 */
export function acceptWebSocket(socket: WebSocketLike, options: ConnectionOptions & WebSocketTransportOptions = {}): Connection {
  return new Connection(new WebSocketTransport(socket, options), options);
}
