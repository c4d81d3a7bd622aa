#!/usr/bin/env node
// `npm run bench [-- --quick] [-- --json FILE] [-- --only news,micro,...] [-- --vectors DIR]`: Capstan side by side
// with JSON, capnp-es and the C++ library, in one run (each workload in a process of its own).
// Prints medians and ratios and whether
// each goal is met (it never fails on a missed goal); --json also writes the rows.
// BENCH_NODE_FLAGS="--flag ..." passes V8/Node flags to the workload processes, for diagnosis
// (e.g. --trace-pretenuring-statistics, --no-allocation-site-pretenuring); reported figures
// use Node's defaults.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { formatTime } from './lib/stats.mjs';
import { BENCH, prepare } from './lib/setup.mjs';

const WORKLOADS = ['news', 'micro', 'upstream', 'packing', 'size', 'strings', 'allocation', 'compile', 'rpc', 'rpc-tcp'];
/** Node flags a workload needs: the allocation count wants gc() and a young generation roomy enough for a batch. */
const WORKLOAD_FLAGS = { allocation: ['--expose-gc', '--min-semi-space-size=64', '--max-semi-space-size=64'] };

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false }, json: { type: 'string' }, only: { type: 'string' },
    // Upstream test vectors (e.g. ../shared/vectors): compile time is then measured on test.capnp.
    vectors: { type: 'string' },
  },
});
const log = (line) => console.log(line);
const only = values.only ? new Set(values.only.split(',')) : null;
// `--only rpc` means both RPC workloads (in process and over TCP).
const wanted = (name) => !only || only.has(name) || (name === 'rpc-tcp' && only.has('rpc'));

const env = await prepare(log);
const quick = values.quick;
log(`\nmeasuring (${quick ? 3 : 7} rounds of ≥${quick ? 80 : 400} ms per implementation and case, after warm-up; each workload in a fresh process)`);

const rows = [];
const scratch = mkdtempSync(join(tmpdir(), 'capstan-bench-'));
for (const name of WORKLOADS) {
  if (!wanted(name)) continue;
  const rowsFile = join(scratch, `${name}.json`);
  const args = [join(BENCH, 'workload.mjs'), name, JSON.stringify(env), rowsFile];
  if (quick) args.push('--quick');
  if (values.vectors) args.push('--vectors', values.vectors);
  const nodeFlags = process.env.BENCH_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? [];
  const child = spawnSync(process.execPath, [...(WORKLOAD_FLAGS[name] ?? []), ...nodeFlags, ...args], { stdio: 'inherit' });
  if (child.status !== 0) throw new Error(`the ${name} workload failed (exit ${child.status})`);
  rows.push(...JSON.parse(readFileSync(rowsFile, 'utf8')));
}
rmSync(scratch, { recursive: true, force: true });

// ---- report -------------------------------------------------------------------------------
const timeOf = (workload, caseName, impl) => rows.find((r) => r.workload === workload && r.case === caseName && r.impl === impl && r.median_ns !== undefined)?.median_ns;
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
for (const r of rows.filter((r) => r.workload === 'rpc' && r.impl === 'capstan' && r.median_ns !== undefined)) {
  const capnweb = timeOf('rpc', r.case, 'capnweb');
  if (capnweb) goal(`rpc ${r.case}: capstan vs capnweb (× faster)`, capnweb / r.median_ns, 4, 'higher');
}
const wireOf = (caseName, impl) => rows.find((r) => r.workload === 'rpc' && r.case === caseName && r.impl === impl && r.wire_bytes !== undefined)?.wire_bytes;
const dataWire = wireOf('data-5m', 'capstan');
// An echo crosses the wire twice; per direction the 5 MiB payload may add framing and the
// call's own few words, nothing proportional to the size (no base64).
if (dataWire !== undefined) goal('rpc data-5m: capstan bytes on the wire per direction, over 5 MiB', Math.round(dataWire / 2 - 5 * 1024 * 1024), 1024, 'lower');
const runtimeSize = rows.find((r) => r.workload === 'size' && r.case === 'capstan (runtime)');
if (runtimeSize) goal('runtime entry point, min+gzip (bytes)', runtimeSize.gzip_bytes, 8192, 'lower');
// capnweb's whole bundle is 16.1 KB gzip; a Capstan WebSocket RPC client should be smaller.
const rpcClientSize = rows.find((r) => r.workload === 'size' && r.case === 'capstan (websocket rpc client)');
if (rpcClientSize) goal('WebSocket RPC client with one generated interface, min+gzip (bytes)', rpcClientSize.gzip_bytes, 15 * 1024, 'lower');

log('\n## Results (medians; ratios against the first implementation of each case)\n');
const cases = [...new Set(rows.filter((r) => r.median_ns !== undefined && r.workload !== 'startup').map((r) => `${r.workload}\t${r.case}`))];
log('| workload | case | implementations |');
log('|---|---|---|');
for (const key of cases) {
  const [workload, caseName] = key.split('\t');
  const impls = rows.filter((r) => r.workload === workload && r.case === caseName && r.median_ns !== undefined);
  const base = impls[0].median_ns;
  log(`| ${workload} | ${caseName} | ${impls.map((r) => `${r.impl} ${formatTime(r.median_ns)}${r === impls[0] ? '' : ` (${(r.median_ns / base).toFixed(2)}×)`}`).join(', ')} |`);
}
const wire = rows.filter((r) => r.wire_bytes !== undefined);
if (wire.length) {
  log('\n## RPC bytes on the wire per call (both directions, every frame)\n');
  log('| case | implementations |');
  log('|---|---|');
  for (const caseName of [...new Set(wire.map((r) => r.case))]) {
    log(`| ${caseName} | ${wire.filter((r) => r.case === caseName).map((r) => `${r.impl} ${r.wire_bytes}`).join(', ')} |`);
  }
}
const allocations = rows.filter((r) => r.bytes_per_op !== undefined);
if (allocations.length) {
  log('\n## Allocation (bytes per operation, Capstan)\n');
  log('| case | bytes |');
  log('|---|---|');
  for (const r of allocations) log(`| ${r.case} | ${r.bytes_per_op} |`);
}
log('\n## Goals\n');
for (const g of goals) log(`${g.met ? 'met    ' : 'MISSED '} ${g.label}: ${Number.isInteger(g.actual) ? g.actual : g.actual.toFixed(2)} (goal ${g.better === 'higher' ? '≥' : '≤'} ${g.target})`);

const machine = `${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB`;
log(`\nmachine: ${machine}; node ${process.version}; ${new Date().toISOString()}`);
if (values.json) {
  writeFileSync(values.json, JSON.stringify({ machine, node: process.version, date: new Date().toISOString(), quick, rows, goals }, null, 2) + '\n');
  log(`wrote ${values.json}`);
}
