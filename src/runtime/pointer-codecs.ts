/**
 * Codecs of the built-in pointer types and of lists, for lists of lists and generic
 * parameters (see `PointerCodec`).
 */
import {
  AnyPointerBuilder, AnyPointerReader, ANY_SIZE, CapnpError, initListAt, initStructListAt,
  ListReader, ListView, PRIMITIVE_ELEMENT_SIZES, setListAt, StructReader, zeroObject,
  type ListBuilder, type PrimitiveElementType, type Segment, type StructBuilder, type TypedArrayOf,
} from '../wire/index.js';
import { Size } from '../wire/core/layout.js';
import { hasPointerAt, type PointerCodec, type PointerReadCodec, type PointerSource, type PointerTarget } from './codec.js';
import { notData, notText } from './access.js';
import { atStep, describeValue, refuseArray } from './error-path.js';
import { checkBoolElements, checkNumberElements, checkVoidElements } from './value-checks.js';
import { BoolListBuilder, PointerListBuilder, PrimitiveListBuilder, StructListBuilder, VoidListBuilder } from './list-builders.js';
import { BoolList, PointerList, StructList, VoidList } from './lists.js';
import { StructType, type StructBuilderLike, type StructReaderLike } from './struct-type.js';
import { pointerListToObject, structListToObject, valueListToObject } from './list-objects.js';

function slotOf(to: PointerTarget, index: number): AnyPointerBuilder {
  return to instanceof ListView ? (to as ListBuilder).getPointer(index) : (to as StructBuilder).getPointer(index);
}

function pointerOf(from: PointerSource, index: number): AnyPointerReader {
  return from.getPointer(index);
}

export type TextCodec = PointerCodec<string, string, string, string>;
export type DataCodec = PointerCodec<Uint8Array, Uint8Array, Uint8Array, Uint8Array>;
export type CapabilityCodec = PointerCodec<unknown, unknown, unknown, unknown>;

/** Reading Text (see `PointerReadCodec`). */
export const TEXT_READ: PointerReadCodec<string, string> = {
  read: (from, index) => from.getText(index),
  toObject: (from, index) => (hasPointerAt(from, index) ? from.getText(index) : null),
};

/** Reading Data (see `PointerReadCodec`). */
export const DATA_READ: PointerReadCodec<Uint8Array, Uint8Array> = {
  read: (from, index) => from.getData(index),
  toObject: (from, index) => (hasPointerAt(from, index) ? from.getData(index) : null),
};

/** Text: read as `string`. */
export const TEXT: TextCodec = {
  read: TEXT_READ.read,
  toObject: TEXT_READ.toObject,
  get: (to, index) => to.getText(index),
  set: (to, index, value) => {
    if (value == null) slotOf(to, index).clear();
    else if (typeof value === 'string') slotOf(to, index).setText(value);
    else throw notText(value);
  },
};

/** Data: read as a `Uint8Array` view of the message. */
export const DATA: DataCodec = {
  read: DATA_READ.read,
  toObject: DATA_READ.toObject,
  get: (to, index) => to.getData(index),
  set: (to, index, value) => {
    if (value == null) slotOf(to, index).clear();
    else if (value instanceof Uint8Array) slotOf(to, index).setData(value);
    else throw notData(value);
  },
};

type AnyValue = AnyPointerReader | StructReader | ListReader;

/** Copies a reader of any kind into a slot. */
export function setAnyPointer(slot: AnyPointerBuilder, value: AnyValue | null | undefined): void {
  if (value == null) slot.clear();
  else if (value instanceof AnyPointerReader) slot.set(value);
  else if (value instanceof StructReader) slot.setStruct(value);
  else if (value instanceof ListView) slot.setList(value as ListReader);
  else throw new CapnpError('INVALID_ARGUMENT', `expected a reader (AnyPointerReader, StructReader or ListReader) to copy, got ${describeValue(value)}`);
}

/** AnyPointer: read as an `AnyPointerReader`, written as one (copied). */
export const ANY_POINTER: PointerCodec<AnyPointerReader, AnyPointerBuilder, AnyPointerReader, AnyValue> = {
  read: pointerOf,
  toObject: (from, index) => (hasPointerAt(from, index) ? pointerOf(from, index) : null),
  get: slotOf,
  set: (to, index, value) => setAnyPointer(slotOf(to, index), value),
};

export type AnyStructCodec = PointerCodec<StructReader, AnyPointerBuilder, StructReader, AnyValue>;
export type AnyListCodec = PointerCodec<ListReader, AnyPointerBuilder, ListReader, AnyValue>;

/** AnyStruct: read as a `StructReader` (any other kind of pointer is an error), written from any reader. */
export const ANY_STRUCT: AnyStructCodec = {
  read: (from, index) => from.getPointer(index).getStruct(),
  toObject: (from, index) => (hasPointerAt(from, index) ? from.getPointer(index).getStruct() : null),
  get: slotOf,
  set: (to, index, value) => setAnyPointer(slotOf(to, index), value),
};

/** AnyList: read as a `ListReader` in whatever encoding it has, written from any reader. */
export const ANY_LIST: AnyListCodec = {
  read: (from, index) => from.getPointer(index).getList(ANY_SIZE),
  toObject: (from, index) => (hasPointerAt(from, index) ? from.getPointer(index).getList(ANY_SIZE) : null),
  get: slotOf,
  set: (to, index, value) => setAnyPointer(slotOf(to, index), value),
};

/** Capability (and interface types until RPC gives them behaviour): the cap-table entry. */
export const CAPABILITY: CapabilityCodec = {
  read: (from, index) => from.getCapability(index),
  toObject: (from, index) => from.getCapability(index),
  get: (to, index) => to.getCapability(index),
  set: (to, index, value) => slotOf(to, index).setCapability(value),
};

/** What a list's elements are: a number type, Bool, Void, a struct type or a pointer codec. */
export type ElementType =
  | PrimitiveElementType
  | 'bool'
  | 'void'
  | StructType<any, any, any, any>
  | PointerCodec<any, any, any, any>;

/** The element size a list of `element` is read with. */
export function elementSizeOf(element: ElementType): number {
  if (typeof element === 'string') {
    if (element === 'bool') return Size.BIT;
    if (element === 'void') return Size.VOID;
    return PRIMITIVE_ELEMENT_SIZES[element];
  }
  return element instanceof StructType ? Size.INLINE_COMPOSITE : Size.POINTER;
}

/** Wraps a list being read according to its element type. */
export function wrapList(list: ListReader, element: ElementType): unknown {
  if (typeof element === 'string') {
    if (element === 'bool') return new BoolList(list);
    if (element === 'void') return new VoidList(list);
    return list.toTypedArray(element);
  }
  if (element instanceof StructType) {
    if (list.elementSize === Size.BIT) {
      throw new CapnpError('LIST_TYPE_MISMATCH', 'a bit list (List(Bool)) cannot be read as a list of structs');
    }
    return new StructList(list.segment, list.offset, list.length, list.elementSize, list.step, list.dataSize, list.pointerCount, list.nestingLimit, element.Reader, element.params);
  }
  return new PointerList(list, element);
}

/** Wraps a list being built according to its element type. */
export function wrapListBuilder(list: ListBuilder, element: ElementType): unknown {
  if (typeof element === 'string') {
    if (element === 'bool') return new BoolListBuilder(list);
    if (element === 'void') return new VoidListBuilder(list);
    return new PrimitiveListBuilder(list, element);
  }
  // A struct list: its codec gets the list with getStructList, which upgrades it to one.
  if (element instanceof StructType) {
    return new StructListBuilder(list.segment, list.offset, list.length, list.step, list.dataSize, list.pointerCount, element.Builder, element.params);
  }
  return new PointerListBuilder(list, element);
}

/** The plain-object form of a list being read: an array. */
export function elementListToObject(list: ListReader, element: ElementType): unknown[] {
  if (typeof element === 'string') return valueListToObject(list, element);
  if (element instanceof StructType) return structListToObject(list, element.Reader, element.params);
  return pointerListToObject(list, element);
}

/** Initializes pointer `index` of `to` as a list of `element` holding `values`. */
export function assignList(to: PointerTarget, index: number, element: ElementType, values: ArrayLike<unknown> | { $: ListReader } | null | undefined): void {
  const slot = slotOf(to, index);
  assignListAt(slot.segment, slot.offset, element, values);
}

/**
 * Sets the pointer at `at` of `segment` to a list of `element` holding `values` (an array, an
 * array-like such as a typed array, or a list reader to copy); null clears it. Generated
 * setters call this with their slot directly. Struct elements are filled through one builder
 * moved along the list.
 */
export function assignListAt(segment: Segment, at: number, element: ElementType, values: ArrayLike<unknown> | { $: ListReader } | null | undefined): void {
  if (values == null) {
    zeroObject(segment, at);
    return;
  }
  if (typeof values !== 'object') {
    throw new CapnpError('INVALID_ARGUMENT', `expected an array (or array-like, or a list reader) for a list, got ${describeValue(values)}`);
  }
  if ('$' in values && values.$ instanceof ListReader) {
    setListAt(segment, at, values.$);
    return;
  }
  const items = values as ArrayLike<unknown>;
  const length = items.length;
  if (typeof length !== 'number' || !(length >= 0 && length <= 0x1fffffff)) {
    throw new CapnpError('INVALID_ARGUMENT', `expected an array (or array-like, or a list reader) for a list, got ${describeValue(values)}`);
  }
  if (typeof element === 'string') {
    // Elements are checked before the list is made (a typed array of the list's own kind
    // without a look), so a wrong one names its index and leaves no half-written list.
    if (element === 'void') {
      checkVoidElements(items);
      initListAt(segment, at, Size.VOID, length);
    } else if (element === 'bool') {
      checkBoolElements(items);
      new BoolListBuilder(initListAt(segment, at, Size.BIT, length)).setAll(items as ArrayLike<boolean>);
    } else {
      const checked = checkNumberElements(items, element);
      new PrimitiveListBuilder(initListAt(segment, at, PRIMITIVE_ELEMENT_SIZES[element], length), element).setAll(checked as ArrayLike<never>);
    }
    return;
  }
  if (element instanceof StructType) {
    const list = initStructListAt(segment, at, length, element.dataWords, element.pointerCount);
    if (length === 0) return;
    // Through `$new` where the class has one: a `new` of classes that vary at this site takes
    // V8's generic construct path (news build: 1.3% of its instructions).
    const Builder = element.Builder;
    const builder = (Builder.$new !== undefined
      ? Builder.$new(list.segment, list.offset, list.dataSize, list.offset + list.dataSize, list.pointerCount)
      : new Builder(list.segment, list.offset, list.dataSize, list.offset + list.dataSize, list.pointerCount, element.params)) as StructBuilderLike<unknown, unknown>;
    const cursor = builder as unknown as { $data: number; $pointers: number };
    // An object literal is told from a reader by its constructor first: `instanceof` of a class
    // that varies at this one site (every struct type's lists come here) looked up the class's
    // Symbol.hasInstance generically for each element (news build: 7% of its instructions), and
    // `Object.getPrototypeOf` of objects of several shapes took a runtime call (3%).
    const Reader = element.Reader;
    // In locals: each element's `$assign` writes fields of other objects, after which V8 would
    // load and check the list's again.
    const { step, dataSize } = list;
    let i = 0;
    try {
      for (let offset = list.offset; i < length; i++, offset += step) {
        const item = items[i];
        if (item == null) continue;
        if ((item as object).constructor !== Object && item instanceof Reader) {
          list.setStruct(i, (item as StructReaderLike<unknown>).$);
        } else {
          if ((item as object).constructor !== Object) refuseArray(item, element.displayName);
          cursor.$data = offset;
          cursor.$pointers = offset + dataSize;
          builder.$assign(item);
        }
      }
    } catch (e) {
      throw abandonList(segment, at, e, i);
    }
    return;
  }
  const list = initListAt(segment, at, Size.POINTER, length);
  let i = 0;
  try {
    for (; i < length; i++) element.set(list, i, items[i]);
  } catch (e) {
    throw abandonList(segment, at, e, i);
  }
}

/**
 * A list refused at element `i` is not left half-written: its slot is cleared (a union keeps
 * the member it had: generated setters make theirs active after the write). Returns the error
 * with the index as a step of its path. One call in the `catch`, as `atStep` was, to keep
 * `assignListAt`'s body (what V8 weighs for inlining) as it was.
 */
function abandonList(segment: Segment, at: number, e: unknown, i: number): CapnpError {
  zeroObject(segment, at);
  return atStep(e, i);
}

/** The codec of `List(element)`. */
export function listOf<T>(element: ElementType): PointerCodec<T, unknown, unknown[], ArrayLike<unknown>> {
  const size = elementSizeOf(element);
  return {
    read: (from, index) => wrapList(from.getList(index, size), element) as T,
    toObject: (from, index) => (hasPointerAt(from, index) ? elementListToObject(from.getList(index, size), element) : null),
    get: (to, index) => {
      const list = element instanceof StructType
        ? slotOf(to, index).getStructList(element.dataWords, element.pointerCount)
        : slotOf(to, index).getList(size);
      return wrapListBuilder(list, element);
    },
    set: (to, index, values) => assignList(to, index, element, values),
  };
}

/** A codec whose target is resolved on first use (for types declared later, or in a cycle of imports). */
export function lazyCodec<R, B, O, I>(resolve: () => PointerCodec<R, B, O, I>): PointerCodec<R, B, O, I> {
  let codec: PointerCodec<R, B, O, I> | undefined;
  const get = () => (codec ??= resolve());
  return {
    read: (from, index) => get().read(from, index),
    toObject: (from, index) => get().toObject(from, index),
    get: (to, index) => get().get(to, index),
    set: (to, index, value) => get().set(to, index, value),
  };
}

export { ANY_SIZE };
export type { TypedArrayOf };
