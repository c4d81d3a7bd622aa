// The schema compiler (capstan/compiler) through an in-memory loader: the input is split at
// NUL bytes into /main.capnp and the files it may import (/b.capnp, /c.capnp, /d.capnp, by
// those names or relatively); the standard schemas (/capnp/*.capnp) are there too. A schema
// that compiles is also turned into JavaScript by the code generator, as the Vite plugin and
// `capstan compile` do with an uploaded or edited file.
import { compile } from '../../dist/compiler/index.js';
import { generateJavaScript } from '../../dist/codegen/index.js';
import { tolerate } from './support.mjs';

export const options = {
  maxLength: 4096,
  dictionary: ['@0xbf5147cbbecf40c1;', 'struct ', 'enum ', 'interface ', 'union ', 'group ', 'const ', 'annotation ', 'using ', 'import ',
    '"b.capnp"', '"/c.capnp"', '"/capnp/c++.capnp"', '"/capnp/compat/json.capnp"', '$', '@0', '@1', ' :Text', ' :List(', ' :AnyPointer', ' :UInt64 = ',
    '(T)', ' extends(', ' -> ', '{', '}', ';', '=', '.', '0x"', 'embed ', '$Json.name("x")', ' :group ', 'generic', '\0'],
};

const NAMES = ['/main.capnp', '/b.capnp', '/c.capnp', '/d.capnp'];
const decoder = new TextDecoder();

export function fuzz(data) {
  const parts = decoder.decode(data).split('\0').slice(0, NAMES.length);
  const sources = Object.fromEntries(parts.map((text, i) => [NAMES[i], text]));
  const result = tolerate(() => compile({ files: ['/main.capnp'], sources }));
  if (result === undefined) return;
  if (!Array.isArray(result.diagnostics)) throw new Error('compile returned no diagnostics list');
  if (result.request) tolerate(() => generateJavaScript(result.request));
}
