/**
 * Every failure in Capstan is a `CapnpError`. Its `code` is stable and meant for programs; the
 * message is for people and says what was wrong and where (segment, byte offset, limit).
 */

/**
 * Stable error codes. New codes may be added; existing ones keep their meaning.
 *
 * The object is for callers (`error.code === ErrorCode.TRUNCATED`). Capstan's own code writes
 * the codes as string literals, which the `ErrorCode` type checks, so that a bundle which never
 * names the object leaves it and its two dozen names out (about 200 bytes of gzip in a
 * decode-only app).
 */
export const ErrorCode = {
  /** Framing is malformed: truncated segment table, too many segments, zero segments. */
  BAD_FRAMING: 'BAD_FRAMING',
  /** Input ends before the message (or packed run) does. */
  TRUNCATED: 'TRUNCATED',
  /** The message, or an object in it, is larger than a configured limit allows. */
  MESSAGE_TOO_LARGE: 'MESSAGE_TOO_LARGE',
  /** A pointer's target lies outside its segment. */
  OUT_OF_BOUNDS: 'OUT_OF_BOUNDS',
  /** A far pointer names a segment the message does not have. */
  SEGMENT_NOT_FOUND: 'SEGMENT_NOT_FOUND',
  /** A pointer has the wrong kind for what is read (a list where a struct was expected, ...),
   * or a far-pointer landing pad is malformed. */
  BAD_POINTER: 'BAD_POINTER',
  /** A list's element encoding cannot be read as the requested element type. */
  LIST_TYPE_MISMATCH: 'LIST_TYPE_MISMATCH',
  /** Text is not NUL-terminated. */
  BAD_TEXT: 'BAD_TEXT',
  /** Reading charged more words than the traversal limit allows (amplification defense). */
  TRAVERSAL_LIMIT: 'TRAVERSAL_LIMIT',
  /** Pointers nest deeper than the nesting limit (also stops cycles); text or JSON input nests
   * deeper than its limit; a plain object to encode nests deeper than the stack can follow. */
  NESTING_LIMIT: 'NESTING_LIMIT',
  /** A list or struct index is out of range. */
  INDEX_OUT_OF_RANGE: 'INDEX_OUT_OF_RANGE',
  /** Packed input is malformed. */
  BAD_PACKING: 'BAD_PACKING',
  /** An orphan was adopted twice, or into a different message. */
  ORPHAN_MISUSE: 'ORPHAN_MISUSE',
  /** HTTP: a body that should be a message is labelled with another content type (see `capstan/fetch`). */
  BAD_CONTENT_TYPE: 'BAD_CONTENT_TYPE',
  /** An argument is invalid (negative size, value out of range for its type, ...); text or
   * JSON input is malformed or does not fit the schema; a plain object has the wrong shape. */
  INVALID_ARGUMENT: 'INVALID_ARGUMENT',
  /** The operation is not possible for this message (flat output of a multi-segment
   * message, a segment larger than the builder's limit, ...). */
  UNSUPPORTED: 'UNSUPPORTED',
  /** RPC: the remote call failed (an exception of type `failed`). */
  RPC_FAILED: 'RPC_FAILED',
  /** RPC: the callee is temporarily out of resources; retrying later may work. */
  RPC_OVERLOADED: 'RPC_OVERLOADED',
  /** RPC: the connection (or the capability's host) is gone. */
  RPC_DISCONNECTED: 'RPC_DISCONNECTED',
  /** RPC: the callee does not implement the method or message. */
  RPC_UNIMPLEMENTED: 'RPC_UNIMPLEMENTED',
  /** RPC: the call was canceled before it returned. */
  RPC_CANCELED: 'RPC_CANCELED',
  /** RPC: the peer broke the protocol (or a per-connection limit); the connection is aborted. */
  RPC_PROTOCOL: 'RPC_PROTOCOL',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export class CapnpError extends Error {
  override readonly name = 'CapnpError';
  readonly code: ErrorCode;

  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/** Narrowing helper for `catch (e)` blocks. */
export function isCapnpError(value: unknown): value is CapnpError {
  return value instanceof CapnpError;
}

/** Formats "segment 2, byte 48" for error messages. */
export function where(segmentId: number, byteOffset: number): string {
  return `segment ${segmentId}, byte ${byteOffset}`;
}
