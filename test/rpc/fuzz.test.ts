/**
 * Hostile peers, at random: real RPC traffic (a recorded session), mutated and replayed raw into
 * a connection, bounded to a few seconds. The client's frames go into a server connection beside
 * a healthy one; every case must end only the fuzzed connection (with an Abort carrying a coded
 * error, or a clean close), let nothing escape the engine, keep the healthy connection
 * answering, and leave empty tables and no live server objects. The server's frames go into a
 * client connection running the session's script; every case must end with the same kind of
 * error or a clean close, let nothing escape, finish the script (no call left hanging), and leave
 * empty tables and none of the client's objects alive. `node scripts/fuzz-rpc.mjs [--role
 * client] --seed N --iterations N` runs the same fuzzer longer (see scripts/fuzz-rpc-core.mjs).
 * RPC_FUZZ_SEED and RPC_FUZZ_ITERATIONS override the defaults here.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import * as rpc from '../../src/rpc/index.js';
import * as schema from '../../src/generated/std/rpc.capnp.js';
import * as wire from '../../src/wire/index.js';
import {
  createHost, createRng, encodeFrames, FuzzFailure, kindOf, mutateSession, recordSessions, replay, replayIntoClient, runRpcFuzz,
  type FuzzRole, type RecordedSessions, type RpcFuzzFailure, type RpcFuzzModules,
} from '../../scripts/fuzz-rpc-core.mjs';
import { generateRpcFixture } from './support.js';

const SEED = Number(process.env.RPC_FUZZ_SEED ?? 20240612);
const ITERATIONS = Number(process.env.RPC_FUZZ_ITERATIONS ?? 1500);

let m: RpcFuzzModules;
let recorded: RecordedSessions;
let session: Uint8Array[];

beforeAll(async () => {
  const fixture: unknown = await import(generateRpcFixture());
  m = { wire, rpc, schema, fixture };
  recorded = await recordSessions(m);
  session = recorded.toServer;
});

/** Runs the fuzzer in `role`, turning a failure into an error that carries its reproduction. */
async function fuzz(role: FuzzRole) {
  try {
    return await runRpcFuzz(m, { seed: SEED, iterations: ITERATIONS, recorded, role, maxCaseMillis: 5000 });
  } catch (e) {
    if (e instanceof FuzzFailure) {
      const failure = e as RpcFuzzFailure;
      const repro = JSON.stringify({ role, options: failure.options, applied: failure.applied, frames: encodeFrames(failure.frames ?? []) });
      throw new Error(`${failure.message} (${role}, seed ${failure.seed}, iteration ${failure.iteration}); replay: ${repro}`, { cause: failure });
    }
    throw e;
  }
}

describe('fuzzing RPC traffic', () => {
  it('records a session with every kind of message a client sends, which replays cleanly', async () => {
    const kinds = new Set(session.map((frame) => kindOf(m, frame)));
    expect([...kinds].sort()).toEqual(['bootstrap', 'call', 'disembargo', 'finish', 'release', 'resolve', 'return']);
    const host = createHost(m);
    const outcome = await replay(m, host, session, { pacing: 'reactive', closeBy: 'peer', limits: {} }, recorded.toServerSchedule);
    // The server takes the whole session without ending the connection, and answers it as it
    // did when recorded.
    expect(outcome.ended).toBe(false);
    expect(outcome.fed).toBe(session.length);
    expect(outcome.sent).toBe(recorded.toClient.length);
    host.bootstrap.close();
    expect(host.live).toEqual({ echo: 0, counters: 0, running: 0 });
  });

  it('records the same bytes every time, and mutates the same way for a seed', async () => {
    const again = await recordSessions(m);
    expect(encodeFrames(again.toServer)).toEqual(encodeFrames(session));
    expect(encodeFrames(again.toClient)).toEqual(encodeFrames(recorded.toClient));
    expect(again.toServerSchedule).toEqual(recorded.toServerSchedule);
    expect(again.toClientSchedule).toEqual(recorded.toClientSchedule);
    const a = mutateSession(createRng(9), m, session);
    const b = mutateSession(createRng(9), m, session);
    expect(encodeFrames(a.frames)).toEqual(encodeFrames(b.frames));
    expect(a.applied).toEqual(b.applied);
  });

  it(`${ITERATIONS} mutated client sessions end only the server's fuzzed connection, cleanly (seed ${SEED})`, async () => {
    const heapBefore = process.memoryUsage().heapUsed;
    const stats = await fuzz('server');
    expect(stats.cases).toBe(ITERATIONS);
    // The mutations must both break the protocol often and get past the first frames often,
    // or the fuzzer tests little.
    expect(stats.aborted).toBeGreaterThan(ITERATIONS * 0.4);
    expect(stats.survived).toBeGreaterThan(ITERATIONS * 0.05);
    expect(stats.framesFed).toBeGreaterThan(ITERATIONS * 20);
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(256 * 1024 * 1024);
  });

  it('the server\'s side of the session, replayed into a fresh client running the same script, makes it send the same frames', async () => {
    const kinds = new Set(recorded.toClient.map((frame) => kindOf(m, frame)));
    expect([...kinds].sort()).toEqual(['call', 'disembargo', 'finish', 'release', 'resolve', 'return']);
    expect(recorded.toClientSchedule).toHaveLength(recorded.toClient.length);
    const outcome = await replayIntoClient(m, recorded.toClient, recorded.toClientSchedule, { pacing: 'reactive', closeBy: 'peer', limits: {} });
    expect(outcome.ended).toBe(false);
    expect(outcome.fed).toBe(recorded.toClient.length);
    expect(encodeFrames(outcome.sentFrames)).toEqual(encodeFrames(recorded.toServer));
  });

  it(`${ITERATIONS} mutated server sessions end only the client's connection, cleanly, with no call left hanging (seed ${SEED})`, async () => {
    const stats = await fuzz('client');
    expect(stats.cases).toBe(ITERATIONS);
    expect(stats.aborted).toBeGreaterThan(ITERATIONS * 0.4);
    expect(stats.survived).toBeGreaterThan(ITERATIONS * 0.05);
    expect(stats.framesFed).toBeGreaterThan(ITERATIONS * 15);
  });
});
