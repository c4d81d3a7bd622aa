/**
 * The dynamic API against generated code on test/fixtures/codecs/codecs.capnp: the same
 * messages (made by the reference tool) read to the same values and the same plain objects
 * through both; objects written through both give the same messages; and the builder API
 * (fields by name, unions, groups, lists, enums by name, generics, AnyPointer, constants).
 */
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import {
  DynamicList, DynamicListBuilder, DynamicStruct, DynamicStructBuilder, SchemaLoader, TYPES, constantValue, decode,
  defaultStruct, encode as encodeObject, initRoot, listType, loadSchema, readRoot, typeName,
} from '../../src/dynamic/index.js';
import { decodeCodeGeneratorRequest, SchemaGraph } from '../../src/schema/index.js';
import {
  AnyPointerReader, CapnpError, ListReader, MessageBuilder, StructReader, canonicalize,
} from '../../src/wire/index.js';
import { compileRequest, describeReference, encode } from '../support/reference.js';
import { generateFixtures } from '../support/generate.js';
import { CASES, CODECS, CODECS_DIR, canonicalHex, hex, loadFixture, normalize } from '../fixtures/codecs/support.js';

// Generated modules are untyped here on purpose (codegen has its own type tests).
let gen: Record<string, any>;
let schema: SchemaLoader;

describeReference('dynamic reads equal generated reads', () => {
  beforeAll(async () => {
    const dir = generateFixtures('codecs-dynamic', 'codecs', ['codecs.capnp']);
    gen = await import(join(dir, 'codecs.capnp.ts'));
    schema = loadFixture(CODECS);
  });

  for (const [i, c] of CASES.entries()) {
    it(`case ${i}: ${c.type}: toObject() and every field read agree with generated code`, () => {
      const bytes = encode(CODECS, c.type, c.text);
      const dynamic = readRoot(schema.struct(c.type), bytes);
      const generated = gen[c.type].read(bytes);
      expect(normalize(dynamic.toObject())).toEqual(normalize(generated.toObject()));
      expect(normalize(decode(schema.struct(c.type), bytes))).toEqual(normalize(gen[c.type].decode(bytes)));
      // Field by field, through get().
      compareFields(dynamic, generated);
    });

    it(`case ${i}: ${c.type}: an object written dynamically gives the message generated code writes`, () => {
      const bytes = encode(CODECS, c.type, c.text);
      const object = gen[c.type].decode(bytes);
      const ours = encodeObject(schema.struct(c.type), object);
      expect(canonicalHex(ours)).toBe(canonicalHex(gen[c.type].encode(object)));
      expect(normalize(decode(schema.struct(c.type), ours))).toEqual(normalize(object));
    });
  }

  it('copies generated readers and builders into dynamic fields', () => {
    const shapeBytes = encode(CODECS, 'Shape', CASES[17]!.text);
    const generatedReader = gen.Shape.read(shapeBytes);
    const generatedMessage = new MessageBuilder();
    const generatedBuilder = gen.Shape.initRoot(generatedMessage);
    generatedBuilder.name = 'from a generated builder';
    const message = new MessageBuilder();
    const lists = initRoot(schema.struct('Lists'), message);
    lists.set('shapes', [generatedReader, generatedBuilder]);
    const shapes = readRoot(schema.struct('Lists'), message.toBytes()).get('shapes') as DynamicList;
    expect(normalize((shapes.get(0) as DynamicStruct).toObject())).toEqual(normalize(generatedReader.toObject()));
    expect((shapes.get(1) as DynamicStruct).get('name')).toBe('from a generated builder');
    const shape = initRoot(schema.struct('Shape'), new MessageBuilder());
    shape.set('child', generatedReader);
    expect(normalize((shape.asReader().get('child') as DynamicStruct).toObject())).toEqual(normalize(generatedReader.toObject()));
  });

  it('reads defaults, as generated getters do, from an empty message', () => {
    const empty = new MessageBuilder();
    empty.initRoot(0, 0);
    const bytes = empty.toBytes();
    const dynamic = readRoot(schema.struct('Defaults'), bytes);
    const generated = gen.Defaults.read(bytes);
    compareFields(dynamic, generated);
    expect(normalize(dynamic.toObject())).toEqual(normalize(generated.toObject()));
    expect(normalize(defaultStruct(schema.struct('Defaults')).toObject())).toEqual(normalize(generated.toObject()));
    expect(dynamic.get('data')).toEqual(Uint8Array.of(0xde, 0xad, 0xbe, 0xef));
    expect(dynamic.get('color')).toBe(gen.Color.blue);
    expect(dynamic.enumName('color')).toBe('blue');
    expect(Number.isNaN(dynamic.get('nan'))).toBe(true);
    expect(dynamic.get('negInf')).toBe(-Infinity);
    expect((dynamic.get('struct') as DynamicStruct).toObject()).toMatchObject({ int32: 7, text: 'inner', color: gen.Color.green });
    expect((dynamic.get('int32List') as DynamicList).toArray()).toEqual([1, 2, 3]);
  });

  it('reads constants as generated code does', () => {
    for (const name of ['constUInt32', 'constColor', 'constFloat32', 'constText', 'constData']) {
      expect(constantValue(schema.const(name)), name).toEqual(gen[name]);
    }
    const shape = constantValue(schema.const('constShape')) as DynamicStruct;
    expect(normalize(shape.toObject())).toEqual(normalize(gen.constShape.toObject()));
    const floats = constantValue(schema.const('constFloats')) as DynamicList;
    expect(floats.toArray()).toEqual([...gen.constFloats]);
    const shapes = constantValue(schema.const('constShapes')) as DynamicList;
    expect(normalize(shapes.toObject())).toEqual(normalize(gen.constShapes.toArray().map((s: any) => s.toObject())));
  });
});

/** Every field of `dynamic` read through get() equals the generated getter (recursively). */
function compareFields(dynamic: DynamicStruct, generated: any): void {
  for (const field of dynamic.schema.fields) {
    if (field.inUnion && dynamic.which() !== field.name) continue;
    const value = dynamic.get(field);
    const expected = generated[field.name];
    const what = `${dynamic.schema.shortName}.${field.name}`;
    if (value instanceof DynamicStruct) {
      // A null struct reads as an empty one, whose struct fields are empty too: stop there.
      if (field.isGroup || dynamic.has(field)) compareFields(value, expected);
      else expect(normalize(value.toObject()), what).toEqual(normalize(expected.toObject()));
    } else if (value instanceof DynamicList) {
      expect(normalize(value.toObject()), what).toEqual(normalize(listObject(expected)));
    } else if (value instanceof AnyPointerReader || value instanceof StructReader || value instanceof ListReader) {
      expect(normalize(value), what).toEqual(normalize(expected));
    } else if (typeof value === 'number' && Number.isNaN(value)) {
      expect(Number.isNaN(expected), what).toBe(true);
    } else {
      expect(value, what).toEqual(expected);
    }
  }
  if (dynamic.schema.discriminantCount > 0) expect(dynamic.which()).toBe(generated.which());
}

/** The object form of a generated list wrapper (typed arrays, list classes). */
function listObject(list: any): unknown {
  if (ArrayBuffer.isView(list)) return Array.from(list as unknown as ArrayLike<number>);
  if (typeof list.toArray === 'function') return list.toArray().map((e: any) => (e && typeof e.toObject === 'function' ? e.toObject() : listObjectOrValue(e)));
  return list;
}

function listObjectOrValue(e: any): unknown {
  if (e && (ArrayBuffer.isView(e) && !(e instanceof Uint8Array) || typeof e?.toArray === 'function')) return listObject(e);
  return e;
}

describeReference('dynamic builders', () => {
  beforeAll(() => {
    schema = loadFixture(CODECS);
  });

  it('sets fields by name, with enums by name and 64-bit values from numbers', () => {
    const message = new MessageBuilder();
    const s = initRoot(schema.struct('Scalars'), message);
    s.set('bool', true);
    s.set('int8', -7);
    s.set('int64', -5);
    s.set('uint64', 18446744073709551615n);
    s.set('float32', 0.5);
    s.set('text', 'hi');
    s.set('data', Uint8Array.of(1, 2));
    s.set('color', 'ultraViolet');
    expect(s.get('color')).toBe(3);
    s.set('color', 1);
    expect(s.get('int64')).toBe(-5n);
    expect(s.has('text')).toBe(true);
    expect(s.has('data')).toBe(true);
    s.clear('data');
    expect(s.has('data')).toBe(false);
    const text = '(bool = true, int8 = -7, int64 = -5, uint64 = 18446744073709551615, float32 = 0.5, text = "hi", color = green)';
    expect(canonicalHex(message.toBytes())).toBe(canonicalHex(encode(CODECS, 'Scalars', text)));
    expect(s.toObject()).toMatchObject({ bool: true, int8: -7, int64: -5n, text: 'hi', color: 1, data: null });
    expect(s.asReader().get('uint64')).toBe(18446744073709551615n);
  });

  it('rejects values that do not fit, with the field named', () => {
    const s = initRoot(schema.struct('Scalars'), new MessageBuilder());
    expect(() => s.set('int8', 128)).toThrow(/^int8: 128 is out of range for Int8 \(-128\.\.127\)$/);
    expect(() => s.set('uint32', -1)).toThrow(CapnpError);
    expect(() => s.set('int32', 1.5)).toThrow(/^int32: expected an integer for Int32, got number 1\.5$/);
    expect(() => s.set('text', 5)).toThrow(/^text: expected a string for Text, got number 5$/);
    expect(() => s.set('bool', 1)).toThrow(/^bool: expected a boolean for Bool, got number 1$/);
    expect(() => s.set('color', 'purple')).toThrow(/no enumerant named 'purple'/);
    expect(() => s.set('int64', 2 ** 60)).toThrow(/bigint or a safe integer/);
    expect(() => s.set('uint64', -1n)).toThrow(/^uint64: -1 is out of range for UInt64 \(0\.\.18446744073709551615\)$/);
    expect(() => s.set('int64', 2n ** 63n)).toThrow(/is out of range for Int64/);
    expect(() => s.set('nope', 1)).toThrow(/struct Scalars has no field named 'nope'/);
    expect(() => s.assign({ circle: 1 } as never)).not.toThrow(); // unknown properties are ignored
    const shape = initRoot(schema.struct('Shape'), new MessageBuilder());
    expect(() => shape.assign({ circle: 1, label: 'x' })).toThrow(/a union holds one member, but both 'circle' and 'label' were given/);
  });

  it('switches unions, initializes groups and nested structs', () => {
    const message = new MessageBuilder();
    const shape = initRoot(schema.struct('Shape'), message);
    shape.set('name', 'n');
    shape.set('circle', 2);
    expect(shape.which()).toBe('circle');
    const square = shape.init('square') as DynamicStructBuilder;
    expect(shape.which()).toBe('square');
    square.set('side', 3);
    square.set('rounded', true);
    const position = shape.get('position') as DynamicStructBuilder;
    position.set('x', 5);
    const tag = shape.get('tag') as DynamicStructBuilder;
    expect(tag.which()).toBe('number');
    (tag.init('words', 2) as DynamicListBuilder).setAll(['a', 'b']);
    expect(tag.which()).toBe('words');
    const child = shape.init('child') as DynamicStructBuilder;
    child.set('nothing', null);
    const points = child.init('points', 2) as DynamicListBuilder;
    (points.get(0) as DynamicStructBuilder).set('x', 1.5);
    points.set(1, { x: 2, y: 3 });
    const expected = '(name = "n", square = (side = 3, rounded = true), position = (x = 5), tag = (words = ["a", "b"]), ' +
      'child = (points = [(x = 1.5), (x = 2, y = 3)]))';
    expect(canonicalHex(message.toBytes())).toBe(canonicalHex(encode(CODECS, 'Shape', expected)));
    const read = readRoot(schema.struct('Shape'), message.toBytes());
    expect(read.which()).toBe('square');
    expect(read.has('circle')).toBe(false);
    expect((read.get('square') as DynamicStruct).get('side')).toBe(3);
    expect(read.toObject()).toMatchObject({ name: 'n', square: { side: 3, rounded: true }, position: { x: 5, y: 0 }, tag: { words: ['a', 'b'] } });
  });

  it('initializes Text and Data of a size to fill in', () => {
    const message = new MessageBuilder();
    const shape = initRoot(schema.struct('Shape'), message);
    (shape.init('name', 3) as Uint8Array).set(new TextEncoder().encode('abc'));
    expect(shape.get('name')).toBe('abc');
    expect(() => shape.init('name')).toThrow(/needs a size/);
    expect(canonicalHex(message.toBytes())).toBe(canonicalHex(encode(CODECS, 'Shape', '(name = "abc")')));
  });

  it('builds lists of every kind and lists of lists', () => {
    const message = new MessageBuilder();
    const lists = initRoot(schema.struct('Lists'), message);
    lists.set('bools', [true, false, true]);
    lists.set('int64s', [1, -2n]);
    lists.set('colors', ['red', 'blue', 2]);
    lists.set('texts', ['x', 'y']);
    lists.set('datas', [Uint8Array.of(1)]);
    lists.set('structs', [{ int8: 1 }, { text: 't' }]);
    const int32Lists = lists.init('int32Lists', 2) as DynamicListBuilder;
    (int32Lists.init(0, 2)).setAll([7, 8]);
    int32Lists.set(1, [9]);
    lists.set('boolListLists', [[[true]], []]);
    lists.set('voids', [null, null]);
    const text = '(bools = [true, false, true], int64s = [1, -2], colors = [red, blue, blue], texts = ["x", "y"], datas = ["\\x01"], ' +
      'structs = [(int8 = 1), (text = "t")], int32Lists = [[7, 8], [9]], boolListLists = [[[true]], []], voids = [void, void])';
    expect(canonicalHex(message.toBytes())).toBe(canonicalHex(encode(CODECS, 'Lists', text)));
    const read = readRoot(schema.struct('Lists'), message.toBytes());
    const colors = read.get('colors') as DynamicList;
    expect(colors.length).toBe(3);
    expect([...colors]).toEqual([0, 2, 2]);
    expect(typeName(colors.type)).toBe('List(Color)');
    const nested = read.get('int32Lists') as DynamicList;
    expect((nested.get(0) as DynamicList).toArray()).toEqual([7, 8]);
    expect(() => nested.get(2)).toThrow(CapnpError);
  });

  it('resolves generic brands: bound parameters read as their types, unbound ones as AnyPointer', () => {
    const generics = schema.struct('Generics');
    const textScalars = generics.field('textScalars').type;
    if (textScalars.kind !== 'struct') throw new Error('expected a struct');
    expect(textScalars.schema.field('first').type).toBe(TYPES.text);
    expect(typeName(textScalars.schema.field('second').type)).toBe('Scalars');
    const inner = textScalars.schema.field('inner').type;
    if (inner.kind !== 'struct') throw new Error('expected a struct');
    expect(inner.schema.field('value').type.kind).toBe('text');
    expect(typeName(inner.schema.field('other').type)).toBe('Scalars');
    const unbound = generics.field('unbound').type;
    if (unbound.kind !== 'struct') throw new Error('expected a struct');
    expect(unbound.schema.field('first').type.kind).toBe('anyPointer');
    const direct = generics.field('innerDirect').type;
    if (direct.kind !== 'struct') throw new Error('expected a struct');
    expect(typeName(direct.schema.field('other').type)).toBe('Point');
    // Branded instances are distinct schemas; the same brand is the same schema object.
    expect(textScalars.schema).not.toBe(unbound.schema);
    expect(schema.struct('Pair', [TYPES.text, { kind: 'struct', schema: schema.struct('Scalars') }])).toBe(textScalars.schema);
    const listOfPairs = (generics.field('listData').type as { schema: any }).schema.field('firstList').type;
    expect(typeName(listOfPairs)).toBe('List(Pair)');
    expect(listOfPairs.kind === 'list' && listOfPairs.element.kind === 'struct' && listOfPairs.element.schema.field('first').type).toEqual(listType(TYPES.int32));

    const message = new MessageBuilder();
    const g = initRoot(generics, message);
    const ts = g.init('textScalars') as DynamicStructBuilder;
    ts.set('first', 'f');
    ts.set('second', { int32: 5 });
    const u = g.init('unbound') as DynamicStructBuilder;
    const source = new MessageBuilder();
    initRoot(schema.struct('Point'), source).set('x', 4);
    u.set('first', source.asReader().getRootPointer());
    g.set('any', 'some text');
    g.set('anyStruct', readRoot(schema.struct('Point'), source.toBytes()));
    g.set('anyList', source.asReader().getRoot().getPointer(0).getList());
    const read = readRoot(generics, message.toBytes());
    const readTs = read.get('textScalars') as DynamicStruct;
    expect(readTs.get('first')).toBe('f');
    expect((readTs.get('second') as DynamicStruct).get('int32')).toBe(5);
    const first = (read.get('unbound') as DynamicStruct).get('first');
    expect(first).toBeInstanceOf(AnyPointerReader);
    expect(new DynamicStruct(schema.struct('Point'), (first as AnyPointerReader).getStruct()).get('x')).toBe(4);
    expect((read.get('any') as AnyPointerReader).getText()).toBe('some text');
    expect(read.get('anyStruct')).toBeInstanceOf(StructReader);
    expect(hex(canonicalize(read.get('anyStruct') as StructReader))).toBe(hex(canonicalize(source.asReader().getRoot())));
    expect(read.get('anyList')).toBeInstanceOf(ListReader);
  });

  it('loads schemas from a request or a graph, by name, suffix or id', () => {
    const request = decodeCodeGeneratorRequest(compileRequest([CODECS], { srcPrefix: CODECS_DIR }));
    const byRequest = loadSchema(request);
    const byGraph = loadSchema(new SchemaGraph(request));
    const shape = byRequest.struct('Shape');
    expect(byGraph.struct('Shape').id).toBe(shape.id);
    expect(byRequest.struct(shape.id)).toBe(shape);
    expect(byRequest.struct(`0x${shape.id.toString(16)}`)).toBe(shape);
    expect(byRequest.struct('codecs.capnp:Shape')).toBe(shape);
    expect(byRequest.struct('Pair.Inner').shortName).toBe('Inner');
    expect(byRequest.find('Color').kind).toBe('enum');
    expect(byRequest.find('constShape').kind).toBe('const');
    expect(byRequest.interface('Service').method('call').params.field('input').type).toBe(TYPES.text);
    expect(() => byRequest.struct('Nope')).toThrow(/no type or constant named 'Nope'/);
    expect(() => byRequest.struct('Color')).toThrow(/is not a struct/);
    expect(byRequest.enum('Color').name(3)).toBe('ultraViolet');
    expect(byRequest.enum('Color').value('green')).toBe(1);
    expect(new SchemaLoader(request).struct('Holder').field('service').type.kind).toBe('interface');
  });

  it('reads and writes capabilities as cap-table entries', () => {
    const message = new MessageBuilder();
    const holder = initRoot(schema.struct('Holder'), message);
    const cap = { name: 'a capability' };
    holder.set('service', cap);
    expect(holder.get('service')).toBe(cap);
    expect(holder.has('service')).toBe(true);
    holder.set('service', null);
    expect(holder.has('service')).toBe(false);
  });

  it('copies readers into fields and list elements', () => {
    const source = readRoot(schema.struct('Shape'), encode(CODECS, 'Shape', CASES[17]!.text));
    const message = new MessageBuilder();
    const target = initRoot(schema.struct('Shape'), message);
    target.set('child', source);
    const lists = initRoot(schema.struct('Lists'), new MessageBuilder());
    lists.set('shapes', [source, { name: 'obj' }]);
    const shapes = lists.asReader().get('shapes') as DynamicList;
    expect(normalize((shapes.get(0) as DynamicStruct).toObject())).toEqual(normalize(source.toObject()));
    expect(normalize(((target.asReader().get('child')) as DynamicStruct).toObject())).toEqual(normalize(source.toObject()));
  });
});
