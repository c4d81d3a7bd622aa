/**
 * Amplification of the wire reader (issue 15): the work a message can buy is linear in the
 * traversal budget, and the default budget is linear in the message's size, so a 1 KB message
 * cannot make a reader walk 64 MiB of pointers. Before the fix the default budget was a flat
 * 8 Mi words: the 984-byte message below made canonicalize, copy and a walk each take 0.5 to 1 s.
 *
 * Work is measured in structs visited (deterministic), and time only against a baseline in the
 * same process (a message of distinct objects with as many words), with a wide margin.
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TRAVERSAL_FLOOR_WORDS, DEFAULT_TRAVERSAL_LIMIT_WORDS, DEFAULT_TRAVERSAL_WORDS_PER_MESSAGE_WORD, ElementSize, ErrorCode,
  MessageBuilder, canonicalize, isCanonical, isCapnpError, readMessage, type ReadMessageOptions, type StructReader,
} from '../../src/wire/index.js';
import { sharedChain } from './support.js';

/** Visits every struct reachable from the root, following each pointer (shared targets again). */
function countVisits(bytes: Uint8Array, options?: ReadMessageOptions): { visits: number; code: string | undefined } {
  let visits = 0;
  const walk = (s: StructReader): void => {
    visits++;
    for (let i = 0; i < s.pointerCount; i++) walk(s.getStruct(i));
  };
  try {
    walk(readMessage(bytes, options).getRoot());
    return { visits, code: undefined };
  } catch (e) {
    if (!isCapnpError(e)) throw e;
    return { visits, code: e.code };
  }
}

function median(samples: number[]): number {
  return [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
}

function timeOf(fn: () => void, runs = 7): number {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    try {
      fn();
    } catch (e) {
      if (!isCapnpError(e)) throw e;
    }
    samples.push(performance.now() - started);
  }
  return median(samples);
}

describe('wire reader amplification', () => {
  // 30 levels of 4 pointers, each to the next level: 984 bytes, a tree of 4^30 structs.
  const chain = sharedChain(30, 4);

  it('the default budget scales with the message: floor, 64 words per word, cap', () => {
    const words = (chain.length - 8) / 8;
    expect(DEFAULT_TRAVERSAL_FLOOR_WORDS).toBe(32 * 1024);
    expect(DEFAULT_TRAVERSAL_WORDS_PER_MESSAGE_WORD * words).toBeLessThan(DEFAULT_TRAVERSAL_FLOOR_WORDS);
    // The walk stops once the floor is spent: each visit costs at least one word.
    const { visits, code } = countVisits(chain);
    expect(code).toBe(ErrorCode.TRAVERSAL_LIMIT);
    expect(visits).toBeLessThanOrEqual(DEFAULT_TRAVERSAL_FLOOR_WORDS);
    expect(visits).toBeGreaterThan(DEFAULT_TRAVERSAL_FLOOR_WORDS / 8);
    // An explicit limit is taken as given (the old default, 8 Mi words, buys 256 times more).
    const old = countVisits(chain, { traversalLimitInWords: DEFAULT_TRAVERSAL_LIMIT_WORDS });
    expect(old.visits).toBeGreaterThan(visits * 100);
  });

  it('the work is linear in the traversal limit', () => {
    const at = (limit: number) => countVisits(chain, { traversalLimitInWords: limit }).visits;
    const base = at(10_000);
    for (const factor of [2, 4, 16]) {
      const visits = at(10_000 * factor);
      expect(visits / base).toBeGreaterThan(factor * 0.8);
      expect(visits / base).toBeLessThan(factor * 1.25);
    }
  });

  it('a large message gets a budget in proportion, up to the cap', () => {
    const builder = new MessageBuilder();
    builder.initRoot(0, 1).initList(0, ElementSize.EIGHT_BYTES, 100_000); // 100 000 words of data
    const bytes = builder.toBytes();
    const list = readMessage(bytes).getRoot().getPointer(0);
    // 64 words of budget per word of message: about 64 re-reads of the list fit, then no more.
    const budget = DEFAULT_TRAVERSAL_WORDS_PER_MESSAGE_WORD * ((bytes.length - 8) / 8);
    let reads = 0;
    try {
      for (; reads < 100; reads++) list.getList();
    } catch (e) {
      expect(isCapnpError(e) && e.code).toBe(ErrorCode.TRAVERSAL_LIMIT);
    }
    expect(reads).toBe(Math.floor((budget - 1) / 100_000));
    expect(reads).toBe(64);
  });

  it('canonicalize, isCanonical and copy of the 1 KB chain cost no more than reading 32 Ki words of distinct objects', () => {
    // Baseline: a message of distinct objects as large as the default floor, read in full.
    const builder = new MessageBuilder();
    const list = builder.initRoot(0, 1).initStructList(0, DEFAULT_TRAVERSAL_FLOOR_WORDS / 4, 1, 1);
    for (let i = 0; i < list.length; i++) list.getStruct(i).initStruct(0, 1, 1).setUint32(0, i);
    const tree = builder.toBytes();
    const unlimited = { traversalLimitInWords: Infinity };
    const baseline = {
      canonicalize: timeOf(() => canonicalize(readMessage(tree, unlimited).getRootPointer())),
      isCanonical: timeOf(() => isCanonical(readMessage(tree, unlimited))),
      copy: timeOf(() => new MessageBuilder().getRootPointer().set(readMessage(tree, unlimited).getRootPointer())),
    };
    const hostile = {
      canonicalize: timeOf(() => canonicalize(readMessage(chain).getRootPointer())),
      isCanonical: timeOf(() => isCanonical(readMessage(chain))),
      copy: timeOf(() => new MessageBuilder().getRootPointer().set(readMessage(chain).getRootPointer())),
    };
    for (const key of ['canonicalize', 'isCanonical', 'copy'] as const) {
      // Generous: the hostile message's budget is the same 32 Ki words; the margin is for noise.
      expect(hostile[key], key).toBeLessThan(baseline[key] * 4 + 5);
    }
  });
});
