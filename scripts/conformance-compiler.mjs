#!/usr/bin/env node
// Conformance of Capstan's schema compiler with the reference compiler on the upstream schemas:
//   node scripts/conformance-compiler.mjs VECTORS_DIR     (after `npm run build`; needs `capnp`)
//
// - Compiles upstream's test schemas (test.capnp, test-import*.capnp, the standard schemas,
//   json-test, the benchmark schemas, and all of them in one run) with both compilers and
//   compares the requests node by node (canonical bytes), plus source info and requested files.
// - Does the same for the newest upstream standard schemas (capnp-head).
// - Checks that Capstan's own standard schemas (std/capnp) compile to the same nodes as the
//   newest upstream ones (their comments, and so their source info, are Capstan's own).
// - Compiles errors*.capnp.nobuild and compares the diagnostics with errors*.txt.
// - Against the capnp tool of 1.x too, when there is one (scripts/install-capnp-1x.sh): the
//   same schemas with everything 1.x writes (source positions, fileSourceInfo), and the errors.
// - Times the in-process compilation of test.capnp next to `capnp compile`.
// Against 0.9.2 Capstan reads 0.9's edition of the language and its requests are compared
// without what 0.9.2 does not write; against 1.x, 1.0's edition and everything.
// Exits non-zero on any difference.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { existsSync } from 'node:fs';
import { compareRequests, nodeCount, normalizeOurErrors, normalizeReferenceErrors, referenceCompile, withoutSourcePositions } from './compiler-parity.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const vectors = process.argv[2];
if (!vectors) {
  console.error('usage: node scripts/conformance-compiler.mjs VECTORS_DIR');
  process.exit(2);
}
const dist = process.env.CAPSTAN_DIST ?? join(root, 'dist');
const load = (path) => import(pathToFileURL(join(dist, path)).href);
const { compile, formatDiagnostic } = await load('compiler/index.js');
const { createNodeLoader } = await load('compiler/files/node-loader.js');
const wire = await load('wire/index.js');
const schema = await load('schema/index.js');
const modules = { wire, schema };
const loader = createNodeLoader();

const v092 = join(resolve(vectors), 'capnp-0.9.2');
const head = join(resolve(vectors), 'capnp-head');
const std = join(root, 'std');

let failures = 0;
let nodesCompared = 0;
let differenceCount = 0;
const report = (ok, what, detail = '') => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${ok || detail === '' ? '' : `\n${detail}`}`);
  if (!ok) failures++;
};

function ours(args, language = '0.9') {
  // In 0.9's language against the reference 0.9.2; in 1.0's against the 1.x tool (section 6).
  return compile({
    files: args.files, cwd: args.cwd, loader, importPaths: args.importPaths, srcPrefixes: args.srcPrefixes,
    standardImports: !args.noStandardImport, language,
  });
}

/**
 * Both compilers on `args`; compares the requests (all sections, or `sections`). Against 0.9.2
 * (`capnp` on PATH), without the source positions and `fileSourceInfo` it does not write;
 * against the 1.x tool (`capnp1x`), with them.
 */
function parity(label, args, sections, capnp1x = null) {
  const reference = referenceCompile(args, capnp1x ?? undefined);
  const result = ours(args, capnp1x === null ? '0.9' : '1.0');
  if (reference.status !== 0 || result.request === null) {
    const theirs = normalizeReferenceErrors(reference.stderr);
    const mine = normalizeOurErrors(result.diagnostics, formatDiagnostic);
    report(false, label, `reference exit ${reference.status}:\n${theirs.join('\n')}\ncapstan:\n${mine.join('\n')}`);
    return;
  }
  const request = capnp1x === null ? withoutSourcePositions(result.request) : result.request;
  const differences = compareRequests(schema.encodeCodeGeneratorRequest(request), reference.stdout, modules, sections);
  const count = nodeCount(wire, reference.stdout);
  nodesCompared += count;
  differenceCount += differences.length;
  report(differences.length === 0, `${label}: ${count} nodes, ${differences.length} differences`,
    JSON.stringify(differences.slice(0, 3), null, 2));
}

// 1. Upstream test schemas, as of the reference's release.
const v092Args = (files) => ({ files, cwd: v092, noStandardImport: true, importPaths: [v092] });
const v092Sets = [
  ['capnp/test.capnp'], ['capnp/test-import.capnp'], ['capnp/test-import2.capnp'], ['capnp/schema.capnp'], ['capnp/rpc.capnp'],
  ['capnp/rpc-twoparty.capnp'], ['capnp/persistent.capnp'], ['capnp/c++.capnp'], ['capnp/stream.capnp'], ['capnp/compat/json.capnp'],
  ['capnp/compat/json-test.capnp'], ['capnp/compat/byte-stream.capnp'],
  ['benchmark/carsales.capnp', 'benchmark/catrank.capnp', 'benchmark/eval.capnp'],
];
for (const files of v092Sets) parity(`capnp-0.9.2 ${files.join(' ')}`, v092Args(files));
parity('capnp-0.9.2 all of the above in one run', v092Args(v092Sets.flat()));

// 2. The newest upstream standard schemas.
const stdFiles = ['capnp/c++.capnp', 'capnp/schema.capnp', 'capnp/rpc.capnp', 'capnp/rpc-twoparty.capnp', 'capnp/persistent.capnp',
  'capnp/stream.capnp', 'capnp/compat/json.capnp', 'capnp/compat/byte-stream.capnp'];
parity('capnp-head standard schemas', { files: stdFiles, cwd: head, noStandardImport: true, importPaths: [head] });

// 3. Capstan's own standard schemas declare exactly the newest upstream nodes.
{
  const capstanStd = stdFiles.filter((file) => !file.includes('byte-stream'));
  const mine = referenceCompile({ files: capstanStd, cwd: std, noStandardImport: true, importPaths: [std] });
  const upstream = referenceCompile({ files: capstanStd, cwd: head, noStandardImport: true, importPaths: [head] });
  const differences = compareRequests(mine.stdout, upstream.stdout, modules, ['nodes', 'requestedFiles']);
  const count = nodeCount(wire, upstream.stdout);
  nodesCompared += count;
  differenceCount += differences.length;
  report(mine.status === 0 && differences.length === 0, `std/capnp (Capstan's copies) against capnp-head: ${count} nodes, ${differences.length} differences`,
    mine.stderr + JSON.stringify(differences.slice(0, 3), null, 2));
}

// 4. Upstream's error fixtures: the same diagnostics as errors*.txt (which name the file "file"),
//    produced without any import path (so that /capnp/stream.capnp is not found, as there).
for (const name of ['errors', 'errors2']) {
  const file = `capnp/testdata/${name}.capnp.nobuild`;
  const args = { files: [file], cwd: v092, noStandardImport: true };
  const result = ours(args);
  const expected = readFileSync(join(v092, `capnp/testdata/${name}.txt`), 'utf8').split('\n').filter((line) => line !== '');
  const actual = normalizeOurErrors(result.diagnostics, formatDiagnostic).map((line) => line.replace(`${file}:`, 'file:'));
  const mismatch = actual.findIndex((line, i) => line !== expected[i]);
  report(result.request === null && actual.length === expected.length && mismatch < 0,
    `${file}: ${actual.length} diagnostics, as in ${name}.txt`,
    `first difference at line ${mismatch + 1}:\n  ours:   ${actual[mismatch]}\n  theirs: ${expected[mismatch]}`);
  const live = normalizeReferenceErrors(referenceCompile(args).stderr).map((line) => line.replace(`${file}:`, 'file:'));
  report(JSON.stringify(live) === JSON.stringify(actual), `${file}: the same diagnostics as capnp compile prints now`);
}

// 6. The capnp tool of Cap'n Proto 1.x (CAPSTAN_CAPNP_1X, else the one scripts/install-capnp-1x.sh
//    puts in .reference/): Capstan in the 1.0 edition, and everything 1.x writes compared, source
//    positions and each requested file's fileSourceInfo included. Required under
//    CAPSTAN_REQUIRE_REFERENCE=1 (CI); otherwise skipped with a notice when there is none.
{
  const capnp1x = process.env.CAPSTAN_CAPNP_1X ?? join(root, '.reference/capnp-1x/venv/bin/capnp');
  const version = existsSync(capnp1x) ? spawnSync(capnp1x, ['--version'], { encoding: 'utf8' }).stdout?.trim() ?? '' : '';
  if (/^Cap'n Proto version 1\./.test(version)) {
    console.log(`-- against ${version} (${capnp1x})`);
    for (const files of v092Sets) parity(`1.x: capnp-0.9.2 ${files.join(' ')}`, v092Args(files), undefined, capnp1x);
    parity('1.x: capnp-0.9.2 all of them in one run', v092Args(v092Sets.flat()), undefined, capnp1x);
    for (const name of ['errors', 'errors2']) {
      const args = { files: [`capnp/testdata/${name}.capnp.nobuild`], cwd: v092, noStandardImport: true };
      const mine = normalizeOurErrors(ours(args, '1.0').diagnostics, formatDiagnostic);
      const theirs = normalizeReferenceErrors(referenceCompile(args, capnp1x).stderr);
      report(mine.length > 0 && JSON.stringify(mine) === JSON.stringify(theirs), `1.x: ${args.files[0]}: ${mine.length} diagnostics, the same as capnp compile 1.x prints`,
        `ours:\n${mine.join('\n')}\ntheirs:\n${theirs.join('\n')}`);
    }
    parity('1.x: capnp-head standard schemas', { files: stdFiles, cwd: head, noStandardImport: true, importPaths: [head] }, undefined, capnp1x);
  } else {
    report(process.env.CAPSTAN_REQUIRE_REFERENCE !== '1', `the capnp 1.x tool is not at ${capnp1x}: section 6 skipped (bash scripts/install-capnp-1x.sh installs it)`);
  }
}

// 5. Compile time of test.capnp, in process, next to the reference tool (a whole process run).
{
  const median = (times) => times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
  const time = (fn, rounds) => {
    const times = [];
    for (let i = 0; i < rounds; i++) {
      const start = performance.now();
      fn();
      times.push(performance.now() - start);
    }
    return median(times);
  };
  const args = v092Args(['capnp/test.capnp']);
  time(() => ours(args), 10);
  const capstan = time(() => ours(args), 30);
  const reference = time(() => spawnSync('capnp', ['compile', '-o-', '--no-standard-import', `-I${v092}`, 'capnp/test.capnp'], { cwd: v092 }), 15);
  console.log(`time capnp/test.capnp: capstan ${capstan.toFixed(1)} ms in process (median of 30, warmed up); ` +
    `capnp compile ${reference.toFixed(1)} ms per run (median of 15, process included); node ${process.version}`);
}

console.log(`\n${nodesCompared} nodes compared, ${differenceCount} differences, ${failures} failures`);
process.exit(failures === 0 ? 0 : 1);
