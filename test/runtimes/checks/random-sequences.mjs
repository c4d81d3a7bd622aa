// Random RPC call sequences between two connections joined by a scheduled pair
// (scheduled-pair.mjs: what each side sends waits until a step delivers some of it), as
// test/rpc/e-order.test.ts and test/rpc/lifetimes.test.ts make them in Node: references made
// both ways (echoed, promises of the client's own held at a gate, the server's answers held
// until openGate), calls through them, results dropped, calls canceled and the client's promises
// broken at random. Through each reference, the calls that succeed must have been counted in the
// order they were made (the embargoes at work), a call may fail only if it or a call its reference
// came from was canceled, or came from a promise that broke,
// and at the end both connections' tables must be empty and every object served released.
// Runtime-neutral, and schema-neutral: the command-line runtimes' check (rpc-order.mjs) and the
// browser and Worker checks (scripts/runtimes/web-checks.mjs) each pass their generated module.
import { Connection } from 'capstan/rpc';
import { deepEqual, equal, ok } from '../assert.mjs';
import { scheduledPair, seededRandom, turn } from './scheduled-pair.mjs';

const STEPS = 60;
const EMPTY_TABLES = { questions: 0, awaitingReturn: 0, answers: 0, exports: 0, imports: 0, embargoes: 0, heldBytes: 0 };
const disposeKey = Symbol.dispose ?? Symbol.for('Symbol.dispose');

/** Whether calls through `path` may fail: the call it, or a reference it came from, came out of was canceled or broke. */
function canceledUpstream(path) {
  for (; path !== null; path = path.from) if (path.origin?.canceled || path.origin?.broke) return true;
  return false;
}

/**
 * The server side of a Relay: echoCap hands back what it is given, later does too once
 * openGate() has been called after it (or its call is canceled).
 */
export function relayMethods() {
  const gates = [];
  return {
    echoCap: (params) => ({ cap: params.cap }),
    async later(params, context) {
      // A canceled call stops waiting (its params go back then).
      await new Promise((resolve) => {
        gates.push(resolve);
        context.signal.addEventListener('abort', () => resolve(), { once: true });
      });
      return { cap: params.cap };
    },
    openGate: () => {
      for (const open of gates.splice(0)) open();
    },
  };
}

/**
 * Runs `count` sequences from a random first seed (a failure names its seed). `schema`: the
 * generated `Relay` (an interface with echoCap, later and openGate over `Tally`) and `RelayClient`,
 * `Tally` (next() -> (value)), and `serveRelay()`, which serves a Relay for the server side.
 */
export async function randomCallSequences(schema, count) {
  const first = Math.floor(Math.random() * 1e9);
  for (let k = 0; k < count; k++) {
    try {
      await sequence(schema, first + k);
    } catch (error) {
      throw new Error(`seed ${first + k}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

async function sequence({ Relay, RelayClient, Tally, serveRelay }, seed) {
  const random = seededRandom(seed);
  const below = (n) => Math.floor(random() * n);
  const pick = (items) => items[below(items.length)];
  const pair = scheduledPair();
  const server = new Connection(pair.ends[0], { bootstrap: () => serveRelay() });
  const client = new Connection(pair.ends[1]);
  const echo = client.bootstrap(RelayClient);
  let live = 0;
  const counter = () => {
    let value = 0;
    live++;
    return Tally.serve({ next: () => ({ value: value++ }), [disposeKey]: () => { live--; } });
  };
  const paths = [0, 1].map((k) => ({ name: `C${k}`, cap: counter(), calls: [], origin: null, from: null }));
  const results = [];
  const gates = [];
  const log = [];
  const fromResult = (name, promise, cap, from) => {
    const origin = { promise, settled: false, dropped: false, canceled: false };
    promise.then(() => { origin.settled = true; }, () => { origin.settled = true; });
    results.push(origin);
    paths.push({ name, cap: cap.dup(), calls: [], origin, from });
    return origin;
  };
  for (let step = 0; step < STEPS; step++) {
    const r = random();
    if (r < 0.35) {
      const path = pick(paths);
      const promise = path.cap.next();
      promise.catch(() => undefined);
      path.calls.push({ promise, canceled: false });
      log.push(`call ${path.name}`);
    } else if (r < 0.45) {
      const given = pick(paths);
      const result = echo.echoCap({ cap: given.cap });
      fromResult(`echo(${given.name})`, result, result.cap, given);
      log.push(`echo ${given.name}`);
    } else if (r < 0.52) {
      // A promise of the client's own: a local call held at a gate, pipelined on.
      const target = pick(paths);
      let open = () => undefined;
      let fail = () => undefined;
      const gate = new Promise((resolve, reject) => {
        open = resolve;
        fail = () => reject(new Error('the client broke its promise'));
      });
      gate.catch(() => undefined); // `later` takes the failure
      live++;
      const local = Relay.serve({
        async later(params) {
          await gate;
          return { cap: params.cap };
        },
        [disposeKey]: () => { live--; },
      });
      const result = local.later({ cap: target.cap });
      const origin = fromResult(`P(${target.name})`, result, result.cap, target);
      gates.push({ open, fail, local, origin, kept: false });
      log.push(`promise of ${target.name}`);
    } else if (r < 0.56) {
      if (gates.length === 0) continue;
      const gate = pick(gates);
      // One in four breaks instead (if not kept already): the server, which may hold or have
      // echoed it, gets a Resolve with an exception.
      if (random() < 0.25 && !gate.kept) {
        gate.origin.broke = true;
        gate.fail();
        log.push('break');
      } else {
        gate.open();
        log.push('keep');
      }
      gate.kept = true;
    } else if (r < 0.62) {
      const given = pick(paths);
      const result = echo.later({ cap: given.cap });
      fromResult(`later(${given.name})`, result, result.cap, given);
      log.push(`later ${given.name}`);
    } else if (r < 0.66) {
      const opened = echo.openGate();
      results.push({ promise: opened, settled: false, dropped: false, canceled: false });
      log.push('openGate');
    } else if (r < 0.7) {
      const undropped = results.filter((result) => !result.dropped);
      if (undropped.length === 0) continue;
      const result = pick(undropped);
      result.dropped = true;
      result.canceled = !result.settled;
      result.promise.dispose();
      log.push(result.canceled ? 'drop unsettled' : 'drop');
    } else if (r < 0.73) {
      const running = paths.flatMap((path) => path.calls.filter((call) => !call.canceled));
      if (running.length === 0) continue;
      const call = pick(running);
      call.canceled = true;
      call.promise.cancel();
      log.push('cancel');
    } else if (r < 0.95) {
      const side = below(2);
      const n = pair.deliver(side, 1 + below(4));
      log.push(`deliver ${n} to ${side === 0 ? 'server' : 'client'}`);
      if (random() < 0.5) await turn();
    } else {
      await turn();
      log.push('turn');
    }
  }
  for (const gate of gates) gate.open();
  results.push({ promise: echo.openGate(), settled: false, dropped: false, canceled: false });
  await pair.flush();
  const context = log.join('; ');
  for (const path of paths) {
    const seen = [];
    for (const call of path.calls) {
      let settled = false;
      const outcome = call.promise.then((v) => v.value, (error) => error);
      outcome.then(() => { settled = true; });
      await turn();
      ok(settled, `a call through ${path.name} is still pending (${context})`);
      const value = await outcome;
      if (typeof value === 'number') seen.push(value);
      else ok(call.canceled || canceledUpstream(path), `a call through ${path.name} failed: ${value?.message} (${context})`);
    }
    for (let i = 1; i < seen.length; i++) ok(seen[i] > seen[i - 1], `calls through ${path.name} were counted ${seen.join(', ')} (${context})`);
  }
  for (const path of paths) {
    for (const call of path.calls) call.promise.dispose();
    path.cap.close();
  }
  for (const result of results) result.promise.dispose();
  for (const gate of gates) gate.local.close();
  echo.close();
  await pair.flush();
  deepEqual(client.stats(), EMPTY_TABLES, `the client's tables (${context})`);
  deepEqual(server.stats(), EMPTY_TABLES, `the server's tables (${context})`);
  equal(live, 0, `objects the client served that were not released (${context})`);
  await client.close();
  await server.close();
}

