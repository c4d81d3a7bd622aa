import type { Arena } from './arena.js';

/**
 * One segment of a message: a byte range plus a DataView over it. Readers and builders hold a
 * segment and byte offsets into it, never views of their own, so a builder's segment can grow
 * (its buffer replaced by a larger copy) without invalidating anything that points into it.
 */
export class Segment {
  readonly arena: Arena;
  readonly id: number;
  bytes: Uint8Array;
  view: DataView;
  /**
   * Bytes in use. For a segment being read this is its whole length; for a segment being
   * built it is the allocation frontier. Every bounds check is made against it.
   */
  used: number;

  constructor(arena: Arena, id: number, bytes: Uint8Array, used: number) {
    this.arena = arena;
    this.id = id;
    this.bytes = bytes;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.used = used;
  }

  /** Replaces the backing bytes with a larger zeroed buffer holding the same contents. */
  grow(minCapacity: number): void {
    let capacity = Math.max(this.bytes.length * 2, 64);
    while (capacity < minCapacity) capacity *= 2;
    const bytes = new Uint8Array(capacity);
    bytes.set(this.bytes.subarray(0, this.used));
    this.bytes = bytes;
    this.view = new DataView(bytes.buffer);
  }
}
