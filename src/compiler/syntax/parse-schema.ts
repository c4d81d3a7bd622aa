/**
 * The syntax tree of one schema file, on its own: what tools that need source positions of
 * declarations and members (`capstan/compat` reports changes at `file:line:col`) read, since
 * compiled nodes keep no positions (as with the reference compiler 0.9.2, see docs/compiler.md).
 */
import type { Declaration } from './ast.js';
import { DiagnosticSink, LineTable, type Diagnostic } from '../diagnostics.js';
import { DEFAULT_SCHEMA_LANGUAGE, type SchemaLanguage } from '../language.js';
import { lexStatements } from './lexer.js';
import { parseFile } from './parser.js';
import { inputText } from '../../runtime/input-text.js';
import { inputBytes } from '../../wire/core/input-bytes.js';

export type { Declaration, DeclarationBody, Param, ParamList, LocatedText } from './ast.js';

export interface ParsedSchema {
  /** The file's root declaration (kind `file`); its nested declarations follow the source. */
  readonly file: Declaration;
  /** Lexical and syntax errors (the tree still holds whatever parsed). */
  readonly diagnostics: Diagnostic[];
  /** 1-based line and column (in bytes, as diagnostics count them) of a byte offset. */
  position(byte: number): { line: number; column: number };
}

/** Parses `content` (the file named `fileName` in diagnostics) without compiling it. */
export function parseSchema(content: Uint8Array | string, fileName = '<schema>', language: SchemaLanguage = DEFAULT_SCHEMA_LANGUAGE): ParsedSchema {
  const bytes = ArrayBuffer.isView(content) ? inputBytes(content) : new TextEncoder().encode(inputText(content, 'parseSchema'));
  const sink = new DiagnosticSink();
  const reporter = sink.reporterFor(fileName, bytes);
  const file = parseFile(lexStatements(bytes, reporter, language) ?? [], reporter);
  const lines = new LineTable(bytes);
  return {
    file,
    diagnostics: sink.diagnostics,
    position(byte) {
      const at = lines.position(byte);
      return { line: at.line + 1, column: at.column + 1 };
    },
  };
}
