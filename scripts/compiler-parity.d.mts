// Types for compiler-parity.mjs, so the TypeScript tests can import it.
import type * as Wire from '../src/wire/index.js';
import type * as Schema from '../src/schema/index.js';
import type { Diagnostic } from '../src/compiler/index.js';

export interface ReferenceArgs {
  files: readonly string[];
  cwd: string;
  importPaths?: readonly string[];
  noStandardImport?: boolean;
  srcPrefixes?: readonly string[];
}

export interface ReferenceRun {
  status: number;
  stdout: Uint8Array;
  stderr: string;
}

export type Section = 'nodes' | 'sourceInfo' | 'requestedFiles';

export interface Difference {
  section: Section;
  key: string;
  ours: unknown;
  theirs: unknown;
}

export interface Modules {
  wire: typeof Wire;
  schema: Pick<typeof Schema, 'decodeCodeGeneratorRequest'>;
}

export declare function withoutSourcePositions(request: Schema.CodeGeneratorRequest): Schema.CodeGeneratorRequest;
export declare function referenceCompile(args: ReferenceArgs, capnp?: string): ReferenceRun;
export declare function compareRequests(ours: Uint8Array, theirs: Uint8Array, modules: Modules, sections?: readonly Section[]): Difference[];
export declare function nodeCount(wire: typeof Wire, bytes: Uint8Array): number;
export declare function normalizeReferenceErrors(stderr: string): string[];
export declare function normalizeOurErrors(diagnostics: readonly Diagnostic[], formatDiagnostic: (d: Diagnostic) => string): string[];
