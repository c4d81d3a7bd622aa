/**
 * Deferred writing of Text while a message is built in one go (plain object → bytes).
 *
 * Encoding a string costs a native call of roughly 46 ns whatever its length (Node 20), and a
 * JS loop about 1.2 ns per character; a document like the news benchmark's has ~3 300 strings,
 * so writing them one by one was most of its build time. In a batch, setting a Text field only
 * writes a placeholder pointer and records the string. At the end all recorded strings are
 * laid out back to back in one block at the end of the segment, each followed by its NUL and
 * zero padding to a word boundary (the padding is part of the joined string), and encoded by a
 * single native call straight into place; then each placeholder becomes the real pointer. No
 * byte is copied twice. The one call also checks that every string was ASCII: UTF-8 takes
 * exactly one byte per UTF-16 unit only then. When some string was not, the block is cleared
 * and the caller builds the message again without a batch (MessageBuilder.finishTextBatch).
 *
 * The message's layout differs from a build without a batch (Text comes after the structs
 * instead of next to each), which the encoding allows: readers follow pointers. Nothing may read
 * the message between `restart` and `write` (its deferred Text pointers point at themselves
 * until then); the one-call encoders guarantee that. Only strings whose pointer lives in the
 * batch's segment are deferred, so every placeholder is found in one place.
 */
import { DEFERRED_TEXT_POINTER, ElementSize, PointerKind } from './layout.js';
import type { Segment } from './segment.js';
import { encodeNative } from './text.js';

/**
 * A placeholder pointer's first word (layout.ts): pointing at itself, unlike any real pointer,
 * so anything written over the slot later (the same field set again, a union member replacing
 * it) is told apart, and `zeroObject` knows there is no object to clear yet.
 */
const PLACEHOLDER = DEFERRED_TEXT_POINTER;

/** NUL plus padding to the next word boundary, by how many bytes it takes (1 to 8). */
const PADDING = ['', '\0', '\0\0', '\0\0\0', '\0\0\0\0', '\0\0\0\0\0', '\0\0\0\0\0\0', '\0\0\0\0\0\0\0', '\0\0\0\0\0\0\0\0'];

export class TextBatch {
  segment: Segment;
  /**
   * The block's contents: each string followed by its padding. Built by concatenation, which V8
   * does lazily (a rope, flattened once by the encoder), measured faster than joining an array
   * of the pieces.
   */
  joined = '';
  /** Byte offsets of the placeholder pointers, and the bytes each string takes padded. */
  readonly slots: number[] = [];
  readonly sizes: number[] = [];
  /** Bytes the block takes if every string is ASCII (strings, NULs and padding). */
  bytes = 0;

  constructor(segment: Segment) {
    this.segment = segment;
  }

  /** Reuses this batch for a new message whose Text pointers are in `segment`. */
  restart(segment: Segment): void {
    this.segment = segment;
    this.joined = '';
    this.slots.length = 0;
    this.sizes.length = 0;
    this.bytes = 0;
  }

  /** Defers `text` for the pointer slot at byte `at` of the batch's segment. */
  add(text: string, at: number): void {
    const padded = (text.length + 8) & ~7;
    this.joined += text;
    this.joined += PADDING[padded - text.length]!;
    this.slots.push(at);
    this.sizes.push(padded);
    this.bytes += padded;
    const view = this.segment.view;
    view.setUint32(at, PLACEHOLDER, true);
    view.setUint32(at + 4, ElementSize.BYTE + (text.length + 1) * 8, true);
  }

  /**
   * Writes the block at `room`, where the segment's zeroed free tail starts with room for the
   * block and 8 bytes more, and points every placeholder at its string. Returns the bytes used (a multiple of 8; the caller allocates them), or -1 if some
   * string was not ASCII: the block is cleared again and the message must be built again.
   */
  write(room: number): number {
    const { slots, sizes } = this;
    if (slots.length === 0) return 0;
    const segment = this.segment;
    const bytes = segment.bytes;
    const written = encodeNative(this.joined, bytes, room);
    this.joined = '';
    if (written !== this.bytes) {
      bytes.fill(0, room, room + written);
      return -1;
    }
    // Last to first: when a slot was deferred twice (a field set again), the later string is
    // the one that lands, and the earlier one's placeholder is gone by the time it is reached.
    const view = segment.view;
    let target = room + this.bytes;
    for (let i = slots.length - 1; i >= 0; i--) {
      const at = slots[i]!;
      target -= sizes[i]!;
      // Left alone if something else was written over the placeholder since: this string's
      // bytes are then unreferenced, which the encoding allows.
      if (view.getUint32(at, true) === PLACEHOLDER) view.setInt32(at, (((target - at - 8) / 8) << 2) | PointerKind.LIST, true);
    }
    return this.bytes;
  }
}
