/**
 * The limit on printed output, shared by the text printer (`PrintOptions.maxChars`) and the JSON
 * codec (`JsonOptions.maxChars`): output that would be longer fails with a `CapnpError`
 * (`MESSAGE_TOO_LARGE`) before the text, or a tree of that size, is made. A few bytes can
 * describe a list of millions of empty structs, each of which prints as a whole struct of
 * defaults, and a reader whose traversal limit is lifted (as `capnp decode` lifts it) follows
 * them all.
 *
 * Printing and JSON encoding are synchronous, do not re-enter themselves and do not call each
 * other, so one count serves whichever step is running: the caller starts it, and every piece
 * of the output (values, names, separators, brackets, indentation) is counted as it is made.
 */
import { CapnpError, checkLimit } from '../wire/index.js';

/**
 * The default limit: 128 Mi characters, a quarter of the longest string V8 makes, so that a
 * message that would print more fails with a `CapnpError` rather than V8's `RangeError` or
 * running out of memory.
 */
export const DEFAULT_MAX_PRINTED_CHARS = 2 ** 27;

let charsLeft = 0;
/** What the error names: the output and the option that limits it. */
let subject = '';
let limitName = '';

/** Starts counting a step of at most `maxChars` characters of `what` (for the error: 'JSON', and its option's owner and name). */
export function startOutput(maxChars: number, what: string, limit: string): void {
  charsLeft = checkLimit(maxChars, 0, 'maxChars');
  subject = what;
  limitName = limit;
}

/** Counts `n` characters of output; throws once the limit is passed. */
export function spendOutput(n: number): void {
  if ((charsLeft -= n) < 0) throw outputTooLong();
}

/** `text`, counted as output. */
export function spent(text: string): string {
  spendOutput(text.length);
  return text;
}

/** Refuses a list that cannot fit (each element is at least one character) before anything is made for it. */
export function checkListFits(length: number): void {
  if (length > charsLeft) throw outputTooLong();
}

function outputTooLong(): CapnpError {
  return new CapnpError('MESSAGE_TOO_LARGE', `the ${subject} would be longer than the limit of the ${limitName}; a message can describe more empty structs and lists than its own size suggests`);
}
