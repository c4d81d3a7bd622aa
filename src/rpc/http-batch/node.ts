/**
 * HTTP-batch RPC for Node's `http` module: the `capstan/rpc/http-batch/node` entry point.
 * `nodeBatchHandler(options)` is a `(request, response)` listener for `http.createServer` (or a
 * route of a framework that hands out Node's request and response).
 */
import type * as http from 'node:http';
import {
  answerBatch, checkBatchServerOptions, refuseBatchRequest, tooLargeAnswer,
  type BatchAnswer, type HttpBatchServerOptions,
} from './http-batch.js';
import { concatBytes } from '../../wire/index.js';

function send(response: http.ServerResponse, answer: BatchAnswer): void {
  const body = typeof answer.body === 'string' ? Buffer.from(answer.body, 'utf8') : answer.body;
  response.writeHead(answer.status, { ...answer.headers, 'content-length': String(body.byteLength) });
  response.end(body);
}

/**
 * A request listener answering HTTP batches (see `handleBatchRequest` in
 * `capstan/rpc/http-batch` for the statuses and limits). A body that grows past `maxBodyBytes`
 * is answered 413 as soon as it does, and the rest of it is not read.
 */
export function nodeBatchHandler(options: HttpBatchServerOptions = {}): (request: http.IncomingMessage, response: http.ServerResponse) => void {
  // Refused here, not at each request.
  const maxBodyBytes = checkBatchServerOptions(options);
  return (request, response) => {
    const refused = refuseBatchRequest(request.method ?? 'GET', request.headers['content-type'], request.headers['content-length'], maxBodyBytes);
    if (refused !== null) {
      response.setHeader('connection', 'close');
      send(response, refused);
      request.resume();
      return;
    }
    const chunks: Uint8Array[] = [];
    let total = 0;
    let done = false;
    request.on('data', (chunk: Buffer) => {
      if (done) return;
      total += chunk.byteLength;
      if (total > maxBodyBytes) {
        done = true;
        response.setHeader('connection', 'close');
        send(response, tooLargeAnswer(maxBodyBytes));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => {
      if (done) return;
      done = true;
      void answerBatch(concatBytes(chunks), options).then((answer) => send(response, answer));
    });
    request.on('error', () => {
      done = true;
    });
  };
}

export type { HttpBatchServerOptions } from './http-batch.js';
