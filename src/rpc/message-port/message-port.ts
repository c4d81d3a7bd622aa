/**
 * RPC over a MessagePort (a `MessageChannel` end, Node's `worker_threads` ports, a Web Worker,
 * an iframe through a transferred port): one framed Cap'n Proto message per `postMessage`, its
 * ArrayBuffer transferred rather than copied whenever the bytes own the whole buffer.
 *
 * Closing: not every runtime tells one end of a channel that the other closed (Node's ports
 * emit `close`; the web's do not), so `close()` first posts a close notice, the string
 * `MESSAGE_PORT_CLOSE`, and the far end ends its connection cleanly on reading it. A port that
 * goes away without it (a terminated worker, a closed tab) is noticed only where the runtime
 * says so (Node's `close` event on ports, a Node `Worker`'s `exit`); elsewhere, end the
 * connection yourself when you end the worker.
 */
import { Connection, DEFAULT_MAX_MESSAGE_BYTES, type ConnectionOptions } from '../connection.js';
import type { Client, ClientClass } from '../client.js';
import type { Transport } from '../transport.js';
import { wholeMessageError } from '../whole-message.js';
import { CapnpError, checkLimit, DEFAULT_MAX_SEGMENTS } from '../../wire/index.js';

/** The notice posted before a port closes. */
export const MESSAGE_PORT_CLOSE = 'capnp-rpc:close';

/**
 * What the transport needs of a port: `postMessage` with a transfer list, and message events,
 * the web way (`addEventListener`, events carry `data`) or Node's EventEmitter way (`on`, the
 * value itself: a `worker_threads` Worker).
 */
export interface MessagePortLike {
  postMessage(message: unknown, transfer: ArrayBuffer[]): void;
  addEventListener?(type: 'message' | 'messageerror', listener: (event: any) => void): void;
  on?(type: string, listener: (...args: any[]) => void): unknown;
  /** Web ports deliver nothing until started. */
  start?(): void;
  close?(): void;
}

export interface MessagePortTransportOptions {
  /** The largest message the peer may post, in bytes (64 MiB by default, as for connections). */
  maxMessageBytes?: number;
  /** The most segments a message from the peer may have (512 by default). */
  maxSegments?: number;
  /**
   * Whether `close()` closes the port too (true by default). Leave it on for a port made for
   * the connection; turn it off for a port with other uses (a worker's `parentPort`, a `Worker`).
   */
  closePort?: boolean;
}

export class MessagePortTransport implements Transport {
  private readonly maxMessageBytes: number;
  private readonly maxSegments: number;
  private readonly closePort: boolean;
  private closed = false;
  private ended = false;
  /** Whether buffers go in the transfer list (until the port refuses one). */
  private transfer = true;
  private onClose: ((error?: Error) => void) | null = null;

  constructor(private readonly port: MessagePortLike, options: MessagePortTransportOptions = {}) {
    this.maxMessageBytes = checkLimit(options.maxMessageBytes, DEFAULT_MAX_MESSAGE_BYTES, 'maxMessageBytes');
    this.maxSegments = checkLimit(options.maxSegments, DEFAULT_MAX_SEGMENTS, 'maxSegments');
    this.closePort = options.closePort ?? true;
  }

  send(message: Uint8Array): void {
    if (this.closed) return;
    // Transfer only a buffer the message owns whole: small messages are slices of shared
    // slabs (wire/pool), and transferring one would take its neighbours away too.
    const buffer = message.buffer;
    const owned = message.byteOffset === 0 && message.byteLength === buffer.byteLength && buffer instanceof ArrayBuffer;
    const bytes = owned ? message : message.slice();
    if (this.transfer) {
      try {
        this.port.postMessage(bytes, [bytes.buffer as ArrayBuffer]);
        return;
      } catch (error) {
        // Some ports take no transfer list (workerd: "Transfer list is not supported"): post a
        // copy instead, from now on, if that works; otherwise the first error stands.
        try {
          this.port.postMessage(bytes, []);
        } catch {
          throw error;
        }
        this.transfer = false;
        return;
      }
    }
    this.port.postMessage(bytes, []);
  }

  start(onMessage: (message: Uint8Array) => void, onClose: (error?: Error) => void): void {
    this.onClose = onClose;
    const receive = (data: unknown): void => {
      if (this.ended) return;
      let bytes: Uint8Array;
      if (data instanceof Uint8Array) bytes = data;
      else if (data instanceof ArrayBuffer) bytes = new Uint8Array(data);
      else if (data === MESSAGE_PORT_CLOSE) {
        this.end();
        this.close();
        return;
      } else {
        const kind = typeof data === 'string' ? `a string (${data.length} characters)` : Object.prototype.toString.call(data);
        this.end(new CapnpError('BAD_FRAMING', `the peer posted ${kind} on the MessagePort; Cap'n Proto RPC takes a Uint8Array (or ArrayBuffer) holding one framed message per postMessage`));
        return;
      }
      const problem = wholeMessageError(bytes, this.maxMessageBytes, this.maxSegments, 'MessagePort');
      if (problem !== null) {
        // The connection answers with Abort through `send`, then calls `close()`.
        this.end(problem);
        return;
      }
      onMessage(bytes);
    };
    const port = this.port;
    if (typeof port.addEventListener === 'function') {
      port.addEventListener('message', (event: { data: unknown }) => receive(event.data));
      port.addEventListener('messageerror', () => this.end(new Error('a message on the MessagePort could not be deserialized')));
    } else if (typeof port.on === 'function') {
      port.on('message', receive);
      port.on('messageerror', () => this.end(new Error('a message on the MessagePort could not be deserialized')));
    } else {
      throw new CapnpError('INVALID_ARGUMENT', 'the port has neither addEventListener nor on: it is not a MessagePort');
    }
    if (typeof port.on === 'function') {
      // Node: a port whose other end closed (or whose worker ended) says so; a Worker exits.
      port.on('close', () => this.end(this.closed ? undefined : new Error('the MessagePort closed without a close notice from the peer')));
      port.on('exit', (code: number) => this.end(code === 0 ? undefined : new Error(`the worker exited with code ${code}`)));
    }
    port.start?.();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    try {
      this.port.postMessage(MESSAGE_PORT_CLOSE, []);
    } catch {
      // The port is already gone: nothing to tell.
    }
    if (this.closePort) this.port.close?.();
    // Nothing reports our own close back to us on the web: say it here (once).
    queueMicrotask(() => this.end());
  }

  private end(error?: Error): void {
    if (this.ended) return;
    this.ended = true;
    this.onClose?.(error);
  }
}

/** An RPC connection over `port`; both ends of a channel make one. */
export function connectMessagePort(port: MessagePortLike, options: ConnectionOptions & MessagePortTransportOptions = {}): Connection {
  return new Connection(new MessagePortTransport(port, options), options);
}

/** Connects over `port` and returns the peer's bootstrap capability, typed as `Class`, with its connection. */
export function connectMessagePortTo<C extends Client>(port: MessagePortLike, Class: ClientClass<C>, options: ConnectionOptions & MessagePortTransportOptions = {}): { connection: Connection; bootstrap: C } {
  const connection = connectMessagePort(port, options);
  return { connection, bootstrap: connection.bootstrap(Class) };
}
