/**
 * Frames whose shape never changes (Finish, Release) are built once, through the generated
 * builders like every other message, and afterwards sent as a copy of those bytes with the ids
 * written in. A Finish goes out for every call made, so building it field by field in a message
 * builder each time was a measurable share of a call's cost (see docs/BENCHMARKS.md, rpc).
 */
import { allocateBytes, MessageBuilder } from '../wire/index.js';
import * as rpc from '../generated/std/rpc.capnp.js';

/** Stand-ins for the variable fields while a template is built, found again in its bytes. */
const MARKS = [0xa1b2c3d4, 0x5e6f7a8b];

class CannedFrame {
  private readonly template: Uint8Array;
  private readonly offsets: number[];

  /** `build` fills a message's root, writing `marks[i]` into the i-th 32-bit field that varies. */
  constructor(fields: number, build: (root: rpc.MessageBuilder, marks: readonly number[]) => void) {
    const message = new MessageBuilder({ firstSegmentWords: 8 });
    const marks = MARKS.slice(0, fields);
    build(rpc.Message.initRoot(message), marks);
    this.template = message.toBytes();
    this.offsets = marks.map((mark) => offsetOf(this.template, mark));
  }

  /**
   * A fresh copy of the frame with the varying fields written in. The copy comes from the
   * shared slab (as `toBytes` output does): the receiver opens a DataView over it, and a
   * DataView over a small array of its own would move that array off the JS heap first.
   */
  make(first: number, second = 0): Uint8Array {
    const bytes = allocateBytes(this.template.length);
    bytes.set(this.template);
    writeUint32(bytes, this.offsets[0]!, first);
    if (this.offsets.length > 1) writeUint32(bytes, this.offsets[1]!, second);
    return bytes;
  }
}

function offsetOf(bytes: Uint8Array, mark: number): number {
  let found = -1;
  for (let at = 0; at + 4 <= bytes.length; at += 4) {
    const value = (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0;
    if (value === mark) {
      if (found >= 0) throw new Error('internal: a canned frame\'s marker occurs twice');
      found = at;
    }
  }
  if (found < 0) throw new Error('internal: a canned frame\'s marker is missing');
  return found;
}

function writeUint32(bytes: Uint8Array, at: number, value: number): void {
  bytes[at] = value;
  bytes[at + 1] = value >>> 8;
  bytes[at + 2] = value >>> 16;
  bytes[at + 3] = value >>> 24;
}

function finishFrame(releaseResultCaps: boolean): CannedFrame {
  return new CannedFrame(1, (root, [questionId]) => {
    const finish = root.initFinish();
    finish.questionId = questionId!;
    finish.releaseResultCaps = releaseResultCaps;
    finish.requireEarlyCancellationWorkaround = false;
  });
}

let finishReleasing: CannedFrame | null = null;
let finishKeeping: CannedFrame | null = null;
let release: CannedFrame | null = null;

/** The bytes of `Finish { questionId, releaseResultCaps, requireEarlyCancellationWorkaround = false }`. */
export function finishBytes(questionId: number, releaseResultCaps: boolean): Uint8Array {
  const frame = releaseResultCaps ? (finishReleasing ??= finishFrame(true)) : (finishKeeping ??= finishFrame(false));
  return frame.make(questionId);
}

/** The bytes of `Release { id, referenceCount }`. */
export function releaseBytes(importId: number, referenceCount: number): Uint8Array {
  release ??= new CannedFrame(2, (root, [id, count]) => {
    const message = root.initRelease();
    message.id = id!;
    message.referenceCount = count!;
  });
  return release.make(importId, referenceCount);
}
