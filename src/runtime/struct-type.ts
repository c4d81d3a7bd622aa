import {
  CapnpError, ElementSize, existingStruct, getStructIn, initStructIn, ListView, locateRoot, MessageBuilder, StructReader, StructView,
  type BuilderOptions, type MessageFormat, type MessageReader, type ReadMessageOptions, type StructBuilder,
} from '../wire/index.js';
import type { PointerCodec, PointerSource, PointerTarget } from './codec.js';
import { wrapBuilder, wrapReader, type BuilderClass, type ReaderClass } from './access.js';
import { borrowBuilder, returnBuilder, shouldBatchText, textBatchMissed, worthKeeping } from './scratch-builder.js';
import { withAssignOptions, type AssignOptions } from './unknown-keys.js';
import { describeValue, refuseArray, refuseNonObject } from './error-path.js';
import { checkOptionsObject } from '../wire/core/options-object.js';

/**
 * What every generated struct reader offers. The `$`-prefixed members are the runtime's
 * contract: schema names never start with `$`, so no field can shadow them (generated classes
 * also offer `toObject()` unless a field is named so).
 */
export interface StructReaderLike<O> {
  readonly $: StructReader;
  $toObject(): O;
}

/** What every generated struct builder offers (`assign()` too, unless a field is named so). */
export interface StructBuilderLike<I, R> {
  readonly $: StructBuilder;
  $assign(value: I): void;
  $asReader(): R;
}

export interface EncodeOptions extends BuilderOptions, AssignOptions {
  /** Default `binary`. */
  format?: MessageFormat;
  /** Build in this builder (reset first) instead of a new one, reusing its memory. */
  builder?: MessageBuilder;
  /**
   * Default true: the result is new memory of its own. False (with `builder`, or with
   * `buffer`, where it is the default) returns the `binary` message as a view of the
   * builder's memory, framed in place (`MessageBuilder#frame()`): no copy, valid until the
   * builder is reset or used again. Only the `binary` format is framed in place.
   */
  copy?: boolean;
}

/**
 * A struct type of a schema, as generated code exposes it: its id and size, its reader and
 * builder classes, and the message-level operations (read a root, encode an object, decode
 * bytes). It is also the codec of the type for lists of lists and generics.
 *
 * O is the plain-object form, I what `encode` and `assign` accept, R the reader, B the builder.
 */
export class StructType<O, I, R extends StructReaderLike<O>, B extends StructBuilderLike<I, R>>
  implements PointerCodec<R, B, O, I | R> {
  readonly typeId: bigint;
  readonly displayName: string;
  readonly dataWords: number;
  readonly pointerCount: number;
  readonly Reader: ReaderClass<R>;
  readonly Builder: BuilderClass<B>;
  /** Codecs bound to the type's generic parameters (empty for unbound or non-generic types). */
  readonly params: readonly PointerCodec<any, any, any, any>[];

  constructor(
    typeId: bigint, displayName: string, dataWords: number, pointerCount: number, Reader: ReaderClass<R>, Builder: BuilderClass<B>,
    params: readonly PointerCodec<any, any, any, any>[] = [],
  ) {
    this.typeId = typeId;
    this.displayName = displayName;
    this.dataWords = dataWords;
    this.pointerCount = pointerCount;
    this.Reader = Reader;
    this.Builder = Builder;
    this.params = params;
  }

  /** This generic type with its parameters bound to `params` (codecs, in declaration order). */
  bind(params: readonly PointerCodec<any, any, any, any>[]): StructType<any, any, any, any> {
    return new StructType(this.typeId, this.displayName, this.dataWords, this.pointerCount, this.Reader, this.Builder, params);
  }

  /**
   * This type's reader over a schema-less struct: the value of an AnyPointer or AnyStruct field
   * (`Person.wrap(reader.payload.getStruct())`), or a struct found by the dynamic API.
   */
  wrap(struct: StructReader): R {
    return wrapReader(this.Reader, struct, this.params);
  }

  /** This type's builder over a schema-less struct builder (see `wrap`). */
  wrapBuilder(struct: StructBuilder): B {
    return wrapBuilder(this.Builder, struct, this.params);
  }

  private reader(struct: StructReader): R {
    return this.wrap(struct);
  }

  private builder(struct: StructBuilder): B {
    return this.wrapBuilder(struct);
  }

  /** Reads a message (framed by default; see `ReadMessageOptions.format`) and returns its root. */
  read(bytes: Uint8Array | ArrayBuffer, options?: ReadMessageOptions): R;
  /** Reads pointer `index` of a struct or pointer list as this type. */
  read(from: PointerSource, index: number): R;
  read(source: Uint8Array | ArrayBuffer | PointerSource, second?: ReadMessageOptions | number): R {
    // Told apart by the index, which only the pointer form has: anything else given first is
    // read as bytes, and what is not bytes is refused there by name (wire/core/input-bytes.ts).
    if (typeof second !== 'number') {
      const at = locateRoot(source as Uint8Array | ArrayBuffer, second);
      return new this.Reader(at.segment, at.data, at.dataSize, at.data + at.dataSize, at.pointerCount, at.nestingLimit, this.params);
    }
    if (source instanceof ListView) return this.reader(source.getStructPointer(second));
    if (source instanceof StructView) return this.reader((source as StructReader).getStruct(second));
    return refusePointerSource(source);
  }

  /** The root of a message being read, as this type. */
  readRoot(message: MessageReader): R {
    return this.reader(message.getRoot());
  }

  /** Bytes to a plain object, in one call. */
  decode(bytes: Uint8Array | ArrayBuffer, options?: ReadMessageOptions): O {
    return this.read(bytes, options).$toObject();
  }

  /**
   * A plain object (or a reader, copied) to bytes, in one call. Every value is checked against
   * its field's type (docs/objects.md); `unknownKeys: 'reject'` also refuses properties that
   * name no field.
   */
  encode(value: I | R, options?: EncodeOptions): Uint8Array<ArrayBuffer> {
    checkOptionsObject(options);
    if (options?.unknownKeys !== undefined) return withAssignOptions(options, () => this.encodeValue(value, options));
    return this.encodeValue(value, options);
  }

  private encodeValue(value: I | R, options: EncodeOptions | undefined): Uint8Array<ArrayBuffer> {
    if (options === undefined) return this.encodeInScratch(value, undefined);
    const given = options.builder;
    if (given !== undefined) {
      given.reset();
      this.fill(given, value);
      return output(given, options.format, options.copy !== false);
    }
    if (options.buffer !== undefined || options.firstSegmentWords !== undefined || options.growth !== undefined || options.maxSegmentWords !== undefined) {
      // A builder of the caller's own: its memory is not shared, so by default no copy either.
      const message = new MessageBuilder(options);
      this.fill(message, value);
      return output(message, options.format, options.copy ?? options.buffer === undefined);
    }
    if (options.copy === false) {
      throw new CapnpError('INVALID_ARGUMENT', 'encode: copy: false needs a builder (or buffer) of the caller\'s: without one the message is built in memory shared by every encode');
    }
    return this.encodeInScratch(value, options.format);
  }

  /**
   * `encode` in the shared idle builder (scratch-builder.ts), copying the result out so the
   * builder can be reused. A message too large for the builder to be kept is not copied: the
   * builder is dropped and its memory, framed in place, is the result (no second copy of a
   * message of many megabytes at its peak).
   */
  private encodeInScratch(value: I | R, format: MessageFormat | undefined): Uint8Array<ArrayBuffer> {
    const message = borrowBuilder();
    try {
      this.fill(message, value);
    } catch (error) {
      returnBuilder(message);
      throw error;
    }
    if (!worthKeeping(message)) return output(message, format, false);
    const bytes = output(message, format, true);
    returnBuilder(message);
    return bytes;
  }

  /**
   * Builds `value` as the root of the empty `message`, with its Text deferred and written in
   * blocks (text-batch.ts; the native attempt skipped for a while after non-ASCII text).
   */
  private fill(message: MessageBuilder, value: I | R): void {
    message.startTextBatch(shouldBatchText());
    let ascii: boolean;
    try {
      this.setRoot(message, value);
      ascii = message.finishTextBatch();
    } catch (error) {
      // The batch must not outlive a failed build (the builder may be the caller's).
      message.reset();
      throw error;
    }
    if (!ascii) textBatchMissed();
  }

  /** Makes the root of `message` a new struct of this type. */
  initRoot(message: MessageBuilder): B {
    // Straight into this type's builder, with no wire-level StructBuilder made on the way (not
    // through access.ts's `initStruct`, whose call of `$new` generated builders keep
    // monomorphic: type feedback is per function, shared by every place V8 inlines it).
    const first = message.arena.first;
    initStructIn(first, first.start, this.dataWords, this.pointerCount);
    const s = existingStruct;
    return new this.Builder(s.segment, s.data, s.dataSize, s.data + s.dataSize, s.pointerCount, this.params);
  }

  /** The root of `message` as this type, for writing (made if absent, upgraded if smaller). */
  getRoot(message: MessageBuilder): B {
    const first = message.arena.first;
    getStructIn(first, first.start, this.dataWords, this.pointerCount, null);
    const s = existingStruct;
    return new this.Builder(s.segment, s.data, s.dataSize, s.data + s.dataSize, s.pointerCount, this.params);
  }

  /** Makes the root of `message` a copy of `value` (a plain object, or a reader of this type). */
  setRoot(message: MessageBuilder, value: I | R): void {
    if (value instanceof this.Reader) {
      message.setRoot(value.$);
      return;
    }
    refuseArray(value, this.displayName);
    this.initRoot(message).$assign(value as I);
  }

  toObject(from: PointerSource, index: number): O | null {
    const struct = source(from, index);
    return struct === null ? null : this.reader(struct).$toObject();
  }

  get(to: PointerTarget, index: number): B {
    if (to instanceof ListView) return this.builder(to.getPointer(index).getStruct(this.dataWords, this.pointerCount));
    return this.builder(to.getStruct(index, this.dataWords, this.pointerCount));
  }

  set(to: PointerTarget, index: number, value: I | R | null | undefined): void {
    const slot = to instanceof ListView ? to.getPointer(index) : null;
    if (value == null) {
      if (slot) slot.clear();
      else (to as StructBuilder).clearPointer(index);
      return;
    }
    if (value instanceof this.Reader) {
      if (slot) slot.setStruct(value.$);
      else (to as StructBuilder).setStruct(index, value.$);
      return;
    }
    // Refused before the slot is cleared for the new struct: a number loses nothing.
    refuseNonObject(value, this.displayName);
    const struct = slot ? slot.initStruct(this.dataWords, this.pointerCount) : (to as StructBuilder).initStruct(index, this.dataWords, this.pointerCount);
    try {
      this.builder(struct).$assign(value as I);
    } catch (e) {
      // No half-written struct is left behind (see assignListAt).
      if (slot) slot.clear();
      else (to as StructBuilder).clearPointer(index);
      throw e;
    }
  }
}

/** The built message as the caller asked: a copy, or the builder's memory framed in place. */
function output(message: MessageBuilder, format: MessageFormat | undefined, copy: boolean): Uint8Array<ArrayBuffer> {
  return copy || (format !== undefined && format !== 'binary') ? message.toBytes(format) : message.frame();
}

/** `read(from, index)` given something other than a struct or pointer list to read from. */
function refusePointerSource(from: unknown): never {
  throw new CapnpError('INVALID_ARGUMENT', `read(from, index) reads a pointer of a struct or list reader, got ${describeValue(from)}`);
}

function source(from: PointerSource, index: number): StructReader | null {
  if (from instanceof ListView) {
    const pointer = from.getPointer(index);
    return pointer.isNull() ? null : pointer.getStruct();
  }
  return from.hasPointer(index) ? from.getStruct(index) : null;
}

export { ElementSize };
