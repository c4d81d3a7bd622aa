// The Echo the RPC checks call: served in-process (transportPair) by the checks themselves, and
// over WebSocket by scripts/test-runtimes.mjs. `generated` is the module generated for
// test/runtimes/runtime.capnp.

import { relayMethods } from './random-sequences.mjs';

export function serveEcho(generated) {
  const { Counter, Echo } = generated;
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
    // echoCap, later and openGate, for the random call sequences.
    ...relayMethods(),
  });
}
