/**
 * Limits applied when reading untrusted messages. They bound the work and memory a hostile
 * message can cost: see DESIGN.md section 3.
 */
export interface ReaderOptions {
  /**
   * Words a reader may traverse before failing with TRAVERSAL_LIMIT. Every struct, list, text
   * and data dereference is charged its size again, landing pads are charged, and lists of
   * zero-size elements are charged one word per element, so re-reading (or a message that
   * points many times at the same bytes) cannot amplify work without bound. Framed input
   * larger than this is rejected before anything is allocated. Default 8 Mi words (64 MiB).
   */
  traversalLimitInWords?: number;
  /** Pointer hops allowed from the root before NESTING_LIMIT. Default 64. */
  nestingLimit?: number;
  /** Segments allowed in a framed message. Default 512. */
  maxSegments?: number;
}

export const DEFAULT_TRAVERSAL_LIMIT_WORDS = 8 * 1024 * 1024;
export const DEFAULT_NESTING_LIMIT = 64;
export const DEFAULT_MAX_SEGMENTS = 512;

export interface ResolvedReaderOptions {
  traversalLimitInWords: number;
  nestingLimit: number;
  maxSegments: number;
}

const DEFAULTS: ResolvedReaderOptions = Object.freeze({
  traversalLimitInWords: DEFAULT_TRAVERSAL_LIMIT_WORDS,
  nestingLimit: DEFAULT_NESTING_LIMIT,
  maxSegments: DEFAULT_MAX_SEGMENTS,
});

export function resolveReaderOptions(options: ReaderOptions | undefined): ResolvedReaderOptions {
  if (options === undefined) return DEFAULTS;
  return {
    traversalLimitInWords: options?.traversalLimitInWords ?? DEFAULT_TRAVERSAL_LIMIT_WORDS,
    nestingLimit: options?.nestingLimit ?? DEFAULT_NESTING_LIMIT,
    maxSegments: options?.maxSegments ?? DEFAULT_MAX_SEGMENTS,
  };
}
