/**
 * `capstan convert FROM:TO`: converts a stream of messages between the schema-less encodings,
 * as `capnp convert` does. Each message is copied into a new builder, so the output is laid
 * out in preorder whatever the input's layout: binary and packed output use the reference
 * builder's segment sizes (a 1024-word first segment, growing heuristically) unless
 * --segment-size asks for fixed segments; flat output is one segment; canonical output is the
 * canonical form.
 */
import { parseArgs } from 'node:util';
import {
  MAX_SEGMENT_WORDS, MessageBuilder, canonicalize, isCanonical,
  readMessage, CapnpError, type BuilderOptions, type MessageReader, type ReaderOptions,
} from '../wire/index.js';
import { LIMIT_HELP, limits } from './commands/options.js';
import { forEachInputMessage } from './input-messages.js';
import { EXIT_OK, UsageError, type CliIo, type Command } from './io.js';

const INPUT_FORMATS = ['binary', 'packed', 'flat', 'flat-packed', 'canonical'] as const;
const OUTPUT_FORMATS = ['binary', 'packed', 'flat', 'flat-packed', 'canonical'] as const;
type InputFormat = (typeof INPUT_FORMATS)[number];
type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** The reference tool's default first segment (capnp::SUGGESTED_FIRST_SEGMENT_WORDS). */
const REFERENCE_FIRST_SEGMENT_WORDS = 1024;

const HELP = `Usage: capstan convert [<option>...] <from>:<to> [<schema-file> <type>]

Converts messages between encodings, without a schema. Reads a stream of messages
from standard input in format <from> and writes them to standard output in format
<to>. Formats:
    binary       the standard framing: a segment table, then the segments
    packed       binary, packed (runs of zero bytes deflated)
    flat         one segment, no segment table (the whole input is one message)
    flat-packed  flat, packed
    canonical    the canonical form: flat, one segment, objects in preorder, no
                 trailing zeros; as input, flat bytes that must be canonical
Every message is copied, so the output is laid out afresh: binary and packed
output grow segments as the reference tool does (one segment for messages up
to 1024 words); flat output is always one segment. <schema-file> and <type> are
accepted and ignored, as the reference tool does for these formats (text and
json need a schema and are not supported yet).

Options:
    --segment-size=<n>      For binary and packed output, use fixed segments of
                            <n> words (larger objects get segments of their own),
                            like \`capnp convert --segment-size\`. Mainly for testing:
                            small sizes force far and double-far pointers.
${LIMIT_HELP}
    --quiet                 Accepted for compatibility with \`capnp convert\`.
    --help                  Show this text.

Examples:
    capstan convert binary:packed < message.bin > message.packed
    capstan convert packed:canonical < message.packed | sha256sum
    capstan convert --segment-size=4 flat:binary < flat.bin > segmented.bin
`;

function positiveInteger(name: string, text: string | undefined, max: number): number | undefined {
  if (text === undefined) return undefined;
  // Like the reference's strtol(..., 0): decimal, or 0x-prefixed hexadecimal.
  const value = /^(0x[0-9a-f]+|[0-9]+)$/i.test(text.trim()) ? Number(text.trim()) : NaN;
  if (!Number.isSafeInteger(value) || value < 1 || value > max) {
    throw new UsageError(`--${name} must be an integer from 1 to ${max}, got '${text}'`, 'convert');
  }
  return value;
}

function parseFormats(spec: string): [InputFormat, OutputFormat] {
  const colon = spec.indexOf(':');
  if (colon < 0) throw new UsageError(`expected <from>:<to>, such as binary:packed; got '${spec}'`, 'convert');
  const from = spec.slice(0, colon);
  const to = spec.slice(colon + 1);
  for (const [format, formats, role] of [[from, INPUT_FORMATS, 'input'], [to, OUTPUT_FORMATS, 'output']] as const) {
    if ((formats as readonly string[]).includes(format)) continue;
    if (format === 'text' || format === 'json') {
      throw new UsageError(`the ${format} format needs a schema, which convert does not support yet; use one of ${formats.join(', ')}`, 'convert');
    }
    throw new UsageError(`unknown ${role} format '${format}'; use one of ${formats.join(', ')}`, 'convert');
  }
  return [from as InputFormat, to as OutputFormat];
}

interface ConvertOptions {
  from: InputFormat;
  to: OutputFormat;
  segmentSize: number | undefined;
  limits: ReaderOptions;
}

function parse(args: readonly string[]): ConvertOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      allowPositionals: true,
      strict: true,
      options: {
        'segment-size': { type: 'string' },
        'traversal-limit': { type: 'string' },
        'nesting-limit': { type: 'string' },
        quiet: { type: 'boolean' },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error), 'convert');
  }
  const { values, positionals } = parsed;
  if (positionals.length === 0) throw new UsageError('missing <from>:<to>, such as binary:packed', 'convert');
  if (positionals.length > 3) throw new UsageError(`too many arguments: ${positionals.slice(3).join(' ')}`, 'convert');
  const [from, to] = parseFormats(positionals[0]!);
  return {
    from,
    to,
    segmentSize: positiveInteger('segment-size', values['segment-size'], MAX_SEGMENT_WORDS),
    limits: limits('convert', values),
  };
}

/**
 * The message in all of `input` (the flat formats hold exactly one; binary and packed streams
 * are read as they arrive, by `forEachInputMessage`).
 */
function* messagesOf(input: Uint8Array, options: ConvertOptions): Generator<MessageReader> {
  // Empty input is an empty stream, in every format (as the reference tool has it).
  if (input.length === 0) return;
  switch (options.from) {
    case 'flat':
    case 'flat-packed':
      yield readMessage(input, { ...options.limits, format: options.from });
      return;
    case 'canonical': {
      // Checked on a reader of its own, so the check does not spend the conversion's budget.
      if (!isCanonical(readMessage(input, { ...options.limits, format: 'flat' }))) {
        throw new CapnpError('INVALID_ARGUMENT', 'the input is not in canonical form');
      }
      yield readMessage(input, { ...options.limits, format: 'flat' });
    }
  }
}

/** One message in the output format. */
export function convertMessage(message: MessageReader, to: OutputFormat, segmentSize?: number): Uint8Array<ArrayBuffer> {
  // Like the reference tool, the root is taken as a struct (a null root is an empty struct).
  const root = message.getRoot();
  if (to === 'canonical') return canonicalize(root);
  let builderOptions: BuilderOptions | undefined;
  if (to === 'flat' || to === 'flat-packed') builderOptions = undefined; // one segment, grown in place
  else if (segmentSize !== undefined) builderOptions = { firstSegmentWords: segmentSize, growth: 'fixed' };
  else builderOptions = { firstSegmentWords: REFERENCE_FIRST_SEGMENT_WORDS, growth: 'heuristic' };
  const builder = new MessageBuilder(builderOptions);
  builder.setRoot(root);
  return builder.toBytes(to);
}

export const convertCommand: Command = {
  name: 'convert',
  summary: 'convert messages between binary, packed, flat, flat-packed and canonical',
  help: HELP,
  async run(args: readonly string[], io: CliIo): Promise<number> {
    const options = parse(args);
    await forEachInputMessage(
      io, options.from, options.limits,
      (input) => messagesOf(input, options),
      (message) => io.writeStdout(convertMessage(message, options.to, options.segmentSize)),
      (actual) => `try ${actual}:${options.to}`,
    );
    return EXIT_OK;
  },
};
