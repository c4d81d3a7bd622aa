/**
 * Generated reader classes read messages on their own (`NewsReader.read`, `NewsReader.decode`),
 * and an application that reads only through them bundles none of the writing half: no
 * builders, no allocation, no packing codec, no canonical form (see docs/codegen.md, "Bundle
 * size"). The bundle is made with esbuild, as an application's would be.
 */
import { join } from 'node:path';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, pack } from '../../src/index.js';
import { importGenerated } from '../support/compile-memory.js';
import { GENERATED } from '../support/generate.js';
import { failure } from '../support/failure.js';

const SCHEMA = `@0xd1e2f3a4b5c6d7e8;
struct News {
  date @0 :Text;
  stories @1 :List(Story);
  top @2 :Story;
  mood @3 :Mood = calm;
  limits @4 :List(UInt16) = [1, 2, 3];
  union {
    none @5 :Void;
    headline @6 :Text;
  }
}
struct Story {
  title @0 :Text;
  score @1 :Int32 = -1;
  photo @2 :Data;
  tags @3 :List(Text);
  replies @4 :List(Story);
  # (A list of lists of structs reads its elements through the struct type, which brings the
  # builders along: docs/codegen.md, "Bundle size".)
}
enum Mood { calm @0; stormy @1; }
`;

const VALUE = {
  date: '2026-11-23',
  stories: [
    { title: 'one', score: 3, tags: ['a', 'b'], replies: [{ title: 'nested' }] },
    { title: 'two', photo: new Uint8Array([1, 2, 3]) },
  ],
  top: { title: 'top' },
  mood: 1,
  headline: 'big',
};

let gen: Record<string, any>;
beforeAll(async () => {
  gen = await importGenerated('reader-only', { '/news.capnp': SCHEMA }, '/news.capnp');
});

describe('reader classes read messages themselves', () => {
  it('decode gives what the struct type gives, for binary and flat messages', () => {
    const bytes = gen.News.encode(VALUE);
    const expected = gen.News.decode(bytes);
    expect(expected.stories[0].replies[0].title).toBe('nested');
    expect(gen.NewsReader.decode(bytes)).toEqual(expected);
    const flat = gen.News.encode(VALUE, { format: 'flat' });
    expect(gen.NewsReader.decode(flat, { format: 'flat' })).toEqual(expected);
  });

  it('read gives a reader of that class over the root', () => {
    const reader = gen.NewsReader.read(gen.News.encode(VALUE));
    expect(reader).toBeInstanceOf(gen.NewsReader);
    expect(reader.stories.get(1).title).toBe('two');
    expect(reader.mood).toBe(1);
    expect(Array.from(reader.limits)).toEqual([1, 2, 3]);
  });

  it('applies the reading limits it is given', () => {
    const bytes = gen.News.encode(VALUE);
    expect(failure(() => gen.NewsReader.decode(bytes, { nestingLimit: 2 })).code).toBe(ErrorCode.NESTING_LIMIT);
    expect(failure(() => gen.NewsReader.decode(bytes, { traversalLimitInWords: 4 })).code).toBe(ErrorCode.MESSAGE_TOO_LARGE);
  });

  it('refuses packed input with an error that says to unpack it', () => {
    const packed = pack(gen.News.encode(VALUE));
    for (const format of ['packed', 'flat-packed']) {
      const e = failure(() => gen.NewsReader.read(packed, { format }));
      expect(e.code).toBe(ErrorCode.INVALID_ARGUMENT);
      expect(e.message).toMatch(/unpack\(\)/);
    }
  });
});

describe('a decode-only bundle', () => {
  async function bundle(entry: string): Promise<string> {
    const module = join(GENERATED, 'reader-only/news.capnp.ts');
    const result = await build({
      stdin: { contents: entry.replace('MODULE', JSON.stringify(module)), resolveDir: GENERATED, loader: 'ts' },
      bundle: true, format: 'esm', platform: 'neutral', write: false, logLevel: 'silent',
    });
    return result.outputFiles[0]!.text;
  }

  // Declarations only the writing half has, as an unminified esbuild bundle spells them.
  const WRITING = [
    'var NewsBuilder =', 'var StoryBuilder =', 'var MessageBuilder =', 'function allocateAnywhere(',
    'function buildingArena(', 'var PackedReader =', 'function canonicalize(', 'function copyPointer(',
  ];

  it('through the reader classes holds none of the writing half', async () => {
    const code = await bundle('import { NewsReader } from MODULE; export const read = (bytes: Uint8Array) => NewsReader.decode(bytes);');
    expect(code).toContain('var NewsReader =');
    for (const name of WRITING) expect(code, name).not.toContain(name);
  });

  it('through the struct type holds it (what the reader classes leave out)', async () => {
    const code = await bundle('import { News } from MODULE; export const read = (bytes: Uint8Array) => News.decode(bytes);');
    // (Canonical form and copying are left out either way: nothing in encode or decode needs them.)
    for (const name of WRITING.filter((n) => !/canonicalize|copyPointer/.test(n))) expect(code, name).toContain(name);
  });
});
