/**
 * Schema inference (`capstan infer`): a `.capnp` schema for JSON samples, chosen so that each
 * sample converts to binary and back (with the JSON codec, Capstan's or the reference's)
 * without losing anything:
 *
 * - objects become structs (nested in the struct that uses them), arrays lists, strings Text,
 *   booleans Bool;
 * - integers become Int32, or UInt32, when every sample fits, else Float64 (the JSON mapping
 *   writes 64-bit integers as strings, which would not read back as numbers); any fraction or
 *   exponent makes a Float64;
 * - fields seen in some objects only stay optional: pointer types are simply absent; numbers
 *   and booleans, which a struct always holds, become `Json.Value` (absent when missing);
 * - `null` is `Void` when a field is always null, and otherwise makes the field a `Json.Value`,
 *   as do values of mixed kinds (compat/json.capnp is then imported);
 * - keys that are not valid field names are renamed (camelCase) and keep their JSON name
 *   through `$Json.name`.
 *
 * Samples: one JSON object, several concatenated objects, or an array of objects; all are
 * merged.
 */
export { infer, type InferOptions } from './infer.js';
export { fieldName, typeNameForKey } from './names.js';
/** A fresh file id: 64 random bits with the top bit set (the compiler's, as `capnp id` makes them). */
export { randomId as randomFileId } from '../compiler/index.js';
