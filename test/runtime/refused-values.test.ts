/**
 * A value a builder refuses loses nothing it need not: through generated code and the dynamic
 * API alike, a union member whose value, length or orphan is refused does not become the active
 * member (it used to, over the pointer of the member that was active, whose Text then read as
 * that member's Data), and a struct or list refused partway through (an element of the wrong
 * type) leaves its field null, not half-written.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MessageBuilder, canonicalize } from '../../src/index.js';
import { initRoot, loadSchema, type DynamicStructBuilder } from '../../src/dynamic/index.js';
import { compileSources, importGenerated } from '../support/compile-memory.js';
import { failure } from '../support/failure.js';

const SCHEMA = `@0xb7d9f1a3c5e70829;
struct Item { name @0 :Text; }
struct Shelf {
  union {
    text @0 :Text;
    ints @1 :List(Int32);
    count @2 :UInt8;
    bytes @3 :Data;
    item @4 :Item;
    items @5 :List(Item);
    names @6 :List(Text);
    box :group { width @9 :UInt16; label @10 :Text; }
  }
  others @7 :List(Item);
  first @8 :Item;
}
`;
const SOURCES = { '/shelf.capnp': SCHEMA };

// Generated modules are untyped here (codegen has its own type tests).
let gen: Record<string, any>;
const schema = loadSchema(compileSources(SOURCES));
const Shelf = schema.struct('Shelf');

beforeAll(async () => {
  gen = await importGenerated('refused-values', SOURCES, '/shelf.capnp');
});

/** The root's bytes, canonical: equal before and after means nothing changed. */
function snapshot(root: { $: unknown }): number[] {
  return Array.from(canonicalize(root.$ as never));
}

describe('a refused union member leaves the union as it was', () => {
  // Each refused before anything is written: a value of the wrong kind, a length that is not
  // one, an orphan that cannot be adopted.
  const refusals: [string, (shelf: any, message: MessageBuilder) => unknown][] = [
    ['ints = a string', (s) => { s.ints = 'x'; }],
    ['bytes = a string', (s) => { s.bytes = 'x'; }],
    ['item = a number', (s) => { s.item = 5; }],
    ['items = a number', (s) => { s.items = 5; }],
    ['initInts(-1)', (s) => s.initInts(-1)],
    ['initBytes(2 ** 40)', (s) => s.initBytes(2 ** 40)],
    ['initItems(1.5)', (s) => s.initItems(1.5)],
    ['adoptBytes(not an orphan)', (s) => s.adoptBytes(5)],
    ['adoptBytes(an orphan of another message)', (s) => s.adoptBytes(new MessageBuilder().newOrphanData(new Uint8Array(2)))],
    ['box = a number (a group)', (s) => { s.box = 5; }],
    ['box = an array (a group)', (s) => { s.box = [1]; }],
    ['box = null (a group)', (s) => { s.box = null; }],
    ['adoptInts(a Text orphan)', (s, m) => s.adoptInts(m.newOrphanText('xy'))],
    ['adoptItem(a Data orphan)', (s, m) => s.adoptItem(m.newOrphanData(new Uint8Array(2)))],
  ];

  for (const [name, refuse] of refusals) {
    it(`generated: ${name}`, () => {
      const message = new MessageBuilder();
      const shelf = gen.Shelf.initRoot(message);
      shelf.text = 'hi';
      const before = snapshot(shelf);
      failure(() => refuse(shelf, message));
      expect(shelf.which()).toBe('text');
      expect(shelf.text).toBe('hi');
      expect(snapshot(shelf)).toEqual(before);
    });
  }

  const dynamicRefusals: [string, (shelf: DynamicStructBuilder) => unknown][] = [
    ['set ints to a string', (s) => s.set('ints', 'x')],
    ['set bytes to a string', (s) => s.set('bytes', 'x')],
    ['set item to a number', (s) => s.set('item', 5)],
    ['init ints without a size', (s) => s.init('ints')],
    ['init bytes of 2 ** 40', (s) => s.init('bytes', 2 ** 40)],
    ['set the group box to a number', (s) => s.set('box', 5)],
    ['set the group box to an array', (s) => s.set('box', [1])],
    ['adopt what is not an orphan', (s) => s.adopt('bytes', 5 as never)],
    ['adopt an orphan of another message', (s) => s.adopt('bytes', new MessageBuilder().newOrphanData(new Uint8Array(2)))],
  ];

  for (const [name, refuse] of dynamicRefusals) {
    it(`dynamic: ${name}`, () => {
      const shelf = initRoot(Shelf, new MessageBuilder());
      shelf.set('text', 'hi');
      const before = snapshot(shelf);
      failure(() => refuse(shelf));
      expect(shelf.which()).toBe('text');
      expect(shelf.get('text')).toBe('hi');
      expect(snapshot(shelf)).toEqual(before);
    });
  }

  it('a member written whole becomes active, through each way of writing it', () => {
    const message = new MessageBuilder();
    const shelf = gen.Shelf.initRoot(message);
    shelf.initInts(2).set(1, 7);
    expect(shelf.which()).toBe('ints');
    expect([...shelf.ints]).toEqual([0, 7]);
    shelf.item = { name: 'mug' };
    expect(shelf.which()).toBe('item');
    shelf.adoptText(message.newOrphanText('z'));
    expect(shelf.which()).toBe('text');
    expect(shelf.text).toBe('z');
    const dynamic = initRoot(Shelf, new MessageBuilder());
    (dynamic.init('ints', 2) as { set(i: number, v: number): void }).set(0, 3);
    expect(dynamic.which()).toBe('ints');
    dynamic.set('names', ['a']);
    expect(dynamic.which()).toBe('names');
  });
});

describe('generated adopt* checks what the orphan holds against the field', () => {
  it('refuses an orphan of another kind with what each holds, and takes the ones that fit', () => {
    const message = new MessageBuilder();
    const shelf = gen.Shelf.initRoot(message);
    const text = message.newOrphanText('xy');
    expect(failure(() => shelf.adoptInts(text)).message).toBe('the orphan holds a list of byte elements, which this field does not read');
    expect(failure(() => shelf.adoptFirst(text)).message).toBe('the orphan holds a list of byte elements, which this field does not read');
    const items = message.newOrphanStructList(2, 0, 1);
    expect(failure(() => shelf.adoptText(items)).message).toBe('the orphan holds a struct list, which this field does not read');
    // The refused orphans are still there to adopt where they fit.
    shelf.adoptOthers(items);
    shelf.adoptText(text);
    const item = message.newOrphanStruct(0, 1);
    shelf.adoptFirst(item);
    shelf.first.name = 'lamp';
    expect(shelf.toObject()).toMatchObject({ text: 'xy', others: [{ name: null }, { name: null }], first: { name: 'lamp' } });
  });
});

describe('a struct or list refused partway through is not left half-written', () => {
  const partial: [string, Record<string, unknown>, string][] = [
    ['a struct list element', { others: [{ name: 'a' }, { name: 5 }] }, 'others[1].name'],
    ['a struct field', { first: { name: 5 } }, 'first.name'],
    ['a Text list element', { names: ['a', 5] }, 'names[1]'],
    ['a union member\'s struct list', { items: [{ name: 'a' }, { name: [] }] }, 'items[1].name'],
  ];

  for (const [name, value, path] of partial) {
    it(`generated: ${name}`, () => {
      const shelf = gen.Shelf.initRoot(new MessageBuilder());
      shelf.count = 4;
      const before = snapshot(shelf);
      const e = failure(() => shelf.assign(value));
      expect(e.message.startsWith(`${path}: `), e.message).toBe(true);
      // The slot the value went to is null again, and the union still on `count`.
      expect(snapshot(shelf)).toEqual(before);
      expect(shelf.which()).toBe('count');
      expect(shelf.count).toBe(4);
    });

    it(`dynamic: ${name}`, () => {
      const shelf = initRoot(Shelf, new MessageBuilder());
      shelf.set('count', 4);
      const before = snapshot(shelf);
      const e = failure(() => shelf.assign(value));
      expect(e.message.startsWith(`${path}: `), e.message).toBe(true);
      expect(snapshot(shelf)).toEqual(before);
      expect(shelf.which()).toBe('count');
    });
  }
});
