/**
 * Capstan's runtime, the `capstan` entry point: what an application uses with generated code or
 * without it. Messages (read, build, frame), readers and builders of structs, lists and
 * AnyPointer, typed lists, struct types and the codecs that bind generic parameters, errors,
 * packing and canonical form.
 *
 * What only generated code calls (slot-level accessors, base classes, constants) is in
 * `capstan/private` (runtime/private.ts): not an API, it changes with the code generator.
 */

// How readers, builders and lists print in Node's console (an empty module in other builds).
import './inspection.js';

// Messages.
export { MessageReader, readMessage, readMessages, locateRoot, type MessageFormat, type ReadMessageOptions, type UnpackedFormat, type UnpackedReadOptions } from '../wire/message-reader.js';
export { MessageBuilder } from '../wire/message-builder.js';
export { Arena, type BuilderOptions, type GrowthPolicy, DEFAULT_FIRST_SEGMENT_WORDS } from '../wire/core/arena.js';
export { Segment } from '../wire/core/segment.js';
export { type ReaderOptions, DEFAULT_NESTING_LIMIT, DEFAULT_TRAVERSAL_LIMIT_WORDS, DEFAULT_MAX_SEGMENTS } from '../wire/core/limits.js';
export { framedMessageLength, frameSegments, segmentTableBytes } from '../wire/formats/framing.js';
export { concatBytes, readStreamWithin, type ByteStream } from '../wire/formats/read-stream.js';
export { readMessageStream, type MessageStreamOptions } from '../wire/formats/message-stream.js';

// Readers and builders, schema-less.
export { StructView } from '../wire/struct-view.js';
export { StructReader } from '../wire/struct-reader.js';
export { StructBuilder } from '../wire/struct-builder.js';
export { ListView, TYPED_ARRAYS, type PrimitiveElementType, type TypedArrayOf } from '../wire/list-view.js';
export { ListReader } from '../wire/list-reader.js';
export { ListBuilder } from '../wire/list-builder.js';
export { AnyPointerReader } from '../wire/any-pointer-reader.js';
export { AnyPointerBuilder } from '../wire/any-pointer-builder.js';
export { ANY_SIZE, type PointerType } from '../wire/core/read-pointer.js';
export { Orphan } from '../wire/orphan.js';
export { ElementSize, PointerKind, BYTES_PER_WORD, MAX_LIST_ELEMENTS, MAX_SEGMENT_WORDS } from '../wire/core/layout.js';

// Formats.
export { pack, unpack, packPieces, PackedReader } from '../wire/formats/packing.js';
export { canonicalize, isCanonical } from '../wire/formats/canonical.js';
export { constantSegment } from '../wire/core/constant.js';
export { float32ToBits, float32FromBits, float64ToBits, float64FromBits } from '../wire/core/float-bits.js';

// Errors.
export { CapnpError, ErrorCode, isCapnpError } from '../wire/error.js';
export { errorPath } from './error-path.js';

// Generated types: struct types, typed lists, codecs (for lists of lists and generic parameters).
export { StructType, type StructReaderLike, type StructBuilderLike, type EncodeOptions } from './struct-type.js';
export type { AssignOptions } from './unknown-keys.js';
export { StructList, PointerList, BoolList, VoidList, type ReadonlyList } from './lists.js';
export { StructListBuilder, PointerListBuilder, BoolListBuilder, VoidListBuilder, PrimitiveListBuilder } from './list-builders.js';
export type { PointerCodec, PointerSource, PointerTarget, AnyValue, ListInit } from './codec.js';
export {
  TEXT, DATA, ANY_POINTER, ANY_STRUCT, ANY_LIST, CAPABILITY, listOf,
  type ElementType, type TextCodec, type DataCodec, type CapabilityCodec, type AnyStructCodec, type AnyListCodec,
} from './pointer-codecs.js';
export type { AnyPointerCodec, ReaderOf, BuilderOf, ObjectOf, InitOf } from './generics.js';
