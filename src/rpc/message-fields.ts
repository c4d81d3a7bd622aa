/**
 * The parts of RPC messages every side of a connection reads or writes: an empty response,
 * promised-answer transforms (pointer paths) and exceptions.
 */
import { MessageBuilder } from '../wire/index.js';
import type * as rpc from '../generated/std/rpc.capnp.js';
import { EXCEPTION_TYPES, protocolError, RpcError, toRpcError } from './errors.js';
import { Response } from './hook.js';

export function emptyResponse(): Response {
  const message = new MessageBuilder({ firstSegmentWords: 1 });
  return new Response(message.asReader().getRootPointer(), []);
}

export function writeTransform(promised: rpc.PromisedAnswerBuilder, path: readonly number[]): void {
  if (path.length === 0) return;
  const ops = promised.initTransform(path.length);
  for (let i = 0; i < path.length; i++) ops.get(i).getPointerField = path[i]!;
}

export function readTransform(promised: rpc.PromisedAnswerReader): number[] {
  if (!promised.hasTransform()) return [];
  const ops = promised.transform;
  const path: number[] = [];
  for (let i = 0; i < ops.length; i++) {
    const op = ops.get(i);
    if (op.which() === 'getPointerField') path.push(op.getPointerField);
    else if (op.which() !== 'noop') throw protocolError('unknown PromisedAnswer transform');
  }
  return path;
}

export function writeException(builder: rpc.ExceptionBuilder, error: Error): void {
  const rpcError = toRpcError(error);
  builder.reason = rpcError.message;
  builder.type = EXCEPTION_TYPES.indexOf(rpcError.type) as rpc.Exception_Type;
}

export function readException(exception: rpc.ExceptionReader): RpcError {
  const type = EXCEPTION_TYPES[exception.type] ?? 'failed';
  return new RpcError(type, exception.reason, { remoteTrace: exception.trace });
}
