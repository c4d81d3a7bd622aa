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
 * messages from older writers have.
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
 * Whether `reader` reads a padded copy of its data section (`padDataSection`): a reader moved
 * along a list by setting `$data` must not be (runtime/lists.ts, list-objects.ts). May also say
 * so of a reader made before its segment was realigned (core/segment.ts), which is only slower.
 */
export function readsPaddedData(reader: GeneratedReaderCore): boolean {
  return reader.$view !== undefined && reader.$view !== reader.$segment.view;
}
