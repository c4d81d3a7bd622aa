/**
 * Cap'n Proto RPC over WebSockets as a Fastify route, on `@fastify/websocket` (an optional peer
 * dependency, imported when the plugin is registered) and Capstan's WebSocket transport (one
 * Cap'n Proto message per binary WebSocket message, the C++ library's convention):
 *
 * ```ts
 * await app.register(capnpRpc, { path: '/rpc', bootstrap: () => Echo.serve({ echo: (p) => ({ text: p.text }) }) });
 * // a client: connectWebSocketTo('ws://host/rpc', EchoClient)
 * ```
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { CapabilityServer, Client, Connection, ConnectionOptions } from '../rpc/index.js';
import { acceptWebSocket, type WebSocketLike, type WebSocketTransportOptions } from '../rpc/websocket/index.js';
import { checkWebSocketOptions } from '../rpc/websocket/websocket.js';
import { CapnpError } from '../wire/index.js';
import { inRegisteringContext } from './shared-context.js';

export interface CapnpRpcOptions extends Omit<ConnectionOptions, 'bootstrap'>, WebSocketTransportOptions {
  /** The route's URL (`'/rpc'`): a GET that upgrades to a WebSocket. */
  path: string;
  /**
   * Every connection's bootstrap capability: one shared client or server, or a function that
   * makes one for a connection (it gets the upgrade request, for its headers or what an
   * `onRequest` hook put on it). What the function returns belongs to the connection, which
   * releases it when it ends.
   */
  bootstrap: Client | CapabilityServer | ((connection: Connection, request: FastifyRequest) => Client | CapabilityServer);
  /** Called with each connection as it starts (to keep count, log, or close it early). */
  onConnection?: (connection: Connection, request: FastifyRequest) => void;
  /**
   * Options for `@fastify/websocket` when this plugin registers it (it does unless the app has
   * registered it already). `options.maxPayload` defaults to `maxMessageBytes`.
   */
  websocket?: { options?: Record<string, unknown>; [option: string]: unknown };
}

/** Servers on which this plugin registered `@fastify/websocket`, and in which context. */
const registeredOn = new WeakMap<object, FastifyInstance>();

const plugin: FastifyPluginAsync<CapnpRpcOptions> = async (fastify, options) => {
  if (typeof options.path !== 'string' || options.bootstrap == null) {
    throw new CapnpError('INVALID_ARGUMENT', 'capnpRpc needs a `path` and a `bootstrap` capability');
  }
  const { path, bootstrap, onConnection, websocket, ...connectionOptions } = options;
  // Limits are checked at registration, as `listen` checks them: at each connection, a wrong one
  // would fail every upgrade (and `maxPayload: NaN` would reach `ws`).
  const maxMessageBytes = checkWebSocketOptions(connectionOptions);

  if (!fastify.hasDecorator('websocketServer')) {
    if (registeredOn.has(fastify.server)) {
      // A second copy would route every upgrade twice.
      throw new CapnpError('INVALID_ARGUMENT', 'capnpRpc is registered in another encapsulated context already, which registered @fastify/websocket there: register @fastify/websocket once on the root instance, before capnpRpc');
    }
    let websocketPlugin: unknown;
    try {
      websocketPlugin = (await import('@fastify/websocket')).default;
    } catch (error) {
      throw new CapnpError('UNSUPPORTED', 'capnpRpc needs the `@fastify/websocket` package: npm install @fastify/websocket', { cause: error });
    }
    registeredOn.set(fastify.server, fastify);
    const settings = { ...websocket, options: { maxPayload: maxMessageBytes, ...websocket?.options } };
    await fastify.register(websocketPlugin as FastifyPluginAsync<typeof settings>, settings);
  }

  const connections = new Set<Connection>();
  // `websocket: true` and `wsHandler` come from @fastify/websocket's additions to Fastify's
  // types, which this module does not import (its declarations must not need the package).
  fastify.route({
    method: 'GET',
    url: path,
    // A plain GET (no upgrade) is told what the route is for.
    handler: (_request: FastifyRequest, reply: FastifyReply) => reply.code(426).header('upgrade', 'websocket').send({
      statusCode: 426, error: 'Upgrade Required', message: 'this is a Cap\'n Proto RPC endpoint: open a WebSocket to it',
    }),
    // An upgrade answered over HTTP instead (an `onRequest` hook's 401, say) leaves a socket
    // Node's HTTP server no longer manages; @fastify/websocket ends it only when its own
    // `onRequest` hook ran, which a hook registered before it and replying first prevents.
    onResponse: (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
      if (/^websocket$/i.test(request.headers.upgrade ?? '')) request.raw.socket.destroy();
      done();
    },
    wsHandler: (socket: WebSocketLike, request: FastifyRequest) => {
      const connection = acceptWebSocket(socket, {
        ...connectionOptions,
        bootstrap: typeof bootstrap === 'function' ? (own: Connection) => bootstrap(own, request) : bootstrap,
      });
      connections.add(connection);
      connection.onDisconnect(() => connections.delete(connection));
      onConnection?.(connection, request);
    },
  } as unknown as RouteOptions);

  // @fastify/websocket closes the sockets too; this also ends connections when it was told not to.
  fastify.addHook('preClose', (done) => {
    for (const connection of connections) void connection.close('the server is shutting down');
    done();
  });
};

// The route and hook belong to the context that registers the plugin, and so does
// @fastify/websocket when the plugin registers it (once per app).
inRegisteringContext(plugin, 'capstan-rpc');

/** The plugin: `await app.register(capnpRpc, { path: '/rpc', bootstrap: () => Echo.serve(impl) })`. */
export const capnpRpc: FastifyPluginAsync<CapnpRpcOptions> = plugin;
