/**
 * A pointer field's default in the plain-object form, with a guard against defaults that
 * contain themselves.
 *
 * A null pointer reads as its field's default, as with every Cap'n Proto reader, and the
 * default is a message of its own whose null fields read as their defaults in turn. So a
 * default that holds, null, a field whose default is that same default (upstream test.capnp's
 * `TestUseGenerics.defaultUser = (basic = ...)`, or `struct S { next @0 :List(S) = [()]; }`)
 * reads as itself at every depth: a reader follows it as far as it is asked, but an object of
 * all of it would be infinite. `decode` and `toObject` make the finite part: where a default
 * would be expanded inside its own expansion, the field is null (a null pointer, as it is in the
 * message). Defaults that do not contain themselves are expanded in full, at any depth.
 */
import type { Segment } from '../wire/index.js';

/** The defaults being expanded, innermost last (decoding is synchronous: one at a time). */
const expanding: Segment[] = [];

/**
 * `expand()` (the object of a field whose pointer is null, read through `defaultValue`), or
 * null when that default is already being expanded further out.
 */
export function defaultToObject<T>(defaultValue: Segment, expand: () => T): T | null {
  if (expanding.includes(defaultValue)) return null;
  expanding.push(defaultValue);
  try {
    return expand();
  } finally {
    expanding.pop();
  }
}
