/**
 * What generated code and users need at run time: the wire layer plus typed list wrappers,
 * struct types and the codecs of built-in pointer types. This is the `capstan` entry point.
 */
export * from '../wire/index.js';
export type { PointerCodec, PointerSource, PointerTarget, AnyValue, ListInit } from './codec.js';
export { StructList, PointerList, BoolList, VoidList, type ReadonlyList } from './lists.js';
export {
  StructListBuilder, PointerListBuilder, BoolListBuilder, VoidListBuilder, PrimitiveListBuilder,
} from './list-builders.js';
export * from './access.js';
export { StructType, type StructReaderLike, type StructBuilderLike, type EncodeOptions } from './struct-type.js';
export {
  TEXT, DATA, ANY_POINTER, ANY_STRUCT, ANY_LIST, CAPABILITY, listOf, lazyCodec, wrapList, wrapListBuilder, listToObject, assignList, assignListAt,
  elementSizeOf, setAnyPointer, type ElementType, type TextCodec, type DataCodec, type CapabilityCodec,
  type AnyStructCodec, type AnyListCodec,
} from './pointer-codecs.js';
export { decodeBase64, encodeBase64 } from './base64.js';
export { atStep, asCapnpError, errorPath, formatPath, describeValue, isStackOverflow, notAnObject } from './error-path.js';
export { checkOneMember, constant, constantBytes, constantPointer, toBigInt } from './constants.js';
export { param, type AnyPointerCodec, type ReaderOf, type BuilderOf, type ObjectOf, type InitOf } from './generics.js';
