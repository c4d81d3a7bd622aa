/**
 * The JSON codec's output limit (JsonOptions.maxChars): JSON that would be longer fails with a
 * CapnpError before the text, or a tree of that size, is made. The count is exact: JSON of
 * exactly the limit is written, compact and pretty.
 */
import { describe, expect, it } from 'vitest';
import { DynamicStruct } from '../../src/dynamic/index.js';
import { JsonCodec } from '../../src/json/index.js';
import { encodeText } from '../../src/text/index.js';
import { CapnpError, readMessage } from '../../src/wire/index.js';
import { emptyStructsBomb, listsSchema } from '../support/empty-structs-bomb.js';

const schema = listsSchema();

describe('the JSON output limit', () => {
  it('counts exactly what it writes: the JSON fits a limit of its own length and not one less', () => {
    for (const text of ['()', '(voids = [void], int64s = [-1], float64s = [nan, inf], texts = ["a\\"b"], datas = [0x"00ff"], colors = [red])',
      '(structs = [(int32 = 1, text = "one"), (color = green), ()], int32Lists = [[1, 2], [], [3]], boolListLists = [[[true]]])']) {
      const root = new DynamicStruct(schema, readMessage(encodeText(schema, text)).getRoot());
      for (const pretty of [false, true]) {
        const json = new JsonCodec({ pretty }).encode(root);
        expect(new JsonCodec({ pretty, maxChars: json.length }).encode(root)).toBe(json);
        expect(() => new JsonCodec({ pretty, maxChars: json.length - 1 }).encode(root)).toThrow(/JSON would be longer than the limit/);
      }
    }
  });

  it('refuses half a billion empty structs in a few bytes at once, with MESSAGE_TOO_LARGE, when the traversal limit is lifted', () => {
    const root = new DynamicStruct(schema, readMessage(emptyStructsBomb(schema), { traversalLimitInWords: Infinity }).getRoot());
    for (const pretty of [false, true]) {
      let error: unknown;
      try {
        new JsonCodec({ pretty }).encode(root);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(CapnpError);
      expect((error as CapnpError).code).toBe('MESSAGE_TOO_LARGE');
    }
  }, 10_000); // a guard against hanging (the work is milliseconds): the unbounded version ran for minutes
});
