/**
 * The dynamic API's `assign` from plain objects of the wrong shape: CapnpErrors whose message
 * starts with the path inside the object, and NESTING_LIMIT (not a stack overflow) for an
 * object nested past the stack.
 */
import { describe, expect, it } from 'vitest';
import { ErrorCode, MessageBuilder, errorPath } from '../../src/index.js';
import { encode, initRoot, loadSchema } from '../../src/dynamic/index.js';
import { compileSources } from '../support/compile-memory.js';
import { failure } from '../support/failure.js';

const schema = loadSchema(compileSources({
  '/news.capnp': `@0xc3d5e7f9a1b2c4d7;
struct Story { title @0 :Text; tags @1 :List(Text); kids @2 :List(Story); score @3 :Int8; }
struct News { stories @0 :List(Story); next @1 :News; }
`,
}));
const News = schema.struct('News');

describe('dynamic assign errors name the path', () => {
  it('a field deep inside lists and structs', () => {
    const e = failure(() => encode(News, { stories: [{}, {}, {}, { title: 5 }] }));
    expect(e.message).toBe('stories[3].title: expected a string for Text, got number 5');
    expect(errorPath(e)).toBe('stories[3].title');
  });

  it('list elements and ranges', () => {
    expect(failure(() => encode(News, { stories: [{ kids: [{}, { tags: ['a', 1] }] }] })).message)
      .toMatch(/^stories\[0\]\.kids\[1\]\.tags\[1\]: /);
    expect(failure(() => initRoot(News, new MessageBuilder()).assign({ next: { stories: [{ score: 300 }] } })).message)
      .toBe('next.stories[0].score: 300 is out of range for Int8 (-128..127)');
  });

  it('an object nested 100 000 levels deep is NESTING_LIMIT', () => {
    let value: Record<string, unknown> = {};
    for (let i = 0; i < 100_000; i++) value = { next: value };
    const e = failure(() => encode(News, value));
    expect(e.code).toBe(ErrorCode.NESTING_LIMIT);
    expect(e.message).toMatch(/^next\.next\..*: the value nests too deeply to process/);
  });
});
