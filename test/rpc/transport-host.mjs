// The Echo server the transport tests talk to, written against the generated module of
// test/fixtures/rpc/rpc-test.capnp passed in, so it runs on the sources (in vitest) and on
// dist/ (in a worker thread, which cannot load TypeScript). It counts what it has made that is
// still alive, so a test can check that a transport releases everything.

/** A host: `bootstrap` is an Echo served by it; `live` counts Counters alive and calls running. */
export function createTransportHost(g) {
  const live = { counters: 0, running: 0 };
  const counter = () => {
    live.counters++;
    let n = 0;
    return g.Counter.serve({ next: () => ({ n: n++ }), [Symbol.dispose]: () => { live.counters--; } });
  };
  const running = (method) => async (params, context) => {
    live.running++;
    try {
      return await method(params, context);
    } finally {
      live.running--;
    }
  };
  const bootstrap = g.Echo.serve({
    echo: (p) => ({ text: p.text }),
    echoData: (p) => ({ data: p.data }),
    echoCap: (p) => ({ cap: p.cap }),
    makeCounter(_p, context) {
      const made = counter();
      context.results.counter = made;
      made.close();
    },
    // Calls back a capability of the caller.
    callCounter: running(async (p) => {
      const pending = p.counter.next();
      try {
        return { n: (await pending).n };
      } finally {
        pending.dispose();
      }
    }),
    fail(p) {
      throw new Error(p.message);
    },
    // Returns only when canceled (or when the connection ends).
    wait: running((_p, context) => new Promise((resolve) => {
      if (context.signal.aborted) resolve();
      else context.signal.addEventListener('abort', () => resolve(), { once: true });
    })),
  });
  return { bootstrap, live };
}
