/**
 * UTF-8 for Text fields. One shared decoder and encoder: constructing them is costly and they
 * hold no per-call state. Decoding is not fatal on invalid UTF-8 (replacement characters), as
 * Cap'n Proto does not validate text.
 */
const decoder = new TextDecoder('utf-8');
const encoder = new TextEncoder();

export function decodeUtf8(bytes: Uint8Array, start: number, end: number): string {
  if (start === end) return '';
  return decoder.decode(bytes.subarray(start, end));
}

/** Writes `text` at `offset`; `bytes` must have room for 3 bytes per UTF-16 unit. */
export function encodeUtf8Into(text: string, bytes: Uint8Array, offset: number): number {
  return encoder.encodeInto(text, bytes.subarray(offset)).written;
}

export function encodeUtf8(text: string): Uint8Array {
  return encoder.encode(text);
}

/** Bytes `text` takes in UTF-8 (lone surrogates count as U+FFFD, as TextEncoder writes them). */
export function utf8Length(text: string): number {
  const length = text.length;
  let bytes = length;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) {
      bytes += 1;
    } else if (c >= 0xd800 && c <= 0xdbff && i + 1 < length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 2;
        i++;
      } else {
        bytes += 2;
      }
    } else {
      bytes += 2;
    }
  }
  return bytes;
}
