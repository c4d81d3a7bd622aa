/**
 * Typed views of lists being read. Lists of numbers are read as typed arrays (see
 * `ListView.toTypedArray`); these wrappers cover the rest: structs, Bool, Void, and pointer
 * elements (Text, Data, nested lists, AnyPointer, capabilities) through a codec.
 */
import { CapnpError, checkNesting, ListReader, type Segment } from '../wire/index.js';
import type { ReaderClass } from './access.js';
import type { PointerCodec, PointerReadCodec } from './codec.js';
import { IndexIterator } from './iteration.js';
import type { GeneratedReaderCore } from './generated-struct.js';
import { movePaddedReader, readsPaddedData } from './padded-data.js';


/** What every list wrapper offers. */
export interface ReadonlyList<T> extends Iterable<T> {
  readonly length: number;
  get(index: number): T;
  toArray(): T[];
}

/**
 * A list of structs, read through a generated reader class. It holds where the list is itself,
 * as generated readers hold where their struct is: generated getters make it straight from the
 * pointer (`readStructList`), with no wire-level `ListReader` in between (`$` makes one when
 * asked). Whoever makes one has checked that the list can be read as structs (not a bit list:
 * the wire layer refuses one where structs are expected).
 */
export class StructList<R> implements ReadonlyList<R> {
  readonly segment: Segment;
  /** Byte offset of the first element. */
  readonly offset: number;
  readonly length: number;
  /** The encoding on the wire (an `ElementSize`: a newer schema's struct list may have been written as primitives or pointers). */
  readonly elementSize: number;
  /** Bytes from one element to the next, and each element's data bytes and pointers. */
  readonly step: number;
  readonly dataSize: number;
  readonly pointerCount: number;
  /** Pointer hops still allowed below the list (its elements sit one level deeper). */
  readonly nestingLimit: number;
  private readonly Reader: ReaderClass<R>;
  private readonly params: readonly PointerCodec<any, any, any, any>[] | undefined;

  constructor(
    segment: Segment, offset: number, length: number, elementSize: number, step: number, dataSize: number, pointerCount: number,
    nestingLimit: number, Reader: ReaderClass<R>, params?: readonly PointerCodec<any, any, any, any>[],
  ) {
    this.segment = segment;
    this.offset = offset;
    this.length = length;
    this.elementSize = elementSize;
    this.step = step;
    this.dataSize = dataSize;
    this.pointerCount = pointerCount;
    this.nestingLimit = nestingLimit;
    this.Reader = Reader;
    this.params = params;
  }

  /** This list as an untyped wire-level reader (a new one each time). */
  get $(): ListReader {
    return new ListReader(this.segment, this.offset, this.length, this.elementSize, this.step, this.dataSize, this.pointerCount, this.nestingLimit);
  }

  /**
   * The nesting limit of an element's reader, checked when an element is taken (as libcapnp's
   * `ListReader::getStructElement` does): an element is one level below its list.
   */
  elementNesting(): number {
    const limit = this.nestingLimit;
    checkNesting(limit);
    return limit - 1;
  }

  get(index: number): R {
    if ((index >>> 0) !== index || index >= this.length) {
      throw new CapnpError('INDEX_OUT_OF_RANGE', `index ${index} is out of range for a list of length ${this.length}`);
    }
    return this.elementAt(this.offset + index * this.step);
  }

  /** A reader of the element at byte offset `at` (internal: `get` and iteration check the index). */
  elementAt(at: number): R {
    const Reader = this.Reader;
    return Reader.$new !== undefined
      ? Reader.$new(this.segment, at, this.dataSize, at + this.dataSize, this.pointerCount, this.elementNesting())
      : new Reader(this.segment, at, this.dataSize, at + this.dataSize, this.pointerCount, this.elementNesting(), this.params);
  }

  [Symbol.iterator](): Iterator<R> {
    return new StructListIterator(this);
  }

  /**
   * Calls `fn` for each element through one reused reader, so iterating allocates nothing per
   * element. The reader passed to `fn` is valid only during that call: keep values, not it.
   */
  forEach(fn: (element: R, index: number) => void): void {
    const length = this.length;
    if (length === 0) return;
    const element = new this.Reader(this.segment, this.offset, this.dataSize, this.offset + this.dataSize, this.pointerCount, this.elementNesting(), this.params);
    if (readsPaddedData(element as unknown as GeneratedReaderCore)) {
      // Elements shorter than the reader class read a copy, refilled for each.
      for (let i = 0, at = this.offset; i < length; i++, at += this.step) {
        movePaddedReader(element as unknown as GeneratedReaderCore, at);
        fn(element, i);
      }
      return;
    }
    const cursor = element as unknown as { $data: number; $pointers: number };
    for (let i = 0, at = this.offset; i < length; i++, at += this.step) {
      cursor.$data = at;
      cursor.$pointers = at + this.dataSize;
      fn(element, i);
    }
  }

  /** Maps each element (a fresh reader per element, so `fn` may keep it). */
  map<T>(fn: (element: R, index: number) => T): T[] {
    const out = new Array<T>(this.length);
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
      throw new CapnpError('INDEX_OUT_OF_RANGE', `index ${index} is out of range for a list of length ${this.$.length}`);
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
  private readonly list: StructList<R>;
  private index = 0;

  constructor(list: StructList<R>) {
    this.list = list;
  }

  next(): IteratorResult<R> {
    const list = this.list;
    if (this.index >= list.length) return { value: undefined, done: true };
    return { value: list.elementAt(list.offset + this.index++ * list.step), done: false };
  }

  [Symbol.iterator](): Iterator<R> {
    return this;
  }
}
