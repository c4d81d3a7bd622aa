// Writing Text: the cost per string of Capstan's encoder (a JS loop for short ASCII strings, a
// native call otherwise) against the native encoders alone, by string length. This is the
// benchmark behind SHORT_TEXT in src/wire/core/text.ts: a native call costs about the same whatever
// the length, the loop grows with it, and the crossover sets the threshold.
import { join } from 'node:path';
import { ROOT } from '../lib/setup.mjs';

const COUNT = 256;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789-ABCDEFGHIJKLMNOPQRSTUVWXYZ ';

export async function strings(suite) {
  const { encodeUtf8Into } = await import(join(ROOT, 'dist/wire/core/text.js'));
  const utf8Write = Buffer.prototype.utf8Write;
  const encoder = new TextEncoder();
  const bytes = new Uint8Array(COUNT * 96 * 3);
  for (const length of [8, 32, 64]) {
    const texts = Array.from({ length: COUNT }, (_, k) => Array.from({ length }, (_, i) => ALPHABET[(i * 7 + k) % ALPHABET.length]).join(''));
    const each = (write) => () => {
      let at = 0;
      for (let i = 0; i < COUNT; i++) at += write(texts[i], at) + 1;
      return at;
    };
    const impls = {
      capstan: each((text, at) => encodeUtf8Into(text, bytes, at)),
      'Buffer#utf8Write': each((text, at) => utf8Write.call(bytes, text, at, bytes.length - at)),
      'TextEncoder#encodeInto': each((text, at) => encoder.encodeInto(text, bytes.subarray(at)).written),
    };
    await suite.compare('strings', `write ${COUNT} texts of ${length} chars`, impls);
  }
}
