// The command-line runtimes' random RPC check: random-sequences.mjs over runtime.capnp's Echo
// (echoCap, later, openGate) and Counter, served by echo-server.mjs.
import * as generated from '../.generated/runtime.capnp.js';
import { serveEcho } from './echo-server.mjs';
import { randomCallSequences } from './random-sequences.mjs';

const SEQUENCES = 40;

export const checks = [
  {
    name: `rpc: ${SEQUENCES} random call sequences keep each reference's calls in order and empty both tables`,
    run: () => randomCallSequences({ Relay: generated.Echo, RelayClient: generated.EchoClient, Tally: generated.Counter, serveRelay: () => serveEcho(generated) }, SEQUENCES),
  },
];
