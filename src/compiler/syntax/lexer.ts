/**
 * The lexer: schema text (UTF-8 bytes) to tokens, grouped into statements.
 *
 * A statement is a run of tokens ended by `;` or by a `{ ... }` block of nested statements.
 * Parenthesized and bracketed lists are lexed as single tokens holding their comma-separated
 * items, so the parser never has to match brackets. Comments are dropped, except doc comments:
 * the comment lines right after a statement's `;` or `{` (or after its closing `}`), which are
 * attached to the statement.
 *
 * Positions are byte offsets. The grammar is written with the combinators of
 * `parse-input.ts` so that a file that fails to lex reports the same position as the
 * reference compiler does; plain character loops are used where that makes no difference.
 */
import { decodeUtf8 } from '../../wire/index.js';
import { CompileAbort, reportingAbortAt } from '../compile-abort.js';
import type { ErrorReporter } from '../diagnostics.js';
import { DEFAULT_SCHEMA_LANGUAGE, hasVersion1Additions, type SchemaLanguage } from '../language.js';
import { FAIL, type Fail, ParseInput, attempt, notLookingAt, type Parser } from './parse-input.js';

interface TokenBase {
  readonly startByte: number;
  readonly endByte: number;
}

export type Token =
  | (TokenBase & { readonly kind: 'identifier'; readonly text: string })
  | (TokenBase & { readonly kind: 'string'; readonly text: string; readonly bytes: Uint8Array })
  | (TokenBase & { readonly kind: 'binary'; readonly bytes: Uint8Array })
  | (TokenBase & { readonly kind: 'integer'; readonly value: bigint })
  | (TokenBase & { readonly kind: 'float'; readonly value: number })
  | (TokenBase & { readonly kind: 'operator'; readonly text: string })
  | (TokenBase & { readonly kind: 'parenthesizedList'; readonly items: Token[][] })
  | (TokenBase & { readonly kind: 'bracketedList'; readonly items: Token[][] });

export interface Statement {
  readonly tokens: Token[];
  /** The nested statements of a `{ ... }` statement; null for one ended by `;`. */
  readonly block: Statement[] | null;
  readonly docComment: string | null;
  readonly startByte: number;
  /** Just past the statement's end, including a doc comment that follows it. */
  readonly endByte: number;
}

type Input = ParseInput<number>;

const enum Char {
  Tab = 0x09, Newline = 0x0a, VerticalTab = 0x0b, FormFeed = 0x0c, Return = 0x0d, Space = 0x20,
  Quote = 0x22, Hash = 0x23, LeftParen = 0x28, RightParen = 0x29, Comma = 0x2c, Dot = 0x2e,
  Zero = 0x30, Seven = 0x37, Nine = 0x39, Semicolon = 0x3b, LeftBracket = 0x5b, Backslash = 0x5c,
  RightBracket = 0x5d, Underscore = 0x5f, Backtick = 0x60, LowerX = 0x78, LeftBrace = 0x7b, RightBrace = 0x7d,
}

const isWhitespace = (c: number) => c === Char.Space || (c >= Char.Tab && c <= Char.Return);
const isLineWhitespace = (c: number) => c === Char.Space || c === Char.Tab || c === Char.VerticalTab || c === Char.FormFeed;
const isAlpha = (c: number) => (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
const isDigit = (c: number) => c >= Char.Zero && c <= Char.Nine;
const isOctalDigit = (c: number) => c >= Char.Zero && c <= Char.Seven;
const isHexDigit = (c: number) => isDigit(c) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46);
const isNameStart = (c: number) => isAlpha(c) || c === Char.Underscore;
const isNameChar = (c: number) => isNameStart(c) || isDigit(c);
const OPERATOR_CHARS = new Set(Array.from('!$%&*+-./:<=>?@^|~', (c) => c.charCodeAt(0)));
const isOperatorChar = (c: number) => OPERATOR_CHARS.has(c);

/** Bytes known to be ASCII (names, operators) as a string. */
function asciiText(bytes: Uint8Array, start: number, end: number): string {
  let text = '';
  for (let i = start; i < end; i++) text += String.fromCharCode(bytes[i]!);
  return text;
}

function hexValue(c: number): number {
  if (c <= Char.Nine) return c - Char.Zero;
  return (c | 0x20) - 0x61 + 10;
}

/** Consumes one byte if it satisfies `test`. */
function take(input: Input, test: (c: number) => boolean): number | Fail {
  if (input.atEnd()) return FAIL;
  const c = input.current();
  if (!test(c)) return FAIL;
  input.next();
  return c;
}

function exact(input: Input, expected: number): true | Fail {
  if (input.atEnd() || input.current() !== expected) return FAIL;
  input.next();
  return true;
}

/** Consumes bytes while `test` holds (a repetition whose steps never fail part-way). */
function skipWhile(input: Input, test: (c: number) => boolean): void {
  while (!input.atEnd() && test(input.current())) input.next();
}

// ---------------------------------------------------------------------------------------------
// Whitespace and comments

const UTF8_BOM = [0xef, 0xbb, 0xbf];

function byteOrderMark(input: Input): true | Fail {
  for (const byte of UTF8_BOM) if (exact(input, byte) === FAIL) return FAIL;
  return true;
}

function bomThenWhitespace(input: Input): true | Fail {
  if (byteOrderMark(input) === FAIL) return FAIL;
  skipWhile(input, isWhitespace);
  return true;
}

/** Whitespace, with any number of byte-order marks mixed in. */
function bomsAndWhitespace(input: Input): true {
  skipWhile(input, isWhitespace);
  while (!input.atEnd() && attempt(input, bomThenWhitespace) !== FAIL);
  return true;
}

/** A `#` comment up to and including its newline (or the end of the file). */
function discardComment(input: Input): true | Fail {
  if (exact(input, Char.Hash) === FAIL) return FAIL;
  skipWhile(input, (c) => c !== Char.Newline);
  if (!input.atEnd()) input.next();
  return true;
}

function commentThenWhitespace(input: Input): true | Fail {
  return discardComment(input) === FAIL ? FAIL : bomsAndWhitespace(input);
}

function commentsAndWhitespace(input: Input): true {
  bomsAndWhitespace(input);
  while (!input.atEnd() && attempt(input, commentThenWhitespace) !== FAIL);
  return true;
}

/** One doc comment line: `#`, an optional space, then the text up to the newline. */
function savedCommentLine(input: Input): string | Fail {
  if (exact(input, Char.Hash) === FAIL) return FAIL;
  if (!input.atEnd() && input.current() === Char.Space) input.next();
  const start = input.pos;
  skipWhile(input, (c) => c !== Char.Newline);
  const text = decodeUtf8((input.items as Uint8Array).subarray(start, input.pos));
  if (!input.atEnd()) input.next();
  return text;
}

/**
 * The comment lines right after a statement's end: on the same line, or starting on the next
 * line, with no blank line before or between them.
 */
function docComment(input: Input): string | null {
  const lines = attempt(input, (sub): string[] | Fail => {
    skipWhile(sub, isLineWhitespace);
    attempt(sub, (newline) => {
      if (exact(newline, Char.Newline) !== FAIL) return true;
      if (exact(newline, Char.Return) === FAIL) return FAIL;
      attempt(newline, (lf) => exact(lf, Char.Newline));
      return true;
    });
    const found: string[] = [];
    while (!sub.atEnd()) {
      const line = attempt(sub, (lineInput) => {
        skipWhile(lineInput, isLineWhitespace);
        return savedCommentLine(lineInput);
      });
      if (line === FAIL) break;
      found.push(line);
    }
    return found.length === 0 ? FAIL : found;
  });
  if (lines === FAIL) return null;
  return lines.map((line) => `${line}\n`).join('');
}

// ---------------------------------------------------------------------------------------------
// Literals

function escapeSequence(input: Input): number | Fail {
  if (exact(input, Char.Backslash) === FAIL) return FAIL;
  if (input.atEnd()) return FAIL;
  const c = input.current();
  const simple = SIMPLE_ESCAPES.get(c);
  if (simple !== undefined) {
    input.next();
    return simple;
  }
  if (c === Char.LowerX) {
    return attempt(input, (sub) => {
      sub.next();
      const high = take(sub, isHexDigit);
      if (high === FAIL) return FAIL;
      const low = take(sub, isHexDigit);
      if (low === FAIL) return FAIL;
      return (hexValue(high) << 4) | hexValue(low);
    });
  }
  if (isOctalDigit(c)) {
    input.next();
    let value = c - Char.Zero;
    for (let i = 0; i < 2 && !input.atEnd() && isOctalDigit(input.current()); i++) {
      value = ((value << 3) | (input.current() - Char.Zero)) & 0xff;
      input.next();
    }
    return value;
  }
  return FAIL;
}

const SIMPLE_ESCAPES = new Map<number, number>([
  [0x61, 0x07], [0x62, 0x08], [0x66, 0x0c], [0x6e, 0x0a], [0x72, 0x0d], [0x74, 0x09], [0x76, 0x0b],
  [0x27, 0x27], [0x22, 0x22], [0x5c, 0x5c], [0x3f, 0x3f],
]);

/** `"..."` with C escapes; a raw newline is not allowed inside. */
function doubleQuotedString(input: Input): Uint8Array | Fail {
  if (exact(input, Char.Quote) === FAIL) return FAIL;
  const bytes: number[] = [];
  while (!input.atEnd()) {
    const c = input.current();
    if (c !== Char.Backslash && c !== Char.Newline && c !== Char.Quote) {
      input.next();
      bytes.push(c);
      continue;
    }
    if (c !== Char.Backslash) break;
    const escaped = attempt(input, escapeSequence);
    if (escaped === FAIL) break;
    bytes.push(escaped);
  }
  if (exact(input, Char.Quote) === FAIL) return FAIL;
  return Uint8Array.from(bytes);
}

/** `0x"0a 1b ..."`: bytes in hex, whitespace allowed between them. */
function hexBinary(input: Input): Uint8Array | Fail {
  if (exact(input, Char.Zero) === FAIL || exact(input, Char.LowerX) === FAIL || exact(input, Char.Quote) === FAIL) return FAIL;
  const bytes: number[] = [];
  while (!input.atEnd()) {
    const byte = attempt(input, (sub) => {
      skipWhile(sub, isWhitespace);
      const high = take(sub, isHexDigit);
      if (high === FAIL) return FAIL;
      const low = take(sub, isHexDigit);
      if (low === FAIL) return FAIL;
      return (hexValue(high) << 4) | hexValue(low);
    });
    if (byte === FAIL) break;
    bytes.push(byte);
  }
  if (bytes.length === 0) return FAIL;
  skipWhile(input, isWhitespace);
  if (exact(input, Char.Quote) === FAIL) return FAIL;
  return Uint8Array.from(bytes);
}

/** A number may not run straight into a name or another dot. */
const notFollowedByNameOrDot = notLookingAt<number>((input) => take(input, (c) => isAlpha(c) || c === Char.Underscore || c === Char.Dot));

/** Digits in a base, accumulated the way C's uint64_t does: wrapping at 2^64. */
function accumulate(input: Input, start: number, end: number, base: bigint): bigint {
  let value = 0n;
  const bytes = input.items as Uint8Array;
  for (let i = start; i < end; i++) value = BigInt.asUintN(64, value * base + BigInt(hexValue(bytes[i]!)));
  return value;
}

function hexInteger(input: Input): bigint | Fail {
  if (exact(input, Char.Zero) === FAIL || exact(input, Char.LowerX) === FAIL) return FAIL;
  const start = input.pos;
  skipWhile(input, isHexDigit);
  if (input.pos === start) return FAIL;
  return accumulate(input, start, input.pos, 16n);
}

function octalInteger(input: Input): bigint | Fail {
  if (exact(input, Char.Zero) === FAIL) return FAIL;
  const start = input.pos;
  skipWhile(input, isOctalDigit);
  return accumulate(input, start, input.pos, 8n);
}

function decimalInteger(input: Input): bigint | Fail {
  const start = input.pos;
  if (take(input, (c) => c >= 0x31 && c <= Char.Nine) === FAIL) return FAIL;
  skipWhile(input, isDigit);
  return accumulate(input, start, input.pos, 10n);
}

function integer(input: Input): bigint | Fail {
  let value: bigint | Fail = FAIL;
  for (const form of [hexInteger, octalInteger, decimalInteger]) {
    value = attempt(input, form);
    if (value !== FAIL) break;
  }
  if (value === FAIL || notFollowedByNameOrDot(input) === FAIL) return FAIL;
  return value;
}

/** Digits, an optional fraction and an optional exponent, read as C's strtod would. */
function floatingPoint(input: Input): number | Fail {
  const bytes = input.items as Uint8Array;
  const start = input.pos;
  skipWhile(input, isDigit);
  if (input.pos === start) return FAIL;
  let text = String.fromCharCode(...bytes.subarray(start, input.pos));
  attempt(input, (sub) => {
    if (exact(sub, Char.Dot) === FAIL) return FAIL;
    const fractionStart = sub.pos;
    skipWhile(sub, isDigit);
    text += `.${String.fromCharCode(...bytes.subarray(fractionStart, sub.pos))}`;
    return true;
  });
  attempt(input, (sub) => {
    if (take(sub, (c) => c === 0x65 || c === 0x45) === FAIL) return FAIL;
    const sign = take(sub, (c) => c === 0x2b || c === 0x2d);
    const exponentStart = sub.pos;
    skipWhile(sub, isDigit);
    text += `e${sign === FAIL ? '' : String.fromCharCode(sign)}${String.fromCharCode(...bytes.subarray(exponentStart, sub.pos))}`;
    return true;
  });
  if (notFollowedByNameOrDot(input) === FAIL) return FAIL;
  // The reference converts the text with strtod and requires all of it to be used: an
  // exponent without digits (`1e`, `2.5e+`) stops the whole run there.
  if (/e[+-]?$/.test(text)) throw new CompileAbort(`String does not contain valid floating number; s = ${text}`);
  return Number.parseFloat(text);
}

// ---------------------------------------------------------------------------------------------
// Tokens and statements

const enum TokenAlternative { Identifier, String, Binary, Integer, Float, Operator, ParenthesizedList, BracketedList, NotUtf8 }

/**
 * The token alternatives worth trying at a byte, in the grammar's order. The grammar tries
 * every alternative at every position, but one that cannot match the first byte fails without
 * consuming anything, which changes no error position: skipping it is only faster.
 */
function alternativesFor(c: number): TokenAlternative[] {
  if (isNameStart(c)) return [TokenAlternative.Identifier];
  if (c === Char.Zero) return [TokenAlternative.Binary, TokenAlternative.Integer, TokenAlternative.Float];
  if (isDigit(c)) return [TokenAlternative.Integer, TokenAlternative.Float];
  if (c === Char.Quote) return [TokenAlternative.String];
  if (OPERATOR_CHARS.has(c)) return [TokenAlternative.Operator];
  if (c === Char.LeftParen) return [TokenAlternative.ParenthesizedList];
  if (c === Char.LeftBracket) return [TokenAlternative.BracketedList];
  if (c === 0x00 || c === 0xfe || c === 0xff) return [TokenAlternative.NotUtf8];
  return [];
}

const ALTERNATIVES_BY_BYTE: readonly TokenAlternative[][] = Array.from({ length: 256 }, (_, c) => alternativesFor(c));

/**
 * Parentheses, brackets and braces may nest this deep in a schema file. The reference has no
 * limit (its recursive parser overflows the stack, around 100 000 levels); here every pass of
 * the compiler recurses on this nesting, so it is bounded well below what any stack holds.
 */
export const MAX_SCHEMA_NESTING = 128;

export class Lexer {
  private readonly bytes: Uint8Array;
  private readonly reporter: ErrorReporter;
  /** Whether a backtick begins a block quote (1.0's language); in 0.9's it is a parse error. */
  private readonly blockQuotes: boolean;
  private depth = 0;
  private reportedTooDeep = false;

  constructor(bytes: Uint8Array, reporter: ErrorReporter, language: SchemaLanguage = DEFAULT_SCHEMA_LANGUAGE) {
    this.bytes = bytes;
    this.reporter = reporter;
    this.blockQuotes = hasVersion1Additions(language);
  }

  private readonly identifier: Parser<number, Token> = (input) => {
    const start = input.pos;
    if (take(input, isNameStart) === FAIL) return FAIL;
    skipWhile(input, isNameChar);
    return { kind: 'identifier', text: asciiText(this.bytes, start, input.pos), startByte: start, endByte: input.pos };
  };

  private readonly string: Parser<number, Token> = (input) => {
    const start = input.pos;
    const bytes = doubleQuotedString(input);
    if (bytes === FAIL) return FAIL;
    return { kind: 'string', text: decodeUtf8(bytes), bytes, startByte: start, endByte: input.pos };
  };

  /**
   * A block quote: a backtick and the rest of its line, verbatim, as a string literal that ends
   * with a newline (whichever line ending the file uses, so the value does not depend on it).
   * The quote takes every byte but CR and LF, `#` and `"` included; the line ending is left to
   * the whitespace after the token. Literals side by side are joined by the parser.
   */
  private readonly blockQuote: Parser<number, Token> = (input) => {
    const start = input.pos;
    if (exact(input, Char.Backtick) === FAIL) return FAIL;
    const contentStart = input.pos;
    skipWhile(input, (c) => c !== Char.Newline && c !== Char.Return);
    const bytes = new Uint8Array(input.pos - contentStart + 1);
    bytes.set(this.bytes.subarray(contentStart, input.pos));
    bytes[bytes.length - 1] = Char.Newline;
    return { kind: 'string', text: decodeUtf8(bytes), bytes, startByte: start, endByte: input.pos };
  };

  private readonly binary: Parser<number, Token> = (input) => {
    const start = input.pos;
    const bytes = hexBinary(input);
    if (bytes === FAIL) return FAIL;
    return { kind: 'binary', bytes, startByte: start, endByte: input.pos };
  };

  private readonly integer: Parser<number, Token> = (input) => {
    const start = input.pos;
    const value = integer(input);
    if (value === FAIL) return FAIL;
    return { kind: 'integer', value, startByte: start, endByte: input.pos };
  };

  private readonly float: Parser<number, Token> = (input) => {
    const start = input.pos;
    const value = reportingAbortAt(this.reporter, () => ({ startByte: start, endByte: input.pos }), () => floatingPoint(input));
    if (value === FAIL) return FAIL;
    return { kind: 'float', value, startByte: start, endByte: input.pos };
  };

  private readonly operator: Parser<number, Token> = (input) => {
    const start = input.pos;
    skipWhile(input, isOperatorChar);
    if (input.pos === start) return FAIL;
    return { kind: 'operator', text: asciiText(this.bytes, start, input.pos), startByte: start, endByte: input.pos };
  };

  private readonly parenthesizedList: Parser<number, Token> = (input) =>
    this.delimitedList(input, Char.LeftParen, Char.RightParen, 'parenthesizedList');

  private readonly bracketedList: Parser<number, Token> = (input) =>
    this.delimitedList(input, Char.LeftBracket, Char.RightBracket, 'bracketedList');

  /** UTF-16 byte-order marks and NUL bytes: the file is not UTF-8. Reports it, then fails. */
  private readonly notUtf8: Parser<number, Token> = (input) => {
    const start = input.pos;
    const matched = [[0xff, 0xfe], [0xfe, 0xff], [0x00]].some((sequence) =>
      attempt(input, (sub) => (sequence.every((byte) => exact(sub, byte) !== FAIL) ? true : FAIL)) !== FAIL);
    if (matched) this.reporter.addError(start, input.pos, "Non-UTF-8 input detected. Cap'n Proto schema files must be UTF-8 text.");
    return FAIL;
  };

  /** The token alternatives, indexed by `TokenAlternative`. */
  private readonly alternatives: readonly Parser<number, Token>[] = [
    this.identifier, this.string, this.binary, this.integer, this.float, this.operator,
    this.parenthesizedList, this.bracketedList, this.notUtf8,
  ];

  private token(input: Input): Token | Fail {
    if (input.atEnd()) return FAIL;
    // In 0.9's language nothing begins with a backtick, and the byte is left unread (so the
    // parse error is reported where the reference reports it).
    if (input.current() === Char.Backtick) return this.blockQuotes ? attempt(input, this.blockQuote) : FAIL;
    for (const index of ALTERNATIVES_BY_BYTE[input.current()]!) {
      const token = attempt(input, this.alternatives[index]!);
      if (token !== FAIL) return token;
    }
    return FAIL;
  }

  /** One token and the space after it. */
  private readonly spacedToken: Parser<number, Token> = (input) => {
    const token = this.token(input);
    if (token === FAIL) return FAIL;
    commentsAndWhitespace(input);
    return token;
  };

  /** Tokens separated by whitespace and comments (never fails). */
  private tokenSequence(input: Input): Token[] {
    commentsAndWhitespace(input);
    const tokens: Token[] = [];
    while (!input.atEnd()) {
      const token = attempt(input, this.spacedToken);
      if (token === FAIL) break;
      tokens.push(token);
    }
    return tokens;
  }

  /** Enters one level of nesting at `at`; false (reported once) past MAX_SCHEMA_NESTING. */
  private enter(at: number): boolean {
    if (this.depth >= MAX_SCHEMA_NESTING) {
      if (!this.reportedTooDeep) this.reporter.addError(at, at + 1, `Parentheses, brackets and braces nest deeper than the limit of ${MAX_SCHEMA_NESTING}.`);
      this.reportedTooDeep = true;
      return false;
    }
    this.depth++;
    return true;
  }

  private delimitedList(input: Input, open: number, close: number, kind: 'parenthesizedList' | 'bracketedList'): Token | Fail {
    const start = input.pos;
    if (exact(input, open) === FAIL) return FAIL;
    if (!this.enter(start)) return FAIL;
    try {
      return this.delimitedListBody(input, close, kind, start);
    } finally {
      this.depth--;
    }
  }

  private delimitedListBody(input: Input, close: number, kind: 'parenthesizedList' | 'bracketedList', start: number): Token | Fail {
    const first = this.tokenSequence(input);
    const rest: Token[][] = [];
    while (!input.atEnd()) {
      const item = attempt(input, (sub) => (exact(sub, Char.Comma) === FAIL ? FAIL : this.tokenSequence(sub)));
      if (item === FAIL) break;
      rest.push(item);
    }
    if (exact(input, close) === FAIL) return FAIL;
    let items: Token[][];
    if (first.length === 0 && rest.length === 0) {
      items = [];
    } else {
      // A trailing comma leaves an empty last item, which is dropped.
      if (rest.length > 0 && rest[rest.length - 1]!.length === 0) rest.pop();
      items = [first, ...rest];
    }
    return { kind, items, startByte: start, endByte: input.pos } as Token;
  }

  private statementEnd(input: Input): { block: Statement[] | null; docComment: string | null } | Fail {
    const line = attempt(input, (sub) => (exact(sub, Char.Semicolon) === FAIL ? FAIL : { block: null, docComment: docComment(sub) }));
    if (line !== FAIL) return line;
    return attempt(input, (sub) => {
      const open = sub.pos;
      if (exact(sub, Char.LeftBrace) === FAIL) return FAIL;
      if (!this.enter(open)) return FAIL;
      const leadingComment = docComment(sub);
      let block: Statement[];
      try {
        block = this.statementSequence(sub);
      } finally {
        this.depth--;
      }
      if (exact(sub, Char.RightBrace) === FAIL) return FAIL;
      const trailingComment = docComment(sub);
      return { block, docComment: leadingComment ?? trailingComment };
    });
  }

  private statement(input: Input): Statement | Fail {
    const start = input.pos;
    const tokens = this.tokenSequence(input);
    const end = this.statementEnd(input);
    if (end === FAIL) return FAIL;
    return { tokens, block: end.block, docComment: end.docComment, startByte: start, endByte: input.pos };
  }

  private statementSequence(input: Input): Statement[] {
    commentsAndWhitespace(input);
    const statements: Statement[] = [];
    while (!input.atEnd()) {
      const statement = attempt(input, (sub) => {
        const s = this.statement(sub);
        if (s === FAIL) return FAIL;
        commentsAndWhitespace(sub);
        return s;
      });
      if (statement === FAIL) break;
      statements.push(statement);
    }
    return statements;
  }

  /** The file's statements; on a lexical error, reports "Parse error." and returns null. */
  lexStatements(): Statement[] | null {
    const input = ParseInput.of(this.bytes as ArrayLike<number>);
    const statements = this.statementSequence(input);
    if (input.atEnd()) return statements;
    const best = input.getBest();
    this.reporter.addError(best, best, 'Parse error.');
    return null;
  }
}

/** Lexes a whole schema file into statements (null, with an error reported, if it cannot). */
export function lexStatements(bytes: Uint8Array, reporter: ErrorReporter, language: SchemaLanguage = DEFAULT_SCHEMA_LANGUAGE): Statement[] | null {
  return new Lexer(bytes, reporter, language).lexStatements();
}
