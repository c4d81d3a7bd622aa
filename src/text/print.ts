/**
 * Printing messages in the Cap'n Proto text format, byte for byte as the reference tool does
 * (`capnp decode`, `capnp convert binary:text`, `capnp eval`): fields in schema order with the
 * active union member where its index falls, pointer fields only when set, floats as `%g`, C
 * escapes in strings. Pretty output breaks a struct or list over lines unless every item is
 * short (at most 24 bytes, and a struct's items at most 64 together); short output is one line.
 */
import { ANY_SIZE, utf8Length, type ListReader, type Segment, type StructReader } from '../wire/index.js';
import {
  DynamicList, DynamicListBuilder, DynamicStruct, DynamicStructBuilder, hasField, listElementSize,
  type DynamicType, type StructField, type StructSchema,
} from '../dynamic/index.js';
import { formatFloat32, formatFloat64 } from './numbers.js';

export interface PrintOptions {
  /** One line, no indentation (`--short`). Default false (pretty). */
  short?: boolean;
}

const BARE = 0;
const PREFIXED = 1;

const MAX_INLINE_VALUE = 24;
const MAX_INLINE_RECORD = 64;

function inlineSize(item: string): number {
  const size = utf8Length(item, MAX_INLINE_VALUE);
  return size > MAX_INLINE_VALUE || item.includes('\n') ? -1 : size;
}

/** Joins printed items: on one line when short enough (or not pretty), else one per line. */
function delimit(items: string[], mode: number, isRecord: boolean, indent: number): string {
  if (indent === 0) return items.join(', ');
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
  if (inline) return items.join(', ');
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
      if (which.discriminant !== 0 || hasField(s, which)) unionItem = `${which.name} = ${printField(s, which, next)}`;
      else which = undefined;
    }
  }
  for (const field of schema.nonUnionFields) {
    if (which && which.index < field.index) {
      items.push(unionItem);
      which = undefined;
    }
    if (hasField(s, field)) items.push(`${field.name} = ${printField(s, field, next)}`);
  }
  if (which) items.push(unionItem);
  return `(${delimit(items, mode, true, indent)})`;
}

function printField(s: StructReader, field: StructField, indent: number): string {
  const type = field.type;
  const at = field.offset;
  switch (type.kind) {
    case 'void': return 'void';
    case 'bool': return s.getBool(at, field.defaultValue as boolean) ? 'true' : 'false';
    case 'int8': return String(s.getInt8(at, field.mask));
    case 'uint8': return String(s.getUint8(at, field.mask));
    case 'int16': return String(s.getInt16(at, field.mask));
    case 'uint16': return String(s.getUint16(at, field.mask));
    case 'int32': return String(s.getInt32(at, field.mask));
    case 'uint32': return String(s.getUint32(at, field.mask));
    case 'int64': return String(s.getInt64(at, field.mask64));
    case 'uint64': return String(s.getUint64(at, field.mask64));
    case 'float32': return formatFloat32(s.getFloat32(at, field.mask));
    case 'float64': return formatFloat64(s.getFloat64(at, field.mask, field.maskHi));
    case 'enum': return enumText(type, s.getUint16(at, field.mask));
    case 'text': return quoteText(s.getText(at, (field.defaultValue as string | null) ?? ''));
    case 'data': return quoteData(s.getData(at, (field.defaultValue as Uint8Array | null) ?? undefined));
    case 'struct':
      if (field.isGroup) return printStruct(type.schema, s, indent, PREFIXED);
      return printStruct(type.schema, s.getStruct(at, field.defaultValue as Segment | null), indent, PREFIXED);
    case 'list':
      return printList(type.element, s.getList(at, listElementSize(type.element), field.defaultValue as Segment | null), indent, PREFIXED);
    case 'interface': return '<external capability>';
    case 'anyPointer': return type.constraint === 'capability' ? '<external capability>' : '<opaque pointer>';
  }
}

function printList(element: DynamicType, list: ListReader, indent: number, mode: number): string {
  const next = indent === 0 ? 0 : indent + 1;
  const length = list.length;
  const items = new Array<string>(length);
  switch (element.kind) {
    case 'struct': {
      if (length > 0) {
        const cursor = list.getStruct(0);
        for (let i = 0, at = list.offset; i < length; i++, at += list.step) {
          cursor.moveTo(at);
          items[i] = printStruct(element.schema, cursor, next, BARE);
        }
      }
      break;
    }
    case 'list': {
      const size = listElementSize(element.element);
      for (let i = 0; i < length; i++) items[i] = printList(element.element, list.getList(i, size), next, BARE);
      break;
    }
    default:
      for (let i = 0; i < length; i++) items[i] = printElement(list, i, element);
  }
  return `[${delimit(items, mode, false, indent)}]`;
}

function printElement(list: ListReader, i: number, element: DynamicType): string {
  switch (element.kind) {
    case 'void': return 'void';
    case 'bool': return list.getBool(i) ? 'true' : 'false';
    case 'int8': return String(list.getInt8(i));
    case 'uint8': return String(list.getUint8(i));
    case 'int16': return String(list.getInt16(i));
    case 'uint16': return String(list.getUint16(i));
    case 'int32': return String(list.getInt32(i));
    case 'uint32': return String(list.getUint32(i));
    case 'int64': return String(list.getInt64(i));
    case 'uint64': return String(list.getUint64(i));
    case 'float32': return formatFloat32(list.getFloat32(i));
    case 'float64': return formatFloat64(list.getFloat64(i));
    case 'enum': return enumText(element, list.getUint16(i));
    case 'text': return quoteText(list.getText(i));
    case 'data': return quoteData(list.getData(i));
    case 'interface': return '<external capability>';
    case 'anyPointer': return element.constraint === 'capability' ? '<external capability>' : '<opaque pointer>';
    default: return printList(element, list.getList(i, ANY_SIZE), 0, BARE);
  }
}

/** A struct in the text format (pretty unless `short`), without a trailing newline. */
export function printStructText(value: DynamicStruct | DynamicStructBuilder, options?: PrintOptions): string {
  const reader = value instanceof DynamicStructBuilder ? value.asReader() : value;
  return printStruct(reader.schema, reader.$, options?.short ? 0 : 1, BARE);
}

/** A list in the text format (pretty unless `short`). */
export function printListText(value: DynamicList | DynamicListBuilder, options?: PrintOptions): string {
  const reader = value instanceof DynamicListBuilder ? value.asReader() : value;
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
    case 'void': return 'void';
    case 'bool': return value ? 'true' : 'false';
    case 'float32': case 'float64': return formatFloat64(value as number);
    case 'enum': return enumText(type, value as number);
    case 'text': return quoteText(value as string);
    case 'data': return quoteData(value as Uint8Array);
    case 'interface': return '<external capability>';
    case 'anyPointer': return type.constraint === 'capability' ? '<external capability>' : '<opaque pointer>';
    default: return String(value);
  }
}
