/**
 * The text format against the reference tool: printing (`capnp decode`, pretty and --short)
 * byte for byte, and parsing (`capnp encode`) to messages with the same content, on the
 * codecs fixture; plus the parser's syntax and its errors.
 */
import { expect, it } from 'vitest';
import {
  DynamicList, DynamicStructBuilder, constantValue, initRoot, readRoot, type SchemaLoader,
} from '../../src/dynamic/index.js';
import {
  encodeText, formatFloat32, formatFloat64, parseText, printListText, printStructText, printValueText, splitTextMessages,
} from '../../src/text/index.js';
import { CapnpError, MessageBuilder } from '../../src/wire/index.js';
import { capnp, describeReference, encode } from '../support/reference.js';
import { CASES, CODECS, canonicalHex, loadFixture } from '../fixtures/codecs/support.js';

const decoder = new TextDecoder();

function referencePrint(type: string, bytes: Uint8Array, short: boolean): string {
  return decoder.decode(capnp(['decode', '--quiet', ...(short ? ['--short'] : []), CODECS, type], bytes));
}

describeReference('text format: printing matches capnp decode', () => {
  let schema: SchemaLoader;
  it('loads the fixture schema', () => {
    schema = loadFixture(CODECS);
    expect(schema.struct('Scalars').fields).toHaveLength(15);
  });

  for (const [i, c] of CASES.entries()) {
    it(`case ${i}: ${c.type} ${c.text.slice(0, 60)}`, () => {
      const bytes = encode(CODECS, c.type, c.text);
      const root = readRoot(schema.struct(c.type), bytes);
      expect(`${printStructText(root)}\n`).toBe(referencePrint(c.type, bytes, false));
      expect(`${printStructText(root, { short: true })}\n`).toBe(referencePrint(c.type, bytes, true));
    });
  }

  it('prints a message built with the dynamic API (unknown enum values and union members too)', () => {
    const message = new MessageBuilder();
    const shape = initRoot(schema.struct('Shape'), message);
    shape.set('name', 'built');
    shape.set('label', 'x'.repeat(30));
    const child = shape.init('child') as DynamicStructBuilder;
    child.$.setUint16(schema.struct('Shape').discriminantOffset, 77); // a member this schema does not know
    child.set('name', 'unknown member');
    const bytes = message.toBytes();
    const root = readRoot(schema.struct('Shape'), bytes);
    expect(`${printStructText(root)}\n`).toBe(referencePrint('Shape', bytes, false));

    // AnyPointer values print as <opaque pointer>, whatever they hold.
    const generics = new MessageBuilder();
    const g = initRoot(schema.struct('Generics'), generics);
    g.set('any', 'text');
    (g.init('unbound') as DynamicStructBuilder).set('first', 'x');
    const gb = generics.toBytes();
    expect(`${printStructText(readRoot(schema.struct('Generics'), gb))}\n`).toBe(referencePrint('Generics', gb, false));
    expect(printStructText(readRoot(schema.struct('Generics'), gb), { short: true })).toBe('(unbound = (first = <opaque pointer>), any = <opaque pointer>)');

    const scalars = new MessageBuilder();
    const s = initRoot(schema.struct('Scalars'), scalars);
    s.$.setUint16(schema.struct('Scalars').field('color').offset, 9);
    s.set('data', Uint8Array.from({ length: 256 }, (_, k) => k));
    s.set('text', Array.from({ length: 128 }, (_, k) => String.fromCharCode(k)).join('') + 'ü€😀');
    const sb = scalars.toBytes();
    const text = printStructText(readRoot(schema.struct('Scalars'), sb), { short: true });
    expect(text).toContain('color = (9)');
    expect(`${text}\n`).toBe(referencePrint('Scalars', sb, true));
    expect(`${printStructText(readRoot(schema.struct('Scalars'), sb))}\n`).toBe(referencePrint('Scalars', sb, false));
  });

  it('prints lists and lone values as capnp eval does', () => {
    const c = loadFixture(CODECS);
    for (const name of ['constUInt32', 'constColor', 'constFloat32', 'constText', 'constData', 'constShape', 'constFloats', 'constShapes']) {
      const konst = c.const(name);
      const value = constantValue(konst);
      for (const short of [false, true]) {
        const expected = decoder.decode(capnp(['eval', ...(short ? ['--short'] : []), CODECS, name]));
        expect(`${printValueText(konst.type, value, { short })}\n`, `${name} short=${short}`).toBe(expected);
      }
    }
  });
});

describeReference('text format: parsing matches capnp encode', () => {
  let schema: SchemaLoader;
  it('loads the fixture schema', () => {
    schema = loadFixture(CODECS);
  });

  for (const [i, c] of CASES.entries()) {
    it(`case ${i}: ${c.type} parses to the message capnp encode makes`, () => {
      const ours = encodeText(schema.struct(c.type), c.text);
      const theirs = encode(CODECS, c.type, c.text);
      expect(canonicalHex(ours)).toBe(canonicalHex(theirs));
      // What we print parses as the reference parses it (not always to the same message:
      // -0 prints as "-0", which reads back as the integer 0, for the reference too).
      const root = readRoot(schema.struct(c.type), ours);
      for (const printed of [printStructText(root), printStructText(root, { short: true })]) {
        expect(canonicalHex(encodeText(schema.struct(c.type), printed))).toBe(canonicalHex(encode(CODECS, c.type, printed)));
      }
    });
  }

  it('accepts every literal form the reference accepts', () => {
    const text = `# a comment
      ( int8 = -0x10, int16 = 017, int32 = 0x7fffffff, int64 = -9223372036854775808, # octal and hex
        uint64 = 0xffffffffffffffff, float32 = -inf, float64 = 1.5e-3,
        text = "con" "cat" "\\x41\\101\\n\\?\\'", data = 0x"de ad BE ef",
        color = blue, void = void, bool = false, )`;
    const S = schema.struct('Scalars');
    expect(canonicalHex(encodeText(S, text))).toBe(canonicalHex(encode(CODECS, 'Scalars', text)));
    const root = readRoot(S, encodeText(S, text));
    expect(root.get('int8')).toBe(-16);
    expect(root.get('int16')).toBe(15);
    expect(root.get('text')).toBe('concatAA\n?\'');
    expect([...(root.get('data') as Uint8Array)]).toEqual([0xde, 0xad, 0xbe, 0xef]);
    // A parenthesized single value is the value; integers go into float fields.
    const floats = encodeText(S, '(float64 = (5), float32 = 7)');
    expect(readRoot(S, floats).get('float64')).toBe(5);
    expect(canonicalHex(floats)).toBe(canonicalHex(encode(CODECS, 'Scalars', '(float64 = (5), float32 = 7)')));
    // Integers beyond 64 bits wrap, as the reference's lexer wraps them.
    const wrapped = encodeText(S, '(int64 = -18446744073709551617)');
    expect(readRoot(S, wrapped).get('int64')).toBe(-1n);
    expect(canonicalHex(wrapped)).toBe(canonicalHex(encode(CODECS, 'Scalars', '(int64 = -18446744073709551617)')));
    // Data from a string with escapes above 0x7f: raw bytes.
    expect([...(readRoot(S, encodeText(S, '(data = "\\xff\\200")')).get('data') as Uint8Array)]).toEqual([0xff, 0x80]);
  });

  it('fills groups, unions, lists of lists, nested structs and struct lists', () => {
    const text = '(name = "n", square = (side = 2), square = (rounded = true), tag = (words = ["w"]), tag = (number = 3), child = (circle = 1))';
    const ours = encodeText(schema.struct('Shape'), text);
    expect(canonicalHex(ours)).toBe(canonicalHex(encode(CODECS, 'Shape', text)));
    const root = readRoot(schema.struct('Shape'), ours);
    // A group assigned twice is re-initialized: the second assignment replaces the first.
    expect(root.toObject()).toMatchObject({ square: { side: 0, rounded: true }, tag: { number: 3 } });
  });

  it('reports bad input with its line and column', () => {
    const S = schema.struct('Scalars');
    // One literal per parse (a stream of several is split first, see splitTextMessages).
    expect(() => encodeText(S, '(text = "x")\n(int8 = 1)')).toThrow(/line 2, column 1: unexpected input after the value/);
    const cases: [string, RegExp][] = [
      ['(nope = 1)', /line 1, column 2: struct Scalars has no field named 'nope'/],
      ['(int8 = 128)', /line 1, column 9 at int8: integer value out of range for Int8/],
      ['(uint8 = -1)', /integer value out of range for UInt8/],
      ['(int32 = 1.5)', /type mismatch; expected Int32/],
      ['(text = 5)', /type mismatch; expected Text/],
      ['(bool = 1)', /type mismatch; expected Bool/],
      ['(color = purple)', /'purple' is not an enumerant of Color/],
      ['(text = "abc', /string literal is never closed/],
      ['(text = "a"', /'\(' is never closed/],
      ['(int64 = -9223372036854775809)', /too big to be negative/],
      ['(float64 = someConstant.field)', /constants are not allowed/],
      ['(data = embed "file")', /embeds are not allowed/],
      ['[1, 2]', /not a struct literal/],
      ['', /no struct literal/],
      ['(int8 = 1,\n  text = "\\q")', /line 2, column 11: unknown escape sequence/],
      ['(1)', /not a struct literal/],
      ['(5, 6)', /missing field name/],
      ['(data = 0x"abc")', /pairs of hex digits/],
      ['(int8 = 12abc)', /malformed number/],
      ['(text = "a\nb")', /newline/],
    ];
    for (const [input, pattern] of cases) {
      let error: unknown;
      try {
        encodeText(S, input);
      } catch (e) {
        error = e;
      }
      expect(error, input).toBeInstanceOf(CapnpError);
      expect((error as Error).message, input).toMatch(pattern);
      // And the reference rejects it too.
      expect(() => encode(CODECS, 'Scalars', input), input).toThrow();
    }
  });
});

it('splits a stream of struct literals as the reference tool reads it', () => {
  expect(splitTextMessages('')).toEqual([]);
  expect(splitTextMessages('(a = 1)')).toEqual(['(a = 1)']);
  expect(splitTextMessages('(a = "(")\n(b = 2) # (\n(c = ")")\n')).toEqual(['(a = "(")\n', '(b = 2) # (\n', '(c = ")")\n']);
  expect(splitTextMessages('  \n')).toEqual(['  \n']);
});

it('formats floats as the reference does (%.15g/%.17g, %.6g/%.8g, ties to even)', () => {
  const doubles: [number, string][] = [
    [0, '0'], [-0, '-0'], [1, '1'], [-1.23e47, '-1.23e47'], [345, '345'], [1e306, '1e306'], [1e-306, '1e-306'],
    [0.1, '0.1'], [1 / 3, '0.33333333333333331'], [1e21, '1e21'], [1e-5, '1e-05'], [1e-4, '0.0001'], [123456.7, '123456.7'],
    [1e15, '1e15'], [123456789012345, '123456789012345'], [5e-324, '4.94065645841247e-324'], [2251799813685246.25, '2251799813685246.2'],
    [2251799813685247.75, '2251799813685247.8'], [Infinity, 'inf'], [-Infinity, '-inf'], [NaN, 'nan'], [1.7976931348623157e308, '1.7976931348623157e308'],
  ];
  for (const [value, text] of doubles) expect(formatFloat64(value), String(value)).toBe(text);
  const floats: [number, string][] = [
    [1234.5, '1234.5'], [-1.25e-10, '-1.25e-10'], [1e37, '1e37'], [1e-37, '1e-37'], [1234567, '1234567'], [1e-45, '1.4012985e-45'],
    [3.4028234663852886e38, '3.4028235e38'], [0.1, '0.1'], [16777217, '16777216'], [1e-40, '9.9999461e-41'],
  ];
  for (const [value, text] of floats) expect(formatFloat32(Math.fround(value)), String(value)).toBe(text);
});

describeReference('text format: printing and parsing lists on their own', () => {
  it('prints a list value as capnp eval does, and parses every printed case back', () => {
    const schema = loadFixture(CODECS);
    const lists = readRoot(schema.struct('Lists'), encode(CODECS, 'Lists', CASES[12]!.text));
    const structs = lists.get('structs') as DynamicList;
    const short = referencePrint('Lists', encode(CODECS, 'Lists', CASES[12]!.text), true);
    expect(short).toContain(`structs = ${printListText(structs, { short: true })}`);
    expect(printListText(structs, { short: true })).toMatch(/^\[\(void = void, bool = false/);
    const message = parseText(schema.struct('Lists'), printStructText(lists));
    expect(canonicalHex(message.toBytes())).toBe(canonicalHex(encode(CODECS, 'Lists', CASES[12]!.text)));
  });
});
