/**
 * Parsing the text format into a message: struct literals `(name = value, ...)`, lists
 * `[a, b]`, strings (adjacent literals concatenate), `0x"..."` data, enumerants, `void`,
 * `true`/`false`, `nan`/`inf`/`-inf`, integers in decimal, hex and octal. Values are checked
 * against the schema as the reference does: integers must fit their field (any integer fits a
 * float), floats only go to float fields, strings to Text or Data.
 */
import { CapnpError, checkLimit, concatBytes, decodeUtf8, MessageBuilder, type BuilderOptions, type ListBuilder, type MessageFormat } from '../wire/index.js';
import {
  DynamicStructBuilder, initRoot, listElementSize, setScalarElement, typeName,
  type DynamicType, type StructField, type StructSchema,
} from '../dynamic/index.js';
import { describeValue, isStackOverflow } from '../runtime/error-path.js';
import { DEFAULT_TEXT_NESTING_LIMIT, lex, textError, type Token } from './lexer.js';
import { splitMessages, TEXT_MESSAGES } from './split-messages.js';
import { inputText } from '../runtime/input-text.js';

/** A parsed value expression. */
type Expression =
  | { kind: 'int'; value: bigint; negative: boolean; start: number; end: number }
  | { kind: 'float'; value: number; start: number; end: number }
  | { kind: 'string'; value: Uint8Array; start: number; end: number; text?: string }
  | { kind: 'binary'; value: Uint8Array; start: number; end: number }
  | { kind: 'name'; value: string; start: number; end: number }
  | { kind: 'list'; items: Expression[]; start: number; end: number }
  | { kind: 'tuple'; params: Param[]; start: number; end: number }
  | { kind: 'other'; what: string; start: number; end: number };

interface Param {
  name: string | null;
  nameStart: number;
  value: Expression;
}

class Parser {
  constructor(private readonly input: string) {}

  error(at: { start: number }, message: string, path = ''): CapnpError {
    return textError(this.input, at.start, message, path);
  }

  /** Parses a whole token sequence as one expression. */
  expression(tokens: Token[], from: { start: number }): Expression {
    if (tokens.length === 0) throw this.error(from, 'expected a value');
    const [expression, next] = this.parse(tokens, 0);
    if (next < tokens.length) throw this.error(tokens[next]!, 'unexpected input after the value');
    return expression;
  }

  private parse(tokens: Token[], at: number): [Expression, number] {
    const t = tokens[at]!;
    let base: Expression;
    let next = at + 1;
    switch (t.kind) {
      case 'integer': base = { kind: 'int', value: t.value, negative: false, start: t.start, end: t.end }; break;
      case 'float': base = { kind: 'float', value: t.value, start: t.start, end: t.end }; break;
      case 'binary': base = { kind: 'binary', value: t.value, start: t.start, end: t.end }; break;
      case 'string': {
        const parts: Uint8Array[] = [t.value];
        let end = t.end;
        while (next < tokens.length && tokens[next]!.kind === 'string') {
          const s = tokens[next] as Extract<Token, { kind: 'string' }>;
          parts.push(s.value);
          end = s.end;
          next++;
        }
        base = parts.length === 1 && t.text !== undefined
          ? { kind: 'string', value: t.value, start: t.start, end, text: t.text }
          : { kind: 'string', value: parts.length === 1 ? parts[0]! : concatBytes(parts), start: t.start, end };
        break;
      }
      case 'operator': {
        const operand = tokens[next];
        if (t.value === '-' && operand) {
          if (operand.kind === 'integer') {
            base = { kind: 'int', value: operand.value, negative: true, start: t.start, end: operand.end };
            next++;
            break;
          }
          if (operand.kind === 'float') {
            base = { kind: 'float', value: -operand.value, start: t.start, end: operand.end };
            next++;
            break;
          }
          if (operand.kind === 'identifier' && operand.value === 'inf') {
            base = { kind: 'float', value: -Infinity, start: t.start, end: operand.end };
            next++;
            break;
          }
        }
        if (t.value === '.' && operand?.kind === 'identifier') {
          base = { kind: 'other', what: 'constant', start: t.start, end: operand.end };
          next++;
          break;
        }
        throw this.error(t, `unexpected '${t.value}'`);
      }
      case 'bracketed':
        base = { kind: 'list', items: t.items.map((item) => this.expression(item, t)), start: t.start, end: t.end };
        break;
      case 'parenthesized': {
        const params = t.items.map((item) => this.param(item, t));
        if (params.length === 1 && params[0]!.name === null) base = params[0]!.value;
        else base = { kind: 'tuple', params, start: t.start, end: t.end };
        break;
      }
      case 'identifier': {
        if ((t.value === 'import' || t.value === 'embed') && tokens[next]?.kind === 'string') {
          base = { kind: 'other', what: t.value, start: t.start, end: tokens[next]!.end };
          next++;
        } else {
          base = { kind: 'name', value: t.value, start: t.start, end: t.end };
        }
        break;
      }
    }
    // Suffixes: `.member` and `(params)` make a reference to a constant or a generic, which
    // text input cannot use.
    while (next < tokens.length) {
      const s = tokens[next]!;
      if (s.kind === 'operator' && s.value === '.' && tokens[next + 1]?.kind === 'identifier') {
        base = { kind: 'other', what: 'constant', start: base.start, end: tokens[next + 1]!.end };
        next += 2;
      } else if (s.kind === 'parenthesized' && (base.kind === 'name' || base.kind === 'other')) {
        base = { kind: 'other', what: 'constant', start: base.start, end: s.end };
        next++;
      } else {
        break;
      }
    }
    return [base, next];
  }

  private param(tokens: Token[], list: Token): Param {
    if (tokens.length === 0) throw this.error(list, 'empty item in a parenthesized list');
    const first = tokens[0]!;
    const eq = tokens[1];
    if (first.kind === 'identifier' && eq?.kind === 'operator' && eq.value === '=') {
      return { name: first.value, nameStart: first.start, value: this.expression(tokens.slice(2), eq) };
    }
    return { name: null, nameStart: first.start, value: this.expression(tokens, first) };
  }
}

const INT_RANGES: Record<string, [bigint, bigint]> = {
  int8: [-0x80n, 0x7fn], int16: [-0x8000n, 0x7fffn], int32: [-0x80000000n, 0x7fffffffn],
  int64: [-0x8000000000000000n, 0x7fffffffffffffffn],
  uint8: [0n, 0xffn], uint16: [0n, 0xffffn], uint32: [0n, 0xffffffffn], uint64: [0n, 0xffffffffffffffffn],
};

/**
 * Whether `e` is a value of `type` as it stands, its type showing without a type to expect: a
 * number, a string (Text, not Data), `void`, `true`, `false`, `nan`, `inf`. The values a struct
 * or group given as its first field's may be (1.0's syntax), as the reference compiler
 * evaluates them: `0x"..."`, enumerants and lists never are.
 */
function showsType(e: Expression, type: DynamicType): boolean {
  const float = type.kind === 'float32' || type.kind === 'float64';
  switch (e.kind) {
    case 'int': return float || INT_RANGES[type.kind] !== undefined;
    case 'float': return float;
    case 'string': return type.kind === 'text';
    case 'name':
      if (e.value === 'void') return type.kind === 'void';
      if (e.value === 'true' || e.value === 'false') return type.kind === 'bool';
      return (e.value === 'nan' || e.value === 'inf') && float;
    default: return false;
  }
}

/** Turns expressions into values of schema types, writing them into builders. */
class Translator {
  /**
   * @param firstFieldValues 1.0's syntax: a struct or group given a value that is not a struct
   *   literal takes it as its first field's (by ordinal), if the value is one.
   */
  constructor(private readonly parser: Parser, private readonly firstFieldValues: boolean) {}

  /**
   * The first field (by ordinal) of `schema` when `e`, not a struct literal, can be its value
   * (see `firstFieldValues`); null otherwise. One level only: a first field that is a struct or
   * a group is not unpacked again.
   */
  private firstFieldFor(schema: StructSchema, e: Expression): StructField | null {
    if (!this.firstFieldValues) return null;
    const first = schema.fields[0];
    return first !== undefined && !first.isGroup && showsType(e, first.type) ? first : null;
  }

  /** Writes `e` as the value of `builder`'s first field (`firstFieldFor` having said it is one). */
  private setFirstField(builder: DynamicStructBuilder, first: StructField, e: Expression, path: string): void {
    builder.set(first, this.scalar(e, first.type, `${path}.${first.name}`));
  }

  private mismatch(e: Expression, type: DynamicType, path: string): CapnpError {
    return this.parser.error(e, `type mismatch; expected ${typeName(type)}`, path);
  }

  fillStruct(builder: DynamicStructBuilder, params: Param[], path: string): void {
    const schema = builder.schema;
    for (const param of params) {
      if (param.name === null) throw this.parser.error(param.value, 'missing field name', path);
      const field = schema.findField(param.name);
      if (!field) throw this.parser.error({ start: param.nameStart }, `struct ${schema.shortName} has no field named '${param.name}'`, path);
      this.setField(builder, field, param.value, path === '' ? param.name : `${path}.${param.name}`);
    }
  }

  private setField(builder: DynamicStructBuilder, field: StructField, value: Expression, path: string): void {
    const type = field.type;
    // A group's type is its own struct schema.
    if (type.kind === 'struct') {
      if (value.kind === 'tuple') {
        this.fillStruct(builder.init(field) as DynamicStructBuilder, value.params, path);
        return;
      }
      const first = this.firstFieldFor(type.schema, value);
      if (first !== null) {
        this.setFirstField(builder.init(field) as DynamicStructBuilder, first, value, path);
        return;
      }
      if (field.isGroup) throw this.parser.error(value, `type mismatch; expected group`, path);
      throw this.check(value, type, path);
    }
    switch (type.kind) {
      case 'list': {
        if (value.kind !== 'list') throw this.check(value, type, path);
        const list = builder.init(field, value.items.length) as { $: ListBuilder };
        this.fillList(list.$, type.element, value.items, path);
        return;
      }
      default:
        builder.set(field, this.scalar(value, type, path));
    }
  }

  private fillList(list: ListBuilder, element: DynamicType, items: Expression[], path: string): void {
    for (let i = 0; i < items.length; i++) {
      const item = items[i]!;
      const at = `${path}[${i}]`;
      switch (element.kind) {
        case 'struct': {
          const builder = new DynamicStructBuilder(element.schema, list.getStruct(i));
          if (item.kind === 'tuple') {
            this.fillStruct(builder, item.params, at);
            break;
          }
          const first = this.firstFieldFor(element.schema, item);
          if (first === null) throw this.check(item, element, at);
          this.setFirstField(builder, first, item, at);
          break;
        }
        case 'list': {
          if (item.kind !== 'list') throw this.check(item, element, at);
          const inner = element.element;
          const innerList = inner.kind === 'struct'
            ? list.initStructList(i, item.items.length, inner.schema.dataWords, inner.schema.pointerCount)
            : list.initList(i, listElementSize(inner), item.items.length);
          this.fillList(innerList, inner, item.items, at);
          break;
        }
        default: {
          const value = this.scalar(item, element, at);
          writeElement(list, i, element, value);
        }
      }
    }
  }

  /** Throws the right error for a value that cannot have `type` (never returns normally). */
  private check(e: Expression, type: DynamicType, path: string): CapnpError {
    if (e.kind === 'other') return this.otherError(e, path);
    return this.mismatch(e, type, path);
  }

  private otherError(e: Extract<Expression, { kind: 'other' }>, path: string): CapnpError {
    if (e.what === 'embed') return this.parser.error(e, 'embeds are not allowed in text input', path);
    if (e.what === 'import') return this.parser.error(e, 'imports are not allowed in text input', path);
    return this.parser.error(e, 'constants are not allowed in text input', path);
  }

  /** A non-struct, non-list value of `type`. */
  private scalar(e: Expression, type: DynamicType, path: string): unknown {
    if (e.kind === 'other') throw this.otherError(e, path);
    if (e.kind === 'name') return this.name(e, type, path);
    switch (e.kind) {
      case 'int': {
        if (e.negative && e.value > 0x8000000000000000n) throw this.parser.error(e, 'integer is too big to be negative', path);
        const value = e.negative ? -e.value : e.value;
        if (type.kind === 'float32' || type.kind === 'float64') return Number(value);
        const range = INT_RANGES[type.kind];
        if (!range) throw this.mismatch(e, type, path);
        if (value < range[0] || value > range[1]) throw this.parser.error(e, `integer value out of range for ${typeName(type)}`, path);
        return type.kind === 'int64' || type.kind === 'uint64' ? value : Number(value);
      }
      case 'float':
        if (type.kind === 'float32' || type.kind === 'float64') return e.value;
        throw this.mismatch(e, type, path);
      case 'string':
        if (type.kind === 'text') return e.text ?? decodeUtf8(e.value);
        if (type.kind === 'data') return e.value;
        throw this.mismatch(e, type, path);
      case 'binary':
        if (type.kind === 'data') return e.value;
        throw this.mismatch(e, type, path);
      default:
        throw this.mismatch(e, type, path);
    }
  }

  private name(e: Extract<Expression, { kind: 'name' }>, type: DynamicType, path: string): unknown {
    if (type.kind === 'enum') {
      const value = type.schema.value(e.value);
      if (value === undefined) throw this.parser.error(e, `'${e.value}' is not an enumerant of ${type.schema.shortName}`, path);
      return value;
    }
    let value: unknown;
    let valueType: string;
    switch (e.value) {
      case 'void': value = null; valueType = 'void'; break;
      case 'true': value = true; valueType = 'bool'; break;
      case 'false': value = false; valueType = 'bool'; break;
      case 'nan': value = NaN; valueType = 'float'; break;
      case 'inf': value = Infinity; valueType = 'float'; break;
      default: throw this.parser.error(e, `'${e.value}' is not a value here (constants are not allowed in text input)`, path);
    }
    const ok = valueType === 'float' ? type.kind === 'float32' || type.kind === 'float64' : type.kind === valueType;
    if (!ok) throw this.mismatch(e, type, path);
    return value;
  }

  fillRoot(builder: DynamicStructBuilder, e: Expression): void {
    if (e.kind !== 'tuple') throw this.parser.error(e, 'the input is not a struct literal: expected (field = value, ...)');
    this.fillStruct(builder, e.params, '');
  }
}

function writeElement(list: ListBuilder, i: number, element: DynamicType, value: unknown): void {
  if (!setScalarElement(list, i, element, value)) {
    throw new CapnpError('INVALID_ARGUMENT', `elements of ${typeName(element)} cannot be written in text`);
  }
}

export interface TextLimits {
  /** Lists and struct literals may nest this deep (default 64); deeper input is NESTING_LIMIT. */
  maxNestingDepth?: number;
}

/** The edition of the schema language whose value syntax text input is read in. */
export interface TextSyntaxOptions {
  /**
   * `'1.0'` (default) reads what Cap'n Proto 1.0 added, as `capnp encode` 1.x does: block
   * quotes (a backtick quotes the rest of its line, and the string ends with a newline) and a
   * struct or group given as its first field's value (`service = "main"` for
   * `service = (name = "main")`). `'0.9'` reads text as 0.9.2 does, without either.
   */
  language?: '1.0' | '0.9';
}

/**
 * Fills `builder` from one struct literal: `(name = value, ...)`. Throws a `CapnpError` naming
 * the line and column of the first problem, and the path to it inside the value
 * (`text input line 3, column 14 at stories[3].title: type mismatch; expected Text`).
 */
export function parseTextInto(input: string, builder: DynamicStructBuilder, options?: TextLimits & TextSyntaxOptions): void {
  const text = inputText(input, 'the text format\'s parser');
  const parser = new Parser(text);
  const language = options?.language ?? '1.0';
  if (language !== '1.0' && language !== '0.9') throw new CapnpError('INVALID_ARGUMENT', `language must be '1.0' or '0.9', got ${describeValue(language)}`);
  const version1 = language === '1.0';
  try {
    const tokens = lex(text, checkLimit(options?.maxNestingDepth, DEFAULT_TEXT_NESTING_LIMIT, 'maxNestingDepth'), version1);
    if (tokens.length === 0) throw textError(text, text.length, 'no struct literal in the input');
    const expression = parser.expression(tokens, tokens[0]!);
    new Translator(parser, version1).fillRoot(builder, expression);
  } catch (e) {
    // Only with a maxNestingDepth raised past what the stack holds.
    if (isStackOverflow(e)) throw textError(text, 0, 'the input nests too deeply to parse (the stack ran out); lower maxNestingDepth', '', 'NESTING_LIMIT');
    throw e;
  }
}

export interface ParseTextOptions extends BuilderOptions, TextLimits, TextSyntaxOptions {
  /** Message format of the result. Default `binary`. */
  format?: MessageFormat;
}

/** One struct literal to a message of `schema`, as bytes. */
export function encodeText(schema: StructSchema, text: string, options?: ParseTextOptions): Uint8Array<ArrayBuffer> {
  return parseText(schema, text, options).toBytes(options?.format);
}

/** One struct literal to a new message of `schema`. */
export function parseText(schema: StructSchema, text: string, options?: BuilderOptions & TextLimits & TextSyntaxOptions): MessageBuilder {
  const message = new MessageBuilder(options);
  parseTextInto(text, initRoot(schema, message), options);
  return message;
}

/**
 * Splits input holding several struct literals into one string per literal, as the reference
 * tool reads a stream (balanced parentheses, skipping strings and comments). Empty input holds
 * no message; input without any literal is one (invalid) message.
 */
export function splitTextMessages(input: string): string[] {
  return splitMessages(inputText(input, 'splitTextMessages'), TEXT_MESSAGES);
}
