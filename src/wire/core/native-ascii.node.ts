/**
 * Native ASCII checks of Text being read, for Node's build of the package (dist/bundle/, made by
 * scripts/bundle.mjs, which takes this file for native-ascii.ts; the tests run this one too).
 * The other build, which bundlers and browsers get, has native-ascii.ts: no browser has a native
 * check, and there this code would only add to every application's bundle. Both export the same
 * names; text.ts calls them.
 */
import type { Segment } from './segment.js';

/**
 * Node's native ASCII test (`isAscii` of `node:buffer`, which checks many bytes per instruction),
 * reached through `process.getBuiltinModule` so that this module imports nothing of Node's and
 * runs anywhere; null where the runtime lacks either (browsers, Node before 20.16), or where
 * what it offers under that name gets two bytes wrong (other runtimes' emulations of Node's
 * modules: a wrong answer would decode non-ASCII Text as Latin-1).
 */
const nativeIsAscii: ((bytes: Uint8Array) => boolean) | null = (() => {
  const getBuiltinModule = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule;
  if (typeof getBuiltinModule !== 'function') return null;
  try {
    const isAscii = (getBuiltinModule('node:buffer') as { isAscii?: unknown } | undefined)?.isAscii;
    if (typeof isAscii !== 'function') return null;
    const check = isAscii as (bytes: Uint8Array) => boolean;
    return check(new Uint8Array([0x7f, 0, 0x41])) === true && check(new Uint8Array([0x41, 0x80])) === false ? check : null;
  } catch {
    return null;
  }
})();

/** A native check takes this many bytes first, at most `MOST_ASCII_PROBE`, at least `LEAST_ASCII_PROBE`. */
const FIRST_ASCII_PROBE = 1024;
const MOST_ASCII_PROBE = 64 * 1024;
const LEAST_ASCII_PROBE = 256;
/** Failed native checks a segment may have ahead of its passes before it is not checked natively again. */
const ASCII_CREDIT = 8;
/** Text read back to back starts at most this far after the previous one's end (its NUL and padding). */
const BACK_TO_BACK = 8;
/** Strings read back to back, checked here, before a native check starts a known stretch. */
const ASCII_STREAK = 8;

/**
 * Where a segment being read is known to hold ASCII, and how its next native check goes
 * (`asciiNatively`). Made with the segment's first window, where the runtime has a native check.
 */
export class AsciiRuns {
  /** Bytes [start, end) are ASCII. */
  start = 0;
  end = 0;
  /** How many bytes the next check that goes on from `end` takes. */
  probe = FIRST_ASCII_PROBE;
  /** Failed checks that may still come before the segment is not checked natively again. */
  credit = ASCII_CREDIT;
  /** Where the last string that came here ended (its NUL), and how many came back to back. */
  lastEnd = -1;
  streak = 0;
  /** Where the last failed check ended: the byte over 0x7f it met is somewhere before. */
  failedEnd = 0;
}

/**
 * Whether a native check finds the Text at [start, end) of a segment being read, outside the
 * bytes known to be ASCII, to be ASCII (false: it did not, or made no check; text.ts then checks
 * the string's words itself). Checking each string in JavaScript costs about 10 instructions a
 * word: nearly a quarter of reading every field of a message that is mostly text (bench news
 * read-all). Where the runtime has a native check and Text is being read in the order it lies,
 * back to back (as Capstan's builders lay it out, core/text-batch.ts, and as a walk reads it),
 * one native call checks this string and the bytes after it, so the strings read next need no
 * check at all.
 *
 * What a call may cost is bounded by what reading has shown: a stretch starts only after
 * `ASCII_STREAK` strings were read back to back (two lists read in step, or strings read here
 * and there, never get there), with a short check; only reading on to the end of a stretch doubles
 * the next one. A check that fails (strings alternating with structs, whose pointers and numbers
 * hold bytes over 0x7f, or non-ASCII text) is narrowed down by halves to where the first such
 * byte is (the ASCII before it stays known), leaves the strings around that byte to the loop,
 * halves the next check and spends a credit that a pass earns back, so a segment whose checks
 * keep failing stops calling after a few. Text written as the C++ builder writes it, each
 * string after its struct, is not back to back, and is left to text.ts's loop as before.
 */
export function asciiNatively(segment: Segment, runs: AsciiRuns, start: number, end: number): boolean {
  // Reading went on past the known stretch (the string it cut included): check the next one.
  const goesOn = runs.end > runs.start && start >= runs.start && start <= runs.end + BACK_TO_BACK;
  runs.streak = start > runs.lastEnd && start - runs.lastEnd <= BACK_TO_BACK ? runs.streak + 1 : 0;
  runs.lastEnd = end;
  if ((goesOn || runs.streak >= ASCII_STREAK) && runs.credit > 0 && start >= runs.failedEnd) {
    const probe = goesOn ? runs.probe : FIRST_ASCII_PROBE;
    const bytes = segment.bytes;
    const probeEnd = Math.min(segment.used, Math.max(end, start + probe));
    if (nativeIsAscii!(bytes.subarray(start, probeEnd))) {
      runs.start = start;
      runs.end = probeEnd;
      runs.probe = Math.min(probe * 2, MOST_ASCII_PROBE);
      if (runs.credit < ASCII_CREDIT) runs.credit++;
      return true;
    }
    // A byte over 0x7f lies in [lo, hi). Halving narrows it down to LEAST_ASCII_PROBE bytes,
    // so that the ASCII before it is still known: a long message's text comes in blocks of
    // 64 KiB between its structs (core/text-batch.ts), and a check run on from the middle of a
    // block fails at the structs after it, which left half of every block's strings, and the
    // next block's first ones, to the loop (45% of news ×1000's strings). Halving stops once the
    // byte is known to be in this string, which is then not ASCII.
    let lo = start;
    let hi = probeEnd;
    while (hi - lo > LEAST_ASCII_PROBE && hi > end) {
      const middle = lo + ((hi - lo) >>> 1);
      if (nativeIsAscii!(bytes.subarray(lo, middle))) lo = middle;
      else hi = middle;
    }
    // Strings up to `hi` are left to the loop: a check of them would fail again.
    runs.failedEnd = hi;
    runs.credit--;
    runs.probe = Math.max(probe >>> 1, LEAST_ASCII_PROBE);
    if (lo >= end) {
      runs.start = start;
      runs.end = lo;
      return true;
    }
  }
  return false;
}

/** Makes a segment's record of native checks (with its first Latin-1 window); null: the runtime has no native check. */
/** Gives a segment its record of native checks, where the runtime has a native check. */
export function attachAsciiRuns(segment: Segment): void {
  if (segment.ascii === null && nativeIsAscii !== null) segment.ascii = new AsciiRuns();
}
