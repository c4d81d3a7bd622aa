/**
 * RPC over Node's sockets: `connect`, `listen` and the stream transport. The `capstan/rpc/node`
 * entry point.
 */
export { SocketTransport, connect, connectTo, listen, RpcListener, type ListenOptions, type SocketTransportOptions, type TcpOptions } from './tcp.js';
