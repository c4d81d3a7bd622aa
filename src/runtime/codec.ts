import { ListView, type AnyPointerReader, type ListBuilder, type ListReader, type StructBuilder, type StructReader } from '../wire/index.js';

/** Where a pointer value is read from: a struct's pointer field or a pointer list's element. */
export type PointerSource = StructReader | ListReader;
/** Where a pointer value is written: a struct's pointer field or a pointer list's element. */
export type PointerTarget = StructBuilder | ListBuilder;

/**
 * How values of one pointer type (Text, Data, a struct, a list, AnyPointer, ...) are read,
 * written and turned into plain objects. Generated code reads fields directly; codecs serve
 * what is only known per use: the elements of lists of lists, and the parameters of generic
 * types.
 *
 * R: the reader form (string, a struct reader, a list wrapper...); B: the builder form;
 * O: the plain-object form; I: what `set` accepts (the object form, or a reader to copy).
 */
export interface PointerCodec<R = unknown, B = unknown, O = unknown, I = unknown> extends PointerReadCodec<R, O> {
  /** Pointer `index` of `to`, for writing (made if null, when the type allows). */
  get(to: PointerTarget, index: number): B;
  /** Sets pointer `index` of `to` from an object (or a reader, copied); null clears it. */
  set(to: PointerTarget, index: number, value: I | null | undefined): void;
}

/**
 * The reading half of a codec: all that reader classes use. Kept apart so that reading a list of
 * Text or Data through `TEXT_READ`/`DATA_READ` reaches none of the builder code a full codec's
 * `set` does (an object literal's methods stay in a bundle together).
 */
export interface PointerReadCodec<R = unknown, O = unknown> {
  /** Reads pointer `index` of `from` (a null pointer reads as the type's empty value). */
  read(from: PointerSource, index: number): R;
  /** The plain-object form of pointer `index` of `from`: `null` when the pointer is null. */
  toObject(from: PointerSource, index: number): O | null;
}

export function hasPointerAt(from: PointerSource, index: number): boolean {
  return from instanceof ListView ? !from.getPointer(index).isNull() : from.hasPointer(index);
}

/** A value for an AnyPointer, AnyStruct or AnyList field: a reader of any kind, copied in. */
export type AnyValue = AnyPointerReader | StructReader | ListReader;

/** What a list field accepts: an array (or array-like), or a list read elsewhere (copied). */
export type ListInit<T> = ArrayLike<T> | { readonly $: ListReader };
