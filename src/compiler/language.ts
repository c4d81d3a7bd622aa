/**
 * The edition of the schema language a compilation accepts.
 *
 * Cap'n Proto 1.0 added two things to the language, both of which Capstan accepts by default:
 *
 * - **Block quotes.** A backtick quotes the rest of its line, verbatim (no escapes), and the
 *   literal ends with a newline; literals side by side are joined, so a run of backtick lines
 *   is one multi-line string. Written to hold scripts and other verbatim text in config files.
 * - **A struct value given as its first field's value.** Where a struct is expected and the
 *   value written is not one, the value is taken as the struct's first field (by ordinal) if
 *   it has that field's type: `service = "main"` for `service = (name = "main")`. Likewise a
 *   group given a value that is not a parenthesized list. One level only: the first field is
 *   not itself unpacked again.
 *
 * `'0.9'` is the language of 0.9.2, the reference tool that Debian bookworm ships and that the
 * compiler's output and diagnostics are checked against; it rejects both additions, with the
 * reference's errors. Schemas that must stay readable by 0.9 tools can be compiled with it.
 */
export type SchemaLanguage = '1.0' | '0.9';

/** The default edition: the newest language. */
export const DEFAULT_SCHEMA_LANGUAGE: SchemaLanguage = '1.0';

/** Whether `language` has 1.0's additions (block quotes, a struct value given as its first field's). */
export function hasVersion1Additions(language: SchemaLanguage): boolean {
  return language !== '0.9';
}
