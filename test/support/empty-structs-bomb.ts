/**
 * A hostile message for the tests of printing and copying: a few hundred bytes of codecs.capnp
 * `Lists` whose `structs` list claims 2^29 - 1 empty structs (an inline-composite tag of zero
 * words, no content). Read with the traversal limit lifted (as `capstan decode` reads), every
 * element is there to print or copy; each prints as a whole struct of defaults.
 */
import { readFileSync } from 'node:fs';
import { compile } from '../../src/compiler/index.js';
import { loadSchema, type StructSchema } from '../../src/dynamic/index.js';
import { encodeText } from '../../src/text/index.js';
import { CapnpError } from '../../src/wire/index.js';
import { FIXTURES } from './generate.js';

export const BOMB_ELEMENTS = 2 ** 29 - 1;

/** codecs.capnp's `Lists`, compiled by Capstan. */
export function listsSchema(): StructSchema {
  const source = readFileSync(`${FIXTURES}/codecs/codecs.capnp`, 'utf8');
  const { request, diagnostics } = compile({ files: ['/codecs.capnp'], sources: { '/codecs.capnp': source } });
  if (request === null) throw new Error(JSON.stringify(diagnostics));
  return loadSchema(request).struct('Lists');
}

/** The message, framed (binary). */
export function emptyStructsBomb(schema: StructSchema = listsSchema()): Uint8Array {
  const bytes = encodeText(schema, '(structs = [()])').slice();
  const view = new DataView(bytes.buffer);
  for (let at = 8; at + 8 <= bytes.length; at += 8) {
    const lo = view.getUint32(at, true);
    const hi = view.getUint32(at + 4, true);
    // The one inline-composite list pointer: its word count and its tag become zero-size.
    if ((lo & 3) === 1 && (hi & 7) === 7) {
      const tag = at + 8 + (lo >> 2) * 8;
      view.setUint32(at + 4, 7, true);
      view.setUint32(tag, (BOMB_ELEMENTS << 2) >>> 0, true);
      view.setUint32(tag + 4, 0, true);
      return bytes;
    }
  }
  throw new CapnpError('INVALID_ARGUMENT', 'no struct list in the encoded message');
}
