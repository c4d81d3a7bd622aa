/**
 * The Cap'n Proto encoding, schema-less: messages, segments, pointers, structs, lists, Text,
 * Data, capabilities, framing, packing, canonical form, orphans, copying and the limits that
 * make hostile input harmless. Generated code, the dynamic API and RPC are built on this.
 *
 * Internal: applications import `capstan` (runtime/index.ts), generated code `capstan/private`.
 */
export { CapnpError, ErrorCode, isCapnpError } from './error.js';
export { ElementSize, PointerKind, BYTES_PER_WORD, MAX_LIST_ELEMENTS, MAX_SEGMENT_WORDS } from './core/layout.js';
export {
  type ReaderOptions, type ResolvedReaderOptions, DEFAULT_NESTING_LIMIT, DEFAULT_TRAVERSAL_LIMIT_WORDS, DEFAULT_MAX_SEGMENTS,
  DEFAULT_TRAVERSAL_FLOOR_WORDS, DEFAULT_TRAVERSAL_WORDS_PER_MESSAGE_WORD,
} from './core/limits.js';
export { resolveReaderOptions, checkLimit } from './core/reader-options.js';
export { Arena, type BuilderOptions, type GrowthPolicy, DEFAULT_FIRST_SEGMENT_WORDS } from './core/arena.js';
export { Segment } from './core/segment.js';
export { StructView } from './struct-view.js';
export { StructReader } from './struct-reader.js';
export { StructBuilder } from './struct-builder.js';
export { ListView, PRIMITIVE_ELEMENT_SIZES, TYPED_ARRAYS, typedArrayInPlace, type PrimitiveElementType, type TypedArrayOf } from './list-view.js';
export { ListReader } from './list-reader.js';
export { ListBuilder } from './list-builder.js';
export { AnyPointerReader } from './any-pointer-reader.js';
export { AnyPointerBuilder } from './any-pointer-builder.js';
export { ANY_SIZE, checkNesting, type PointerType } from './core/read-pointer.js';
export { Orphan } from './orphan.js';
export { MessageReader, locateRoot, locateUnpackedRoot, locateFramedRoot, readMessage, readMessages, type MessageFormat, type ReadMessageOptions, type UnpackedFormat, type UnpackedReadOptions } from './message-reader.js';
export { MessageBuilder, frameArena, frameInPlace } from './message-builder.js';
export { framedMessageLength, frameSegments, segmentTableBytes } from './formats/framing.js';
export { allocateBytes } from './core/pool.js';
// A message's memory, for builders outside this folder (the RPC engine's OutgoingMessage).
export { buildingArena, resetArena, totalWords } from './core/allocation.js';
export { concatBytes, readStreamWithin, type ByteStream } from './formats/read-stream.js';
export { readMessageStream, type MessageStreamOptions } from './formats/message-stream.js';
export { pack, unpack, packPieces, PackedReader } from './formats/packing.js';
export { canonicalize, isCanonical } from './formats/canonical.js';
export { constantSegment } from './core/constant.js';
export { float32ToBits, float32FromBits, float64ToBits, float64FromBits } from './core/float-bits.js';
export { decodeUtf8, utf8Length } from './core/text.js';

// Slot-level operations, for the runtime's generated-code helpers (runtime/access.ts) and the
// codecs, which keep their own view of a struct (offsets in bytes within a segment).
export { isNullPointer, nullPointerSlot, emptyStruct, readStructAt, locateStructAt, locateListAt, listLocation, readListAt, readTypedArrayAt, readTextAt, readDataAt, readCapabilityAt, type ListLocation, type Location } from './read-object.js';
export {
  initStructAt, getStructAt, initStructIn, getStructIn, initListAt, initStructListAt, initStructListIn, getListAt, getStructListAt, getStructListIn, setListAt,
  setTextAt, setDataAt, initDataAt, initTextAt, setCapabilityAt,
} from './build-object.js';
export { zeroObject, existingStruct } from './core/pointer-builder.js';
export { disownAt, adoptAt, AdoptAs, orphanFits, describeOrphan } from './orphan.js';
