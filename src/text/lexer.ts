/**
 * Tokens of the Cap'n Proto value syntax (the text format `capnp encode` reads, which is the
 * schema language's literal syntax): identifiers, strings with C escapes, `0x"..."` binary
 * literals, integers (decimal, `0x` hex, `0` octal), floats, operators, and parenthesized and
 * bracketed lists of comma-separated token sequences. `#` starts a comment; a backtick starts a
 * block quote (1.0's syntax), which runs to the end of its line.
 */
import { CapnpError, type ErrorCode } from '../wire/index.js';
import { inputText } from '../runtime/input-text.js';

export type Token =
  | { kind: 'identifier'; value: string; start: number; end: number }
  | { kind: 'string'; value: Uint8Array; start: number; end: number; text?: string }
  | { kind: 'binary'; value: Uint8Array; start: number; end: number }
  | { kind: 'integer'; value: bigint; start: number; end: number }
  | { kind: 'float'; value: number; start: number; end: number }
  | { kind: 'operator'; value: string; start: number; end: number }
  | { kind: 'parenthesized'; items: Token[][]; start: number; end: number }
  | { kind: 'bracketed'; items: Token[][]; start: number; end: number };

/** Where in the input something is, for error messages: "line 3, column 7". */
export function position(input: string, offset: number): string {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < input.length; i++) {
    if (input.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return `line ${line}, column ${offset - lineStart + 1}`;
}

/**
 * An error at `offset` of the input; `path` (`stories[3].title`), when given, names where in
 * the value the problem is.
 */
export function textError(input: string, offset: number, message: string, path = '', code: ErrorCode = 'INVALID_ARGUMENT'): CapnpError {
  return new CapnpError(code, `text input ${position(input, offset)}${path === '' ? '' : ` at ${path}`}: ${message}`);
}

/** Lists and struct literals may nest this deep in text input, by default. */
export const DEFAULT_TEXT_NESTING_LIMIT = 64;

const OPERATOR_CHARS = '!$%&*+-./:<=>?@^|~';
const encoder = new TextEncoder();

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isAlpha(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
}

function isNameChar(c: number): boolean {
  return isAlpha(c) || isDigit(c) || c === 95;
}

function isHexDigit(c: number): boolean {
  return isDigit(c) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
}

function hexValue(c: number): number {
  if (c <= 57) return c - 48;
  if (c <= 70) return c - 55;
  return c - 87;
}

function isWhitespace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 12 || c === 11;
}

class Lexer {
  private at = 0;
  private depth = 0;
  constructor(private readonly input: string, private readonly maxDepth: number, private readonly blockQuotes: boolean) {}

  error(offset: number, message: string): CapnpError {
    return textError(this.input, offset, message);
  }

  /** Tokens up to the end of input (top level) or to `close` (inside a list). */
  sequence(): Token[] {
    const tokens: Token[] = [];
    for (;;) {
      this.skipSpace();
      if (this.at >= this.input.length) return tokens;
      const c = this.input.charCodeAt(this.at);
      if (c === 44 /* , */ || c === 41 /* ) */ || c === 93 /* ] */) return tokens;
      tokens.push(this.token());
    }
  }

  private skipSpace(): void {
    const input = this.input;
    while (this.at < input.length) {
      const c = input.charCodeAt(this.at);
      if (isWhitespace(c) || c === 0xfeff) {
        this.at++;
      } else if (c === 35 /* # */) {
        while (this.at < input.length && input.charCodeAt(this.at) !== 10) this.at++;
      } else {
        return;
      }
    }
  }

  private token(): Token {
    const input = this.input;
    const start = this.at;
    const c = input.charCodeAt(start);
    if (isAlpha(c) || c === 95) {
      let end = start + 1;
      while (end < input.length && isNameChar(input.charCodeAt(end))) end++;
      this.at = end;
      return { kind: 'identifier', value: input.slice(start, end), start, end };
    }
    if (c === 34 /* " */) return this.string();
    if (c === 96 /* ` */ && this.blockQuotes) return this.blockQuote();
    if (c === 48 && input.charCodeAt(start + 1) === 120 && input.charCodeAt(start + 2) === 34) return this.binary();
    if (isDigit(c)) return this.number();
    if (OPERATOR_CHARS.includes(input[start]!)) {
      let end = start + 1;
      while (end < input.length && OPERATOR_CHARS.includes(input[end]!)) end++;
      this.at = end;
      return { kind: 'operator', value: input.slice(start, end), start, end };
    }
    if (c === 40 /* ( */ || c === 91 /* [ */) {
      // Bounded so that the recursive lexer, parser and translator never run out of stack.
      if (++this.depth > this.maxDepth) {
        throw textError(input, start, `lists and struct literals nest deeper than the limit of ${this.maxDepth}`, '', 'NESTING_LIMIT');
      }
      const close = c === 40 ? 41 : 93;
      this.at++;
      const items = this.list(close, start);
      this.depth--;
      return { kind: c === 40 ? 'parenthesized' : 'bracketed', items, start, end: this.at };
    }
    throw this.error(start, c === 0 ? 'unexpected NUL byte (the input must be UTF-8 text)' : `unexpected character '${input[start]}'`);
  }

  /** Comma-separated token sequences up to `close`; a trailing comma is allowed. */
  private list(close: number, open: number): Token[][] {
    const items: Token[][] = [];
    for (;;) {
      const item = this.sequence();
      if (this.at >= this.input.length) throw this.error(open, `'${this.input[open]}' is never closed`);
      const c = this.input.charCodeAt(this.at);
      if (c === 44) {
        items.push(item);
        this.at++;
        continue;
      }
      if (c !== close) throw this.error(this.at, `expected '${String.fromCharCode(close)}' here`);
      this.at++;
      if (item.length > 0 || items.length > 0) {
        if (item.length > 0) items.push(item);
        // A trailing comma leaves an empty last item: dropped. An empty list stays empty.
      }
      return items;
    }
  }

  /**
   * A block quote (Cap'n Proto 1.0's): a backtick and the rest of its line, verbatim (no
   * escapes; `#` and `"` are text), as a string that ends with a newline whatever the line
   * ending was. Side-by-side strings are joined by the parser, so a run of backtick lines is
   * one multi-line string.
   */
  private blockQuote(): Token {
    const input = this.input;
    const start = this.at;
    let end = start + 1;
    while (end < input.length) {
      const c = input.charCodeAt(end);
      if (c === 10 || c === 13) break;
      end++;
    }
    this.at = end;
    const text = `${input.slice(start + 1, end)}\n`;
    return { kind: 'string', value: encoder.encode(text), start, end, text };
  }

  private string(): Token {
    const input = this.input;
    const start = this.at;
    // Most strings have no escapes: take them as they are.
    const close = input.indexOf('"', start + 1);
    if (close > 0) {
      const text = input.slice(start + 1, close);
      if (!text.includes('\\') && !text.includes('\n')) {
        this.at = close + 1;
        return { kind: 'string', value: encoder.encode(text), start, end: this.at, text };
      }
    }
    const bytes: number[] = [];
    let at = start + 1;
    let runStart = at;
    const flush = (end: number) => {
      if (end > runStart) for (const b of encoder.encode(input.slice(runStart, end))) bytes.push(b);
    };
    for (;;) {
      if (at >= input.length) throw this.error(start, 'string literal is never closed');
      const c = input.charCodeAt(at);
      if (c === 34) break;
      if (c === 10) throw this.error(at, 'string literal contains a newline (write \\n)');
      if (c !== 92) {
        at++;
        continue;
      }
      flush(at);
      const e = input.charCodeAt(at + 1);
      switch (e) {
        case 97: bytes.push(7); at += 2; break;
        case 98: bytes.push(8); at += 2; break;
        case 102: bytes.push(12); at += 2; break;
        case 110: bytes.push(10); at += 2; break;
        case 114: bytes.push(13); at += 2; break;
        case 116: bytes.push(9); at += 2; break;
        case 118: bytes.push(11); at += 2; break;
        case 39: case 34: case 92: case 63: bytes.push(e); at += 2; break;
        case 120: {
          const h1 = input.charCodeAt(at + 2);
          const h2 = input.charCodeAt(at + 3);
          if (!isHexDigit(h1) || !isHexDigit(h2)) throw this.error(at, '\\x must be followed by two hex digits');
          bytes.push((hexValue(h1) << 4) | hexValue(h2));
          at += 4;
          break;
        }
        default: {
          if (e >= 48 && e <= 55) {
            let value = e - 48;
            let next = at + 2;
            for (let k = 0; k < 2; k++) {
              const d = input.charCodeAt(next);
              if (d >= 48 && d <= 55) {
                value = (value << 3) | (d - 48);
                next++;
              } else break;
            }
            bytes.push(value & 0xff);
            at = next;
            break;
          }
          throw this.error(at, `unknown escape sequence '\\${input[at + 1] ?? ''}'`);
        }
      }
      runStart = at;
    }
    flush(at);
    this.at = at + 1;
    return { kind: 'string', value: Uint8Array.from(bytes), start, end: this.at };
  }

  private binary(): Token {
    const input = this.input;
    const start = this.at;
    let at = start + 3;
    const bytes: number[] = [];
    for (;;) {
      while (at < input.length && isWhitespace(input.charCodeAt(at))) at++;
      if (at >= input.length) throw this.error(start, 'binary literal is never closed');
      const c = input.charCodeAt(at);
      if (c === 34) break;
      const d = input.charCodeAt(at + 1);
      if (!isHexDigit(c) || !isHexDigit(d)) throw this.error(at, 'a binary literal holds pairs of hex digits');
      bytes.push((hexValue(c) << 4) | hexValue(d));
      at += 2;
    }
    if (bytes.length === 0) throw this.error(start, 'a binary literal needs at least one byte');
    this.at = at + 1;
    return { kind: 'binary', value: Uint8Array.from(bytes), start, end: this.at };
  }

  private number(): Token {
    const input = this.input;
    const start = this.at;
    const followedBadly = (end: number) => {
      const c = input.charCodeAt(end);
      return isAlpha(c) || c === 95 || c === 46;
    };
    // Integers: 0x hex, 0 octal, decimal; not followed by a letter, '_' or '.'.
    let end = start;
    let value: bigint | null = null;
    if (input.charCodeAt(start) === 48 && input.charCodeAt(start + 1) === 120 && isHexDigit(input.charCodeAt(start + 2))) {
      end = start + 2;
      while (end < input.length && isHexDigit(input.charCodeAt(end))) end++;
      value = BigInt(`0x${input.slice(start + 2, end)}`);
    } else if (input.charCodeAt(start) === 48) {
      end = start + 1;
      while (end < input.length && input.charCodeAt(end) >= 48 && input.charCodeAt(end) <= 55) end++;
      value = end === start + 1 ? 0n : BigInt(`0o${input.slice(start + 1, end)}`);
    } else {
      end = start;
      while (end < input.length && isDigit(input.charCodeAt(end))) end++;
      value = BigInt(input.slice(start, end));
    }
    if (!followedBadly(end)) {
      this.at = end;
      // The reference wraps integers beyond 64 bits; keep the low 64 bits likewise.
      return { kind: 'integer', value: BigInt.asUintN(64, value), start, end };
    }
    // Floats: digits, optional fraction, optional exponent.
    end = start;
    while (end < input.length && isDigit(input.charCodeAt(end))) end++;
    if (input.charCodeAt(end) === 46) {
      end++;
      while (end < input.length && isDigit(input.charCodeAt(end))) end++;
    }
    const e = input.charCodeAt(end);
    if (e === 101 || e === 69) {
      end++;
      const sign = input.charCodeAt(end);
      if (sign === 43 || sign === 45) end++;
      // `1e` and `1.5e+` are not numbers to the reference either ("String does not contain
      // valid floating number").
      if (!isDigit(input.charCodeAt(end))) throw this.error(start, `malformed number '${input.slice(start, end)}': its exponent has no digits`);
      while (end < input.length && isDigit(input.charCodeAt(end))) end++;
    }
    if (followedBadly(end)) throw this.error(start, `malformed number '${input.slice(start, end + 1)}'`);
    const text = input.slice(start, end);
    this.at = end;
    return { kind: 'float', value: Number(text), start, end };
  }

  get offset(): number {
    return this.at;
  }
}

/**
 * Lexes `input` into a token sequence (parentheses and brackets nesting at most `maxDepth` deep);
 * `blockQuotes` reads 1.0's block quotes, which 0.9's syntax does not have.
 */
export function lex(input: string, maxDepth = DEFAULT_TEXT_NESTING_LIMIT, blockQuotes = true): Token[] {
  const lexer = new Lexer(inputText(input, 'lex'), maxDepth, blockQuotes);
  const tokens = lexer.sequence();
  if (lexer.offset < input.length) throw textError(input, lexer.offset, `unexpected '${input[lexer.offset]}'`);
  return tokens;
}
