/**
 * The builder behind one-call encoding (`StructType.encode` without a builder of the caller's).
 * A fresh builder starts with a small segment (at most 1 KiB: allocation.ts learns its size)
 * and doubles it as the message grows, so each encode of a 49 KB message allocated and zeroed
 * ~127 KB and copied ~63 KB before copying the result out (18% of the news build, profiled).
 * One idle builder is kept instead and reused, so repeated encodes of similar messages
 * allocate only their result.
 *
 * Borrowing takes the idle builder away, so an encode that runs inside another (a getter of the
 * value being encoded that encodes something itself) simply gets a fresh one. A builder that
 * grew beyond RETAIN_LIMIT_BYTES is dropped rather than kept, so one huge message does not pin
 * its memory for the life of the process.
 */
import { MessageBuilder } from '../wire/index.js';

const RETAIN_LIMIT_BYTES = 1 << 20;

let idle: MessageBuilder | null = null;

/** An empty builder with the default options: the idle one if there is one. */
export function borrowBuilder(): MessageBuilder {
  const builder = idle;
  if (builder === null) return new MessageBuilder();
  idle = null;
  return builder;
}

/**
 * Whether `returnBuilder` would keep this builder for reuse. One that would not is dropped, so
 * its memory may be handed out as the result instead of copied.
 */
export function worthKeeping(builder: MessageBuilder): boolean {
  const segments = builder.arena.segments;
  return segments.length === 1 && segments[0]!.bytes.length <= RETAIN_LIMIT_BYTES;
}

/** Gives back a builder from `borrowBuilder` once its bytes have been copied out. */
export function returnBuilder(builder: MessageBuilder): void {
  if (!worthKeeping(builder)) return;
  builder.reset();
  idle = builder;
}

/**
 * Whether the next one-call encode should batch its Text (MessageBuilder.startTextBatch). A
 * batch assumes ASCII; when that was wrong, the block's native call was wasted and its strings
 * are written again one by one, so after such a miss the next BATCH_PAUSE encodes build
 * directly: an application that sends non-ASCII text pays the wasted work once in a while, not
 * every time.
 */
const BATCH_PAUSE = 64;
let encodesBeforeBatching = 0;

export function shouldBatchText(): boolean {
  if (encodesBeforeBatching === 0) return true;
  encodesBeforeBatching--;
  return false;
}

export function textBatchMissed(): void {
  encodesBeforeBatching = BATCH_PAUSE;
}
