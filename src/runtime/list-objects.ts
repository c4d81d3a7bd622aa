/**
 * The plain-object forms of lists (arrays), one function per kind of element: values (numbers,
 * bigints, Bool, Void), structs, and pointers read through a codec.
 *
 * `elementListToObject` (pointer-codecs.ts) picks among them from an element type. Generated
 * `$toObject()` calls the one it needs directly, with a struct's reader class and Text's or
 * Data's reading codec: those reach only the reading half of the runtime, so an application that
 * only decodes (`XReader.decode`) leaves the builders out of its bundle.
 */
import type { ListReader, PrimitiveElementType } from '../wire/index.js';
import type { ReaderClass } from './access.js';
import type { PointerCodec, PointerReadCodec } from './codec.js';
import { BoolList } from './lists.js';
import type { GeneratedReaderCore } from './generated-struct.js';
import { movePaddedReader, readsPaddedData } from './padded-data.js';

/** A list of numbers, bigints, Bools or Voids as an array. */
export function valueListToObject(list: ListReader, element: PrimitiveElementType | 'bool' | 'void'): unknown[] {
  if (element === 'bool') return new BoolList(list).toArray();
  if (element === 'void') return new Array<null>(list.length).fill(null);
  return Array.from(list.toTypedArray(element) as ArrayLike<number | bigint>);
}

/** A list of structs as an array of plain objects, made by one reader moved along the list. */
export function structListToObject<O>(
  list: ListReader, Reader: ReaderClass<{ $toObject(): O }>, params?: readonly PointerCodec<any, any, any, any>[],
): O[] {
  const length = list.length;
  const out = new Array<O>(length);
  if (length === 0) return out;
  // toObject keeps nothing of the reader, so one reader serves every element.
  const reader = new Reader(list.segment, list.offset, list.dataSize, list.offset + list.dataSize, list.pointerCount, list.elementNesting(), params);
  if (readsPaddedData(reader as unknown as GeneratedReaderCore)) {
    // Elements shorter than the reader class read a copy, refilled for each.
    for (let i = 0, at = list.offset; i < length; i++, at += list.step) {
      movePaddedReader(reader as unknown as GeneratedReaderCore, at);
      out[i] = reader.$toObject();
    }
    return out;
  }
  const cursor = reader as unknown as { $data: number; $pointers: number };
  for (let i = 0, at = list.offset; i < length; i++, at += list.step) {
    cursor.$data = at;
    cursor.$pointers = at + list.dataSize;
    out[i] = reader.$toObject();
  }
  return out;
}

/** A list of pointers (Text, Data, lists, AnyPointer, capabilities) as an array. */
export function pointerListToObject<O>(list: ListReader, codec: PointerReadCodec<unknown, O>): (O | null)[] {
  const length = list.length;
  const out = new Array<O | null>(length);
  for (let i = 0; i < length; i++) out[i] = codec.toObject(list, i);
  return out;
}
