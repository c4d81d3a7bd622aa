/**
 * A table whose ids the peer chooses (answers, imports): the ids of the peer's own questions
 * and exports. Every implementation we talk to (ours, C++, Rust, Go, pycapnp) reuses freed ids,
 * so they stay small; those below DENSE_IDS live in an array, any others in a Map.
 *
 * Why not a Map for all: a call adds an answer and Finish removes it, and a `Map` that empties
 * shrinks its hash table on `delete` and grows it again on the next `set` (about 150 bytes of
 * new table per call with one call in flight); with a thousand calls in flight it rehashes as
 * it grows and shrinks. An array slot is written in place (docs/BENCHMARKS.md, "Answers
 * without a `Map`": burst-1000 took 3.0 µs a call before, 1.7 after).
 *
 * DENSE_IDS keeps the array's elements fast: V8 turns an array into a dictionary when an
 * element is written more than 1 024 past its end, which a peer choosing large ids (any
 * uint32 is valid) would otherwise do.
 */
export class PeerIdTable<T> {
  private readonly slots: (T | undefined)[] = [];
  private readonly sparse = new Map<number, T>();
  private count = 0;

  get(id: number): T | undefined {
    return id < DENSE_IDS ? this.slots[id] : this.sparse.get(id);
  }

  has(id: number): boolean {
    return this.get(id) !== undefined;
  }

  /** Adds or replaces the entry for `id` (a uint32). */
  set(id: number, value: T): void {
    if (id < DENSE_IDS) {
      const slots = this.slots;
      if (slots[id] === undefined) this.count++;
      // Grown one element at a time up to `id`, so the array never has a hole past its end.
      while (slots.length < id) slots.push(undefined);
      slots[id] = value;
    } else {
      if (!this.sparse.has(id)) this.count++;
      this.sparse.set(id, value);
    }
  }

  delete(id: number): void {
    if (id < DENSE_IDS) {
      if (this.slots[id] === undefined) return;
      this.slots[id] = undefined;
    } else if (!this.sparse.delete(id)) {
      return;
    }
    this.count--;
  }

  get size(): number {
    return this.count;
  }

  /** A snapshot of the entries, in no particular order (safe to change the table while using it). */
  values(): T[] {
    const values: T[] = [];
    for (const value of this.slots) if (value !== undefined) values.push(value);
    for (const value of this.sparse.values()) values.push(value);
    return values;
  }

  /** Forgets every entry (the connection ended). */
  clear(): void {
    this.slots.length = 0;
    this.sparse.clear();
    this.count = 0;
  }
}

const DENSE_IDS = 1024;
