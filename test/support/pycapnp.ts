/**
 * pycapnp as a second reference compiler. Its wheel bundles the C++ library of Cap'n Proto 1.x,
 * whose compiler reads the language 1.0 added (block quotes, struct values given as their
 * first field's: docs/compiler.md, "The language's editions"), which the reference tool 0.9.2
 * rejects. The Python is CAPSTAN_PYCAPNP_PYTHON, else the RPC interop peer's virtualenv
 * (`interop/peers/python/build <vectors>` makes it; .ci/run builds it before `npm test`), else
 * `python3`, whichever can import `capnp`. Without one, suites are skipped with a notice, or
 * fail under CAPSTAN_REQUIRE_REFERENCE=1 (CI).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';
import { REQUIRE_REFERENCE } from './reference.js';

const SCRIPT = fileURLToPath(new URL('./pycapnp-nodes.py', import.meta.url));
const PEER_PYTHON = fileURLToPath(new URL('../../interop/peers/python/build-out/venv/bin/python', import.meta.url));

/**
 * The first Python that imports pycapnp 2 or later: the releases that bundle Cap'n Proto 1.x
 * (pycapnp 1.x bundled 0.8 to 0.10, whose compilers lack what is checked here).
 */
function findPython(): { python: string; version: string } | null {
  const candidates = [process.env.CAPSTAN_PYCAPNP_PYTHON, existsSync(PEER_PYTHON) ? PEER_PYTHON : undefined, 'python3'];
  for (const python of candidates) {
    if (python === undefined) continue;
    const probe = spawnSync(python, ['-c', 'import capnp; print(capnp.__version__)'], { encoding: 'utf8' });
    const version = probe.stdout?.trim() ?? '';
    if (probe.error === undefined && probe.status === 0 && Number.parseInt(version, 10) >= 2) return { python, version };
  }
  return null;
}

const found = findPython();

/** `pycapnp X.Y.Z`, or null when no Python here can import pycapnp. */
export const pycapnpVersion: string | null = found === null ? null : `pycapnp ${found.version}`;

/** `describe` for suites that need pycapnp (see the file's comment). */
export function describePycapnp(name: string, fn: () => void): void {
  if (found !== null) {
    describe(name, fn);
    return;
  }
  if (REQUIRE_REFERENCE) {
    describe(name, () => {
      it('needs pycapnp', () => {
        throw new Error('CAPSTAN_REQUIRE_REFERENCE=1 but no Python here imports pycapnp 2 or later: run interop/peers/python/build <vectors>, or set CAPSTAN_PYCAPNP_PYTHON');
      });
    });
    return;
  }
  console.warn('[capstan] pycapnp 2 or later not found: skipping the checks of the 1.0 schema language against its compiler (run interop/peers/python/build <vectors>, or set CAPSTAN_PYCAPNP_PYTHON)');
  describe.skip(name, fn);
}

export type PycapnpResult =
  | { readonly nodes: ReadonlyMap<string, Uint8Array> }
  | { readonly error: string };

/**
 * The nodes pycapnp's compiler makes of `file` (a name in `cwd`; pycapnp names the file by its
 * last component, so it should be given as one), by id in hex, each a framed message: the
 * file's node and all it declares (groups and method param structs included). Or the first
 * error it reports (pycapnp stops at the first; for some it aborts the process).
 */
export function pycapnpNodes(file: string, cwd: string, importPaths: readonly string[] = []): PycapnpResult {
  if (found === null) throw new Error('pycapnp is not available');
  const run = spawnSync(found.python, [SCRIPT, file, ...importPaths], { cwd, encoding: 'utf8', maxBuffer: 1 << 28 });
  const output = run.stdout.trim();
  if (run.status !== 0 || output === '') {
    const what = /what\(\):\s*(.*)/.exec(run.stderr);
    return { error: what?.[1] ?? run.stderr.trim().split('\n')[0] ?? `exit ${String(run.status)}` };
  }
  const parsed = JSON.parse(output) as { error?: string; nodes?: Record<string, string> };
  if (parsed.error !== undefined) return { error: parsed.error };
  return { nodes: new Map(Object.entries(parsed.nodes ?? {}).map(([id, base64]) => [id, new Uint8Array(Buffer.from(base64, 'base64'))])) };
}
