// JSON decoding (capstan/json) into the types of codecs.capnp, no annotations: the first byte
// picks the type, the rest is the document. See json-codec.mjs.
import { fuzzJson, JSON_DICTIONARY } from './json-codec.mjs';
import { CODEC_TYPES, codecs } from './support.mjs';

export const options = {
  maxLength: 4096,
  dictionary: [...JSON_DICTIONARY, '"int64":', '"uint64":', '"float32":', '"data":[', '"structs":[{', '"shapes":[{"circle":', '"square":{"side":1}',
    '"tag":{"words":["a"]}', '"child":{', '"int32Lists":[[1]]', '"boolListLists":[[[true]]]', '"color":"blue"', '"color":7', '"textScalars":{"first":"a"}'],
};

export function fuzz(data) {
  fuzzJson(data, codecs, CODEC_TYPES);
}
