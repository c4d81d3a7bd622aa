/**
 * Plain objects of the wrong shape given to generated `encode` / `assign`: every failure is a
 * CapnpError whose message names the path inside the object (`stories[3].title`), never a
 * TypeError from deep inside the runtime or a stack overflow.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, MessageBuilder, errorPath } from '../../src/index.js';
import { importGenerated } from '../support/compile-memory.js';
import { failure } from '../support/failure.js';

const SCHEMA = `@0xc3d5e7f9a1b2c4d6;
struct Story {
  title @0 :Text;
  score @1 :Int32;
  tags @2 :List(Text);
  kids @3 :List(Story);
  id @4 :UInt64;
  photo @5 :Data;
  matrix @6 :List(List(Text));
  place :group { city @7 :Text; }
  kind :union {
    plain @8 :Void;
    feature :group { lede @9 :Text; }
  }
}
struct News {
  stories @0 :List(Story);
  top @1 :Story;
  next @2 :News;
  union {
    none @3 :Void;
    headline @4 :Text;
  }
}
`;

let gen: Record<string, any>;
beforeAll(async () => {
  gen = await importGenerated('object-errors', { '/news.capnp': SCHEMA }, '/news.capnp');
});

describe('encode of plain objects of the wrong shape', () => {
  const cases: [string, unknown, RegExp, string][] = [
    ['Text given a number', { stories: [{}, {}, {}, { title: 5 }] }, /^stories\[3\]\.title: expected a string for Text, got number 5$/, 'stories[3].title'],
    ['Text in a list', { stories: [{ tags: ['a', 3] }] }, /^stories\[0\]\.tags\[1\]: expected a string for Text, got number 3$/, 'stories[0].tags[1]'],
    ['a list given a string', { top: { tags: 'abc' } }, /^top\.tags: expected an array .* got string "abc"$/, 'top.tags'],
    ['Data given a string', { top: { kids: [{ photo: 'x' }] } }, /^top\.kids\[0\]\.photo: expected a Uint8Array for Data, got string "x"$/, 'top.kids[0].photo'],
    ['a struct given a number', { top: 5 }, /^top: expected an object for Story, got number 5$/, 'top'],
    // An array has none of a struct's fields: it used to be encoded as an empty struct.
    ['a struct given an array', { top: [1, 2] }, /^top: expected an object for Story, got an array$/, 'top'],
    // Groups too: a group's own assign takes an array for an object with none of its fields.
    ['a group given an array', { top: { place: ['Paris'] } }, /^top\.place: expected an object for Story_Place, got an array$/, 'top.place'],
    ['a union group given an array', { top: { kind: { feature: [] } } }, /^top\.kind\.feature: expected an object for Story_Kind_Feature, got an array$/, 'top.kind.feature'],
    ['a list element given an array', { stories: [{}, ['x']] }, /^stories\[1\]: expected an object for Story, got an array$/, 'stories[1]'],
    ['a list of structs given a number', { stories: 5 }, /^stories: expected an array/, 'stories'],
    ['a list of lists', { top: { matrix: [['a'], ['b', null, 7]] } }, /^top\.matrix\[1\]\[2\]: expected a string for Text/, 'top.matrix[1][2]'],
    ['64-bit integer given a fraction', { stories: [{ id: 1.5 }] }, /^stories\[0\]\.id: expected a bigint or a safe integer for UInt64, got number 1\.5$/, 'stories[0].id'],
    ['a union member', { headline: 42 }, /^headline: expected a string for Text, got number 42$/, 'headline'],
    ['two union members', { next: { none: null, headline: 'x' } }, /^next: News: a union holds one member, but both 'none' and 'headline' were given$/, 'next'],
  ];
  for (const [name, value, message, path] of cases) {
    it(name, () => {
      const e = failure(() => gen.News.encode(value));
      expect(e.code).toBe(ErrorCode.INVALID_ARGUMENT);
      expect(e.message).toMatch(message);
      expect(errorPath(e)).toBe(path);
    });
  }

  it('the root given something other than an object', () => {
    for (const value of [null, 5, 'x', undefined, [1, 2]]) {
      const e = failure(() => gen.News.encode(value));
      expect(e.message).toMatch(/^expected an object for News, got /);
    }
  });

  it('builders\' assign names the path too', () => {
    const message = new MessageBuilder();
    const news = gen.News.initRoot(message);
    const e = failure(() => news.assign({ top: { kids: [{}, { title: false }] } }));
    expect(e.message).toBe('top.kids[1].title: expected a string for Text, got boolean false');
  });

  it('an object nested 100 000 levels deep is NESTING_LIMIT, not a stack overflow', () => {
    let value: Record<string, unknown> = {};
    for (let i = 0; i < 100_000; i++) value = { next: value };
    const e = failure(() => gen.News.encode(value));
    expect(e.code).toBe(ErrorCode.NESTING_LIMIT);
    expect(e.message).toMatch(/^next\.next\.next.*\.\.\. \(\d+ more steps\): the value nests too deeply to process \(the stack ran out\)$/);
  });

  it('objects of the right shape still encode', () => {
    const value = { stories: [{ title: 't', tags: ['a'], kids: [{ score: 3 }], id: 7n, photo: new Uint8Array([1]) }], headline: 'h' };
    const back = gen.News.decode(gen.News.encode(value));
    expect(back.stories[0].title).toBe('t');
    expect(back.stories[0].kids[0].score).toBe(3);
    expect(back.headline).toBe('h');
  });
});
