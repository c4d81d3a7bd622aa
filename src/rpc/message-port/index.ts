/**
 * RPC over MessagePorts (MessageChannel, worker_threads, Web Workers, iframes): one message per
 * `postMessage`, buffers transferred. The `capstan/rpc/message-port` entry point.
 */
export {
  MessagePortTransport, connectMessagePort, connectMessagePortTo, MESSAGE_PORT_CLOSE,
  type MessagePortLike, type MessagePortTransportOptions,
} from './message-port.js';
