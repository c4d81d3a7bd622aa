/**
 * The string that UTF-8 bytes of a schema hold (a string literal's contents, a doc comment).
 * A leading U+FEFF is part of the value and kept (`ignoreBOM`): TextDecoder's default drops it
 * as a byte order mark, which compiled `"\xef\xbb\xbfx"` to "x" where the reference compiler
 * keeps the three bytes. Invalid UTF-8 becomes replacement characters, as in Text fields.
 */
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

export function decodeUtf8(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}
