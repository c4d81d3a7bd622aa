/**
 * Parsing JSON text into a tree, as the reference codec reads it: nesting bounded (default
 * 64), numbers kept with their text (so 64-bit integers stay exact), `nan` / `inf` / `-inf`
 * accepted (the reference writes non-finite `Json.Value` numbers so), and every error naming
 * its line and column. Also the splitting of a stream of JSON messages.
 */
import { CapnpError, checkLimit, type ErrorCode } from '../wire/index.js';
import { JSON_MESSAGES, splitMessages } from '../text/split-messages.js';
import { DEFAULT_JSON_NESTING_LIMIT, JSON_NULL, withinStack, type JsonField, type JsonValue } from './value.js';
import { inputText } from '../runtime/input-text.js';

export interface ParseJsonOptions {
  /** Arrays and objects may nest this deep. Default 64. */
  maxNestingDepth?: number;
}

class JsonParser {
  private at = 0;
  private depth = 0;

  constructor(private readonly input: string, private readonly maxDepth: number) {}

  error(message: string, at = this.at, code: ErrorCode = 'INVALID_ARGUMENT'): CapnpError {
    let line = 1;
    let lineStart = 0;
    for (let i = 0; i < at && i < this.input.length; i++) {
      if (this.input.charCodeAt(i) === 10) {
        line++;
        lineStart = i + 1;
      }
    }
    return new CapnpError(code, `JSON input line ${line}, column ${at - lineStart + 1}: ${message}`);
  }

  private skipSpace(): void {
    const s = this.input;
    while (this.at < s.length) {
      const c = s.charCodeAt(this.at);
      if (c === 32 || c === 10 || c === 13 || c === 9) this.at++;
      else break;
    }
  }

  private peek(): number {
    if (this.at >= this.input.length) throw this.error('the JSON input ends prematurely');
    return this.input.charCodeAt(this.at);
  }

  private expect(c: number): void {
    if (this.peek() !== c) throw this.error(`expected '${String.fromCharCode(c)}', found ${this.describe()}`);
    this.at++;
  }

  private describe(): string {
    if (this.at >= this.input.length) return 'the end of the input';
    return `'${this.input[this.at]}'`;
  }

  /** Values one after another (whitespace between), to the end of the input. */
  parseStream(): JsonValue[] {
    const values: JsonValue[] = [];
    this.skipSpace();
    while (this.at < this.input.length) values.push(this.value());
    return values;
  }

  parseDocument(): JsonValue {
    const value = this.value();
    if (this.at < this.input.length && this.input.charCodeAt(this.at) !== 0) throw this.error('unexpected input after the JSON value');
    return value;
  }

  private value(): JsonValue {
    this.skipSpace();
    const c = this.peek();
    let value: JsonValue;
    switch (c) {
      case 110:
        // `nan`, `inf` and `-inf` are not JSON, but the reference (and so Capstan) writes a
        // Json.Value number that is not finite so: they read back, as those numbers.
        if (this.input.startsWith('nan', this.at)) {
          this.at += 3;
          value = { type: 'number', value: NaN, text: 'nan' };
        } else {
          this.word('null');
          value = JSON_NULL;
        }
        break;
      case 105: this.word('inf'); value = { type: 'number', value: Infinity, text: 'inf' }; break;
      case 102: this.word('false'); value = { type: 'boolean', value: false }; break;
      case 116: this.word('true'); value = { type: 'boolean', value: true }; break;
      case 34: value = { type: 'string', value: this.string() }; break;
      case 91: value = this.array(); break;
      case 123: value = this.object(); break;
      default:
        if (c === 45 && this.input.startsWith('-inf', this.at)) {
          this.at += 4;
          value = { type: 'number', value: -Infinity, text: '-inf' };
          break;
        }
        if (c === 45 || (c >= 48 && c <= 57)) {
          value = this.number();
          break;
        }
        throw this.error(`unexpected ${this.describe()} where a JSON value was expected`);
    }
    this.skipSpace();
    return value;
  }

  private word(w: string): void {
    if (this.input.startsWith(w, this.at)) this.at += w.length;
    else throw this.error(`unexpected ${this.describe()} where a JSON value was expected`);
  }

  private enter(): void {
    if (++this.depth > this.maxDepth) throw this.error(`JSON nests deeper than the limit of ${this.maxDepth}`, this.at - 1, 'NESTING_LIMIT');
  }

  private array(): JsonValue {
    this.at++;
    this.enter();
    const items: JsonValue[] = [];
    this.skipSpace();
    while (this.peek() !== 93) {
      if (items.length > 0) {
        this.expect(44);
      }
      items.push(this.value());
    }
    this.at++;
    this.depth--;
    return { type: 'array', items };
  }

  private object(): JsonValue {
    this.at++;
    this.enter();
    const fields: JsonField[] = [];
    this.skipSpace();
    while (this.peek() !== 125) {
      if (fields.length > 0) {
        this.expect(44);
        this.skipSpace();
      }
      if (this.peek() !== 34) throw this.error(`expected a field name (a string), found ${this.describe()}`);
      const name = this.string();
      this.skipSpace();
      this.expect(58);
      fields.push({ name, value: this.value() });
    }
    this.at++;
    this.depth--;
    return { type: 'object', fields };
  }

  private number(): JsonValue {
    const s = this.input;
    const start = this.at;
    let at = start;
    if (s.charCodeAt(at) === 45) at++;
    const digit = (i: number) => s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57;
    if (s.charCodeAt(at) === 48) at++;
    else {
      if (!digit(at)) throw this.error('expected a digit', at);
      while (digit(at)) at++;
    }
    if (s.charCodeAt(at) === 46) {
      at++;
      while (digit(at)) at++;
    }
    if (s.charCodeAt(at) === 101 || s.charCodeAt(at) === 69) {
      at++;
      if (s.charCodeAt(at) === 43 || s.charCodeAt(at) === 45) at++;
      // "1e" and "1e+" are refused by the reference too ("String does not contain valid floating number").
      if (!digit(at)) throw this.error(`malformed number '${s.slice(start, at)}': its exponent has no digits`, start);
      while (digit(at)) at++;
    }
    this.at = at;
    const text = s.slice(start, at);
    // Lenient like the reference (strtod) on a fraction without digits: "1." reads as 1.
    const value = Number(text.replace(/\.$/, ''));
    return { type: 'number', value, text };
  }

  private string(): string {
    const s = this.input;
    const start = this.at;
    this.at++;
    let out = '';
    let run = this.at;
    for (;;) {
      if (this.at >= s.length) throw this.error('string is never closed', start);
      const c = s.charCodeAt(this.at);
      if (c === 34) break;
      if (c !== 92) {
        this.at++;
        continue;
      }
      out += s.slice(run, this.at);
      this.at++;
      const e = this.peek();
      this.at++;
      switch (e) {
        case 34: out += '"'; break;
        case 92: out += '\\'; break;
        case 47: out += '/'; break;
        case 98: out += '\b'; break;
        case 102: out += '\f'; break;
        case 110: out += '\n'; break;
        case 114: out += '\r'; break;
        case 116: out += '\t'; break;
        case 117: {
          const hex = s.slice(this.at, this.at + 4);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw this.error('\\u must be followed by four hex digits', this.at - 2);
          out += String.fromCharCode(parseInt(hex, 16));
          this.at += 4;
          break;
        }
        default:
          throw this.error(`invalid escape '\\${String.fromCharCode(e)}' in a JSON string`, this.at - 2);
      }
      run = this.at;
    }
    out += s.slice(run, this.at);
    this.at++;
    return out;
  }
}

/** Parses one JSON document into a tree. */
export function parseJson(text: string, options?: ParseJsonOptions): JsonValue {
  const depth = checkLimit(options?.maxNestingDepth, DEFAULT_JSON_NESTING_LIMIT, 'maxNestingDepth');
  const input = inputText(text, 'parseJson');
  return withinStack('parse', () => new JsonParser(input, depth).parseDocument());
}

/** Parses JSON documents written one after another (`{...} {...}`, or one per line). */
export function parseJsonStream(text: string, options?: ParseJsonOptions): JsonValue[] {
  const depth = checkLimit(options?.maxNestingDepth, DEFAULT_JSON_NESTING_LIMIT, 'maxNestingDepth');
  const input = inputText(text, 'parseJsonStream');
  return withinStack('parse', () => new JsonParser(input, depth).parseStream());
}

/**
 * Splits input holding several JSON objects into one string per object, as the reference
 * tool reads a stream of messages (balanced braces, skipping strings and `#` / `//` comments).
 */
export function splitJsonMessages(input: string): string[] {
  return splitMessages(inputText(input, 'splitJsonMessages'), JSON_MESSAGES);
}
