/**
 * Orphans: objects of a message being built that no pointer leads to yet. Disowning a pointer
 * detaches its object (the pointer becomes null); adopting points a slot at an orphan, with a
 * far or double-far pointer if it lives in another segment. Orphans move objects within a
 * message without copying them.
 */
import type { Arena } from './core/arena.js';
import { CapnpError } from './error.js';
import { copyPointer } from './core/copy.js';
import { ELEMENT_SIZE_NAMES, Kind, Size } from './core/layout.js';
import { describeValue } from './core/describe-value.js';
import { ListBuilder } from './list-builder.js';
import { StructBuilder } from './struct-builder.js';
import { linkPointer, zeroObject } from './core/pointer-builder.js';
import { followPointer, resolved } from './core/read-pointer.js';
import type { Segment } from './core/segment.js';
import { allocateAnywhere } from './core/allocation.js';
import { NO_NESTING_LIMIT } from './core/limits.js';

export class Orphan {
  readonly arena: Arena;
  /** Where the object lives (for struct lists, the tag word). */
  readonly segment: Segment | null;
  readonly offset: number;
  /** The describing pointer's kind and upper word (sizes). */
  readonly kind: number;
  readonly hi: number;
  private adopted = false;

  constructor(arena: Arena, segment: Segment | null, offset: number, kind: number, hi: number) {
    this.arena = arena;
    this.segment = segment;
    this.offset = offset;
    this.kind = kind;
    this.hi = hi;
  }

  /** True for the orphan of a null pointer. */
  get isNull(): boolean {
    return this.segment === null;
  }

  /** The orphaned struct, to fill in (or read) before adopting it. */
  getStruct(): StructBuilder {
    if (this.segment === null || this.kind !== Kind.STRUCT) {
      throw new CapnpError('BAD_POINTER', 'this orphan is not a struct');
    }
    const dataSize = (this.hi & 0xffff) * 8;
    return new StructBuilder(this.segment, this.offset, dataSize, this.offset + dataSize, this.hi >>> 16, NO_NESTING_LIMIT);
  }

  /** The orphaned list, to fill in (or read) before adopting it. */
  getList(): ListBuilder {
    if (this.segment === null || this.kind !== Kind.LIST) {
      throw new CapnpError('BAD_POINTER', 'this orphan is not a list');
    }
    const elementSize = this.hi & 7;
    if (elementSize !== Size.INLINE_COMPOSITE) return ListBuilder.of(this.segment, this.offset, this.hi >>> 3, elementSize);
    const view = this.segment.view;
    const length = view.getUint32(this.offset, true) >>> 2;
    const tagHi = view.getUint32(this.offset + 4, true);
    const dataSize = (tagHi & 0xffff) * 8;
    const pointerCount = tagHi >>> 16;
    return new ListBuilder(this.segment, this.offset + 8, length, elementSize, dataSize + pointerCount * 8, dataSize, pointerCount, NO_NESTING_LIMIT);
  }

  /** Marks the orphan used; throws if it already was. */
  take(arena: Arena): void {
    if (this.arena !== arena) {
      throw new CapnpError('ORPHAN_MISUSE', 'an orphan can only be adopted into the message it belongs to; copy it (setStruct/setList/set) to move it across messages');
    }
    if (this.adopted) throw new CapnpError('ORPHAN_MISUSE', 'this orphan has already been adopted');
    this.adopted = true;
  }
}

/** Detaches the object at the slot, leaving the slot null. */
export function disownAt(segment: Segment, at: number): Orphan {
  const view = segment.view;
  const lo = view.getUint32(at, true);
  const hi = view.getUint32(at + 4, true);
  const arena = segment.arena;
  if (lo === 0 && hi === 0) return new Orphan(arena, null, 0, 0, 0);
  let orphan: Orphan;
  if ((lo & 3) === Kind.OTHER) {
    orphan = new Orphan(arena, segment, 0, Kind.OTHER, hi);
  } else {
    followPointer(segment, at);
    orphan = new Orphan(arena, resolved.segment, resolved.offset, resolved.lo & 3, resolved.hi);
    if (resolved.padBytes > 0) resolved.padSegment.bytes.fill(0, resolved.padOffset, resolved.padOffset + resolved.padBytes);
  }
  view.setUint32(at, 0, true);
  view.setUint32(at + 4, 0, true);
  return orphan;
}

/**
 * What a slot of a known type adopts, for `adoptAt`'s `expected`: a list's element size
 * (`ElementSize`, 0..7: Text and Data are byte lists, `INLINE_COMPOSITE` a struct list), or one
 * of these. Orphans carry no schema type (as in capnp's wire layer), so generated builders and
 * the dynamic API say what their field reads, and an orphan holding something else is refused
 * before it is attached: a `List(Int32)` adopted into a `List(Text)` field made a message that
 * failed only when read.
 */
export const AdoptAs: { readonly STRUCT: 8; readonly CAPABILITY: 9; readonly ANY_LIST: 10; readonly ANY: 11 } = {
  STRUCT: 8,
  CAPABILITY: 9,
  ANY_LIST: 10,
  ANY: 11,
};

/** Whether a slot that reads `expected` (see `AdoptAs`) takes what `orphan` holds; a null orphan fits all. */
export function orphanFits(orphan: Orphan, expected: number): boolean {
  if (orphan.segment === null || expected === AdoptAs.ANY) return true;
  switch (expected) {
    case AdoptAs.STRUCT: return orphan.kind === Kind.STRUCT;
    case AdoptAs.CAPABILITY: return orphan.kind === Kind.OTHER;
    case AdoptAs.ANY_LIST: return orphan.kind === Kind.LIST;
    default: {
      if (orphan.kind !== Kind.LIST) return false;
      const size = orphan.hi & 7;
      // A struct list is read from a list of any other element size (upgraded), never from bits.
      return size === expected || (expected === Size.INLINE_COMPOSITE && size !== Size.BIT);
    }
  }
}

/** What an orphan holds, in words: `a struct`, `a list of four-byte elements`. */
export function describeOrphan(orphan: Orphan): string {
  const size = orphan.hi & 7;
  return orphan.kind === Kind.STRUCT ? 'a struct' : orphan.kind === Kind.OTHER ? 'a capability'
    : size === Size.INLINE_COMPOSITE ? 'a struct list' : `a list of ${ELEMENT_SIZE_NAMES[size]} elements`;
}

/**
 * Points the slot at `orphan`, discarding what the slot held. `expected` (see `AdoptAs`) is
 * what the slot's field reads; an orphan that does not fit it, an orphan of another message
 * or one adopted before is refused, and slot and orphan are left as they were.
 */
export function adoptAt(segment: Segment, at: number, orphan: Orphan, expected: number = AdoptAs.ANY): void {
  if (!(orphan instanceof Orphan)) {
    throw new CapnpError('INVALID_ARGUMENT', `expected an Orphan (from disown or a newOrphan method), got ${describeValue(orphan)}`);
  }
  if (!orphanFits(orphan, expected)) {
    throw new CapnpError('INVALID_ARGUMENT', `the orphan holds ${describeOrphan(orphan)}, which this field does not read`);
  }
  orphan.take(segment.arena);
  zeroObject(segment, at);
  if (orphan.segment === null) return;
  if (orphan.kind === Kind.OTHER) {
    segment.view.setUint32(at, Kind.OTHER, true);
    segment.view.setUint32(at + 4, orphan.hi, true);
    return;
  }
  linkPointer(segment, at, orphan.segment, orphan.offset, orphan.kind, orphan.hi);
}

/**
 * Makes a new orphan by running `make` on a spare slot (allocated anywhere) and disowning it.
 * The spare word stays behind, zeroed.
 */
export function newOrphan(arena: Arena, make: (segment: Segment, at: number) => void): Orphan {
  const spare = allocateAnywhere(arena, 8);
  const at = spare.used - 8;
  try {
    make(spare, at);
  } catch (error) {
    // A copy that failed partway (newOrphanCopy of a source past its limits) is not left behind.
    zeroObject(spare, at);
    throw error;
  }
  return disownAt(spare, at);
}

/** An orphan holding a deep copy of what the pointer at `from`/`fromAt` leads to. */
export function newOrphanCopy(arena: Arena, from: Segment, fromAt: number, nestingLimit: number): Orphan {
  return newOrphan(arena, (segment, at) => copyPointer(segment, at, from, fromAt, nestingLimit, false));
}
