/**
 * A table whose ids we choose (questions, exports, embargoes): freed ids are reused (the most
 * recently freed first), so ids stay small and the table dense, and an id is never reused while
 * its entry is still in the table.
 */
export class IdTable<T> {
  private readonly slots: (T | undefined)[] = [];
  private readonly free: number[] = [];
  private count = 0;

  add(value: T): number {
    const id = this.free.length > 0 ? this.free.pop()! : this.slots.length;
    this.slots[id] = value;
    this.count++;
    return id;
  }

  get(id: number): T | undefined {
    return this.slots[id];
  }

  delete(id: number): T | undefined {
    const value = this.slots[id];
    if (value === undefined) return undefined;
    this.slots[id] = undefined;
    this.count--;
    if (this.count === 0 && this.slots.length > SHRINK_AFTER) {
      // Empty again after a burst: start over from id 0 and let the arrays shrink. (Below
      // that size the arrays are kept: emptying and regrowing them on every call costs more.)
      this.slots.length = 0;
      this.free.length = 0;
    } else {
      this.free.push(id);
    }
    return value;
  }

  /** Forgets every entry (the connection ended). */
  clear(): void {
    this.slots.length = 0;
    this.free.length = 0;
    this.count = 0;
  }

  get size(): number {
    return this.count;
  }

  *values(): IterableIterator<T> {
    for (const value of this.slots) if (value !== undefined) yield value;
  }
}

const SHRINK_AFTER = 256;
