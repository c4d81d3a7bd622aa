/**
 * Writing a JSON tree as text, the way the reference codec does: numbers are doubles written
 * with `%g` (15 digits, or 17 when needed), strings escape only `"`, `\` and control
 * characters, and pretty output breaks an array or object over lines only when it has a
 * multi-line or long (over 50 bytes) element.
 */
import { utf8Length } from '../wire/index.js';
import { formatFloat64 } from '../text/index.js';
import { withinStack, type JsonValue } from './value.js';

const HEX = '0123456789abcdef';

/** A JSON string literal, escaped as the reference escapes it. */
export function quoteJson(s: string): string {
  let out = '"';
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x20 && c !== 34 && c !== 92) continue;
    let escaped: string;
    switch (c) {
      case 34: escaped = '\\"'; break;
      case 92: escaped = '\\\\'; break;
      case 8: escaped = '\\b'; break;
      case 12: escaped = '\\f'; break;
      case 10: escaped = '\\n'; break;
      case 13: escaped = '\\r'; break;
      case 9: escaped = '\\t'; break;
      default: escaped = `\\u00${HEX[c >> 4]}${HEX[c & 15]}`;
    }
    out += s.slice(start, i) + escaped;
    start = i + 1;
  }
  return `${out}${s.slice(start)}"`;
}

class Writer {
  constructor(private readonly pretty: boolean) {}

  /** `multiline.value` is set when this value was laid out over several lines. */
  write(value: JsonValue, indent: number, multiline: { value: boolean }, hasPrefix: boolean): string {
    switch (value.type) {
      case 'null': return 'null';
      case 'boolean': return value.value ? 'true' : 'false';
      case 'number': return formatFloat64(value.value);
      case 'string': return quoteJson(value.value);
      case 'array': {
        const sub = indent + (value.items.length > 1 ? 1 : 0);
        const child = { value: false };
        const items = value.items.map((item) => this.write(item, sub, child, false));
        return `[${this.list(items, child.value, indent, multiline, hasPrefix)}]`;
      }
      case 'object': {
        const sub = indent + (value.fields.length > 1 ? 1 : 0);
        const child = { value: false };
        const colon = this.pretty ? ': ' : ':';
        const items = value.fields.map((f) => `${quoteJson(f.name)}${colon}${this.write(f.value, sub, child, true)}`);
        return `{${this.list(items, child.value, indent, multiline, hasPrefix)}}`;
      }
      case 'call': {
        const sub = indent + (value.params.length > 1 ? 1 : 0);
        const child = { value: false };
        const items = value.params.map((item) => this.write(item, sub, child, false));
        return `${value.function}(${this.list(items, child.value, indent, multiline, true)})`;
      }
    }
  }

  private list(items: string[], hasMultiline: boolean, indent: number, multiline: { value: boolean }, hasPrefix: boolean): string {
    if (!this.pretty) return items.join(',');
    let long = hasMultiline;
    if (!long && items.length > 1) {
      for (const item of items) {
        if (utf8Length(item, 50) > 50) {
          long = true;
          break;
        }
      }
    }
    if (items.length > 1 && long) {
      const spaces = ' '.repeat((indent + 1) * 2);
      multiline.value = true;
      return (hasPrefix ? `\n${spaces}` : ' ') + items.join(`,\n${spaces}`) + ' ';
    }
    return items.join(', ');
  }
}

/** JSON text for a tree (pretty: the reference's pretty layout; otherwise no whitespace). */
export function writeJson(value: JsonValue, options?: { pretty?: boolean }): string {
  return withinStack('write', () => new Writer(options?.pretty ?? false).write(value, 0, { value: false }, false));
}
