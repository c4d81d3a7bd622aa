/**
 * Comparing Capstan's compiler with the reference tool in tests (the comparison itself is in
 * scripts/compiler-parity.mjs, shared with the conformance script).
 */
import * as wire from '../../../src/wire/index.js';
import * as schema from '../../../src/schema/index.js';
import { compile, formatDiagnostic, type CompileOptions } from '../../../src/compiler/index.js';
import { createNodeLoader } from '../../../src/compiler/files/node-loader.js';
import {
  compareRequests as compareFramed, normalizeOurErrors, normalizeReferenceErrors, referenceCompile as runReference,
  type Difference, type ReferenceArgs, type ReferenceRun, type Section,
} from '../../../scripts/compiler-parity.mjs';
import { CAPNP } from '../../support/reference.js';

export type CompileArgs = ReferenceArgs;
export type { Difference };

export function referenceCompile(args: CompileArgs): ReferenceRun {
  return runReference(args, CAPNP);
}

/**
 * Capstan's compiler as the reference 0.9.2 runs: in 0.9's language, which rejects what 1.0
 * added (test/compiler/language-editions.test.ts checks 1.0's against pycapnp's compiler).
 */
export function capstanCompile(args: CompileArgs, extra?: Partial<CompileOptions>) {
  return compile({
    language: '0.9',
    files: args.files,
    cwd: args.cwd,
    loader: createNodeLoader(),
    importPaths: args.importPaths,
    srcPrefixes: args.srcPrefixes,
    standardImports: !args.noStandardImport,
    ...extra,
  });
}

export function compareRequests(ours: Uint8Array, theirs: Uint8Array, sections?: readonly Section[]): Difference[] {
  return compareFramed(ours, theirs, { wire, schema }, sections);
}

export interface ParityResult {
  /** Differences in the outputs (both compilers accepted the schema). */
  differences: Difference[];
  /** Set when only one of the two rejected the schema, or their errors differ. */
  mismatch: string | null;
  ourErrors: string[];
  theirErrors: string[];
  nodeCount: number;
}

/**
 * A failed system call that kills the reference (`import "/capnp"`, a directory: "FATAL: mmap:
 * No such device") is not a diagnostic to reproduce: Capstan reports such a file as not found.
 * The errors before it must still be the same, and Capstan must report more after them.
 */
function diedOnTheSystem(ourErrors: readonly string[], theirErrors: readonly string[]): boolean {
  const last = theirErrors.at(-1) ?? '';
  if (!/^FATAL: (mmap|open|openat|read|stat|fstat): /.test(last)) return false;
  const before = theirErrors.slice(0, -1);
  return ourErrors.length > before.length && before.every((error, i) => ourErrors[i] === error);
}

/** Runs both compilers and compares what they produce (or the errors they report). */
export function checkParity(args: CompileArgs): ParityResult {
  const reference = referenceCompile(args);
  const ours = capstanCompile(args);
  const ourErrors = normalizeOurErrors(ours.diagnostics, formatDiagnostic);
  const theirErrors = normalizeReferenceErrors(reference.stderr);
  if (reference.status !== 0 || ours.request === null) {
    const same = reference.status !== 0 && ours.request === null && (JSON.stringify(ourErrors) === JSON.stringify(theirErrors) || diedOnTheSystem(ourErrors, theirErrors));
    const mismatch = same ? null : `errors differ:\nours:\n${ourErrors.join('\n')}\ntheirs:\n${theirErrors.join('\n')}`;
    return { differences: [], mismatch, ourErrors, theirErrors, nodeCount: 0 };
  }
  const differences = compareRequests(schema.encodeCodeGeneratorRequest(ours.request), reference.stdout);
  return { differences, mismatch: null, ourErrors, theirErrors, nodeCount: ours.request.nodes?.length ?? 0 };
}
