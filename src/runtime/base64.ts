/**
 * The one base64 codec (standard alphabet, RFC 4648 section 4), for every caller: constants
 * baked into generated code (written by the code generator, read back by `capstan/private`)
 * and `$Json.base64` Data fields (`capstan/json` re-exports both functions).
 *
 * - Encoding always pads with `=`.
 * - Decoding accepts input with or without padding and skips ASCII whitespace (JSON producers
 *   wrap long values); anything else outside the alphabet, data after padding, or input that
 *   ends in the middle of a byte is a CapnpError (INVALID_ARGUMENT) naming the position.
 *
 * Hand-written rather than `atob`/`btoa` so it yields bytes directly, takes no dependency and
 * behaves the same on every runtime.
 */
import { CapnpError } from '../wire/index.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/** Character code to its 6-bit value; -1 for characters outside the alphabet. */
const LOOKUP = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) LOOKUP[ALPHABET.charCodeAt(i)] = i;

const PAD = 61; // '='

/** Bytes as padded base64. */
export function encodeBase64(bytes: Uint8Array): string {
  // Built in chunks joined at the end: one long `+=` chain makes a deep rope for large Data.
  const parts: string[] = [];
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out += ALPHABET[n >>> 18]! + ALPHABET[(n >>> 12) & 63]! + ALPHABET[(n >>> 6) & 63]! + ALPHABET[n & 63]!;
    if (out.length >= 4096) {
      parts.push(out);
      out = '';
    }
  }
  if (i < bytes.length) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8);
    out += ALPHABET[n >>> 18]! + ALPHABET[(n >>> 12) & 63]!;
    out += i + 1 < bytes.length ? `${ALPHABET[(n >>> 6) & 63]!}=` : '==';
  }
  parts.push(out);
  return parts.join('');
}

function isWhitespace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}

/** Base64 (padded or not, whitespace skipped) to bytes. */
export function decodeBase64(text: string): Uint8Array {
  const out = new Uint8Array(Math.floor((text.length * 3) / 4) + 3);
  let at = 0;
  let buffer = 0;
  let bits = 0;
  let padding = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isWhitespace(c)) continue;
    if (c === PAD) {
      padding = true;
      continue;
    }
    const value = c < 128 ? LOOKUP[c]! : -1;
    if (value < 0 || padding) {
      throw new CapnpError('INVALID_ARGUMENT', `invalid base64: unexpected '${text[i]}' at position ${i}`);
    }
    buffer = ((buffer << 6) | value) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[at++] = (buffer >>> bits) & 0xff;
    }
  }
  if (bits >= 6) throw new CapnpError('INVALID_ARGUMENT', 'invalid base64: the input ends in the middle of a byte');
  return out.slice(0, at);
}
