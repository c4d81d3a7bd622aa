import { describe, expect, it } from 'vitest';
import { PeerIdTable } from '../../src/rpc/peer-id-table.js';

describe('PeerIdTable (answers and imports: ids the peer chooses)', () => {
  it('behaves as a Map for ids in the array, past it and at the ends of uint32', () => {
    // A model Map and the table, driven by the same pseudo-random operations over ids on both
    // sides of the array's bound (1 024) and at 2^32 - 1.
    const ids = [0, 1, 2, 7, 1022, 1023, 1024, 1025, 5000, 0x7fffffff, 0xffffffff];
    const table = new PeerIdTable<string>();
    const model = new Map<number, string>();
    let seed = 12345;
    const random = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    for (let step = 0; step < 5000; step++) {
      const id = ids[random(ids.length)]!;
      switch (random(3)) {
        case 0:
          table.set(id, `v${step}`);
          model.set(id, `v${step}`);
          break;
        case 1:
          table.delete(id);
          model.delete(id);
          break;
        default:
          expect(table.get(id)).toBe(model.get(id));
          expect(table.has(id)).toBe(model.has(id));
      }
      expect(table.size).toBe(model.size);
    }
    expect(table.values().sort()).toEqual([...model.values()].sort());
    table.clear();
    expect(table.size).toBe(0);
    expect(table.values()).toEqual([]);
    expect(ids.map((id) => table.get(id))).toEqual(ids.map(() => undefined));
  });

  it('replacing an entry keeps the count; deleting a missing id changes nothing', () => {
    const table = new PeerIdTable<number>();
    table.set(3, 1);
    table.set(3, 2);
    table.set(70000, 1);
    table.set(70000, 2);
    expect(table.size).toBe(2);
    table.delete(4);
    table.delete(70001);
    expect(table.size).toBe(2);
    expect([table.get(3), table.get(70000)]).toEqual([2, 2]);
  });

  it('values() is a snapshot: entries may be deleted while iterating it', () => {
    const table = new PeerIdTable<number>();
    for (const id of [1, 2, 3000]) table.set(id, id);
    for (const value of table.values()) table.delete(value);
    expect(table.size).toBe(0);
  });
});
