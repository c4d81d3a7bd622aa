/**
 * Readers of structs written with a smaller data section than their generated class reads.
 */
import type { GeneratedReaderCore } from './generated-struct.js';

/**
 * Gives a reader whose struct was written with a data section smaller than its class reads (by
 * an older version of the schema, or as an element of a list of numbers) a zero-filled copy of
 * that section, `size` bytes long, so that fields past the end read as their defaults.
 * Generated constructors call it only then (`if (dataSize < 16) $.padDataSection(this, 16)`).
 *
 * Why a copy rather than a check in each getter: V8 inlines a function of at most 27 bytes of
 * bytecode wherever it is called, and a larger one only while the caller's budget lasts. A getter
 * written `this.$dataSize >= 6 ? this.$view.getUint16(this.$data + 4, true) : 0` is 42 bytes,
 * so a function that reads a dozen fields called most of them (carsales' `carValue`); without
 * the check it is 27. The copy costs an allocation for each short struct read, which only
 * messages from older writers have. It is made with the reader: a reader of a short struct in a
 * message being built does not see later writes to that struct's bytes (builders upgrade a
 * short struct to their own size before writing it, which moves it anyway).
 */
export function padDataSection(reader: GeneratedReaderCore, size: number): void {
  const padded = new Uint8Array(size);
  const written = reader.$dataSize;
  const data = reader.$data;
  if (written > 0) padded.set(reader.$segment.bytes.subarray(data, data + written));
  reader.$view = new DataView(padded.buffer);
  reader.$data = 0;
}

/**
 * Whether `reader`, just made, reads a padded copy of its data section (`padDataSection`): a
 * reader moved along a list must then be moved with `movePaddedReader` rather than by setting
 * `$data` (runtime/lists.ts, list-objects.ts). Only for a reader just made: one made before its
 * segment was realigned (core/segment.ts) holds the segment's former view.
 */
export function readsPaddedData(reader: GeneratedReaderCore): boolean {
  return reader.$view !== undefined && reader.$view !== reader.$segment.view;
}

/**
 * Moves a padded reader to the struct at byte offset `at` of its list (whose elements all have
 * its section sizes) by copying that struct's data section over its copy's, so a list of short
 * elements is iterated without an allocation per element, as any other. The copy's bytes past
 * the section were never written and stay zero.
 */
export function movePaddedReader(reader: GeneratedReaderCore, at: number): void {
  const view = reader.$view;
  const bytes = reader.$segment.bytes;
  const size = reader.$dataSize;
  for (let i = 0; i < size; i++) view.setUint8(i, bytes[at + i]!);
  reader.$pointers = at + size;
}
