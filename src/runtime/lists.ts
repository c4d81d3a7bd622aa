/**
 * Typed views of lists being read. Lists of numbers are read as typed arrays (see
 * `ListView.toTypedArray`); these wrappers cover the rest: structs, Bool, Void, and pointer
 * elements (Text, Data, nested lists, AnyPointer, capabilities) through a codec.
 */
import { CapnpError, ElementSize, ErrorCode, type ListReader } from '../wire/index.js';
import type { ReaderClass } from './access.js';
import type { PointerCodec, PointerReadCodec } from './codec.js';
import { IndexIterator } from './iteration.js';


/** What every list wrapper offers. */
export interface ReadonlyList<T> extends Iterable<T> {
  readonly length: number;
  get(index: number): T;
  toArray(): T[];
}

/** A list of structs, read through a generated reader class. */
export class StructList<R> implements ReadonlyList<R> {
  readonly $: ListReader;
  private readonly Reader: ReaderClass<R>;
  private readonly params: readonly PointerCodec<any, any, any, any>[] | undefined;

  constructor(list: ListReader, Reader: ReaderClass<R>, params?: readonly PointerCodec<any, any, any, any>[]) {
    if (list.elementSize === ElementSize.BIT) {
      throw new CapnpError(ErrorCode.LIST_TYPE_MISMATCH, 'a bit list (List(Bool)) cannot be read as a list of structs');
    }
    this.$ = list;
    this.Reader = Reader;
    this.params = params;
  }

  get length(): number {
    return this.$.length;
  }

  get(index: number): R {
    const list = this.$;
    if ((index >>> 0) !== index || index >= list.length) {
      throw new CapnpError(ErrorCode.INDEX_OUT_OF_RANGE, `index ${index} is out of range for a list of length ${list.length}`);
    }
    const at = list.offset + index * list.step;
    const Reader = this.Reader;
    return Reader.$new !== undefined
      ? Reader.$new(list.segment, at, list.dataSize, at + list.dataSize, list.pointerCount, list.elementNesting())
      : new Reader(list.segment, at, list.dataSize, at + list.dataSize, list.pointerCount, list.elementNesting(), this.params);
  }

  [Symbol.iterator](): Iterator<R> {
    return new StructListIterator(this.$, this.Reader, this.params);
  }

  /**
   * Calls `fn` for each element through one reused reader, so iterating allocates nothing per
   * element. The reader passed to `fn` is valid only during that call: keep values, not it.
   */
  forEach(fn: (element: R, index: number) => void): void {
    const list = this.$;
    const length = list.length;
    if (length === 0) return;
    const element = new this.Reader(list.segment, list.offset, list.dataSize, list.offset + list.dataSize, list.pointerCount, list.elementNesting(), this.params);
    const cursor = element as unknown as { $data: number; $pointers: number };
    for (let i = 0, at = list.offset; i < length; i++, at += list.step) {
      cursor.$data = at;
      cursor.$pointers = at + list.dataSize;
      fn(element, i);
    }
  }

  /** Maps each element (a fresh reader per element, so `fn` may keep it). */
  map<T>(fn: (element: R, index: number) => T): T[] {
    const out = new Array<T>(this.$.length);
    for (let i = 0; i < out.length; i++) out[i] = fn(this.get(i), i);
    return out;
  }

  toArray(): R[] {
    return this.map((element) => element);
  }
}

/** A list of pointers (Text, Data, lists, AnyPointer, capabilities), read through a codec. */
export class PointerList<R> implements ReadonlyList<R> {
  readonly $: ListReader;
  private readonly codec: PointerReadCodec<R>;

  constructor(list: ListReader, codec: PointerReadCodec<R>) {
    this.$ = list;
    this.codec = codec;
  }

  get length(): number {
    return this.$.length;
  }

  get(index: number): R {
    return this.codec.read(this.$, index);
  }

  [Symbol.iterator](): Iterator<R> {
    return new IndexIterator(this.$.length, (i) => this.get(i));
  }

  map<T>(fn: (element: R, index: number) => T): T[] {
    const out = new Array<T>(this.$.length);
    for (let i = 0; i < out.length; i++) out[i] = fn(this.get(i), i);
    return out;
  }

  toArray(): R[] {
    return this.map((element) => element);
  }
}

/** What the lists of values without a codec (Bool, Void) share: the wire-level list and its length. */
abstract class ValueList {
  readonly $: ListReader;

  constructor(list: ListReader) {
    this.$ = list;
  }

  get length(): number {
    return this.$.length;
  }
}

/** A List(Bool). */
export class BoolList extends ValueList implements ReadonlyList<boolean> {
  get(index: number): boolean {
    return this.$.getBool(index);
  }

  [Symbol.iterator](): Iterator<boolean> {
    return new IndexIterator(this.$.length, (i) => this.$.getBool(i));
  }

  toArray(): boolean[] {
    const out = new Array<boolean>(this.$.length);
    for (let i = 0; i < out.length; i++) out[i] = this.$.getBool(i);
    return out;
  }
}

/** A List(Void): only its length carries information. */
export class VoidList extends ValueList implements ReadonlyList<null> {
  get(index: number): null {
    if ((index >>> 0) !== index || index >= this.$.length) {
      throw new CapnpError(ErrorCode.INDEX_OUT_OF_RANGE, `index ${index} is out of range for a list of length ${this.$.length}`);
    }
    return null;
  }

  [Symbol.iterator](): Iterator<null> {
    return new IndexIterator(this.$.length, () => null);
  }

  toArray(): null[] {
    return new Array<null>(this.$.length).fill(null);
  }
}

/**
 * Iterates a struct list with a fresh reader per element (so elements may be kept). A class of
 * its own rather than IndexIterator's callback: for-of over a list is the common way to read
 * one, and the direct calls inline (bench: news read-all).
 */
class StructListIterator<R> implements Iterator<R> {
  private readonly list: ListReader;
  private readonly Reader: ReaderClass<R>;
  private readonly params: readonly PointerCodec<any, any, any, any>[] | undefined;
  private index = 0;

  constructor(list: ListReader, Reader: ReaderClass<R>, params: readonly PointerCodec<any, any, any, any>[] | undefined) {
    this.list = list;
    this.Reader = Reader;
    this.params = params;
  }

  next(): IteratorResult<R> {
    const list = this.list;
    if (this.index >= list.length) return { value: undefined, done: true };
    const at = list.offset + this.index++ * list.step;
    const Reader = this.Reader;
    const element = Reader.$new !== undefined
      ? Reader.$new(list.segment, at, list.dataSize, at + list.dataSize, list.pointerCount, list.elementNesting())
      : new Reader(list.segment, at, list.dataSize, at + list.dataSize, list.pointerCount, list.elementNesting(), this.params);
    return { value: element, done: false };
  }

  [Symbol.iterator](): Iterator<R> {
    return this;
  }
}
