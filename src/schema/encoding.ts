import { CodeGeneratorRequest as RequestType } from '../generated/std/schema.capnp.js';
import type { ReadMessageOptions } from '../wire/index.js';
import type { CodeGeneratorRequest } from './types.js';

/**
 * A `CodeGeneratorRequest` as framed bytes (what `capnp compile -o-` writes and plugins read).
 * Uses the generated schema.capnp bindings.
 */
export function encodeCodeGeneratorRequest(request: CodeGeneratorRequest): Uint8Array {
  return RequestType.encode(request);
}

/**
 * Reads a framed `CodeGeneratorRequest` into its plain-object form. Requests are trusted input
 * from a compiler but can be large, so the traversal limit is raised unless given.
 */
export function decodeCodeGeneratorRequest(bytes: Uint8Array, options?: ReadMessageOptions): CodeGeneratorRequest {
  return RequestType.decode(bytes, { traversalLimitInWords: 1 << 30, ...options }) as CodeGeneratorRequest;
}
