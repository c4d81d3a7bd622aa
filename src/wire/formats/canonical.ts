/**
 * Canonical form (encoding spec, "Canonicalization"): one segment, no segment table, objects
 * in preorder, trailing zero data words and null pointers dropped, struct lists sized to their
 * largest element and always inline-composite, zero-size structs at offset -1, padding zeroed.
 * Two messages with the same content have the same canonical bytes, so they can be hashed or
 * signed.
 */
import { AnyPointerReader } from '../any-pointer-reader.js';
import { copyList, copyPointer, copyStruct } from '../core/copy.js';
import { ListReader } from '../list-reader.js';
import type { MessageReader } from '../message-reader.js';
import type { StructReader } from '../struct-reader.js';
import { defaultBuildingArena } from '../core/allocation.js';

/** The canonical bytes (one flat segment whose first word is the root pointer) of `value`. */
export function canonicalize(value: StructReader | ListReader | AnyPointerReader): Uint8Array<ArrayBuffer> {
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
  const segments = message.arena.segments;
  if (segments.length !== 1) return false;
  const bytes = segments[0]!.content();
  const canonical = canonicalize(message.getRootPointer());
  if (canonical.length !== bytes.length) return false;
  for (let i = 0; i < bytes.length; i++) if (canonical[i] !== bytes[i]) return false;
  return true;
}
