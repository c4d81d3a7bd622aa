/**
 * A plain index iterator for list wrappers. Generators are markedly slower in V8 than an
 * object with `next()`, and list iteration is on the hot path of reading.
 */
export class IndexIterator<T> implements Iterator<T> {
  private index = 0;
  private readonly length: number;
  private readonly at: (index: number) => T;

  constructor(length: number, at: (index: number) => T) {
    this.length = length;
    this.at = at;
  }

  next(): IteratorResult<T> {
    if (this.index < this.length) return { value: this.at(this.index++), done: false };
    return { value: undefined, done: true };
  }

  [Symbol.iterator](): Iterator<T> {
    return this;
  }
}
