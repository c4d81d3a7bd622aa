import { AnyPointerReader, CapnpError, constantSegment, type Segment } from '../wire/index.js';
import { decodeBase64 } from './base64.js';
import { NO_NESTING_LIMIT } from '../wire/core/limits.js';
import { describeValue } from '../wire/core/describe-value.js';

/** A constant message (a default value or pointer constant) from its base64 canonical bytes. */
export function constant(base64: string): Segment {
  return constantSegment(decodeBase64(base64));
}

/**
 * Accepts a 64-bit integer given as a bigint or, for convenience with objects from JSON, as
 * a safe integer number.
 */
export function toBigInt(value: bigint | number): bigint {
  if (typeof value === 'bigint') return value;
  if (!Number.isSafeInteger(value)) {
    throw new CapnpError('INVALID_ARGUMENT', `a 64-bit integer field needs a bigint or a safe integer, got ${describeValue(value)}`);
  }
  return BigInt(value);
}

/** Bytes of a Data default or constant, from base64. */
export function constantBytes(base64: string): Uint8Array {
  return decodeBase64(base64);
}

/** The value of a pointer constant (struct, list, AnyPointer), from its canonical bytes. */
export function constantPointer(base64: string): AnyPointerReader {
  return new AnyPointerReader(constant(base64), 0, NO_NESTING_LIMIT);
}

/**
 * Checks that a plain object sets at most one member of a union: two would silently overwrite
 * each other, so it is a mistake worth an error.
 */
export function checkOneMember(value: object, members: readonly string[], typeName: string): void {
  let found: string | undefined;
  for (const member of members) {
    if ((value as Record<string, unknown>)[member] === undefined) continue;
    if (found !== undefined) {
      throw new CapnpError('INVALID_ARGUMENT', `${typeName}: a union holds one member, but both '${found}' and '${member}' were given`);
    }
    found = member;
  }
}
