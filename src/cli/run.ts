/**
 * The `capstan` command line, as a function: `run(argv, io)` parses the arguments, runs the
 * subcommand and returns the exit status. Failures become one line on stderr
 * (`capstan: <message>`), never a stack trace. New subcommands (compile, decode, encode, eval,
 * id, infer, ...) are files exporting a `Command`, listed in COMMANDS.
 */
import { readFileSync } from 'node:fs';
import { isCapnpError } from '../wire/index.js';
import { convertCommand } from './convert.js';
import { schemaCommands } from './commands/index.js';
import { EXIT_BAD_INPUT, EXIT_OK, EXIT_USAGE, UsageError, type CliIo, type Command } from './io.js';

export const COMMANDS: readonly Command[] = schemaCommands(convertCommand);

/**
 * The version in the package's package.json, found by walking up from this module: it runs from
 * dist/cli/ (tsc's output) or from a chunk of the bundled dist/bundle/ (scripts/bundle.mjs), at
 * different depths.
 */
function version(): string {
  for (let depth = 1; depth <= 5; depth++) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(`${'../'.repeat(depth)}package.json`, import.meta.url), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'capstan') return pkg.version ?? 'unknown';
    } catch {
      // No package.json at this level: look further up.
    }
  }
  return 'unknown';
}

export function topLevelHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    'Usage: capstan <command> [<option>...] [<argument>...]',
    '',
    "Cap'n Proto tools in pure TypeScript. Commands:",
    ...COMMANDS.map((c) => `    ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Options:',
    '    --help       Show this text, or with a command, that command\'s help.',
    '    --version    Print the version and exit.',
    '',
    "Run 'capstan <command> --help' for a command's options.",
    '',
  ].join('\n');
}

/** One line, no stack: what the user needs to fix their input or command line. */
function describe(error: unknown): string {
  if (error instanceof Error) return error.message.replace(/\s*\n\s*/g, ' ');
  return String(error);
}

export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const [first, ...rest] = argv;
  try {
    if (first === undefined) {
      io.writeStderr(topLevelHelp());
      return EXIT_USAGE;
    }
    if (first === '--help' || first === '-h' || first === 'help') {
      const command = first === 'help' ? COMMANDS.find((c) => c.name === rest[0]) : undefined;
      await io.writeStdout(command !== undefined ? command.help : topLevelHelp());
      return EXIT_OK;
    }
    if (first === '--version') {
      await io.writeStdout(`capstan ${version()}\n`);
      return EXIT_OK;
    }
    const command = COMMANDS.find((c) => c.name === first);
    if (command === undefined) {
      throw new UsageError(first.startsWith('-') ? `unknown option ${first}` : `unknown command '${first}'`);
    }
    if (rest.includes('--help') || rest.includes('-h')) {
      await io.writeStdout(command.help);
      return EXIT_OK;
    }
    return await command.run(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      const help = error.command === '' ? 'capstan --help' : `capstan ${error.command} --help`;
      io.writeStderr(`capstan: ${describe(error)} (see '${help}')\n`);
      return EXIT_USAGE;
    }
    if (isCapnpError(error)) {
      // The budget is the command line's own default unless --traversal-limit set it.
      const hint = error.code === 'TRAVERSAL_LIMIT' ? ' (on the command line: --traversal-limit=<n>)' : '';
      io.writeStderr(`capstan: ${describe(error)}${hint}\n`);
      return EXIT_BAD_INPUT;
    }
    // Messages are read without a nesting limit unless one is given (as the reference tool
    // reads them), so a pointer cycle or extreme depth ends in the stack, not in NESTING_LIMIT.
    if (error instanceof RangeError && /call stack/i.test(error.message)) {
      io.writeStderr('capstan: the input nests too deeply to read (a message whose pointers form a cycle?); give --nesting-limit=<n> to bound message reading\n');
      return EXIT_BAD_INPUT;
    }
    // A bug, not bad input: still one line, but say so.
    io.writeStderr(`capstan: internal error: ${describe(error)}\n`);
    return EXIT_BAD_INPUT;
  }
}
