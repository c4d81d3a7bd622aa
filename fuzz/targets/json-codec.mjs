// Shared by the two JSON targets: decode JSON into a struct type, then encode the result and
// decode that again: the same JSON must come back. (Not the same bytes: a group member set to
// all defaults may be a null pointer one way and an empty struct the other, same content.)
import { readRoot } from '../../dist/dynamic/index.js';
import { fromJson, toJson } from '../../dist/json/index.js';
import { tolerate } from './support.mjs';

const decoder = new TextDecoder();

export function fuzzJson(data, schemas, types) {
  if (data.length === 0) return;
  const schema = schemas.struct(types[data[0] % types.length]);
  const json = decoder.decode(data.subarray(1));
  const message = tolerate(() => fromJson(schema, json));
  if (message === undefined) return;
  const bytes = message.toBytes();
  const encoded = toJson(readRoot(schema, bytes));
  const again = toJson(readRoot(schema, fromJson(schema, encoded).toBytes()));
  if (again !== encoded) throw new Error(`JSON encode/decode changed the message: ${encoded} became ${again}`);
}

export const JSON_DICTIONARY = ['{', '}', '[', ']', ':', ',', '"', 'null', 'true', 'false', '"NaN"', '"Infinity"', '"-Infinity"',
  '1e400', '-0', '18446744073709551616', '"18446744073709551615"', '\\u0000', '\\ud800', '"\\"', '[[[[[[[[', '{"a":{"a":'];
