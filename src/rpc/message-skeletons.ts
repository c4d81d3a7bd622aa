/**
 * The fixed part of the two messages every call sends: a `Call` up to its params' content (with
 * its `MessageTarget`), and a `Return` of results up to theirs. Each is laid out once, through
 * the struct builders like every other message, and from then on written into an empty builder
 * as the few words of it that are not zero; the engine then writes the fields that vary (ids,
 * target, cap table) at the offsets that first layout recorded.
 *
 * Why: built struct by struct, each call made a wire-level `StructBuilder` for the root, the
 * body, the payload and the target of both messages, and the Call's were made a second time
 * when the request was sent (docs/BENCHMARKS.md, RPC, "A quarter of the call taken out"). The
 * bytes are the same either way: the layout comes from the same builders, in the same order.
 * The Return skeleton is also where a local server answering a peer builds its results
 * (`ServerCall`, local-hook.ts), so that the Return is sent as it was built. The same idea as
 * canned-frames.ts, which keeps whole frames whose shape never changes (Finish, Release); a
 * skeleton is only the start of a message still being built, so it is written into a builder.
 */
import { allocateIn } from '../wire/core/allocation.js';
import type { Segment, StructBuilder } from '../wire/index.js';
import { RpcError } from './errors.js';
import { initMessage } from './message-fields.js';
import { OutgoingMessage } from './outgoing-message.js';
import {
  CALL_PARAMS, CALL_POINTERS, CALL_TARGET, CALL_WORDS, MESSAGE_IS_CALL, MESSAGE_IS_RETURN, MESSAGE_TARGET_POINTERS,
  MESSAGE_TARGET_WORDS, PAYLOAD_CAP_TABLE, PAYLOAD_CONTENT, PAYLOAD_POINTERS, PAYLOAD_WORDS, RETURN_IS_RESULTS,
  RETURN_POINTERS, RETURN_RELEASE_PARAM_CAPS, RETURN_RELEASE_PARAM_CAPS_DEFAULT, RETURN_RESULTS, RETURN_WHICH,
  RETURN_WORDS,
} from './protocol/layout.js';

/** What a skeleton's layout function made: the body (Call or Return), its payload and, for a Call, its target. */
interface Layout {
  body: StructBuilder;
  payload: StructBuilder;
  target: StructBuilder | null;
}

export class MessageSkeleton {
  /** The layout's non-zero 32-bit words: byte offset, value, byte offset, value... */
  private readonly nonZero: number[] = [];
  /** Bytes the skeleton takes in the first segment, root pointer included. */
  private readonly size: number;
  /** The same in words: a builder's first segment of this size holds the skeleton alone. */
  readonly words: number;
  /** Byte offset of the body's data section (where the Call's or Return's fields are). */
  readonly body: number;
  /** Byte offset of the payload's content pointer (params or results). */
  readonly content: number;
  /** Byte offset of the payload's cap table pointer. */
  readonly capTable: number;
  /** Byte offset of the MessageTarget's data section (a Call's), else -1. */
  readonly target: number;

  constructor(layout: (message: OutgoingMessage) => Layout) {
    const message = new OutgoingMessage(32);
    const { body, payload, target } = layout(message);
    const segment = message.arena.first;
    for (let at = 0; at < segment.used; at += 4) {
      const value = segment.view.getUint32(at, true);
      if (value !== 0) this.nonZero.push(at, value);
    }
    this.size = segment.used;
    this.words = segment.used / 8;
    this.body = body.data;
    this.content = payload.pointers + PAYLOAD_CONTENT * 8;
    this.capTable = payload.pointers + PAYLOAD_CAP_TABLE * 8;
    this.target = target === null ? -1 : target.data;
  }

  /**
   * Lays the skeleton out in `message`, which must be empty (new or reset: its first segment
   * zeroed past the root pointer), and returns that segment.
   */
  writeInto(message: OutgoingMessage): Segment {
    const segment = message.arena.first;
    if (segment.used !== 8) throw new RpcError('failed', 'internal: a message skeleton needs an empty builder');
    allocateIn(message.arena, segment, this.size - 8);
    const view = segment.view;
    const words = this.nonZero;
    for (let i = 0; i < words.length; i += 2) view.setUint32(words[i]!, words[i + 1]!, true);
    return segment;
  }
}

/** Sets Bool field `bit` (a bit offset) of the struct whose data section is at `data`, in a message being built. */
export function setBit(segment: Segment, data: number, bit: number): void {
  segment.bytes[data + (bit >>> 3)]! |= 1 << (bit & 7);
}

let call: MessageSkeleton | null = null;
let results: MessageSkeleton | null = null;

/** `Call { target: importedCap 0, params: Payload {} }`: the rest is written per call. */
export const callSkeleton = (): MessageSkeleton => (call ??= new MessageSkeleton((message) => {
  const body = initMessage(message, MESSAGE_IS_CALL, CALL_WORDS, CALL_POINTERS);
  const payload = body.initStruct(CALL_PARAMS, PAYLOAD_WORDS, PAYLOAD_POINTERS);
  const target = body.initStruct(CALL_TARGET, MESSAGE_TARGET_WORDS, MESSAGE_TARGET_POINTERS);
  return { body, payload, target };
}));

/** `Return { releaseParamCaps: false, results: Payload {} }`: the answer id and the results are written per call. */
export const resultsSkeleton = (): MessageSkeleton => (results ??= new MessageSkeleton((message) => {
  const body = initMessage(message, MESSAGE_IS_RETURN, RETURN_WORDS, RETURN_POINTERS);
  body.setBool(RETURN_RELEASE_PARAM_CAPS, false, RETURN_RELEASE_PARAM_CAPS_DEFAULT);
  body.setUint16(RETURN_WHICH, RETURN_IS_RESULTS);
  const payload = body.initStruct(RETURN_RESULTS, PAYLOAD_WORDS, PAYLOAD_POINTERS);
  return { body, payload, target: null };
}));
