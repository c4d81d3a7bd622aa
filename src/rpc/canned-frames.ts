/**
 * Frames whose shape never changes (Finish, Release) are built once, through the struct
 * builders like every other message, and afterwards sent as a copy of those bytes with the ids
 * written in. A Finish goes out for every call made, so building it field by field in a message
 * builder each time was a measurable share of a call's cost (see docs/BENCHMARKS.md, rpc).
 */
import { allocateBytes, type StructBuilder } from '../wire/index.js';
import { initMessage } from './message-fields.js';
import { OutgoingMessage } from './outgoing-message.js';
import {
  FINISH_POINTERS, FINISH_QUESTION_ID, FINISH_RELEASE_RESULT_CAPS, FINISH_RELEASE_RESULT_CAPS_DEFAULT,
  FINISH_REQUIRE_EARLY_CANCELLATION_WORKAROUND, FINISH_REQUIRE_EARLY_CANCELLATION_WORKAROUND_DEFAULT, FINISH_WORDS,
  MESSAGE_IS_FINISH, MESSAGE_IS_RELEASE, RELEASE_ID, RELEASE_POINTERS, RELEASE_REFERENCE_COUNT, RELEASE_WORDS,
} from './protocol/layout.js';

/** The bytes of a one-segment frame and where, in them, its two varying UInt32 fields are. */
class CannedFrame {
  private readonly template: Uint8Array;
  private readonly first: number;
  private readonly second: number;

  /**
   * `build` fills a message and returns the struct holding the varying fields, at byte offsets
   * `first` and `second` of its data section.
   */
  constructor(build: (message: OutgoingMessage) => StructBuilder, first: number, second: number) {
    const message = new OutgoingMessage(8);
    const struct = build(message);
    this.template = message.toBytes();
    // The message is one segment, after the 8-byte segment table.
    this.first = 8 + struct.data + first;
    this.second = 8 + struct.data + second;
  }

  /**
   * A fresh copy of the frame with the varying fields written in. The copy comes from the
   * shared slab (as `toBytes` output does): the receiver opens a DataView over it, and a
   * DataView over a small array of its own would move that array off the JS heap first.
   */
  make(first: number, second: number): Uint8Array {
    const bytes = allocateBytes(this.template.length);
    bytes.set(this.template);
    writeUint32(bytes, this.first, first);
    writeUint32(bytes, this.second, second);
    return bytes;
  }
}

function writeUint32(bytes: Uint8Array, at: number, value: number): void {
  bytes[at] = value;
  bytes[at + 1] = value >>> 8;
  bytes[at + 2] = value >>> 16;
  bytes[at + 3] = value >>> 24;
}

function finishFrame(releaseResultCaps: boolean): CannedFrame {
  return new CannedFrame((message) => {
    const finish = initMessage(message, MESSAGE_IS_FINISH, FINISH_WORDS, FINISH_POINTERS);
    finish.setBool(FINISH_RELEASE_RESULT_CAPS, releaseResultCaps, FINISH_RELEASE_RESULT_CAPS_DEFAULT);
    finish.setBool(FINISH_REQUIRE_EARLY_CANCELLATION_WORKAROUND, false, FINISH_REQUIRE_EARLY_CANCELLATION_WORKAROUND_DEFAULT);
    return finish;
  }, FINISH_QUESTION_ID, FINISH_QUESTION_ID);
}

let finishReleasing: CannedFrame | null = null;
let finishKeeping: CannedFrame | null = null;
let release: CannedFrame | null = null;

/** The bytes of `Finish { questionId, releaseResultCaps, requireEarlyCancellationWorkaround = false }`. */
export function finishBytes(questionId: number, releaseResultCaps: boolean): Uint8Array {
  const frame = releaseResultCaps ? (finishReleasing ??= finishFrame(true)) : (finishKeeping ??= finishFrame(false));
  return frame.make(questionId, questionId);
}

/** The bytes of `Release { id, referenceCount }`. */
export function releaseBytes(importId: number, referenceCount: number): Uint8Array {
  release ??= new CannedFrame((message) => initMessage(message, MESSAGE_IS_RELEASE, RELEASE_WORDS, RELEASE_POINTERS), RELEASE_ID, RELEASE_REFERENCE_COUNT);
  return release.make(importId, referenceCount);
}
