/** The CapnpError `f` throws; the test fails if it throws something else or nothing. */
import { expect } from 'vitest';
import { CapnpError } from '../../src/wire/index.js';

export function failure(f: () => unknown): CapnpError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(CapnpError);
    return e as CapnpError;
  }
  throw new Error('expected a failure');
}
