/**
 * Data as text for `$Json.base64` and `$Json.hex` fields: standard base64 with padding and
 * lowercase hex on output; on input, base64 with or without padding (whitespace ignored) and
 * hex in either case.
 */
import { CapnpError, ErrorCode } from '../wire/index.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const LOOKUP = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) LOOKUP[ALPHABET.charCodeAt(i)] = i;

export function encodeBase64(bytes: Uint8Array): string {
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

export function decodeBase64(text: string): Uint8Array {
  const out = new Uint8Array(Math.floor((text.length * 3) / 4) + 3);
  let at = 0;
  let buffer = 0;
  let bits = 0;
  let padding = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 10 || c === 13 || c === 9) continue;
    if (c === 61 /* = */) {
      padding = true;
      continue;
    }
    const value = c < 128 ? LOOKUP[c]! : -1;
    if (value < 0 || padding) {
      throw new CapnpError(ErrorCode.INVALID_ARGUMENT, `invalid base64: unexpected '${text[i]}' at position ${i}`);
    }
    buffer = ((buffer << 6) | value) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[at++] = (buffer >>> bits) & 0xff;
    }
  }
  if (bits >= 6) throw new CapnpError(ErrorCode.INVALID_ARGUMENT, 'invalid base64: the input ends in the middle of a byte');
  return out.slice(0, at);
}

const HEX = '0123456789abcdef';

export function encodeHex(bytes: Uint8Array): string {
  const parts: string[] = [];
  let out = '';
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    out += HEX[b >> 4]! + HEX[b & 15]!;
    if (out.length >= 4096) {
      parts.push(out);
      out = '';
    }
  }
  parts.push(out);
  return parts.join('');
}

export function decodeHex(text: string): Uint8Array {
  if (text.length % 2 !== 0) throw new CapnpError(ErrorCode.INVALID_ARGUMENT, 'invalid hex: an odd number of digits');
  const out = new Uint8Array(text.length / 2);
  for (let i = 0; i < out.length; i++) {
    const pair = text.slice(i * 2, i * 2 + 2);
    if (!/^[0-9a-fA-F]{2}$/.test(pair)) throw new CapnpError(ErrorCode.INVALID_ARGUMENT, `invalid hex digits '${pair}' at position ${i * 2}`);
    out[i] = parseInt(pair, 16);
  }
  return out;
}
