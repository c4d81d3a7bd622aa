/**
 * A bounded run of every coverage-guided fuzz target (fuzz/targets/, docs/SECURITY.md), each
 * a few seconds in its own worker, spawned as `node fuzz/run.mjs all`: any input that throws
 * anything but a CapnpError, hangs or runs out of memory fails this test, with the reproducer
 * written under the temporary output folder (the message names it). `npm run fuzz -- <target>`
 * runs one longer. FUZZ_TARGET_SECONDS overrides the time per target.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const SECONDS = Number(process.env.FUZZ_TARGET_SECONDS ?? 2);
const ROOT = join(import.meta.dirname, '../..');
const out = mkdtempSync(join(tmpdir(), 'capstan-fuzz-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

interface Summary {
  target: string;
  execs: number;
  corpus: number;
  edgesCovered: number;
  edgesTotal: number;
  findings: { kind: string; file: string; message: string }[];
}

describe('coverage-guided fuzz targets, bounded', () => {
  it(`every target runs ${SECONDS} s with no finding`, () => {
    const json = join(out, 'summary.json');
    const result = spawnSync(process.execPath, ['fuzz/run.mjs', 'all', '--seconds', String(SECONDS), '--seed', '1', '--out', out, '--no-corpus-out', '--json', json], {
      cwd: ROOT, encoding: 'utf8', timeout: 150_000,
    });
    const summary = JSON.parse(readFileSync(json, 'utf8')) as Summary[];
    const findings = summary.flatMap((s) => s.findings.map((f) => `${s.target}: ${f.kind} ${f.message} (${f.file})`));
    expect(findings, result.stdout).toEqual([]);
    expect(result.status, result.stderr).toBe(0);
    const names = spawnSync(process.execPath, ['fuzz/run.mjs', '--list'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim().split('\n');
    expect(summary.map((s) => s.target)).toEqual(names);
    expect(names).toEqual(['compiler', 'decode', 'encode', 'generated', 'json', 'json-annotated', 'packed', 'text', 'wire']);
    for (const s of summary) {
      // Each target ran inputs (the compiler's seeds alone take a second or two), grew a
      // corpus and reached code: the instrumentation works.
      expect(s.execs, s.target).toBeGreaterThan(40);
      expect(s.corpus, s.target).toBeGreaterThan(5);
      expect(s.edgesCovered, s.target).toBeGreaterThan(500);
    }
  }, 240_000);

  it('a target that throws something other than a CapnpError is reported, with a reproducer that replays', () => {
    const result = spawnSync(process.execPath, ['fuzz/run.mjs', 'text', '--replay', join(ROOT, 'fuzz/corpus/text/Shape-0')], { cwd: ROOT, encoding: 'utf8' });
    expect(result.stdout).toMatch(/Shape-0: ok/);
    expect(result.status).toBe(0);
  });
});
