/**
 * E-order under random interleavings, between two Capstan connections in one process. The
 * interop scenario `e-order` (interop/README.md) makes random call sequences against real
 * peers over TCP, where timing decides which messages cross; here the test decides it: what
 * each side sends waits in a queue until a step delivers some of it, so Returns, Resolves,
 * calls and Disembargoes meet in orders a fast loopback seldom produces (the Tribble cases of
 * test/rpc/protocol.test.ts among them).
 *
 * References: the client's counters (called locally), the server's (made by makeCounter, called
 * through their promises), `echoCap(X).cap` for any reference X, promises the client makes of a
 * reference made before them (a local echoCapLater held until a later step), and the server's
 * (its echoCapLater(X), answered at a later openGate()). Through
 * each reference, the counts of the calls made must rise in the order the calls were made; at
 * the end every table is empty. Each run takes new seeds (CAPSTAN_E_ORDER_TEST_SEED=N repeats
 * one; CAPSTAN_PROPERTY_SCALE=K runs K times as many).
 */
import { beforeAll, expect, it } from 'vitest';
import { Connection, type RpcPromise } from '../../src/rpc/index.js';
import { EMPTY, generateRpcFixture, scheduledPair, seededRandom, turn } from './support.js';
import { runs } from '../properties/support/random-values.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
let gen: any;

beforeAll(async () => {
  gen = await import(generateRpcFixture());
});

interface Path {
  name: string;
  cap: any;
  calls: Array<{ promise: RpcPromise<{ n: number }>; canceled: boolean }>;
}

async function round(seed: number): Promise<void> {
  const random = seededRandom(seed);
  const below = (n: number) => Math.floor(random() * n);
  const pair = scheduledPair();
  const server = new Connection(pair.ends[0], { bootstrap: () => gen.Echo.serve(new ServerEcho() as never) });
  const client = new Connection(pair.ends[1]);
  const flush = () => pair.flush();
  const echo: any = client.bootstrap(gen.EchoClient);
  const counters = [0, 1].map(() => {
    let n = 0;
    return gen.Counter.serve({ next: () => ({ n: n++ }) });
  });
  const paths: Path[] = counters.map((cap, k) => ({ name: `C${k}`, cap, calls: [] }));
  const held: Array<RpcPromise<unknown>> = [];
  const promiseServers: any[] = [];
  const unkept: Array<() => void> = [];
  const keepAll = () => {
    for (const open of unkept.splice(0)) open();
  };
  const log: string[] = [];
  try {
    for (let step = 0; step < 60; step++) {
      const r = random();
      if (r < 0.4) {
        const path = paths[below(paths.length)]!;
        const promise = path.cap.next();
        promise.catch(() => undefined);
        path.calls.push({ promise, canceled: false });
        log.push(`call ${path.name}`);
      } else if (r < 0.5) {
        const given = paths[below(paths.length)]!;
        const echoed = echo.echoCap({ cap: given.cap });
        held.push(echoed);
        paths.push({ name: `echo(${given.name})`, cap: echoed.cap, calls: [] });
        log.push(`echo ${given.name}`);
      } else if (r < 0.55) {
        const made = echo.makeCounter();
        held.push(made);
        paths.push({ name: `S${held.length}`, cap: made.counter, calls: [] });
        log.push('makeCounter');
      } else if (r < 0.62) {
        const target = paths[below(paths.length)]!;
        const impl = new GateEcho();
        const local = gen.Echo.serve(impl as never);
        promiseServers.push(local);
        unkept.push(impl.open);
        const promised = local.echoCapLater({ cap: target.cap });
        held.push(promised);
        paths.push({ name: `P(${target.name})`, cap: promised.cap, calls: [] });
        log.push(`promise of ${target.name}`);
      } else if (r < 0.67) {
        if (unkept.length > 0) unkept.splice(below(unkept.length), 1)[0]!();
        log.push('keep');
      } else if (r < 0.71) {
        // The server's own promise: its answer waits until a later openGate().
        const given = paths[below(paths.length)]!;
        const later = echo.echoCapLater({ cap: given.cap });
        held.push(later);
        paths.push({ name: `later(${given.name})`, cap: later.cap, calls: [] });
        log.push(`later ${given.name}`);
      } else if (r < 0.74) {
        held.push(echo.openGate());
        log.push('openGate');
      } else if (r < 0.92) {
        const side = below(2) as 0 | 1;
        const n = pair.deliver(side, 1 + below(4));
        log.push(`deliver ${n} to ${side === 0 ? 'server' : 'client'}`);
        if (random() < 0.5) await turn();
      } else if (r < 0.97) {
        await turn();
        log.push('turn');
      } else {
        const live = paths.flatMap((path) => path.calls.filter((c) => !c.canceled));
        if (live.length > 0) {
          const call = live[below(live.length)]!;
          call.promise.cancel();
          call.canceled = true;
        }
        log.push('cancel');
      }
    }
    keepAll();
    held.push(echo.openGate());
    await flush();
    for (const path of paths) {
      const seen: number[] = [];
      for (const call of path.calls) if (!call.canceled) seen.push((await call.promise).n);
      for (let i = 1; i < seen.length; i++) {
        expect(seen[i]! > seen[i - 1]!, `seed ${seed}: calls through ${path.name} were counted ${seen.join(', ')}\n${log.join('; ')}`).toBe(true);
      }
    }
  } finally {
    keepAll();
    for (const path of paths) for (const call of path.calls) call.promise.dispose();
    for (const promise of held) promise.dispose();
    for (const local of promiseServers) local.close();
    for (const counter of counters) counter.close();
    echo.close();
    await flush();
  }
  expect(client.stats(), `seed ${seed}: the client's tables\n${log.join('; ')}`).toEqual(EMPTY);
  expect(server.stats(), `seed ${seed}: the server's tables\n${log.join('; ')}`).toEqual(EMPTY);
}

/**
 * The server: echoCap hands back what it is given; echoCapLater too, once openGate() has been
 * called after it; makeCounter makes a counter of its own.
 */
class ServerEcho {
  private gates: Array<() => void> = [];
  echoCap(p: { cap: any }) {
    return { cap: p.cap };
  }
  async echoCapLater(p: { cap: any }) {
    // The params, and the capability in them, are the call's until it returns.
    await new Promise<void>((resolve) => this.gates.push(resolve));
    return { cap: p.cap };
  }
  openGate() {
    for (const open of this.gates.splice(0)) open();
  }
  makeCounter() {
    let n = 0;
    return { counter: gen.Counter.serve({ next: () => ({ n: n++ }) }) };
  }
}

/** A local echo held until `open()`: its pipelined result is a promise of the client's own. */
class GateEcho {
  open: () => void = () => undefined;
  private readonly gate = new Promise<void>((resolve) => { this.open = resolve; });
  async echoCapLater(p: { cap: any }) {
    await this.gate;
    return { cap: p.cap };
  }
}

it('keeps the order of the sequences that found bugs', async () => {
  // With the steps above (a change to them changes what each seed makes): calls through a
  // reference the server handed back, which was an exported promise of the client's, overtook
  // those that had gone through the server before it resolved (exported-ref.ts). Each of these
  // failed every time before that fix.
  for (const seed of [7673, 18391, 777075853]) await round(seed);
});

it('keeps every reference\'s calls in order, whatever order messages cross in, and empties the tables', async () => {
  const first = Number(process.env.CAPSTAN_E_ORDER_TEST_SEED ?? Math.floor(Math.random() * 1e9));
  const count = process.env.CAPSTAN_E_ORDER_TEST_SEED !== undefined ? 1 : runs(1000);
  for (let k = 0; k < count; k++) await round(first + k);
}, 600_000);
