// Types for fuzz-rpc-core.mjs, so the TypeScript fuzz test can import it.
import type * as Wire from '../src/wire/index.js';
import type * as Rpc from '../src/rpc/index.js';
import type * as Schema from '../src/generated/std/rpc.capnp.js';
import type { FuzzFailure as WireFuzzFailure, Rng } from './fuzz-core.mjs';

export { createRng, FuzzFailure } from './fuzz-core.mjs';

/** What the fuzzer runs on: the sources (tests) or dist/ (the script), and the generated fixture. */
export interface RpcFuzzModules {
  wire: typeof Wire;
  rpc: typeof Rpc;
  schema: typeof Schema;
  /** The module generated for test/fixtures/rpc/rpc-test.capnp. */
  fixture: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export interface Host {
  bootstrap: Rpc.Client;
  impl: { release(): void };
  /** Server objects not yet disposed, and server calls still running. */
  live: { echo: number; counters: number; running: number };
  faults: string[];
}

export interface ReplayOptions {
  pacing: 'reactive' | 'macrotask' | 'microtask' | 'burst';
  closeBy: 'peer' | 'server';
  limits: Partial<Rpc.ConnectionOptions>;
}

export interface ReplayOutcome {
  fed: number;
  sent: number;
  ended: boolean;
  peerAbort: boolean;
  code: string | null;
  reason: string;
}

export interface RpcFuzzStats {
  cases: number;
  ended: number;
  aborted: number;
  peerAborts: number;
  survived: number;
  framesFed: number;
  codes: Record<string, number>;
  /** Why connections ended (numbers in the reasons replaced by N). */
  reasons: Record<string, number>;
  mutations: Record<string, number>;
  slowestMillis: number;
}

export interface RpcFuzzFailure extends WireFuzzFailure {
  frames?: Uint8Array[];
  options?: ReplayOptions;
  applied?: string[];
}

export declare function createHost(m: RpcFuzzModules): Host;
/** Both sides of the recorded session: what the client sent, what the server sent, and when (see fuzz-rpc-core.mjs). */
export interface RecordedSessions {
  toServer: Uint8Array[];
  toClient: Uint8Array[];
  toServerSchedule: number[];
  toClientSchedule: number[];
}
export declare function recordSessions(m: RpcFuzzModules): Promise<RecordedSessions>;
export type FuzzRole = 'server' | 'client';
export declare function kindOf(m: RpcFuzzModules, frame: Uint8Array): string;
export declare function mutateSession(rng: Rng, m: RpcFuzzModules, frames: readonly Uint8Array[]): { frames: Uint8Array[]; applied: string[] };
export declare function randomReplayOptions(rng: Rng): ReplayOptions;
export declare function replay(m: RpcFuzzModules, host: Host, frames: readonly Uint8Array[], options?: ReplayOptions, schedule?: readonly number[]): Promise<ReplayOutcome>;
export declare function replayIntoClient(
  m: RpcFuzzModules, frames: readonly Uint8Array[], schedule: readonly number[], options?: ReplayOptions,
): Promise<ReplayOutcome & { sentFrames: Uint8Array[] }>;
export declare function runRpcFuzz(
  m: RpcFuzzModules,
  options: {
    seed: number;
    iterations: number;
    recorded: RecordedSessions;
    role?: FuzzRole;
    onProgress?: (done: number, stats: RpcFuzzStats) => void;
    progressEvery?: number;
    maxCaseMillis?: number;
  },
): Promise<RpcFuzzStats>;
export declare function reduceFrames(
  m: RpcFuzzModules, frames: readonly Uint8Array[], options: ReplayOptions, role: FuzzRole, recorded: RecordedSessions,
): Promise<{ frames: Uint8Array[]; message: string | null }>;
export declare function encodeFrames(frames: readonly Uint8Array[]): string[];
export declare function decodeFrames(encoded: readonly string[]): Uint8Array[];
