/**
 * Canonical form (encoding spec, "Canonicalization"): one segment, no segment table, objects
 * in preorder, trailing zero data words and null pointers dropped, struct lists sized to their
 * largest element and always inline-composite, zero-size structs at offset -1, padding zeroed.
 * Two messages with the same content have the same canonical bytes, so they can be hashed or
 * signed.
 */
import { AnyPointerReader } from '../any-pointer-reader.js';
import type { AnyPointerBuilder } from '../any-pointer-builder.js';
import { copyList, copyPointer, copyStruct } from '../core/copy.js';
import { CapnpError } from '../error.js';
import { describeValue } from '../core/describe-value.js';
import type { ListBuilder } from '../list-builder.js';
import { ListReader } from '../list-reader.js';
import type { MessageBuilder } from '../message-builder.js';
import type { MessageReader } from '../message-reader.js';
import type { StructBuilder } from '../struct-builder.js';
import { StructReader } from '../struct-reader.js';
import { defaultBuildingArena } from '../core/allocation.js';

/** A value of the wire layer, being read or built. */
type WireValue = StructReader | ListReader | AnyPointerReader | StructBuilder | ListBuilder | AnyPointerBuilder;

/**
 * What has a canonical form: a struct, list or pointer being read or built; a whole message
 * (its root pointer); or anything that holds one of these as `$` (generated readers and
 * builders, their lists, the dynamic API's values).
 */
export type Canonicalizable = WireValue | MessageReader | MessageBuilder | { readonly $: WireValue };

/**
 * The reader `value` stands for. Told apart by what the objects can do rather than by class, so
 * that a bundle which only reads does not take in the builder classes for this.
 */
function readerOf(value: Canonicalizable): StructReader | ListReader | AnyPointerReader {
  let target: unknown = value;
  if (typeof target === 'object' && target !== null && '$' in target) target = target.$;
  if (typeof target === 'object' && target !== null && 'getRootPointer' in target && typeof target.getRootPointer === 'function') target = target.getRootPointer();
  if (typeof target === 'object' && target !== null && 'asReader' in target && typeof target.asReader === 'function') target = target.asReader();
  if (target instanceof StructReader || target instanceof ListReader || target instanceof AnyPointerReader) return target;
  const what = target === null ? 'null' : typeof target === 'object' ? `an object of class ${target.constructor?.name ?? 'none'}` : `a ${typeof target}`;
  throw new CapnpError('INVALID_ARGUMENT', `canonicalize takes a message, or a struct, list or pointer of one (or a generated or dynamic value holding it as $); got ${what}`);
}

/**
 * The canonical bytes (one flat segment whose first word is the root pointer) of `value`. A
 * message's canonical form is its root pointer's, as `capnp convert binary:canonical` makes
 * it; a builder's is that of what it holds now.
 */
export function canonicalize(source: Canonicalizable): Uint8Array<ArrayBuffer> {
  const value = readerOf(source);
  const arena = defaultBuildingArena();
  const first = arena.segments[0]!;
  if (value instanceof AnyPointerReader) {
    copyPointer(first, first.start, value.segment, value.offset, value.nestingLimit, true);
  } else if (value instanceof ListReader) {
    copyList(first, first.start, value.segment, value.offset, value.length, value.elementSize, value.step, value.dataSize, value.pointerCount, value.nestingLimit, true);
  } else {
    copyStruct(first, first.start, value.segment, value.data, value.dataSize, value.pointers, value.pointerCount, value.nestingLimit, true);
  }
  return first.bytes.slice(first.start, first.used);
}

/** Whether `message` is exactly in canonical form (one segment, byte for byte). */
export function isCanonical(message: MessageReader): boolean {
  // Told by its shape (this module cannot import the class): bytes given here failed with a
  // TypeError about `segments`.
  if (typeof message?.getRootPointer !== 'function' || message.arena === undefined) {
    throw new CapnpError(
      'INVALID_ARGUMENT',
      `isCanonical takes a MessageReader: readMessage(bytes, { format: 'flat' }) for canonical bytes (one segment, no table), readMessage(bytes) for framed ones; got ${describeValue(message)}`,
    );
  }
  const segments = message.arena.segments;
  if (segments.length !== 1) return false;
  const bytes = segments[0]!.content();
  const canonical = canonicalize(message.getRootPointer());
  if (canonical.length !== bytes.length) return false;
  for (let i = 0; i < bytes.length; i++) if (canonical[i] !== bytes[i]) return false;
  return true;
}
