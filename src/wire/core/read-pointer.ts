/**
 * Following pointers while reading: far-pointer resolution, bounds checks, traversal charging
 * and the list compatibility rules. These functions take a segment and a byte offset (never a
 * reader object), so every call site stays monomorphic; results are written into the shared
 * `resolved` record, valid until the next call, so resolving allocates nothing.
 */
import type { Arena } from './arena.js';
import { CapnpError, where } from '../error.js';
import {
  DATA_BITS_PER_ELEMENT, ELEMENT_SIZE_NAMES, Kind, POINTERS_PER_ELEMENT, Size,
} from './layout.js';
import { viewOf, type Segment } from './segment.js';

/** `ElementSize` plus `ANY_SIZE`: read a list in whatever encoding it has. */
export const ANY_SIZE = -1;

class Resolved {
  /** Segment holding the object's content. */
  segment: Segment = null as unknown as Segment;
  /** Byte offset of the content: struct data section, or first list element. */
  offset = 0;
  /** The describing pointer (the original, a landing pad, or a double-far tag). */
  lo = 0;
  hi = 0;
  /** The far pointer's landing pad, when there was one (`padBytes` 0 otherwise). */
  padSegment: Segment = null as unknown as Segment;
  padOffset = 0;
  padBytes = 0;
  /** Struct: data section bytes. List: data bytes of each element. */
  dataSize = 0;
  /** Struct: pointer count. List: pointers of each element. */
  pointerCount = 0;
  /** List only. */
  length = 0;
  elementSize = 0;
  /** List only: bytes from one element to the next (0 for void and bit lists). */
  step = 0;
  /**
   * Struct only, set by read-object.ts's `locateStructAt` and `locateRootWord`, which leave a
   * struct's location in this record rather than in one of their own: the data section's offset
   * (`offset` again, under the name readers take it) and the nesting budget below the struct.
   * Why not a record of their own: copying `segment` into it was a second store of the segment
   * of each message just read into an object that lives as long as the process, and each such
   * store of a new (young) object takes V8's write barrier's slow path, about 50 instructions.
   */
  data = 0;
  nestingLimit = 0;
}

export const resolved = new Resolved();

const KIND_NAMES = ['struct', 'list', 'far', 'other'];

function kindName(lo: number, hi: number): string {
  if ((lo & 3) === Kind.OTHER) return lo === Kind.OTHER ? 'capability' : 'unknown (reserved)';
  if (lo === 0 && hi === 0) return 'null';
  return KIND_NAMES[lo & 3]!;
}

/**
 * Reads the pointer word at `at` of `bytes` into `resolved.lo/hi` (signed, as a DataView's
 * getInt32 gives them). For a segment with no DataView yet (see segment.ts): the root of a
 * message just opened, and a Text read before anything made the view. Apart from the paths that
 * read through the view, and large enough that V8 does not inline it where it is rarely taken.
 */
export function wordFromBytes(bytes: Uint8Array, at: number): void {
  const r = resolved;
  r.lo = bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24);
  r.hi = bytes[at + 4]! | (bytes[at + 5]! << 8) | (bytes[at + 6]! << 16) | (bytes[at + 7]! << 24);
}

export function chargeTraversal(arena: Arena, words: number): void {
  if ((arena.traversalWordsLeft -= words) < 0 && !arena.refillTraversal()) {
    throw new CapnpError(
      'TRAVERSAL_LIMIT',
      'traversal limit exceeded (a hostile message, or a large one read repeatedly): ' +
        'raise ReaderOptions.traversalLimitInWords if the input is trusted',
    );
  }
}

/** A position for messages: the segment and the byte offset from its start. */
export function whereIn(segment: Segment, offset: number): string {
  return where(segment.id, offset - segment.start);
}

function outOfBounds(what: string, segment: Segment, offset: number): CapnpError {
  return new CapnpError('OUT_OF_BOUNDS', `${what} points outside its segment (${whereIn(segment, offset)}, segment size ${segment.used - segment.start} bytes)`);
}

/**
 * Resolves the pointer at `pointerOffset` through any far pointer, leaving the describing
 * pointer word in `resolved.lo/hi` and the content position in `resolved.segment/offset`.
 */
export function followPointer(segment: Segment, pointerOffset: number): void {
  // The view is made: pointer reads start where it is taken (isNullPointer in read-object.ts,
  // pointerTypeAt, copyPointer), and segments being built have theirs (see Segment#view).
  const view = segment.view;
  followWord(segment, pointerOffset, view.getInt32(pointerOffset, true), view.getInt32(pointerOffset + 4, true));
}

/** `followPointer` for the pointer word (`lo`, `hi`) already read at `pointerOffset`. */
export function followWord(segment: Segment, pointerOffset: number, lo: number, hi: number): void {
  const r = resolved;
  if ((lo & 3) !== Kind.FAR) {
    // Stored only when it changes: `resolved` lives for the whole process (V8's old space) and
    // the segment of a message just opened is new (young), so each store of it took the write
    // barrier's slow path (a remembered-set insert, about 50 instructions) at every pointer.
    if (r.segment !== segment) r.segment = segment;
    r.lo = lo;
    r.hi = hi;
    r.offset = pointerOffset + 8 + ((lo | 0) >> 2) * 8;
    r.padBytes = 0;
    return;
  }
  const arena = segment.arena;
  const padSegment = arena.segment(hi);
  const padOffset = padSegment.start + (lo >>> 3) * 8;
  const isDouble = (lo & 4) !== 0;
  if (padOffset + (isDouble ? 16 : 8) > padSegment.used) {
    throw outOfBounds(`far pointer at ${whereIn(segment, pointerOffset)}: its landing pad`, padSegment, padOffset);
  }
  chargeTraversal(arena, isDouble ? 2 : 1);
  r.padSegment = padSegment;
  r.padOffset = padOffset;
  r.padBytes = isDouble ? 16 : 8;
  const padView = viewOf(padSegment); // a root far pointer is read before the view is made
  const padLo = padView.getInt32(padOffset, true);
  const padHi = padView.getInt32(padOffset + 4, true);
  if (!isDouble) {
    if ((padLo & 3) === Kind.FAR) {
      throw new CapnpError('BAD_POINTER', `single-far landing pad at ${whereIn(padSegment, padOffset)} is itself a far pointer`);
    }
    r.segment = padSegment;
    r.lo = padLo;
    r.hi = padHi;
    r.offset = padOffset + 8 + ((padLo | 0) >> 2) * 8;
    return;
  }
  if ((padLo & 3) !== Kind.FAR) {
    throw new CapnpError('BAD_POINTER', `double-far landing pad at ${whereIn(padSegment, padOffset)} does not start with a far pointer`);
  }
  const contentSegment = arena.segment(padHi);
  r.segment = contentSegment;
  r.offset = contentSegment.start + (padLo >>> 3) * 8;
  r.lo = padView.getInt32(padOffset + 8, true);
  r.hi = padView.getInt32(padOffset + 12, true);
}

export function checkNesting(nestingLimit: number): void {
  if (nestingLimit <= 0) {
    throw new CapnpError('NESTING_LIMIT', 'nesting limit exceeded (a message nested too deeply, or a pointer cycle): raise ReaderOptions.nestingLimit if the input is trusted');
  }
}

/** Resolves a non-null struct pointer into `resolved` (segment, offset, dataSize, pointerCount). */
export function resolveStruct(segment: Segment, pointerOffset: number, nestingLimit: number): void {
  checkNesting(nestingLimit);
  followPointer(segment, pointerOffset);
  finishStruct(segment, pointerOffset);
}

/** `resolveStruct` for the pointer word (`lo`, `hi`) already read at `pointerOffset` (a root read from the bytes). */
export function resolveStructWord(segment: Segment, pointerOffset: number, lo: number, hi: number, nestingLimit: number): void {
  checkNesting(nestingLimit);
  followWord(segment, pointerOffset, lo, hi);
  finishStruct(segment, pointerOffset);
}

/** The second half of `resolveStruct`, after `followPointer`: kind, bounds and charging. */
export function finishStruct(segment: Segment, pointerOffset: number): void {
  const r = resolved;
  if ((r.lo & 3) !== Kind.STRUCT) {
    throw new CapnpError('BAD_POINTER', `expected a struct pointer at ${whereIn(segment, pointerOffset)}, found a ${kindName(r.lo, r.hi)} pointer`);
  }
  const dataWords = r.hi & 0xffff;
  const pointerCount = r.hi >>> 16;
  const words = dataWords + pointerCount;
  const target = r.segment;
  if (r.offset < target.start || r.offset + words * 8 > target.used) {
    throw outOfBounds(`struct pointer at ${whereIn(segment, pointerOffset)}`, target, r.offset);
  }
  chargeTraversal(target.arena, words);
  r.dataSize = dataWords * 8;
  r.pointerCount = pointerCount;
}

/**
 * Resolves a non-null list pointer into `resolved`. `expected` is the element size the schema
 * says (or ANY_SIZE): the encoding may be wider than expected (newer schemas upgrade elements
 * to structs), never narrower, and bit lists never stand in for anything else.
 */
export function resolveList(segment: Segment, pointerOffset: number, expected: number, nestingLimit: number): void {
  checkNesting(nestingLimit);
  followPointer(segment, pointerOffset);
  finishList(segment, pointerOffset, expected);
}

/**
 * Leaves a list's location in `resolved`, as `resolveList` does: for lists that were not read
 * from a pointer (an empty list for a null one, a list just allocated or upgraded by a builder).
 */
export function resolveListAs(segment: Segment, offset: number, length: number, elementSize: number, step: number, dataSize: number, pointerCount: number): void {
  const r = resolved;
  r.segment = segment;
  r.offset = offset;
  r.length = length;
  r.elementSize = elementSize;
  r.step = step;
  r.dataSize = dataSize;
  r.pointerCount = pointerCount;
}

/** The second half of `resolveList`, after `followPointer`: kind, bounds, charging, compatibility. */
export function finishList(segment: Segment, pointerOffset: number, expected: number): void {
  const r = resolved;
  if ((r.lo & 3) !== Kind.LIST) {
    throw new CapnpError('BAD_POINTER', `expected a list pointer at ${whereIn(segment, pointerOffset)}, found a ${kindName(r.lo, r.hi)} pointer`);
  }
  const target = r.segment;
  const arena = target.arena;
  const elementSize = r.hi & 7;
  const count = r.hi >>> 3;
  if (elementSize === Size.INLINE_COMPOSITE) {
    const wordCount = count;
    const tagOffset = r.offset;
    if (tagOffset < target.start || tagOffset + 8 + wordCount * 8 > target.used) {
      throw outOfBounds(`struct list pointer at ${whereIn(segment, pointerOffset)}`, target, tagOffset);
    }
    chargeTraversal(arena, wordCount + 1);
    const tagLo = target.view.getUint32(tagOffset, true);
    const tagHi = target.view.getUint32(tagOffset + 4, true);
    if ((tagLo & 3) !== Kind.STRUCT) {
      throw new CapnpError('BAD_POINTER', `struct list at ${whereIn(target, tagOffset)} has a tag that is not a struct pointer`);
    }
    const length = tagLo >>> 2;
    const dataWords = tagHi & 0xffff;
    const pointerCount = tagHi >>> 16;
    const wordsPerElement = dataWords + pointerCount;
    if (length * wordsPerElement > wordCount) {
      throw new CapnpError('OUT_OF_BOUNDS', `struct list at ${whereIn(target, tagOffset)}: ${length} elements of ${wordsPerElement} words overrun its ${wordCount} words`);
    }
    // Zero-size elements take no words, yet each costs work to visit: charge them anyway.
    if (wordsPerElement === 0) chargeTraversal(arena, length);
    let offset = tagOffset + 8;
    let dataSize = dataWords * 8;
    if (expected >= Size.BIT && expected <= Size.POINTER) {
      if (expected === Size.BIT) {
        throw new CapnpError('LIST_TYPE_MISMATCH', `found a struct list where a bit list (List(Bool)) was expected, at ${whereIn(segment, pointerOffset)}`);
      }
      if (expected === Size.POINTER) {
        if (pointerCount === 0) {
          throw new CapnpError('LIST_TYPE_MISMATCH', `expected a list of pointers, found a list of data-only structs at ${whereIn(segment, pointerOffset)}`);
        }
        // Each element is read as its first pointer: start at the pointer section.
        offset += dataSize;
        dataSize = 0;
      } else if (dataWords === 0) {
        throw new CapnpError('LIST_TYPE_MISMATCH', `expected a list of primitives, found a list of pointer-only structs at ${whereIn(segment, pointerOffset)}`);
      }
    }
    r.offset = offset;
    r.length = length;
    r.elementSize = Size.INLINE_COMPOSITE;
    r.step = wordsPerElement * 8;
    r.dataSize = dataSize;
    r.pointerCount = pointerCount;
    return;
  }
  const dataBits = DATA_BITS_PER_ELEMENT[elementSize]!;
  const pointers = POINTERS_PER_ELEMENT[elementSize]!;
  const stepBits = dataBits + pointers * 64;
  const words = Math.ceil((count * stepBits) / 64);
  if (r.offset < target.start || r.offset + words * 8 > target.used) {
    throw outOfBounds(`list pointer at ${whereIn(segment, pointerOffset)}`, target, r.offset);
  }
  chargeTraversal(arena, words);
  if (elementSize === Size.VOID) chargeTraversal(arena, count);
  if (expected !== ANY_SIZE) {
    if (expected === Size.INLINE_COMPOSITE) {
      if (elementSize === Size.BIT) {
        throw new CapnpError('LIST_TYPE_MISMATCH', `found a bit list (List(Bool)) where a struct list was expected, at ${whereIn(segment, pointerOffset)}`);
      }
    } else if (DATA_BITS_PER_ELEMENT[expected]! > dataBits || POINTERS_PER_ELEMENT[expected]! > pointers) {
      throw new CapnpError('LIST_TYPE_MISMATCH', `expected a list of ${ELEMENT_SIZE_NAMES[expected]} elements, found ${ELEMENT_SIZE_NAMES[elementSize]} elements at ${whereIn(segment, pointerOffset)}`);
    }
  }
  r.length = count;
  r.elementSize = elementSize;
  r.step = stepBits >>> 3;
  r.dataSize = dataBits >>> 3;
  r.pointerCount = pointers;
}

/** Resolves a non-null pointer to a byte list (Text or Data): `resolved.offset` and `.length`. */
export function resolveBytes(segment: Segment, pointerOffset: number, isText: boolean): void {
  followPointer(segment, pointerOffset);
  const r = resolved;
  const what = isText ? 'text' : 'data';
  if ((r.lo & 3) !== Kind.LIST) {
    throw new CapnpError('BAD_POINTER', `expected ${what} (a list pointer) at ${whereIn(segment, pointerOffset)}, found a ${kindName(r.lo, r.hi)} pointer`);
  }
  if ((r.hi & 7) !== Size.BYTE) {
    throw new CapnpError('LIST_TYPE_MISMATCH', `expected ${what} (a byte list) at ${whereIn(segment, pointerOffset)}, found a list of ${ELEMENT_SIZE_NAMES[r.hi & 7]} elements`);
  }
  const length = r.hi >>> 3;
  const target = r.segment;
  if (r.offset < target.start || r.offset + length > target.used) {
    throw outOfBounds(`${what} pointer at ${whereIn(segment, pointerOffset)}`, target, r.offset);
  }
  chargeTraversal(target.arena, Math.ceil(length / 8));
  if (isText) {
    if (length === 0 || target.bytes[r.offset + length - 1] !== 0) {
      throw new CapnpError('BAD_TEXT', `text at ${whereIn(target, r.offset)} is not NUL-terminated`);
    }
  }
  r.length = length;
}

/** Reads a capability pointer's index into the cap table, or throws if it is another kind. */
export function readCapabilityIndex(segment: Segment, pointerOffset: number): number {
  const view = viewOf(segment);
  const lo = view.getUint32(pointerOffset, true);
  const hi = view.getUint32(pointerOffset + 4, true);
  if (lo !== Kind.OTHER) {
    throw new CapnpError('BAD_POINTER', `expected a capability pointer at ${whereIn(segment, pointerOffset)}, found a ${kindName(lo, hi)} pointer`);
  }
  return hi;
}

export { kindName as pointerKindName };

export type PointerType = 'null' | 'struct' | 'list' | 'capability';

/** What kind of object a pointer leads to, through far pointers. */
export function pointerTypeAt(segment: Segment, pointerOffset: number): PointerType {
  const view = viewOf(segment);
  const lo = view.getUint32(pointerOffset, true);
  const hi = view.getUint32(pointerOffset + 4, true);
  if (lo === 0 && hi === 0) return 'null';
  followPointer(segment, pointerOffset);
  switch (resolved.lo & 3) {
    case Kind.STRUCT: return 'struct';
    case Kind.LIST: return 'list';
    default:
      if (resolved.lo === Kind.OTHER) return 'capability';
      throw new CapnpError('BAD_POINTER', `pointer at ${whereIn(segment, pointerOffset)} has a reserved kind`);
  }
}
