/**
 * Schema inference: for varied JSON samples, the inferred schema compiles (with the reference
 * compiler and with Capstan's), and every sample converts to binary and back to the same JSON,
 * through the reference tool and through Capstan's codec, both giving the same messages.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compile } from '../../src/compiler/index.js';
import { SchemaLoader, readRoot } from '../../src/dynamic/index.js';
import { fieldName, infer, randomFileId, typeNameForKey } from '../../src/infer/index.js';
import { fromJson, parseJsonStream, toJson, toPlain } from '../../src/json/index.js';
import { decodeCodeGeneratorRequest } from '../../src/schema/index.js';
import { capnp, compileRequest, describeReference } from '../support/reference.js';
import { canonicalHex } from '../fixtures/codecs/support.js';

const work = mkdtempSync(join(tmpdir(), 'capstan-infer-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const SAMPLES: Record<string, string> = {
  flat: '{"name": "Alice", "age": 30, "height": 1.68, "admin": false, "email": null, "balance": -12.5}',
  nested: '{"user": {"id": 1, "tags": ["a", "b"], "address": {"city": "Paris", "zip": "75001"}}, "scores": [1.5, 2, 3]}',
  optional: '{"items": [{"id": 1, "label": "a"}, {"id": 2}, {"id": 3, "label": null, "extra": true}], "count": 3}',
  mixed: '{"value": [1, "two", {"three": 3}, null], "either": "x", "stamp": 1}\n{"either": 5, "stamp": 2, "late": {"x": [1]}}',
  numbers: '{"big": 12345678901, "neg": -5, "u": 3000000000, "f": 1e300, "zero": 0, "tiny": 5e-324, "exp": 1.5e3, "minus": -2147483648}',
  keys: '{"first-name": "a", "Last_Name": "b", "URL": "c", "1st": 1, "class": "x", "text": {"Text": 1}, "données": "é", "a b": true, "firstName": "dup"}',
  containers: '{"empty": [], "obj": {}, "nested": [[1, 2], [], [3]], "matrix": [[{"a": 1}], [{"a": 2, "b": "x"}]], "nulls": [null, null]}',
  array: '[{"a": 1, "b": [true, false]}, {"a": 2}, {"a": 3, "b": []}]',
  // (No \u escapes with the hex digits a-f: the reference's JSON parser misreads those.)
  strings: '{"s": "h\\u0065llo é \\n\\t \\"quoted\\" ☃ 😀", "ctrl": "\\u0001\\u0002\\u0019", "slash": "a\\/b", "empty": ""}',
  news: JSON.stringify({
    date: '2024-01-01',
    highlights: [{ title: 'T1', link: 'https://x/1' }, { title: 'T2', link: 'https://x/2' }],
    stories: [
      { title: 'S1', link: 'l1', comments: [{ id: 'c1', text: 'hi', link: 'cl1' }] },
      { title: 'S2', link: 'l2', comments: [] },
    ],
  }),
};

/** The messages of a sample (objects, or an array's elements), as JSON text. */
function messages(sample: string): string[] {
  const parsed = parseJsonStream(sample).map((v) => toPlain(v));
  const values = parsed.length === 1 && Array.isArray(parsed[0]) ? (parsed[0] as unknown[]) : parsed;
  return values.map((v) => JSON.stringify(v));
}

function writeSchema(name: string, text: string): string {
  const dir = join(work, name);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}.capnp`);
  writeFileSync(path, text);
  return path;
}

describe('infer: naming and ids', () => {
  it('makes valid field and type names', () => {
    expect(fieldName('first-name')).toBe('firstName');
    expect(fieldName('Last_Name')).toBe('lastName');
    expect(fieldName('URL')).toBe('url');
    expect(fieldName('1st')).toBe('field1st');
    expect(fieldName('')).toBe('field');
    expect(fieldName('userID')).toBe('userID');
    expect(fieldName('user_id')).toBe('userId');
    expect(typeNameForKey('stories')).toBe('Stories');
    expect(typeNameForKey('text')).toBe('TextStruct');
    expect(typeNameForKey('9lives')).toBe('T9lives');
  });

  it('makes fresh file ids with the top bit set', () => {
    const a = randomFileId();
    const b = randomFileId();
    expect(a).not.toBe(b);
    expect(a >> 63n).toBe(1n);
    expect(infer('Thing', '{"a": 1}')).toMatch(/^@0x[89a-f][0-9a-f]{15};$/m);
    expect(infer('Thing', '{"a": 1}', { id: 0xdeadbeefdeadbeefn })).toContain('@0xdeadbeefdeadbeef;');
    expect(() => infer('Thing', '{"a": 1}', { id: 5n })).toThrow(/top bit set/);
  });

  it('chooses types as documented', () => {
    const text = infer('Sample', SAMPLES.flat! + SAMPLES.numbers!.replace(/^\{/, ' {'), { id: 0xc000000000000001n });
    expect(text).toContain('name @0 :Text;');
    expect(text).toContain('age @1 :Json.Value;'); // numbers missing from the second sample
    const optional = infer('Opt', SAMPLES.optional!, { id: 0xc000000000000001n });
    expect(optional).toMatch(/id @0 :Int32;/);
    expect(optional).toMatch(/label @1 :Json\.Value;/);
    expect(optional).toMatch(/extra @2 :Json\.Value;/);
    expect(optional).toMatch(/items @0 :List\(Item\);/);
    const numbers = infer('Num', SAMPLES.numbers!, { id: 0xc000000000000001n });
    expect(numbers).toMatch(/big @0 :Float64;/);
    expect(numbers).toMatch(/neg @1 :Int32;/);
    expect(numbers).toMatch(/u @2 :UInt32;/);
    expect(numbers).toMatch(/exp @6 :Float64;/);
    expect(numbers).toMatch(/minus @7 :Int32;/);
    expect(infer('Flat', SAMPLES.flat!, { id: 0xc000000000000001n })).toMatch(/email @4 :Void;/);
    expect(() => infer('Bad', '[1, 2]')).toThrow(/must be a JSON object/);
    expect(() => infer('Bad', '')).toThrow(/the input is empty/);
    expect(() => infer('Bad', ' [ ] ')).toThrow(/the input is an empty array/);
  });
});

describeReference('infer: the schema compiles and the samples round-trip', () => {
  for (const [name, sample] of Object.entries(SAMPLES)) {
    it(`${name}`, () => {
      const typeName_ = 'Sample';
      const text = infer(typeName_, sample);
      const path = writeSchema(name, text);
      // The reference compiler accepts it...
      const request = decodeCodeGeneratorRequest(compileRequest([path], { srcPrefix: join(work, name) }));
      // ...and so does Capstan's.
      const ours = compile({ files: [`/${name}.capnp`], sources: { [`/${name}.capnp`]: text } });
      expect(ours.diagnostics, text).toEqual([]);
      expect(ours.request).not.toBeNull();
      const schema = new SchemaLoader(request).struct(typeName_);
      const capstanSchema = new SchemaLoader(ours.request!).struct(typeName_);
      for (const json of messages(sample)) {
        const original = JSON.parse(json) as unknown;
        // Through the reference tool.
        const binary = capnp(['convert', 'json:binary', path, typeName_], json);
        const back = new TextDecoder().decode(capnp(['convert', 'binary:json', path, typeName_], binary));
        expect(JSON.parse(back), `${name}: ${json}\n${text}`).toEqual(original);
        // Through Capstan's codec, with either compiler's schema: the same message, the same JSON.
        for (const s of [schema, capstanSchema]) {
          const message = fromJson(s, json).toBytes();
          expect(canonicalHex(message)).toBe(canonicalHex(binary));
          expect(JSON.parse(toJson(readRoot(s, message), { pretty: true }))).toEqual(original);
        }
      }
    });
  }

  it('capstan infer, then convert json:binary and back, from the command line', async () => {
    const { runCli } = await import('../support/cli.js');
    const result = await runCli(['infer', '--id=0xf00df00df00df00d', 'News'], SAMPLES.news!);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const text = new TextDecoder().decode(result.stdout);
    expect(text).toContain('@0xf00df00df00df00d;');
    expect(text).toContain('struct News {');
    const path = writeSchema('cli', text);
    const binary = await runCli(['convert', 'json:binary', path, 'News'], SAMPLES.news!);
    expect(binary.stderr).toBe('');
    const json = await runCli(['convert', 'binary:json', path, 'News'], binary.stdout);
    expect(JSON.parse(new TextDecoder().decode(json.stdout))).toEqual(JSON.parse(SAMPLES.news!));
    const bad = await runCli(['infer', 'News'], '{"a": ');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/^capstan: JSON input line 1, column 7: the JSON input ends prematurely\n$/);
    const usage = await runCli(['infer'], '{}');
    expect(usage.status).toBe(2);
    expect(usage.stderr).toMatch(/missing <name>/);
  });
});
