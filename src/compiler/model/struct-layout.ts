/**
 * Struct layout: where each field of a struct lives in its data and pointer sections.
 *
 * The algorithm must reproduce the reference compiler's placements exactly, since the layout
 * *is* the wire format. In outline:
 *
 * - Fields are placed in ordinal order. Sizes are powers of two (1 to 64 bits) and every field
 *   is aligned to its size, so the free space of the data section can always be described as
 *   at most one "hole" of each size from 1 to 32 bits. A field takes the smallest hole that
 *   fits (splitting it), or opens a new word.
 * - Groups add nothing of their own: their fields are laid out in the enclosing scope.
 * - The members of a union overlap each other, but never anything outside the union. The union
 *   keeps a list of "data locations" obtained from its parent scope; each member (a field, or a
 *   group of fields) places its data inside those locations, growing a location into an
 *   adjacent free hole of the parent when it must, and asking the parent for a new location
 *   only as a last resort.
 * - A union's 16-bit discriminant is allocated in the parent scope when its second member gets
 *   its first field (or at the union's explicit ordinal).
 *
 * Sizes are given as log2 of the bit width (`lgSize`: 0 = 1 bit ... 6 = 64 bits); an offset is
 * in units of the field's own size.
 */
import { CompileAbort } from '../compile-abort.js';
import type { SchemaLanguage } from '../language.js';

const HOLE_SIZES = 6;

/**
 * The free space in an allocated region: for each size from 1 to 32 bits, the offset of at
 * most one hole of that size (0 meaning none: offset 0 can never be a hole, since the first
 * allocation always takes it).
 */
export class HoleSet {
  readonly holes: number[] = [0, 0, 0, 0, 0, 0];

  /** Takes a hole of size `lgSize` (splitting a larger one if needed); null if none fits. */
  tryAllocate(lgSize: number): number | null {
    if (lgSize >= HOLE_SIZES) return null;
    const hole = this.holes[lgSize]!;
    if (hole !== 0) {
      this.holes[lgSize] = 0;
      return hole;
    }
    const larger = this.tryAllocate(lgSize + 1);
    if (larger === null) return null;
    const result = larger * 2;
    this.holes[lgSize] = result + 1;
    return result;
  }

  /**
   * Records the holes left after allocating an `lgSize` item at the start of a new region of
   * size `limitLgSize`: one hole of each size in between, `offset` being the first one's.
   */
  addHolesAtEnd(lgSize: number, offset: number, limitLgSize = HOLE_SIZES): void {
    while (lgSize < limitLgSize) {
      this.holes[lgSize] = offset;
      lgSize++;
      offset = (offset + 1) >>> 1;
    }
  }

  /**
   * Grows the item at `oldOffset` to 2^expansionFactor times its size by absorbing the holes
   * that follow it, if they are all free.
   */
  tryExpand(oldLgSize: number, oldOffset: number, expansionFactor: number): boolean {
    if (expansionFactor === 0) return true;
    if (oldLgSize === HOLE_SIZES) return false;
    if (this.holes[oldLgSize] !== oldOffset + 1) return false;
    if (!this.tryExpand(oldLgSize + 1, oldOffset >>> 1, expansionFactor - 1)) return false;
    this.holes[oldLgSize] = 0;
    return true;
  }

  /** The size of the smallest hole of at least `lgSize`, or null. */
  smallestAtLeast(lgSize: number): number | null {
    for (let i = lgSize; i < HOLE_SIZES; i++) if (this.holes[i] !== 0) return i;
    return null;
  }
}

/** A scope fields can be added to: the struct itself, or a member of a union. */
export interface FieldScope {
  addVoid(): void;
  /** Places a data field; returns its offset in units of its size. */
  addData(lgSize: number): number;
  /** Places a pointer field; returns its index in the pointer section. */
  addPointer(): number;
  /** Grows an item this scope placed earlier, if the space after it is free. */
  tryExpandData(oldLgSize: number, oldOffset: number, expansionFactor: number): boolean;
}

/** The struct as a whole: its section sizes and the holes in its data section. */
export class TopLayout implements FieldScope {
  dataWordCount = 0;
  pointerCount = 0;
  readonly holes = new HoleSet();

  addVoid(): void {}

  addData(lgSize: number): number {
    const hole = this.holes.tryAllocate(lgSize);
    if (hole !== null) return hole;
    const offset = this.dataWordCount++ << (6 - lgSize);
    this.holes.addHolesAtEnd(lgSize, offset + 1);
    return offset;
  }

  addPointer(): number {
    return this.pointerCount++;
  }

  tryExpandData(oldLgSize: number, oldOffset: number, expansionFactor: number): boolean {
    return this.holes.tryExpand(oldLgSize, oldOffset, expansionFactor);
  }
}

/** A region of the parent's data section that a union's members share. */
class DataLocation {
  lgSize: number;
  offset: number;

  constructor(lgSize: number, offset: number) {
    this.lgSize = lgSize;
    this.offset = offset;
  }

  tryExpandTo(union: UnionLayout, newLgSize: number): boolean {
    if (newLgSize <= this.lgSize) return true;
    if (!union.parent.tryExpandData(this.lgSize, this.offset, newLgSize - this.lgSize)) return false;
    this.offset >>>= newLgSize - this.lgSize;
    this.lgSize = newLgSize;
    return true;
  }
}

export class UnionLayout {
  readonly parent: FieldScope;
  private groupCount = 0;
  discriminantOffset: number | null = null;
  readonly dataLocations: DataLocation[] = [];
  readonly pointerLocations: number[] = [];

  constructor(parent: FieldScope) {
    this.parent = parent;
  }

  addNewDataLocation(lgSize: number): number {
    const offset = this.parent.addData(lgSize);
    this.dataLocations.push(new DataLocation(lgSize, offset));
    return offset;
  }

  addNewPointerLocation(): number {
    const index = this.parent.addPointer();
    this.pointerLocations.push(index);
    return index;
  }

  /** Called when a member receives its first field: the second such member needs a tag. */
  newGroupAddingFirstMember(): void {
    if (++this.groupCount === 2) this.addDiscriminant();
  }

  /** Allocates the 16-bit discriminant if not done yet; false if it already was. */
  addDiscriminant(): boolean {
    if (this.discriminantOffset !== null) return false;
    this.discriminantOffset = this.parent.addData(4);
    return true;
  }
}

/**
 * The reference compiler rejects two rare expansion cases that releases before 0.6 laid out
 * wrongly (its "issue 344"), rather than silently changing their layout. The message links the
 * issue where the repository was when 0.9.2 was released; 1.x links its present home
 * (`issue344Message`).
 */
export class Issue344Abort extends CompileAbort {
  constructor() {
    super(issue344Message('0.9'));
  }
}

/** The message of `Issue344Abort` as the reference of `language`'s edition words it. */
export function issue344Message(language: SchemaLanguage): string {
  const owner = language === '0.9' ? 'sandstorm-io' : 'capnproto';
  return "Bad news: Cap'n Proto 0.5.x and previous contained a bug which would cause this schema to be compiled incorrectly. " +
    `Please see: https://github.com/${owner}/capnproto/issues/344`;
}

/** How much of one of the union's data locations a member uses, and the holes in that part. */
class DataLocationUsage {
  private isUsed: boolean;
  /** log2 of the bits used from the start of the location (meaningful when `isUsed`). */
  private lgSizeUsed: number;
  /** Holes within the used part, at offsets relative to the location. */
  private readonly holes = new HoleSet();

  constructor(lgSizeUsed: number | null) {
    this.isUsed = lgSizeUsed !== null;
    this.lgSizeUsed = lgSizeUsed ?? 0;
  }

  /** The size of the smallest hole an `lgSize` item could take here, or null. */
  smallestHoleAtLeast(location: DataLocation, lgSize: number): number | null {
    if (!this.isUsed) return lgSize <= location.lgSize ? location.lgSize : null;
    if (lgSize >= this.lgSizeUsed) {
      // Not in a hole, but the location has room to double what is used.
      return lgSize < location.lgSize ? lgSize : null;
    }
    const hole = this.holes.smallestAtLeast(lgSize);
    if (hole !== null) return hole;
    return this.lgSizeUsed < location.lgSize ? this.lgSizeUsed : null;
  }

  /** Allocates where `smallestHoleAtLeast` found room; returns the offset in the struct. */
  allocateFromHole(location: DataLocation, lgSize: number): number {
    let result: number;
    if (!this.isUsed) {
      result = 0;
      this.isUsed = true;
      this.lgSizeUsed = lgSize;
    } else if (lgSize >= this.lgSizeUsed) {
      // Double the used part to twice the new item's size, and put the item in the new half.
      this.holes.addHolesAtEnd(this.lgSizeUsed, 1, lgSize);
      this.lgSizeUsed = lgSize + 1;
      result = 1;
    } else {
      const hole = this.holes.tryAllocate(lgSize);
      if (hole !== null) {
        result = hole;
      } else {
        // Double the used part and allocate from the new half.
        result = 1 << (this.lgSizeUsed - lgSize);
        this.holes.addHolesAtEnd(lgSize, result + 1, this.lgSizeUsed);
        this.lgSizeUsed += 1;
      }
    }
    return (location.offset << (location.lgSize - lgSize)) + result;
  }

  /** Allocates by growing the location into free space of the parent; null if it cannot. */
  tryAllocateByExpanding(union: UnionLayout, location: DataLocation, lgSize: number): number | null {
    if (!this.isUsed) {
      if (!location.tryExpandTo(union, lgSize)) return null;
      this.isUsed = true;
      this.lgSizeUsed = lgSize;
      return location.offset << (location.lgSize - lgSize);
    }
    const newSize = Math.max(this.lgSizeUsed, lgSize) + 1;
    if (!this.tryExpandUsage(union, location, newSize, true)) return null;
    const hole = this.holes.tryAllocate(lgSize)!;
    return (location.offset << (location.lgSize - lgSize)) + hole;
  }

  tryExpand(union: UnionLayout, location: DataLocation, oldLgSize: number, oldOffset: number, expansionFactor: number): boolean {
    if (oldOffset === 0 && this.lgSizeUsed === oldLgSize) {
      // The item is all this member uses of the location: grow the whole usage.
      return this.tryExpandUsage(union, location, oldLgSize + expansionFactor, false);
    }
    // Other items follow it, so it can only grow into holes of the used part.
    return this.holes.tryExpand(oldLgSize, oldOffset, expansionFactor);
  }

  private tryExpandUsage(union: UnionLayout, location: DataLocation, desiredUsage: number, newHoles: boolean): boolean {
    if (desiredUsage > location.lgSize && !location.tryExpandTo(union, desiredUsage)) return false;
    if (newHoles) {
      this.holes.addHolesAtEnd(this.lgSizeUsed, 1, desiredUsage);
    } else {
      // Reached only for unions nested in unions, where old releases placed fields wrongly.
      throw new Issue344Abort();
    }
    this.lgSizeUsed = desiredUsage;
    return true;
  }
}

/** One member of a union (a field, or a group's fields): overlaps the other members. */
export class UnionMemberLayout implements FieldScope {
  readonly union: UnionLayout;
  private readonly usages: DataLocationUsage[] = [];
  private pointerLocationsUsed = 0;
  private hasMembers = false;

  constructor(union: UnionLayout) {
    this.union = union;
  }

  private addMember(): void {
    if (this.hasMembers) return;
    this.hasMembers = true;
    this.union.newGroupAddingFirstMember();
  }

  addVoid(): void {
    this.addMember();
    // A union nested in this member must still tell the outer union that a member arrived,
    // even one of size zero: the outer discriminant is allocated when its second member does.
    this.union.parent.addVoid();
  }

  addData(lgSize: number): number {
    this.addMember();
    const locations = this.union.dataLocations;
    let bestSize = Infinity;
    let bestLocation = -1;
    for (let i = 0; i < locations.length; i++) {
      if (this.usages.length === i) this.usages.push(new DataLocationUsage(null));
      const hole = this.usages[i]!.smallestHoleAtLeast(locations[i]!, lgSize);
      if (hole !== null && hole < bestSize) {
        bestSize = hole;
        bestLocation = i;
      }
    }
    if (bestLocation >= 0) return this.usages[bestLocation]!.allocateFromHole(locations[bestLocation]!, lgSize);

    for (let i = 0; i < locations.length; i++) {
      const offset = this.usages[i]!.tryAllocateByExpanding(this.union, locations[i]!, lgSize);
      if (offset !== null) return offset;
    }

    const offset = this.union.addNewDataLocation(lgSize);
    this.usages.push(new DataLocationUsage(lgSize));
    return offset;
  }

  addPointer(): number {
    this.addMember();
    const locations = this.union.pointerLocations;
    if (this.pointerLocationsUsed < locations.length) return locations[this.pointerLocationsUsed++]!;
    this.pointerLocationsUsed++;
    return this.union.addNewPointerLocation();
  }

  tryExpandData(oldLgSize: number, oldOffset: number, expansionFactor: number): boolean {
    // Old releases went on (instead of failing) when the expansion was impossible; when that
    // would have succeeded, they produced a wrong layout, so it is rejected.
    const impossible = oldLgSize + expansionFactor > 6 || (oldOffset & ((1 << expansionFactor) - 1)) !== 0;
    const locations = this.union.dataLocations;
    for (let i = 0; i < this.usages.length; i++) {
      const location = locations[i]!;
      if (location.lgSize >= oldLgSize && oldOffset >>> (location.lgSize - oldLgSize) === location.offset) {
        const localOffset = oldOffset - (location.offset << (location.lgSize - oldLgSize));
        const result = this.usages[i]!.tryExpand(this.union, location, oldLgSize, localOffset, expansionFactor);
        if (impossible && result) throw new Issue344Abort();
        return result;
      }
    }
    throw new CompileAbort('Tried to expand field that was never allocated.');
  }
}
