/**
 * RPC in HTTP batches: the calls a client makes in one tick go in one POST, pipelined, and come
 * back in one response; a batch session then ends. The `capstan/rpc/http-batch` entry point,
 * with no Node dependency (the server side takes a Fetch API `Request`); Node's `http` server
 * helper is in `capstan/rpc/http-batch/node`. See docs/rpc.md, "HTTP batch".
 */
export {
  httpBatch, httpBatchConnection, HttpBatchTransport, handleBatchRequest, answerBatch,
  HTTP_BATCH_CONTENT_TYPE, BATCH_ENDED,
  type HttpBatchClientOptions, type HttpBatchServerOptions, type BatchAnswer,
} from './http-batch.js';
