/**
 * MD5 (RFC 1321), used only to derive type ids the way the reference compiler does. Written
 * here rather than taken from `node:crypto` because the compiler core must also run in
 * browsers, where WebCrypto offers no MD5 (and no synchronous digest at all).
 */

/** Per-round left-rotation amounts. */
const SHIFTS = [
  7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
  5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
  4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
  6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
];

/** floor(|sin(i + 1)| * 2^32), the RFC's table T. */
const SINES = Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) >>> 0);

/** Scratch space for padding, reused across calls (ids are derived by the thousand). */
let scratch = new Uint8Array(128);
let scratchView = new DataView(scratch.buffer);
const words = new Uint32Array(16);

/** The 16-byte MD5 digest of `message`. */
export function md5(message: Uint8Array): Uint8Array {
  // Padding: a 1 bit, zeros up to 56 bytes mod 64, then the bit length as a little-endian u64.
  const paddedLength = Math.ceil((message.length + 9) / 64) * 64;
  if (scratch.length < paddedLength) {
    scratch = new Uint8Array(paddedLength);
    scratchView = new DataView(scratch.buffer);
  }
  const padded = scratch;
  const view = scratchView;
  padded.set(message);
  padded[message.length] = 0x80;
  padded.fill(0, message.length + 1, paddedLength);
  const bitLength = message.length * 8;
  view.setUint32(paddedLength - 8, bitLength >>> 0, true);
  view.setUint32(paddedLength - 4, Math.floor(bitLength / 2 ** 32), true);

  let a0 = 0x67452301;
  let b0 = 0xefcdab89;
  let c0 = 0x98badcfe;
  let d0 = 0x10325476;

  for (let block = 0; block < paddedLength; block += 64) {
    for (let i = 0; i < 16; i++) words[i] = view.getUint32(block + i * 4, true);
    let a = a0;
    let b = b0;
    let c = c0;
    let d = d0;
    for (let i = 0; i < 64; i++) {
      let f: number;
      let g: number;
      if (i < 16) {
        f = (b & c) | (~b & d);
        g = i;
      } else if (i < 32) {
        f = (d & b) | (~d & c);
        g = (5 * i + 1) & 15;
      } else if (i < 48) {
        f = b ^ c ^ d;
        g = (3 * i + 5) & 15;
      } else {
        f = c ^ (b | ~d);
        g = (7 * i) & 15;
      }
      const sum = (a + f + SINES[i]! + words[g]!) >>> 0;
      const shift = SHIFTS[i]!;
      a = d;
      d = c;
      c = b;
      b = (b + ((sum << shift) | (sum >>> (32 - shift)))) >>> 0;
    }
    a0 = (a0 + a) >>> 0;
    b0 = (b0 + b) >>> 0;
    c0 = (c0 + c) >>> 0;
    d0 = (d0 + d) >>> 0;
  }

  const digest = new Uint8Array(16);
  const out = new DataView(digest.buffer);
  out.setUint32(0, a0, true);
  out.setUint32(4, b0, true);
  out.setUint32(8, c0, true);
  out.setUint32(12, d0, true);
  return digest;
}
