/**
 * Deferred writing of long Text while a message is built in one go (plain object → bytes).
 *
 * Encoding a string costs a native call of roughly 46 ns whatever its length (Node 20), and a
 * document like the news benchmark's has ~700 strings: the calls alone were about a third of
 * its build time. In a batch, a long string is laid out on the optimistic assumption that it is
 * ASCII (as many bytes as UTF-16 units), its bytes are left zero, and at the end all batched
 * strings are joined and encoded by one native call into the segment's free tail, then moved to
 * their places. The one call also checks the assumption: UTF-8 takes exactly one byte per unit
 * only if every unit is ASCII. When some string was not, nothing is moved and the caller builds
 * the message again without a batch (MessageBuilder.finishTextBatch).
 *
 * Only strings in the batch's segment are deferred, so each has a fixed offset there even if
 * the segment is reallocated to grow. Nothing may read the message between `start` and `finish`
 * (its deferred Text reads as NULs until then); the one-call encoders guarantee that.
 */
import type { Segment } from './segment.js';
import { encodeUtf8Into } from './text.js';

export class TextBatch {
  segment: Segment;
  readonly texts: string[] = [];
  readonly offsets: number[] = [];
  /** Total UTF-16 units of the batched strings. */
  units = 0;

  constructor(segment: Segment) {
    this.segment = segment;
  }

  /** Reuses this batch for a new message whose texts go to `segment`. */
  restart(segment: Segment): void {
    this.segment = segment;
    this.texts.length = 0;
    this.offsets.length = 0;
    this.units = 0;
  }

  add(text: string, offset: number): void {
    this.texts.push(text);
    this.offsets.push(offset);
    this.units += text.length;
  }

  /**
   * Writes the batched strings. `room` is where the segment's free tail starts, with at least
   * three bytes per unit of space (the most UTF-8 can take), or -1 if there is no such room.
   * Returns false if some string was not ASCII: the message must then be built again.
   */
  write(room: number): boolean {
    const { texts, offsets, units } = this;
    const bytes = this.segment.bytes;
    if (texts.length === 0) return true;
    if (texts.length === 1 || room < 0) {
      // Nothing to gain from joining one string (or no room to join them): write in place,
      // each write checked. A failed one leaves bytes behind, but the message is built again.
      for (let i = 0; i < texts.length; i++) {
        const written = encodeUtf8Into(texts[i]!, bytes, offsets[i]!);
        if (written !== texts[i]!.length) {
          // It may have spilled into the free tail, which must stay zero (see below).
          bytes.fill(0, offsets[i]!, offsets[i]! + written);
          return false;
        }
      }
      return true;
    }
    const written = encodeUtf8Into(texts.join(''), bytes, room);
    if (written === units) {
      let from = room;
      for (let i = 0; i < texts.length; i++) {
        const length = texts[i]!.length;
        bytes.copyWithin(offsets[i]!, from, from + length);
        from += length;
      }
    }
    // The free tail must be zero again: allocation hands it out as zeroed memory. (After a
    // failure the bytes moved so far stay, but the message is built again.)
    bytes.fill(0, room, room + written);
    return written === units;
  }
}
