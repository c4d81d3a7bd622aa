/**
 * The campaign ledger (fuzz/campaigns.json, docs/SECURITY.md "Campaigns"): the table in the
 * document is the one `node fuzz/ledger.mjs table` prints from the ledger, and the scale
 * campaign of issue 15 reached its counts (10 million wire inputs, 1 million per other target)
 * with every target and no finding left open.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const CAMPAIGN = 'issue-15-scale';

interface Run {
  campaign: string;
  target: string;
  commit: string;
  command: string;
  inputs: number;
  findings: unknown[];
}

describe('the fuzzing campaign ledger', () => {
  const ledger = JSON.parse(readFileSync(join(ROOT, 'fuzz/campaigns.json'), 'utf8')) as { runs: Run[] };
  const runs = ledger.runs.filter((r) => r.campaign === CAMPAIGN);

  it('docs/SECURITY.md shows the table the ledger prints', () => {
    const result = spawnSync(process.execPath, ['fuzz/ledger.mjs', 'table', '--campaign', CAMPAIGN], { cwd: ROOT, encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines.length).toBeGreaterThan(2);
    const doc = readFileSync(join(ROOT, 'docs/SECURITY.md'), 'utf8');
    for (const line of lines) expect(doc).toContain(line);
  });

  it('every target ran its count: 10 million for wire, 1 million for each other (a target added since, in a campaign of its own)', () => {
    const targets = readdirSync(join(ROOT, 'fuzz/targets')).filter((f) => f.endsWith('.fuzz.mjs')).map((f) => f.slice(0, -'.fuzz.mjs'.length)).sort();
    expect([...new Set(ledger.runs.map((r) => r.target))].sort()).toEqual(targets);
    for (const target of targets) {
      const scale = runs.filter((r) => r.target === target);
      const inputs = (scale.length > 0 ? scale : ledger.runs.filter((r) => r.target === target)).reduce((a, r) => a + r.inputs, 0);
      expect(inputs, target).toBeGreaterThanOrEqual(target === 'wire' ? 10_000_000 : 1_000_000);
    }
    for (const run of runs) {
      expect(run.command).toMatch(new RegExp(`^nice -n 15 node fuzz/run\\.mjs ${run.target} `));
      expect(run.commit).toMatch(/^[0-9a-f]{7,}$/);
    }
  });

  it('no finding of the campaign is left unrecorded', () => {
    // Findings are fixed and listed under "Found and fixed"; the scale campaign had none.
    expect(runs.flatMap((r) => r.findings)).toEqual([]);
  });
});
