/**
 * Native ASCII checks of Text being read (text.ts): none in this build, the one bundlers and
 * browsers get, as no browser has a native check. Node's build (dist/bundle/) takes
 * native-ascii.node.ts instead (scripts/bundle.mjs), which exports the same names.
 */
import type { AsciiRuns } from './native-ascii.node.js';
import type { Segment } from './segment.js';

export type { AsciiRuns };

/** Gives a segment its record of native checks: none in this build. */
export function attachAsciiRuns(segment: Segment): void {
  void segment;
}

/** Whether a native check finds the Text at [start, end) to be ASCII: never in this build. */
export function asciiNatively(segment: Segment, runs: AsciiRuns, start: number, end: number): boolean {
  void segment;
  void runs;
  void start;
  void end;
  return false;
}
