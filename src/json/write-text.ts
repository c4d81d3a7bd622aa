/**
 * Writing a JSON tree as text, the way the reference codec does: numbers are doubles written
 * with `%g` (15 digits, or 17 when needed), strings escape only `"`, `\` and control
 * characters, and pretty output breaks an array or object over lines only when it has a
 * multi-line or long (over 50 bytes) element.
 */
import { utf8Length } from '../wire/index.js';
import { formatFloat64 } from '../text/index.js';
import { DEFAULT_MAX_PRINTED_CHARS, spendOutput, spent, startOutput } from '../text/output-limit.js';
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

/** What the output limit's error names (`startOutput`). */
export const JSON_LIMIT = 'codec (JsonOptions.maxChars)';

/** Writes a tree, counting every character of the text against the output limit (output-limit.ts). */
class Writer {
  constructor(private readonly pretty: boolean) {}

  /** `multiline.value` is set when this value was laid out over several lines. */
  write(value: JsonValue, indent: number, multiline: { value: boolean }, hasPrefix: boolean): string {
    switch (value.type) {
      case 'null': return spent('null');
      case 'boolean': return spent(value.value ? 'true' : 'false');
      case 'number': return spent(formatFloat64(value.value));
      case 'string': return spent(quoteJson(value.value));
      case 'array': {
        const sub = indent + (value.items.length > 1 ? 1 : 0);
        const child = { value: false };
        spendOutput(2);
        const items = value.items.map((item) => this.write(item, sub, child, false));
        return `[${this.list(items, child.value, indent, multiline, hasPrefix)}]`;
      }
      case 'object': {
        const sub = indent + (value.fields.length > 1 ? 1 : 0);
        const child = { value: false };
        const colon = this.pretty ? ': ' : ':';
        spendOutput(2);
        const items = value.fields.map((f) => `${spent(quoteJson(f.name))}${spent(colon)}${this.write(f.value, sub, child, true)}`);
        return `{${this.list(items, child.value, indent, multiline, hasPrefix)}}`;
      }
      case 'call': {
        const sub = indent + (value.params.length > 1 ? 1 : 0);
        const child = { value: false };
        spendOutput(value.function.length + 2);
        const items = value.params.map((item) => this.write(item, sub, child, false));
        return `${value.function}(${this.list(items, child.value, indent, multiline, true)})`;
      }
    }
  }

  /** Joins items, the separators and indentation counted. */
  private list(items: string[], hasMultiline: boolean, indent: number, multiline: { value: boolean }, hasPrefix: boolean): string {
    const between = items.length > 0 ? items.length - 1 : 0;
    if (!this.pretty) {
      spendOutput(between);
      return items.join(',');
    }
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
      const width = (indent + 1) * 2;
      spendOutput((hasPrefix ? 1 + width : 1) + between * (2 + width) + 1);
      const spaces = ' '.repeat(width);
      multiline.value = true;
      return (hasPrefix ? `\n${spaces}` : ' ') + items.join(`,\n${spaces}`) + ' ';
    }
    spendOutput(2 * between);
    return items.join(', ');
  }
}

/**
 * JSON text for a tree (pretty: the reference's pretty layout; otherwise no whitespace). Text
 * longer than `maxChars` (default `DEFAULT_MAX_PRINTED_CHARS`) fails with a `CapnpError`
 * (`MESSAGE_TOO_LARGE`) before it is made.
 */
export function writeJson(value: JsonValue, options?: { pretty?: boolean; maxChars?: number }): string {
  startOutput(options?.maxChars ?? DEFAULT_MAX_PRINTED_CHARS, 'JSON', JSON_LIMIT);
  return withinStack('write', () => new Writer(options?.pretty ?? false).write(value, 0, { value: false }, false));
}
