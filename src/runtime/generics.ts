/**
 * Generic types at run time. A generic struct's reader and builder carry one codec per type
 * parameter (those of enclosing generic scopes first), bound where the type is used; a
 * parameter nobody bound reads as AnyPointer. In TypeScript each parameter is typed by its
 * codec, and the forms below recover the reader, builder, object and input types from it.
 */
import type { AnyPointerBuilder, AnyPointerReader } from '../wire/index.js';
import type { AnyValue, PointerCodec } from './codec.js';
import { ANY_POINTER } from './pointer-codecs.js';

/** The codec type of an unbound parameter. */
export type AnyPointerCodec = PointerCodec<AnyPointerReader, AnyPointerBuilder, AnyPointerReader, AnyValue>;

export type ReaderOf<C> = C extends PointerCodec<infer R, any, any, any> ? R : never;
export type BuilderOf<C> = C extends PointerCodec<any, infer B, any, any> ? B : never;
export type ObjectOf<C> = C extends PointerCodec<any, any, infer O, any> ? O : never;
export type InitOf<C> = C extends PointerCodec<any, any, any, infer I> ? I : never;

/** The codec of parameter `index`: as bound, or AnyPointer. */
export function param(params: readonly PointerCodec<any, any, any, any>[], index: number): PointerCodec<any, any, any, any> {
  return params[index] ?? ANY_POINTER;
}
