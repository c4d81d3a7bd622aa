/**
 * Text-format errors name the line, the column and the path inside the value; input nested
 * past the limit (100 000 levels, say) is NESTING_LIMIT, never a stack overflow.
 */
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/wire/index.js';
import { encodeText, parseText } from '../../src/text/index.js';
import { newsSchema } from '../fixtures/errors/news.js';
import { failure } from '../support/failure.js';

const { News } = newsSchema();

describe('text errors name the path', () => {
  const cases: [string, string][] = [
    ['(stories = [(), (), (), (title = 5)])', 'text input line 1, column 34 at stories[3].title: type mismatch; expected Text'],
    ['(stories = [(comments = [(replies = [(text = "a"), (txt = "b")])])])', "text input line 1, column 53 at stories[0].comments[0].replies[1]: struct Comment has no field named 'txt'"],
    ['(matrix = [[1, 2], [3, 256]])', 'text input line 1, column 24 at matrix[1][1]: integer value out of range for UInt8'],
    ['(next = (headline = (kind = tell)))', "text input line 1, column 29 at next.headline.kind: 'tell' is not an enumerant of Kind"],
    ['(stories = [(meta = (views = -1))])', 'text input line 1, column 30 at stories[0].meta.views: integer value out of range for UInt32'],
    ['(stories = [5])', 'text input line 1, column 13 at stories[0]: type mismatch; expected Story'],
    ['(\n  next = (\n    stories = "x"))', 'text input line 3, column 15 at next.stories: type mismatch; expected List(Story)'],
    // As the reference: a number whose exponent has no digits is not one ("1." is).
    ['(matrix = [[1e]])', "text input line 1, column 13: malformed number '1e': its exponent has no digits"],
    ['(matrix = [[2, 3.5E+]])', "text input line 1, column 16: malformed number '3.5E+': its exponent has no digits"],
  ];
  for (const [input, message] of cases) {
    it(input.replace(/\n/g, ' '), () => {
      const e = failure(() => encodeText(News, input));
      expect(e.code).toBe(ErrorCode.INVALID_ARGUMENT);
      expect(e.message).toBe(message);
    });
  }
});

describe('limits given to the text codec', () => {
  it('a limit that is not one (NaN, negative, a string) is refused, not taken as no limit', () => {
    for (const bad of [NaN, -1, '64' as unknown as number]) {
      const e = failure(() => encodeText(News, '(date = "x")', { maxNestingDepth: bad }));
      expect(e.code).toBe(ErrorCode.INVALID_ARGUMENT);
      expect(e.message).toContain('maxNestingDepth');
    }
  });
});

describe('deeply nested text input', () => {
  const N = 100_000;
  const inputs: [string, string][] = [
    ['parentheses', '('.repeat(N) + ')'.repeat(N)],
    ['brackets', `(matrix = ${'['.repeat(N)}${']'.repeat(N)})`],
    ['structs', '(next = '.repeat(N) + '()' + ')'.repeat(N)],
    ['unclosed', '('.repeat(N)],
  ];
  for (const [name, input] of inputs) {
    it(`${name}, 100 000 deep, is NESTING_LIMIT`, () => {
      const e = failure(() => encodeText(News, input));
      expect(e.code).toBe(ErrorCode.NESTING_LIMIT);
      expect(e.message).toMatch(/^text input line 1, column \d+: lists and struct literals nest deeper than the limit of 64$/);
    });
  }

  it('the limit is 64 by default and can be raised', () => {
    const nested = (n: number) => '(next = '.repeat(n) + '()' + ')'.repeat(n);
    expect(() => encodeText(News, nested(63))).not.toThrow();
    expect(failure(() => encodeText(News, nested(64))).code).toBe(ErrorCode.NESTING_LIMIT);
    expect(() => parseText(News, nested(200), { maxNestingDepth: 201 })).not.toThrow();
  });

  it('a limit raised past what the stack holds still ends in NESTING_LIMIT', () => {
    const e = failure(() => parseText(News, '(next = '.repeat(N) + '()' + ')'.repeat(N), { maxNestingDepth: Infinity }));
    expect(e.code).toBe(ErrorCode.NESTING_LIMIT);
    expect(e.message).toMatch(/the stack ran out/);
  });
});
