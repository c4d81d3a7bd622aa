/**
 * TCP for Node: the standard stream framing (messages back to back on the socket), and
 * `connect`/`listen` helpers shaped like the C++ EzRpc ones. Messages sent in one tick leave in
 * one write (the socket is corked until the next tick).
 */
import * as net from 'node:net';
import { Connection, DEFAULT_MAX_MESSAGE_BYTES, type ConnectionOptions } from '../connection.js';
import { resolveConnectionOptions } from '../connection-tables.js';
import { Client, type ClientClass } from '../client.js';
import { FrameSplitter } from '../frame-splitter.js';
import type { Transport } from '../transport.js';
import { CapnpError, DEFAULT_MAX_SEGMENTS } from '../../wire/index.js';

/** A transport over a Node stream socket (TCP, a Unix socket, a pipe). */
export class SocketTransport implements Transport {
  private corked = false;
  private closed = false;
  private readonly splitter: FrameSplitter;

  constructor(private readonly socket: net.Socket, limits: { maxMessageBytes?: number; maxSegments?: number } = {}) {
    this.splitter = new FrameSplitter(limits.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES, limits.maxSegments ?? DEFAULT_MAX_SEGMENTS);
    socket.setNoDelay(true);
  }

  send(message: Uint8Array): void {
    if (this.closed || this.socket.destroyed) return;
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
    let ended = false;
    const end = (error?: Error): void => {
      if (ended) return;
      ended = true;
      this.closed = true;
      onClose(error);
    };
    this.socket.on('data', (chunk: Buffer) => {
      if (ended) return;
      try {
        this.splitter.push(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength), onMessage);
      } catch (error) {
        // What the peer sent cannot be framed (a limit, a broken segment table): read no more,
        // and let the connection answer with Abort before the socket closes.
        ended = true;
        this.socket.pause();
        onClose(error instanceof Error ? error : new Error(String(error)));
        this.close();
      }
    });
    this.socket.on('error', (error) => end(error));
    this.socket.on('close', () => end());
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.socket.end();
    // A peer that never reads must not keep the socket open forever.
    setTimeout(() => this.socket.destroy(), 1000).unref();
  }
}

export function parseAddress(address: string): { host: string; port: number } {
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
export function connect(address: string, options: ConnectionOptions = {}): Promise<Connection> {
  const { host, port } = parseAddress(address);
  try {
    resolveConnectionOptions(options);
  } catch (error) {
    return Promise.reject(error);
  }
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.off('error', reject);
      resolve(new Connection(new SocketTransport(socket, options), options));
    });
  });
}

/** Connects and returns the peer's bootstrap capability, typed as `Class`, with its connection. */
export async function connectTo<C extends Client>(address: string, Class: ClientClass<C>, options: ConnectionOptions = {}): Promise<{ connection: Connection; bootstrap: C }> {
  const connection = await connect(address, options);
  return { connection, bootstrap: connection.bootstrap(Class) };
}

export interface ListenOptions extends ConnectionOptions {
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
  const { host, port } = parseAddress(address);
  try {
    // Refused here, not at each connection (where the error would have nobody to reach).
    resolveConnectionOptions(options);
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
