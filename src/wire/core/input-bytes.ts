/**
 * What the functions that read a message from bytes accept, checked once where they start.
 *
 * TypeScript callers can pass only a `Uint8Array` or an `ArrayBuffer`; JavaScript callers can pass
 * anything, and before this check a string read as an empty message ("no message: the input is
 * empty"), a number as that many zero bytes, and `unpack({})` looped for ever (its length,
 * `undefined`, was never reached). Anything that is not bytes is now refused by name.
 *
 * Bytes in any other shape are read as what they are: a `Buffer` or a `Uint8Array` of another
 * realm (a `vm` context, an iframe), any other typed array or `DataView` (its bytes), an
 * `ArrayBuffer` (a `SharedArrayBuffer` through a view of it). Every caller's case, a
 * `Uint8Array` of this realm, takes the first test and returns. The message names the type only:
 * the decode-only app of docs/BENCHMARKS.md has no bytes to spare for more.
 */
import { CapnpError } from '../error.js';

/** `input` as a plain `Uint8Array` of this realm over the same memory, or a CapnpError naming what it was. */
export function inputBytes(input: unknown): Uint8Array {
  if (ArrayBuffer.isView(input)) {
    return input.constructor === Uint8Array ? input as Uint8Array : new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  }
  if (input instanceof ArrayBuffer) return new Uint8Array(input);
  throw new CapnpError('INVALID_ARGUMENT', `expected bytes, got ${typeof input}`);
}
