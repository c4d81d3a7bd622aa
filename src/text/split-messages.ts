/**
 * Splitting a stream of messages written one after another (struct literals of the text
 * format, or JSON objects) into one string per message, as the reference tool reads such a
 * stream: a message ends where its outermost bracket closes, and the next one starts at the
 * next opening bracket; brackets inside strings and comments do not count. Parsing is left to
 * the format's parser, so a malformed message is reported there, with its position.
 */

/** What the splitter needs to know of a syntax. */
export interface MessageSyntax {
  /** The character codes of the brackets around a message. */
  readonly open: number;
  readonly close: number;
  /** Whether `'...'` is quoted (the text format's character literals) besides `"..."`. */
  readonly singleQuotes: boolean;
  /** Whether `//` starts a comment besides `#`. */
  readonly slashComments: boolean;
  /** Whether a backtick quotes the rest of its line (the text format's block quotes). */
  readonly blockQuotes: boolean;
}

const NEWLINE = 10;
const RETURN = 13;
const BACKTICK = 96;
const HASH = 35;
const SLASH = 47;
const BACKSLASH = 92;
const DOUBLE_QUOTE = 34;
const SINGLE_QUOTE = 39;

/** One string per message. Empty input holds none; input without any bracket is one (invalid) message. */
export function splitMessages(input: string, syntax: MessageSyntax): string[] {
  const out: string[] = [];
  if (input.length === 0) return out;
  let depth = 0;
  let sawClose = false;
  let start = 0;
  let inComment = false;
  let inBlockQuote = false;
  /** The quote that opened the string being skipped, or 0. */
  let quote = 0;
  for (let i = 0; i < input.length; i++) {
    const c = input.charCodeAt(i);
    if (inComment) {
      if (c === NEWLINE) inComment = false;
    } else if (inBlockQuote) {
      if (c === NEWLINE || c === RETURN) inBlockQuote = false;
    } else if (quote !== 0) {
      if (c === BACKSLASH) i++;
      else if (c === quote) quote = 0;
    } else if (c === HASH || (syntax.slashComments && c === SLASH && input.charCodeAt(i + 1) === SLASH)) {
      inComment = true;
    } else if (syntax.blockQuotes && c === BACKTICK) {
      inBlockQuote = true;
    } else if (c === DOUBLE_QUOTE || (syntax.singleQuotes && c === SINGLE_QUOTE)) {
      quote = c;
    } else if (c === syntax.open) {
      if (depth === 0 && sawClose) {
        out.push(input.slice(start, i));
        start = i;
        sawClose = false;
      }
      depth++;
    } else if (c === syntax.close && depth > 0) {
      if (--depth === 0) sawClose = true;
    }
  }
  out.push(input.slice(start));
  return out;
}

/**
 * Struct literals of the text format: parentheses, `"` and `'` quotes, `#` comments, block
 * quotes (which 0.9's syntax has not, but a backtick is an error there anyway).
 */
export const TEXT_MESSAGES: MessageSyntax = Object.freeze({ open: 40, close: 41, singleQuotes: true, slashComments: false, blockQuotes: true });

/** JSON objects: braces, `"` quotes, `#` and `//` comments (as the reference tool skips them). */
export const JSON_MESSAGES: MessageSyntax = Object.freeze({ open: 123, close: 125, singleQuotes: false, slashComments: true, blockQuotes: false });
