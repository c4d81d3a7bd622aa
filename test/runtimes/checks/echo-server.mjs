// The Echo the RPC checks call: served in-process (transportPair) by the checks themselves, and
// over WebSocket by scripts/test-runtimes.mjs. `generated` is the module generated for
// test/runtimes/runtime.capnp.

export function serveEcho(generated) {
  const { Counter, Echo } = generated;
  // later()'s answers wait here until openGate().
  const gates = [];
  return Echo.serve({
    echo: (params) => ({ text: `echo: ${params.text}` }),
    sum: (params) => {
      let total = 0n;
      const names = [];
      const visit = (item) => {
        total += item.id;
        names.push(item.name);
        for (const child of item.children) visit(child);
      };
      visit(params.item);
      return { total, names };
    },
    makeCounter: (params) => {
      let value = params.start;
      return { counter: Counter.serve({ next: () => ({ value: ++value }) }) };
    },
    fail: (params) => {
      throw new Error(params.message);
    },
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
  });
}
