/**
 * Constants of the Cap'n Proto encoding: pointer kinds, list element sizes and the sizes that
 * follow from them. See the encoding spec; these names follow it.
 */

export const BYTES_PER_WORD = 8;

/**
 * The two low bits of every pointer word, for the code that reads and writes pointers. A
 * `const enum` so that each use is compiled to its number (tsc and esbuild write the number and
 * its name in a comment): a property of an object, as `Kind.LIST`, is a load and a map
 * check in V8's optimized code wherever it is used (news read-all counted 3% fewer instructions
 * with numbers). Code outside the package gets the object `PointerKind`: a const enum of another
 * package cannot be read by code compiled a file at a time (isolatedModules).
 */
export const enum Kind {
  STRUCT = 0,
  LIST = 1,
  FAR = 2,
  OTHER = 3,
}

/** The two low bits of every pointer word. */
export const PointerKind: { readonly STRUCT: 0; readonly LIST: 1; readonly FAR: 2; readonly OTHER: 3 } = {
  STRUCT: Kind.STRUCT,
  LIST: Kind.LIST,
  FAR: Kind.FAR,
  OTHER: Kind.OTHER,
};
export type PointerKind = (typeof PointerKind)[keyof typeof PointerKind];

/**
 * Pointer words that only a message being built holds, never one that is read (a `const enum`,
 * as `Kind`: each use is its number, which V8 compares with at no cost, where a module-level
 * `const` above 2^30 is a heap number loaded and converted at each use).
 */
export const enum Deferred {
  /**
   * The first word of a Text pointer whose string is still deferred while a message is built in
   * one go (text-batch.ts): a list pointer with offset -1 word, pointing at itself, which no
   * real pointer does (offset -1 shifted left by two, or-ed with the list kind, 1, as unsigned).
   */
  TEXT_POINTER = 0xfffffffd,
}

/** The three-bit element size of a list pointer, for the package's own code (as `Kind`). */
export const enum Size {
  VOID = 0,
  BIT = 1,
  BYTE = 2,
  TWO_BYTES = 3,
  FOUR_BYTES = 4,
  EIGHT_BYTES = 5,
  POINTER = 6,
  INLINE_COMPOSITE = 7,
}

/** The three-bit element size of a list pointer (values as in schema.capnp's ElementSize). */
export const ElementSize: {
  readonly VOID: 0; readonly BIT: 1; readonly BYTE: 2; readonly TWO_BYTES: 3; readonly FOUR_BYTES: 4;
  readonly EIGHT_BYTES: 5; readonly POINTER: 6; readonly INLINE_COMPOSITE: 7;
} = {
  VOID: Size.VOID,
  BIT: Size.BIT,
  BYTE: Size.BYTE,
  TWO_BYTES: Size.TWO_BYTES,
  FOUR_BYTES: Size.FOUR_BYTES,
  EIGHT_BYTES: Size.EIGHT_BYTES,
  POINTER: Size.POINTER,
  INLINE_COMPOSITE: Size.INLINE_COMPOSITE,
};
export type ElementSize = (typeof ElementSize)[keyof typeof ElementSize];

/** Data bits per element for each element size (inline composite: per-list, so 0 here). */
export const DATA_BITS_PER_ELEMENT: readonly number[] = [0, 1, 8, 16, 32, 64, 0, 0];
/** Pointers per element for each element size (inline composite: per-list, so 0 here). */
export const POINTERS_PER_ELEMENT: readonly number[] = [0, 0, 0, 0, 0, 0, 1, 0];

export const ELEMENT_SIZE_NAMES: readonly string[] = [
  'void', 'bit', 'byte', 'two-byte', 'four-byte', 'eight-byte', 'pointer', 'inline-composite',
];

/**
 * Largest element count a list pointer can express (29 bits: 2 ** 29 - 1, written as a literal,
 * which a bundle that does not use it drops, as it keeps an expression).
 */
export const MAX_LIST_ELEMENTS = 0x1fffffff;
/** Largest data section (words) or pointer section (pointers) a struct pointer can express. */
export const MAX_STRUCT_SECTION = 0xffff;
/** Largest segment a pointer offset can address, in words (offsets are 30-bit signed, far
 * pointer pads 29-bit unsigned): 2 ** 29 - 1, a literal as above. */
export const MAX_SEGMENT_WORDS = 0x1fffffff;

/** Words needed to hold `count` elements of `bitsPerElement` bits, rounded up. */
export function wordsForBits(bits: number): number {
  return Math.ceil(bits / 64);
}
