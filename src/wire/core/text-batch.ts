/**
 * Deferred writing of Text while a message is built in one go (plain object → bytes).
 *
 * Encoding a string costs a native call of roughly 46 ns whatever its length (Node 20), and a
 * JS loop about 1.2 ns per character; the news benchmark's document has ~700 strings, and
 * writing them one by one was the largest part of its build time. In a batch, setting a Text
 * field only writes a placeholder pointer and records the string. Then, whenever the recorded
 * strings reach BLOCK_BYTES and at the end, they are laid out back to back in one block at the
 * end of the segment, each followed by its NUL and zero padding to a word boundary (the padding
 * is part of the concatenated string), encoded by a single native call straight into place,
 * and each placeholder becomes the real pointer. No byte is copied twice.
 *
 * The one call also checks that every string was ASCII: UTF-8 takes exactly one byte per UTF-16
 * unit only then. When some string of a block was not, the block is cleared and its strings are
 * written one by one, in the same order and places (each taking its exact UTF-8 size); the
 * message is complete either way, and the caller is told (`missed`) so it can skip the native
 * attempt for a while (`restart(segment, false)`: strings are then written one by one straight
 * away). So the bytes depend only on the value encoded, not on what was encoded before.
 *
 * The layout differs from a build field by field (Text comes after the structs set before it
 * instead of next to each), which the encoding allows: readers follow pointers, and the
 * canonical form is the same. Nothing may read the message while strings are deferred (their
 * pointers point at themselves until then); the one-call encoders guarantee that. Only strings
 * whose pointer lives in the batch's segment are deferred, so every placeholder is in one place.
 */
import { reserve } from './allocation.js';
import { Deferred, Kind, Size } from './layout.js';
import type { Segment } from './segment.js';
import { encodeNative } from './text.js';

/**
 * Text bytes gathered before a block is written. Large enough that a block's native call is
 * cheap per string; small enough that a message of many megabytes never holds its text a second
 * time as one big string.
 */
const BLOCK_BYTES = 64 * 1024;

/** Strings a new batch has room to record before it grows its records (`growRecords`). */
const INITIAL_RECORDS = 256;

/** NUL plus padding to the next word boundary, by how many bytes it takes (1 to 8). */
const PADDING = ['', '\0', '\0\0', '\0\0\0', '\0\0\0\0', '\0\0\0\0\0', '\0\0\0\0\0\0', '\0\0\0\0\0\0\0', '\0\0\0\0\0\0\0\0'];

/** Writes Text at once (no batch) into the pointer slot `at`, which holds a placeholder or null. */
export type WriteTextNow = (segment: Segment, at: number, text: string) => void;

/**
 * A block's strings, each followed by its padding. Built by concatenation, which V8 does lazily
 * (a rope, flattened once by the encoder), measured faster than joining an array of the pieces.
 */
class Block {
  joined = '';
}

export class TextBatch {
  segment: Segment;
  /** The ordinary Text writer (build-object.ts, given by MessageBuilder), for the fallback. */
  private readonly writeNow: WriteTextNow;
  /**
   * The block's contents (`Block#joined`), in an object made anew for each block: a batch is
   * reused from message to message and soon lives in V8's old generation, where every store of
   * a new string into it takes the slow path of the write barrier (news build: 36 k of its
   * 966 k instructions); a store into a young object does not.
   */
  private block = new Block();
  /**
   * The placeholders' byte offsets and the strings' lengths (the strings themselves are in
   * `block`: numbers only here, so recording a string stores no reference). Typed arrays: a store
   * is a bounds check and a write, where a JavaScript array's also checks its elements' kind and
   * room. They are kept from block to block and grown, by doubling, only when a block holds more
   * strings than any before it (at most BLOCK_BYTES / 8).
   */
  private slots = new Int32Array(INITIAL_RECORDS);
  private lengths = new Int32Array(INITIAL_RECORDS);
  /** How many strings the block holds: the first `count` entries of `slots` and `lengths`. */
  private count = 0;
  /** Bytes the pending block takes if every string is ASCII (strings, NULs and padding). */
  private bytes = 0;
  /** Whether some block held a string that was not ASCII (and was written string by string). */
  missed = false;
  /** Whether blocks are tried as one native call (else written string by string). */
  private tryBlocks = true;

  constructor(segment: Segment, writeNow: WriteTextNow) {
    this.segment = segment;
    this.writeNow = writeNow;
  }

  /**
   * Reuses this batch for a new message whose Text pointers are in `segment`; `tryBlocks` false
   * writes each block string by string without the native attempt (same bytes).
   */
  restart(segment: Segment, tryBlocks: boolean): void {
    this.segment = segment;
    this.clear();
    this.missed = false;
    this.tryBlocks = tryBlocks;
  }

  /**
   * Defers `text` for the pointer slot at byte `at` of the batch's segment, which gets a
   * placeholder: a first word pointing at itself (`TEXT_POINTER` of layout.ts's `Deferred`),
   * unlike any real pointer, so `zeroObject` knows there is no object to clear yet, and a second
   * word holding the string's index in the pending block, so a string whose slot was written
   * again since (the same field set twice, a union member replacing it) is told apart from the
   * one that owns the slot.
   */
  add(text: string, at: number): void {
    const padded = (text.length + 8) & ~7;
    // `(joined + text) + padding`, not `joined + (text + padding)`: the rope's every piece is then
    // a leaf hanging off its spine, which the encoder's flattening copies without a call of its
    // own per string (news build 0.967× instructions, 0.94× in time).
    const block = this.block;
    block.joined = block.joined + text + PADDING[padded - text.length]!;
    const index = this.count++;
    if (index === this.slots.length) this.growRecords();
    this.slots[index] = at;
    this.lengths[index] = text.length;
    this.bytes += padded;
    const view = this.segment.view;
    view.setUint32(at, Deferred.TEXT_POINTER, true);
    view.setUint32(at + 4, index, true);
    if (this.bytes >= BLOCK_BYTES) this.flush();
  }

  /** Twice the room for strings' records, those of the pending block kept. */
  private growRecords(): void {
    const slots = new Int32Array(this.slots.length * 2);
    slots.set(this.slots);
    this.slots = slots;
    const lengths = new Int32Array(this.lengths.length * 2);
    lengths.set(this.lengths);
    this.lengths = lengths;
  }

  /** Writes every deferred string, so that no placeholder is left. */
  flush(): void {
    if (this.count === 0) return;
    const segment = this.segment;
    // Room for the block plus one more character of the longest UTF-8 form (4 bytes; rounded
    // to a word): the encoder stops before a character that does not fit, so if any string is
    // not ASCII it has written more bytes than the block holds when it stops, and the mismatch
    // shows. Only what was written is allocated.
    const room = this.tryBlocks ? reserve(segment.arena, segment, this.bytes + 8) : -1;
    const written = room < 0 ? -1 : encodeNative(this.block.joined, segment.bytes, room);
    if (written === this.bytes) {
      this.point(room);
      segment.used = room + this.bytes;
    } else {
      if (written > 0) {
        segment.bytes.fill(0, room, room + written);
        this.missed = true;
      }
      this.writeEach();
    }
    this.clear();
  }

  /** Whether string `i` still owns its slot (no other value was written there since). */
  private owns(i: number): boolean {
    const at = this.slots[i]!;
    const view = this.segment.view;
    return view.getUint32(at, true) === Deferred.TEXT_POINTER && view.getUint32(at + 4, true) === i;
  }

  /** Points every placeholder at its string in the block written at `room`. */
  private point(room: number): void {
    const { slots, lengths, count } = this;
    const view = this.segment.view;
    let target = room;
    for (let i = 0; i < count; i++) {
      const at = slots[i]!;
      const length = lengths[i]!;
      // `owns(i)`, written out with the loop's locals.
      if (view.getUint32(at, true) === Deferred.TEXT_POINTER && view.getUint32(at + 4, true) === i) {
        view.setInt32(at, (((target - at - 8) / 8) << 2) | Kind.LIST, true);
        view.setUint32(at + 4, Size.BYTE + (length + 1) * 8, true);
      } else {
        // Its slot was written again: its place stays, zeroed (the old value leaks nowhere),
        // as the string-by-string path leaves it, so the bytes are the same either way.
        this.segment.bytes.fill(0, target, target + ((length + 8) & ~7));
      }
      target += (length + 8) & ~7;
    }
  }

  /** Writes the block string by string, in order, where the block would have put them. */
  private writeEach(): void {
    const segment = this.segment;
    let from = 0;
    for (let i = 0; i < this.count; i++) {
      const length = this.lengths[i]!;
      const padded = (length + 8) & ~7;
      if (this.owns(i)) {
        this.writeNow(segment, this.slots[i]!, this.block.joined.substring(from, from + length));
      } else {
        // As in `point`: the superseded string's place is kept (zeroed).
        const start = reserve(segment.arena, segment, padded);
        if (start >= 0) segment.used = start + padded;
      }
      from += padded;
    }
  }

  private clear(): void {
    this.block = new Block();
    this.count = 0;
    this.bytes = 0;
  }
}
