/**
 * Small byte arrays carved from shared slabs. Allocating an ArrayBuffer costs ~300 ns above
 * 64 bytes in V8, and a DataView over a small array forces its buffer off the JS heap (~600 ns,
 * measured), so a small message paid about 1 µs before holding any data. Slabs are allocated
 * zeroed and handed out front to back, never reused, so every piece starts zeroed and belongs
 * to its taker alone; the cost is that a slab stays alive while any piece of it does (at most
 * SLAB_BYTES per live small message), the trade-off Node's Buffer pool makes too.
 */
const SLAB_BYTES = 64 * 1024;
/**
 * Pieces up to 16 KiB come from slabs too: a fresh ArrayBuffer costs about 550 ns besides its
 * zeroing (750 ns at 4 200 bytes, 950 at 8 200, Node 20), and an RPC call that carries 4 KB of
 * Text takes two such pieces (its frame, and its results builder grown to 8 KB). Larger
 * requests get their own buffer, so a slab's tail left behind when a piece does not fit is at
 * most a quarter of it (and a live 16 KiB piece pins four times its size, where a small one
 * pins its whole slab, as before).
 */
const MAX_POOLED = 16 * 1024;

let slab = new ArrayBuffer(0);
// Past full until the first allocation, which makes the first slab.
let slabUsed = SLAB_BYTES + 1;
// The current slab's DataView: made with the slab (one per 64 KiB of pieces).
let slabView: DataView = new DataView(new ArrayBuffer(0));

/**
 * The DataView of the slab the last piece of up to MAX_POOLED bytes came from (`bytes.byteOffset`
 * is then the piece's offset in it): for filling a small piece a word at a time, where
 * `subarray` and `set` cost more than the copy. Valid until the next allocation.
 */
export function lastSlabView(): DataView {
  return slabView;
}

function newSlab(): void {
  slab = new ArrayBuffer(SLAB_BYTES);
  slabView = new DataView(slab);
  slabUsed = 0;
}

/** A zeroed, 8-byte-aligned Uint8Array of `length` bytes. */
export function allocateBytes(length: number): Uint8Array<ArrayBuffer> {
  if (length > MAX_POOLED) return new Uint8Array(length);
  return allocateBytesAfter(0, length);
}

/**
 * Zeroed, 8-byte-aligned memory for `length` bytes with `lead` zeroed bytes (a multiple of 8)
 * in front of it in the same ArrayBuffer: the array returned views the `length` bytes only. (A
 * builder's first segment keeps room for the framing header this way: one typed array made
 * instead of two, which `subarray` would make.)
 */
export function allocateBytesAfter(lead: number, length: number): Uint8Array<ArrayBuffer> {
  const total = lead + length;
  if (total > MAX_POOLED) return new Uint8Array(new ArrayBuffer(total), lead, length);
  if (slabUsed + total > SLAB_BYTES) newSlab();
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = new Uint8Array(slab, slabUsed + lead, length);
  } catch (error) {
    // A slab found detached (a caller transferred the buffer of a piece: `postMessage(bytes,
    // [bytes.buffer])`) is left behind like a full one: carving on from it failed every later
    // allocation of the process with a TypeError. Found here, where carving from it throws, it
    // costs the allocations nothing (a check of the slab before each cost a small build 1-5%
    // more instructions).
    if (slab.byteLength !== 0) throw error;
    newSlab();
    bytes = new Uint8Array(slab, lead, length);
  }
  slabUsed += (total + 7) & ~7;
  return bytes;
}
