/**
 * Hostile peers, at random: real RPC traffic (a recorded client session), mutated and replayed
 * raw into a server connection beside a healthy one, bounded to a few seconds. Every case must
 * end only the fuzzed connection (with an Abort carrying a coded error, or a clean close), let
 * nothing escape the engine, keep the healthy connection answering, and leave empty tables and
 * no live server objects. `node scripts/fuzz-rpc.mjs --seed N --iterations N` runs the same
 * fuzzer longer (see scripts/fuzz-rpc-core.mjs). RPC_FUZZ_SEED and RPC_FUZZ_ITERATIONS override
 * the defaults here.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import * as rpc from '../../src/rpc/index.js';
import * as schema from '../../src/generated/std/rpc.capnp.js';
import * as wire from '../../src/wire/index.js';
import {
  createHost, createRng, encodeFrames, FuzzFailure, kindOf, mutateSession, recordSession, replay, runRpcFuzz,
  type RpcFuzzFailure, type RpcFuzzModules,
} from '../../scripts/fuzz-rpc-core.mjs';
import { generateRpcFixture } from './support.js';

const SEED = Number(process.env.RPC_FUZZ_SEED ?? 20240612);
const ITERATIONS = Number(process.env.RPC_FUZZ_ITERATIONS ?? 1500);

let m: RpcFuzzModules;
let session: Uint8Array[];

beforeAll(async () => {
  const fixture: unknown = await import(generateRpcFixture());
  m = { wire, rpc, schema, fixture };
  session = await recordSession(m);
});

describe('fuzzing RPC traffic', () => {
  it('records a session with every kind of message a client sends, which replays cleanly', async () => {
    const kinds = new Set(session.map((frame) => kindOf(m, frame)));
    expect([...kinds].sort()).toEqual(['bootstrap', 'call', 'disembargo', 'finish', 'release', 'resolve', 'return']);
    const host = createHost(m);
    const outcome = await replay(m, host, session, { pacing: 'macrotask', closeBy: 'peer', limits: {} });
    // The server takes the whole session without ending the connection, and answers it.
    expect(outcome.ended).toBe(false);
    expect(outcome.fed).toBe(session.length);
    expect(outcome.sent).toBeGreaterThan(20);
    host.bootstrap.close();
    expect(host.live).toEqual({ echo: 0, counters: 0, running: 0 });
  });

  it('records the same bytes every time, and mutates the same way for a seed', async () => {
    const again = await recordSession(m);
    expect(encodeFrames(again)).toEqual(encodeFrames(session));
    const a = mutateSession(createRng(9), m, session);
    const b = mutateSession(createRng(9), m, session);
    expect(encodeFrames(a.frames)).toEqual(encodeFrames(b.frames));
    expect(a.applied).toEqual(b.applied);
  });

  it(`${ITERATIONS} mutated sessions end only their own connection, cleanly (seed ${SEED})`, async () => {
    const heapBefore = process.memoryUsage().heapUsed;
    let stats;
    try {
      stats = await runRpcFuzz(m, { seed: SEED, iterations: ITERATIONS, session, maxCaseMillis: 5000 });
      if (process.env.RPC_FUZZ_VERBOSE) console.log(stats);
    } catch (e) {
      if (e instanceof FuzzFailure) {
        const failure = e as RpcFuzzFailure;
        const repro = JSON.stringify({ options: failure.options, applied: failure.applied, frames: encodeFrames(failure.frames ?? []) });
        throw new Error(`${failure.message} (seed ${failure.seed}, iteration ${failure.iteration}); replay: ${repro}`, { cause: failure });
      }
      throw e;
    }
    expect(stats.cases).toBe(ITERATIONS);
    // The mutations must both break the protocol often and get past the first frames often,
    // or the fuzzer tests little.
    expect(stats.aborted).toBeGreaterThan(ITERATIONS * 0.4);
    expect(stats.survived).toBeGreaterThan(ITERATIONS * 0.05);
    expect(stats.framesFed).toBeGreaterThan(ITERATIONS * 20);
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(256 * 1024 * 1024);
  });
});
