/**
 * Checks of plain-object values on their way into data fields and lists: the integer types'
 * ranges, numbers where numbers belong, booleans for Bool, null for Void, bigints (or safe
 * integers) for 64-bit fields.
 *
 * Who calls them: generated `assign`/`encode` of plain objects (each field's value passes
 * through its check before its setter), the dynamic API, and `assignListAt` for lists of
 * numbers and Bools given as arrays. Builders' setters called directly do not: they are the hot
 * build path and store what they are given as a `DataView` would.
 *
 * Why they are shaped so: a check is a `typeof` and one comparison on the value itself
 * (`(v & 0xff) === v` holds exactly for the integers 0..255), returns the value, allocates
 * nothing, and builds its message only when it throws. The message says what was expected and
 * what was given; the path in front of it (`stories[0].score: `) is added by the callers'
 * `catch` blocks (error-path.ts).
 */
import { CapnpError, TYPED_ARRAYS, type PrimitiveElementType } from '../wire/index.js';
import { atStep, describeValue } from './error-path.js';

function invalid(message: string): CapnpError {
  return new CapnpError('INVALID_ARGUMENT', message);
}

/** The error for a value that is not an integer of `type` in `min..max`. */
function notInteger(value: unknown, type: string, min: number, max: number): CapnpError {
  if (typeof value === 'number' && Number.isInteger(value)) return invalid(`${value} is out of range for ${type} (${min}..${max})`);
  if (typeof value === 'number') return invalid(`expected an integer for ${type}, got number ${value}`);
  return invalid(`expected a number for ${type}, got ${describeValue(value)}`);
}

export function checkInt8(value: unknown): number {
  if (typeof value === 'number' && (value << 24) >> 24 === value) return value;
  throw notInteger(value, 'Int8', -0x80, 0x7f);
}

export function checkUInt8(value: unknown): number {
  if (typeof value === 'number' && (value & 0xff) === value) return value;
  throw notInteger(value, 'UInt8', 0, 0xff);
}

export function checkInt16(value: unknown): number {
  if (typeof value === 'number' && (value << 16) >> 16 === value) return value;
  throw notInteger(value, 'Int16', -0x8000, 0x7fff);
}

export function checkUInt16(value: unknown): number {
  if (typeof value === 'number' && (value & 0xffff) === value) return value;
  throw notInteger(value, 'UInt16', 0, 0xffff);
}

export function checkInt32(value: unknown): number {
  if (typeof value === 'number' && (value | 0) === value) return value;
  throw notInteger(value, 'Int32', -0x80000000, 0x7fffffff);
}

export function checkUInt32(value: unknown): number {
  if (typeof value === 'number' && value >>> 0 === value) return value;
  throw notInteger(value, 'UInt32', 0, 0xffffffff);
}

/**
 * An enum's value as generated code takes it: its ordinal, any number 0..65535 (a number the
 * schema does not name is allowed: a newer schema may).
 */
export function checkEnum<T>(value: T, enumName: string): T {
  if (typeof value === 'number' && (value & 0xffff) === value) return value;
  throw notInteger(value, `enum ${enumName}`, 0, 0xffff);
}

const INT64_MIN = -(1n << 63n);
const INT64_MAX = (1n << 63n) - 1n;
const UINT64_MAX = (1n << 64n) - 1n;

function not64(value: unknown, type: string): CapnpError {
  return invalid(`expected a bigint or a safe integer for ${type}, got ${describeValue(value)}`);
}

/** Int64: a bigint in range, or (for objects from JSON) a safe integer number. */
export function checkInt64(value: unknown): bigint {
  if (typeof value === 'bigint') {
    if (value >= INT64_MIN && value <= INT64_MAX) return value;
    throw invalid(`${value} is out of range for Int64 (${INT64_MIN}..${INT64_MAX})`);
  }
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  throw not64(value, 'Int64');
}

/** UInt64: a bigint in range, or a safe integer number that is not negative. */
export function checkUInt64(value: unknown): bigint {
  if (typeof value === 'bigint') {
    if (value >= 0n && value <= UINT64_MAX) return value;
    throw invalid(`${value} is out of range for UInt64 (0..${UINT64_MAX})`);
  }
  if (typeof value === 'number' && Number.isSafeInteger(value)) {
    if (value >= 0) return BigInt(value);
    throw invalid(`${value} is out of range for UInt64 (0..${UINT64_MAX})`);
  }
  throw not64(value, 'UInt64');
}

/**
 * Float32: any number. A finite number beyond Float32's range is stored as an infinity and
 * one too small as zero, as the reference's `capnp encode` does with text input (`f32 = 1e300`
 * encodes as `inf`, with no error).
 */
export function checkFloat32(value: unknown): number {
  if (typeof value === 'number') return value;
  throw invalid(`expected a number for Float32, got ${describeValue(value)}`);
}

export function checkFloat64(value: unknown): number {
  if (typeof value === 'number') return value;
  throw invalid(`expected a number for Float64, got ${describeValue(value)}`);
}

export function checkBool(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  throw invalid(`expected a boolean for Bool, got ${describeValue(value)}`);
}

/** Void: null (the plain-object form of Void). */
export function checkVoid(value: unknown): null {
  if (value === null) return null;
  throw invalid(`expected null for Void, got ${describeValue(value)}`);
}

/**
 * An interface field's value: a capability (a client, or whatever the message's cap table is
 * to hold) is an object or a function; a number, string, boolean, bigint or symbol is a mistake.
 */
export function checkCapability<T>(value: T): T {
  if (value === null || typeof value === 'object' || typeof value === 'function') return value;
  throw invalid(`expected a capability (a client) for an interface field, got ${describeValue(value)}`);
}

/** The check of each element type a list of numbers can have. */
const ELEMENT_CHECKS: Record<PrimitiveElementType, (value: unknown) => number | bigint> = {
  int8: checkInt8, uint8: checkUInt8, int16: checkInt16, uint16: checkUInt16, int32: checkInt32, uint32: checkUInt32,
  int64: checkInt64, uint64: checkUInt64, float32: checkFloat32, float64: checkFloat64,
};

/**
 * The values of a list of numbers, checked: `values` itself when every element is already what
 * the list stores (a typed array of the list's own kind is, without a look), or, for a 64-bit
 * list given some safe-integer numbers, a copy with those as bigints. A failure names the index.
 */
export function checkNumberElements(values: ArrayLike<unknown>, element: PrimitiveElementType): ArrayLike<unknown> {
  if (values instanceof TYPED_ARRAYS[element]) return values;
  const check = ELEMENT_CHECKS[element];
  const length = values.length;
  let i = 0;
  let converted: unknown[] | null = null;
  try {
    for (; i < length; i++) {
      const value = values[i];
      const checked = check(value);
      // Only a 64-bit check changes a value (a number to its bigint).
      if (typeof checked === 'bigint' && typeof value === 'number') (converted ??= Array.from(values))[i] = checked;
    }
  } catch (e) {
    throw atStep(e, i);
  }
  return converted ?? values;
}

/** Checks that every element of a list of Bools is a boolean. A failure names the index. */
export function checkBoolElements(values: ArrayLike<unknown>): void {
  const length = values.length;
  let i = 0;
  try {
    for (; i < length; i++) checkBool(values[i]);
  } catch (e) {
    throw atStep(e, i);
  }
}

/** Checks that every element of a list of Voids is null (or undefined). A failure names the index. */
export function checkVoidElements(values: ArrayLike<unknown>): void {
  const length = values.length;
  let i = 0;
  try {
    for (; i < length; i++) if (values[i] != null) checkVoid(values[i]);
  } catch (e) {
    throw atStep(e, i);
  }
}
