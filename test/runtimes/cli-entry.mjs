// The entry point for runtimes with a command line (Node, Bun, Deno): reads its settings from
// the environment, runs the checks, prints one result line. scripts/test-runtimes.mjs runs it.
import { RESULT_PREFIX, runChecks } from './harness.mjs';

const env = (name) => (globalThis.Deno !== undefined ? globalThis.Deno.env.get(name) : globalThis.process?.env?.[name]);

const config = { websocketUrl: env('CAPSTAN_RUNTIME_WS_URL') };
// Node 20 has no global WebSocket: there the script asks for `ws`'s client class, the way
// docs/rpc.md tells Node 20 users to connect. Everywhere else the global one is used.
if (env('CAPSTAN_RUNTIME_WEBSOCKET') === 'ws') config.WebSocket = (await import('ws')).default;

const result = await runChecks(config);
console.log(RESULT_PREFIX + JSON.stringify(result));
// Deno and Bun keep running while a socket or timer is open; the result is out, so stop here.
if (globalThis.Deno !== undefined) globalThis.Deno.exit(0);
else globalThis.process?.exit(0);
