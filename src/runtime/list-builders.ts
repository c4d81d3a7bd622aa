/**
 * Typed views of lists being built. None of them caches a view of the message's bytes: a
 * segment can move when the message grows, so each access goes through the segment.
 */
import {
  CapnpError, ListBuilder, TYPED_ARRAYS, typedArrayInPlace, type PrimitiveElementType, type Segment, type TypedArrayOf,
} from '../wire/index.js';
import { Size } from '../wire/core/layout.js';
import type { BuilderClass } from './access.js';
import type { PointerCodec } from './codec.js';
import { IndexIterator } from './iteration.js';
import { NO_NESTING_LIMIT } from '../wire/core/limits.js';


/**
 * A list of structs being built. It holds where the list is itself, as generated builders hold
 * where their struct is: generated code makes it straight from the slot (`initStructListOf`,
 * `getStructListOf`), with no wire-level `ListBuilder` in between (`$` makes one when asked).
 */
export class StructListBuilder<B> implements Iterable<B> {
  readonly segment: Segment;
  /** Byte offset of the first element. */
  readonly offset: number;
  readonly length: number;
  /** Bytes from one element to the next, and each element's data bytes and pointers. */
  readonly step: number;
  readonly dataSize: number;
  readonly pointerCount: number;
  private readonly Builder: BuilderClass<B>;
  private readonly params: readonly PointerCodec<any, any, any, any>[] | undefined;

  constructor(
    segment: Segment, offset: number, length: number, step: number, dataSize: number, pointerCount: number,
    Builder: BuilderClass<B>, params?: readonly PointerCodec<any, any, any, any>[],
  ) {
    this.segment = segment;
    this.offset = offset;
    this.length = length;
    this.step = step;
    this.dataSize = dataSize;
    this.pointerCount = pointerCount;
    this.Builder = Builder;
    this.params = params;
  }

  /** This list as an untyped wire-level builder (a new one each time). */
  get $(): ListBuilder {
    return new ListBuilder(this.segment, this.offset, this.length, Size.INLINE_COMPOSITE, this.step, this.dataSize, this.pointerCount, NO_NESTING_LIMIT);
  }

  get(index: number): B {
    if ((index >>> 0) !== index || index >= this.length) {
      throw new CapnpError('INDEX_OUT_OF_RANGE', `index ${index} is out of range for a list of length ${this.length}`);
    }
    return this.elementAt(this.offset + index * this.step);
  }

  /** A builder of the element at byte offset `at` (internal: `get` and iteration check the index). */
  elementAt(at: number): B {
    const Builder = this.Builder;
    return Builder.$new !== undefined
      ? Builder.$new(this.segment, at, this.dataSize, at + this.dataSize, this.pointerCount)
      : new Builder(this.segment, at, this.dataSize, at + this.dataSize, this.pointerCount, this.params);
  }

  [Symbol.iterator](): Iterator<B> {
    return new StructListBuilderIterator(this);
  }

  /** Calls `fn` for each element through one reused builder, valid only during that call. */
  forEach(fn: (element: B, index: number) => void): void {
    const length = this.length;
    if (length === 0) return;
    const element = new this.Builder(this.segment, this.offset, this.dataSize, this.offset + this.dataSize, this.pointerCount, this.params);
    const cursor = element as unknown as { $data: number; $pointers: number };
    for (let i = 0, at = this.offset; i < length; i++, at += this.step) {
      cursor.$data = at;
      cursor.$pointers = at + this.dataSize;
      fn(element, i);
    }
  }
}

/** A list of pointers being built (Text, Data, lists, AnyPointer, capabilities), through a codec. */
export class PointerListBuilder<B, I> implements Iterable<B> {
  readonly $: ListBuilder;
  private readonly codec: PointerCodec<unknown, B, unknown, I>;

  constructor(list: ListBuilder, codec: PointerCodec<unknown, B, unknown, I>) {
    this.$ = list;
    this.codec = codec;
  }

  get length(): number {
    return this.$.length;
  }

  get(index: number): B {
    return this.codec.get(this.$, index);
  }

  set(index: number, value: I | null | undefined): void {
    this.codec.set(this.$, index, value);
  }

  [Symbol.iterator](): Iterator<B> {
    return new IndexIterator(this.$.length, (i) => this.get(i));
  }
}

/** A List(Bool) being built. */
export class BoolListBuilder implements Iterable<boolean> {
  readonly $: ListBuilder;

  constructor(list: ListBuilder) {
    this.$ = list;
  }

  get length(): number {
    return this.$.length;
  }

  get(index: number): boolean {
    return this.$.getBool(index);
  }

  set(index: number, value: boolean): void {
    this.$.setBool(index, value);
  }

  setAll(values: ArrayLike<boolean>): void {
    checkLength(values.length, this.$.length);
    for (let i = 0; i < values.length; i++) this.$.setBool(i, values[i]!);
  }

  [Symbol.iterator](): Iterator<boolean> {
    return new IndexIterator(this.$.length, (i) => this.$.getBool(i));
  }
}

/** A List(Void) being built: it has a length and nothing else. */
export class VoidListBuilder {
  readonly $: ListBuilder;

  constructor(list: ListBuilder) {
    this.$ = list;
  }

  get length(): number {
    return this.$.length;
  }
}

function checkLength(given: number, length: number): void {
  if (given !== length) {
    throw new CapnpError('INVALID_ARGUMENT', `expected ${length} values, got ${given}`);
  }
}

type ElementValue<K extends PrimitiveElementType> = K extends 'int64' | 'uint64' ? bigint : number;

/** A list of numbers (or enums) being built. */
export class PrimitiveListBuilder<K extends PrimitiveElementType> implements Iterable<ElementValue<K>> {
  readonly $: ListBuilder;
  readonly type: K;

  constructor(list: ListBuilder, type: K) {
    this.$ = list;
    this.type = type;
  }

  get length(): number {
    return this.$.length;
  }

  get(index: number): ElementValue<K> {
    const list = this.$;
    switch (this.type) {
      case 'int8': return list.getInt8(index) as ElementValue<K>;
      case 'uint8': return list.getUint8(index) as ElementValue<K>;
      case 'int16': return list.getInt16(index) as ElementValue<K>;
      case 'uint16': return list.getUint16(index) as ElementValue<K>;
      case 'int32': return list.getInt32(index) as ElementValue<K>;
      case 'uint32': return list.getUint32(index) as ElementValue<K>;
      case 'float32': return list.getFloat32(index) as ElementValue<K>;
      case 'float64': return list.getFloat64(index) as ElementValue<K>;
      case 'int64': return list.getInt64(index) as ElementValue<K>;
      default: return list.getUint64(index) as ElementValue<K>;
    }
  }

  set(index: number, value: ElementValue<K>): void {
    const list = this.$;
    switch (this.type) {
      case 'int8': list.setInt8(index, value as number); break;
      case 'uint8': list.setUint8(index, value as number); break;
      case 'int16': list.setInt16(index, value as number); break;
      case 'uint16': list.setUint16(index, value as number); break;
      case 'int32': list.setInt32(index, value as number); break;
      case 'uint32': list.setUint32(index, value as number); break;
      case 'float32': list.setFloat32(index, value as number); break;
      case 'float64': list.setFloat64(index, value as number); break;
      case 'int64': list.setInt64(index, value as bigint); break;
      default: list.setUint64(index, value as bigint); break;
    }
  }

  /** Sets every element from `values` (same length), in one copy when the layout allows. */
  setAll(values: ArrayLike<ElementValue<K>>): void {
    const list = this.$;
    checkLength(values.length, list.length);
    // A builder's memory is aligned, so its list is viewed in place unless stored wider.
    const view = typedArrayInPlace<K>(list.segment, list.offset, list.length, list.step, TYPED_ARRAYS[this.type]);
    if (view !== null) {
      (view as unknown as { set(values: ArrayLike<unknown>): void }).set(values);
      return;
    }
    for (let i = 0; i < values.length; i++) this.set(i, values[i]!);
  }

  /** A copy of the elements (a copy, since the builder's memory may move). */
  toTypedArray(): TypedArrayOf<K> {
    return this.$.toTypedArray(this.type).slice() as TypedArrayOf<K>;
  }

  [Symbol.iterator](): Iterator<ElementValue<K>> {
    return new IndexIterator(this.$.length, (i) => this.get(i));
  }
}

/** Iterates a struct list being built (a class of its own, like StructList's iterator). */
class StructListBuilderIterator<B> implements Iterator<B> {
  private readonly list: StructListBuilder<B>;
  private index = 0;

  constructor(list: StructListBuilder<B>) {
    this.list = list;
  }

  next(): IteratorResult<B> {
    const list = this.list;
    if (this.index >= list.length) return { value: undefined, done: true };
    return { value: list.elementAt(list.offset + this.index++ * list.step), done: false };
  }

  [Symbol.iterator](): Iterator<B> {
    return this;
  }
}
