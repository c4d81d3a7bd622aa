// Two RPC transports joined back to back whose messages wait until a test delivers them, so
// that the test decides in which order messages cross; and a seeded generator to make such
// orders again. Runtime-neutral (no imports): the runtime matrix's random RPC check uses them,
// and so do the RPC tests of test/rpc (through test/rpc/support.ts).

/** mulberry32: a seed gives the same sequence (the interop peer's e-order uses it too). */
export function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/**
 * One turn of the event loop: what is queued runs, local calls among it. setImmediate where
 * there is one (Node, Bun); elsewhere a MessageChannel message, which browsers do not throttle
 * as they do nested timers.
 */
export const turn = typeof globalThis.setImmediate === 'function'
  ? () => new Promise((resolve) => globalThis.setImmediate(resolve))
  : typeof globalThis.MessageChannel === 'function'
    ? (() => {
      const channel = new MessageChannel();
      const waiting = [];
      channel.port1.onmessage = () => waiting.shift()?.();
      return () => new Promise((resolve) => {
        waiting.push(resolve);
        channel.port2.postMessage(null);
      });
    })()
    : () => new Promise((resolve) => setTimeout(resolve, 0));

const CLOSED = new Uint8Array(0);

/**
 * Two transports whose messages wait, in order, until `deliver` hands them over, so a test
 * decides which messages cross. A side's `close()` reaches the other side as a close after what
 * it sent before (as TCP would); `fail()` breaks the carrier under both sides at once, with
 * whatever was still waiting lost.
 */
export function scheduledPair() {
  const queues = [[], []];
  const receivers = [null, null];
  const closed = [false, false];
  const closeSide = (side, error) => {
    if (closed[side]) return;
    closed[side] = true;
    queues[side].length = 0;
    receivers[side]?.onClose(error);
  };
  const end = (side) => ({
    // The connection may reuse the bytes it sent: the queue keeps a copy.
    send: (message) => {
      if (!closed[side] && !closed[1 - side]) queues[1 - side].push(message.slice());
    },
    start: (onMessage, onClose) => { receivers[side] = { onMessage, onClose }; },
    close: () => {
      if (closed[side]) return;
      if (!closed[1 - side]) queues[1 - side].push(CLOSED);
      queueMicrotask(() => closeSide(side));
    },
  });
  return {
    ends: [end(0), end(1)],
    /** Delivers up to `count` of the messages waiting for `side` (0 or 1); returns how many. */
    deliver(side, count = Infinity) {
      let n = 0;
      while (n < count && queues[side].length > 0) {
        const message = queues[side].shift();
        if (message === CLOSED) closeSide(side);
        else receivers[side].onMessage(message);
        n++;
      }
      return n;
    },
    /** The carrier breaks: both sides see it close with `error`; nothing waiting arrives. */
    fail(error) {
      closeSide(0, error);
      closeSide(1, error);
    },
    get waiting() {
      return queues[0].length + queues[1].length;
    },
    /** Delivers everything both ways until nothing moves for three turns, letting local calls run between. */
    flush() {
      return flushPairs([this]);
    },
  };
}

/** `flush` for several scheduled pairs at once: until nothing moves on any of them for three turns. */
export async function flushPairs(pairs) {
  for (let quiet = 0; quiet < 3;) {
    await turn();
    let moved = 0;
    for (const pair of pairs) moved += pair.deliver(0) + pair.deliver(1);
    quiet = moved === 0 ? quiet + 1 : 0;
  }
}
