/**
 * `capstan convert FROM:TO [SCHEMA TYPE]` with every format of the reference tool: the
 * schema-less encodings (handled by the schema-less convert command, which this one wraps)
 * and `text` and `json`, which need the schema file and the root type.
 */
import { EXIT_OK, UsageError, type CliIo, type Command } from '../io.js';
import { FORMATS, convertStream, isFormat, type Format } from './formats.js';
import {
  IMPORT_HELP, IMPORT_OPTIONS, LIMIT_HELP, LIMIT_OPTIONS, importOptions, limits, parse, positionalsExactly, segmentSize,
} from './options.js';
import { loadSchemaFile, rootType } from './schema-file.js';

const HELP = `Usage: capstan convert [<option>...] <from>:<to> [<schema-file> <type>]

Converts a stream of messages from standard input in format <from> to standard
output in format <to>, like \`capnp convert\`. Formats:
    binary       the standard framing: a segment table, then the segments
    packed       binary, packed
    flat         one segment, no segment table (the whole input is one message)
    flat-packed  flat, packed
    canonical    the canonical form (as input: flat bytes that must be canonical)
    text         the schema language's struct literal format, one per message
    json         JSON, one object per message
text and json need <schema-file> and <type>, the root struct type (a name in the
file's scope, such as Foo or Foo.Bar); binary-to-binary conversions ignore them.

Options:
    --short                 Write text or JSON on one line per message, without
                            the pretty layout.
    --segment-size=<n>      Fixed segments of <n> words for binary and packed output.
${IMPORT_HELP}
${LIMIT_HELP}
    --quiet                 Accepted for compatibility with \`capnp convert\`.
    --help                  Show this text.

Examples:
    capstan convert binary:text person.capnp Person < person.bin
    capstan convert json:packed person.capnp Person < person.json > person.packed
    capstan convert --short binary:json person.capnp Person < people.bin
`;

const OPTIONS = {
  short: { type: 'boolean' as const },
  'segment-size': { type: 'string' as const },
  quiet: { type: 'boolean' as const },
  ...IMPORT_OPTIONS,
  ...LIMIT_OPTIONS,
};

function formats(spec: string): [Format, Format] {
  const colon = spec.indexOf(':');
  if (colon < 0) throw new UsageError(`expected <from>:<to>, such as binary:text; got '${spec}'`, 'convert');
  const from = spec.slice(0, colon);
  const to = spec.slice(colon + 1);
  for (const [format, role] of [[from, 'input'], [to, 'output']] as const) {
    if (!isFormat(format)) throw new UsageError(`unknown ${role} format '${format}'; use one of ${FORMATS.join(', ')}`, 'convert');
  }
  return [from as Format, to as Format];
}

const NEEDS_SCHEMA = new Set<Format>(['text', 'json']);

/**
 * The convert command, handling text and JSON itself and passing the schema-less
 * conversions to `schemaless` (the reference tool's options for schemas are dropped there).
 */
export function convertCommand(schemaless: Command): Command {
  return {
    name: 'convert',
    summary: 'convert messages between binary, packed, flat, flat-packed, canonical, text and json',
    help: HELP,
    async run(args: readonly string[], io: CliIo): Promise<number> {
      const { values, positionals } = parse('convert', args, OPTIONS);
      if (positionals.length === 0) throw new UsageError('missing <from>:<to>, such as binary:text', 'convert');
      const [from, to] = formats(positionals[0]!);
      if (!NEEDS_SCHEMA.has(from) && !NEEDS_SCHEMA.has(to)) {
        const passed = args.filter((a, i) => {
          if (a === '--short' || a === '--no-standard-import') return false;
          if (a === '-I' || a === '--import-path') return false;
          if (a.startsWith('-I') || a.startsWith('--import-path=')) return false;
          const previous = args[i - 1];
          return !(previous === '-I' || previous === '--import-path');
        });
        return schemaless.run(passed, io);
      }
      if (positionals.length < 3) {
        const format = NEEDS_SCHEMA.has(from) ? from : to;
        throw new UsageError(`the ${format} format needs a schema: missing ${positionals.length < 2 ? '<schema-file> ' : ''}<type>`, 'convert');
      }
      const [, file, type] = positionalsExactly('convert', positionals, ['from>:<to', 'schema-file', 'type']);
      const imports = importOptions(values, 'convert');
      const schema = rootType(await loadSchemaFile(file!, imports, { declarations: [type!], annotations: from === 'json' || to === 'json' }), type!);
      await convertStream(io, from, to, schema, {
        pretty: values.short !== true,
        segmentSize: segmentSize('convert', values),
        limits: limits('convert', values),
        language: imports.language,
        advice: (actual) => `try ${actual}:${to}`,
      }, (chunk) => io.writeStdout(chunk));
      return EXIT_OK;
    },
  };
}
