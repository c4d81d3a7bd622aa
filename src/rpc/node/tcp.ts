/**
 * TCP for Node: the standard stream framing (messages back to back on the socket), and
 * `connect`/`listen` helpers shaped like the C++ EzRpc ones. Messages sent in one tick leave in
 * one write (the socket is corked until the next tick).
 */
import * as net from 'node:net';
import type { Duplex } from 'node:stream';
import { Connection, DEFAULT_MAX_MESSAGE_BYTES, type ConnectionOptions } from '../connection.js';
import { resolveConnectionOptions } from '../connection-tables.js';
import { Client, type ClientClass } from '../client.js';
import { FrameSplitter } from '../frame-splitter.js';
import { DEFAULT_MAX_BUFFERED_BYTES, type Transport } from '../transport.js';
import { CapnpError, checkLimit, DEFAULT_MAX_SEGMENTS } from '../../wire/index.js';
import { describeValue } from '../../wire/core/describe-value.js';
import { disconnectedError, RpcError } from '../errors.js';

export interface SocketTransportOptions {
  /** The largest message the peer may send, in bytes (64 MiB by default, as for connections). */
  maxMessageBytes?: number;
  /** The most segments a message from the peer may have (512 by default). */
  maxSegments?: number;
  /**
   * How many bytes may wait in the socket's write buffer (sent, not yet taken by the kernel)
   * when another message is to be sent, before the connection is ended as `overloaded`: a peer
   * that stops reading must not make us buffer without bound (300 calls of a few bytes each,
   * answered with 1 MiB, had a server hold 314 MB for a client that never read). Checked before
   * each message is added, so one message of any size always goes. 64 MiB by default;
   * `Infinity` turns the check off.
   */
  maxBufferedBytes?: number;
}

/** Options of `connect` and `connectTo`: the connection's, and the socket's. */
export interface TcpOptions extends ConnectionOptions, SocketTransportOptions {}

/**
 * A transport over a Node stream socket (TCP, a Unix socket, a named pipe) or any duplex
 * stream of bytes: a child process's standard streams joined with `Duplex.from({ readable:
 * child.stdout, writable: child.stdin })` (and, in the child, `process.stdin` and
 * `process.stdout`), as capnp's two-party RPC runs over any byte stream.
 */
export class SocketTransport implements Transport {
  private corked = false;
  private closed = false;
  private ended = false;
  private onClose: ((error?: Error) => void) | null = null;
  private readonly splitter: FrameSplitter;
  private readonly maxBufferedBytes: number;

  constructor(private readonly socket: net.Socket | Duplex, options: SocketTransportOptions = {}) {
    // Checked here too: a transport may be made with limits of its own (a NaN would lift one).
    this.splitter = new FrameSplitter(checkLimit(options.maxMessageBytes, DEFAULT_MAX_MESSAGE_BYTES, 'maxMessageBytes'), checkLimit(options.maxSegments, DEFAULT_MAX_SEGMENTS, 'maxSegments'));
    this.maxBufferedBytes = checkLimit(options.maxBufferedBytes, DEFAULT_MAX_BUFFERED_BYTES, 'maxBufferedBytes');
    // A TCP socket sends each write at once (no Nagle delay: the transport batches a tick's
    // messages itself); other streams have no such setting.
    if (socket instanceof net.Socket) socket.setNoDelay(true);
  }

  send(message: Uint8Array): void {
    if (this.closed || this.socket.destroyed) return;
    const waiting = this.socket.writableLength;
    if (waiting > this.maxBufferedBytes) {
      this.overflow(waiting);
      return;
    }
    if (!this.corked) {
      this.corked = true;
      this.socket.cork();
      process.nextTick(() => {
        this.corked = false;
        this.socket.uncork();
      });
    }
    this.socket.write(message);
  }

  start(onMessage: (message: Uint8Array) => void, onClose: (error?: Error) => void): void {
    this.onClose = onClose;
    this.socket.on('data', (chunk: Buffer) => {
      if (this.ended) return;
      try {
        this.splitter.push(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength), onMessage);
      } catch (error) {
        // What the peer sent cannot be framed (a limit, a broken segment table): read no more,
        // and let the connection answer with Abort before the socket closes.
        this.ended = true;
        this.socket.pause();
        onClose(error instanceof Error ? error : new Error(String(error)));
        this.close();
      }
    });
    this.socket.on('error', (error) => this.end(error));
    // The peer sent its last byte: the connection is over, as a TCP socket (which then closes
    // itself) and a stream joined from two pipes (which closes only once both sides end) alike.
    this.socket.on('end', () => this.end());
    this.socket.on('close', () => this.end());
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.socket.end();
    // A peer that never reads must not keep the socket open forever.
    setTimeout(() => this.socket.destroy(), 1000).unref();
  }

  /**
   * The peer has left more than `maxBufferedBytes` unread: nothing more is sent (an Abort would
   * wait behind the rest), the connection ends as overloaded, and the socket and what it held
   * are let go at once.
   */
  private overflow(waiting: number): void {
    this.end(new RpcError('overloaded', `${waiting} bytes are waiting to be sent on the socket, more than maxBufferedBytes (${this.maxBufferedBytes}): the peer is not reading`));
    this.socket.destroy();
  }

  /** The socket can take no more: the connection is told, once. */
  private end(error?: Error): void {
    this.closed = true;
    if (this.ended) return;
    this.ended = true;
    this.onClose?.(error);
  }
}

/** Refuses limits that are not limits (`checkLimit`), before any socket exists. */
function checkTcpOptions(options: TcpOptions): void {
  resolveConnectionOptions(options);
  checkLimit(options.maxBufferedBytes, DEFAULT_MAX_BUFFERED_BYTES, 'maxBufferedBytes');
}

export function parseAddress(address: string): { host: string; port: number } {
  if (typeof address !== 'string') throw new CapnpError('INVALID_ARGUMENT', `an address is a string "HOST:PORT", got ${describeValue(address)}`);
  const at = address.lastIndexOf(':');
  const port = Number(address.slice(at + 1));
  if (at <= 0 || !Number.isInteger(port) || port < 0 || port > 65535) {
    throw new CapnpError('INVALID_ARGUMENT', `address ${JSON.stringify(address)} is not HOST:PORT`);
  }
  let host = address.slice(0, at);
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  return { host, port };
}

/** Connects to `address` ("host:port") and returns the connection once the socket is open. */
export function connect(address: string, options: TcpOptions = {}): Promise<Connection> {
  let host: string;
  let port: number;
  try {
    ({ host, port } = parseAddress(address));
    checkTcpOptions(options);
  } catch (error) {
    return Promise.reject(error);
  }
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    // Refused, unreachable, unknown host: `disconnected`, as a connection that drops later is
    // (and as connectWebSocket says it), with the socket's error as the cause.
    const failed = (error: Error) => reject(disconnectedError(`could not connect to ${address}: ${error.message}`, error));
    socket.once('error', failed);
    socket.once('connect', () => {
      socket.off('error', failed);
      resolve(new Connection(new SocketTransport(socket, options), options));
    });
  });
}

/** Connects and returns the peer's bootstrap capability, typed as `Class`, with its connection. */
export async function connectTo<C extends Client>(address: string, Class: ClientClass<C>, options: TcpOptions = {}): Promise<{ connection: Connection; bootstrap: C }> {
  const connection = await connect(address, options);
  return { connection, bootstrap: connection.bootstrap(Class) };
}

export interface ListenOptions extends TcpOptions {
  /** The bootstrap capability of every connection: one shared client or server, or one made per connection. */
  bootstrap: NonNullable<ConnectionOptions['bootstrap']>;
}

/** A listening RPC server. */
export class RpcListener {
  readonly connections = new Set<Connection>();

  constructor(readonly server: net.Server) {}

  /** The address actually bound ("host:port"). */
  get address(): string {
    const address = this.server.address() as net.AddressInfo;
    return `${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  }

  get port(): number {
    return (this.server.address() as net.AddressInfo).port;
  }

  /** Stops accepting, and closes every open connection. */
  async close(): Promise<void> {
    const closing = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const connection of this.connections) void connection.close('the server is shutting down');
    await closing;
  }
}

/** Listens on `address` ("host:port"; port 0 picks a free one) and serves `options.bootstrap` to every connection. */
export function listen(address: string, options: ListenOptions): Promise<RpcListener> {
  let host: string;
  let port: number;
  try {
    ({ host, port } = parseAddress(address));
    // Refused here, not at each connection (where the error would have nobody to reach).
    checkTcpOptions(options);
  } catch (error) {
    return Promise.reject(error);
  }
  const server = net.createServer();
  const listener = new RpcListener(server);
  server.on('connection', (socket) => {
    const connection = new Connection(new SocketTransport(socket, options), options);
    listener.connections.add(connection);
    connection.onDisconnect(() => listener.connections.delete(connection));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(listener);
    });
  });
}
