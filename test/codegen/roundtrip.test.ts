/**
 * Generated code against the reference tool, both ways, on test/fixtures/codegen/features.capnp:
 * - a message built from a plain object with generated code decodes (`capnp decode`) to the
 *   same text, and canonicalizes (`capnp convert`) to the same bytes, as the message
 *   `capnp encode` makes from the equivalent text literal;
 * - the message `capnp encode` makes reads back, field by field and through toObject, to the
 *   values of the source object.
 */
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { MessageBuilder } from '../../src/index.js';
import { capnp, convert, decode, describeReference, encode } from '../support/reference.js';
import { FIXTURES, GENERATED, generateFixtures } from '../support/generate.js';

const SCHEMA = join(FIXTURES, 'codegen/features.capnp');
// Generated modules are untyped here on purpose: typecheck.test.ts checks their types.
let gen: Record<string, any>;

/** Both messages, as the reference tool sees them: text and canonical bytes. */
function expectSameMessage(type: string, ours: Uint8Array, text: string): void {
  const theirs = encode(SCHEMA, type, text);
  expect(decode(SCHEMA, type, ours)).toBe(decode(SCHEMA, type, theirs));
  expect(convert('binary:canonical', ours)).toEqual(convert('binary:canonical', theirs));
}

interface Case {
  type: string;
  text: string;
  object: Record<string, unknown>;
}

const PRIMITIVES: Case = {
  type: 'Primitives',
  text: '(void = void, bool = true, int8 = -12, int16 = -1234, int32 = -123456, int64 = -1234567890123, uint8 = 200, ' +
    'uint16 = 60000, uint32 = 4000000000, uint64 = 18000000000000000000, float32 = 1.5, float64 = -2.25e100, ' +
    'text = "héllo ☃", data = "\\x00\\x01\\xff", color = default)',
  object: {
    void: null, bool: true, int8: -12, int16: -1234, int32: -123456, int64: -1234567890123n, uint8: 200, uint16: 60000,
    uint32: 4000000000, uint64: 18000000000000000000n, float32: 1.5, float64: -2.25e100, text: 'héllo ☃',
    data: new Uint8Array([0, 1, 255]), color: 3,
  },
};

const LISTS: Case = {
  type: 'Lists',
  text: '(voids = [void, void, void], bools = [true, false, true, true, false, false, false, false, true], ' +
    'int8s = [-1, 2], int16s = [-300, 300], int32s = [1, -2, 3], int64s = [-9000000000], uint8s = [255, 0], ' +
    'uint16s = [65535], uint32s = [4294967295, 1], uint64s = [18446744073709551615], float32s = [0.5, -1.25], ' +
    'float64s = [1e300, -0.125], texts = ["a", "", "ccc"], datas = ["xy", ""], colors = [red, blue, default], ' +
    'structs = [(int32 = 1, text = "one"), (int32 = 2), ()], int32Lists = [[1, 2], [], [3]], ' +
    'textLists = [["x"], ["y", "z"]], structLists = [[(uint8 = 7)], []], listLists = [[[true], [false, true]], []])',
  object: {
    voids: [null, null, null],
    bools: [true, false, true, true, false, false, false, false, true],
    int8s: [-1, 2], int16s: [-300, 300], int32s: [1, -2, 3], int64s: [-9000000000n], uint8s: [255, 0], uint16s: [65535],
    uint32s: [4294967295, 1], uint64s: [18446744073709551615n], float32s: [0.5, -1.25], float64s: [1e300, -0.125],
    texts: ['a', '', 'ccc'], datas: [new Uint8Array([120, 121]), new Uint8Array(0)], colors: [0, 2, 3],
    structs: [{ int32: 1, text: 'one' }, { int32: 2 }, {}],
    int32Lists: [[1, 2], [], [3]], textLists: [['x'], ['y', 'z']], structLists: [[{ uint8: 7 }], []],
    listLists: [[[true], [false, true]], []],
  },
};

const SHAPES: Case[] = [
  {
    type: 'Shapes',
    text: '(name = "c", circle = 2.5, position = (x = 3, y = -4), tag = (number = 9))',
    object: { name: 'c', circle: 2.5, position: { x: 3, y: -4 }, tag: { number: 9 } },
  },
  {
    type: 'Shapes',
    text: '(name = "s", square = (side = 1.25, rounded = true), tag = (nested = (a = -5, b = "bee")))',
    object: { name: 's', square: { side: 1.25, rounded: true }, tag: { nested: { a: -5, b: 'bee' } } },
  },
  {
    type: 'Shapes',
    text: '(label = "just text", tag = (words = ["p", "q"]))',
    object: { label: 'just text', tag: { words: ['p', 'q'] } },
  },
  { type: 'Shapes', text: '(nothing = void)', object: { nothing: null } },
];

const NAMES: Case = {
  type: 'Names',
  text: '(class = 1, delete = "d", name = "n", hasName = true, toObject = 2, which = 3, assign = "a", constructor = 4, ' +
    'inner = (value = 5), other = (mood = sad, label = "o"), otherEnum = sad)',
  object: {
    class: 1, delete: 'd', name: 'n', hasName: true, toObject: 2, which: 3, assign: 'a', constructor: 4,
    inner: { value: 5 }, other: { mood: 1, label: 'o' }, otherEnum: 1,
  },
};

const HELPERS: Case = {
  type: 'Helpers',
  text: '(toObject = "t", assign = 7, asReader = true, which = -3, list = [1, 2], hasList = true, initList = "i", ' +
    'disownList = 0.5, adoptList = "ad", shape = (sides = 5), initShape = -1)',
  object: {
    toObject: 't', assign: 7, asReader: true, which: -3, list: [1, 2], hasList: true, initList: 'i',
    disownList: 0.5, adoptList: new Uint8Array([97, 100]), shape: { sides: 5 }, initShape: -1,
  },
};

/** `struct Tree { children @0 :List(Tree); }` nested `levels` deep (the root is level 1). */
function treeText(levels: number): string {
  let text = '()';
  for (let i = 1; i < levels; i++) text = `(children = [${text}])`;
  return text;
}

describeReference('generated code against the reference tool', () => {
  beforeAll(async () => {
    const dir = generateFixtures('roundtrip', 'codegen', ['features.capnp', 'other.capnp']);
    gen = await import(join(dir, 'features.capnp.ts'));
  });

  for (const c of [PRIMITIVES, LISTS, ...SHAPES, NAMES, HELPERS]) {
    it(`${c.type}: building ${c.text.slice(0, 40)}... matches capnp encode`, () => {
      expectSameMessage(c.type, gen[c.type].encode(c.object), c.text);
    });

    it(`${c.type}: reading capnp encode of ${c.text.slice(0, 40)}... gives the object back`, () => {
      const object = gen[c.type].decode(encode(SCHEMA, c.type, c.text));
      expect(object).toMatchObject(c.object);
    });
  }

  it('reads every primitive through its getter', () => {
    const reader = gen.Primitives.read(encode(SCHEMA, 'Primitives', PRIMITIVES.text));
    for (const [key, value] of Object.entries(PRIMITIVES.object)) expect(reader[key]).toEqual(value);
    expect(reader.hasText()).toBe(true);
    expect(reader.toObject()).toEqual(PRIMITIVES.object);
  });

  it('writes every primitive through its setter', () => {
    const message = new MessageBuilder();
    const builder = gen.Primitives.initRoot(message);
    for (const [key, value] of Object.entries(PRIMITIVES.object)) if (key !== 'void') builder[key] = value;
    expectSameMessage('Primitives', message.toBytes(), PRIMITIVES.text);
    expect(builder.toObject()).toEqual(PRIMITIVES.object);
  });

  it('reads lists as typed arrays and list wrappers', () => {
    const reader = gen.Lists.read(encode(SCHEMA, 'Lists', LISTS.text));
    expect(reader.int32s).toBeInstanceOf(Int32Array);
    expect([...reader.int32s]).toEqual([1, -2, 3]);
    expect(reader.uint64s).toBeInstanceOf(BigUint64Array);
    expect(reader.float64s[0]).toBe(1e300);
    expect(reader.bools.toArray()).toEqual(LISTS.object.bools);
    expect(reader.voids.length).toBe(3);
    expect(reader.texts.toArray()).toEqual(['a', '', 'ccc']);
    expect(reader.structs.get(0).text).toBe('one');
    expect(reader.structs.map((s: any) => s.int32)).toEqual([1, 2, 0]);
    const seen: number[] = [];
    reader.structs.forEach((s: any, i: number) => seen.push(s.int32 * 10 + i));
    expect(seen).toEqual([10, 21, 2]);
    expect([...reader.int32Lists].map((l: Int32Array) => [...l])).toEqual([[1, 2], [], [3]]);
    expect(reader.structLists.get(0).get(0).uint8).toBe(7);
    expect(reader.listLists.get(0).get(1).toArray()).toEqual([false, true]);
    // Lists left null, and one set to no elements: empty typed arrays of the field's type.
    const message = new MessageBuilder();
    gen.Lists.initRoot(message).initInt16s(0);
    const unset = gen.Lists.read(message.toBytes());
    for (const [field, Type] of [['int32s', Int32Array], ['uint64s', BigUint64Array], ['float64s', Float64Array], ['int16s', Int16Array]] as const) {
      expect(unset[field], field).toBeInstanceOf(Type);
      expect(unset[field].length, field).toBe(0);
    }
  });

  it('builds lists element by element', () => {
    const message = new MessageBuilder();
    const root = gen.Lists.initRoot(message);
    root.initInt32s(3).setAll([1, -2, 3]);
    const structs = root.initStructs(3);
    structs.get(0).int32 = 1;
    structs.get(0).text = 'one';
    structs.get(1).int32 = 2;
    root.texts = ['a', '', 'ccc'];
    const outer = root.initInt32Lists(3);
    outer.set(0, [1, 2]);
    outer.set(1, []);
    outer.set(2, Int32Array.of(3));
    expectSameMessage('Lists', message.toBytes(),
      '(int32s = [1, -2, 3], texts = ["a", "", "ccc"], structs = [(int32 = 1, text = "one"), (int32 = 2), ()], int32Lists = [[1, 2], [], [3]])');
  });

  it('initializes Text of a size to fill with UTF-8, as the reference encodes it', () => {
    const message = new MessageBuilder();
    const structs = gen.Lists.initRoot(message).initStructs(3);
    structs.get(0).initText(3).set(new TextEncoder().encode('one'));
    structs.get(1).initText(5).set(new TextEncoder().encode('ünï'));
    structs.get(2).initText(0);
    expect(structs.get(1).text).toBe('ünï');
    expectSameMessage('Lists', message.toBytes(), '(structs = [(text = "one"), (text = "ünï"), (text = "")])');
  });

  it('applies schema defaults when fields are unset, and XORs them when set', () => {
    const empty = gen.Defaults.read(encode(SCHEMA, 'Defaults', '()'));
    expect(empty.bool).toBe(true);
    expect(empty.int8).toBe(-123);
    expect(empty.int64).toBe(-123456789012345n);
    expect(empty.uint32).toBe(3456789012);
    expect(empty.uint64).toBe(12345678901234567890n);
    expect(empty.float32).toBe(1234.5);
    expect(empty.float64).toBe(-123e45);
    expect(empty.text).toBe('hello');
    expect(new TextDecoder().decode(empty.data)).toBe('bar');
    expect(empty.color).toBe(gen.Color.blue);
    expect(empty.struct.int32).toBe(7);
    expect(empty.struct.text).toBe('nested');
    expect([...empty.int32List]).toEqual([1, -2, 3]);
    expect(empty.textList.toArray()).toEqual(['a', 'b']);
    expect(empty.structList.map((s: any) => s.uint8)).toEqual([1, 2]);
    expect(Number.isNaN(empty.nan)).toBe(true);
    expect(empty.infinity).toBe(Infinity);
    const zeros = { bool: false, int8: 0, int16: 0, int32: 0, int64: 0n, uint8: 0, uint16: 0, uint32: 0, uint64: 0n, float32: 0, float64: 0, color: 0, nan: 0, infinity: 0 };
    const bytes = gen.Defaults.encode(zeros);
    expectSameMessage('Defaults', bytes,
      '(bool = false, int8 = 0, int16 = 0, int32 = 0, int64 = 0, uint8 = 0, uint16 = 0, uint32 = 0, uint64 = 0, float32 = 0, float64 = 0, color = red, nan = 0, infinity = 0)');
    expect(gen.Defaults.decode(bytes)).toMatchObject(zeros);
  });

  it('unions report which member is set and switch members', () => {
    const message = new MessageBuilder();
    const shape = gen.Shapes.initRoot(message);
    expect(shape.which()).toBe('circle');
    shape.square.side = 3;
    shape.initSquare().side = 4;
    expect(shape.which()).toBe('square');
    expect(shape.square.side).toBe(4);
    shape.label = 'l';
    expect(shape.which()).toBe('label');
    shape.tag.words = ['w'];
    expect(shape.tag.which()).toBe('words');
    // Switching members leaves the old member's data bits in place (as the reference
    // implementation does), so compare what a reader sees, not the canonical bytes.
    expect(decode(SCHEMA, 'Shapes', message.toBytes())).toBe(decode(SCHEMA, 'Shapes', encode(SCHEMA, 'Shapes', '(label = "l", tag = (words = ["w"]))')));
    expect(() => gen.Shapes.encode({ circle: 1, label: 'x' })).toThrow(/both 'circle' and 'label'/);
  });

  it('makes a union member active through init* and adopt*, not only its setter', () => {
    const message = new MessageBuilder();
    const shape = gen.Shapes.initRoot(message);
    shape.tag.number = 5;
    expect(shape.tag.which()).toBe('number');
    shape.tag.initWords(2).set(1, 'w');
    expect(shape.tag.which()).toBe('words');
    shape.nothing = null;
    const orphan = message.newOrphanText('adopted');
    shape.adoptLabel(orphan);
    expect(shape.which()).toBe('label');
    expect(decode(SCHEMA, 'Shapes', message.toBytes())).toBe(decode(SCHEMA, 'Shapes', encode(SCHEMA, 'Shapes', '(label = "adopted", tag = (words = ["", "w"]))')));
  });

  it('keeps schema names and renames colliding helpers', () => {
    const names = gen.Names.read(encode(SCHEMA, 'Names', NAMES.text));
    expect(names.class).toBe(1);
    expect(names.hasName).toBe(true);
    expect(names.hasName$()).toBe(true);
    expect(names.toObject).toBe(2);
    expect(names.which).toBe(3);
    expect(names.constructor$).toBe(4);
    expect(names.$toObject()).toMatchObject(NAMES.object);
    expect(gen.Outer_Inner).not.toBe(gen.Names_Inner);
  });

  it('gives every helper whose name a field takes a $ suffix, readers and builders alike', () => {
    const theirs = encode(SCHEMA, 'Helpers', HELPERS.text);
    const reader = gen.Helpers.read(theirs);
    // The fields keep their names...
    expect([reader.toObject, reader.assign, reader.asReader, reader.which]).toEqual(['t', 7, true, -3]);
    expect([reader.hasList, reader.initList, reader.disownList, reader.initShape]).toEqual([true, 'i', 0.5, -1]);
    expect(Array.from(reader.list)).toEqual([1, 2]);
    // ...and every helper is still there, under its name with a `$` suffix.
    expect(reader.which$()).toBe('shape');
    expect(reader.hasList$()).toBe(true);
    expect(reader.toObject$()).toEqual(reader.$toObject());
    expect(reader.toObject$()).toMatchObject(HELPERS.object);

    const message = new MessageBuilder();
    const builder = gen.Helpers.initRoot(message);
    const { list: _list, shape: _shape, ...scalars } = HELPERS.object;
    builder.assign$(scalars);
    builder.initList$(2).setAll([1, 2]);
    builder.initShape$().sides = 5;
    expect(builder.which$()).toBe('shape');
    const orphan = builder.disownList$();
    expect(builder.hasList$()).toBe(false);
    builder.adoptList$(orphan);
    expect(builder.hasList$()).toBe(true);
    expect(builder.asReader$().toObject$()).toEqual(builder.toObject$());
    expect(decode(SCHEMA, 'Helpers', message.toBytes())).toBe(decode(SCHEMA, 'Helpers', theirs));
  });

  it('charges a list and each struct in it one nesting level each, as libcapnp does', () => {
    // libcapnp's default limit (64) reads 32 levels of Tree and refuses 33: the root struct, then
    // per level a list pointer and a struct element (ListReader::getStructElement).
    const fits = encode(SCHEMA, 'Tree', treeText(32));
    const deeper = encode(SCHEMA, 'Tree', treeText(33));
    const depth = (tree: any): number => {
      let most = 0;
      for (const child of tree.children) most = Math.max(most, depth(child));
      tree.children.forEach((child: any) => void child.children.length);
      return most + 1;
    };
    expect(depth(gen.Tree.read(fits))).toBe(32);
    expect(gen.Tree.encode(gen.Tree.decode(fits))).toEqual(gen.Tree.encode(gen.Tree.decode(fits, { nestingLimit: Infinity })));
    expect(() => depth(gen.Tree.read(deeper))).toThrow(expect.objectContaining({ code: 'NESTING_LIMIT' }));
    const firstChildren = (tree: any): number => (tree.children.length === 0 ? 1 : 1 + firstChildren(tree.children.get(0)));
    expect(firstChildren(gen.Tree.read(fits))).toBe(32);
    expect(() => firstChildren(gen.Tree.read(deeper))).toThrow(expect.objectContaining({ code: 'NESTING_LIMIT' }));
    expect(() => gen.Tree.decode(deeper)).toThrow(expect.objectContaining({ code: 'NESTING_LIMIT' }));
    // Lifted, the limit lets any depth through; what is read is what capnp decode prints.
    const object = gen.Tree.decode(deeper, { nestingLimit: Infinity });
    expect(decode(SCHEMA, 'Tree', gen.Tree.encode(object))).toBe(decode(SCHEMA, 'Tree', deeper));
  });

  it('binds generic parameters', () => {
    const text = '(textBox = (value = "t"), structBox = (value = (int32 = 5)), listBox = (value = [1, 2]), ' +
      'pair = (key = "k", value = (value = "dd")), entry = (pair = (key = "e", value = (uint8 = 1)), note = "n"), ' +
      'boxes = [(value = "b1"), (value = "b2")])';
    const object = {
      textBox: { value: 't' }, structBox: { value: { int32: 5 } }, listBox: { value: [1, 2] },
      pair: { key: 'k', value: { value: new Uint8Array([100, 100]) } },
      entry: { pair: { key: 'e', value: { uint8: 1 } }, note: 'n' },
      boxes: [{ value: 'b1' }, { value: 'b2' }],
    };
    expectSameMessage('Generics', gen.Generics.encode(object), text);
    const reader = gen.Generics.read(encode(SCHEMA, 'Generics', text));
    expect(reader.textBox.value).toBe('t');
    expect(reader.structBox.value.int32).toBe(5);
    expect([...reader.listBox.value]).toEqual([1, 2]);
    expect(reader.pair.value.value).toEqual(new Uint8Array([100, 100]));
    expect(reader.entry.pair.value.uint8).toBe(1);
    expect(reader.boxes.get(1).value).toBe('b2');
    expect(reader.anyBox.value.isNull()).toBe(true);
    expect(reader.toObject()).toMatchObject(object);
  });

  it('exports constants with the values capnp eval prints', () => {
    expect(gen.answer).toBe(42);
    expect(gen.bigAnswer).toBe(0xfedcba9876543210n);
    expect(gen.greeting).toBe('hi there');
    expect([...gen.blob]).toEqual([1, 2, 3]);
    expect(gen.pi).toBe(3.25);
    expect(gen.favorite).toBe(gen.Color.green);
    expect([...gen.primes]).toEqual([2, 3, 5, 7, 11]);
    expect(gen.words.toArray()).toEqual(['alpha', 'beta']);
    const origin = new TextDecoder().decode(capnp(['eval', '--short', SCHEMA, 'origin'])).trim();
    expect(decode(SCHEMA, 'Shapes', gen.Shapes.encode(gen.origin.toObject())).trim()).toBe(origin);
  });

  it('describes interfaces by id and method ordinal', () => {
    expect(gen.Greeter.methods.greet.ordinal).toBe(0);
    expect(gen.Greeter.methods.stream.ordinal).toBe(1);
    expect(gen.LoudGreeter.methods.shout.ordinal).toBe(0);
    const params = gen.Greeter.methods.greet.params.encode({ name: 'x', times: 2 });
    expect(gen.Greeter.methods.greet.params.decode(params)).toEqual({ name: 'x', times: 2 });
    expect(typeof gen.Greeter.typeId).toBe('bigint');
    expect(gen.LoudGreeter.methods.greet.ordinal).toBe(1);
    expect(gen.LoudGreeter.methods.greet.results).not.toBe(gen.Greeter.methods.greet.results);
    expect(gen.LoudGreeter.methods.greet.results.decode(gen.LoudGreeter.methods.greet.results.encode({ greeting: 'HI', volume: 11 })))
      .toEqual({ greeting: 'HI', volume: 11 });
  });

  it('reuses a builder across encodes without reallocating', () => {
    const builder = new MessageBuilder();
    const first = gen.Primitives.encode({ text: 'a'.repeat(500), int32: 1 }, { builder });
    const buffer = builder.arena.segments[0]!.bytes.buffer;
    const second = gen.Primitives.encode({ text: 'b', int32: 2 }, { builder });
    expect(builder.arena.segments[0]!.bytes.buffer).toBe(buffer);
    expect(gen.Primitives.decode(first)).toMatchObject({ text: 'a'.repeat(500), int32: 1 });
    expect(gen.Primitives.decode(second)).toMatchObject({ text: 'b', int32: 2 });
    expectSameMessage('Primitives', second, '(text = "b", int32 = 2)');
  });

  it('reads and writes flat and packed messages', () => {
    for (const format of ['flat', 'packed', 'flat-packed'] as const) {
      const bytes = gen.Primitives.encode(PRIMITIVES.object, { format });
      expect(gen.Primitives.decode(bytes, { format })).toEqual(PRIMITIVES.object);
    }
  });

  it('turns schema doc comments into JSDoc', async () => {
    const { readFileSync } = await import('node:fs');
    const source = readFileSync(join(GENERATED, 'roundtrip', 'features.capnp.ts'), 'utf8');
    expect(source).toContain('/** Every primitive type, without defaults. */\nexport class PrimitivesReader');
    expect(source).toContain('/** A value that is also a JavaScript keyword (doc comments follow their declaration). */\n  default: 3,');
    expect(source).toContain('/** Inherits K and V from Pair. */');
  });

  it('holds AnyPointer values of any kind', () => {
    const inner = gen.Primitives.read(gen.Primitives.encode({ int32: 9 }));
    const message = new MessageBuilder();
    const root = gen.Anything.initRoot(message);
    root.any = inner.$;
    root.anyStruct = inner.$;
    root.anyList = gen.Lists.read(gen.Lists.encode({ int32s: [4] })).$.getList(4, 4);
    const reader = root.asReader();
    expect(gen.Primitives.wrap(reader.any.getStruct()).int32).toBe(9);
    expect(gen.Primitives.wrap(reader.anyStruct).int32).toBe(9);
    gen.Primitives.wrapBuilder(root.anyStruct.initStruct(gen.Primitives.dataWords, gen.Primitives.pointerCount)).int32 = 11;
    expect(gen.Primitives.wrap(root.asReader().anyStruct).int32).toBe(11);
    expect(reader.anyList.getInt32(0)).toBe(4);
  });
});
