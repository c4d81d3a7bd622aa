/**
 * Where inside a value a failure happened: `stories[3].title: expected a string, got number 5`.
 *
 * Encoders that walk nested values (generated `assign`/`encode` from plain objects, the
 * dynamic API's `assignObject`) add one step per level as the error travels up through their
 * `catch` blocks, so a successful walk pays nothing for paths. The error stays one
 * `CapnpError` whose message is rewritten at each level; anything else thrown inside the walk
 * (a `TypeError` from a value of the wrong kind, a `RangeError` when a value nests so deeply
 * that the stack runs out) becomes a `CapnpError` at the first step.
 */
import { CapnpError } from '../wire/index.js';
import { describeValue } from '../wire/core/describe-value.js';

export { describeValue };

interface PathInfo {
  /** The message without the path. */
  readonly problem: string;
  /** Steps from the innermost outwards: field names and list indexes. */
  readonly steps: (string | number)[];
}

const paths = new WeakMap<CapnpError, PathInfo>();

/** At most this many steps are written into a message (the outermost ones). */
const MAX_STEPS_SHOWN = 64;

/** Whether `error` is the engine's "the stack ran out" (V8, JavaScriptCore, SpiderMonkey). */
export function isStackOverflow(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'InternalError' && /recursion/i.test(error.message)) return true;
  return error instanceof RangeError && /call stack|recursion/i.test(error.message);
}

/** `error` as a `CapnpError`: a stack overflow is NESTING_LIMIT, anything else INVALID_ARGUMENT. */
export function asCapnpError(error: unknown, what = 'the value'): CapnpError {
  if (error instanceof CapnpError) return error;
  if (isStackOverflow(error)) {
    return new CapnpError('NESTING_LIMIT', `${what} nests too deeply to process (the stack ran out)`, { cause: error });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new CapnpError('INVALID_ARGUMENT', message, { cause: error });
}

/** A path as it is written: `stories[3].title`. `steps` go from the outermost inwards. */
export function formatPath(steps: readonly (string | number)[]): string {
  let out = '';
  for (const step of steps) {
    if (typeof step === 'number') out += `[${step}]`;
    else out += out === '' ? step : `.${step}`;
  }
  return out;
}

/**
 * Adds the step `step` (a field name, or a list index) in front of the path of `error`, and
 * returns the error to rethrow. An empty name adds no step (the failure was not inside a field).
 */
export function atStep(error: unknown, step: string | number): CapnpError {
  const e = asCapnpError(error);
  let info = paths.get(e);
  if (info === undefined) {
    info = { problem: e.message, steps: [] };
    paths.set(e, info);
  }
  if (step === '') return e;
  info.steps.push(step);
  const n = info.steps.length;
  const shown: (string | number)[] = [];
  for (let i = n - 1; i >= 0 && shown.length < MAX_STEPS_SHOWN; i--) shown.push(info.steps[i]!);
  const more = n > MAX_STEPS_SHOWN ? `... (${n - MAX_STEPS_SHOWN} more steps)` : '';
  e.message = `${formatPath(shown)}${more}: ${info.problem}`;
  return e;
}

/** The path an error was given by `atStep` (`stories[3].title`), or '' for none. */
export function errorPath(error: unknown): string {
  const info = error instanceof CapnpError ? paths.get(error) : undefined;
  if (info === undefined) return '';
  return formatPath([...info.steps].reverse());
}

/**
 * Refuses an array where a struct belongs (`encode([1, 2])`, `{ stories: [[1]] }`), which the
 * generated `$assign` would take for an object with none of the struct's fields: checked where a
 * value enters (the root, a struct field, a group field's setter, a list element that is not an
 * object literal), not in every `$assign`, where the test cost news build 5.4% instructions (V8
 * inlined less).
 */
export function refuseArray(value: unknown, displayName: string): void {
  // Named as generated code names it (`Story`), not by file (`news.capnp:Story`).
  if (Array.isArray(value)) throw notAnObject(value, displayName.slice(displayName.lastIndexOf(':') + 1));
}

/**
 * Refuses anything but an object (an array, a number, null) for a group that is a union member,
 * before the union switches to it and zeroes it (see refuseArray for the name).
 */
export function refuseNonObject(value: unknown, displayName: string): void {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw notAnObject(value, displayName.slice(displayName.lastIndexOf(':') + 1));
  }
}

/** The error for a struct value that is not an object (`encode(5)`, `{ inner: 'x' }`). */
export function notAnObject(value: unknown, typeName: string): CapnpError {
  return new CapnpError('INVALID_ARGUMENT', `expected an object for ${typeName}, got ${describeValue(value)}`);
}
