// JSON decoding with the compat/json.capnp annotations (names, flatten with prefixes,
// discriminators, base64 and hex Data, Json.Value fields): test/fixtures/codecs/json.capnp.
import { fuzzJson, JSON_DICTIONARY } from './json-codec.mjs';
import { ANNOTATED_TYPES, annotated } from './support.mjs';

export const options = {
  maxLength: 4096,
  dictionary: [...JSON_DICTIONARY, '"plain-name":', '"bee":', '"d_c":true', '"p.x":1', '"kind-tag":"circle"', '"kind-tag":"rectangle"', '"radius":',
    '"vt":"text-word","vv":"x"', '"vt":"number","vv":', '"b64":"AAE="', '"hexed":"00ff"', '"moods":["zzz"]', '"mood":"very-grumpy"',
    '"raw":{"a":[1,null]}', '"raws":[', '"wrapped":{"type":"inner","value":"v"}', '"big":"1"', '"small":', '"ratio":', '"bytes":['],
};

export function fuzz(data) {
  fuzzJson(data, annotated, ANNOTATED_TYPES);
}
