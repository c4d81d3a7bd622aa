/**
 * The JSON codec (`capstan/json`): Cap'n Proto messages to and from JSON, in the reference
 * implementation's mapping, with the compat/json.capnp annotations.
 *
 * ```ts
 * const Person = loadSchema(request).struct('Person');
 * const json = toJson(readRoot(Person, bytes), { pretty: true });
 * const message = fromJson(Person, '{"name": "Alice"}');
 * ```
 */
export { JsonCodec, toJson, fromJson, isNotification, type JsonOptions } from './codec.js';
export { JSON_IDS } from './annotations.js';
export { fromPlain, toPlain, JSON_NULL, DEFAULT_JSON_NESTING_LIMIT, type JsonValue, type JsonField } from './value.js';
export { parseJson, parseJsonStream, splitJsonMessages, type ParseJsonOptions } from './parse-text.js';
export { writeJson, quoteJson } from './write-text.js';
export { encodeBase64, decodeBase64 } from '../runtime/base64.js';
export { encodeHex, decodeHex } from './bytes.js';
