/**
 * RPC over WebSockets, one Cap'n Proto message per binary WebSocket message (the convention of
 * the C++ `capnp/compat/websocket-rpc.h`). The `capstan/rpc/websocket` entry point; it imports
 * no WebSocket implementation: the socket, or its class, comes from the caller.
 */
export {
  WebSocketTransport, connectWebSocket, connectWebSocketTo, acceptWebSocket,
  type WebSocketLike, type WebSocketClass, type WebSocketTransportOptions, type WebSocketConnectOptions,
} from './websocket.js';
