/**
 * Cap'n Proto RPC, level 1: capabilities passed both ways, promise pipelining, embargoes, tail
 * calls, cancellation and `-> stream` flow control, over any transport that moves whole
 * messages. This is the `capstan/rpc` entry point; it has no Node dependency (TCP lives in
 * `capstan/rpc/node`). See docs/rpc.md.
 */
export { Client, RpcPromise, capabilityOf, disposeSymbol, type ClientClass, type TypeParams } from './client.js';
export { clientCodec } from './client-codec.js';
export { Connection, DEFAULT_MAX_MESSAGE_BYTES, type ConnectionOptions, type ConnectionStats, type ConnectionState } from './connection.js';
export { RpcError, isRpcError, type ExceptionType } from './errors.js';
export {
  callMethod, callStream, methodScope, methodStruct, prepareCall, serve, serverFor, StructPipeline,
  type CallContext, type MethodStruct, type CallMethodOptions, type GenericCallOptions, type InterfaceInfo, type MethodInfo, type ParamsInput, type PromiseClass, type RpcPromiseRequest,
} from './interface.js';
export { type CallOptions } from './hook.js';
export { ServerCall, type CapabilityServer } from './local-hook.js';
export { transportPair, type Transport } from './transport.js';
export { FrameSplitter } from './frame-splitter.js';
export { DEFAULT_STREAM_WINDOW_BYTES } from './stream-flow.js';
