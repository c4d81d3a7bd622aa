#!/usr/bin/env node
// The campaign ledger, fuzz/campaigns.json: one entry per run of `node fuzz/run.mjs ... --json`,
// with the command, commit and date, from which docs/SECURITY.md's campaign table is printed.
//
//   node fuzz/ledger.mjs add SUMMARY.json --campaign NAME --command "nice -n 15 node fuzz/run.mjs ..." [--commit SHA] [--date ISO]
//   node fuzz/ledger.mjs table [--campaign NAME]     the Markdown table, one row per target
//
// A target may be run in several chunks (each resumes from the corpus the previous ones grew):
// the table sums their inputs and time, and takes coverage from the last chunk, which replayed
// that corpus first.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = new URL('..', import.meta.url).pathname;
const LEDGER = join(ROOT, 'fuzz/campaigns.json');

/** The folders worth a column of their own, per target: the parser the target is about. */
const FOLDERS = {
  wire: [['dist/wire', 'dist/wire']],
  generated: [['fuzz/.generated', 'generated code'], ['dist/wire', 'dist/wire'], ['dist/runtime', 'dist/runtime']],
  packed: [['dist/wire', 'dist/wire']],
  text: [['dist/text', 'dist/text']],
  json: [['dist/json', 'dist/json']],
  'json-annotated': [['dist/json', 'dist/json']],
  compiler: [['dist/compiler', 'dist/compiler'], ['dist/codegen', 'dist/codegen']],
  encode: [['fuzz/.generated', 'generated code'], ['dist/dynamic', 'dist/dynamic']],
  decode: [['dist/text', 'dist/text'], ['dist/json', 'dist/json'], ['dist/dynamic', 'dist/dynamic']],
};

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { campaign: { type: 'string' }, command: { type: 'string' }, commit: { type: 'string' }, date: { type: 'string' } },
});
const ledger = existsSync(LEDGER) ? JSON.parse(readFileSync(LEDGER, 'utf8')) : { comment: 'Fuzzing campaigns (docs/SECURITY.md): one entry per run of fuzz/run.mjs --json; `node fuzz/ledger.mjs table` prints the table.', runs: [] };
const [command, ...files] = positionals;

if (command === 'add') {
  if (values.campaign === undefined || values.command === undefined) throw new Error('ledger add: --campaign and --command are required');
  const commit = values.commit ?? execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  for (const file of files) {
    for (const s of JSON.parse(readFileSync(file, 'utf8'))) {
      const coverage = {};
      for (const [folder, { covered, total }] of Object.entries(s.coverage ?? {})) {
        // Folders keyed as in the build (dist/wire, fuzz/.generated, ...).
        coverage[folder] = [covered, total];
      }
      ledger.runs.push({
        campaign: values.campaign, target: s.target, date: values.date ?? new Date().toISOString(), commit, command: values.command,
        seed: s.seed, inputs: s.execs, seconds: Math.round(s.seconds), corpus: s.corpus, edgesCovered: s.edgesCovered, edgesTotal: s.edgesTotal,
        coverage, findings: s.findings.map((f) => ({ kind: f.kind, message: f.message, file: f.file.replace(`${ROOT}`, '') })),
        slowest: (s.slowest ?? []).slice(0, 2),
      });
    }
  }
  writeFileSync(LEDGER, `${JSON.stringify(ledger, null, 1)}\n`);
} else if (command === 'table') {
  const runs = ledger.runs.filter((r) => values.campaign === undefined || r.campaign === values.campaign);
  const targets = [...new Set(runs.map((r) => r.target))];
  const n = (x) => x.toLocaleString('en-US').replaceAll(',', ' ');
  console.log('| target | runs | inputs | exec/s | edges covered | in the parser\'s own folder | findings |');
  console.log('|---|---:|---:|---:|---:|---|---|');
  for (const target of targets) {
    const mine = runs.filter((r) => r.target === target);
    const last = mine[mine.length - 1];
    const inputs = mine.reduce((a, r) => a + r.inputs, 0);
    const seconds = mine.reduce((a, r) => a + r.seconds, 0);
    // A folder's count includes its subfolders (fuzz/.generated/codecs, ...).
    const within = (key) => Object.entries(last.coverage).filter(([folder]) => folder === key || folder.startsWith(`${key}/`)).reduce(([c, t], [, [a, b]]) => [c + a, t + b], [0, 0]);
    const folders = (FOLDERS[target] ?? []).map(([key, label]) => [label, within(key)]).filter(([, [, total]]) => total > 0).map(([label, [covered, total]]) => `${label} ${n(covered)} / ${n(total)}`).join(', ');
    const findings = mine.reduce((a, r) => a + r.findings.length, 0);
    console.log(`| \`${target}\` | ${mine.length} | ${n(inputs)} | ${n(Math.round(inputs / Math.max(seconds, 1)))} | ${n(last.edgesCovered)} / ${n(last.edgesTotal)} | ${folders} | ${findings} |`);
  }
} else {
  console.error('usage: node fuzz/ledger.mjs add SUMMARY.json... --campaign NAME --command CMD [--commit SHA] [--date ISO] | table [--campaign NAME]');
  process.exit(2);
}
