import { float32FromBits, float64FromBits } from './core/float-bits.js';
import { viewOf, type Segment } from './core/segment.js';

/**
 * Where a struct lives and what its data section holds: the part readers and builders share.
 *
 * Offsets given to the data accessors are byte offsets (bit offsets for Bool) within the data
 * section, as computed by the compiler. A field beyond the section (written by an older
 * schema) reads as its default, and so does any offset outside it, a negative one included
 * (compared as unsigned: never a byte of whatever lies before the struct). Defaults are applied by XOR: pass the default's bits as
 * `mask` and the wire's zero reads as the default, exactly as the encoding specifies.
 */
export class StructView {
  readonly segment: Segment;
  /** Byte offset of the data section in `segment` (moved only by `moveTo`). */
  data: number;
  /** Data section size in bytes. */
  readonly dataSize: number;
  /** Byte offset of the pointer section in `segment` (moved only by `moveTo`). */
  pointers: number;
  readonly pointerCount: number;
  /** Pointer hops still allowed below this struct. */
  readonly nestingLimit: number;

  constructor(segment: Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nestingLimit: number) {
    this.segment = segment;
    this.data = data;
    this.dataSize = dataSize;
    this.pointers = pointers;
    this.pointerCount = pointerCount;
    this.nestingLimit = nestingLimit;
  }

  getBool(bitOffset: number, defaultValue = false): boolean {
    const byte = bitOffset >>> 3;
    if (byte >= this.dataSize) return defaultValue;
    return (((this.segment.bytes[this.data + byte]! >>> (bitOffset & 7)) & 1) !== 0) !== defaultValue;
  }

  getInt8(offset: number, mask = 0): number {
    return ((offset >>> 0) < this.dataSize ? this.segment.view.getInt8(this.data + offset) : 0) ^ mask;
  }

  getUint8(offset: number, mask = 0): number {
    return ((offset >>> 0) < this.dataSize ? this.segment.bytes[this.data + offset]! : 0) ^ mask;
  }

  getInt16(offset: number, mask = 0): number {
    return ((offset >>> 0) + 2 <= this.dataSize ? this.segment.view.getInt16(this.data + offset, true) : 0) ^ mask;
  }

  getUint16(offset: number, mask = 0): number {
    return ((offset >>> 0) + 2 <= this.dataSize ? this.segment.view.getUint16(this.data + offset, true) : 0) ^ mask;
  }

  getInt32(offset: number, mask = 0): number {
    return ((offset >>> 0) + 4 <= this.dataSize ? this.segment.view.getInt32(this.data + offset, true) : 0) ^ mask;
  }

  getUint32(offset: number, mask = 0): number {
    return (((offset >>> 0) + 4 <= this.dataSize ? this.segment.view.getUint32(this.data + offset, true) : 0) ^ mask) >>> 0;
  }

  getInt64(offset: number, mask = 0n): bigint {
    const value = (offset >>> 0) + 8 <= this.dataSize ? this.segment.view.getBigInt64(this.data + offset, true) : 0n;
    return mask === 0n ? value : value ^ mask;
  }

  getUint64(offset: number, mask = 0n): bigint {
    const value = (offset >>> 0) + 8 <= this.dataSize ? this.segment.view.getBigUint64(this.data + offset, true) : 0n;
    return mask === 0n ? value : value ^ mask;
  }

  getFloat32(offset: number, maskBits = 0): number {
    if ((offset >>> 0) + 4 > this.dataSize) return maskBits === 0 ? 0 : float32FromBits(maskBits);
    if (maskBits === 0) return this.segment.view.getFloat32(this.data + offset, true);
    return float32FromBits(this.segment.view.getUint32(this.data + offset, true) ^ maskBits);
  }

  getFloat64(offset: number, maskLo = 0, maskHi = 0): number {
    if ((offset >>> 0) + 8 > this.dataSize) return maskLo === 0 && maskHi === 0 ? 0 : float64FromBits(maskLo, maskHi);
    if (maskLo === 0 && maskHi === 0) return this.segment.view.getFloat64(this.data + offset, true);
    const view = this.segment.view;
    const at = this.data + offset;
    return float64FromBits(view.getUint32(at, true) ^ maskLo, view.getUint32(at + 4, true) ^ maskHi);
  }

  /**
   * Repositions this view onto another struct of the same sizes in the same segment: the
   * next element of a struct list. Lets list iteration reuse one reader instead of
   * allocating one per element; only the owner of a view may move it.
   */
  moveTo(data: number): void {
    this.data = data;
    this.pointers = data + this.dataSize;
  }

  /** Byte offset of pointer `index`, or -1 if the struct has no such pointer (older schema). */
  pointerOffset(index: number): number {
    return index < this.pointerCount ? this.pointers + index * 8 : -1;
  }

  /** Whether pointer `index` exists and is not null. */
  hasPointer(index: number): boolean {
    if (index >= this.pointerCount) return false;
    const view = viewOf(this.segment); // a pointer read: see Segment#view
    const at = this.pointers + index * 8;
    return view.getUint32(at, true) !== 0 || view.getUint32(at + 4, true) !== 0;
  }
}
