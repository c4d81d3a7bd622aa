/**
 * A WebSocket RPC server for Node, on the `ws` package: the `capstan/rpc/websocket/node` entry
 * point. `ws` is an optional peer dependency, imported only when `listenWebSocket` is called;
 * install it in the server's project (`npm install ws`). Browsers and other runtimes use
 * `capstan/rpc/websocket` alone.
 */
import type * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Connection, type ConnectionOptions } from '../connection.js';
import { parseAddress } from '../node/tcp.js';
import { CapnpError } from '../../wire/index.js';
import { checkWebSocketOptions, WebSocketTransport, type WebSocketLike, type WebSocketTransportOptions } from './websocket.js';

export interface WebSocketListenOptions extends ConnectionOptions, WebSocketTransportOptions {
  /** The bootstrap capability of every connection: one shared client or server, or one made per connection. */
  bootstrap: NonNullable<ConnectionOptions['bootstrap']>;
  /** Accept only upgrades to this path (any path by default). */
  path?: string;
  /**
   * More options for `ws`'s WebSocketServer. `maxPayload` defaults to `maxMessageBytes`, so `ws`
   * refuses a larger message (close code 1009) before reading it whole.
   */
  ws?: Record<string, unknown>;
}

interface WsServer {
  address(): AddressInfo | string | null;
  close(callback?: (error?: Error) => void): void;
  on(event: 'connection', listener: (socket: WebSocketLike & { terminate(): void }) => void): void;
  once(event: 'listening' | 'error', listener: (value?: unknown) => void): void;
  off(event: 'error', listener: (value?: unknown) => void): void;
}

/** A listening WebSocket RPC server. */
export class WebSocketListener {
  readonly connections = new Set<Connection>();

  /** `server` is `ws`'s WebSocketServer. */
  constructor(readonly server: WsServer, private readonly httpServer: http.Server | null) {}

  /** The port listened on (of the HTTP server, when attached to one). */
  get port(): number {
    const address = (this.httpServer?.address() ?? this.server.address()) as AddressInfo;
    return address.port;
  }

  /** `ws://host:port` of the address listened on. */
  get url(): string {
    const address = (this.httpServer?.address() ?? this.server.address()) as AddressInfo;
    return `ws://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  }

  /** Stops accepting, and closes every open connection (an HTTP server passed in stays open). */
  async close(): Promise<void> {
    for (const connection of this.connections) void connection.close('the server is shutting down');
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * Serves `options.bootstrap` over WebSockets: on `address` ("host:port"; port 0 picks a free
 * one), or on the upgrades of an HTTP(S) server of yours.
 */
export async function listenWebSocket(address: string | http.Server, options: WebSocketListenOptions): Promise<WebSocketListener> {
  // Refused here, not at each connection (where the error would have nobody to reach).
  const maxMessageBytes = checkWebSocketOptions(options);
  let ws: { WebSocketServer: new (options: Record<string, unknown>) => WsServer };
  try {
    ws = (await import('ws')) as unknown as typeof ws;
  } catch (error) {
    throw new CapnpError('UNSUPPORTED', 'listenWebSocket needs the `ws` package: npm install ws', { cause: error });
  }
  const settings: Record<string, unknown> = { maxPayload: maxMessageBytes, ...options.ws };
  if (options.path !== undefined) settings['path'] = options.path;
  let httpServer: http.Server | null = null;
  if (typeof address === 'string') {
    const { host, port } = parseAddress(address);
    settings['host'] = host;
    settings['port'] = port;
  } else {
    httpServer = address;
    settings['server'] = address;
  }
  const server = new ws.WebSocketServer(settings);
  const listener = new WebSocketListener(server, httpServer);
  server.on('connection', (socket) => {
    const connection = new Connection(new WebSocketTransport(socket, options), options);
    listener.connections.add(connection);
    connection.onDisconnect(() => listener.connections.delete(connection));
  });
  if (httpServer === null) {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.once('listening', () => {
        server.off('error', reject);
        resolve();
      });
    });
  }
  return listener;
}
