// A tiny assertion helper with no runtime dependency (no node:assert), so the same checks run in
// Node, Bun, Deno, browsers and workerd.

export class CheckFailure extends Error {}

function show(value) {
  try {
    return JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? `${v}n` : v instanceof Uint8Array ? `Uint8Array[${[...v].join(',')}]` : v));
  } catch {
    return String(value);
  }
}

function same(a, b) {
  if (Object.is(a, b)) return true;
  if (a instanceof Uint8Array && b instanceof Uint8Array) return a.length === b.length && a.every((x, i) => x === b[i]);
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => same(x, b[i]));
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const ka = Object.keys(a).sort();
    const kb = Object.keys(b).sort();
    return same(ka, kb) && ka.every((k) => same(a[k], b[k]));
  }
  return false;
}

export function equal(actual, expected, what = 'value') {
  if (!Object.is(actual, expected)) throw new CheckFailure(`${what}: expected ${show(expected)}, got ${show(actual)}`);
}

export function deepEqual(actual, expected, what = 'value') {
  if (!same(actual, expected)) throw new CheckFailure(`${what}: expected ${show(expected)}, got ${show(actual)}`);
}

export function ok(condition, what = 'condition') {
  if (!condition) throw new CheckFailure(`${what}: not true`);
}

/** Awaits `promise` and checks that it rejects with an error whose properties match `expected`. */
export async function rejects(promise, expected, what = 'promise') {
  let error;
  try {
    await promise;
  } catch (caught) {
    error = caught;
  }
  if (error === undefined) throw new CheckFailure(`${what}: expected a rejection, it resolved`);
  for (const [key, value] of Object.entries(expected)) {
    const got = error[key];
    const matches = value instanceof RegExp ? typeof got === 'string' && value.test(got) : Object.is(got, value);
    if (!matches) throw new CheckFailure(`${what}: expected the error's ${key} to match ${String(value)}, got ${show(got)}`);
  }
}
