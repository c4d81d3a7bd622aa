/**
 * The parts of RPC messages every side of a connection reads or writes: a message's union,
 * an empty response, promised-answer transforms (pointer paths) and exceptions. Fields are read
 * and written at the offsets of `protocol/layout.ts`, through the wire layer's struct readers
 * and builders.
 */
import { ElementSize, utf8Length, type StructBuilder, type StructReader } from '../wire/index.js';
import { EXCEPTION_TYPES, protocolError, RpcError, toRpcError } from './errors.js';
import { Response } from './hook.js';
import { OutgoingMessage } from './outgoing-message.js';
import {
  EXCEPTION_POINTERS, EXCEPTION_REASON, EXCEPTION_TRACE, EXCEPTION_TYPE, EXCEPTION_WORDS,
  MESSAGE_BODY, MESSAGE_POINTERS, MESSAGE_WHICH, MESSAGE_WORDS,
  OP_GET_POINTER_FIELD, OP_IS_GET_POINTER_FIELD, OP_IS_NOOP, OP_POINTERS, OP_WHICH, OP_WORDS,
  PROMISED_ANSWER_TRANSFORM,
} from './protocol/layout.js';

/**
 * Makes `message`'s root a Message whose union holds `which` (a `MESSAGE_IS_*` tag), and returns
 * that member's new struct, of `words` data words and `pointers` pointers.
 */
export function initMessage(message: OutgoingMessage, which: number, words: number, pointers: number): StructBuilder {
  const root = message.initRoot(MESSAGE_WORDS, MESSAGE_POINTERS);
  root.setUint16(MESSAGE_WHICH, which);
  return root.initStruct(MESSAGE_BODY, words, pointers);
}

/** A struct member `index` of `parent`, made new as an Exception. */
export function initException(parent: StructBuilder, index: number): StructBuilder {
  return parent.initStruct(index, EXCEPTION_WORDS, EXCEPTION_POINTERS);
}

export function emptyResponse(): Response {
  return new Response(new OutgoingMessage(1).rootReader(), []);
}

/** Writes `path` as the transform of a PromisedAnswer. */
export function writeTransform(promised: StructBuilder, path: readonly number[]): void {
  if (path.length === 0) return;
  const ops = promised.initStructList(PROMISED_ANSWER_TRANSFORM, path.length, OP_WORDS, OP_POINTERS);
  for (let i = 0; i < path.length; i++) {
    const op = ops.getStruct(i);
    op.setUint16(OP_WHICH, OP_IS_GET_POINTER_FIELD);
    op.setUint16(OP_GET_POINTER_FIELD, path[i]!);
  }
}

/** The pointer path a PromisedAnswer's transform names. */
export function readTransform(promised: StructReader): number[] {
  const path: number[] = [];
  if (!promised.hasPointer(PROMISED_ANSWER_TRANSFORM)) return path;
  const ops = promised.getList(PROMISED_ANSWER_TRANSFORM, ElementSize.INLINE_COMPOSITE);
  for (let i = 0; i < ops.length; i++) {
    const op = ops.getStruct(i);
    const which = op.getUint16(OP_WHICH);
    if (which === OP_IS_GET_POINTER_FIELD) path.push(op.getUint16(OP_GET_POINTER_FIELD));
    else if (which !== OP_IS_NOOP) throw protocolError('unknown PromisedAnswer transform');
  }
  return path;
}

/**
 * Writes `error` into an Exception struct, its reason cut to `maxReasonBytes` of UTF-8 (see
 * `reasonWithin`) so that the message carrying it is one the peer takes.
 */
export function writeException(exception: StructBuilder, error: Error, maxReasonBytes = Infinity): void {
  const rpcError = toRpcError(error);
  exception.setText(EXCEPTION_REASON, reasonWithin(rpcError.message, maxReasonBytes));
  exception.setUint16(EXCEPTION_TYPE, EXCEPTION_TYPES.indexOf(rpcError.type));
}

/**
 * `reason`, or, when its UTF-8 is longer than `maxBytes`, its start (cut where each character
 * takes three bytes at most, never inside a surrogate pair) and how long it was: a method that
 * throws a 100 MB message still gets an answer sent, and the connection stays up.
 */
export function reasonWithin(reason: string, maxBytes: number): string {
  if (reason.length * 3 <= maxBytes || utf8Length(reason, maxBytes) <= maxBytes) return reason;
  const note = `... (cut from ${reason.length} characters)`;
  let end = Math.max(0, Math.floor((maxBytes - note.length) / 3));
  const last = reason.charCodeAt(end - 1);
  if (last >= 0xd800 && last < 0xdc00) end--;
  return reason.slice(0, end) + note;
}

export function readException(exception: StructReader): RpcError {
  const type = EXCEPTION_TYPES[exception.getUint16(EXCEPTION_TYPE)] ?? 'failed';
  return new RpcError(type, exception.getText(EXCEPTION_REASON), { remoteTrace: exception.getText(EXCEPTION_TRACE) });
}
