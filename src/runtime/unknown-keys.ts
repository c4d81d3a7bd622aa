/**
 * What `encode` and `assign` do with a property of a plain object that names no field of its
 * struct (`{ titel: 'x' }` for a struct with `title`): ignore it (the default: an object may
 * carry more than the schema, as objects from JSON do), or reject it with a `CapnpError` that
 * names its path (`stories[2].titel: no field 'titel' in Story (did you mean 'title'?)`).
 *
 * Why a mode rather than a parameter: generated `assign` methods call each other (a struct
 * field's value, a list's elements) through setters and codecs that take one value, so the
 * choice made at the top (`encode(value, { unknownKeys: 'reject' })`) is kept here for the
 * duration of the call. With the default, each struct pays one property load (`ASSIGN_MODE.rejectUnknownKeys`).
 */
import { CapnpError } from '../wire/index.js';
import { atStep } from './error-path.js';
import { describeValue } from '../wire/core/describe-value.js';

/** Options of plain-object assignment, accepted by `encode` and `assign` (generated and dynamic). */
export interface AssignOptions {
  /**
   * A property that names no field of its struct: `'ignore'` it (the default), or `'reject'`
   * it with a `CapnpError` (INVALID_ARGUMENT) naming its path. Properties whose value is
   * `undefined` count as absent either way.
   */
  unknownKeys?: 'ignore' | 'reject';
}

/** The mode of the assignment under way (read by generated `assign` methods and the dynamic API). */
export const ASSIGN_MODE = { rejectUnknownKeys: false };

/**
 * Runs `run` with the unknown-keys choice of `options` (none given: the current mode stays),
 * restoring the previous mode afterwards, so a nested `encode` with other options leaves the
 * outer one as it was.
 */
export function withAssignOptions<T>(options: AssignOptions | undefined, run: () => T): T {
  const choice = options?.unknownKeys;
  if (choice === undefined) return run();
  if (choice !== 'ignore' && choice !== 'reject') {
    throw new CapnpError('INVALID_ARGUMENT', `unknownKeys must be 'ignore' or 'reject', got ${describeValue(choice)}`);
  }
  const previous = ASSIGN_MODE.rejectUnknownKeys;
  ASSIGN_MODE.rejectUnknownKeys = choice === 'reject';
  try {
    return run();
  } finally {
    ASSIGN_MODE.rejectUnknownKeys = previous;
  }
}

/**
 * Throws for the first own enumerable property of `value` (not `undefined`) that is not one of
 * `fields`; the error's path is that property. Called only while rejecting unknown keys.
 * Properties named with a leading `$` are passed over: no schema name starts with `$`, and a
 * generated reader or builder given as the value keeps its location in such properties.
 */
export function checkKeys(value: object, fields: readonly string[], typeName: string): void {
  for (const key of Object.keys(value)) {
    if (key.startsWith('$') || (value as Record<string, unknown>)[key] === undefined || fields.includes(key)) continue;
    const near = nearestName(key, fields);
    const hint = near === null ? '' : ` (did you mean '${near}'?)`;
    throw atStep(new CapnpError('INVALID_ARGUMENT', `no field '${key}' in ${typeName}${hint}`), key);
  }
}

/** The field name closest to `key` (edit distance at most 2, or differing only in case), or null. */
export function nearestName(key: string, fields: readonly string[]): string | null {
  let best: string | null = null;
  let bestDistance = 3;
  const lower = key.toLowerCase();
  for (const field of fields) {
    if (field.toLowerCase() === lower) return field;
    const d = editDistance(key, field, bestDistance);
    if (d < bestDistance) {
      best = field;
      bestDistance = d;
    }
  }
  return best;
}

/** Levenshtein distance of `a` and `b`, or `limit` when it is at least `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) >= limit) return limit;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let smallest = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const d = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      row.push(d);
      if (d < smallest) smallest = d;
    }
    if (smallest >= limit) return limit;
    previous = row;
  }
  return Math.min(previous[b.length]!, limit);
}
