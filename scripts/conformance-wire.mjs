#!/usr/bin/env node
// Wire-format conformance: runs the built `capstan convert` over the reference test vectors
// and compares its output with the reference bytes.
//
//   npm run build && node scripts/conformance-wire.mjs ../shared/vectors
//
// VECTORS_DIR must hold capnp-0.9.2/capnp/testdata/{binary,flat,packed,packedflat,segmented,
// segmented-packed} (the upstream test vectors at v0.9.2). The canonical form is compared with
// what the reference tool itself makes of `binary` (`capnp convert binary:canonical`), so
// `capnp` must be installed. Prints one line per check and a summary; exits 1 on any
// difference, 2 when it cannot run.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const vectorsDir = process.argv[2];
if (vectorsDir === undefined || vectorsDir === '--help' || vectorsDir === '-h') {
  console.error('usage: node scripts/conformance-wire.mjs VECTORS_DIR   (e.g. ../shared/vectors)');
  process.exit(2);
}
const testdata = join(vectorsDir, 'capnp-0.9.2', 'capnp', 'testdata');
const cli = fileURLToPath(new URL('../dist/bundle/cli/main.js', import.meta.url));
if (!existsSync(cli)) {
  console.error('conformance: dist/bundle/cli/main.js is missing; run `npm run build` first');
  process.exit(2);
}
const required = ['binary', 'flat', 'packed', 'packedflat', 'segmented', 'segmented-packed'];
const missing = required.filter((name) => !existsSync(join(testdata, name)));
if (missing.length > 0) {
  console.error(`conformance: ${testdata} lacks ${missing.join(', ')}`);
  process.exit(2);
}

const read = (name) => new Uint8Array(readFileSync(join(testdata, name)));

function capstan(fromTo, input) {
  const result = spawnSync(process.execPath, [cli, 'convert', fromTo], { input, maxBuffer: 256 * 1024 * 1024 });
  if (result.status !== 0) return { error: `exit ${result.status}: ${result.stderr.toString().trim()}` };
  return { bytes: new Uint8Array(result.stdout) };
}

function referenceCanonical(input) {
  const capnp = process.env.CAPNP ?? 'capnp';
  const result = spawnSync(capnp, ['convert', '--quiet', 'binary:canonical'], { input });
  if (result.error !== undefined || result.status !== 0) {
    console.error(`conformance: \`${capnp} convert binary:canonical\` failed (${result.error?.message ?? result.stderr.toString().trim()}); install capnproto`);
    process.exit(2);
  }
  return new Uint8Array(result.stdout);
}

function firstDifference(a, b) {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return a.length === b.length ? -1 : n;
}

const canonical = referenceCanonical(read('binary'));
const checks = [
  // [description, capstan conversion, input file, expected bytes, expected name]
  ['binary -> packed', 'binary:packed', 'binary', read('packed'), 'packed'],
  ['packed -> binary', 'packed:binary', 'packed', read('binary'), 'binary'],
  ['flat -> flat-packed', 'flat:flat-packed', 'flat', read('packedflat'), 'packedflat'],
  ['flat-packed -> flat', 'flat-packed:flat', 'packedflat', read('flat'), 'flat'],
  ['binary -> flat', 'binary:flat', 'binary', read('flat'), 'flat'],
  ['flat -> binary', 'flat:binary', 'flat', read('binary'), 'binary'],
  ['segmented -> canonical', 'binary:canonical', 'segmented', canonical, 'capnp convert binary:canonical < binary'],
  ['segmented-packed -> canonical', 'packed:canonical', 'segmented-packed', canonical, 'capnp convert binary:canonical < binary'],
  ['binary -> canonical', 'binary:canonical', 'binary', canonical, 'capnp convert binary:canonical < binary'],
  ['segmented -> flat', 'binary:flat', 'segmented', read('flat'), 'flat'],
  ['segmented -> binary', 'binary:binary', 'segmented', read('binary'), 'binary'],
  ['segmented-packed -> packed', 'packed:packed', 'segmented-packed', read('packed'), 'packed'],
];

let failures = 0;
for (const [description, fromTo, inputName, expected, expectedName] of checks) {
  const result = capstan(fromTo, read(inputName));
  let verdict;
  if (result.error !== undefined) {
    verdict = `FAIL  capstan convert ${fromTo} < ${inputName}: ${result.error}`;
  } else {
    const at = firstDifference(result.bytes, expected);
    verdict = at < 0
      ? `ok    ${description.padEnd(30)} (${result.bytes.length} bytes) = ${expectedName}`
      : `FAIL  ${description.padEnd(30)} differs from ${expectedName} at byte ${at} (${result.bytes.length} vs ${expected.length} bytes)`;
  }
  if (verdict.startsWith('FAIL')) failures++;
  console.log(verdict);
}
console.log(`\nwire conformance: ${checks.length - failures}/${checks.length} checks passed (vectors: ${testdata})`);
process.exit(failures === 0 ? 0 : 1);
