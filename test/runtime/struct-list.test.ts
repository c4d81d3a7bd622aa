/**
 * Struct lists as generated readers and builders make them: straight from the pointer
 * (runtime/access.ts, `readStructList`, `initStructListOf`, `getStructListOf`), holding where the
 * list is, with `$` giving the wire-level reader or builder. What must hold is what the
 * wire-level path gives: null and default lists, lists written by an older schema as
 * primitives or pointers (read, or upgraded in place when built on), refused bit lists, the
 * nesting limit per element.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ElementSize, ErrorCode, ListBuilder, ListReader, MessageBuilder } from '../../src/index.js';
import { importGenerated } from '../support/compile-memory.js';
import { failure } from '../support/failure.js';

const SCHEMA = `@0xc4d5e6f7a8b9c0d1;
struct Item { id @0 :UInt32; name @1 :Text; }
struct Holder {
  items @0 :List(Item);
  defaulted @1 :List(Item) = [(id = 7, name = "seven"), (id = 8)];
  nested @2 :List(Holder);
}
`;

let gen: Record<string, any>;
beforeAll(async () => {
  gen = await importGenerated('struct-list', { '/holder.capnp': SCHEMA }, '/holder.capnp');
});

describe('struct lists read straight from the pointer', () => {
  it('read elements, iterate, and give the same wire-level reader as before through $', () => {
    const bytes = gen.Holder.encode({ items: [{ id: 1, name: 'one' }, { id: 2, name: 'two' }, { id: 3 }] });
    const items = gen.HolderReader.read(bytes).items;
    expect(items.length).toBe(3);
    expect([...items].map((item: any) => item.id)).toEqual([1, 2, 3]);
    expect(items.get(1).name).toBe('two');
    expect(items.map((item: any) => item.name)).toEqual(['one', 'two', '']);
    const wire = items.$;
    expect(wire).toBeInstanceOf(ListReader);
    expect([wire.length, wire.elementSize, wire.getStruct(2).getUint32(0)]).toEqual([3, ElementSize.INLINE_COMPOSITE, 3]);
    expect(failure(() => items.get(3)).code).toBe(ErrorCode.INDEX_OUT_OF_RANGE);
  });

  it('read a null list as empty and a null defaulted list as its default', () => {
    const holder = gen.HolderReader.read(gen.Holder.encode({}));
    expect(holder.items.length).toBe(0);
    expect([...holder.items]).toEqual([]);
    expect(failure(() => holder.items.get(0)).code).toBe(ErrorCode.INDEX_OUT_OF_RANGE);
    expect(holder.defaulted.map((item: any) => [item.id, item.name])).toEqual([[7, 'seven'], [8, '']]);
  });

  it('read a list an older schema wrote as primitives or pointers, and refuse a bit list', () => {
    for (const [elementSize, write] of [
      [ElementSize.FOUR_BYTES, (list: any) => { list.setUint32(0, 41); list.setUint32(1, 42); }],
      [ElementSize.POINTER, (list: any) => { list.setText(0, 'a'); list.setText(1, 'b'); }],
    ] as const) {
      const builder = new MessageBuilder();
      write(builder.initRoot(0, 3).initList(0, elementSize, 2));
      const items = gen.HolderReader.read(builder.toBytes()).items;
      expect(items.length).toBe(2);
      if (elementSize === ElementSize.FOUR_BYTES) expect([...items].map((item: any) => item.id)).toEqual([41, 42]);
      else expect([...items].map((item: any) => [item.id, item.name])).toEqual([[0, 'a'], [0, 'b']]);
    }
    const builder = new MessageBuilder();
    builder.initRoot(0, 3).initList(0, ElementSize.BIT, 4).setBool(1, true);
    const error = failure(() => gen.HolderReader.read(builder.toBytes()).items);
    expect(error.code).toBe(ErrorCode.LIST_TYPE_MISMATCH);
  });

  it('give what the wire-level path gives, results, errors and traversal charged, for well-formed and damaged lists', () => {
    // Generated getters read a struct list expecting one (readStructList); the wire-level list
    // read with ANY_SIZE decides the encoding itself. Both must agree on every variant of the tag.
    const bytes = gen.Holder.encode({ items: [{ id: 1, name: 'one' }, { id: 2 }] });
    // The tag is the word before the elements. Offsets are positions in the segment's array (a
    // small message is read from a copy), and the segment is the input from byte 8.
    const opened = gen.HolderReader.read(bytes);
    const tagAt = opened.items.offset - opened.$segment.start + 8 - 8;
    const variants: [string, (b: Uint8Array) => void][] = [
      ['well-formed', () => {}],
      ['a tag that is not a struct pointer', (b) => { b[tagAt] = (b[tagAt]! & ~3) | 1; }],
      ['elements overrunning the list', (b) => { b[tagAt] = (b[tagAt]! & 3) | (9 << 2); }],
      ['zero-size elements', (b) => { b.fill(0, tagAt + 4, tagAt + 8); }],
      ['a list word count past the segment', (b) => { const view = new DataView(b.buffer, b.byteOffset); const at = 16; view.setUint32(at + 4, (view.getUint32(at + 4, true) & 7) | (4000 << 3), true); }],
    ];
    for (const [name, damage] of variants) {
      const copy = bytes.slice();
      damage(copy);
      const outcome = (read: () => { length: number; ids: number[] }, reader: any) => {
        try {
          const value = read();
          return { ...value, left: reader.$segment.arena.traversalWordsLeft };
        } catch (error) {
          return { error: (error as { code?: string }).code };
        }
      };
      const inline = gen.HolderReader.read(copy);
      const full = gen.HolderReader.read(copy);
      const viaInline = outcome(() => { const l = inline.items; return { length: l.length, ids: [...l].map((i: any) => i.id) }; }, inline);
      const viaFull = outcome(() => {
        const l = full.$.getList(0, -1);
        return { length: l.length, ids: Array.from({ length: l.length }, (_, i) => l.getStruct(i).getUint32(0)) };
      }, full);
      expect(viaInline, name).toEqual(viaFull);
      if (name === 'well-formed') expect(viaInline).toMatchObject({ length: 2, ids: [1, 2] });
      else if (name !== 'zero-size elements') expect('error' in viaInline, name).toBe(true);
    }
  });

  it('charge the nesting limit per element taken, as the wire-level list does', () => {
    let value: any = {};
    for (let depth = 0; depth < 20; depth++) value = { nested: [value] };
    const bytes = gen.Holder.encode(value);
    const walk = (holder: any): number => holder.nested.length === 0 ? 0 : 1 + walk(holder.nested.get(0));
    const walkWire = (struct: any): number => {
      const list = struct.getList(2, ElementSize.INLINE_COMPOSITE);
      return list.length === 0 ? 0 : 1 + walkWire(list.getStruct(0));
    };
    const reaches = (read: () => number): boolean => {
      try {
        return read() === 20;
      } catch (error) {
        expect((error as { code?: string }).code).toBe(ErrorCode.NESTING_LIMIT);
        return false;
      }
    };
    // The least limit that reads all 20 levels is the same through both, and each level costs two.
    const least = (read: (limit: number) => number) => {
      for (let limit = 1; limit < 100; limit++) if (reaches(() => read(limit))) return limit;
      return -1;
    };
    const generated = least((nestingLimit) => walk(gen.HolderReader.read(bytes, { nestingLimit })));
    const wire = least((nestingLimit) => walkWire(gen.HolderReader.read(bytes, { nestingLimit }).$));
    expect(generated).toBe(wire);
    expect(generated).toBeGreaterThanOrEqual(40);
    expect(generated).toBeLessThanOrEqual(42);
  });
});

describe('struct lists being built, made straight from the slot', () => {
  it('init, fill, iterate and read back, and give the wire-level builder through $', () => {
    const builder = new MessageBuilder();
    const holder = gen.Holder.initRoot(builder);
    const items = holder.initItems(3);
    expect(items.length).toBe(3);
    items.forEach((item: any, i: number) => { item.id = 10 + i; });
    let i = 0;
    for (const item of items) item.name = `n${i++}`;
    expect(items.get(2).id).toBe(12);
    expect(failure(() => items.get(3)).code).toBe(ErrorCode.INDEX_OUT_OF_RANGE);
    const wire = items.$;
    expect(wire).toBeInstanceOf(ListBuilder);
    expect([wire.length, wire.elementSize, wire.getStruct(1).getUint32(0)]).toEqual([3, ElementSize.INLINE_COMPOSITE, 11]);
    // Getting the list again finds the same elements.
    expect([...holder.items].map((item: any) => item.name)).toEqual(['n0', 'n1', 'n2']);
    expect(gen.HolderReader.read(builder.toBytes()).items.map((item: any) => [item.id, item.name])).toEqual([[10, 'n0'], [11, 'n1'], [12, 'n2']]);
  });

  it('get a null list as empty, a null defaulted list as a copy of its default, and upgrade a list of primitives', () => {
    const holder = gen.Holder.initRoot(new MessageBuilder());
    expect(holder.items.length).toBe(0);
    expect([...holder.items]).toEqual([]);
    const defaulted = holder.defaulted;
    expect(defaulted.length).toBe(2);
    defaulted.get(1).name = 'eight';
    expect(holder.defaulted.get(1).name).toBe('eight');
    expect(holder.defaulted.get(0).name).toBe('seven');

    // An older writer's List(UInt32) where List(Item) now is: getting it for writing upgrades it
    // to structs, each keeping its value as its first field.
    const old = new MessageBuilder();
    const list = old.initRoot(0, 3).initList(0, ElementSize.FOUR_BYTES, 2);
    list.setUint32(0, 41);
    list.setUint32(1, 42);
    const items = gen.Holder.getRoot(old).items;
    expect(items.length).toBe(2);
    expect([...items].map((item: any) => item.id)).toEqual([41, 42]);
    items.get(0).name = 'now a struct';
    expect(gen.HolderReader.read(old.toBytes()).items.map((item: any) => [item.id, item.name])).toEqual([[41, 'now a struct'], [42, '']]);
  });
});
