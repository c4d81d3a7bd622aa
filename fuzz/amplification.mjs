#!/usr/bin/env node
// Amplification per target: replays inputs without instrumentation and prints the worst time
// per input byte (at least 64 bytes charged, the median of 5 runs), against the same measure
// over the target's seed corpus (the baseline, in the same process).
//
//   node fuzz/amplification.mjs [target...] [--dir DIR]   (default: fuzz/slow and fuzz/.work/slow)
//
// The long-run script writes the slowest inputs of each run to <out>/slow/<target>/.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { measure } from './measure.mjs';

const ROOT = new URL('..', import.meta.url).pathname;
const { values, positionals } = parseArgs({ allowPositionals: true, options: { dir: { type: 'string', multiple: true } } });
const dirs = values.dir ?? [join(ROOT, 'fuzz/slow'), join(ROOT, 'fuzz/.work/slow')];
const targets = positionals.length > 0 ? positionals
  : readdirSync(join(ROOT, 'fuzz/targets')).filter((f) => f.endsWith('.fuzz.mjs')).map((f) => f.slice(0, -9)).sort();

const load = (dir) => (existsSync(dir) ? readdirSync(dir).filter((f) => !f.endsWith('.txt')).map((f) => ({ name: f, data: new Uint8Array(readFileSync(join(dir, f))) })) : []);
console.log('target            baseline us/B   worst us/B   worst/baseline   worst input');
for (const name of targets) {
  const target = await import(pathToFileURL(join(ROOT, 'fuzz/targets', `${name}.fuzz.mjs`)).href);
  const seeds = load(join(ROOT, 'fuzz/corpus', name));
  const suspects = dirs.flatMap((d) => load(join(d, name)));
  const baseline = measure(target, seeds).median;
  const worst = measure(target, suspects.length > 0 ? suspects : seeds).worst;
  console.log(`${name.padEnd(18)}${baseline.toFixed(3).padStart(13)}${worst.microsPerByte.toFixed(3).padStart(13)}${(worst.microsPerByte / baseline).toFixed(1).padStart(17)}   ${worst.name} (${worst.bytes} B, ${worst.micros.toFixed(0)} us)`);
}
