/**
 * The limit on JSON output (`JsonOptions.maxChars`): a message whose JSON would be longer fails
 * with a `CapnpError` before the text, or a tree of that size, is made. A few bytes can describe
 * a list of millions of empty structs, each of which becomes a whole object of defaults.
 *
 * It is counted twice, since a message becomes JSON in two steps: while the tree is made, each
 * value counts the least text it can become (so that no output under the limit is refused, and
 * no tree much larger than the limit is built), and while the tree is written, each character
 * counts. Both steps are synchronous and do not re-enter themselves, so one count serves.
 */
import { CapnpError } from '../wire/index.js';

let charsLeft = 0;

/** Starts counting a step of `maxChars` characters. */
export function startOutput(maxChars: number): void {
  charsLeft = maxChars;
}

/** Counts `n` characters of output; throws once the limit is passed. */
export function spendOutput(n: number): void {
  if ((charsLeft -= n) < 0) throw outputTooLong();
}

/** Refuses a list that cannot fit (each element is at least one character) before anything is made for it. */
export function checkListFits(length: number): void {
  if (length > charsLeft) throw outputTooLong();
}

function outputTooLong(): CapnpError {
  return new CapnpError('MESSAGE_TOO_LARGE', 'the JSON would be longer than the limit of the codec (JsonOptions.maxChars); a message can describe more empty structs and lists than its own size suggests');
}
