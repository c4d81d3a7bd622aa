// Types of scheduled-pair.mjs, for the TypeScript tests that use it.
import type { Transport } from '../../../src/rpc/index.js';

export function seededRandom(seed: number): () => number;
export const turn: () => Promise<void>;
export interface ScheduledPair {
  readonly ends: readonly [Transport, Transport];
  deliver(side: 0 | 1, count?: number): number;
  fail(error: Error): void;
  readonly waiting: number;
  flush(): Promise<void>;
}
export function scheduledPair(): ScheduledPair;
export function flushPairs(pairs: ReadonlyArray<{ deliver(side: 0 | 1): number }>): Promise<void>;
