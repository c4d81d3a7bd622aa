import type { ErrorReporter, Located } from './diagnostics.js';

/**
 * A condition on which the reference compiler gives up on the whole run instead of reporting
 * an error and carrying on (it throws, and nothing catches it). Capstan stops at the same
 * points, so that both compilers accept and reject the same schemas; the compilation turns the
 * abort into a final diagnostic rather than letting it escape as a crash.
 */
export class CompileAbort extends Error {
  /** Set once the abort has been reported as a diagnostic at the place it concerns. */
  reported = false;

  constructor(message: string) {
    super(message);
    this.name = 'CompileAbort';
  }
}

/**
 * Runs `step`; if the compilation must stop during it (a `CompileAbort`), the abort is
 * reported as a fatal error at `where` (once: the innermost place that knows where wins). `where`
 * may be a function, asked only then.
 */
export function reportingAbortAt<R>(reporter: ErrorReporter, where: Located | (() => Located), step: () => R): R {
  try {
    return step();
  } catch (error) {
    if (error instanceof CompileAbort && !error.reported) {
      const place = typeof where === 'function' ? where() : where;
      reporter.addError(place.startByte, place.endByte, error.message, true);
      error.reported = true;
    }
    throw error;
  }
}
