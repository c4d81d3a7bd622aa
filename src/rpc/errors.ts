/**
 * Errors of RPC. An exception travels between vats as rpc.capnp's `Exception` (a reason and one
 * of four types); here it is an `RpcError`, a `CapnpError` whose `code` follows the type, so a
 * caller can tell "try again later" (`overloaded`) from "the peer is gone" (`disconnected`)
 * without parsing messages.
 */
import { CapnpError, type ErrorCode } from '../wire/index.js';

/** The four kinds of exception rpc.capnp knows, in the order of `Exception.Type`. */
export type ExceptionType = 'failed' | 'overloaded' | 'disconnected' | 'unimplemented';

export const EXCEPTION_TYPES: readonly ExceptionType[] = ['failed', 'overloaded', 'disconnected', 'unimplemented'];

const CODES = {
  failed: 'RPC_FAILED',
  overloaded: 'RPC_OVERLOADED',
  disconnected: 'RPC_DISCONNECTED',
  unimplemented: 'RPC_UNIMPLEMENTED',
} as const;

export class RpcError extends CapnpError {
  /** The exception's type as it travels on the wire. */
  readonly type: ExceptionType;
  /** The remote side's stack or trace, when it sent one. */
  readonly remoteTrace: string;

  constructor(type: ExceptionType, message: string, options?: { cause?: unknown; remoteTrace?: string; code?: ErrorCode }) {
    super(options?.code ?? CODES[type], message, options);
    this.type = type;
    this.remoteTrace = options?.remoteTrace ?? '';
  }
}

export function isRpcError(value: unknown): value is RpcError {
  return value instanceof RpcError;
}

/** The error a call gets when it was canceled (travels as `failed`, but says what happened). */
export function canceledError(what = 'the call was canceled'): RpcError {
  return new RpcError('failed', what, { code: 'RPC_CANCELED' });
}

export function disconnectedError(reason: string, cause?: unknown): RpcError {
  return new RpcError('disconnected', reason, { cause });
}

export function protocolError(message: string): RpcError {
  return new RpcError('failed', `RPC protocol error: ${message}`, { code: 'RPC_PROTOCOL' });
}

export function unimplementedError(message: string): RpcError {
  return new RpcError('unimplemented', message);
}

/** What a message from the peer that does not read (`error`, from the wire layer) ends the connection with. */
export function malformedError(error: CapnpError): RpcError {
  return protocolError(`malformed message from the peer (${error.code}): ${error.message}`);
}

/** The error of a call on a capability whose last reference went while the call waited. */
export function releasedError(): RpcError {
  return new RpcError('failed', 'the capability was released');
}

/** A promise the peer (or this process) resolved into its own chain breaks with this. */
export function selfResolvedError(): RpcError {
  return new RpcError('failed', 'a capability promise resolved to itself');
}

/**
 * What a thrown value becomes on the wire: an RpcError keeps its type; a CapnpError keeps its
 * code in the reason; anything else is `failed` with its message. Total: application code can
 * throw anything, including values that throw again when read (a `message` getter that throws,
 * an object without `toString`), and the call must still be answered.
 */
export function toRpcError(value: unknown): RpcError {
  try {
    if (value instanceof RpcError) {
      if (typeof value.message === 'string') return value;
    } else if (value instanceof CapnpError) {
      return new RpcError('failed', `${value.code}: ${value.message}`, { cause: value });
    } else if (value instanceof Error) {
      return new RpcError('failed', String(value.message || value.name), { cause: value });
    } else {
      return new RpcError('failed', String(value));
    }
  } catch {
    // Reading the value threw: the fixed reason below.
  }
  return new RpcError('failed', UNREADABLE);
}

/** Text for a thrown value, whatever it is (see `toRpcError`). */
export function describeThrown(value: unknown): string {
  try {
    return value instanceof Error ? String(value.message || value.name) : String(value);
  } catch {
    return UNREADABLE;
  }
}

/** `value` if it is an Error, else an RpcError (`failed`) that describes it. */
export function asError(value: unknown): Error {
  try {
    if (value instanceof Error) return value;
  } catch {
    // A proxy whose prototype cannot be read: described below.
  }
  return new RpcError('failed', describeThrown(value));
}

const UNREADABLE = 'a value was thrown that cannot be read as text';

/**
 * A rejection handler that does nothing: given to promises whose failure may have nobody
 * awaiting it (a call made only to pipeline on) and reaches its observers another way, so that
 * it does not also count as an unhandled rejection.
 */
export function ignoreRejection(): void {}
