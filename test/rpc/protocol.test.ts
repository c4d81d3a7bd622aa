/**
 * One test per protocol rule of rpc.capnp level 1, between two Capstan connections in one
 * process (the interop suite, scripts/interop-rpc.mjs, checks the same rules against the C++,
 * pycapnp, Rust and Go implementations). Every test ends by dropping everything and checking
 * that all four tables are empty on both sides.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Client, Connection, prepareCall, RpcError, RpcPromise, transportPair, type ConnectionOptions, type Transport } from '../../src/rpc/index.js';
import { Params } from '../../src/rpc/hook.js';
import { connect, listen } from '../../src/rpc/node/index.js';
import * as rpc from '../../src/generated/std/rpc.capnp.js';
import { MessageBuilder } from '../../src/wire/index.js';
import { connectedPair, EMPTY, expectEmpty, generateRpcFixture, liveCounters, settle, Tap, tapped, until } from './support.js';

// The module is generated when the tests start (test/.generated is not in the tree), so it is
// typed loosely here; test/codegen's typecheck tests cover generated interface code.
/* eslint-disable @typescript-eslint/no-explicit-any */
type Gen = any;
let gen: Gen;

beforeAll(async () => {
  const path = generateRpcFixture();
  gen = (await import(path)) as Gen;
});

/** A Counter served here, counting calls and whether it was released. */
function counter() {
  const state = { calls: 0, released: false };
  const client = gen.Counter.serve({
    next: () => ({ n: state.calls++ }),
    [Symbol.dispose]: () => { state.released = true; },
  });
  return { client, state };
}

class EchoImpl {
  held: any | null = null;
  bytes = 0n;
  calls = 0;
  waitAborted = false;
  echo(p: { text: string }) {
    return { text: p.text };
  }
  echoCap(p: { cap: any | null }) {
    return { cap: p.cap };
  }
  #openGate: () => void = () => undefined;
  readonly #gate = new Promise<void>((resolve) => { this.#openGate = resolve; });
  async echoCapLater(p: { cap: any | null }) {
    await this.#gate;
    return { cap: p.cap };
  }
  openGate() {
    this.#openGate();
  }
  makeCounter() {
    const made = counter().client;
    return { counter: made };
  }
  async callCounter(p: { counter: any | null }) {
    const pending = p.counter!.next();
    const { n } = await pending;
    pending.dispose();
    return { n };
  }
  fail(p: { message: string }): never {
    throw new Error(p.message);
  }
  wait(_p: unknown, context: { signal: AbortSignal }) {
    return new Promise<void>((resolve) => context.signal.addEventListener('abort', () => {
      this.waitAborted = true;
      resolve();
    }));
  }
  tail(p: { target: any | null; text: string }, context: { tailCall(r: unknown): void }) {
    context.tailCall(prepareCall(p.target!, gen.Echo.$info, gen.Echo.$info.methods[0]!, { text: p.text }) as never);
  }
  hold(p: { cap: any | null }) {
    this.held?.close();
    this.held = p.cap?.dup() ?? null;
  }
  release() {
    this.held?.close();
    this.held = null;
  }
  boxed() {
    return { box: { counter: counter().client, label: 'box' } };
  }
  write(p: { data: Uint8Array }) {
    this.bytes += BigInt(p.data.length);
    this.calls++;
  }
  written() {
    return { bytes: this.bytes, calls: this.calls };
  }
}

function pair(serverOptions: Partial<ConnectionOptions> = {}, clientOptions: ConnectionOptions = {}) {
  const impl = new EchoImpl();
  const p = connectedPair({ bootstrap: () => gen.Echo.serve(impl as never), ...serverOptions }, clientOptions);
  const echo: any = p.client.bootstrap(gen.EchoClient);
  return { ...p, impl, echo };
}

/**
 * A client and a server connection (the server's bootstrap an EchoImpl) where what reaches the
 * client can be held back (`hold()`) and then delivered in order (`release()`): a test can so
 * make the client act before it reads what the server sent.
 */
function heldPair() {
  const [serverSide, clientSide] = transportPair();
  const held: Uint8Array[] = [];
  let deliver: ((message: Uint8Array) => void) | null = null;
  let holding = false;
  const clientTransport: Transport = {
    send: (message) => clientSide.send(message),
    start: (onMessage, onClose) => {
      deliver = onMessage;
      clientSide.start((message) => (holding ? held.push(message) : onMessage(message)), onClose);
    },
    close: () => clientSide.close(),
  };
  const serverTap = new Tap();
  const clientTap = new Tap();
  const server = new Connection(tapped(serverSide, serverTap), { bootstrap: () => gen.Echo.serve(new EchoImpl() as never) });
  const client = new Connection(tapped(clientTransport, clientTap));
  return {
    server, client, serverTap, clientTap,
    hold: () => { holding = true; },
    release: () => {
      holding = false;
      for (const message of held.splice(0)) deliver!(message);
    },
  };
}

describe('rpc protocol, level 1', () => {
  it('bootstraps and calls; Finish frees the question, and dropping the bootstrap releases it', async () => {
    const { client, server, echo, clientTap, serverTap } = pair();
    const { text } = await echo.echo({ text: 'hello' });
    expect(text).toBe('hello');
    expect(clientTap.kinds()).toEqual(['bootstrap', 'call', 'finish', 'finish']);
    expect(serverTap.kinds()).toEqual(['return', 'return']);
    echo.close();
    await expectEmpty(client, server);
    expect(clientTap.kinds().at(-1)).toBe('release');
  });

  it('[Symbol.dispose] releases a client and a results promise (typed on the classes, no casts)', async () => {
    const { client, server, echo } = pair();
    const handle: Client = echo;
    const call: RpcPromise<unknown> = echo.echo({ text: 'x' });
    await call;
    call[Symbol.dispose]();
    handle[Symbol.dispose]();
    await expectEmpty(client, server);
  });

  it('pipelines a call on a capability in results before they arrive (one round trip)', async () => {
    const { client, server, echo, clientTap } = pair();
    await echo.echo({ text: 'warm up' });
    const before = clientTap.sent.length;
    const made = echo.makeCounter();
    const first = made.counter.next();
    const second = made.counter.next();
    // Both pipelined calls leave before anything comes back.
    expect(clientTap.kinds().slice(before)).toEqual(['call', 'call', 'call']);
    const targets = clientTap.sent.slice(before + 1).map((m) => m.message.call.target.which());
    expect(targets).toEqual(['promisedAnswer', 'promisedAnswer']);
    expect([(await first).n, (await second).n]).toEqual([0, 1]);
    first.dispose();
    second.dispose();
    made.dispose();
    echo.close();
    await expectEmpty(client, server);
  });

  it('pipelines into a struct of the results (PromisedAnswer transform with two pointer steps)', async () => {
    const { client, server, echo, clientTap } = pair();
    const boxed = echo.boxed();
    const next = boxed.box.counter.next();
    const call = clientTap.sent.at(-1)!.message.call;
    expect(call.target.promisedAnswer.transform.toArray().map((op) => op.getPointerField)).toEqual([0, 0]);
    expect((await next).n).toBe(0);
    expect((await boxed).box.label).toBe('box');
    next.dispose();
    boxed.dispose();
    echo.close();
    await expectEmpty(client, server);
  });

  it('writes every field of the Calls and Returns it sends (read back through rpc.capnp\'s generated readers)', async () => {
    const { client, server, echo, clientTap, serverTap } = pair();
    // On the bootstrap promise (a promisedAnswer target), before the Bootstrap returns.
    const first = echo.echo({ text: 'first' });
    expect((await first).text).toBe('first');
    // On the settled capability (an importedCap target), with a capability in the params.
    const local = counter();
    const second = echo.echoCap({ cap: local.client }, { noPromisePipelining: true });
    const returned = await second;
    expect(returned.cap).not.toBeNull();
    const calls = clientTap.sent.filter((m) => m.which === 'call').map((m) => m.message.call);
    const returns = serverTap.sent.filter((m) => m.which === 'return').map((m) => m.message.return);
    expect(calls).toHaveLength(2);
    expect(returns).toHaveLength(3);

    const [a, b] = calls;
    expect(a.interfaceId).toBe(gen.Echo.$info.typeId);
    expect(a.methodId).toBe(0);
    expect(a.target.which()).toBe('promisedAnswer');
    expect(a.target.promisedAnswer.transform.length).toBe(0);
    expect(a.sendResultsTo.which()).toBe('caller');
    expect(a.noPromisePipelining).toBe(false);
    expect(a.params.content.getStruct().getText(0)).toBe('first');
    expect(a.params.capTable.length).toBe(0);

    expect(b.interfaceId).toBe(gen.Echo.$info.typeId);
    expect(b.methodId).toBe(1);
    expect(b.target.which()).toBe('importedCap');
    expect(b.noPromisePipelining).toBe(true);
    expect(b.params.capTable.length).toBe(1);
    expect(b.params.capTable.get(0).which()).toBe('senderHosted');
    expect(b.params.content.getStruct().getPointer(0).getCapabilityIndex()).toBe(0);

    // The Return of each call (after the Bootstrap's): its answer id, releaseParamCaps false
    // (the params' capabilities stay the caller's until Finish), the results and their caps.
    const results = returns.slice(1);
    expect(results.map((ret) => ret.answerId)).toEqual(calls.map((call) => call.questionId));
    for (const ret of results) {
      expect(ret.which()).toBe('results');
      expect(ret.releaseParamCaps).toBe(false);
      expect(ret.noFinishNeeded).toBe(false);
    }
    expect(results[0]!.results.content.getStruct().getText(0)).toBe('first');
    expect(results[0]!.results.capTable.length).toBe(0);
    expect(results[1]!.results.capTable.length).toBe(1);
    expect(results[1]!.results.capTable.get(0).which()).toBe('receiverHosted');

    first.dispose();
    second.dispose();
    local.client.close();
    echo.close();
    await expectEmpty(client, server);
  });

  it('a call whose params cannot be built throws, naming the field, and keeps no capability set before it', async () => {
    const { client, server, echo } = pair();
    await echo.whenResolved();
    let live = 0;
    const served = () => {
      live++;
      return gen.Echo.serve({ [Symbol.dispose]: () => { live--; } });
    };
    // `target` is set before `text` fails, to a remote capability and to a local one.
    const local = served();
    expect(() => echo.tail({ target: local, text: 5 })).toThrow(/text: expected a string/);
    const other = served();
    expect(() => local.tail({ target: other, text: 5 })).toThrow(/text: expected a string/);
    // The untyped call, whose build function throws after setting a capability.
    const third = served();
    expect(() => echo.call(gen.Echo.$info.typeId, 6, (params: any) => {
      params.initStruct(0, 2).setCapability(0, third);
      throw new Error('the build gave up');
    }, () => null)).toThrow('the build gave up');
    for (const handle of [local, other, third]) handle.close();
    echo.close();
    await expectEmpty(client, server);
    expect(live).toBe(0);
  });

  it('a server that fails after setting capabilities in its results keeps none of them', async () => {
    const counters = liveCounters(gen);
    const keep = (set: (c: unknown) => void) => {
      const handle = counters.make();
      set(handle);
      handle.close(); // the results hold a reference of their own
    };
    const impl = {
      // A field of the wrong type after the capability.
      boxed(_p: unknown, context: any) {
        keep((c) => { context.results.box.counter = c; });
        context.results.box.label = 5;
      },
      // A throw, at once and after an await.
      echoCap(_p: unknown, context: any) {
        keep((c) => { context.results.cap = c; });
        throw new Error('at once');
      },
      async makeCounter(_p: unknown, context: any) {
        keep((c) => { context.results.counter = c; });
        await settle(1);
        throw new Error('later');
      },
    };
    const p = connectedPair({ bootstrap: () => gen.Echo.serve(impl) });
    const echo: any = p.client.bootstrap(gen.EchoClient);
    for (const call of [echo.boxed(), echo.echoCap({}), echo.makeCounter()]) {
      await expect(call).rejects.toBeInstanceOf(RpcError);
      call.dispose();
    }
    echo.close();
    await expectEmpty(p.client, p.server);
    expect(counters.live).toBe(0);
  });

  it('a server that tail-calls after setting capabilities in its results keeps none of them', async () => {
    const counters = liveCounters(gen);
    const other = gen.Echo.serve({ echoCap: () => ({ cap: null }) });
    const impl = {
      echoCap(_p: unknown, context: any) {
        const handle = counters.make();
        context.results.cap = handle;
        handle.close();
        // The results are the tail call's from here on: what was set above is not sent.
        context.tailCall(prepareCall(other, gen.Echo.$info, gen.Echo.$info.methods[1]!, { cap: null }));
      },
    };
    const p = connectedPair({ bootstrap: () => gen.Echo.serve(impl) });
    const echo: any = p.client.bootstrap(gen.EchoClient);
    const call = echo.echoCap({});
    expect((await call).cap).toBeNull();
    call.dispose();
    echo.close();
    other.close();
    await expectEmpty(p.client, p.server);
    expect(counters.live).toBe(0);
  });

  it('a prepared request that is never sent gives back the capabilities in its params when discarded', async () => {
    const { client, server, echo } = pair();
    const local = counter();
    // Prepared on the remote Echo (built as an outgoing Call) and on a local one.
    const local2 = gen.Echo.serve(new EchoImpl());
    const remote = prepareCall(echo, gen.Echo.$info, gen.Echo.$info.methods[1]!, { cap: local.client });
    const here = prepareCall(local2, gen.Echo.$info, gen.Echo.$info.methods[1]!, { cap: local.client });
    local.client.close();
    await settle();
    expect(local.state.released).toBe(false); // both requests' params still hold it
    remote.discard();
    remote.discard(); // a second discard does nothing
    {
      using disposed = here; // `using` discards too
      expect(disposed).toBe(here);
    }
    await settle();
    expect(local.state.released).toBe(true);
    // A discarded request cannot be sent.
    expect(() => remote.$take()).toThrow(/discarded already/);
    local2.close();
    echo.close();
    await expectEmpty(client, server);
  });

  it('a prepared request is sent once: a second tailCall of it fails the call, and nothing leaks', async () => {
    const other = gen.Echo.serve(new EchoImpl());
    const impl = {
      echo(p: { text: string }, context: any) {
        const request = prepareCall(other, gen.Echo.$info, gen.Echo.$info.methods[0]!, { text: `${p.text}!` });
        context.tailCall(request);
        context.tailCall(request);
      },
    };
    const p = connectedPair({ bootstrap: () => gen.Echo.serve(impl) });
    const echo: any = p.client.bootstrap(gen.EchoClient);
    const call = echo.echo({ text: 'x' });
    await expect(call).rejects.toThrow(/sent already/);
    call.dispose();
    echo.close();
    other.close();
    await expectEmpty(p.client, p.server);
  });

  it('context.results used after the method has answered throws, instead of writing into results already sent', async () => {
    const late: unknown[] = [];
    let kept: any = null;
    const impl = {
      echo: (p: { text: string }, context: any) => {
        kept = context.results; // a builder taken during the call
        kept.text = p.text;
        setTimeout(() => {
          for (const write of [() => { context.results.text = 'late'; }, () => context.results]) {
            try {
              write();
              late.push('written');
            } catch (error) {
              late.push(error);
            }
          }
        }, 0);
      },
    };
    const p = connectedPair({ bootstrap: () => gen.Echo.serve(impl) });
    const echo: any = p.client.bootstrap(gen.EchoClient);
    expect((await echo.echo({ text: 'on time' })).text).toBe('on time');
    await until(() => late.length === 2, 'the late writes');
    for (const outcome of late) expect(outcome).toMatchObject({ type: 'failed', message: expect.stringContaining('has answered its call') });
    echo.close();
    await expectEmpty(p.client, p.server);
  });

  it('a method that returns an array instead of a results object fails the call, saying so', async () => {
    const impl = { echo: () => ['not', 'results'] };
    const p = connectedPair({ bootstrap: () => gen.Echo.serve(impl) });
    const echo: any = p.client.bootstrap(gen.EchoClient);
    await expect(echo.echo({ text: 'x' })).rejects.toMatchObject({ type: 'failed', message: 'method echo returned an array, not a results object' });
    echo.close();
    await expectEmpty(p.client, p.server);
  });

  it('tailCall of anything but a prepared request fails the call, saying what it takes', async () => {
    const impl = { echo: (_p: unknown, context: any) => { context.tailCall({ text: 'not a request' }); } };
    const p = connectedPair({ bootstrap: () => gen.Echo.serve(impl) });
    const echo: any = p.client.bootstrap(gen.EchoClient);
    await expect(echo.echo({ text: 'x' })).rejects.toMatchObject({ type: 'failed', message: expect.stringContaining('tailCall takes a request made with prepareCall') });
    echo.close();
    await expectEmpty(p.client, p.server);
  });

  it('passes a capability in params and the callee calls back (Release once the server drops it)', async () => {
    const { client, server, echo } = pair();
    const local = counter();
    const result = await echo.callCounter({ counter: local.client });
    expect(result.n).toBe(0);
    expect(local.state.calls).toBe(1);
    local.client.close();
    await settle();
    expect(local.state.released).toBe(true);
    echo.close();
    await expectEmpty(client, server);
  });

  it('keeps E-order when a promise resolves to a capability hosted by the caller (embargo)', async () => {
    const { client, server, echo, clientTap } = pair();
    const local = counter();
    const echoed = echo.echoCap({ cap: local.client });
    const looped = echoed.cap;
    const calls = [looped.next(), looped.next()];
    const early = echo.echo({ text: 'sync' });
    await early;
    calls.push(looped.next());
    await echoed;
    // The results came back: the capability is our own, but calls 0-2 are still travelling
    // through the server. New calls must wait for them.
    calls.push(looped.next(), looped.next(), looped.next());
    const order = await Promise.all(calls.map(async (p) => (await p).n));
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
    expect(clientTap.kinds()).toContain('disembargo');
    for (const p of calls) p.dispose();
    early.dispose();
    echoed.dispose();
    local.client.close();
    echo.close();
    await expectEmpty(client, server);
    expect(local.state.released).toBe(true);
  });

  it('keeps E-order when a promise resolves to another promise of the peer, which then resolves to the caller\'s own capability', async () => {
    // later = echoCapLater(local): held by the server. echoed = echoCap(later.cap): its result is
    // the server's promise for later's result, so it resolves to an import that is itself a
    // promise (remote to remote: no embargo then). Calls 0 and 1 go out through echoed's
    // question before that. When the gate opens, that import resolves to our own capability:
    // calls 0 and 1 are still travelling through the server, so calls 2 and 3 must wait for
    // them (the import must embargo, though no call went through it directly).
    const { client, server, echo, clientTap } = pair();
    const local = counter();
    const later = echo.echoCapLater({ cap: local.client });
    const echoed = echo.echoCap({ cap: later.cap });
    const looped = echoed.cap;
    const calls = [looped.next(), looped.next()];
    await echoed;
    const disembargoes = () => clientTap.kinds().filter((kind) => kind === 'disembargo').length;
    expect(disembargoes()).toBe(0);
    await echo.openGate();
    await later;
    await looped.whenResolved();
    calls.push(looped.next(), looped.next());
    const order = await Promise.all(calls.map(async (p) => (await p).n));
    expect(order).toEqual([0, 1, 2, 3]);
    expect(disembargoes()).toBe(1);
    for (const p of calls) p.dispose();
    later.dispose();
    echoed.dispose();
    local.client.close();
    echo.close();
    await expectEmpty(client, server);
    expect(local.state.released).toBe(true);
  });

  it('keeps E-order through an answer that returned a promise of the caller\'s, which then resolved to one of the callee\'s objects (the Tribble rule)', async () => {
    // p is the client's own promise (a local call's pipelined result, held at a gate) of the
    // server's counter m. looped = echoCap(p).cap: the server answers with p, which is the
    // client's (receiverHosted), and forwards calls 0 and 1, made on looped before that Return,
    // to the client's p. The client resolves p to m (a Resolve) before it reads the Return (what
    // the server sends is held until then). The server must go on sending what the client
    // addresses to looped through p, the Disembargo too (before: it followed p to its own m, and
    // refused the Disembargo as not leading back to the client). The client must embargo looped
    // although it ends at the server again, since calls 0 and 1 are still coming back through
    // it (before: it saw the same connection and sent calls 2 and 3 straight to m).
    const { server, client, serverTap, clientTap, hold, release } = heldPair();
    const echo: any = client.bootstrap(gen.EchoClient);
    const made = echo.makeCounter();
    const m = made.counter;
    await made;
    const localImpl = new EchoImpl();
    const localEcho = gen.Echo.serve(localImpl as never);
    const later = localEcho.echoCapLater({ cap: m });
    hold();
    const echoed = echo.echoCap({ cap: later.cap });
    const looped = echoed.cap;
    const calls = [looped.next(), looped.next()];
    localImpl.openGate();
    await later;
    await until(() => serverTap.kinds().includes('disembargo'), 'the server embargoes p once it resolves to m');
    release();
    await echoed;
    await looped.whenResolved();
    calls.push(looped.next(), looped.next());
    const order = await Promise.all(calls.map(async (c) => (await c).n));
    expect(order).toEqual([0, 1, 2, 3]);
    const disembargoes = (tap: Tap) => tap.sent.filter((s) => s.which === 'disembargo').map((s) => `${s.message.disembargo.target.which()} ${s.message.disembargo.context.which()}`);
    expect(disembargoes(clientTap)).toEqual(['promisedAnswer senderLoopback', 'importedCap receiverLoopback']);
    expect(disembargoes(serverTap)).toEqual(['importedCap senderLoopback', 'importedCap receiverLoopback']);
    for (const c of calls) c.dispose();
    later.dispose();
    echoed.dispose();
    made.dispose();
    localEcho.close();
    echo.close();
    await expectEmpty(client, server);
  });

  it('reflects a Disembargo addressed to a promise it resolved to one of its own questions, after that question returned (the Tribble rule)', async () => {
    // e is the client's own promise, held at a gate; the server holds it. The client asks
    // asked = echoCapLater(c), whose answer is the client's own counter c, and then, with what
    // the server sends held back: the server answers asked, calls e (callCounter(e)), and the
    // client resolves e to asked.cap, the pipeline of its question (a Resolve with
    // receiverAnswer). The server finds that e now leads back to the client and embargoes the
    // call it made through e. The client reads asked's Return, then the call, then that
    // Disembargo: it must send the Disembargo back through asked, so asked must not be finished
    // while e points there (before, it was finished at its Return and the Disembargo refused).
    const { server, client, serverTap, clientTap, hold, release } = heldPair();
    const echo: any = client.bootstrap(gen.EchoClient);
    const c = counter();
    const localImpl = new EchoImpl();
    const localEcho = gen.Echo.serve(localImpl as never);
    const asked = echo.echoCapLater({ cap: c.client });
    const promised = localEcho.echoCapLater({ cap: asked.cap });
    await echo.hold({ cap: promised.cap });
    const returns = () => serverTap.kinds().filter((kind) => kind === 'return').length;
    const returned = returns();
    hold();
    const opened = echo.openGate();
    await until(() => returns() >= returned + 2, 'the server answers openGate() and asked');
    const called = echo.callCounter({ counter: promised.cap });
    await until(() => serverTap.kinds().at(-1) === 'call', 'the server calls e');
    localImpl.openGate();
    await promised;
    await until(() => serverTap.kinds().includes('disembargo'), 'the server embargoes e');
    release();
    expect((await called).n).toBe(0);
    await opened;
    const disembargoes = (tap: Tap) => tap.sent.filter((m) => m.which === 'disembargo').map((m) => `${m.message.disembargo.target.which()} ${m.message.disembargo.context.which()}`);
    expect(disembargoes(serverTap)).toEqual(['importedCap senderLoopback']);
    expect(disembargoes(clientTap)).toEqual(['promisedAnswer receiverLoopback']);
    called.dispose();
    opened.dispose();
    promised.dispose();
    asked.dispose();
    await echo.release();
    localEcho.close();
    c.client.close();
    echo.close();
    await expectEmpty(client, server);
    expect(c.state.released).toBe(true);
  });

  for (const tailCallsToCaller of [false, true]) {
    it(`tail calls reach the caller's own capability${tailCallsToCaller ? ' with sendResultsTo.yourself / takeFromOtherQuestion' : ' by forwarding'}`, async () => {
      const { client, server, echo, serverTap } = pair({ tailCallsToCaller });
      const mine = gen.Echo.serve({ echo: (p: { text: string }) => ({ text: `mine:${p.text}` }) } as never);
      const { text } = await echo.tail({ target: mine, text: 'x' });
      expect(text).toBe('mine:x');
      const returns = serverTap.sent.filter((m) => m.which === 'return').map((m) => m.message.return.which());
      const calls = serverTap.sent.filter((m) => m.which === 'call').map((m) => m.message.call.sendResultsTo.which());
      if (tailCallsToCaller) {
        expect(returns).toContain('takeFromOtherQuestion');
        expect(calls).toEqual(['yourself']);
      } else {
        expect(returns).not.toContain('takeFromOtherQuestion');
        expect(calls).toEqual(['caller']);
      }
      mine.close();
      echo.close();
      await expectEmpty(client, server);
    });
  }

  it('a tail call sent to us (sendResultsTo.yourself) that fails returns resultsSentElsewhere; the caller gets the error through takeFromOtherQuestion', async () => {
    // The C++ implementation aborts the connection on a Return with an exception for a tail
    // call: the outcome, failure included, travels through the question that takes the results.
    const { client, server, echo, clientTap, serverTap } = pair({ tailCallsToCaller: true });
    const mine = gen.Echo.serve({ echo: () => { throw new Error('mine failed'); } } as never);
    const call = echo.tail({ target: mine, text: 'x' });
    await expect(call).rejects.toThrow('mine failed');
    expect(serverTap.sent.filter((m) => m.which === 'call').map((m) => m.message.call.sendResultsTo.which())).toEqual(['yourself']);
    const clientReturns = clientTap.sent.filter((m) => m.which === 'return').map((m) => m.message.return.which());
    expect(clientReturns).toEqual(['resultsSentElsewhere']);
    expect(serverTap.sent.filter((m) => m.which === 'return').map((m) => m.message.return.which())).toContain('takeFromOtherQuestion');
    call.dispose();
    mine.close();
    echo.close();
    await expectEmpty(client, server);
  });

  it('a tail call sent to us with sendResultsTo.yourself that tail-calls back to the caller keeps its results here, where the caller takes them', async () => {
    // Both sides send tail calls to the caller with sendResultsTo.yourself. The server
    // tail-calls the client's object (yourself); that object tail-calls the server's echo. The
    // client must not send this second tail call with yourself too: its results would stay on
    // the server, while the server's tail call takes them from the client. Before, the client
    // did, and the caller got empty results (text '').
    const { client, server, echo, clientTap } = pair({ tailCallsToCaller: true }, { tailCallsToCaller: true });
    const mine = gen.Echo.serve({
      echo(p: { text: string }, context: { tailCall(request: unknown): void }) {
        context.tailCall(prepareCall(echo, gen.Echo.$info, gen.Echo.$info.methods[0]!, { text: `${p.text}!` }));
      },
    } as never);
    const call = echo.tail({ target: mine, text: 'x' });
    expect((await call).text).toBe('x!');
    expect(clientTap.sent.filter((m) => m.which === 'call').map((m) => m.message.call.sendResultsTo.which())).toEqual(['caller', 'caller']);
    expect(clientTap.sent.filter((m) => m.which === 'return').map((m) => m.message.return.which())).toEqual(['resultsSentElsewhere']);
    call.dispose();
    mine.close();
    echo.close();
    await expectEmpty(client, server);
  });

  it('a call answered with takeFromOtherQuestion and canceled before the tail call returned cancels the tail call: nothing is left waiting or held', async () => {
    // The server tail-calls the caller's own object (sendResultsTo.yourself) and returns
    // takeFromOtherQuestion at once; the caller's Finish comes before the tail call's Return.
    // Before, the server finished the tail call without settling it, so the server method
    // waited forever and kept its params (a reference to the caller's object).
    const { client, server, echo, serverTap } = pair({ tailCallsToCaller: true });
    let released = false;
    const mine = gen.Echo.serve({ echo: (p: { text: string }) => ({ text: p.text }), [Symbol.dispose]: () => { released = true; } } as never);
    const call = echo.tail({ target: mine, text: 'x' });
    call.cancel();
    await expect(call).rejects.toMatchObject({ code: 'RPC_CANCELED' });
    await until(() => serverTap.kinds().includes('finish'), 'the server finishes its tail call');
    expect(serverTap.sent.filter((m) => m.which === 'call').map((m) => m.message.call.sendResultsTo.which())).toEqual(['yourself']);
    call.dispose();
    mine.close();
    echo.close();
    await expectEmpty(client, server);
    expect(released).toBe(true);
  });

  it('canceling a call to a local capability settles it at once, as canceled, and so are the capabilities pipelined on it, as for a remote call', async () => {
    // The server method (echoCapLater, waiting for openGate) does not heed its signal. Before,
    // a canceled local call stayed pending until the method ended, and a capability pipelined
    // on it (kept with dup()) then resolved into results already released: calls through it
    // failed with "called a null capability".
    const impl = new EchoImpl();
    const local = gen.Echo.serve(impl as never);
    const c = counter();
    const outcome = (promise: Promise<unknown>) => Promise.race([
      promise.then(() => 'resolved', (error: { code?: string }) => error.code),
      settle(50).then(() => 'still pending'),
    ]);
    for (const remote of [false, true]) {
      const { client, server, echo } = pair();
      const target = remote ? echo : local;
      const later = target.echoCapLater({ cap: c.client });
      const kept = later.cap.dup();
      later.cancel();
      expect(await outcome(later)).toBe('RPC_CANCELED');
      expect(await outcome(kept.next())).toBe('RPC_CANCELED');
      if (remote) await echo.openGate();
      else impl.openGate();
      expect(await outcome(kept.next())).toBe('RPC_CANCELED');
      kept.close();
      later.dispose();
      echo.close();
      await expectEmpty(client, server);
    }
    local.close();
    c.client.close();
    expect(c.state.released).toBe(true);
  });

  it('cancels: aborting sends Finish, the server sees its signal, the caller gets RPC_CANCELED', async () => {
    const { client, server, echo, impl, clientTap } = pair();
    const controller = new AbortController();
    const waiting = echo.wait({}, { signal: controller.signal });
    await settle();
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ code: 'RPC_CANCELED' });
    await settle();
    expect(impl.waitAborted).toBe(true);
    expect(clientTap.sent.filter((m) => m.which === 'finish').length).toBeGreaterThan(0);
    echo.close();
    await expectEmpty(client, server);
  });

  it('delivers exceptions with their message and type; missing methods answer unimplemented', async () => {
    const { client, server, echo } = pair();
    await expect(echo.fail({ message: 'boom' })).rejects.toMatchObject({ type: 'failed', message: expect.stringContaining('boom') });
    const sub: any = echo.castAs(gen.SubClient);
    await expect(sub.extra()).rejects.toMatchObject({ type: 'unimplemented', code: 'RPC_UNIMPLEMENTED' });
    sub.close();
    echo.close();
    await expectEmpty(client, server);
  });

  it('answers a call whose method throws a value that cannot be read as text, and fails what was pipelined on it', async () => {
    // Each of these once left the call unanswered for good (its question and answer in the
    // tables, and an unhandled rejection): making the exception read the value's message, or
    // String() of it, and that threw again.
    const unreadable: [string, () => unknown][] = [
      ['an Error whose message getter throws', () => {
        const error = new Error('hidden');
        Object.defineProperty(error, 'message', { get() { throw new Error('getter'); } });
        return error;
      }],
      ['an object without a prototype', () => Object.create(null)],
      ['a proxy whose prototype cannot be read', () => new Proxy({}, { getPrototypeOf() { throw new Error('trap'); } })],
    ];
    const failed = { type: 'failed', message: 'a value was thrown that cannot be read as text' };
    for (const [what, make] of unreadable) {
      const impl = { echo: () => { throw make(); }, makeCounter: () => { throw make(); }, written: () => ({ bytes: 1n, calls: 2 }) };
      const { client, server } = connectedPair({ bootstrap: () => gen.Echo.serve(impl as never) });
      const echo: any = client.bootstrap(gen.EchoClient);
      await expect(echo.echo({ text: 'hi' }), what).rejects.toMatchObject(failed);
      const made = echo.makeCounter();
      await expect(made.counter.next(), what).rejects.toMatchObject(failed);
      made.dispose();
      expect((await echo.written()).calls, `${what}: the connection still answers`).toBe(2);
      echo.close();
      await expectEmpty(client, server);
      expect(server.state).toBe('open');

      // The same capability in this process, called without a connection: the call rejects with
      // what the method threw, as it is, and so does a call pipelined on it.
      const local: any = gen.Echo.serve(impl as never);
      const outcome = (promise: Promise<unknown>) => promise.then(() => 'resolved', () => 'rejected');
      expect(await outcome(local.echo({ text: 'hi' })), what).toBe('rejected');
      const pipelined = local.makeCounter();
      expect(await outcome(pipelined.counter.next()), `${what}, pipelined locally`).toBe('rejected');
      pipelined.dispose();
      local.close();
    }
  });

  it('a capability kept from params past its method is released with them: calling it fails here and reaches no object, even one that took its id', async () => {
    // The engine used to send the call with the import id the server had already released;
    // the client had since given that id to another capability, which received the call.
    let stale: any = null;
    let staleHook: any = null;
    let kept: any = null;
    const impl = {
      hold: (p: any) => {
        if (stale === null) {
          stale = p.cap; // not dup()'d: the params' reference only
          staleHook = p.cap.$hook;
        } else {
          kept = p.cap.dup();
        }
      },
    };
    const { client, server } = connectedPair({ bootstrap: () => gen.Echo.serve(impl as never) });
    const echo: any = client.bootstrap(gen.EchoClient);
    const calls = { first: 0, second: 0 };
    const first = gen.Counter.serve({ next: () => ({ n: ++calls.first }) });
    const second = gen.Counter.serve({ next: () => ({ n: ++calls.second }) });
    await echo.hold({ cap: first });
    await until(() => client.stats().exports === 0, 'the params\' capability released');
    await echo.hold({ cap: second });
    expect(client.stats().exports).toBe(1);
    // Through the handle: refused at once, saying why.
    expect(() => stale.next()).toThrow(expect.objectContaining({ type: 'failed', message: expect.stringContaining('dup() it to keep it') }));
    // Under it, the engine's own capability of the peer sends nothing once released either.
    expect(staleHook.refCount).toBe(0);
    const raw = staleHook.call(gen.Counter.$info.typeId, 0, new Params(new MessageBuilder().getRootPointer().asReader(), null), {});
    await expect(raw.promise).rejects.toMatchObject({ type: 'failed', message: 'the capability was released' });
    expect((await kept.next()).n).toBe(1);
    expect(calls).toEqual({ first: 0, second: 1 });
    expect(server.state).toBe('open');
    kept.close();
    first.close();
    second.close();
    echo.close();
    await expectEmpty(client, server);
  });

  it('a bootstrap option that throws or gives no capability breaks the bootstrap capability, not the connection', async () => {
    const closed = gen.Echo.serve({} as never);
    closed.close();
    const wrong: [string, unknown, string][] = [
      ['a function that throws', () => { throw new Error('no bootstrap today'); }, 'no bootstrap today'],
      ['a function that throws a value without text', () => { throw Object.create(null); }, 'cannot be read as text'],
      ['a function that returns a number', () => 5, 'the bootstrap option returned number, not a capability'],
      ['an implementation not yet served', { echo: () => ({ text: 'x' }) }, 'the bootstrap option is an implementation not yet served'],
      ['a function that returns a promise', () => Promise.reject(new Error('later')), 'returned a promise'],
      ['a closed client', closed, 'the bootstrap option is a closed client'],
    ];
    for (const [what, option, reason] of wrong) {
      const { client, server } = connectedPair({ bootstrap: option as never });
      const echo: any = client.bootstrap(gen.EchoClient);
      await expect(echo.echo({ text: 'hi' }), what).rejects.toMatchObject({ type: 'failed', message: expect.stringContaining(reason) });
      await expect(echo.echo({ text: 'again' }), what).rejects.toMatchObject({ type: 'failed', message: expect.stringContaining(reason) });
      expect([client.state, server.state], what).toEqual(['open', 'open']);
      echo.close();
      await expectEmpty(client, server);
      await client.close();
      await server.close();
    }
  });

  it('calls a null capability with an error, not a crash', async () => {
    const { client, server, echo } = pair();
    const result = echo.echoCap({ cap: null });
    expect((await result).cap).toBeNull();
    await expect(result.cap.next()).rejects.toBeInstanceOf(RpcError);
    result.dispose();
    echo.close();
    await expectEmpty(client, server);
  });

  it('streams with flow control: writes resolve while the window has room, then wait for the callee', async () => {
    const window = 64 * 1024;
    const { client, server, echo, impl } = pair({}, { streamWindowBytes: window });
    let open!: () => void;
    const gate = new Promise<void>((resolve) => { open = resolve; });
    const write = impl.write.bind(impl);
    impl.write = ((p: { data: Uint8Array }) => gate.then(() => write(p))) as never;
    const chunk = new Uint8Array(16 * 1024);
    let accepted = 0;
    const producer = (async () => {
      for (let i = 0; i < 32; i++) {
        await echo.write({ data: chunk });
        accepted++;
      }
    })();
    await settle(20);
    // The callee has acknowledged nothing: the producer is held once a window (chunks plus
    // their framing) is in flight.
    expect(accepted).toBe(window / chunk.length - 1);
    open();
    await producer;
    const totals = await echo.written();
    expect(totals.calls).toBe(32);
    expect(totals.bytes).toBe(BigInt(32 * chunk.length));
    echo.close();
    await expectEmpty(client, server);
  });

  it('reports a failed stream call on the next call to that capability, stream or not', async () => {
    const { client, server, echo, impl } = pair();
    impl.write = (() => { throw new Error('disk full'); }) as never;
    await echo.write({ data: new Uint8Array(8) });
    await settle();
    await expect(echo.write({ data: new Uint8Array(8) })).rejects.toMatchObject({ message: expect.stringContaining('disk full') });
    await expect(echo.written()).rejects.toMatchObject({ message: expect.stringContaining('disk full') });
    echo.close();
    await expectEmpty(client, server);
  });

  it('rejects pending calls with disconnected when the connection ends, and empties the tables', async () => {
    const { client, server, echo } = pair();
    const waiting = echo.wait({});
    let disconnected: RpcError | null = null;
    client.onDisconnect((error) => { disconnected = error; });
    await settle();
    await server.close('test');
    await expect(waiting).rejects.toMatchObject({ type: 'disconnected' });
    await settle();
    expect(disconnected).not.toBeNull();
    expect(client.state).toBe('closed');
    await expect(echo.echo({ text: 'late' })).rejects.toMatchObject({ type: 'disconnected' });
    echo.close();
    expect(client.stats()).toEqual(EMPTY);
    expect(server.stats()).toEqual(EMPTY);
  });

  it('releases a bootstrap client made per connection when the connection ends; a shared one stays the caller\'s', async () => {
    let disposed = 0;
    const made = () => gen.Echo.serve({ echo: (p: { text: string }) => ({ text: p.text }), [Symbol.dispose]: () => { disposed++; } });
    // Released when the connection ends (no garbage collection needed), held by the peer or not.
    for (const drop of [true, false]) {
      const { client, server } = connectedPair({ bootstrap: made });
      const echo: any = client.bootstrap(gen.EchoClient);
      expect((await echo.echo({ text: 'a' })).text).toBe('a');
      if (drop) echo.close();
      await settle();
      await server.close('test');
      await settle();
      if (!drop) echo.close();
    }
    expect(disposed).toBe(2);
    // A client passed as such stays the caller's.
    const shared = made();
    const third = connectedPair({ bootstrap: shared });
    const remote: any = third.client.bootstrap(gen.EchoClient);
    expect((await remote.echo({ text: 'c' })).text).toBe('c');
    remote.close();
    await settle();
    await third.server.close('test');
    await settle();
    expect(disposed).toBe(2);
    shared.close();
    expect(disposed).toBe(3);
  });

  it('aborts a connection that sends garbage, with a protocol error, and only that connection', async () => {
    const [a, b] = transportPair();
    const server = new Connection(a, { bootstrap: gen.Echo.serve(new EchoImpl() as never) });
    const received: Uint8Array[] = [];
    b.start((m) => received.push(m), () => {});
    b.send(new Uint8Array([0, 0, 0, 0, 1, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]));
    await settle();
    expect(server.state).toBe('closed');
    expect(server.error?.code).toBe('RPC_PROTOCOL');
    const abort = rpc.Message.read(received.at(-1)!);
    expect(abort.which()).toBe('abort');
    // Another connection to the same kind of server is unaffected.
    const other = pair();
    expect((await other.echo.echo({ text: 'fine' })).text).toBe('fine');
    other.echo.close();
    await expectEmpty(other.client, other.server);
  });

  it('aborts on out-of-protocol messages: a Return for no question, a Release of an unknown export', async () => {
    for (const build of [
      (m: rpc.MessageBuilder) => { m.initReturn().answerId = 77; },
      (m: rpc.MessageBuilder) => { const r = m.initRelease(); r.id = 5; r.referenceCount = 1; },
    ]) {
      const [a, b] = transportPair();
      const server = new Connection(a, {});
      b.start(() => {}, () => {});
      const message = new MessageBuilder();
      build(rpc.Message.initRoot(message));
      b.send(message.toBytes());
      await settle();
      expect(server.state).toBe('closed');
      expect(server.error?.code).toBe('RPC_PROTOCOL');
    }
  });

  it('answers questions whatever ids the peer chooses, refuses an id in use, and forgets each at Finish', async () => {
    const [a, b] = transportPair();
    const server = new Connection(a, { bootstrap: () => counter().client });
    const received: Uint8Array[] = [];
    b.start((m) => received.push(m), () => {});
    const send = (build: (m: rpc.MessageBuilder) => void) => {
      const message = new MessageBuilder();
      build(rpc.Message.initRoot(message));
      b.send(message.toBytes());
    };
    // Each side of the answer table's array (ids under 1 024) and the ends of uint32.
    const ids = [0, 1023, 1024, 5000, 0xffffffff];
    for (const id of ids) send((m) => { m.initBootstrap().questionId = id; });
    await settle();
    expect(received.map((bytes) => rpc.Message.read(bytes).return.answerId)).toEqual(ids);
    expect(server.stats()).toMatchObject({ answers: ids.length, exports: 1 });
    for (const id of ids) {
      send((m) => {
        const finish = m.initFinish();
        finish.questionId = id;
        finish.releaseResultCaps = true;
      });
    }
    await settle();
    expect(server.stats()).toEqual(EMPTY);
    expect(server.state).toBe('open');
    // An id still in use is a protocol error, past the array as within it.
    for (const id of [1024, 3]) {
      const [c, d] = transportPair();
      const other = new Connection(c, { bootstrap: () => counter().client });
      d.start(() => {}, () => {});
      for (let i = 0; i < 2; i++) {
        const message = new MessageBuilder();
        rpc.Message.initRoot(message).initBootstrap().questionId = id;
        d.send(message.toBytes());
      }
      await settle();
      expect(other.error?.message).toContain(`question id ${id} is already in use`);
      expect(other.stats()).toEqual(EMPTY);
    }
    await server.close();
  });

  it('answers Unimplemented for level 3 and 4 messages', async () => {
    const [a, b] = transportPair();
    const server = new Connection(a, {});
    const received: Uint8Array[] = [];
    b.start((m) => received.push(m), () => {});
    const message = new MessageBuilder();
    rpc.Message.initRoot(message).initProvide().questionId = 3;
    b.send(message.toBytes());
    await settle();
    const reply = rpc.Message.read(received[0]!);
    expect(reply.which()).toBe('unimplemented');
    expect(reply.unimplemented.which()).toBe('provide');
    expect(server.state).toBe('open');
    await server.close();
  });

  it('an exported promise that resolves to one export too many breaks, and the connection carries on', async () => {
    // The client may export one capability. Its promise (a local call held at a gate) is that
    // one; when it resolves to a counter, the Resolve would need a second export. Before, the
    // client aborted the whole connection ("too many capabilities exported").
    const { client, server, echo } = pair({}, { maxExports: 1 });
    const localImpl = new EchoImpl();
    const localEcho = gen.Echo.serve(localImpl as never);
    const c = counter();
    const promised = localEcho.echoCapLater({ cap: c.client });
    await echo.hold({ cap: promised.cap });
    localImpl.openGate();
    await promised;
    await expect(echo.callCounter({ counter: promised.cap })).rejects.toMatchObject({ type: 'overloaded' });
    expect(client.state).toBe('open');
    expect((await echo.echo({ text: 'still here' })).text).toBe('still here');
    await echo.release();
    promised.dispose();
    localEcho.close();
    c.client.close();
    echo.close();
    await expectEmpty(client, server);
    expect(c.state.released).toBe(true);
  });

  it('limits the capabilities in one message', async () => {
    const { client, server, echo } = pair({ maxCapsPerMessage: 0 });
    const local = counter();
    await expect(echo.callCounter({ counter: local.client })).rejects.toMatchObject({ type: 'disconnected' });
    expect(server.error?.code).toBe('RPC_PROTOCOL');
    local.client.close();
    echo.close();
    await settle();
    expect(client.stats()).toEqual(EMPTY);
  });

  it('works over TCP with connect and listen', async () => {
    const impl = new EchoImpl();
    const listener = await listen('127.0.0.1:0', { bootstrap: () => gen.Echo.serve(impl as never) });
    const connection = await connect(`127.0.0.1:${listener.port}`);
    const echo: any = connection.bootstrap(gen.EchoClient);
    const made = echo.makeCounter();
    const next = made.counter.next();
    expect((await echo.echo({ text: 'tcp' })).text).toBe('tcp');
    expect((await next).n).toBe(0);
    next.dispose();
    made.dispose();
    echo.close();
    await settle(20);
    expect(connection.stats()).toEqual(EMPTY);
    await connection.close();
    await listener.close();
  });
});

describe('calls nobody awaits', () => {
  it('fail, are disposed or are cut off without an unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
      const { client, server, echo } = pair();
      // The server throws; nobody awaits the results.
      echo.fail({ message: 'nobody awaits this' });
      // Disposed before its Return arrives: the results are dropped as they come.
      const disposed = echo.echo({ text: 'dropped' });
      disposed[Symbol.dispose]();
      // Pending when the connection closes.
      echo.wait();
      await settle();
      await client.close('test');
      await server.close('test');
      await settle(20);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', record);
    }
  });
});
