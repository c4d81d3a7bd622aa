/**
 * Encode checks its input: every value of a plain object is checked against its field's type
 * (integer ranges, numbers where numbers belong, booleans, null for Void, capabilities), through
 * generated code and the dynamic API alike, with the same messages and paths; boundary values
 * encode and read back, one past them fails; `unknownKeys: 'reject'` refuses properties that
 * name no field. Where the reference tool decides (out-of-range integers are errors for
 * `capnp encode`; Float32 beyond its range becomes an infinity), the tests ask it.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, MessageBuilder, errorPath } from '../../src/index.js';
import { decode as decodeDynamic, encode as encodeDynamic, initRoot, loadSchema, type StructSchema } from '../../src/dynamic/index.js';
import { compileSources, importGenerated } from '../support/compile-memory.js';
import { failure } from '../support/failure.js';
import { decode as referenceDecode, describeReference, encode as referenceEncode, runCapnp } from '../support/reference.js';

const SCHEMA = `@0xe4c1a2b3d5f60718;
enum Color { red @0; green @1; }
interface Thing { ping @0 () -> (); }
struct Scalars {
  b @0 :Bool;
  i8 @1 :Int8;
  u8 @2 :UInt8;
  i16 @3 :Int16;
  u16 @4 :UInt16;
  i32 @5 :Int32;
  u32 @6 :UInt32;
  i64 @7 :Int64;
  u64 @8 :UInt64;
  f32 @9 :Float32;
  f64 @10 :Float64;
  color @11 :Color;
  nothing @12 :Void;
  text @13 :Text;
  bytes @14 :Data;
  u8s @15 :List(UInt8);
  i32s @16 :List(Int32);
  u64s @17 :List(UInt64);
  flags @18 :List(Bool);
  thing @19 :Thing;
  union {
    none @20 :Void;
    count @21 :UInt16;
  }
}
struct Comment { text @0 :Text; }
struct Story {
  title @0 :Text;
  score @1 :UInt8;
  comments @2 :List(Comment);
  meta :group { views @3 :UInt32; }
}
struct News { stories @0 :List(Story); scalars @1 :Scalars; }
`;

type Encode = (value: unknown, options?: object) => Uint8Array;
type Decode = (bytes: Uint8Array) => any;
interface Api { name: string; encode: Encode; decode: Decode; encodeScalars: Encode; decodeScalars: Decode }

let gen: Record<string, any>;
let News: StructSchema;
let Scalars: StructSchema;
const apis: Api[] = [];

beforeAll(async () => {
  const sources = { '/checks.capnp': SCHEMA };
  gen = await importGenerated('value-checks', sources, '/checks.capnp');
  const schema = loadSchema(compileSources(sources));
  News = schema.struct('News');
  Scalars = schema.struct('Scalars');
  apis.push(
    {
      name: 'generated',
      encode: (v, o) => gen.News.encode(v, o), decode: (b) => gen.News.decode(b),
      encodeScalars: (v, o) => gen.Scalars.encode(v, o), decodeScalars: (b) => gen.Scalars.decode(b),
    },
    {
      name: 'dynamic',
      encode: (v, o) => encodeDynamic(News, v as never, o), decode: (b) => decodeDynamic(News, b),
      encodeScalars: (v, o) => encodeDynamic(Scalars, v as never, o), decodeScalars: (b) => decodeDynamic(Scalars, b),
    },
  );
});

/** Runs `body` for generated code and the dynamic API (filled in beforeAll). */
function eachApi(body: (api: Api) => void): void {
  for (const name of ['generated', 'dynamic']) it(name, () => body(apis.find((a) => a.name === name)!));
}

// [field of Scalars, value, the message after the path]: the same for both APIs.
const WRONG: [string, unknown, string][] = [
  ['b', 1, 'expected a boolean for Bool, got number 1'],
  ['b', 'true', 'expected a boolean for Bool, got string "true"'],
  ['i8', 128, '128 is out of range for Int8 (-128..127)'],
  ['i8', -129, '-129 is out of range for Int8 (-128..127)'],
  ['u8', 300, '300 is out of range for UInt8 (0..255)'],
  ['u8', -1, '-1 is out of range for UInt8 (0..255)'],
  ['i16', 32768, '32768 is out of range for Int16 (-32768..32767)'],
  ['u16', 65536, '65536 is out of range for UInt16 (0..65535)'],
  ['i32', 2 ** 31, '2147483648 is out of range for Int32 (-2147483648..2147483647)'],
  ['i32', 1.5, 'expected an integer for Int32, got number 1.5'],
  ['i32', NaN, 'expected an integer for Int32, got number NaN'],
  ['i32', Infinity, 'expected an integer for Int32, got number Infinity'],
  ['i32', '5', 'expected a number for Int32, got string "5"'],
  ['i32', 5n, 'expected a number for Int32, got bigint 5'],
  ['i32', null, 'expected a number for Int32, got null'],
  ['u32', 2 ** 32, '4294967296 is out of range for UInt32 (0..4294967295)'],
  ['u32', -1, '-1 is out of range for UInt32 (0..4294967295)'],
  ['i64', 2n ** 63n, '9223372036854775808 is out of range for Int64 (-9223372036854775808..9223372036854775807)'],
  ['i64', -(2n ** 63n) - 1n, '-9223372036854775809 is out of range for Int64 (-9223372036854775808..9223372036854775807)'],
  ['i64', 1.5, 'expected a bigint or a safe integer for Int64, got number 1.5'],
  ['i64', 2 ** 53, 'expected a bigint or a safe integer for Int64, got number 9007199254740992'],
  ['i64', '5', 'expected a bigint or a safe integer for Int64, got string "5"'],
  ['u64', -1n, '-1 is out of range for UInt64 (0..18446744073709551615)'],
  ['u64', -1, '-1 is out of range for UInt64 (0..18446744073709551615)'],
  ['u64', 2n ** 64n, '18446744073709551616 is out of range for UInt64 (0..18446744073709551615)'],
  ['f32', '1', 'expected a number for Float32, got string "1"'],
  ['f32', 1n, 'expected a number for Float32, got bigint 1'],
  ['f64', true, 'expected a number for Float64, got boolean true'],
  ['color', 70000, '70000 is out of range for enum Color (0..65535)'],
  ['color', 1.5, 'expected an integer for enum Color, got number 1.5'],
  ['nothing', 5, 'expected null for Void, got number 5'],
  ['none', 'x', 'expected null for Void, got string "x"'],
  ['count', 70000, '70000 is out of range for UInt16 (0..65535)'],
  ['text', {}, 'expected a string for Text, got an object'],
  ['bytes', 'x', 'expected a Uint8Array for Data, got string "x"'],
  ['bytes', [1, 2], 'expected a Uint8Array for Data, got an array'],
  ['u8s', 'abc', 'expected an array (or array-like, or a list reader) for a list, got string "abc"'],
  ['thing', 5, 'expected a capability (a client) for an interface field, got number 5'],
  ['thing', 'x', 'expected a capability (a client) for an interface field, got string "x"'],
];

// [field, list, index of the bad element, message]
const WRONG_ELEMENTS: [string, unknown[], number, string][] = [
  ['u8s', [1, 256], 1, '256 is out of range for UInt8 (0..255)'],
  ['i32s', [1, 2.5], 1, 'expected an integer for Int32, got number 2.5'],
  ['i32s', [7n], 0, 'expected a number for Int32, got bigint 7'],
  ['u64s', [1n, 2n, -1n], 2, '-1 is out of range for UInt64 (0..18446744073709551615)'],
  ['flags', [true, 1], 1, 'expected a boolean for Bool, got number 1'],
  ['u8s', [1, undefined], 1, 'expected a number for UInt8, got undefined'],
];

describe('values of the wrong type or out of range', () => {
  for (const [field, value, problem] of WRONG) {
    describe(`${field} given ${typeof value === 'bigint' ? `${value}n` : JSON.stringify(value) ?? String(value)}`, () => {
      eachApi((api) => {
        const e = failure(() => api.encode({ scalars: { [field]: value } }));
        expect(e.code).toBe(ErrorCode.INVALID_ARGUMENT);
        expect(e.message).toBe(`scalars.${field}: ${problem}`);
        expect(errorPath(e)).toBe(`scalars.${field}`);
      });
    });
  }
  for (const [field, list, index, problem] of WRONG_ELEMENTS) {
    describe(`${field} given ${JSON.stringify(list, (_, v) => (typeof v === 'bigint' ? `${v}n` : v))}`, () => {
      eachApi((api) => {
        const e = failure(() => api.encode({ scalars: { [field]: list } }));
        expect(e.message).toBe(`scalars.${field}[${index}]: ${problem}`);
        expect(errorPath(e)).toBe(`scalars.${field}[${index}]`);
      });
    });
  }
  describe('deep inside lists of structs (the paths of the issue)', () => {
    eachApi((api) => {
      const comments = { stories: [{}, {}, {}, { comments: [{ text: 5 }] }] };
      expect(failure(() => api.encode(comments)).message).toBe('stories[3].comments[0].text: expected a string for Text, got number 5');
      expect(failure(() => api.encode({ stories: [{ score: 300 }] })).message).toBe('stories[0].score: 300 is out of range for UInt8 (0..255)');
      expect(failure(() => api.encode({ stories: [{ meta: { views: -1 } }] })).message).toBe('stories[0].meta.views: -1 is out of range for UInt32 (0..4294967295)');
    });
  });
  it('a failed check leaves the union as it was (the value is checked before its member is chosen)', () => {
    const generated = gen.Scalars.initRoot(new MessageBuilder());
    generated.count = 5;
    failure(() => generated.assign({ none: 'x' }));
    expect(generated.which()).toBe('count');
    const dynamic = initRoot(Scalars, new MessageBuilder());
    dynamic.set('count', 5);
    failure(() => dynamic.set('none', 'x'));
    failure(() => dynamic.assign({ none: 'x' }));
    expect(dynamic.which()).toBe('count');
  });
});

describe('enums', () => {
  it('generated code takes numbers only (its types say so)', () => {
    expect(failure(() => gen.News.encode({ scalars: { color: 'green' } })).message).toBe('scalars.color: expected a number for enum Color, got string "green"');
    expect(failure(() => gen.News.encode({ scalars: { color: true } })).message).toBe('scalars.color: expected a number for enum Color, got boolean true');
    // A number no enumerant has is kept: a newer schema may name it.
    expect(gen.Scalars.decode(gen.Scalars.encode({ color: 65535 })).color).toBe(65535);
  });
  it('the dynamic API takes enumerant names too', () => {
    expect(decodeDynamic(Scalars, encodeDynamic(Scalars, { color: 'green' })).color).toBe(1);
    expect(failure(() => encodeDynamic(News, { scalars: { color: 'purple' } })).message).toBe("scalars.color: enum Color has no enumerant named 'purple'");
    expect(failure(() => encodeDynamic(News, { scalars: { color: true } })).message).toBe('scalars.color: expected an enumerant name or number for enum Color, got boolean true');
    expect(decodeDynamic(Scalars, encodeDynamic(Scalars, { color: 65535 })).color).toBe(65535);
  });
});

// [field, smallest, largest]
const RANGES: [string, number | bigint, number | bigint][] = [
  ['i8', -128, 127], ['u8', 0, 255], ['i16', -32768, 32767], ['u16', 0, 65535],
  ['i32', -(2 ** 31), 2 ** 31 - 1], ['u32', 0, 2 ** 32 - 1],
  ['i64', -(2n ** 63n), 2n ** 63n - 1n], ['u64', 0n, 2n ** 64n - 1n],
];

describe('boundaries: the extremes of each integer type encode and read back; one past them fails', () => {
  for (const [field, min, max] of RANGES) {
    describe(field, () => {
      eachApi((api) => {
        for (const edge of [min, max]) expect(api.decodeScalars(api.encodeScalars({ [field]: edge }))[field]).toBe(edge);
        const one = typeof min === 'bigint' ? 1n : 1;
        for (const past of [(min as number) - (one as number), (max as number) + (one as number)]) {
          expect(failure(() => api.encodeScalars({ [field]: past })).message).toMatch(new RegExp(`^${field}: ${past} is out of range for `));
        }
      });
    });
  }
  describe('64-bit fields take safe integers, and the lists of numbers their elements\' extremes', () => {
    eachApi((api) => {
      const object = api.decodeScalars(api.encodeScalars({
        i64: -(2 ** 53 - 1), u64: 2 ** 53 - 1, u8s: [0, 255], i32s: [-(2 ** 31), 2 ** 31 - 1], u64s: [0n, 2n ** 64n - 1n, 5],
      }));
      expect(object.i64).toBe(-(2n ** 53n - 1n));
      expect(object.u64).toBe(2n ** 53n - 1n);
      expect(object.u8s).toEqual([0, 255]);
      expect(object.i32s).toEqual([-(2 ** 31), 2 ** 31 - 1]);
      expect(object.u64s).toEqual([0n, 2n ** 64n - 1n, 5n]);
    });
  });
});

describe('what is accepted besides the obvious', () => {
  eachApi((api) => {
    // -0 is the integer 0; NaN and the infinities are Float32/Float64 values.
    const object = api.decodeScalars(api.encodeScalars({ i32: -0, f32: NaN, f64: -Infinity }));
    expect(object.i32).toBe(0);
    expect(object.f32).toBeNaN();
    expect(object.f64).toBe(-Infinity);
    // A typed array for a list of numbers (of any kind, its elements checked unless it is the list's own kind).
    expect(api.decodeScalars(api.encodeScalars({ u8s: new Uint8Array([1, 2, 255]), i32s: new Int16Array([-5, 7]) }))).toMatchObject({ u8s: [1, 2, 255], i32s: [-5, 7] });
    expect(failure(() => api.encodeScalars({ u8s: new Int16Array([1, -1]) })).message).toBe('u8s[1]: -1 is out of range for UInt8 (0..255)');
    // In a list of structs or pointers, null and undefined are null pointers (zeroed structs).
    const news = api.decode(api.encode({ stories: [undefined, { title: 't', comments: [null, { text: 'c' }] }, null] }));
    expect(news.stories.map((s: { title: string | null }) => s.title)).toEqual([null, 't', null]);
    expect(news.stories[1].comments[1].text).toBe('c');
    // Null for a Void field, for a pointer field (a null pointer).
    expect(api.decodeScalars(api.encodeScalars({ nothing: null, none: null, text: null }))).toMatchObject({ none: null, text: null });
  });
});

describeReference('the reference tool decides', () => {
  let schemaFile: string;
  beforeAll(() => {
    const dir = mkdtempSync(join(tmpdir(), 'capstan-value-checks-'));
    schemaFile = join(dir, 'checks.capnp');
    writeFileSync(schemaFile, SCHEMA);
  });

  it('an integer out of range is an error for `capnp encode` too', () => {
    for (const text of ['(u8 = 300)', '(u8 = -1)', '(i32 = 2147483648)', '(u64 = -1)', '(i64 = 9223372036854775808)']) {
      const result = runCapnp(['encode', schemaFile, 'Scalars'], text);
      expect(result.status, text).not.toBe(0);
      expect(result.stderr, text).toMatch(/Integer value out of range/);
    }
    for (const text of ['(i32 = 1.5)', '(b = 1)']) {
      expect(runCapnp(['encode', schemaFile, 'Scalars'], text).stderr, text).toMatch(/Type mismatch/);
    }
  });

  describe('the extremes encode as the reference encodes them', () => {
    eachApi((api) => {
      for (const [field, min, max] of RANGES) {
        for (const edge of [min, max]) {
          const text = `(${field} = ${edge})`;
          expect(referenceDecode(schemaFile, 'Scalars', api.encodeScalars({ [field]: edge }))).toBe(referenceDecode(schemaFile, 'Scalars', referenceEncode(schemaFile, 'Scalars', text)));
        }
      }
    });
  });

  describe('Float32 given a finite number beyond its range is an infinity, as `capnp encode` makes it (no error)', () => {
    eachApi((api) => {
      for (const [value, text] of [[1e300, '1e300'], [-1e300, '-1e300'], [3.5e38, '3.5e38'], [1e-50, '1e-50']] as const) {
        const ours = referenceDecode(schemaFile, 'Scalars', api.encodeScalars({ f32: value }));
        expect(ours).toBe(referenceDecode(schemaFile, 'Scalars', referenceEncode(schemaFile, 'Scalars', `(f32 = ${text})`)));
      }
      expect(api.decodeScalars(api.encodeScalars({ f32: 1e300 })).f32).toBe(Infinity);
    });
  });
});

describe('unknown keys', () => {
  describe('are ignored by default, and rejected with their path under unknownKeys: \'reject\'', () => {
    eachApi((api) => {
      const value = { stories: [{}, {}, { titel: 'x' }] };
      expect(api.decode(api.encode(value)).stories).toHaveLength(3);
      expect(api.decode(api.encode(value, { unknownKeys: 'ignore' })).stories).toHaveLength(3);
      const e = failure(() => api.encode(value, { unknownKeys: 'reject' }));
      expect(e.code).toBe(ErrorCode.INVALID_ARGUMENT);
      expect(e.message).toBe("stories[2].titel: no field 'titel' in Story (did you mean 'title'?)");
      expect(errorPath(e)).toBe('stories[2].titel');
      // No near name: no suggestion. Inside a group: the group's path.
      expect(failure(() => api.encode({ top: 1 }, { unknownKeys: 'reject' })).message).toBe("top: no field 'top' in News");
      expect(errorPath(failure(() => api.encode({ stories: [{ meta: { veiws: 1 } }] }, { unknownKeys: 'reject' })))).toBe('stories[0].meta.veiws');
      // Union members and Void fields are fields; a property whose value is undefined is absent.
      expect(() => api.encode({ scalars: { none: null, nothing: null, text: undefined, extra: undefined } }, { unknownKeys: 'reject' })).not.toThrow();
      // Names starting with `$` are no schema's (readers and builders keep their location so).
      expect(() => api.encode({ $note: 1, stories: [] }, { unknownKeys: 'reject' })).not.toThrow();
    });
  });

  describe('the choice lasts for the call only', () => {
    eachApi((api) => {
      expect(() => api.encode({ titel: 1 }, { unknownKeys: 'reject' })).toThrow();
      expect(() => api.encode({ titel: 1 })).not.toThrow();
    });
  });

  it('an unknown choice is an error', () => {
    expect(failure(() => gen.News.encode({}, { unknownKeys: 'warn' })).message).toBe("unknownKeys must be 'ignore' or 'reject', got string \"warn\"");
    expect(failure(() => encodeDynamic(News, {}, { unknownKeys: 'warn' as never })).message).toBe("unknownKeys must be 'ignore' or 'reject', got string \"warn\"");
  });

  it('builders\' assign takes the same option', () => {
    // A generated reader given to assign is read through its getters, its `$` fields passed over.
    const story = gen.Story.read(gen.Story.encode({ title: 't', score: 3 }));
    const copy = gen.Story.initRoot(new MessageBuilder());
    copy.assign(story, { unknownKeys: 'reject' });
    expect(copy.toObject()).toMatchObject({ title: 't', score: 3 });
    const news = gen.News.initRoot(new MessageBuilder());
    expect(failure(() => news.assign({ stories: [{ scroe: 1 }] }, { unknownKeys: 'reject' })).message).toBe("stories[0].scroe: no field 'scroe' in Story (did you mean 'score'?)");
    news.assign({ stories: [{ scroe: 1 }] });
    const dynamic = initRoot(News, new MessageBuilder());
    expect(failure(() => dynamic.assign({ stories: [{ scroe: 1 }] }, { unknownKeys: 'reject' })).message).toBe("stories[0].scroe: no field 'scroe' in Story (did you mean 'score'?)");
  });
});

describe('struct list elements', () => {
  it('a reader among plain objects is copied whole, anything else is assigned field by field', () => {
    const reader = gen.Story.read(gen.Story.encode({ title: 'read', score: 2 }));
    const bare = Object.assign(Object.create(null) as object, { title: 'bare', score: 3 });
    class Item {
      title = 'instance';
      score = 4;
    }
    const bytes = gen.News.encode({ stories: [{ title: 'plain', score: 1 }, reader, bare, new Item()] });
    const stories = gen.News.decode(bytes).stories!.map((story: { title: string | null; score: number }) => [story.title, story.score]);
    expect(stories).toEqual([['plain', 1], ['read', 2], ['bare', 3], ['instance', 4]]);
    // A value that is no object names its place.
    expect(failure(() => gen.News.encode({ stories: [{ title: 'ok' }, 5] })).message).toMatch(/^stories\[1\]/);
  });
});

describe('builders\' setters called directly are not checked (the hot build path)', () => {
  it('a UInt8 setter stores what a DataView stores', () => {
    const scalars = gen.Scalars.initRoot(new MessageBuilder());
    scalars.u8 = 300;
    expect(scalars.u8).toBe(44);
  });
});
