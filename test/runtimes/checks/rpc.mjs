// RPC with generated clients and servers: in-process (transportPair), over the runtime's own
// MessageChannel, and over WebSocket to the server scripts/test-runtimes.mjs runs in Node, with
// this runtime's own WebSocket client.
import { Connection, transportPair } from 'capstan/rpc';
import { connectMessagePort } from 'capstan/rpc/message-port';
import { connectWebSocket } from 'capstan/rpc/websocket';
import * as generated from '../.generated/runtime.capnp.js';
import { deepEqual, equal, ok, rejects } from '../assert.mjs';
import { serveEcho } from './echo-server.mjs';

const { EchoClient } = generated;
const EMPTY_TABLES = { questions: 0, awaitingReturn: 0, answers: 0, exports: 0, imports: 0, embargoes: 0, heldBytes: 0 };

/** Calls every method of the Echo behind `connection` and checks what comes back. */
async function exercise(connection) {
  const echo = connection.bootstrap(EchoClient);
  equal((await echo.echo({ text: 'héllo' })).text, 'echo: héllo', 'echo');
  const sum = await echo.sum({ item: { id: 40n, name: 'root', children: [{ id: 2n, name: 'leaf' }] } });
  equal(sum.total, 42n, 'sum.total');
  deepEqual([...sum.names], ['root', 'leaf'], 'sum.names');
  // Pipelining: next() goes out on the promised counter before makeCounter returns.
  const made = echo.makeCounter({ start: 10 });
  const first = made.counter.next();
  const second = made.counter.next();
  equal((await first).value, 11, 'pipelined next');
  equal((await second).value, 12, 'second next');
  const { counter } = await made;
  equal((await counter.next()).value, 13, 'next on the resolved counter');
  counter.close();
  made.dispose();
  await rejects(echo.fail({ message: 'on purpose' }), { type: 'failed', message: /on purpose/ }, 'fail');
  echo.close();
}

async function untilEmpty(connection) {
  for (let i = 0; i < 100; i++) {
    const stats = connection.stats();
    if (Object.values(stats).every((n) => n === 0)) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  deepEqual(connection.stats(), EMPTY_TABLES, 'connection tables after release');
}

export const checks = [
  {
    name: 'rpc: calls, pipelining and errors over transportPair()',
    async run() {
      const [clientEnd, serverEnd] = transportPair();
      const server = new Connection(serverEnd, { bootstrap: serveEcho(generated) });
      const client = new Connection(clientEnd);
      try {
        await exercise(client);
        await untilEmpty(client);
        await untilEmpty(server);
      } finally {
        await client.close();
        await server.close();
      }
    },
  },
  {
    name: 'rpc: calls, pipelining and errors over a MessageChannel',
    async run() {
      ok(typeof globalThis.MessageChannel === 'function', 'a global MessageChannel');
      const channel = new MessageChannel();
      const server = connectMessagePort(channel.port2, { bootstrap: serveEcho(generated) });
      const client = connectMessagePort(channel.port1);
      try {
        await exercise(client);
        await untilEmpty(client);
        await untilEmpty(server);
      } finally {
        await client.close();
        await server.close();
      }
    },
  },
  {
    name: 'rpc: calls, pipelining and errors over WebSocket (this runtime as client, Node as server)',
    async run(config) {
      ok(typeof config.websocketUrl === 'string', 'a WebSocket server URL (CAPSTAN_RUNTIME_WS_URL)');
      if (config.WebSocket === undefined) ok(typeof globalThis.WebSocket === 'function', 'a global WebSocket');
      const connection = await connectWebSocket(config.websocketUrl, config.WebSocket === undefined ? {} : { WebSocket: config.WebSocket });
      try {
        await exercise(connection);
        await untilEmpty(connection);
      } finally {
        await connection.close();
      }
    },
  },
];
