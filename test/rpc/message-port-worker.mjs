// A worker thread serving test/rpc/transport-host.mjs's Echo over its parentPort, with Capstan
// from dist/ (module URLs in workerData). When the connection ends, it reports the connection's
// tables and what the host still holds on `workerData.control`.
import { parentPort, workerData } from 'node:worker_threads';
import { createTransportHost } from './transport-host.mjs';

const { connectMessagePort } = await import(workerData.messagePortModule);
const fixture = await import(workerData.fixtureModule);
const host = createTransportHost(fixture);
const connection = connectMessagePort(parentPort, { bootstrap: host.bootstrap, closePort: false });
connection.onDisconnect((error) => {
  host.bootstrap.close();
  // Let released capabilities be disposed before reporting.
  setTimeout(() => {
    workerData.control.postMessage({ error: { type: error.type, message: error.message }, stats: connection.stats(), live: host.live });
  }, 20);
});
workerData.control.postMessage({ ready: true });
