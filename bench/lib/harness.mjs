// Measuring and reporting. JS cases are measured with mitata's `measure` (warm-up, batching,
// per-iteration timing); the C++ harness measures the same cases in its own process. Each case
// runs in several rounds, interleaving the implementations so drift hits them alike, and the
// figure reported is the median of the rounds. Ratios between implementations measured in the
// same run are what count: absolute times drift between runs on shared machines.
import { spawnSync } from 'node:child_process';
import { measure } from 'mitata';
import { formatTime, median } from './stats.mjs';

export { formatTime, median } from './stats.mjs';

export class Suite {
  constructor({ quick, log }) {
    this.quick = quick;
    this.log = log;
    this.rounds = quick ? 3 : 7;
    this.minRoundMs = quick ? 80 : 400;
    this.rows = [];
  }

  /**
   * Measures `impls` ({name: fn}) for one case, interleaved over rounds. `cpp`, if given, is
   * [harness, args] for the C++ implementation of the same case. `perCall` divides the JS
   * figures when one invocation makes that many operations (an RPC burst); the C++ harness
   * divides its own. `minSamples` lowers mitata's floor of 12 samples per round for cases whose
   * one operation takes a large part of a second (news-large): a round then lasts ≥ minRoundMs
   * and at least `minSamples` operations, not 12 of them.
   */
  async compare(workload, caseName, impls, cpp, { perCall = 1, minSamples } = {}) {
    const options = (minCpuTime) => (minSamples === undefined ? { min_cpu_time: minCpuTime } : { min_cpu_time: minCpuTime, min_samples: minSamples });
    const samples = Object.fromEntries(Object.keys(impls).map((name) => [name, []]));
    // Warm up first: mitata warms up only functions faster than 0.5 ms, and slower ones (a
    // compile, a large build) keep getting faster for a while as the JIT optimizes them.
    for (const fn of Object.values(impls)) await measure(fn, options(this.minRoundMs * 2e6));
    for (let round = 0; round < this.rounds; round++) {
      for (const [name, fn] of Object.entries(impls)) {
        const stats = await measure(fn, options(this.minRoundMs * 1e6));
        samples[name].push(stats.avg / perCall);
      }
    }
    const result = {};
    for (const [name, values] of Object.entries(samples)) {
      result[name] = median(values);
      this.rows.push({ workload, case: caseName, impl: name, median_ns: result[name], rounds: this.rounds });
    }
    if (cpp) {
      const [harness, args] = cpp;
      const out = spawnSync(harness, [workload, caseName, String(this.minRoundMs), String(this.rounds), ...args], { encoding: 'utf8' });
      if (out.status !== 0) throw new Error(`C++ harness failed for ${workload}/${caseName}: ${out.stderr}`);
      result.cpp = Number(out.stdout.trim());
      this.rows.push({ workload, case: caseName, impl: 'cpp', median_ns: result.cpp, rounds: this.rounds });
    }
    this.log(`  ${workload} ${caseName}: ${Object.entries(result).map(([n, v]) => `${n} ${formatTime(v)}`).join(', ')}`);
    return result;
  }

  addRow(row) {
    this.rows.push(row);
  }
}

/** Fails loudly if implementations disagree on a result, before anything is timed. */
export function sameResults(label, results) {
  const entries = Object.entries(results);
  const [firstName, firstValue] = entries[0];
  for (const [name, value] of entries.slice(1)) {
    if (JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? String(v) : v)) !== JSON.stringify(firstValue, (_, v) => (typeof v === 'bigint' ? String(v) : v))) {
      throw new Error(`${label}: ${name} computes ${value}, ${firstName} computes ${firstValue}`);
    }
  }
}
