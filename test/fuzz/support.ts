/**
 * Hostile messages built by hand for the fuzzing and amplification tests.
 */

/**
 * A single-segment framed message: a root struct of `fanOut` pointers, each pointing at the
 * next level's struct of `fanOut` pointers, `depth` levels deep, ending in a one-word struct.
 * Every pointer of a level shares its target, so the message is tiny but its tree has
 * fanOut^depth structs: the classic amplification shape.
 */
export function sharedChain(depth: number, fanOut: number): Uint8Array {
  const words = 1 + depth * fanOut + 1;
  const bytes = new Uint8Array(8 + words * 8);
  const view = new DataView(bytes.buffer);
  view.setUint32(4, words, true);
  const structPointer = (at: number, target: number, dataWords: number, pointers: number) => {
    view.setUint32(8 + at, ((target - at - 8) / 8) << 2, true);
    view.setUint32(8 + at + 4, dataWords | (pointers << 16), true);
  };
  structPointer(0, 8, 0, fanOut);
  for (let level = 0; level < depth; level++) {
    const base = 8 + level * fanOut * 8;
    const next = base + fanOut * 8;
    const last = level === depth - 1;
    for (let i = 0; i < fanOut; i++) structPointer(base + i * 8, next, last ? 1 : 0, last ? 0 : fanOut);
  }
  return bytes;
}
