/**
 * Running the CLI in tests: in-process through `run(argv, io)` with buffers, or as a real
 * process (`node dist/cli/main.js`, which needs `npm run build`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { run } from '../../src/cli/run.js';
import type { CliIo } from '../../src/cli/io.js';

export interface CliResult {
  status: number;
  stdout: Uint8Array;
  stderr: string;
}

function concat(chunks: readonly Uint8Array[]): Uint8Array {
  let total = 0;
  for (const c of chunks) total += c.length;
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** The size of the pieces in-process standard input arrives in (odd, so pieces end anywhere). */
const STDIN_PIECE_BYTES = 1021;

/** Runs `capstan argv...` in-process with `stdin` as its input. */
export async function runCli(argv: readonly string[], stdin: Uint8Array | string = new Uint8Array(0)): Promise<CliResult> {
  const out: Uint8Array[] = [];
  let err = '';
  const bytes = typeof stdin === 'string' ? new TextEncoder().encode(stdin) : stdin;
  const io: CliIo = {
    readStdin: async () => bytes,
    // In pieces, as a pipe delivers them: messages are cut out of a stream across pieces.
    stdin: async function* () {
      for (let at = 0; at < bytes.length; at += STDIN_PIECE_BYTES) yield bytes.slice(at, at + STDIN_PIECE_BYTES);
    },
    writeStdout: async (chunk) => {
      out.push(typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk.slice());
    },
    writeStderr: (text) => {
      err += text;
    },
  };
  const status = await run(argv, io);
  return { status, stdout: concat(out), stderr: err };
}

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The `capstan` executable as the package ships it: package.json's `bin` (the bundled CLI). */
export const BUILT_CLI = fileURLToPath(new URL('../../dist/bundle/cli/main.js', import.meta.url));

/**
 * Why the built CLI cannot be used (missing, or older than its sources), or null when it is
 * up to date. `npm test` builds first, so there it is always usable.
 */
export function builtCliProblem(): string | null {
  if (!existsSync(BUILT_CLI)) return 'dist/bundle/cli/main.js does not exist (run `npm run build`)';
  const built = statSync(BUILT_CLI).mtimeMs;
  for (const dir of ['cli', 'wire']) {
    const sources = fileURLToPath(new URL(`../../src/${dir}/`, import.meta.url));
    for (const name of readdirSync(sources)) {
      if (name.endsWith('.ts') && built < statSync(sources + name).mtimeMs) {
        return `dist/bundle/cli/main.js is older than src/${dir}/${name} (run \`npm run build\`)`;
      }
    }
  }
  return null;
}

/** Runs the built `capstan` as a process (killed after `timeoutMs`, when given: status -1). */
export function spawnCli(argv: readonly string[], stdin: Uint8Array | string = '', timeoutMs?: number): CliResult {
  const result = spawnSync(process.execPath, [BUILT_CLI, ...argv], { input: stdin, cwd: ROOT, maxBuffer: 64 * 1024 * 1024, timeout: timeoutMs });
  if (result.error !== undefined && (result.error as NodeJS.ErrnoException).code !== 'ETIMEDOUT') throw result.error;
  return {
    status: result.status ?? -1,
    stdout: new Uint8Array(result.stdout.buffer, result.stdout.byteOffset, result.stdout.byteLength),
    stderr: result.stderr.toString('utf8'),
  };
}
