/**
 * `capstan decode SCHEMA TYPE` (messages to text) and `capstan encode SCHEMA TYPE` (text to
 * messages): the reference tool's older commands, kept with their flags (`--flat`,
 * `--packed`, `--short`, `--segment-size`).
 */
import { UsageError, EXIT_OK, type CliIo, type Command } from '../io.js';
import { convertStream, type Format } from './formats.js';
import {
  IMPORT_HELP, IMPORT_OPTIONS, LIMIT_HELP, LIMIT_OPTIONS, importOptions, limits, parse, positionalsExactly, segmentSize,
} from './options.js';
import { loadSchemaFile, rootType } from './schema-file.js';

function binaryFormat(flat: boolean, packed: boolean): Format {
  if (flat) return packed ? 'flat-packed' : 'flat';
  return packed ? 'packed' : 'binary';
}

const DECODE_HELP = `Usage: capstan decode [<option>...] <schema-file> <type>

Reads messages of root type <type> (a struct in <schema-file>) from standard input
and prints them in the text format, like \`capnp decode\`.

Options:
    --flat                  The input is one message, a single segment without a
                            segment table.
    -p, --packed            The input is packed.
    --short                 One line per message, without the pretty layout.
${IMPORT_HELP}
${LIMIT_HELP}
    --quiet                 Accepted for compatibility with \`capnp decode\`.
    --help                  Show this text.

Example:
    capstan decode person.capnp Person < person.bin
`;

export const decodeCommand: Command = {
  name: 'decode',
  summary: 'print messages in the text format',
  help: DECODE_HELP,
  async run(args: readonly string[], io: CliIo): Promise<number> {
    const { values, positionals } = parse('decode', args, {
      flat: { type: 'boolean' }, packed: { type: 'boolean', short: 'p' }, short: { type: 'boolean' }, quiet: { type: 'boolean' },
      ...IMPORT_OPTIONS, ...LIMIT_OPTIONS,
    });
    const [file, type] = positionalsExactly('decode', positionals, ['schema-file', 'type']);
    const schema = rootType(await loadSchemaFile(file!, importOptions(values, 'decode'), { declarations: [type!], annotations: false }), type!);
    const from = binaryFormat(values.flat === true, values.packed === true);
    await convertStream(io, from, 'text', schema, {
      pretty: values.short !== true,
      limits: limits('decode', values),
      advice: (actual) => (actual.endsWith('packed') ? 'try --packed' : 'try without --packed'),
    }, (chunk) => io.writeStdout(chunk));
    return EXIT_OK;
  },
};

const ENCODE_HELP = `Usage: capstan encode [<option>...] <schema-file> <type>

Reads struct literals of root type <type> (a struct in <schema-file>) from standard
input, such as
    (name = "Alice", age = 30, tags = ["a", "b"])
and writes one message for each, like \`capnp encode\`.

Options:
    --flat                  Write one message as a single segment without a segment
                            table (the input must hold exactly one literal).
    -p, --packed            Pack the output.
    --segment-size=<n>      Fixed segments of <n> words (for testing far pointers).
${IMPORT_HELP}
    --help                  Show this text.

Example:
    echo '(name = "Alice")' | capstan encode person.capnp Person > person.bin
`;

export const encodeCommand: Command = {
  name: 'encode',
  summary: 'write messages from the text format',
  help: ENCODE_HELP,
  async run(args: readonly string[], io: CliIo): Promise<number> {
    const { values, positionals } = parse('encode', args, {
      flat: { type: 'boolean' }, packed: { type: 'boolean', short: 'p' }, 'segment-size': { type: 'string' },
      ...IMPORT_OPTIONS,
    });
    const [file, type] = positionalsExactly('encode', positionals, ['schema-file', 'type']);
    if (values.flat === true && values['segment-size'] !== undefined) throw new UsageError('--segment-size cannot be used with --flat', 'encode');
    const imports = importOptions(values, 'encode');
    const schema = rootType(await loadSchemaFile(file!, imports, { declarations: [type!], annotations: false }), type!);
    const to = binaryFormat(values.flat === true, values.packed === true);
    await convertStream(io, 'text', to, schema, {
      pretty: true,
      segmentSize: segmentSize('encode', values),
      limits: {},
      language: imports.language,
    }, (chunk) => io.writeStdout(chunk));
    return EXIT_OK;
  },
};
