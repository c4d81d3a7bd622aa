/**
 * scripts/conformance-wire.mjs, run on vectors of our own (test/fixtures/wire/vectors): it
 * passes on good vectors and reports a difference on a damaged one.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { builtCliProblem, ROOT } from '../support/cli.js';
import { describeReference } from '../support/reference.js';

const SCRIPT = fileURLToPath(new URL('../../scripts/conformance-wire.mjs', import.meta.url));
const VECTORS = fileURLToPath(new URL('../fixtures/wire/vectors', import.meta.url));

function runScript(dir: string): { status: number; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [SCRIPT, dir], { cwd: ROOT, encoding: 'utf8' });
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

const problem = builtCliProblem();
if (problem !== null) console.warn(`[capstan] skipping the conformance script test: ${problem}`);

describeReference('scripts/conformance-wire.mjs', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'capstan-vectors-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it.skipIf(problem !== null)('passes every check on good vectors', () => {
    const result = runScript(VECTORS);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/12\/12 checks passed/);
    expect(result.stdout).not.toMatch(/FAIL/);
  });

  it.skipIf(problem !== null)('fails, naming the check and the byte, when a vector differs', () => {
    cpSync(VECTORS, scratch, { recursive: true });
    const packed = join(scratch, 'capnp-0.9.2', 'capnp', 'testdata', 'packed');
    const bytes = readFileSync(packed);
    bytes[20] = bytes[20]! ^ 0xff;
    writeFileSync(packed, bytes);
    const result = runScript(scratch);
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/FAIL {2}binary -> packed .* differs from packed at byte 20/);
    expect(result.stdout).toMatch(/checks passed/);
  });

  it('refuses to run without a vectors folder', () => {
    const result = runScript(join(scratch, 'nowhere'));
    expect(result.status).toBe(2);
  });
});

describe('conformance script usage', () => {
  it('prints usage without arguments', () => {
    const result = spawnSync(process.execPath, [SCRIPT], { encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/usage: node scripts\/conformance-wire.mjs VECTORS_DIR/);
  });
});
