/**
 * Amplification budgets per parser (issue 15, docs/SECURITY.md): the slowest inputs the fuzzers
 * found for each target (fuzz/slow/<target>/, written by `node fuzz/run.mjs`) must take at most
 * fuzz/budgets.json's multiple of the time per byte of the target's seed corpus, measured in
 * this process without instrumentation. `node fuzz/amplification.mjs` prints the same numbers.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { measure } from '../../fuzz/measure.mjs';

const ROOT = join(import.meta.dirname, '../..');
const budgets = JSON.parse(readFileSync(join(ROOT, 'fuzz/budgets.json'), 'utf8')) as Record<string, number>;
const load = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((f) => !f.endsWith('.txt')).map((name) => ({ name, data: new Uint8Array(readFileSync(join(dir, name))) })) : []);
const targets = readdirSync(join(ROOT, 'fuzz/targets')).filter((f) => f.endsWith('.fuzz.mjs')).map((f) => f.slice(0, -'.fuzz.mjs'.length)).sort();

describe('amplification budgets', () => {
  it('every target has a budget', () => {
    expect(Object.keys(budgets).filter((k) => k !== 'comment').sort()).toEqual(targets);
  });

  for (const name of targets) {
    it(`${name}: the slowest inputs found stay within ${budgets[name]}x the seed corpus' time per byte`, async () => {
      const target = await import(pathToFileURL(join(ROOT, 'fuzz/targets', `${name}.fuzz.mjs`)).href);
      // The baseline: up to 16 seeds (the compiler's take ~100 ms each); the suspects: the
      // slowest inputs found, or the seeds when none were kept.
      const seeds = load(join(ROOT, 'fuzz/corpus', name)).slice(0, 16);
      const slow = load(join(ROOT, 'fuzz/slow', name));
      // Other test files run beside this one: a measurement over budget is taken again (up to
      // three times in all) and the best kept, since load only ever inflates a time. A real
      // amplification stays over budget on every attempt.
      let best: { ratio: number; what: string } | null = null;
      for (let attempt = 0; attempt < 3 && (best === null || best.ratio >= budgets[name]!); attempt++) {
        const baseline = measure(target, seeds, 3).median;
        const { worst } = measure(target, slow.length > 0 ? slow : seeds, 3);
        expect(baseline).toBeGreaterThan(0);
        const ratio = worst.microsPerByte / baseline;
        if (best === null || ratio < best.ratio) best = { ratio, what: `${worst.name}: ${worst.micros.toFixed(0)} us for ${worst.bytes} bytes` };
      }
      expect(best!.ratio, best!.what).toBeLessThan(budgets[name]!);
    }, 60_000);
  }
});
