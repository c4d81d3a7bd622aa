/**
 * Messages in and out of every format the schema commands speak: the binary encodings (read
 * as a stream, or as one flat message), the text format and JSON (a stream of struct literals
 * or objects, each parsed against the root type). Output of binary formats goes through the
 * schema-less convert's `convertMessage`, so both commands lay messages out alike.
 */
import {
  CapnpError, isCanonical, readMessage, type MessageReader, type ReaderOptions,
} from '../../wire/index.js';
import { DynamicStruct, type StructSchema } from '../../dynamic/index.js';
import { parseText, printStructText, splitTextMessages, type TextLimits, type TextSyntaxOptions } from '../../text/index.js';
import { JsonCodec, splitJsonMessages } from '../../json/index.js';
import { convertMessage } from '../convert.js';
import type { BinaryFormat } from '../misread-format.js';
import { forEachInputMessage } from '../input-messages.js';
import type { CliIo } from '../io.js';

export const FORMATS = ['binary', 'packed', 'flat', 'flat-packed', 'canonical', 'text', 'json'] as const;
export type Format = (typeof FORMATS)[number];

export function isFormat(name: string): name is Format {
  return (FORMATS as readonly string[]).includes(name);
}

export interface Settings {
  /** Text and JSON output in the pretty layout (not `--short`). */
  pretty: boolean;
  /** Fixed segment size for binary and packed output (`--segment-size`). */
  segmentSize?: number;
  limits: ReaderOptions;
  /** The edition of the language text input is read in (`--language`; default 1.0's). */
  language?: '1.0' | '0.9';
  /**
   * What to tell the user when binary input turns out to be in the sibling encoding (packed
   * for binary...): `try --packed`. Default: name the format to use instead.
   */
  advice?: (actual: BinaryFormat) => string;
}

const decoder = new TextDecoder();

/**
 * How deep text and JSON input may nest: `--nesting-limit` when given, else the codecs' own
 * default (the lifted reader limit would let hostile input run the stack out).
 */
function documentLimits(settings: Settings): { maxNestingDepth?: number } {
  const limit = settings.limits.nestingLimit;
  return limit !== undefined && Number.isFinite(limit) ? { maxNestingDepth: limit } : {};
}

/** How text input is read: its limits and the edition of its syntax. */
function textOptions(settings: Settings): TextLimits & TextSyntaxOptions {
  return { ...documentLimits(settings), language: settings.language };
}

/**
 * The messages of all of `input` in format `from`, one by one: the formats read whole (binary
 * and packed streams are read as they arrive, by `forEachInputMessage`).
 */
function* readInput(input: Uint8Array, from: Format, schema: StructSchema | null, settings: Settings): Generator<MessageReader> {
  if (input.length === 0) return;
  switch (from) {
    case 'flat':
    case 'flat-packed':
      yield readMessage(input, { ...settings.limits, format: from });
      return;
    case 'canonical':
      if (!isCanonical(readMessage(input, { ...settings.limits, format: 'flat' }))) {
        throw new CapnpError('INVALID_ARGUMENT', 'the input is not in canonical form');
      }
      yield readMessage(input, { ...settings.limits, format: 'flat' });
      return;
    case 'text':
      for (const chunk of splitTextMessages(decoder.decode(input))) yield parseText(schema!, chunk, textOptions(settings)).asReader();
      return;
    case 'json': {
      const codec = new JsonCodec(documentLimits(settings));
      for (const chunk of splitJsonMessages(decoder.decode(input))) yield codec.decodeMessage(schema!, chunk).asReader();
      return;
    }
  }
}

/** One message in format `to`. */
export function writeOutput(message: MessageReader, to: Format, schema: StructSchema | null, settings: Settings, json?: JsonCodec): Uint8Array<ArrayBuffer> | string {
  switch (to) {
    case 'text':
      return `${printStructText(new DynamicStruct(schema!, message.getRoot()), { short: !settings.pretty })}\n`;
    case 'json': {
      const codec = json ?? new JsonCodec({ pretty: settings.pretty });
      return `${codec.encode(new DynamicStruct(schema!, message.getRoot()))}\n`;
    }
    default:
      return convertMessage(message, to, settings.segmentSize);
  }
}

/**
 * Converts every message of standard input, writing each as it is done (binary and packed
 * streams as they arrive). Errors name the message (in a stream of several) where they happened.
 */
export async function convertStream(
  io: CliIo, from: Format, to: Format, schema: StructSchema | null, settings: Settings,
  write: (chunk: Uint8Array | string) => Promise<void>,
): Promise<void> {
  const json = to === 'json' ? new JsonCodec({ pretty: settings.pretty }) : undefined;
  await forEachInputMessage(
    io, from, settings.limits,
    (input) => readInput(input, from, schema, settings),
    (message) => write(writeOutput(message, to, schema, settings, json)),
    settings.advice ?? ((actual) => `read it as ${actual}`),
  );
}
