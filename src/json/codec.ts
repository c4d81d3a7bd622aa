/**
 * The JSON codec: messages to and from JSON text in the reference implementation's mapping,
 * with compat/json.capnp's annotations (`name` on fields, groups, unions and enumerants;
 * `flatten` with `prefix`; `discriminator` with `name` and `valueName`; `base64`; `hex`), as
 * the reference codec with its annotation handlers (which the reference tool always installs).
 *
 * The work is in: mappings.ts (each type's JSON names, from its annotations), to-json.ts
 * (encoding), from-json.ts (decoding), json-value-struct.ts (`Json.Value` fields),
 * parse-text.ts and write-text.ts (JSON text). Capabilities and AnyPointer have no JSON form
 * here (the reference needs a custom handler for them too): encoding or decoding one is an
 * error.
 */
import { CapnpError, MessageBuilder, type BuilderOptions, type ListBuilder, type ListReader } from '../wire/index.js';
import {
  DynamicStruct, DynamicStructBuilder, initRoot, type DynamicType, type StructSchema,
} from '../dynamic/index.js';
import { isStackOverflow } from '../runtime/error-path.js';
import { JSON_IDS } from './annotations.js';
import { unsupported } from './errors.js';
import { JsonDecoder } from './from-json.js';
import { JsonMappings } from './mappings.js';
import { DEFAULT_MAX_PRINTED_CHARS, startOutput } from '../text/output-limit.js';
import { parseJson } from './parse-text.js';
import { JsonEncoder } from './to-json.js';
import { DEFAULT_JSON_NESTING_LIMIT, type JsonValue } from './value.js';
import { JSON_LIMIT, writeJson } from './write-text.js';
import { inputText } from '../runtime/input-text.js';

export interface JsonOptions {
  /** The reference's pretty layout. Default false (no whitespace). */
  pretty?: boolean;
  /** Arrays and objects in JSON input may nest this deep. Default 64. */
  maxNestingDepth?: number;
  /** Fail on object fields the schema does not have (default: ignore them, as the reference does). */
  rejectUnknownFields?: boolean;
  /**
   * The longest JSON to write, in characters (default `DEFAULT_MAX_PRINTED_CHARS`, 128 Mi). A
   * message whose JSON would be longer fails with a `CapnpError` (`MESSAGE_TOO_LARGE`) before
   * the text, or a tree of that size, is made: a few bytes can describe a list of millions of
   * empty structs, each of which becomes an object of defaults.
   */
  maxChars?: number;
}

/**
 * Converts between messages and JSON for one configuration of options. Holds the mappings
 * made from each type's annotations, so reuse one instance for many messages.
 */
export class JsonCodec {
  readonly options: JsonOptions;
  private readonly encoder: JsonEncoder;
  private readonly decoder: JsonDecoder;

  constructor(options: JsonOptions = {}) {
    this.options = options;
    const mappings = new JsonMappings();
    this.encoder = new JsonEncoder(mappings);
    this.decoder = new JsonDecoder(mappings, options);
  }

  // The output limit is counted in both steps of making JSON (text/output-limit.ts): while the
  // tree is made, each value counts the least text it can become (so no output under the limit
  // is refused, and no tree much larger than it is built); while it is written, each character.

  /** A struct as a JSON tree. */
  toJsonValue(struct: DynamicStruct | DynamicStructBuilder): JsonValue {
    const reader = struct instanceof DynamicStructBuilder ? struct.asReader() : struct;
    startOutput(this.maxChars, 'JSON', JSON_LIMIT);
    return this.encoder.encodeStruct(reader.schema, reader.$);
  }

  /** A struct as JSON text (no trailing newline). */
  encode(struct: DynamicStruct | DynamicStructBuilder): string {
    return writeJson(this.toJsonValue(struct), { pretty: this.options.pretty ?? false, maxChars: this.maxChars });
  }

  /** A value of any type (a list, a scalar...) as JSON text. */
  encodeValue(type: DynamicType, value: unknown): string {
    startOutput(this.maxChars, 'JSON', JSON_LIMIT);
    return writeJson(this.valueToJson(type, value), { pretty: this.options.pretty ?? false, maxChars: this.maxChars });
  }

  private get maxChars(): number {
    return this.options.maxChars ?? DEFAULT_MAX_PRINTED_CHARS;
  }

  private valueToJson(type: DynamicType, value: unknown): JsonValue {
    if (value instanceof DynamicStruct || value instanceof DynamicStructBuilder) return this.toJsonValue(value);
    if (type.kind === 'list' && value !== null && typeof value === 'object' && '$' in value) {
      const list = (value as { $: ListReader | ListBuilder }).$;
      const reader = 'asReader' in list ? list.asReader() : list;
      return this.encoder.encodeList(type.element, reader);
    }
    // Structs and lists come wrapped (above); anything else given for them has no JSON form.
    if (type.kind === 'struct' || type.kind === 'list') throw unsupported(type, 'the value', 'encode');
    return this.encoder.encodeValue(type, value, null);
  }

  /** Fills `builder` from JSON text (an object). */
  decode(json: string | JsonValue, builder: DynamicStructBuilder): void {
    const value = typeof json === 'string' ? parseJson(json, { maxNestingDepth: this.options.maxNestingDepth ?? DEFAULT_JSON_NESTING_LIMIT }) : json;
    try {
      this.decoder.decodeStruct(builder.schema, value, builder.$, '');
    } catch (e) {
      // A tree given directly (or a nesting limit raised past the stack) can nest deeper than
      // the recursive decoder can follow.
      if (isStackOverflow(e)) throw new CapnpError('NESTING_LIMIT', 'the JSON nests too deeply to decode (the stack ran out); lower maxNestingDepth');
      throw e;
    }
  }

  /** JSON text (an object) to a new message of `schema`. */
  decodeMessage(schema: StructSchema, json: string | JsonValue, options?: BuilderOptions): MessageBuilder {
    const message = new MessageBuilder(options);
    this.decode(json, initRoot(schema, message));
    return message;
  }
}

/** A struct as JSON text, the reference's mapping. */
export function toJson(struct: DynamicStruct | DynamicStructBuilder, options?: JsonOptions): string {
  return new JsonCodec(options).encode(struct);
}

/** JSON text to a new message of `schema`. */
export function fromJson(schema: StructSchema, json: string, options?: JsonOptions & BuilderOptions): MessageBuilder {
  return new JsonCodec(options).decodeMessage(schema, inputText(json, 'fromJson'), options);
}

/** Whether a method carries `$Json.notification` (a JSON-RPC notification: no response expected). */
export function isNotification(method: { annotations: readonly { id: bigint }[] }): boolean {
  return method.annotations.some((a) => a.id === JSON_IDS.notification);
}
