import { Arena } from './arena.js';
import { CapnpError } from '../error.js';
import type { Segment } from './segment.js';

/**
 * A trusted constant: canonical bytes (a flat segment whose first word is the root pointer)
 * baked into generated code for default values and pointer constants. Read without traversal
 * or nesting limits, since it comes from the schema rather than the wire.
 */
export function constantSegment(bytes: Uint8Array): Segment {
  if (bytes.length % 8 !== 0 || bytes.length === 0) {
    throw new CapnpError('INVALID_ARGUMENT', `a constant must be a whole number of words, at least one; got ${bytes.length} bytes`);
  }
  return Arena.forConstant(bytes).first;
}
