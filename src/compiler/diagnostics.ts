/**
 * Compile errors: where they are, what they say, and how they print. The printed form is the
 * reference tool's, `file:line:col-col: error: message`, so that editors and scripts that
 * understand one understand the other.
 */
import type { CodeGeneratorRequest_RequestedFile_FileSourceInfo_Identifier } from '../schema/types.js';

export interface Diagnostic {
  /** The file as the user named it (or as it was found on the import path). */
  readonly file: string;
  /** Byte range in the file, end exclusive. */
  readonly startByte: number;
  readonly endByte: number;
  /** 1-based line and column (columns count bytes, as the reference tool does); 0 when the
   * error concerns the file as a whole. */
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
  readonly message: string;
  /**
   * Set on an error the compiler could not go on after (the reference compiler aborts the whole
   * run at these points, with an uncaught exception); nothing after it was checked.
   */
  readonly fatal?: boolean;
}

/** Where each line of a file starts, to turn byte offsets into lines and columns. */
export class LineTable {
  private readonly starts: number[] = [0];

  constructor(content: Uint8Array) {
    for (let i = 0; i < content.length; i++) if (content[i] === 0x0a) this.starts.push(i + 1);
  }

  /** 0-based line and column of a byte offset. */
  position(byte: number): { line: number; column: number } {
    let lower = 0;
    let upper = this.starts.length;
    while (upper - lower > 1) {
      const middle = (lower + upper) >>> 1;
      if (this.starts[middle]! > byte) upper = middle;
      else lower = middle;
    }
    return { line: lower, column: byte - this.starts[lower]! };
  }
}

/**
 * `file:line:col-col: error: message`: a single column when the range is empty, only the line
 * when the range spans lines (as the reference tool prints it).
 */
export function formatDiagnostic(diagnostic: Diagnostic): string {
  const { file, line, column, endLine, endColumn, message } = diagnostic;
  if (line === 0) return `${file}: error: ${message}`;
  if (line !== endLine) return `${file}:${line}: error: ${message}`;
  if (column === endColumn) return `${file}:${line}:${column}: error: ${message}`;
  return `${file}:${line}:${column}-${endColumn}: error: ${message}`;
}

/** Receives the errors found in one file, by byte range. */
export interface ErrorReporter {
  addError(startByte: number, endByte: number, message: string, fatal?: boolean): void;
  /** Whether any error has been reported in this compilation (in any file). */
  hadErrors(): boolean;
  /**
   * Records that the name at `startByte..endByte` of this file refers to the declaration
   * `typeId` (a built-in type's id is below 2^31). Not an error, but the reporter is what every
   * stage of the compiler holds for its file, as in the reference compiler; the records become
   * the file's `fileSourceInfo`, which editors use to jump from a name to its declaration.
   */
  reportResolution(startByte: number, endByte: number, typeId: bigint): void;
}

/** The reporter of one file, holding the names it resolved, in the order they were resolved. */
export interface FileReporter extends ErrorReporter {
  readonly resolutions: readonly CodeGeneratorRequest_RequestedFile_FileSourceInfo_Identifier[];
}

/** Anything with a source range, such as a token or a syntax-tree node. */
export interface Located {
  readonly startByte: number;
  readonly endByte: number;
}

export function addErrorOn(reporter: ErrorReporter, where: Located, message: string): void {
  reporter.addError(where.startByte, where.endByte, message);
}

/** Collects the diagnostics of a whole compilation, in the order they are found. */
export class DiagnosticSink {
  readonly diagnostics: Diagnostic[] = [];

  /** An error reporter for one file. */
  reporterFor(displayName: string, content: Uint8Array): FileReporter {
    let lines: LineTable | null = null;
    const resolutions: CodeGeneratorRequest_RequestedFile_FileSourceInfo_Identifier[] = [];
    return {
      resolutions,
      reportResolution: (startByte, endByte, typeId) => {
        resolutions.push({ startByte, endByte, typeId });
      },
      addError: (startByte, endByte, message, fatal) => {
        lines ??= new LineTable(content);
        const start = lines.position(startByte);
        const end = lines.position(endByte);
        this.diagnostics.push({
          file: displayName,
          startByte,
          endByte,
          line: start.line + 1,
          column: start.column + 1,
          endLine: end.line + 1,
          endColumn: end.column + 1,
          message,
          ...(fatal === true ? { fatal } : {}),
        });
      },
      hadErrors: () => this.diagnostics.length > 0,
    };
  }

  /** An error not tied to a place in a file (a missing input file, a bad option). */
  addGeneralError(file: string, message: string, fatal = false): void {
    this.diagnostics.push({
      file, startByte: 0, endByte: 0, line: 0, column: 0, endLine: 0, endColumn: 0, message, ...(fatal ? { fatal } : {}),
    });
  }

  hadErrors(): boolean {
    return this.diagnostics.length > 0;
  }
}
