/**
 * What the functions that parse text (JSON, the text format, schemas) accept, checked where
 * they start: a string. A JavaScript caller's likeliest mistake is the bytes of a file
 * (`readFileSync(path)` without an encoding), which failed deep in a parser with "charCodeAt is
 * not a function"; it now fails at once, saying how to get the text. Like the bytes readers'
 * check (wire/core/input-bytes.ts), but apart from it: the decode-only app has no room for
 * this one.
 */
import { CapnpError } from '../wire/error.js';
import { describeValue } from '../wire/core/describe-value.js';

/** `text` itself if it is a string, else an INVALID_ARGUMENT error naming `what` took it and what it got. */
export function inputText(text: unknown, what: string): string {
  if (typeof text === 'string') return text;
  const hint = ArrayBuffer.isView(text) ? ' (decode bytes first: new TextDecoder().decode(bytes), or readFileSync(path, \'utf8\'))' : '';
  throw new CapnpError('INVALID_ARGUMENT', `${what} takes a string, got ${describeValue(text)}${hint}`);
}
