/**
 * Comparing Capstan's compiler with the reference tool in tests (the comparison itself is in
 * scripts/compiler-parity.mjs, shared with the conformance script).
 */
import * as wire from '../../../src/wire/index.js';
import * as schema from '../../../src/schema/index.js';
import { compile, formatDiagnostic, type CompileOptions } from '../../../src/compiler/index.js';
import { createNodeLoader } from '../../../src/compiler/files/node-loader.js';
import {
  compareRequests as compareFramed, normalizeOurErrors, normalizeReferenceErrors, referenceCompile as runReference, withoutSourcePositions,
  type Difference, type ReferenceArgs, type ReferenceRun, type Section,
} from '../../../scripts/compiler-parity.mjs';
import { CAPNP } from '../../support/reference.js';
import { CAPNP_1X } from '../../support/reference-1x.js';

export type CompileArgs = ReferenceArgs;
export type { Difference };

/**
 * Which reference to compare with: the tool 0.9.2 (Debian's), with Capstan in 0.9's edition of
 * the language and without what 0.9.2 does not write (source positions, `fileSourceInfo`), or
 * the 1.x tool (test/support/reference-1x.ts), with Capstan in its default edition, 1.0's, and
 * everything compared.
 */
export type ReferenceRelease = '0.9.2' | '1.x';

export function referenceCompile(args: CompileArgs, release: ReferenceRelease = '0.9.2'): ReferenceRun {
  return runReference(args, release === '1.x' ? CAPNP_1X : CAPNP);
}

/**
 * Capstan's compiler as the reference 0.9.2 runs: in 0.9's language, which rejects what 1.0
 * added. `language: '1.0'` in `extra` runs it as the 1.x tool does.
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

/**
 * The check of generated code that a union member is read only when it is the one set: the
 * capnp 1.x tool the tests use is built with such checks on, and its compiler fails one of
 * them (reading `AnyPointer.unconstrained` of a method's implicit parameter, where a List of
 * one is a parameter's type). A release build reads past it, as pycapnp's 1.4.0 does.
 */
const REFERENCE_SELF_CHECK = "FATAL: Must check which() before get()ing a union member.";

export interface ParityResult {
  /**
   * Set when the reference gave up on a check of its own code, not on the schema (see
   * REFERENCE_SELF_CHECK): nothing was compared.
   */
  referenceBug: string | null;
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
export function checkParity(args: CompileArgs, release: ReferenceRelease = '0.9.2'): ParityResult {
  const reference = referenceCompile(args, release);
  const ours = capstanCompile(args, release === '1.x' ? { language: '1.0' } : undefined);
  const ourErrors = normalizeOurErrors(ours.diagnostics, formatDiagnostic);
  const theirErrors = normalizeReferenceErrors(reference.stderr);
  if (reference.status !== 0 && theirErrors.at(-1) === REFERENCE_SELF_CHECK) {
    // The errors it reported before giving up must still be Capstan's first.
    const before = theirErrors.slice(0, -1);
    const same = before.every((error, i) => ourErrors[i] === error);
    const mismatch = same ? null : `errors before the reference's own failure differ:\nours:\n${ourErrors.join('\n')}\ntheirs:\n${before.join('\n')}`;
    return { referenceBug: REFERENCE_SELF_CHECK, differences: [], mismatch, ourErrors, theirErrors, nodeCount: 0 };
  }
  if (reference.status !== 0 || ours.request === null) {
    const same = reference.status !== 0 && ours.request === null && (JSON.stringify(ourErrors) === JSON.stringify(theirErrors) || diedOnTheSystem(ourErrors, theirErrors));
    const mismatch = same ? null : `errors differ:\nours:\n${ourErrors.join('\n')}\ntheirs:\n${theirErrors.join('\n')}`;
    return { referenceBug: null, differences: [], mismatch, ourErrors, theirErrors, nodeCount: 0 };
  }
  const request = release === '1.x' ? ours.request : withoutSourcePositions(ours.request);
  const differences = compareRequests(schema.encodeCodeGeneratorRequest(request), reference.stdout);
  return { referenceBug: null, differences, mismatch: null, ourErrors, theirErrors, nodeCount: ours.request.nodes?.length ?? 0 };
}
