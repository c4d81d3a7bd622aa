// A child process serving test/rpc/transport-host.mjs's Echo over its standard input and
// output (Capstan from dist/, module URLs in argv: a child cannot load TypeScript). When the
// connection ends, it writes one line of JSON to standard error: the connection's tables and
// what the host still holds.
import { Duplex } from 'node:stream';
import { createTransportHost } from './transport-host.mjs';

const [rpcModule, nodeModule, fixtureModule] = process.argv.slice(2);
const { Connection } = await import(rpcModule);
const { SocketTransport } = await import(nodeModule);
const fixture = await import(fixtureModule);
const host = createTransportHost(fixture);
const transport = new SocketTransport(Duplex.from({ readable: process.stdin, writable: process.stdout }));
const connection = new Connection(transport, { bootstrap: host.bootstrap });
connection.onDisconnect((error) => {
  host.bootstrap.close();
  setTimeout(() => {
    process.stderr.write(`${JSON.stringify({ error: { type: error.type, message: error.message }, stats: connection.stats(), live: host.live })}\n`);
    process.exit(0);
  }, 20);
});
