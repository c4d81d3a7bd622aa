/**
 * Hostile input, at random: a seeded fuzz run over mutated messages, bounded to a few seconds.
 * `npm run fuzz -- --seed N --iterations N` runs the same fuzzer longer (scripts/fuzz.mjs).
 * FUZZ_SEED and FUZZ_ITERATIONS override the defaults here.
 */
import { describe, expect, it } from 'vitest';
import * as wire from '../../src/wire/index.js';
import { FuzzFailure, createRng, exercise, mutate, runFuzz, seedMessages } from '../../scripts/fuzz-core.mjs';
import { buildEverything } from '../fixtures/wire/everything.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20240601);
const ITERATIONS = Number(process.env.FUZZ_ITERATIONS ?? 1500);

function base64(bytes: Uint8Array | undefined): string {
  return bytes === undefined ? '(none)' : Buffer.from(bytes).toString('base64');
}

describe('fuzzing the wire layer', () => {
  it('seed messages read, walk, canonicalize and copy cleanly', () => {
    for (const seed of seedMessages(wire)) {
      const outcome = exercise(wire, seed, { traversalLimitInWords: Infinity });
      expect(outcome).toEqual({ read: true, walked: true, canonical: true, copied: true });
    }
  });

  it('mutation is deterministic for a seed', () => {
    const input = seedMessages(wire)[0]!;
    const a = mutate(createRng(5), input);
    const b = mutate(createRng(5), input);
    expect(Buffer.compare(a, b)).toBe(0);
    expect(Buffer.compare(a, input)).not.toBe(0);
  });

  it(`${ITERATIONS} mutated messages fail only with CapnpErrors, quickly and in bounded memory (seed ${SEED})`, () => {
    const heapBefore = process.memoryUsage().heapUsed;
    let stats;
    try {
      stats = runFuzz(wire, {
        seed: SEED,
        iterations: ITERATIONS,
        extraSeeds: [buildEverything().toBytes(), buildEverything({ firstSegmentWords: 2, growth: 'fixed' }).toBytes()],
        maxCaseMillis: 5000,
      });
    } catch (e) {
      if (e instanceof FuzzFailure) {
        throw new Error(`${e.message} (seed ${e.seed}, iteration ${e.iteration}); input (base64): ${base64(e.input)}`, { cause: e.cause });
      }
      throw e;
    }
    expect(stats.cases).toBe(ITERATIONS);
    // The mutations must leave plenty of messages readable, or the fuzzer tests nothing.
    expect(stats.read).toBeGreaterThan(ITERATIONS * 0.3);
    expect(stats.walked).toBeGreaterThan(ITERATIONS * 0.2);
    expect(stats.copied).toBeGreaterThan(ITERATIONS * 0.1);
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(512 * 1024 * 1024);
  });
});
