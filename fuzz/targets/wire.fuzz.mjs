// Wire reading without a schema: the input read as binary, flat, packed and flat-packed, then
// walked pointer by pointer (every list read as every element size), canonicalized (and the
// result checked canonical and stable), checked with isCanonical, deep-copied into a builder
// (the copy must have the same canonical form), edited through the builder API, packed and
// unpacked. The checks are scripts/fuzz-core.mjs's `exercise`, shared with the mutation fuzzer.
import * as wire from '../../dist/wire/index.js';
import { createRng, exercise, mutate } from '../../scripts/fuzz-core.mjs';

export const options = {
  maxLength: 8192,
  // Word-level mutations: pointers of every kind, huge counts, framing damage.
  mutate: (rng, bytes) => mutate(rng, bytes),
};

export function fuzz(data) {
  // The builder edits draw from a generator seeded by the input, so a replay repeats them.
  let seed = 0x811c9dc5;
  for (let i = 0; i < Math.min(data.length, 64); i++) seed = Math.imul(seed ^ data[i], 0x01000193);
  exercise(wire, data, { tinySegments: (seed & 7) === 0, rng: createRng(seed >>> 0) });
}
