// Types for fuzz-core.mjs, so the TypeScript fuzz test can import it.
import type * as Wire from '../src/wire/index.js';

export type WireModule = typeof Wire;

export interface Rng {
  (): number;
  below(n: number): number;
  chance(p: number): boolean;
}

export declare function createRng(seed: number): Rng;

export declare class FuzzFailure extends Error {
  input: Uint8Array | undefined;
  seed?: number;
  iteration?: number;
  constructor(message: string, input?: Uint8Array, cause?: unknown);
}

export declare function seedMessages(wire: WireModule): Uint8Array[];

export declare function mutate(rng: Rng, input: Uint8Array): Uint8Array;

/** Calls `fn`; a CapnpError gives undefined, anything else becomes a FuzzFailure. */
export declare function attempt<T>(wire: WireModule, what: string, fn: () => T): T | undefined;

export declare function equalBytes(a: Uint8Array, b: Uint8Array): boolean;

export interface Outcome {
  read: boolean;
  walked: boolean;
  canonical: boolean;
  copied: boolean;
}

export declare function exercise(
  wire: WireModule,
  bytes: Uint8Array,
  options?: { traversalLimitInWords?: number; nestingLimit?: number; tinySegments?: boolean; rng?: Rng },
): Outcome;

export interface FuzzStats {
  cases: number;
  read: number;
  walked: number;
  canonical: number;
  copied: number;
  slowestMillis: number;
}

export declare function runFuzz(
  wire: WireModule,
  options: {
    seed: number;
    iterations: number;
    extraSeeds?: readonly Uint8Array[];
    onProgress?: (done: number, stats: FuzzStats) => void;
    maxCaseMillis?: number;
  },
): FuzzStats;
