/**
 * Noticing input given in the wrong binary encoding: a packed message read as binary fails with
 * some unhelpful complaint about its segment table, and a binary one read as packed unpacks to
 * garbage. When reading fails, the commands check whether the whole input reads cleanly in the
 * sibling encoding (binary and packed, flat and flat-packed) and, if it does, say so in one
 * line instead of passing on the low-level error, as the reference tool does.
 */
import { CapnpError, MessageBuilder, readMessage, readMessages, type ReaderOptions } from '../wire/index.js';

export type BinaryFormat = 'binary' | 'packed' | 'flat' | 'flat-packed';

const SIBLING: Record<BinaryFormat, BinaryFormat> = {
  binary: 'packed', packed: 'binary', flat: 'flat-packed', 'flat-packed': 'flat',
};

/**
 * Whether all of `input` reads as messages in `format`, every object of each reachable, and at
 * least one root is not empty. `partial`: `input` is the start of a stream, whose last message
 * may be cut short.
 */
export function readsCleanlyAs(input: Uint8Array, format: BinaryFormat, limits: ReaderOptions, partial = false): boolean {
  let holdsSomething = false;
  try {
    const messages = format === 'binary' || format === 'packed'
      ? readMessages(input, { ...limits, format })
      : [readMessage(input, { ...limits, format })];
    for (const message of messages) {
      // A full copy visits every object: a message in the wrong encoding fails somewhere.
      const root = message.getRoot();
      new MessageBuilder().setRoot(root);
      if (root.dataSize > 0 || root.pointerCount > 0) holdsSomething = true;
    }
    // Zeros read as anything; only messages with content are evidence.
    return holdsSomething;
  } catch (error) {
    // Anything at all (a stack overflow on a pointer cycle included) means "no", but the end
    // of a stream's start, after whole messages with content.
    return partial && holdsSomething && error instanceof CapnpError && error.code === 'TRUNCATED';
  }
}

/**
 * The encoding `input` is in when it failed to read as `format` but reads as its sibling;
 * null when it does not (the original error stands).
 */
export function misreadFormat(input: Uint8Array, format: string, limits: ReaderOptions, partial = false): BinaryFormat | null {
  if (!(format in SIBLING)) return null;
  const sibling = SIBLING[format as BinaryFormat];
  return readsCleanlyAs(input, sibling, limits, partial) ? sibling : null;
}

/**
 * The error to report for input that failed to read as `format` (`error`): a one-line
 * "looks like packed" with `advice`, when the input reads as the sibling encoding, or the
 * error itself.
 */
export function explainMisread(
  error: unknown, input: Uint8Array, format: string, limits: ReaderOptions, advice: (actual: BinaryFormat) => string, partial = false,
): unknown {
  if (!(error instanceof CapnpError)) return error;
  const actual = misreadFormat(input, format, limits, partial);
  if (actual === null) return error;
  return new CapnpError(error.code, `the input is not in ${format} format; it looks like ${actual} format (${advice(actual)})`, { cause: error });
}
