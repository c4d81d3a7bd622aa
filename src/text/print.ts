/**
 * Printing messages in the Cap'n Proto text format, byte for byte as the reference tool does
 * (`capnp decode`, `capnp convert binary:text`, `capnp eval`): fields in schema order with the
 * active union member where its index falls, pointer fields only when set, floats as `%g`, C
 * escapes in strings. Pretty output breaks a struct or list over lines unless every item is
 * short (at most 24 bytes, and a struct's items at most 64 together); short output is one line.
 */
import { utf8Length, type ListReader, type StructReader } from '../wire/index.js';
import {
  DynamicList, DynamicListBuilder, DynamicStruct, DynamicStructBuilder, elementValue, fieldValue, hasField,
  type DynamicType, type StructField, type StructSchema, type WireValue,
} from '../dynamic/index.js';
import { formatFloat32, formatFloat64 } from './numbers.js';
import { checkListFits, DEFAULT_MAX_PRINTED_CHARS, spendOutput, spent, startOutput } from './output-limit.js';

export interface PrintOptions {
  /** One line, no indentation (`--short`). Default false (pretty). */
  short?: boolean;
  /**
   * The longest text to print, in characters (default `DEFAULT_MAX_PRINTED_CHARS`, 128 Mi). A
   * message whose text would be longer fails with a `CapnpError` (`MESSAGE_TOO_LARGE`) before
   * it is made: a few bytes can describe a list of millions of empty structs, each of which
   * prints as a whole struct of defaults, and a reader whose traversal limit is lifted (as
   * `capnp decode` lifts it) follows them all.
   */
  maxChars?: number;
}

/** Starts counting the printer's output (output-limit.ts). */
function startPrinting(options: PrintOptions | undefined): void {
  startOutput(options?.maxChars ?? DEFAULT_MAX_PRINTED_CHARS, 'printed text', 'printer (PrintOptions.maxChars)');
}

const BARE = 0;
const PREFIXED = 1;

const MAX_INLINE_VALUE = 24;
const MAX_INLINE_RECORD = 64;

function inlineSize(item: string): number {
  const size = utf8Length(item, MAX_INLINE_VALUE);
  return size > MAX_INLINE_VALUE || item.includes('\n') ? -1 : size;
}

/** Joins printed items (the separators and indentation counted as output): on one line when short enough (or not pretty), else one per line. */
function delimit(items: string[], mode: number, isRecord: boolean, indent: number): string {
  const between = items.length > 0 ? items.length - 1 : 0;
  if (indent === 0) {
    spendOutput(2 * between);
    return items.join(', ');
  }
  let total = 0;
  let inline = true;
  for (const item of items) {
    const size = inlineSize(item);
    if (size < 0) {
      inline = false;
      break;
    }
    if (isRecord) {
      total += size;
      if (total > MAX_INLINE_RECORD) {
        inline = false;
        break;
      }
    }
  }
  if (inline) {
    spendOutput(2 * between);
    return items.join(', ');
  }
  spendOutput((mode === BARE ? 1 : 1 + indent * 2) + between * (2 + indent * 2) + 1);
  const spaces = ' '.repeat(indent * 2);
  return (mode === BARE ? ' ' : `\n${spaces}`) + items.join(`,\n${spaces}`) + ' ';
}

const HEX = '0123456789abcdef';

/** C escapes of a string's UTF-8 bytes; `binary` also escapes bytes above 0x7f (Data). */
function escapeChar(c: number, binary: boolean): string | null {
  switch (c) {
    case 7: return '\\a';
    case 8: return '\\b';
    case 12: return '\\f';
    case 10: return '\\n';
    case 13: return '\\r';
    case 9: return '\\t';
    case 11: return '\\v';
    case 39: return "\\'";
    case 34: return '\\"';
    case 92: return '\\\\';
    default:
      if (c < 0x20 || c === 0x7f || (binary && c > 0x7f)) return `\\${HEX[c >> 6]}${HEX[(c >> 3) & 7]}${HEX[c & 7]}`;
      return null;
  }
}

/** A Text value as a quoted, C-escaped literal. Characters above ASCII are kept as they are. */
export function quoteText(text: string): string {
  let out = '"';
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x80) continue;
    const escaped = escapeChar(c, false);
    if (escaped !== null) {
      out += text.slice(start, i) + escaped;
      start = i + 1;
    }
  }
  return `${out}${text.slice(start)}"`;
}

/** A Data value as a quoted literal, every byte outside printable ASCII escaped. */
export function quoteData(bytes: Uint8Array): string {
  const parts: string[] = [];
  let run = '';
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    const escaped = escapeChar(b, true);
    run += escaped ?? String.fromCharCode(b);
    if (run.length > 4096) {
      parts.push(run);
      run = '';
    }
  }
  parts.push(run);
  return `"${parts.join('')}"`;
}

function enumText(type: Extract<DynamicType, { kind: 'enum' }>, value: number): string {
  const name = type.schema.name(value);
  return name ?? `(${value})`;
}

/** A struct, printed at `indent` (0: short form). */
function printStruct(schema: StructSchema, s: StructReader, indent: number, mode: number): string {
  const items: string[] = [];
  const next = indent === 0 ? 0 : indent + 1;
  let which: StructField | undefined;
  let unionItem = '';
  if (schema.discriminantCount > 0) {
    which = schema.fieldByDiscriminant(s.getUint16(schema.discriminantOffset));
    if (which) {
      // A union member other than the first is printed even when it holds its default.
      if (which.discriminant !== 0 || hasField(s, which)) {
        spendOutput(which.name.length + 3);
        unionItem = `${which.name} = ${printField(s, which, next)}`;
      } else {
        which = undefined;
      }
    }
  }
  for (const field of schema.nonUnionFields) {
    if (which && which.index < field.index) {
      items.push(unionItem);
      which = undefined;
    }
    if (hasField(s, field)) {
      spendOutput(field.name.length + 3);
      items.push(`${field.name} = ${printField(s, field, next)}`);
    }
  }
  if (which) items.push(unionItem);
  spendOutput(2);
  return `(${delimit(items, mode, true, indent)})`;
}

function printField(s: StructReader, field: StructField, indent: number): string {
  const type = field.type;
  // Capabilities print as a placeholder, without reading the pointer.
  if (type.kind === 'interface' || type.kind === 'anyPointer') return spent(opaqueText(type));
  return printValue(type, fieldValue(s, field), indent, PREFIXED);
}

/** A value of `type` as `fieldValue` / `elementValue` read it (structs and lists at `indent`), counted as output. */
function printValue(type: DynamicType, value: WireValue, indent: number, mode: number): string {
  switch (type.kind) {
    case 'struct': return printStruct(type.schema, value as StructReader, indent, mode);
    case 'list': return printList(type.element, value as ListReader, indent, mode);
    default: return spent(scalarText(type, value));
  }
}

/** A value that is neither a struct nor a list, in its literal form. */
function scalarText(type: DynamicType, value: WireValue): string {
  switch (type.kind) {
    case 'void': return 'void';
    case 'bool': return value ? 'true' : 'false';
    case 'float32': return formatFloat32(value as number);
    case 'float64': return formatFloat64(value as number);
    case 'enum': return enumText(type, value as number);
    case 'text': return quoteText(value as string);
    case 'data': return quoteData(value as Uint8Array);
    case 'interface': case 'anyPointer': return opaqueText(type);
    default: return String(value);
  }
}

function opaqueText(type: DynamicType): string {
  return type.kind === 'anyPointer' && type.constraint !== 'capability' ? '<opaque pointer>' : '<external capability>';
}

function printList(element: DynamicType, list: ListReader, indent: number, mode: number): string {
  const next = indent === 0 ? 0 : indent + 1;
  const length = list.length;
  // Every element prints as at least one character: a list that cannot fit is refused before
  // anything is made for it (a few bytes can claim half a billion empty elements).
  checkListFits(length);
  spendOutput(2);
  const items = new Array<string>(length);
  switch (element.kind) {
    case 'struct': {
      // One reader moved along the list rather than one per element.
      if (length > 0) {
        const cursor = list.getStruct(0);
        for (let i = 0, at = list.offset; i < length; i++, at += list.step) {
          cursor.moveTo(at);
          items[i] = printStruct(element.schema, cursor, next, BARE);
        }
      }
      break;
    }
    case 'interface': case 'anyPointer':
      spendOutput(length * opaqueText(element).length);
      items.fill(opaqueText(element));
      break;
    default:
      for (let i = 0; i < length; i++) items[i] = printValue(element, elementValue(list, i, element), next, BARE);
  }
  return `[${delimit(items, mode, false, indent)}]`;
}

/** A struct in the text format (pretty unless `short`), without a trailing newline. */
export function printStructText(value: DynamicStruct | DynamicStructBuilder, options?: PrintOptions): string {
  const reader = value instanceof DynamicStructBuilder ? value.asReader() : value;
  startPrinting(options);
  return printStruct(reader.schema, reader.$, options?.short ? 0 : 1, BARE);
}

/** A list in the text format (pretty unless `short`). */
export function printListText(value: DynamicList | DynamicListBuilder, options?: PrintOptions): string {
  const reader = value instanceof DynamicListBuilder ? value.asReader() : value;
  startPrinting(options);
  return printList(reader.type.element, reader.$, options?.short ? 0 : 1, BARE);
}

/**
 * Any value of `type` as the reference tool prints it on its own (`capnp eval`): structs and
 * lists as above, a scalar in its literal form. A lone Float32 prints with a double's
 * precision, as the reference does.
 */
export function printValueText(type: DynamicType, value: unknown, options?: PrintOptions): string {
  if (value instanceof DynamicStruct || value instanceof DynamicStructBuilder) return printStructText(value, options);
  if (value instanceof DynamicList || value instanceof DynamicListBuilder) return printListText(value, options);
  switch (type.kind) {
    case 'float32': return formatFloat64(value as number);
    case 'struct': case 'list': return String(value);
    default:
      startPrinting(options);
      return printValue(type, value as WireValue, 0, BARE);
  }
}
