#!/usr/bin/env node
// `npm run bench [-- --quick] [-- --json FILE] [-- --only news,micro,...]`: Capstan side by side
// with JSON, capnp-es and the C++ library, in one run. Prints medians and ratios and whether
// each goal is met (it never fails on a missed goal); --json also writes the rows.
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import { formatTime, Suite } from './lib/harness.mjs';
import { prepare } from './lib/setup.mjs';

const { values } = parseArgs({
  options: { quick: { type: 'boolean', default: false }, json: { type: 'string' }, only: { type: 'string' } },
});
const log = (line) => console.log(line);
const only = values.only ? new Set(values.only.split(',')) : null;
const wanted = (name) => !only || only.has(name);

const env = await prepare(log);
const suite = new Suite({ quick: values.quick, log });
log(`\nmeasuring (${suite.rounds} rounds of ≥${suite.minRoundMs} ms per implementation and case)`);

const { news } = await import('./workloads/news.mjs');
const { micro } = await import('./workloads/micro.mjs');
const { upstream } = await import('./workloads/upstream.mjs');
const { packing } = await import('./workloads/packing.mjs');
const { size } = await import('./workloads/size.mjs');

const inputs = {};
const newsResult = await (wanted('news') ? news(suite, env) : news({ ...suite, compare: async () => ({}), log: () => {} }, env));
inputs.newsBytes = newsResult.bytes;
if (wanted('micro')) await micro(suite, env);
if (wanted('upstream') || wanted('carsales')) await upstream(suite, env);
if (wanted('packing')) await packing(suite, env, inputs);
if (wanted('size')) await size(suite, env, inputs);

// ---- report -------------------------------------------------------------------------------
const rows = suite.rows;
const timeOf = (workload, caseName, impl) => rows.find((r) => r.workload === workload && r.case === caseName && r.impl === impl)?.median_ns;
const goals = [];
const goal = (label, actual, target, better) => {
  if (actual === undefined || Number.isNaN(actual)) return;
  const met = better === 'higher' ? actual >= target : actual <= target;
  goals.push({ label, actual, target, met, better });
};
for (const [c, target] of [['read-all', 3], ['sparse', 100], ['build', 3]]) {
  const json = timeOf('news', c, 'json');
  const capstan = timeOf('news', c, 'capstan');
  if (json && capstan) goal(`news ${c}: capstan vs JSON.${c === 'build' ? 'stringify' : 'parse'} (× faster)`, json / capstan, target, 'higher');
}
for (const r of rows.filter((r) => r.impl === 'capstan' && r.median_ns !== undefined && r.workload !== 'news' && r.workload !== 'startup')) {
  const cpp = timeOf(r.workload, r.case, 'cpp');
  if (cpp) goal(`${r.workload} ${r.case}: capstan / C++ (× slower)`, r.median_ns / cpp, 1.5, 'lower');
}
const runtimeSize = rows.find((r) => r.workload === 'size' && r.case === 'capstan (runtime)');
if (runtimeSize) goal('runtime entry point, min+gzip (bytes)', runtimeSize.gzip_bytes, 8192, 'lower');

log('\n## Results (medians; ratios against the first implementation of each case)\n');
const cases = [...new Set(rows.filter((r) => r.median_ns !== undefined && r.workload !== 'startup').map((r) => `${r.workload}\t${r.case}`))];
log('| workload | case | implementations |');
log('|---|---|---|');
for (const key of cases) {
  const [workload, caseName] = key.split('\t');
  const impls = rows.filter((r) => r.workload === workload && r.case === caseName);
  const base = impls[0].median_ns;
  log(`| ${workload} | ${caseName} | ${impls.map((r) => `${r.impl} ${formatTime(r.median_ns)}${r === impls[0] ? '' : ` (${(r.median_ns / base).toFixed(2)}×)`}`).join(', ')} |`);
}
log('\n## Goals\n');
for (const g of goals) log(`${g.met ? 'met    ' : 'MISSED '} ${g.label}: ${Number.isInteger(g.actual) ? g.actual : g.actual.toFixed(2)} (goal ${g.better === 'higher' ? '≥' : '≤'} ${g.target})`);

const machine = `${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB`;
log(`\nmachine: ${machine}; node ${process.version}; ${new Date().toISOString()}`);
if (values.json) {
  writeFileSync(values.json, JSON.stringify({ machine, node: process.version, date: new Date().toISOString(), quick: values.quick, rows, goals }, null, 2) + '\n');
  log(`wrote ${values.json}`);
}
