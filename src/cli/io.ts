/**
 * What a CLI command may touch: its input, its output, its error stream. Commands get these
 * from `run` rather than from `process`, so tests run them in-process on buffers and
 * `main.ts` is the only file that knows about the real process.
 */
export interface CliIo {
  /** All of standard input. */
  readStdin(): Promise<Uint8Array>;
  /**
   * Standard input as it arrives, for binary and packed streams (read this or `readStdin`,
   * once). Without it they are read whole, through `readStdin`.
   */
  stdin?(): AsyncIterable<Uint8Array>;
  /** Writes to standard output (resolves once the bytes are accepted). */
  writeStdout(chunk: Uint8Array | string): Promise<void>;
  /** Writes to standard error. */
  writeStderr(text: string): void;
}

/** A command line the user got wrong: reported with a pointer to `--help`, exit status 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
  /** The command whose help explains the usage (empty for the top level). */
  readonly command: string;

  constructor(message: string, command = '') {
    super(message);
    this.command = command;
  }
}

/** One subcommand: `capstan <name> ...`. Each lives in a file of its own. */
export interface Command {
  readonly name: string;
  /** One line for `capstan --help`. */
  readonly summary: string;
  /** The full `capstan <name> --help` text. */
  readonly help: string;
  /** Runs with the arguments after the command name; returns the exit status. */
  run(args: readonly string[], io: CliIo): Promise<number>;
}

export const EXIT_OK = 0;
/** Bad input data (a malformed message, ...). */
export const EXIT_BAD_INPUT = 1;
/** Bad command line. */
export const EXIT_USAGE = 2;
