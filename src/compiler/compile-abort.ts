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
