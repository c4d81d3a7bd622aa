/**
 * Plumbing for tests that check Capstan against the reference tool, `capnp` (Debian package
 * `capnproto`, version 0.9.2). When the tool is missing, such tests are skipped with a printed
 * notice, except under CAPSTAN_REQUIRE_REFERENCE=1 (CI sets it), where they fail instead.
 * Set CAPNP to use another binary than the one on PATH.
 *
 * Use `describeReference(name, fn)` in place of `describe` for suites that need the tool, and
 * the helpers below (synchronous: the tool is fast and tests stay simple) inside them.
 */
import { spawnSync } from 'node:child_process';
import { describe, it } from 'vitest';

export const CAPNP = process.env.CAPNP ?? 'capnp';
export const REQUIRE_REFERENCE = process.env.CAPSTAN_REQUIRE_REFERENCE === '1';

function probe(): string | null {
  const result = spawnSync(CAPNP, ['--version'], { encoding: 'utf8' });
  if (result.error !== undefined || result.status !== 0) return null;
  return result.stdout.trim();
}

/** `Cap'n Proto version 0.9.2`, or null when the tool cannot be run. */
export const referenceVersion: string | null = probe();
export const hasReference = referenceVersion !== null;

let noticePrinted = false;

/**
 * `describe` for suites that need `capnp`: runs them when the tool is there; otherwise skips
 * them with a notice, or (CAPSTAN_REQUIRE_REFERENCE=1) replaces them with a failing test.
 */
export function describeReference(name: string, fn: () => void): void {
  if (hasReference) {
    describe(name, fn);
    return;
  }
  if (REQUIRE_REFERENCE) {
    describe(name, () => {
      it('needs the reference tool', () => {
        throw new Error(`CAPSTAN_REQUIRE_REFERENCE=1 but \`${CAPNP} --version\` failed: install capnproto (apt-get install -y capnproto)`);
      });
    });
    return;
  }
  if (!noticePrinted) {
    noticePrinted = true;
    console.warn(`[capstan] reference tool \`${CAPNP}\` not found: skipping interop tests (install capnproto, or set CAPSTAN_REQUIRE_REFERENCE=1 to make this an error)`);
  }
  describe.skip(name, fn);
}

export interface ToolResult {
  status: number;
  stdout: Uint8Array;
  stderr: string;
}

/** Runs `capnp args...` with `input` on stdin and reports how it went, whatever the outcome. */
export function runCapnp(args: readonly string[], input?: Uint8Array | string): ToolResult {
  const result = spawnSync(CAPNP, args, { input: input ?? '', maxBuffer: 256 * 1024 * 1024 });
  if (result.error !== undefined) throw result.error;
  return {
    status: result.status ?? -1,
    stdout: new Uint8Array(result.stdout.buffer, result.stdout.byteOffset, result.stdout.byteLength),
    stderr: result.stderr.toString('utf8'),
  };
}

/** Runs `capnp args...` and returns its stdout; throws with its stderr if it fails. */
export function capnp(args: readonly string[], input?: Uint8Array | string): Uint8Array {
  const result = runCapnp(args, input);
  if (result.status !== 0) {
    throw new Error(`capnp ${args.join(' ')} exited with ${result.status}: ${result.stderr.trim()}`);
  }
  return result.stdout;
}

export interface CodecOptions {
  /** Packed framing (`--packed`). */
  packed?: boolean;
  /** One unframed segment (`--flat`). */
  flat?: boolean;
  /** Import path entries (`-I`). */
  importPaths?: readonly string[];
}

function codecArgs(options: CodecOptions | undefined): string[] {
  const args: string[] = [];
  if (options?.packed) args.push('--packed');
  if (options?.flat) args.push('--flat');
  for (const dir of options?.importPaths ?? []) args.push(`-I${dir}`);
  return args;
}

/** `capnp decode --short`: the messages in `bytes` as text, one line per message. */
export function decode(schemaFile: string, type: string, bytes: Uint8Array, options?: CodecOptions & { pretty?: boolean }): string {
  const args = ['decode', ...codecArgs(options)];
  if (!options?.pretty) args.push('--short');
  return new TextDecoder().decode(capnp([...args, schemaFile, type], bytes));
}

/** `capnp encode`: text struct literals to messages. */
export function encode(schemaFile: string, type: string, text: string, options?: CodecOptions & { segmentSize?: number }): Uint8Array {
  const args = ['encode', ...codecArgs(options)];
  if (options?.segmentSize !== undefined) args.push(`--segment-size=${options.segmentSize}`);
  return capnp([...args, schemaFile, type], text);
}

/** `capnp convert FROM:TO` on a stream of messages (schema-less formats only). */
export function convert(fromTo: string, bytes: Uint8Array, options?: { segmentSize?: number }): Uint8Array {
  const args = ['convert', '--quiet'];
  if (options?.segmentSize !== undefined) args.push(`--segment-size=${options.segmentSize}`);
  return capnp([...args, fromTo], bytes);
}

/**
 * Runs the reference plugin `capnpc-NAME` (installed with `capnp`, next to it) on a framed
 * CodeGeneratorRequest. The plugins read the request with libcapnp's default ReaderOptions
 * except the traversal limit, so they show how the C++ library applies its default nesting
 * limit (64), which `capnp decode` and `capnp convert` lift.
 */
export function runPlugin(name: string, request: Uint8Array): ToolResult {
  const dir = CAPNP.includes('/') ? CAPNP.slice(0, CAPNP.lastIndexOf('/') + 1) : '';
  const result = spawnSync(`${dir}capnpc-${name}`, [], { input: request, maxBuffer: 64 * 1024 * 1024 });
  if (result.error !== undefined) throw result.error;
  return {
    status: result.status ?? -1,
    stdout: new Uint8Array(result.stdout.buffer, result.stdout.byteOffset, result.stdout.byteLength),
    stderr: result.stderr.toString('utf8'),
  };
}

/** `capnp compile -o-`: the framed CodeGeneratorRequest for `files`. */
export function compileRequest(files: readonly string[], options?: { importPaths?: readonly string[]; noStandardImport?: boolean; srcPrefix?: string }): Uint8Array {
  const args = ['compile', '-o-'];
  if (options?.noStandardImport) args.push('--no-standard-import');
  for (const dir of options?.importPaths ?? []) args.push(`-I${dir}`);
  if (options?.srcPrefix !== undefined) args.push(`--src-prefix=${options.srcPrefix}`);
  return capnp([...args, ...files]);
}
