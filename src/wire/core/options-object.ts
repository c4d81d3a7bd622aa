/**
 * Options given as something other than an object. `encode(value, 'packed')`, the shape of
 * `MessageBuilder#toBytes('packed')`, read the string's `format` as undefined and wrote binary
 * without a word. Checked by `encode` and `readMessages`; not by the functions that open one
 * message, where the packed or flat bytes that a format string meant then fail to read as binary
 * anyway, and where the check cost small reads 0.3-1.4% more instructions (the open grew past
 * what V8 inlined), nor in `resolveReaderOptions`, whose every byte the decode-only app pays for.
 */
import { CapnpError } from '../error.js';
import { describeValue } from './describe-value.js';

export function checkOptionsObject(options: unknown): void {
  if (options !== undefined && (typeof options !== 'object' || options === null)) {
    throw new CapnpError('INVALID_ARGUMENT', `options are an object ({ format: 'packed', ... }), got ${describeValue(options)}`);
  }
}
