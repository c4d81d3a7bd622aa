// The RPC fuzzer, shared by the bounded fuzz test (test/rpc/fuzz.test.ts, on the sources) and
// the long-running script (scripts/fuzz-rpc.mjs, on dist/). Plain JavaScript with the modules
// passed in (wire, rpc, the rpc.capnp bindings and the generated test fixture), like
// fuzz-core.mjs, so both can use it without a build step or a TypeScript loader.
//
// A session of real traffic is recorded once: what a client sends a server while it bootstraps,
// calls, pipelines, passes capabilities both ways, cancels, streams, resolves promises and
// disembargoes. Each case mutates that list of frames (bytes, fields, whole frames, made-up
// messages) and feeds it raw into a fresh server connection, beside a healthy connection to the
// same server objects. Whatever the frames say, the server must: never throw out of the engine
// (no unhandled rejection, no uncaught exception), end the connection with an Abort carrying a
// coded CapnpError when it ends it, finish in bounded time, keep serving the healthy
// connection, and once both connections are closed, hold nothing: empty tables, every server
// object it made released exactly once.

import { createRng, FuzzFailure, mutate as mutateBytes } from './fuzz-core.mjs';

export { createRng, FuzzFailure };

const immediate = () => new Promise((resolve) => setImmediate(resolve));

/** Lets queued messages, microtasks and the server methods they start run to a standstill. */
async function drain(turns = 3) {
  for (let i = 0; i < turns; i++) await immediate();
}

function withTimeout(promise, millis, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new FuzzFailure(`${what} did not finish within ${millis} ms`)), millis);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function check(condition, message) {
  if (!condition) throw new FuzzFailure(message);
}

const EMPTY = { questions: 0, awaitingReturn: 0, answers: 0, exports: 0, imports: 0, embargoes: 0, heldBytes: 0 };

function isEmpty(stats) {
  return Object.keys(EMPTY).every((key) => stats[key] === 0);
}

// ---------------------------------------------------------------------------------------------
// The server side: one Echo bootstrap shared by every connection, counting the objects it makes

/**
 * The server's objects: an Echo (the bootstrap of every connection, one instance) and the
 * Counters it makes. `live` counts those not yet disposed and the Echo's calls still running;
 * a second dispose is a `fault`.
 */
export function createHost(m) {
  const { fixture: g, rpc } = m;
  const live = { echo: 0, counters: 0, running: 0 };
  const faults = [];

  const counter = () => {
    live.counters++;
    let n = 0;
    let disposed = false;
    return g.Counter.serve({
      next: () => ({ n: n++ }),
      [Symbol.dispose]: () => {
        if (disposed) faults.push('a Counter was disposed twice');
        disposed = true;
        live.counters--;
      },
    });
  };

  let echoDisposed = false;
  const impl = {
    held: null,
    bytes: 0n,
    calls: 0,
    echo: (p) => ({ text: p.text }),
    echoCap: (p) => ({ cap: p.cap }),
    makeCounter(_p, context) {
      const made = counter();
      context.results.counter = made;
      made.close();
    },
    async callCounter(p) {
      if (p.counter === null) throw new Error('no counter to call');
      const pending = p.counter.next();
      try {
        return { n: (await pending).n };
      } finally {
        pending.dispose();
      }
    },
    fail(p) {
      throw new Error(p.message);
    },
    wait(_p, context) {
      const signal = context.signal;
      return new Promise((resolve) => {
        if (signal.aborted) resolve();
        else signal.addEventListener('abort', () => resolve(), { once: true });
      });
    },
    tail(p, context) {
      if (p.target === null) throw new Error('no tail-call target');
      context.tailCall(rpc.prepareCall(p.target, g.Echo.$info, g.Echo.$info.methods[0], { text: p.text }));
    },
    hold(p) {
      impl.release();
      impl.held = p.cap === null ? null : p.cap.dup();
    },
    release() {
      impl.held?.close();
      impl.held = null;
    },
    boxed(_p, context) {
      const made = counter();
      context.results.box = { counter: made, label: 'box' };
      made.close();
    },
    write(p) {
      impl.bytes += BigInt(p.data.length);
      impl.calls++;
    },
    written: () => ({ bytes: impl.bytes, calls: impl.calls }),
    [Symbol.dispose]() {
      if (echoDisposed) faults.push('the Echo was disposed twice');
      echoDisposed = true;
      live.echo--;
    },
  };
  // Every server method counts as running from its start until it settles: once both
  // connections are closed, none may still be running (a call the engine forgot would hang).
  const served = {};
  for (const [name, method] of Object.entries(impl)) {
    if (typeof method !== 'function') continue;
    served[name] = async (...args) => {
      live.running++;
      try {
        return await method.apply(impl, args);
      } finally {
        live.running--;
      }
    };
  }
  served[Symbol.dispose] = impl[Symbol.dispose];
  live.echo++;
  const bootstrap = g.Echo.serve(served);
  return { bootstrap, impl, live, faults };
}

// ---------------------------------------------------------------------------------------------
// The client side: the objects it serves, and what it does in a session

/**
 * The client's own objects (capabilities it passes to the server), made through `counter` and
 * `echo`: `live.objects` counts those not yet disposed, `live.running` their method calls still
 * running; a second dispose is a `fault`. Methods that return a value at once stay synchronous.
 */
function createLocalObjects(m) {
  const { fixture: g } = m;
  const live = { objects: 0, running: 0 };
  const faults = [];
  const track = (Iface, impl) => {
    live.objects++;
    let disposed = false;
    const served = {};
    for (const [name, method] of Object.entries(impl)) {
      served[name] = (...args) => {
        live.running++;
        let result;
        try {
          result = method(...args);
        } catch (error) {
          live.running--;
          throw error;
        }
        if (result === null || typeof result !== 'object' || typeof result.then !== 'function') {
          live.running--;
          return result;
        }
        return result.finally(() => { live.running--; });
      };
    }
    served[Symbol.dispose] = () => {
      if (disposed) faults.push(`a client ${Iface === g.Echo ? 'Echo' : 'Counter'} was disposed twice`);
      disposed = true;
      live.objects--;
    };
    return Iface.serve(served);
  };
  return { live, faults, counter: (impl) => track(g.Counter, impl), echo: (impl) => track(g.Echo, impl) };
}

/**
 * What the client does in the recorded session: bootstraps, calls, pipelines, passes
 * capabilities both ways, cancels, streams, resolves promises and disembargoes. `strict`: a
 * step that fails (other than the calls meant to fail) throws, as it must not when recording;
 * otherwise every step's failure is swallowed (a hostile server answers anything), and what
 * the script made is closed at the end whatever happened.
 */
async function clientScript(m, client, local, strict) {
  const { fixture: g } = m;
  const handles = [];
  const keep = (handle) => {
    if (handle != null) handles.push(handle);
    return handle;
  };
  /** Awaits a call that may fail, then disposes it. */
  const settled = async (promise) => {
    try {
      await promise;
    } catch {
      // Failures are part of the session (fail, unimplemented, cancel).
    }
    promise.dispose();
  };
  /** Runs a step whose failure is the server's doing: fatal when recording, else swallowed. */
  const step = async (run) => {
    try {
      await run();
    } catch (error) {
      if (strict) throw error;
    }
  };
  try {
    const echo = keep(client.bootstrap(g.EchoClient));
    // Plain calls, one with noPromisePipelining.
    await settled(echo.echo({ text: 'hello' }));
    await settled(echo.echo({ text: 'quiet' }, { noPromisePipelining: true }));
    // Pipelined calls on a capability in results (PromisedAnswer targets), one and two steps deep.
    const made = echo.makeCounter();
    const pipelined = [made.counter.next(), made.counter.next()];
    for (const call of pipelined) await settled(call);
    let serverCounter = null;
    await step(async () => { serverCounter = keep((await made).counter.dup()); });
    made.dispose();
    const boxed = echo.boxed();
    await settled(boxed.box.counter.next());
    await settled(boxed);
    // A capability of ours in params, which the server calls back (our Returns travel too).
    let mineCalls = 0;
    const mine = keep(local.counter({ next: () => ({ n: 100 + mineCalls++ }) }));
    await settled(echo.callCounter({ counter: mine }));
    // A capability of the server's passed back to it (receiverHosted).
    await settled(echo.callCounter({ counter: serverCounter }));
    // Our capability comes back in results while calls are pipelined on it: Disembargo.
    const echoed = echo.echoCap({ cap: mine });
    const looped = [echoed.cap.next(), echoed.cap.next()];
    await settled(echo.echo({ text: 'sync' }));
    looped.push(echoed.cap.next());
    await step(() => echoed);
    looped.push(echoed.cap.next(), echoed.cap.next());
    for (const call of looped) await settled(call);
    echoed.dispose();
    // A capability the server has not made yet (pipelined on its unanswered makeCounter) passed
    // back to it: the server's results hold its own promise (senderPromise), and its Resolve
    // follows when the counter is made.
    const unmade = echo.makeCounter();
    const passed = echo.echoCap({ cap: unmade.counter });
    await settled(passed.cap.next());
    await settled(passed);
    await settled(unmade);
    // A tail call to a capability we host.
    const myEcho = keep(local.echo({ echo: (p) => ({ text: `mine:${p.text}` }) }));
    await settled(echo.tail({ target: myEcho, text: 'x' }));
    // Cancellation (Finish before Return), an exception, a method of an interface it lacks.
    const controller = new AbortController();
    const waiting = echo.wait({}, { signal: controller.signal });
    await drain();
    controller.abort();
    await settled(waiting);
    await settled(echo.fail({ message: 'boom' }));
    const sub = echo.castAs(g.SubClient);
    await settled(sub.extra());
    sub.close();
    // The server keeps a capability of ours, then drops it (its Release).
    await settled(echo.hold({ cap: mine }));
    await settled(echo.release());
    // A promise we export (senderPromise), called by the server, then resolved to a capability
    // the server hosts: our Resolve names it receiverHosted, the server disembargoes it
    // (senderLoopback) and we echo the Disembargo back (receiverLoopback).
    let open;
    const gate = new Promise((resolve) => { open = resolve; });
    const promiser = keep(local.echo({
      async makeCounter(_p, context) {
        context.results.counter = await gate;
      },
    }));
    const promised = promiser.makeCounter();
    const viaPromise = echo.callCounter({ counter: promised.counter });
    await drain();
    open(serverCounter);
    await settled(viaPromise);
    await settled(promised);
    // A promise we export that breaks: Resolve with an exception.
    const breaker = keep(local.echo({
      async makeCounter() {
        await drain(1);
        throw new Error('no counter today');
      },
    }));
    const broken = breaker.makeCounter();
    await settled(echo.hold({ cap: broken.counter }));
    await drain();
    await settled(echo.release());
    await settled(broken);
    // Streaming calls, then a call that waits for them.
    await step(async () => {
      for (let i = 0; i < 4; i++) await echo.write({ data: new Uint8Array(16 + i).fill(i) });
    });
    await settled(echo.written());
    // A second bootstrap.
    const again = client.bootstrap(g.EchoClient);
    await settled(again.echo({ text: 'again' }));
    again.close();
  } finally {
    // Everything dropped: Releases.
    for (const handle of handles.reverse()) handle.close();
    await drain(5);
  }
}

// ---------------------------------------------------------------------------------------------
// Recording a session

/**
 * Runs the client script against a server connection in this process and returns what each
 * side sent, in order (copies): `toServer`, the client's frames, and `toClient`, the server's,
 * with their schedules: `toServerSchedule[i]`, how many frames the server had sent when the
 * client sent `toServer[i]`, and `toClientSchedule[i]` the other way round (the `reactive` pacing
 * of a replay follows them). Checks that the session itself is clean.
 */
export async function recordSessions(m) {
  const { rpc } = m;
  const host = createHost(m);
  const local = createLocalObjects(m);
  const [serverEnd, clientEnd] = rpc.transportPair();
  const toServer = [];
  const toClient = [];
  const toServerSchedule = [];
  const toClientSchedule = [];
  const tap = (end, send) => ({
    send(message) {
      send(message.slice());
      end.send(message);
    },
    start: (onMessage, onClose) => end.start(onMessage, onClose),
    close: () => end.close(),
  });
  const server = new rpc.Connection(tap(serverEnd, (frame) => { toClient.push(frame); toClientSchedule.push(toServer.length); }), { bootstrap: host.bootstrap });
  const client = new rpc.Connection(tap(clientEnd, (frame) => { toServer.push(frame); toServerSchedule.push(toClient.length); }), {});
  await clientScript(m, client, local, true);
  check(isEmpty(client.stats()), `the recorded session left the client's tables ${JSON.stringify(client.stats())}`);
  check(isEmpty(server.stats()), `the recorded session left the server's tables ${JSON.stringify(server.stats())}`);
  await client.close('session recorded');
  await drain();
  check(host.live.counters === 0, `the recorded session leaked ${host.live.counters} server Counters`);
  check(local.live.objects === 0 && local.faults.length === 0, `the recorded session's client objects misbehaved: ${local.live.objects} alive; ${local.faults.join('; ')}`);
  host.bootstrap.close();
  check(host.live.echo === 0 && host.faults.length === 0, `the recorded session's server objects misbehaved: ${host.faults.join('; ')}`);
  for (const [side, frames, kinds] of [
    ['client', toServer, ['bootstrap', 'call', 'return', 'finish', 'resolve', 'release', 'disembargo']],
    ['server', toClient, ['return', 'call', 'finish', 'release', 'resolve', 'disembargo']],
  ]) {
    const seen = new Set(frames.map((frame) => kindOf(m, frame)));
    for (const kind of kinds) check(seen.has(kind), `the recorded session's ${side} sent no ${kind} message`);
  }
  return { toServer, toClient, toServerSchedule, toClientSchedule };
}

/** The kind of RPC message a frame holds (`call`, `return`, ...), or `?` if it does not read. */
export function kindOf(m, frame) {
  try {
    return m.schema.Message.readRoot(m.wire.readMessage(frame)).which() ?? '?';
  } catch {
    return '?';
  }
}

// ---------------------------------------------------------------------------------------------
// Mutations

/** An id that is likely to name something (ids are small and reused), or not. */
function randomId(rng) {
  if (rng.chance(0.7)) return rng.below(8);
  switch (rng.below(4)) {
    case 0: return 0xffffffff;
    case 1: return 0x80000000 + rng.below(2);
    case 2: return 8 + rng.below(1000);
    default: return rng() >>> 0;
  }
}

function randomCount(rng) {
  if (rng.chance(0.6)) return rng.below(4);
  return rng.chance(0.5) ? 0xffffffff : rng() >>> 0;
}

/**
 * Where the fields of an RPC message are, found through the generated readers: ids, counts,
 * union tags, interface and method ids, flags, transform ops and cap descriptors, each as
 * { view, at, bits, kind }.
 */
function fieldSlots(m, bytes) {
  const slots = [];
  const add = (r, offset, bits, kind) => {
    if (r.$dataSize * 8 >= offset * 8 + bits) slots.push({ view: r.$view, at: r.$data + offset, bits, kind });
  };
  const message = m.schema.Message.readRoot(m.wire.readMessage(bytes, { traversalLimitInWords: 1 << 16 }));
  const promised = (p) => {
    add(p, 0, 32, 'id');
    if (p.hasTransform()) for (const op of p.transform) {
      add(op, 0, 16, 'tag');
      add(op, 2, 16, 'index');
    }
  };
  const target = (t) => {
    add(t, 0, 32, 'id');
    add(t, 4, 16, 'tag');
    if (t.which() === 'promisedAnswer') promised(t.promisedAnswer);
  };
  const descriptor = (d) => {
    add(d, 0, 16, 'tag');
    add(d, 4, 32, 'id');
    if (d.which() === 'receiverAnswer') promised(d.receiverAnswer);
  };
  const payload = (p) => {
    if (p.hasCapTable()) for (const d of p.capTable) descriptor(d);
  };
  add(message, 0, 16, 'kind');
  switch (message.which()) {
    case 'call': {
      const call = message.call;
      add(call, 0, 32, 'id');
      add(call, 4, 16, 'method');
      add(call, 6, 16, 'tag');
      add(call, 8, 64, 'interface');
      add(call, 16, 8, 'flags');
      target(call.target);
      payload(call.params);
      break;
    }
    case 'return': {
      const ret = message.return;
      add(ret, 0, 32, 'id');
      add(ret, 4, 8, 'flags');
      add(ret, 6, 16, 'tag');
      add(ret, 8, 32, 'id');
      if (ret.which() === 'results') payload(ret.results);
      break;
    }
    case 'finish':
      add(message.finish, 0, 32, 'id');
      add(message.finish, 4, 8, 'flags');
      break;
    case 'resolve':
      add(message.resolve, 0, 32, 'id');
      add(message.resolve, 4, 16, 'tag');
      if (message.resolve.which() === 'cap') descriptor(message.resolve.cap);
      break;
    case 'release':
      add(message.release, 0, 32, 'id');
      add(message.release, 4, 32, 'count');
      break;
    case 'disembargo':
      target(message.disembargo.target);
      add(message.disembargo.context, 0, 32, 'id');
      add(message.disembargo.context, 4, 16, 'tag');
      break;
    case 'bootstrap':
      add(message.bootstrap, 0, 32, 'id');
      break;
    default:
      break;
  }
  return slots;
}

const OTHER_INTERFACES = (m) => [m.fixture.Echo.$info.typeId, m.fixture.Counter.$info.typeId, m.fixture.Sub.$info.typeId, 0n, 0xffffffffffffffffn];

/** Sets one field of the message in `frame` (a copy) to a value chosen for its kind. */
function mutateField(rng, m, frame) {
  const bytes = frame.slice();
  let slots;
  try {
    slots = fieldSlots(m, bytes);
  } catch {
    return null;
  }
  if (slots.length === 0) return null;
  const slot = slots[rng.below(slots.length)];
  switch (slot.kind) {
    case 'kind': // a different message kind around the same body
      slot.view.setUint16(slot.at, rng.chance(0.8) ? rng.below(16) : rng() & 0xffff, true);
      break;
    case 'tag':
      slot.view.setUint16(slot.at, rng.chance(0.8) ? rng.below(8) : rng() & 0xffff, true);
      break;
    case 'index':
    case 'method':
      slot.view.setUint16(slot.at, rng.chance(0.8) ? rng.below(16) : 0xffff, true);
      break;
    case 'interface': {
      const ids = OTHER_INTERFACES(m);
      slot.view.setBigUint64(slot.at, rng.chance(0.8) ? ids[rng.below(ids.length)] : (BigInt(rng()) << 32n) | BigInt(rng()), true);
      break;
    }
    case 'flags':
      slot.view.setUint8(slot.at, slot.view.getUint8(slot.at) ^ (1 << rng.below(8)));
      break;
    case 'count':
      slot.view.setUint32(slot.at, randomCount(rng), true);
      break;
    default: // 'id'
      slot.view.setUint32(slot.at, rng.chance(0.3) ? slot.view.getUint32(slot.at, true) + rng.below(3) - 1 : randomId(rng), true);
  }
  return { bytes, what: `field:${slot.kind}` };
}

function randomDescriptor(rng, d) {
  switch (rng.below(7)) {
    case 0: d.none = null; break;
    case 1: d.senderHosted = randomId(rng); break;
    case 2: d.senderPromise = randomId(rng); break;
    case 3: d.receiverHosted = randomId(rng); break;
    case 4: {
      const p = d.initReceiverAnswer();
      p.questionId = randomId(rng);
      if (rng.chance(0.5)) randomTransform(rng, p);
      break;
    }
    case 5: d.initThirdPartyHosted().vineId = randomId(rng); break;
    default: d.senderHosted = rng.below(3);
  }
}

function randomTransform(rng, p) {
  const ops = p.initTransform(1 + rng.below(3));
  for (let i = 0; i < ops.length; i++) {
    if (rng.chance(0.8)) ops.get(i).getPointerField = rng.chance(0.8) ? rng.below(3) : 0xffff;
    else ops.get(i).noop = null;
  }
}

function randomTarget(rng, t) {
  if (rng.chance(0.5)) {
    t.importedCap = randomId(rng);
  } else {
    const p = t.initPromisedAnswer();
    p.questionId = randomId(rng);
    if (rng.chance(0.5)) randomTransform(rng, p);
  }
}

function randomPayload(rng, m, payload, builder) {
  if (rng.chance(0.7)) {
    const content = payload.initContent().initStruct(1 + rng.below(2), 1 + rng.below(2));
    content.setUint32(0, rng());
    if (rng.chance(0.6)) content.setCapability(0, 'cap');
    else if (rng.chance(0.5)) content.setText(0, 'made up');
  }
  if (rng.chance(0.7)) {
    const n = rng.chance(0.9) ? 1 + rng.below(3) : 64 + rng.below(64);
    const table = payload.initCapTable(n);
    for (let i = 0; i < n; i++) randomDescriptor(rng, table.get(i));
  }
  builder.capTable.length = 0;
}

/** A made-up message: well formed, but likely out of protocol (ids that name nothing, ...). */
function synthesize(rng, m) {
  const builder = new m.wire.MessageBuilder();
  const message = m.schema.Message.initRoot(builder);
  const kinds = ['release', 'finish', 'return', 'resolve', 'disembargo', 'call', 'bootstrap', 'abort', 'unimplemented', 'provide', 'join'];
  const kind = kinds[rng.below(kinds.length)];
  switch (kind) {
    case 'release': {
      const r = message.initRelease();
      r.id = randomId(rng);
      r.referenceCount = randomCount(rng);
      break;
    }
    case 'finish': {
      const f = message.initFinish();
      f.questionId = randomId(rng);
      f.releaseResultCaps = rng.chance(0.5);
      break;
    }
    case 'return': {
      const r = message.initReturn();
      r.answerId = randomId(rng);
      r.releaseParamCaps = rng.chance(0.5);
      switch (rng.below(5)) {
        case 0: randomPayload(rng, m, r.initResults(), builder); break;
        case 1: r.initException().reason = 'made up'; break;
        case 2: r.canceled = null; break;
        case 3: r.resultsSentElsewhere = null; break;
        default: r.takeFromOtherQuestion = randomId(rng);
      }
      break;
    }
    case 'resolve': {
      const r = message.initResolve();
      r.promiseId = randomId(rng);
      if (rng.chance(0.7)) randomDescriptor(rng, r.initCap());
      else r.initException().reason = 'made up';
      break;
    }
    case 'disembargo': {
      const d = message.initDisembargo();
      randomTarget(rng, d.initTarget());
      if (rng.chance(0.45)) d.context.senderLoopback = randomId(rng);
      else if (rng.chance(0.8)) d.context.receiverLoopback = randomId(rng);
      else d.context.accept = new Uint8Array([1, 2, 3]);
      break;
    }
    case 'call': {
      const c = message.initCall();
      c.questionId = randomId(rng);
      const ids = OTHER_INTERFACES(m);
      c.interfaceId = ids[rng.below(ids.length)];
      c.methodId = rng.below(14);
      randomTarget(rng, c.initTarget());
      randomPayload(rng, m, c.initParams(), builder);
      if (rng.chance(0.2)) c.sendResultsTo.yourself = null;
      else if (rng.chance(0.1)) c.sendResultsTo.initThirdParty();
      break;
    }
    case 'bootstrap':
      message.initBootstrap().questionId = randomId(rng);
      break;
    case 'abort': {
      const e = message.initAbort();
      e.reason = 'made-up abort';
      e.type = rng.below(5);
      break;
    }
    case 'unimplemented': {
      const inner = message.initUnimplemented();
      switch (rng.below(4)) {
        case 0: {
          const c = inner.initCall();
          c.questionId = randomId(rng);
          randomTarget(rng, c.initTarget());
          break;
        }
        case 1: inner.initBootstrap().questionId = randomId(rng); break;
        case 2: {
          const r = inner.initResolve();
          r.promiseId = randomId(rng);
          randomDescriptor(rng, r.initCap());
          break;
        }
        default: inner.initFinish().questionId = randomId(rng);
      }
      break;
    }
    case 'provide':
      message.initProvide().questionId = randomId(rng);
      break;
    default:
      message.initJoin().questionId = randomId(rng);
  }
  builder.capTable.length = 0;
  return { bytes: builder.toBytes(), what: `new:${kind}` };
}

/** Frame header damage: a huge or wrapping segment count, or a huge segment size. */
function mutateFraming(rng, frame) {
  const bytes = frame.length >= 8 ? frame.slice() : new Uint8Array(8);
  const view = new DataView(bytes.buffer);
  switch (rng.below(4)) {
    case 0: view.setUint32(0, [0xffffffff, 0x7fffffff, 511, 512, 600][rng.below(5)], true); break;
    case 1: view.setUint32(4, [0xffffffff, 0x1fffffff, 0x10000000, view.getUint32(4, true) + 1][rng.below(4)], true); break;
    case 2: view.setUint32(4, 0, true); break;
    default: view.setUint32(0, view.getUint32(0, true) + 1, true);
  }
  return { bytes, what: 'framing' };
}

const MAX_FRAMES = 400;

/**
 * A mutated copy of a session (a list of frames): bytes, fields, framing of one frame; frames
 * dropped, duplicated, swapped, moved, cut off; made-up messages inserted. Returns the frames
 * and the names of the mutations applied.
 */
export function mutateSession(rng, m, frames) {
  let out = frames.slice();
  const applied = [];
  const rounds = 1 + rng.below(3);
  for (let r = 0; r < rounds; r++) {
    const at = rng.below(Math.max(out.length, 1));
    switch (rng.below(12)) {
      case 0:
      case 1: // bytes of one frame
        if (out.length === 0) break;
        out[at] = mutateBytes(rng, out[at]);
        applied.push('bytes');
        break;
      case 2:
      case 3:
      case 4: { // one field of one frame
        if (out.length === 0) break;
        const changed = mutateField(rng, m, out[at]);
        if (changed === null) {
          out[at] = mutateBytes(rng, out[at]);
          applied.push('bytes');
        } else {
          out[at] = changed.bytes;
          applied.push(changed.what);
        }
        break;
      }
      case 5: { // a made-up message
        const made = synthesize(rng, m);
        out.splice(rng.below(out.length + 1), 0, made.bytes);
        applied.push(made.what);
        break;
      }
      case 6: // drop frames
        out.splice(at, 1 + (rng.chance(0.8) ? 0 : rng.below(4)));
        applied.push('drop');
        break;
      case 7: // duplicate a frame, right after it or later
        if (out.length === 0 || out.length >= MAX_FRAMES) break;
        out.splice(rng.chance(0.5) ? at + 1 : rng.below(out.length + 1), 0, out[at]);
        applied.push('duplicate');
        break;
      case 8: { // swap two frames, or move one
        if (out.length < 2) break;
        const other = rng.below(out.length);
        if (rng.chance(0.5)) {
          [out[at], out[other]] = [out[other], out[at]];
          applied.push('swap');
        } else {
          const [frame] = out.splice(at, 1);
          out.splice(other, 0, frame);
          applied.push('move');
        }
        break;
      }
      case 9: // framing
        if (out.length === 0) break;
        out[at] = mutateFraming(rng, out[at]).bytes;
        applied.push('framing');
        break;
      case 10: // cut the session short (the peer then goes away mid-conversation)
        out = out.slice(0, at);
        applied.push('truncate');
        break;
      default: { // replace a frame with noise, or nothing
        if (out.length === 0) break;
        const noise = new Uint8Array(rng.below(5) * 8 + (rng.chance(0.2) ? rng.below(8) : 0));
        for (let i = 0; i < noise.length; i++) noise[i] = rng.chance(0.5) ? 0 : rng() & 0xff;
        out[at] = noise;
        applied.push('noise');
      }
    }
  }
  if (out.length > MAX_FRAMES) out.length = MAX_FRAMES;
  return { frames: out, applied };
}

// ---------------------------------------------------------------------------------------------
// Replaying

/** Options of one replay, chosen per case (and written with a failure, to replay it). */
export function randomReplayOptions(rng) {
  // How frames are fed (see `feeder`): as the recording interleaved them, or one per macrotask
  // (which lets the other side answer in between, at its own pace), or faster, where a Finish
  // or Release overtakes what it refers to.
  const pacing = rng.chance(0.4) ? 'reactive' : rng.chance(0.5) ? 'macrotask' : rng.chance(0.5) ? 'microtask' : 'burst';
  // Tight limits a quarter of the time: low enough that real traffic meets them.
  const limits = rng.chance(0.75) ? {} : {
    maxMessageBytes: 1 << (9 + rng.below(8)),
    maxCapsPerMessage: rng.below(4),
    maxAnswers: 1 + rng.below(4),
    maxExports: 1 + rng.below(4),
    nestingLimit: 5 + rng.below(6),
    maxSegments: 1 + rng.below(3),
  };
  // A fifth of the fuzzed servers send a tail call to the caller's own capability back with
  // sendResultsTo.yourself (and answer takeFromOtherQuestion), as the C++ library does.
  if (rng.chance(0.2)) limits.tailCallsToCaller = true;
  return { pacing, closeBy: rng.chance(0.5) ? 'peer' : 'server', limits };
}

const CASE_TIMEOUT_MILLIS = 10_000;

/** Idle turns after which `reactive` pacing feeds the next frame though its turn has not come. */
const CATCH_UP_TURNS = 20;

/**
 * Feeds `frames` to the fuzzed side through `send` while `isOpen()`, paced by `pacing`:
 * `reactive`, frame i as soon as the fuzzed side has sent `schedule[i]` frames (the counts of the
 * recording: `onSent` is to be called from inside the delivery of each frame it sends, so a frame
 * goes as promptly as the real peer's did), or after a few idle turns, since a hostile peer need
 * not wait; `macrotask` and `microtask`, one frame per turn of that kind whatever the other side
 * does; `burst`, all at once. `run()` feeds and resolves to the number of frames fed.
 */
function feeder(frames, schedule, pacing, send, sentCount, isOpen) {
  let fed = 0;
  const dueAt = (i) => schedule[Math.min(i, schedule.length - 1)] ?? 0;
  const feedDue = () => {
    while (fed < frames.length && isOpen() && sentCount() >= dueAt(fed)) send(frames[fed++]);
  };
  const onSent = () => {
    if (pacing === 'reactive') feedDue();
  };
  const run = async () => {
    if (pacing === 'reactive') {
      feedDue();
      while (fed < frames.length && isOpen()) {
        const progress = sentCount() + fed;
        for (let turn = 0; turn < CATCH_UP_TURNS && sentCount() + fed === progress; turn++) await immediate();
        if (sentCount() + fed === progress && isOpen()) {
          send(frames[fed++]);
          feedDue();
        }
      }
      return fed;
    }
    for (const frame of frames) {
      if (!isOpen()) break;
      send(frame);
      fed++;
      if (pacing === 'macrotask') await immediate();
      else if (pacing === 'microtask') await Promise.resolve();
    }
    return fed;
  };
  return { onSent, run };
}

/**
 * A raw peer on one end of a transport pair: it feeds `frames` to whatever connection is made on
 * `end` (set `connection` before `feed.run()`), paced as `feeder` says, and keeps every frame
 * that connection sends (`received`).
 */
function rawPeer(m, frames, schedule, pacing) {
  const [end, peerEnd] = m.rpc.transportPair();
  const peer = { end, connection: null, received: [], sawClose: false, close: () => peerEnd.close() };
  peer.feed = feeder(frames, schedule, pacing, (frame) => peerEnd.send(frame), () => peer.received.length, () => peer.connection.state === 'open');
  peerEnd.start((message) => {
    peer.received.push(message);
    peer.feed.onSent();
  }, () => { peer.sawClose = true; });
  return peer;
}

/**
 * Checks how the fuzzed connection of `peer` ended, if it did (`who`: the side, for messages):
 * with a coded CapnpError, not an internal failure, and (unless the peer aborted it) an Abort
 * with a reason as the last frame it sent. Returns the outcome's fields.
 */
function checkEnding(m, peer, who) {
  const { connection, received } = peer;
  const ending = { ended: connection.state !== 'open', peerAbort: false, code: null, reason: '' };
  if (!ending.ended) return ending;
  const error = connection.error;
  check(error instanceof m.wire.CapnpError, `the ${who} connection ended with ${error && error.name}, not a CapnpError`);
  check(typeof error.code === 'string' && Object.values(m.wire.ErrorCode).includes(error.code), `the ${who} connection ended with an error without a known code (${error.code})`);
  check(!/could not handle a message|internal:/.test(error.message), `the ${who}'s engine failed inside: ${error.message}`);
  ending.code = error.code;
  ending.reason = error.message;
  ending.peerAbort = error.message.startsWith('the peer aborted');
  if (!ending.peerAbort) {
    const last = received.at(-1);
    check(last !== undefined && kindOf(m, last) === 'abort', `the ${who} ended the connection (${error.code}: ${error.message}) without sending Abort`);
    const abort = m.schema.Message.readRoot(m.wire.readMessage(last)).abort;
    check(abort.reason.length > 0, `the ${who}'s Abort carries no reason`);
  }
  return ending;
}

/** Ends the fuzzed connection of `peer` if it is still open, from the side `closeBy` names; resolves once it has closed. */
async function closeFuzzed(m, peer, closeBy, who) {
  if (peer.connection.state === 'open') {
    if (closeBy === 'peer') peer.close();
    else void peer.connection.close('replay done');
  }
  await withTimeout(peer.connection.closed, CASE_TIMEOUT_MILLIS, `closing the fuzzed ${who} connection`);
  for (const frame of peer.received) check(kindOf(m, frame) !== '?', `the ${who} sent a frame that does not read as an RPC message`);
}

/**
 * Feeds `frames` raw into a fresh server connection on `host`'s objects, beside a healthy
 * connection to the same objects, paced as `feeder` says (`reactive` follows `schedule`, the
 * recorded `toServerSchedule`), and checks everything the fuzzer promises (see the top of this
 * file). Returns what happened; throws FuzzFailure on misbehaviour.
 */
export async function replay(m, host, frames, options = { pacing: 'macrotask', closeBy: 'peer', limits: {} }, schedule = []) {
  const { rpc, fixture: g } = m;
  const peer = rawPeer(m, frames, schedule, options.pacing);
  const server = peer.connection = new rpc.Connection(peer.end, { bootstrap: host.bootstrap, ...options.limits });

  // The healthy neighbour: a call in flight across the replay, a pipelined one, and more after.
  const [healthyServerEnd, healthyClientEnd] = rpc.transportPair();
  const healthyServer = new rpc.Connection(healthyServerEnd, { bootstrap: host.bootstrap });
  const healthyClient = new rpc.Connection(healthyClientEnd, {});
  const echo = healthyClient.bootstrap(g.EchoClient);
  const before = echo.echo({ text: 'before' });
  const made = echo.makeCounter();
  const nextBefore = made.counter.next();

  const fed = await peer.feed.run();
  await drain();

  const outcome = { fed, sent: peer.received.length, ...checkEnding(m, peer, 'server') };
  await closeFuzzed(m, peer, options.closeBy, 'server');

  // The neighbour still works, and its tables empty when it is done.
  const healthy = async () => {
    check((await before).text === 'before', 'the healthy connection got a wrong answer');
    check(typeof (await nextBefore).n === 'number', 'the healthy pipelined call got a wrong answer');
    nextBefore.dispose();
    made.dispose();
    before.dispose();
    const after = echo.echo({ text: 'after' });
    check((await after).text === 'after', 'the healthy connection got a wrong answer after the replay');
    after.dispose();
    const again = echo.makeCounter();
    const next = again.counter.next();
    check((await next).n === 0, 'a counter made after the replay did not start at 0');
    next.dispose();
    again.dispose();
    echo.close();
    await drain();
    check(isEmpty(healthyClient.stats()), `the healthy client's tables are not empty: ${JSON.stringify(healthyClient.stats())}`);
    check(isEmpty(healthyServer.stats()), `the healthy server's tables are not empty: ${JSON.stringify(healthyServer.stats())}`);
    await healthyClient.close('done');
    await healthyServer.closed;
  };
  await withTimeout(healthy(), CASE_TIMEOUT_MILLIS, 'the healthy connection');

  check(isEmpty(server.stats()), `the fuzzed connection's tables are not empty after it closed: ${JSON.stringify(server.stats())}`);
  check(peer.sawClose, 'the raw peer never saw the connection close');
  // What the server application still holds goes; then every object it made must be gone.
  host.impl.release();
  await drain();
  if (host.live.counters !== 0 || host.live.running !== 0) {
    // Calls still unwinding (a canceled call's server method) get a little longer.
    await new Promise((resolve) => setTimeout(resolve, 20));
    await drain();
  }
  check(host.live.running === 0, `${host.live.running} server calls still run after both connections closed`);
  check(host.live.counters === 0, `${host.live.counters} server Counters were not released after both connections closed`);
  // The shared Echo lives on, but only our own handle may still hold it.
  const echoRefs = host.bootstrap.$hook.refCount;
  check(echoRefs === 1, `the bootstrap Echo holds ${echoRefs - 1} references too many after both connections closed`);
  check(host.faults.length === 0, host.faults.join('; '));
  return outcome;
}

/**
 * Feeds `frames` (the server's side of a session, mutated) raw into a fresh client connection
 * running the client script, paced as `feeder` says (`reactive` follows `schedule`, the recorded
 * `toClientSchedule`). Then the server goes away, or the client closes, and the client must
 * have: ended with a coded CapnpError (and an Abort) if it ended the connection, let nothing
 * escape, finished its script, emptied its tables, and released each of its own objects exactly
 * once.
 */
export async function replayIntoClient(m, frames, schedule, options = { pacing: 'reactive', closeBy: 'peer', limits: {} }) {
  const peer = rawPeer(m, frames, schedule, options.pacing);
  const client = peer.connection = new m.rpc.Connection(peer.end, { ...options.limits });
  const local = createLocalObjects(m);
  const script = clientScript(m, client, local, false);
  const fed = await peer.feed.run();
  await drain();

  const outcome = { fed, sent: peer.received.length, ...checkEnding(m, peer, 'client'), sentFrames: peer.received };
  await closeFuzzed(m, peer, options.closeBy, 'client');
  await withTimeout(script, CASE_TIMEOUT_MILLIS, 'the client script');
  check(isEmpty(client.stats()), `the fuzzed client's tables are not empty after it closed: ${JSON.stringify(client.stats())}`);
  check(peer.sawClose, 'the raw server never saw the connection close');
  await drain();
  if (local.live.objects !== 0 || local.live.running !== 0) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    await drain();
  }
  check(local.live.running === 0, `${local.live.running} calls to the client's objects still run after the connection closed`);
  check(local.live.objects === 0, `${local.live.objects} of the client's objects were not released after the connection closed`);
  check(local.faults.length === 0, local.faults.join('; '));
  return outcome;
}

// ---------------------------------------------------------------------------------------------
// Running many cases

/**
 * One case of the fuzzer in `role`: `server` feeds client frames into a server connection on
 * `host` (`replay`), `client` feeds server frames into a client running the script
 * (`replayIntoClient`); `recorded` (from `recordSessions`) has the schedules.
 */
export function replayAs(role, m, host, frames, options, recorded) {
  return role === 'client'
    ? replayIntoClient(m, frames, recorded.toClientSchedule, options)
    : replay(m, host, frames, options, recorded.toServerSchedule);
}

/**
 * Runs `iterations` cases from `seed` over the `recorded` session (`recordSessions`: the
 * client's frames for `role` `server`, the server's for `client`). Returns statistics;
 * throws FuzzFailure (with `.frames`, `.options`, `.applied`, `.seed`, `.iteration`) on the
 * first misbehaviour. `onProgress(done, stats)` is called every `progressEvery` cases.
 */
export async function runRpcFuzz(m, { seed, iterations, recorded, role = 'server', onProgress, progressEvery = 1000, maxCaseMillis = Infinity }) {
  const session = role === 'client' ? recorded.toClient : recorded.toServer;
  const rng = createRng(seed);
  const corpus = [session];
  const stats = { cases: 0, ended: 0, aborted: 0, peerAborts: 0, survived: 0, framesFed: 0, codes: {}, reasons: {}, mutations: {}, slowestMillis: 0 };
  const escaped = [];
  const onEscape = (error) => escaped.push(error);
  process.on('unhandledRejection', onEscape);
  process.on('uncaughtException', onEscape);
  const host = createHost(m);
  try {
    for (let i = 0; i < iterations; i++) {
      const base = rng.chance(0.5) ? session : corpus[rng.below(corpus.length)];
      const { frames, applied } = mutateSession(rng, m, base);
      const options = randomReplayOptions(rng);
      const started = performance.now();
      let outcome;
      try {
        outcome = await withTimeout(replayAs(role, m, host, frames, options, recorded), 2 * CASE_TIMEOUT_MILLIS, 'the replay');
        await drain(1);
        if (escaped.length > 0) {
          const error = escaped[0];
          throw new FuzzFailure(`an exception escaped the engine: ${error && error.stack || error}`, undefined, error);
        }
      } catch (e) {
        const failure = e instanceof FuzzFailure ? e : new FuzzFailure(`the replay threw ${e && e.name}: ${e && e.message}`, undefined, e);
        Object.assign(failure, { frames, options, applied, seed, iteration: i });
        throw failure;
      }
      const millis = performance.now() - started;
      if (millis > stats.slowestMillis) stats.slowestMillis = millis;
      if (millis > maxCaseMillis) {
        throw Object.assign(new FuzzFailure(`case took ${millis.toFixed(0)} ms (limit ${maxCaseMillis} ms)`), { frames, options, applied, seed, iteration: i });
      }
      stats.cases++;
      stats.framesFed += outcome.fed;
      for (const what of applied) {
        const name = what.split(':')[0];
        stats.mutations[name] = (stats.mutations[name] ?? 0) + 1;
      }
      if (outcome.ended) {
        stats.ended++;
        stats.codes[outcome.code] = (stats.codes[outcome.code] ?? 0) + 1;
        const reason = outcome.reason.replace(/\d+/g, 'N').slice(0, 100);
        stats.reasons[reason] = (stats.reasons[reason] ?? 0) + 1;
        if (outcome.peerAbort) stats.peerAborts++;
        else stats.aborted++;
      } else {
        stats.survived++;
        // Sessions the server took whole become bases for further mutation (bounded, and not
        // the short ones: they would crowd out the rest).
        if (corpus.length < 64 && frames.length >= session.length * 0.8 && rng.chance(0.1)) corpus.push(frames);
      }
      if (onProgress !== undefined && (i + 1) % progressEvery === 0) onProgress(i + 1, stats);
    }
    host.bootstrap.close();
    await drain();
    try {
      check(host.live.echo === 0, 'the bootstrap Echo was not released once its last handle closed');
      check(host.faults.length === 0, host.faults.join('; '));
    } catch (e) {
      throw Object.assign(e, { seed, iteration: iterations, frames: [], options: randomReplayOptions(rng), applied: [] });
    }
  } finally {
    process.off('unhandledRejection', onEscape);
    process.off('uncaughtException', onEscape);
  }
  return stats;
}

/**
 * The smallest list of frames (removing whole frames, greedily) that still fails the way
 * `frames` does: the first 40 characters of the failure message match. Each try runs on a
 * fresh host (or client, for `role` `client`). Returns the frames and the failure they end with.
 */
export async function reduceFrames(m, frames, options, role, recorded) {
  const failureOf = async (candidate) => {
    const host = createHost(m);
    // An exception escaping the engine is a failure here too (as in runRpcFuzz), not the end of the process.
    const escaped = [];
    const onEscape = (error) => escaped.push(error);
    process.on('unhandledRejection', onEscape);
    process.on('uncaughtException', onEscape);
    try {
      await withTimeout(replayAs(role, m, host, candidate, options, recorded), 2 * CASE_TIMEOUT_MILLIS, 'the replay');
      await drain(1);
      return escaped.length === 0 ? null : `an exception escaped the engine: ${escaped[0] && escaped[0].stack || escaped[0]}`;
    } catch (e) {
      return e instanceof Error ? e.message : String(e);
    } finally {
      process.off('unhandledRejection', onEscape);
      process.off('uncaughtException', onEscape);
    }
  };
  const original = await failureOf(frames);
  if (original === null) return { frames, message: null };
  const same = (message) => message !== null && message.slice(0, 40) === original.slice(0, 40);
  let current = frames.slice();
  for (let chunk = Math.max(1, current.length >> 1); chunk >= 1; chunk >>= 1) {
    for (let at = current.length - chunk; at >= 0; at -= chunk) {
      const candidate = [...current.slice(0, at), ...current.slice(at + chunk)];
      if (same(await failureOf(candidate))) current = candidate;
    }
  }
  return { frames: current, message: await failureOf(current) };
}

/** Frames as text (base64, one per entry) for a reproduction file, and back. */
export function encodeFrames(frames) {
  return frames.map((frame) => Buffer.from(frame).toString('base64'));
}

export function decodeFrames(encoded) {
  return encoded.map((text) => new Uint8Array(Buffer.from(text, 'base64')));
}
