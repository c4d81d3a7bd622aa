import { CompileAbort } from './compile-abort.js';
import type { ErrorReporter, Located } from './diagnostics.js';

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
