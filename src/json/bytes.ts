/**
 * Data as hex text for `$Json.hex` fields: lowercase on output, either case on input.
 * (`$Json.base64` uses the one base64 codec, runtime/base64.ts.)
 */
import { CapnpError } from '../wire/index.js';
import { inputText } from '../runtime/input-text.js';

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

export function decodeHex(input: string): Uint8Array {
  const text = inputText(input, 'decodeHex');
  if (text.length % 2 !== 0) throw new CapnpError('INVALID_ARGUMENT', 'invalid hex: an odd number of digits');
  const out = new Uint8Array(text.length / 2);
  for (let i = 0; i < out.length; i++) {
    const pair = text.slice(i * 2, i * 2 + 2);
    if (!/^[0-9a-fA-F]{2}$/.test(pair)) throw new CapnpError('INVALID_ARGUMENT', `invalid hex digits '${pair}' at position ${i * 2}`);
    out[i] = parseInt(pair, 16);
  }
  return out;
}
