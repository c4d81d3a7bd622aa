// Chromium, for real: Debian's /usr/bin/chromium driven by playwright-core (no browser download).
// The page (chromium-page.mjs, bundled with esbuild) runs the shared checks of web-checks.mjs,
// RPC over the browser's WebSocket to a listenWebSocket server in this Node process, and RPC over
// a MessageChannel in the page and to a module Web Worker (chromium-worker.mjs), which runs the
// shared checks too. Results come back through page.evaluate.
//
//   node scripts/runtimes/chromium.mjs        (after npm run build)
//
// Exports runChromium(), used by scripts/test-runtimes.mjs.
import { existsSync, readFileSync } from 'node:fs';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { HERE, buildBundles, reportCli, scratchDir } from './web-build.mjs';

export const CHROMIUM = process.env.CAPSTAN_CHROMIUM ?? '/usr/bin/chromium';

const PAGE = '<!doctype html><meta charset="utf-8"><title>capstan runtime checks</title><script type="module" src="/page.js"></script>\n';

/** Runs the checks in Chromium: { runtime: 'chromium <version>', results: [{ name, ok, error }] }. Throws when Chromium cannot be started. */
export async function runChromium() {
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM} (apt-get install chromium)`);
  const { chromium } = await import('playwright-core');
  const dir = scratchDir('chromium');
  const { files, node } = await buildBundles(dir, { page: join(HERE, 'chromium-page.mjs'), worker: join(HERE, 'chromium-worker.mjs') });
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const body = path === '/' ? PAGE : path === '/page.js' ? readFileSync(files.page) : path === '/worker.js' ? readFileSync(files.worker) : null;
    if (body === null) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': path === '/' ? 'text/html; charset=utf-8' : 'text/javascript; charset=utf-8' }).end(body);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const base = `http://127.0.0.1:${server.address().port}`;
  const listener = await node.listenWebSocket(server, { path: '/rpc', bootstrap: () => node.serveCalc('node') });
  let browser = null;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'], timeout: 60000 });
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(`${base}/`);
    await page.waitForFunction(() => globalThis.pageReady === true, null, { timeout: 20000 }).catch((error) => {
      throw new Error(`the page did not load its bundle: ${errors.join('; ') || error.message}`);
    });
    const results = await page.evaluate((urls) => globalThis.runAll(urls), { wsUrl: `ws://127.0.0.1:${server.address().port}/rpc`, workerUrl: `${base}/worker.js` });
    results.push({ name: 'no uncaught errors in the page', ok: errors.length === 0, error: errors.join('\n') });
    return { runtime: `chromium ${browser.version()}`, results };
  } finally {
    await browser?.close();
    await listener.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await reportCli(runChromium);
}
