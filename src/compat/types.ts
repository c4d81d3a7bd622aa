/**
 * What `compareSchemas` reports: each change between two versions of a schema, how it affects
 * old and new programs (`severity`), which evolution rule it falls under (`rule`, a stable id
 * from RULES) and where it is.
 */
import type { CodeGeneratorRequest, Node } from '../schema/index.js';

/**
 * - `wire-breaking`: old and new programs may misread each other's messages or calls (the
 *   language reference's "not safe" changes). CI should fail.
 * - `source-breaking`: messages and calls still read correctly both ways, but code written
 *   against the old schema may no longer compile or may behave differently (renames, moves,
 *   generated accessors that change), or the reference attaches a caveat. A warning.
 * - `compatible`: safe by the rules (new fields, enumerants, methods, types...).
 */
export type Severity = 'wire-breaking' | 'source-breaking' | 'compatible';

/** A place in a schema file. `line` and `col` are 1-based (columns count bytes, as compile
 * errors do); both are 0 when the source was not available. */
export interface Location {
  readonly file: string;
  readonly line: number;
  readonly col: number;
}

export interface Change {
  readonly severity: Severity;
  /** The rule's stable id (see RULES and docs/evolution.md), e.g. `field-type-changed`. */
  readonly rule: string;
  /** One sentence, naming the member and both versions of what changed. */
  readonly message: string;
  /** Where it is in the new schema (for something removed: the scope it was removed from). */
  readonly location: Location;
  /** Where it was in the old schema, when it existed there. */
  readonly oldLocation: Location | null;
  /** The dotted name of what changed in the old schema (`Person.email`, `Api.call`, ...). */
  readonly subject: string;
}

export interface CompatReport {
  /** Every change found, in the order of the old schema's declarations, then additions. */
  readonly changes: Change[];
  readonly counts: Readonly<Record<Severity, number>>;
  /** True when no change is wire-breaking. */
  readonly wireCompatible: boolean;
  /** True when no change is wire- or source-breaking. */
  readonly sourceCompatible: boolean;
}

/** One file of a schema version. */
export interface SchemaFileEntry {
  /** The file node's id. */
  readonly id: bigint;
  /** The file's display name (as in compile errors and `Node.displayName`). */
  readonly name: string;
  /**
   * What identifies the file across versions when its id changed: by default its name; the
   * CLI uses the path below the directory compared, so `old/a.capnp` pairs with `new/a.capnp`.
   */
  readonly key: string;
  /** The file's text, for line and column numbers (optional: without it, locations name only the file). */
  readonly source?: Uint8Array | string;
}

/**
 * One version of a schema: the compiled request and the files that are being compared (nodes
 * of other files in the request, such as imports, are used to resolve types but are not
 * reported on).
 */
export interface SchemaVersion {
  readonly request: CodeGeneratorRequest;
  readonly files: readonly SchemaFileEntry[];
}

/** What `compareSchemas` accepts for each side. */
export type SchemaInput = SchemaVersion | CodeGeneratorRequest | readonly Node[];

export interface CompareOptions {
  /** Leave out compatible changes (default false: every change is listed). */
  readonly omitCompatible?: boolean;
}
