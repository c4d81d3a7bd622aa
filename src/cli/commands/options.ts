/**
 * Command-line options shared by the schema commands: import paths, reader limits, segment
 * size. Parsed with node:util's parseArgs; mistakes become `UsageError`s naming the command.
 */
import { parseArgs } from 'node:util';
import { DEFAULT_NESTING_LIMIT, MAX_SEGMENT_WORDS, type ReaderOptions } from '../../wire/index.js';
import { UsageError } from '../io.js';
import { DEFAULT_SCHEMA_LANGUAGE } from '../../compiler/index.js';
import type { ImportOptions } from './schema-file.js';

type OptionSpec = { type: 'string' | 'boolean'; short?: string; multiple?: boolean };

export const IMPORT_OPTIONS: Record<string, OptionSpec> = {
  'import-path': { type: 'string', short: 'I', multiple: true },
  'no-standard-import': { type: 'boolean' },
  language: { type: 'string' },
};

export const LIMIT_OPTIONS: Record<string, OptionSpec> = {
  'traversal-limit': { type: 'string' },
  'nesting-limit': { type: 'string' },
};

export const IMPORT_HELP = `    -I, --import-path=<dir> Search <dir> for imports that start with '/'.
    --no-standard-import    Do not search the standard directories
                            (/usr/local/include, /usr/include).
    --language=<edition>    1.0 (default): the schema language of Cap'n Proto 1.0
                            and later, in schemas and in text input; 0.9: that of
                            0.9.2, without block quotes or struct values given as
                            their first field's.`;

export const LIMIT_HELP = `    --traversal-limit=<n>   Fail once a message has made the reader visit <n>
                            words (default: 64 words per word of the message,
                            at least 32768, so a message of any size reads whole
                            but a few hostile bytes cannot make it visit more).
    --nesting-limit=<n>     Fail when pointers nest deeper than <n> levels, a list
                            and each struct in it counting one level each, as in
                            libcapnp (default: no limit; the library's is ${DEFAULT_NESTING_LIMIT}).
                            Like \`capnp\`, messages are read without a nesting
                            limit unless it is given: the input is your own file.`;

export interface Parsed {
  values: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
}

export function parse(command: string, args: readonly string[], options: Record<string, OptionSpec>): Parsed {
  try {
    const { values, positionals } = parseArgs({ args: [...args], allowPositionals: true, strict: true, options });
    return { values: values as Parsed['values'], positionals };
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error), command);
  }
}

export function importOptions(values: Parsed['values'], command: string): ImportOptions {
  const language = (values.language as string | undefined) ?? DEFAULT_SCHEMA_LANGUAGE;
  if (language !== '1.0' && language !== '0.9') throw new UsageError(`--language must be 1.0 or 0.9, got '${language}'`, command);
  return {
    importPaths: (values['import-path'] as string[] | undefined) ?? [],
    noStandardImport: values['no-standard-import'] === true,
    language,
  };
}

/** A positive integer option (decimal or 0x hex, like the reference's strtol(..., 0)). */
export function positiveInteger(command: string, name: string, text: unknown, max: number): number | undefined {
  if (text === undefined) return undefined;
  const s = String(text).trim();
  const value = /^(0x[0-9a-f]+|[0-9]+)$/i.test(s) ? Number(s) : NaN;
  if (!Number.isSafeInteger(value) || value < 1 || value > max) {
    throw new UsageError(`--${name} must be an integer from 1 to ${max}, got '${String(text)}'`, command);
  }
  return value;
}

/**
 * The reader limits the flags ask for. Unset, the nesting limit is lifted, as the reference
 * tool lifts it for `decode` and `convert` (the input is the user's own file, not a peer's
 * message; a cycle ends in the stack, reported in one line). The traversal budget is not
 * lifted but scales with each message, with no cap on its size: a file of any size reads
 * whole, while a few hostile bytes (pointers that share their targets, lists of empty
 * structs) cannot buy unbounded work, as they can from `capnp`.
 */
export function limits(command: string, values: Parsed['values']): ReaderOptions {
  const traversal = positiveInteger(command, 'traversal-limit', values['traversal-limit'], Number.MAX_SAFE_INTEGER);
  return {
    traversalLimitInWords: traversal ?? Infinity,
    scaleTraversalLimit: traversal === undefined,
    nestingLimit: positiveInteger(command, 'nesting-limit', values['nesting-limit'], Number.MAX_SAFE_INTEGER) ?? Infinity,
  };
}

export function segmentSize(command: string, values: Parsed['values']): number | undefined {
  return positiveInteger(command, 'segment-size', values['segment-size'], MAX_SEGMENT_WORDS);
}

/** Exactly `count` positional arguments, named for the error message. */
export function positionalsExactly(command: string, positionals: string[], names: readonly string[]): string[] {
  if (positionals.length < names.length) throw new UsageError(`missing ${names.slice(positionals.length).map((n) => `<${n}>`).join(' ')}`, command);
  if (positionals.length > names.length) throw new UsageError(`too many arguments: ${positionals.slice(names.length).join(' ')}`, command);
  return positionals;
}
