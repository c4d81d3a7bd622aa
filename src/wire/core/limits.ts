/**
 * Limits applied when reading untrusted messages. They bound the work and memory a hostile
 * message can cost: see docs/architecture.md (the limits model) and docs/SECURITY.md.
 */
export interface ReaderOptions {
  /**
   * Words a reader may traverse before failing with TRAVERSAL_LIMIT. Every struct, list, text
   * and data dereference is charged its size again, landing pads are charged, and lists of
   * zero-size elements are charged one word per element, so re-reading (or a message that
   * points many times at the same bytes) cannot amplify work without bound. Framed input
   * larger than this is rejected before anything is allocated. Default: in proportion to the
   * message, 64 words per word of message but at least 32 Ki words (256 KiB), and at most
   * 8 Mi words (64 MiB), which is also the largest message accepted. So the work a hostile
   * message can buy is linear in its own size: a few-KB message cannot make a reader walk
   * 64 MiB of pointers (issue 15; docs/SECURITY.md).
   */
  traversalLimitInWords?: number;
  /**
   * Whether the traversal budget scales with the message (64 words per word of it, at least
   * 32 Ki words) up to `traversalLimitInWords`, rather than being that limit. Default: true
   * when no limit is given, false when one is. With `traversalLimitInWords: Infinity` it bounds
   * the work by the message's size alone, with no cap on the size read (the command line's
   * default: a user's file may be large, and a few hostile bytes must not buy unbounded work).
   */
  scaleTraversalLimit?: boolean;
  /** Pointer hops allowed from the root before NESTING_LIMIT. Default 64; `Infinity` (or over 2^30 - 1) lifts it. */
  nestingLimit?: number;
  /** Segments allowed in a framed message. Default 512. */
  maxSegments?: number;
}

/** The largest default traversal budget, and the largest message read without an explicit limit. */
export const DEFAULT_TRAVERSAL_LIMIT_WORDS = 8 * 1024 * 1024;
/** The default budget never goes below this, so small messages can be re-read freely. */
export const DEFAULT_TRAVERSAL_FLOOR_WORDS = 32 * 1024;
/** The default budget per word of the message (segments' total), between the floor and the cap. */
export const DEFAULT_TRAVERSAL_WORDS_PER_MESSAGE_WORD = 64;
export const DEFAULT_NESTING_LIMIT = 64;

/**
 * The nesting budget of what is not limited (builders, readers of a builder's own message,
 * constants) and the most a reader is given (a larger `nestingLimit`, `Infinity` included, means
 * this): more pointer hops than any message has pointers. A small integer, not `Infinity`: a
 * nesting count is a field of every reader, and one double among the values makes V8 keep that
 * field, in every reader of the process, as a double (seen with `node --trace-generalization`).
 */
export const NO_NESTING_LIMIT = 0x3fffffff;
export const DEFAULT_MAX_SEGMENTS = 512;

export interface ResolvedReaderOptions {
  /** The explicit limit, or the default's cap (DEFAULT_TRAVERSAL_LIMIT_WORDS). */
  traversalLimitInWords: number;
  /** The budget scales with the message up to the limit (traversalBudget): `scaleTraversalLimit`. */
  traversalScalesWithSize: boolean;
  nestingLimit: number;
  maxSegments: number;
}

/**
 * The traversal budget of a message of `messageWords` words: the explicit limit as given, or
 * the default in proportion to the message (floor and cap above). The work of every reader is
 * linear in this budget, so with the default it is linear in the input's size.
 */
export function traversalBudget(limits: ResolvedReaderOptions, messageWords: number): number {
  if (!limits.traversalScalesWithSize) return limits.traversalLimitInWords;
  const scaled = Math.max(DEFAULT_TRAVERSAL_FLOOR_WORDS, DEFAULT_TRAVERSAL_WORDS_PER_MESSAGE_WORD * messageWords);
  return Math.min(limits.traversalLimitInWords, scaled);
}
