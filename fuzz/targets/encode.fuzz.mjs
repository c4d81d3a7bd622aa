// `encode` of arbitrary JavaScript values (the plain-object encoder of generated code and of
// capstan/dynamic): the input is decoded into a JS value (values.mjs: objects with the
// schema's field names and others, arrays, strings, numbers of every kind, bigints,
// Uint8Arrays, booleans, null, undefined) and encoded as each type of codecs.capnp. Encoding
// may refuse with a CapnpError; what it encodes is read back (the encoder may nest deeper than
// the default nesting limit lets a reader follow: a CapnpError there too).
import { readMessage } from '../../dist/wire/index.js';
import { encode } from '../../dist/dynamic/index.js';
import { CODEC_TYPES, codecs, generatedCodecs, tolerate } from './support.mjs';
import { valueFromBytes } from './values.mjs';

const generated = await import(generatedCodecs());

const FIELD_NAMES = new Set();
for (const type of ['Scalars', 'Defaults', 'Lists', 'Shape', 'Point', 'Generics', 'Holder']) {
  for (const field of codecs.struct(type).fields) FIELD_NAMES.add(field.name);
}
FIELD_NAMES.add('first').add('second').add('inner').add('value').add('other').add('firstList').add('side').add('rounded').add('a').add('b');
const names = [...FIELD_NAMES].sort();

export const options = { maxLength: 2048 };

export function fuzz(data) {
  if (data.length === 0) return;
  const typeName = CODEC_TYPES[data[0] % CODEC_TYPES.length];
  const value = valueFromBytes(data.subarray(1), names);
  const viaGenerated = tolerate(() => generated[typeName].encode(value));
  if (viaGenerated !== undefined) tolerate(() => generated[typeName].decode(viaGenerated));
  const viaDynamic = tolerate(() => encode(codecs.struct(typeName), value));
  if (viaDynamic !== undefined) tolerate(() => readMessage(viaDynamic).getRoot());
}
