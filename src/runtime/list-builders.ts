/**
 * Typed views of lists being built. None of them caches a view of the message's bytes: a
 * segment can move when the message grows, so each access goes through the segment.
 */
import {
  CapnpError, ErrorCode, TYPED_ARRAYS, type ListBuilder, type PrimitiveElementType, type TypedArrayOf,
} from '../wire/index.js';
import type { BuilderClass } from './access.js';
import type { PointerCodec } from './codec.js';
import { IndexIterator } from './iteration.js';


/** A list of structs being built. */
export class StructListBuilder<B> implements Iterable<B> {
  readonly $: ListBuilder;
  private readonly Builder: BuilderClass<B>;
  private readonly params: readonly PointerCodec<any, any, any, any>[] | undefined;

  constructor(list: ListBuilder, Builder: BuilderClass<B>, params?: readonly PointerCodec<any, any, any, any>[]) {
    this.$ = list;
    this.Builder = Builder;
    this.params = params;
  }

  get length(): number {
    return this.$.length;
  }

  get(index: number): B {
    const list = this.$;
    if ((index >>> 0) !== index || index >= list.length) {
      throw new CapnpError(ErrorCode.INDEX_OUT_OF_RANGE, `index ${index} is out of range for a list of length ${list.length}`);
    }
    const at = list.offset + index * list.step;
    const Builder = this.Builder;
    return Builder.$new !== undefined
      ? Builder.$new(list.segment, at, list.dataSize, at + list.dataSize, list.pointerCount)
      : new Builder(list.segment, at, list.dataSize, at + list.dataSize, list.pointerCount, this.params);
  }

  [Symbol.iterator](): Iterator<B> {
    return new StructListBuilderIterator(this.$, this.Builder, this.params);
  }

  /** Calls `fn` for each element through one reused builder, valid only during that call. */
  forEach(fn: (element: B, index: number) => void): void {
    const list = this.$;
    const length = list.length;
    if (length === 0) return;
    const element = new this.Builder(list.segment, list.offset, list.dataSize, list.offset + list.dataSize, list.pointerCount, this.params);
    const cursor = element as unknown as { $data: number; $pointers: number };
    for (let i = 0, at = list.offset; i < length; i++, at += list.step) {
      cursor.$data = at;
      cursor.$pointers = at + list.dataSize;
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
    throw new CapnpError(ErrorCode.INVALID_ARGUMENT, `expected ${length} values, got ${given}`);
  }
}

const LITTLE_ENDIAN_HOST = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

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
    const Ctor = TYPED_ARRAYS[this.type];
    const size = Ctor.BYTES_PER_ELEMENT;
    const bytes = list.segment.bytes;
    const start = bytes.byteOffset + list.offset;
    if (LITTLE_ENDIAN_HOST && list.step === size && start % size === 0) {
      const view = new Ctor(bytes.buffer as ArrayBuffer, start, list.length) as TypedArrayOf<K>;
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
  private readonly list: ListBuilder;
  private readonly Builder: BuilderClass<B>;
  private readonly params: readonly PointerCodec<any, any, any, any>[] | undefined;
  private index = 0;

  constructor(list: ListBuilder, Builder: BuilderClass<B>, params: readonly PointerCodec<any, any, any, any>[] | undefined) {
    this.list = list;
    this.Builder = Builder;
    this.params = params;
  }

  next(): IteratorResult<B> {
    const list = this.list;
    if (this.index >= list.length) return { value: undefined, done: true };
    const at = list.offset + this.index++ * list.step;
    const Builder = this.Builder;
    const element = Builder.$new !== undefined
      ? Builder.$new(list.segment, at, list.dataSize, at + list.dataSize, list.pointerCount)
      : new Builder(list.segment, at, list.dataSize, at + list.dataSize, list.pointerCount, this.params);
    return { value: element, done: false };
  }

  [Symbol.iterator](): Iterator<B> {
    return this;
  }
}
