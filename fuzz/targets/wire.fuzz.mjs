// Wire reading without a schema. The input's first byte picks one operation (walk every pointer,
// canonicalize and isCanonical, deep copy with builder edits, raw packing) and one input format
// (binary, flat, packed, flat-packed); the rest is the message. See wire-ops.mjs for the checks.
// `scripts/fuzz-core.mjs`'s `exercise` (every operation and format on each input) is the older,
// exhaustive harness, still run by the mutation fuzzer (npm run fuzz -- --seconds N).
import * as wire from '../../dist/wire/index.js';
import { mutate } from '../../scripts/fuzz-core.mjs';
import { runWireInput } from './wire-ops.mjs';

export const options = {
  maxLength: 8192,
  // Word-level mutations of the message (pointers of every kind, huge counts, framing damage);
  // now and then another operation or format for it.
  mutate(rng, bytes) {
    if (bytes.length === 0) return new Uint8Array([rng() & 0xff]);
    const body = mutate(rng, bytes.subarray(1));
    const out = new Uint8Array(body.length + 1);
    out[0] = rng.chance(0.1) ? rng() & 0xff : bytes[0];
    out.set(body, 1);
    return out;
  },
};

export function fuzz(data) {
  runWireInput(wire, data);
}
