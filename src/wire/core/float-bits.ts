/**
 * Reinterpreting float bit patterns. Default values of float fields are stored XORed into the
 * wire bits, so reading a field with a non-zero default needs the raw bits as a number.
 */
const scratch = new DataView(new ArrayBuffer(8));

export function float32FromBits(bits: number): number {
  scratch.setUint32(0, bits, true);
  return scratch.getFloat32(0, true);
}

export function float32ToBits(value: number): number {
  scratch.setFloat32(0, value, true);
  return scratch.getUint32(0, true);
}

export function float64FromBits(lo: number, hi: number): number {
  scratch.setUint32(0, lo, true);
  scratch.setUint32(4, hi, true);
  return scratch.getFloat64(0, true);
}

/** The low and high 32 bits of a double, as `[lo, hi]`. */
export function float64ToBits(value: number): [number, number] {
  scratch.setFloat64(0, value, true);
  return [scratch.getUint32(0, true), scratch.getUint32(4, true)];
}
