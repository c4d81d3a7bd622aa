// Runs the runtime-neutral checks of test/runtimes/checks/ and counts what passed. No runtime
// dependency: the same module runs in Node, Bun, Deno, browsers and workerd.
import { allChecks } from './checks/index.mjs';

const CHECK_TIMEOUT_MS = 20_000;

/**
 * Runs every check with `config` ({ websocketUrl, WebSocket? }) and returns
 * { runtime, passed, failed, failures: [{ name, message }] } (`runtime` from describeRuntime()).
 */
export async function runChecks(config = {}) {
  let passed = 0;
  const failures = [];
  for (const check of allChecks) {
    let timer;
    try {
      await Promise.race([
        Promise.resolve().then(() => check.run(config)),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`timed out after ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
        }),
      ]);
      passed++;
    } catch (error) {
      failures.push({ name: check.name, message: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
    } finally {
      clearTimeout(timer);
    }
  }
  return { runtime: describeRuntime(), passed, failed: failures.length, failures };
}

/** Which runtime this is, as it says itself: `node v22.…`, `bun 1.…`, `deno 2.…`, or its user agent. */
export function describeRuntime() {
  if (globalThis.Deno?.version !== undefined) return `deno ${globalThis.Deno.version.deno}`;
  if (globalThis.Bun?.version !== undefined) return `bun ${globalThis.Bun.version}`;
  if (globalThis.process?.release?.name === 'node') return `node ${globalThis.process.version}`;
  return globalThis.navigator?.userAgent ?? 'unknown';
}

/** The line a runtime's entry prints last, read back by scripts/test-runtimes.mjs. */
export const RESULT_PREFIX = 'CAPSTAN-RUNTIME-RESULT ';
