/**
 * The printer's output limit (PrintOptions.maxChars): text that would be longer fails with a
 * CapnpError before it is made, whatever the reader's traversal limit let through. The count is
 * exact: text of exactly the limit prints.
 */
import { describe, expect, it } from 'vitest';
import { DynamicStruct } from '../../src/dynamic/index.js';
import { encodeText, printListText, printStructText } from '../../src/text/index.js';
import { CapnpError, readMessage } from '../../src/wire/index.js';
import { BOMB_ELEMENTS, emptyStructsBomb, listsSchema } from '../support/empty-structs-bomb.js';

const schema = listsSchema();
const MESSAGES = [
  '()',
  '(voids = [void, void], bools = [true, false], int8s = [-1, 2], texts = ["a", "b\\n"], datas = [0x"00ff"], colors = [red, blue])',
  '(structs = [(int32 = 1, text = "one"), (color = green), ()], int32Lists = [[1, 2], [], [3]], textLists = [["x"], ["y", "z"]])',
  '(shapes = [(name = "c", circle = 1.5), (name = "s", square = (side = 2, rounded = true)), (label = "l", child = (name = "kid", points = [(x = 1, y = 2)]))])',
];

describe('the printed text limit', () => {
  it('counts exactly what it prints: the text fits a limit of its own length and not one less', () => {
    for (const text of MESSAGES) {
      const root = new DynamicStruct(schema, readMessage(encodeText(schema, text)).getRoot());
      for (const short of [true, false]) {
        const printed = printStructText(root, { short });
        expect(printStructText(root, { short, maxChars: printed.length })).toBe(printed);
        expect(() => printStructText(root, { short, maxChars: printed.length - 1 })).toThrow(/longer than the limit of the printer/);
      }
    }
    const list = new DynamicStruct(schema, readMessage(encodeText(schema, MESSAGES[2]!)).getRoot()).get('structs') as Parameters<typeof printListText>[0];
    const printed = printListText(list);
    expect(printListText(list, { maxChars: printed.length })).toBe(printed);
    expect(() => printListText(list, { maxChars: printed.length - 1 })).toThrow(CapnpError);
  });

  it('refuses a limit that is not one (NaN, negative) instead of printing without one', () => {
    const root = new DynamicStruct(schema, readMessage(encodeText(schema, MESSAGES[0]!)).getRoot());
    for (const bad of [NaN, -1]) {
      expect(() => printStructText(root, { maxChars: bad })).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringContaining('maxChars') }));
    }
  });

  it('refuses half a billion empty structs in a few bytes at once, with MESSAGE_TOO_LARGE, when the traversal limit is lifted', () => {
    const bytes = emptyStructsBomb(schema);
    expect(bytes.length).toBeLessThan(512);
    const root = new DynamicStruct(schema, readMessage(bytes, { traversalLimitInWords: Infinity }).getRoot());
    expect((root.get('structs') as { length: number }).length).toBe(BOMB_ELEMENTS);
    for (const short of [true, false]) {
      let error: unknown;
      try {
        printStructText(root, { short });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(CapnpError);
      expect((error as CapnpError).code).toBe('MESSAGE_TOO_LARGE');
    }
  }, 10_000); // a guard against hanging (the work is milliseconds): the unbounded version ran for minutes
});
