// The module Web Worker of the Chromium run: serves a Calc on the MessagePort it is sent, and
// runs the shared checks when asked, posting the results back.
import { connectMessagePort } from 'capstan/rpc/message-port';
import { runChecks, serveCalc, sharedChecks } from './web-checks.mjs';

/* global __EXPECTED__ */
self.addEventListener('message', async (event) => {
  if (event.data?.serve) {
    connectMessagePort(event.data.serve, { bootstrap: serveCalc('web worker') });
  } else if (event.data?.run) {
    self.postMessage(await runChecks(sharedChecks(__EXPECTED__, 'web worker')));
  }
});
