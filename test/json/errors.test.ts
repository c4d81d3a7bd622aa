/**
 * JSON decoding errors name the path inside the document (with the names the JSON uses:
 * `$Json.name`, flattened prefixes); input nested 100 000 deep is NESTING_LIMIT, never a stack
 * overflow, whatever the limit is set to.
 */
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/wire/index.js';
import { decode as decodeDynamic, readRoot } from '../../src/dynamic/index.js';
import { fromJson, fromPlain, parseJson, parseJsonStream, toJson, toPlain, writeJson, JsonCodec, type JsonValue } from '../../src/json/index.js';
import { newsSchema } from '../fixtures/errors/news.js';
import { failure } from '../support/failure.js';

const { News } = newsSchema();

describe('JSON errors name the path inside the document', () => {
  const cases: [string, string][] = [
    ['{"stories": [{}, {}, {}, {"title": 5}]}', 'stories[3].title: expected a string, found the number 5'],
    ['{"stories": [{"author": ["x"]}]}', 'stories[0].author: expected a string, found an array'],
    ['{"stories": [{"meta_views": -1}]}', 'stories[0].meta_views: -1 is out of range for UInt32'],
    ['{"stories": [{"kind": "show"}]}', "stories[0].kind: 'show' is not an enumerant of Kind"],
    ['{"stories": [{"image": "a$"}]}', "stories[0].image: invalid base64: unexpected '$' at position 1"],
    ['{"stories": [{"comments": [{"replies": [{}, {"text": true}]}]}]}', 'stories[0].comments[0].replies[1].text: expected a string, found true'],
    ['{"matrix": [[1], [2, 256]]}', 'matrix[1][1]: 256 is out of range for UInt8'],
    ['{"matrix": [[1], 2]}', 'matrix[1]: expected an array, found the number 2'],
    ['{"next": {"headline": {"score": "high"}}}', 'next.headline.score: expected an integer, found the string "high"'],
    ['{"next": {"headline": 7}}', 'next.headline: expected an object for Story, found the number 7'],
    ['{"stories": [{"tags": {"a": 1}}]}', 'stories[0].tags: expected an array, found an object'],
    ['{"stories": [{"tags": ["ok", null]}]}', 'stories[0].tags[1]: expected a string, found null'],
    ['"news"', 'expected an object for News, found the string "news"'],
  ];
  for (const [json, message] of cases) {
    it(json, () => {
      const e = failure(() => fromJson(News, json));
      expect(e.code).toBe(ErrorCode.INVALID_ARGUMENT);
      expect(e.message).toBe(message);
    });
  }

  it('a number whose exponent has no digits is malformed, as the reference says ("1." reads as 1)', () => {
    for (const [json, at] of [['{"matrix": [[1e]]}', 14], ['{"matrix": [[2, 3.5e+]]}', 17], ['[1E-]', 2]] as const) {
      expect(failure(() => fromJson(News, json)).message).toBe(`JSON input line 1, column ${at}: malformed number '${json.slice(at - 1).match(/^[\d.]+[eE][+-]?/)![0]}': its exponent has no digits`);
    }
    expect(readRoot(News, fromJson(News, '{"matrix": [[1.]]}').toBytes()).get('matrix')).toBeDefined();
  });

  it('reads integers in strings as the reference does (C\'s strtoll): hex after 0x, leading whitespace and a sign', () => {
    const matrix = (json: string) => (decodeDynamic(News, fromJson(News, json).toBytes()) as { matrix: number[][] }).matrix;
    expect(matrix('{"matrix": [["0x10", "0XfF", " 7", "\\t+8", "010"]]}')).toEqual([[16, 255, 7, 8, 10]]);
    for (const bad of ['7 ', '-0', '+0x10', ' 0x10', '0x', '1e2', '']) {
      expect(failure(() => fromJson(News, `{"matrix": [[${JSON.stringify(bad)}]]}`)).message).toBe(`matrix[0][0]: expected an integer, found the string ${JSON.stringify(bad)}`);
    }
  });

  it('keys that are not identifiers are quoted in the path', () => {
    const strict = new JsonCodec({ rejectUnknownFields: true });
    expect(failure(() => strict.decodeMessage(News, '{"next": {"odd key": 1}}')).message)
      .toBe(`next."odd key": News has no field named 'odd key' in JSON`);
    expect(failure(() => fromJson(News, '{"stories": [{"title": "ok"}, 5]}')).message)
      .toBe('stories[1]: expected an object for Story, found the number 5');
  });
});

describe('deeply nested JSON', () => {
  const N = 100_000;
  const arrays = '['.repeat(N) + ']'.repeat(N);
  const objects = '{"a":'.repeat(N) + '1' + '}'.repeat(N);

  it('the parser stops at the limit (default 64) with NESTING_LIMIT', () => {
    for (const input of [arrays, objects, '['.repeat(N)]) {
      const e = failure(() => parseJson(input));
      expect(e.code).toBe(ErrorCode.NESTING_LIMIT);
      expect(e.message).toMatch(/^JSON input line 1, column \d+: JSON nests deeper than the limit of 64$/);
    }
    expect(failure(() => parseJsonStream(`{} ${arrays}`)).code).toBe(ErrorCode.NESTING_LIMIT);
  });

  it('a limit that is not one (NaN, negative, a string) is refused, not taken as no limit', () => {
    // With maxNestingDepth: NaN, every depth compared as within the limit.
    for (const bad of [NaN, -1, '64' as unknown as number]) {
      for (const parse of [() => parseJson('[[1]]', { maxNestingDepth: bad }), () => parseJsonStream('[1]', { maxNestingDepth: bad })]) {
        const e = failure(parse);
        expect(e.code).toBe(ErrorCode.INVALID_ARGUMENT);
        expect(e.message).toContain('maxNestingDepth');
      }
    }
  });

  it('the decoder stops there too, in a Json.Value field and in nested structs', () => {
    expect(failure(() => fromJson(News, `{"extra": ${arrays}}`)).code).toBe(ErrorCode.NESTING_LIMIT);
    expect(failure(() => fromJson(News, '{"next":'.repeat(N) + '{}' + '}'.repeat(N))).code).toBe(ErrorCode.NESTING_LIMIT);
  });

  it('a limit raised past what the stack holds still ends in NESTING_LIMIT', () => {
    const unlimited = { maxNestingDepth: Infinity };
    for (const f of [
      () => parseJson(arrays, unlimited),
      () => fromJson(News, '{"next":'.repeat(N) + '{}' + '}'.repeat(N), unlimited),
      () => fromJson(News, `{"extra": ${arrays}}`, unlimited),
    ]) {
      const e = failure(f);
      expect(e.code).toBe(ErrorCode.NESTING_LIMIT);
      expect(e.message).toMatch(/the stack ran out/);
    }
  });

  it('trees and plain values built by hand, however deep, are NESTING_LIMIT', () => {
    let tree: JsonValue = { type: 'null' };
    let plain: unknown = null;
    for (let i = 0; i < N; i++) {
      tree = { type: 'array', items: [tree] };
      plain = [plain];
    }
    expect(failure(() => writeJson(tree)).code).toBe(ErrorCode.NESTING_LIMIT);
    expect(failure(() => toPlain(tree)).code).toBe(ErrorCode.NESTING_LIMIT);
    expect(failure(() => fromPlain(plain)).code).toBe(ErrorCode.NESTING_LIMIT);
    expect(failure(() => new JsonCodec().decodeMessage(News, { type: 'object', fields: [{ name: 'extra', value: tree }] })).code)
      .toBe(ErrorCode.NESTING_LIMIT);
  });
});

describe('numbers JSON cannot write', () => {
  it('a Json.Value number out of double range is written as the reference writes it (inf), and reads back', () => {
    // Found by the json fuzz target: 1e5555 reads as Infinity, which toJson writes as `inf`.
    const message = fromJson(News, '{"extra": [1e5555, -1e5555, 2]}');
    const json = toJson(readRoot(News, message.toBytes()));
    expect(json).toBe('{"extra":[inf,-inf,2],"none":null}');
    expect(toJson(readRoot(News, fromJson(News, json).toBytes()))).toBe(json);
    expect(toPlain(parseJson('[nan, inf, -inf]'))).toEqual([NaN, Infinity, -Infinity]);
  });

  it('the words are read only where a value starts', () => {
    for (const bad of ['[infinity]', '[-in]', '[na]', '[nul]']) expect(failure(() => parseJson(bad)).code).toBe(ErrorCode.INVALID_ARGUMENT);
    expect(failure(() => fromJson(News, '{"stories": [{"score": inf}]}')).message).toBe('stories[0].score: expected an integer, found the number inf');
  });
});
