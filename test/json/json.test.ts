/**
 * The JSON codec against the reference tool (`capnp convert binary:json` / `json:binary`,
 * pretty and --short) on the codecs fixture and on compat/json.capnp annotations, plus the
 * JSON parser and writer on their own: escapes, numbers, layout, nesting limit, errors.
 */
import { expect, it } from 'vitest';
import { DynamicStructBuilder, initRoot, readRoot, type SchemaLoader } from '../../src/dynamic/index.js';
import {
  JsonCodec, decodeBase64, decodeHex, encodeBase64, encodeHex, fromJson, fromPlain, isNotification, parseJson, splitJsonMessages,
  toJson, toPlain, writeJson,
} from '../../src/json/index.js';
import { CapnpError, MessageBuilder } from '../../src/wire/index.js';
import { capnp, describeReference, encode } from '../support/reference.js';
import { CASES, CODECS, JSON_SCHEMA, canonicalHex, loadFixture } from '../fixtures/codecs/support.js';

const decoder = new TextDecoder();

function referenceJson(schemaFile: string, type: string, bytes: Uint8Array, short: boolean): string {
  return decoder.decode(capnp(['convert', '--quiet', ...(short ? ['--short'] : []), 'binary:json', schemaFile, type], bytes));
}

function referenceFromJson(schemaFile: string, type: string, json: string): Uint8Array {
  return capnp(['convert', '--quiet', 'json:binary', schemaFile, type], json);
}

/** Messages of json.capnp's Annotated exercising every annotation. */
const ANNOTATED: readonly string[] = [
  '()',
  '(plainName = "n", flat = (a = 5, b = "B", deeper = (c = true)), prefixed = (x = -3, y = "why"), ' +
    'kind = (rect = (width = 2, height = 3.5)), valued = (word = "w"), b64 = "hi!", hexed = 0x"00ff10", ' +
    'moods = [happy, grumpy, sleepy], mood = sleepy, wrapped = (inner = (value = "v", count = 3)), ' +
    'big = 18446744073709551615, small = -9223372036854775808, ratio = nan, bytes = "\\x01\\x02\\xff")',
  '(valued = (none = void), wrapped = (void = void), ratio = inf)',
  '(kind = (circle = (radius = 2)), wrapped = (plain = 5), ratio = -inf, b64 = "", hexed = "")',
  '(raw = (object = [(name = "k", value = (array = [(number = 1), (null = void), (boolean = true), (string = "s")]))]), ' +
    'raws = [(number = 1.5), (string = "a"), (array = []), (call = (function = "f", params = [(number = 2)]))])',
  '(flat = (b = "a string long enough to make the pretty printer break the object over lines"), mood = grumpy)',
];

describeReference('JSON: encoding matches capnp convert binary:json', () => {
  let schema: SchemaLoader;
  let annotated: SchemaLoader;
  it('loads the fixture schemas', () => {
    schema = loadFixture(CODECS);
    annotated = loadFixture(JSON_SCHEMA);
  });

  for (const [i, c] of CASES.entries()) {
    it(`case ${i}: ${c.type}, pretty and short`, () => {
      const bytes = encode(CODECS, c.type, c.text);
      const root = readRoot(schema.struct(c.type), bytes);
      expect(`${toJson(root, { pretty: true })}\n`).toBe(referenceJson(CODECS, c.type, bytes, false));
      expect(`${toJson(root)}\n`).toBe(referenceJson(CODECS, c.type, bytes, true));
    });
  }

  for (const [i, text] of ANNOTATED.entries()) {
    it(`annotations ${i}: ${text.slice(0, 50)}`, () => {
      const bytes = encode(JSON_SCHEMA, 'Annotated', text);
      const root = readRoot(annotated.struct('Annotated'), bytes);
      expect(`${toJson(root, { pretty: true })}\n`).toBe(referenceJson(JSON_SCHEMA, 'Annotated', bytes, false));
      expect(`${toJson(root)}\n`).toBe(referenceJson(JSON_SCHEMA, 'Annotated', bytes, true));
    });
  }
});

describeReference('JSON: decoding matches capnp convert json:binary', () => {
  let schema: SchemaLoader;
  let annotated: SchemaLoader;
  it('loads the fixture schemas', () => {
    schema = loadFixture(CODECS);
    annotated = loadFixture(JSON_SCHEMA);
  });

  for (const [i, c] of CASES.entries()) {
    if (c.type === 'Holder') continue; // no JSON form for capabilities, on either side
    it(`case ${i}: ${c.type}: the reference's JSON parses to the reference's message`, () => {
      for (const short of [false, true]) {
        const json = referenceJson(CODECS, c.type, encode(CODECS, c.type, c.text), short);
        const ours = fromJson(schema.struct(c.type), json).toBytes();
        expect(canonicalHex(ours)).toBe(canonicalHex(referenceFromJson(CODECS, c.type, json)));
      }
    });
  }

  for (const [i, text] of ANNOTATED.entries()) {
    it(`annotations ${i}: reads back what it writes, as the reference reads it`, () => {
      const json = referenceJson(JSON_SCHEMA, 'Annotated', encode(JSON_SCHEMA, 'Annotated', text), false);
      if (json.includes('"f"(') || /\bf\(/.test(json)) {
        // A Json.Value call is written as `f(2)`, which no JSON parser reads back, the reference's included.
        expect(() => fromJson(annotated.struct('Annotated'), json)).toThrow(CapnpError);
        expect(() => referenceFromJson(JSON_SCHEMA, 'Annotated', json)).toThrow();
        return;
      }
      const ours = fromJson(annotated.struct('Annotated'), json).toBytes();
      expect(canonicalHex(ours)).toBe(canonicalHex(referenceFromJson(JSON_SCHEMA, 'Annotated', json)));
    });
  }

  it('accepts the looser forms the reference accepts', () => {
    const S = schema.struct('Scalars');
    const json = '{"int64": 12, "uint64": "7", "int32": "-5", "float32": null, "float64": "-Infinity", "color": 2, "data": [1, 2], ' +
      '"unknown": {"deep": [1, 2, {"x": null}]}, "text": "\\u0041\\n\\/"}';
    const ours = fromJson(S, json).toBytes();
    expect(canonicalHex(ours)).toBe(canonicalHex(referenceFromJson(CODECS, 'Scalars', json)));
    const root = readRoot(S, ours);
    expect(root.get('int64')).toBe(12n);
    expect(Number.isNaN(root.get('float32'))).toBe(true);
    expect(root.get('text')).toBe('A\n/');
    // Fields waiting for a union tag that comes later are decoded once it has been seen.
    const A = annotated.struct('Annotated');
    const late = '{"width": 4, "height": 5, "kind-tag": "rectangle", "valued": {"vv": "late", "vt": "text-word"}}';
    expect(canonicalHex(fromJson(A, late).toBytes())).toBe(canonicalHex(referenceFromJson(JSON_SCHEMA, 'Annotated', late)));
  });

  it('rejects bad JSON with a clear error, as the reference does', () => {
    const S = schema.struct('Scalars');
    const cases: [string, RegExp][] = [
      ['{"int8": 300}', /^int8: 300 is out of range for Int8$/],
      ['{"int32": 1.5}', /expected an integer, found the number 1.5/],
      ['{"text": 5}', /^text: expected a string, found the number 5$/],
      ['{"text": null}', /expected a string, found null/],
      ['{"bool": "yes"}', /expected true or false/],
      ['{"color": "purple"}', /'purple' is not an enumerant of Color/],
      ['{"data": [256]}', /a byte must be an integer in \[0, 255\]/],
      ['{"uint64": "-1"}', /expected an integer/],
      ['{"int8": 1,}', /line 1, column 12: expected a field name/],
      ['{"int8": 1', /ends prematurely/],
      ['{"int8": tru}', /unexpected 't' where a JSON value was expected/],
      ['{"text": "\\x"}', /invalid escape/],
      ['{} {}', /unexpected input after the JSON value/],
      ['[1]', /^expected an object for Scalars, found an array$/],
    ];
    for (const [json, pattern] of cases) {
      let error: unknown;
      try {
        fromJson(S, json);
      } catch (e) {
        error = e;
      }
      expect(error, json).toBeInstanceOf(CapnpError);
      expect((error as Error).message, json).toMatch(pattern);
      if (json !== '{} {}') expect(() => referenceFromJson(CODECS, 'Scalars', json), json).toThrow();
    }
  });

  it('limits nesting (64 levels by default, configurable)', () => {
    const S = schema.struct('Scalars');
    const deep = (n: number) => `{"unknown": ${'['.repeat(n - 1)}${']'.repeat(n - 1)}}`;
    expect(() => fromJson(S, deep(64))).not.toThrow();
    expect(() => fromJson(S, deep(65))).toThrow(/nests deeper than the limit of 64/);
    expect(() => fromJson(S, deep(65), { maxNestingDepth: 100 })).not.toThrow();
    expect(() => referenceFromJson(CODECS, 'Scalars', deep(65))).toThrow();
    expect(() => fromJson(S, deep(10), { maxNestingDepth: 5 })).toThrow(CapnpError);
  });

  it('refuses capabilities and AnyPointer, as the reference does without a handler', () => {
    const message = new MessageBuilder();
    const holder = initRoot(schema.struct('Holder'), message);
    holder.set('service', { cap: true });
    expect(() => toJson(holder)).toThrow(/Holder\.service: cannot encode Service as JSON/);
    const generics = initRoot(schema.struct('Generics'), new MessageBuilder());
    generics.set('any', 'x');
    expect(() => toJson(generics)).toThrow(/cannot encode AnyPointer/);
    expect(() => fromJson(schema.struct('Generics'), '{"any": 1}')).toThrow(/cannot decode AnyPointer/);
  });

  it('tells JSON-RPC notifications ($Json.notification) from calls', () => {
    const events = annotated.interface('Events');
    expect(isNotification(events.method('notify'))).toBe(true);
    expect(isNotification(events.method('ask'))).toBe(false);
  });

  it('a codec decodes into a builder and encodes values of any type', () => {
    const codec = new JsonCodec({ pretty: true, rejectUnknownFields: true });
    const message = new MessageBuilder();
    const point = initRoot(schema.struct('Point'), message);
    codec.decode('{"x": 1.5, "y": 2}', point);
    expect(point.toObject()).toEqual({ x: 1.5, y: 2 });
    expect(() => codec.decode('{"z": 1}', point)).toThrow(/has no field named 'z'/);
    const lists = readRoot(schema.struct('Lists'), encode(CODECS, 'Lists', CASES[12]!.text));
    expect(codec.encodeValue(schema.struct('Lists').field('int64s').type, lists.get('int64s'))).toBe('["-9000000000"]');
    expect(codec.encodeValue(schema.struct('Lists').field('colors').type, lists.get('colors'))).toBe('["red", "ultraViolet", "blue"]');
    const annotatedLists = initRoot(annotated.struct('Annotated'), new MessageBuilder());
    (annotatedLists.init('wrapped') as DynamicStructBuilder).set('plain', 1);
    expect(codec.encode(annotatedLists)).toContain('"wrapped": {"type": "plain", "plain": 1}');
  });
});

it('writes JSON with the reference layout', () => {
  const value = fromPlain({ a: [1, 2.5, -0.125], b: { c: 'x', d: null, e: true }, f: 'long'.repeat(13), g: [] });
  expect(writeJson(value)).toBe('{"a":[1,2.5,-0.125],"b":{"c":"x","d":null,"e":true},"f":"' + 'long'.repeat(13) + '","g":[]}');
  expect(writeJson(value, { pretty: true })).toBe(
    '{ "a": [1, 2.5, -0.125],\n  "b": {"c": "x", "d": null, "e": true},\n  "f": "' + 'long'.repeat(13) + '",\n  "g": [] }');
  expect(writeJson({ type: 'string', value: 'q"\\\b\f\n\r\t\u0001\u007f é' })).toBe('"q\\"\\\\\\b\\f\\n\\r\\t\\u0001\u007f é"');
  expect(writeJson({ type: 'call', function: 'BinData', params: [fromPlain(0), fromPlain('Zm9v')] })).toBe('BinData(0,"Zm9v")');
  expect(writeJson(fromPlain([1e21, 1e-7, 123456789012345680000]))).toBe('[1e21,1e-07,1.2345678901234568e20]');
});

it('parses JSON into a tree that keeps field order and number text', () => {
  const tree = parseJson(' {"b": 1, "a": [true, false, null], "n": -1.50e+3, "s": "\\ud83d\\ude00"} ');
  expect(toPlain(tree)).toEqual({ b: 1, a: [true, false, null], n: -1500, s: '😀' });
  expect(tree.type === 'object' && tree.fields.map((f) => f.name)).toEqual(['b', 'a', 'n', 's']);
  expect(tree.type === 'object' && tree.fields[2]!.value).toMatchObject({ type: 'number', text: '-1.50e+3' });
  expect(splitJsonMessages('{"a": "}"} // }\n{"b": 2}\n')).toEqual(['{"a": "}"} // }\n', '{"b": 2}\n']);
  expect(() => parseJson('{"a": 1} x')).toThrow(/line 1, column 10: unexpected input after the JSON value/);
  expect(() => parseJson('{\n  "a": -}')).toThrow(/line 2, column 9: expected a digit/);
});

it('encodes Data as base64 and hex', () => {
  const bytes = Uint8Array.from({ length: 300 }, (_, i) => (i * 7) & 255);
  expect(decodeBase64(encodeBase64(bytes))).toEqual(bytes);
  expect(encodeBase64(new TextEncoder().encode('fred'))).toBe('ZnJlZA==');
  expect(decodeBase64('ZnJlZA')).toEqual(new TextEncoder().encode('fred'));
  expect(encodeHex(Uint8Array.of(0x70, 0x6c, 0xff))).toBe('706cff');
  expect(decodeHex('706CFF')).toEqual(Uint8Array.of(0x70, 0x6c, 0xff));
  expect(() => decodeHex('abc')).toThrow(/odd number/);
  expect(() => decodeBase64('a$')).toThrow(/invalid base64/);
});
