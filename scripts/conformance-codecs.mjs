#!/usr/bin/env node
// Conformance of the text format, the JSON codec and the schema CLI commands against the
// upstream test vectors and the reference tool:
//   node scripts/conformance-codecs.mjs VECTORS_DIR      (after `npm run build`; needs `capnp`)
// Runs `capstan` in-process (dist/cli/run.js) on capnp-0.9.2/capnp/testdata:
// - convert text:{binary,flat,packed,flat-packed} TestAllTypes < short.txt (and pretty.txt)
//   equals binary / flat / packed / packedflat;
// - every binary vector (segmented ones included) decodes to pretty.txt, and with --short to
//   short.txt; binary:json gives pretty.json / short.json, and both parse back to `binary`;
// - annotated.json <-> annotated-json.binary (compat/json-test.capnp TestJsonAnnotations);
// - lists.binary (TestLists) prints and converts to JSON as `capnp` does;
// - eval of every constant in test.capnp and every field of TestDefaults (text, --short) and of
//   struct constants as JSON and binary prints what `capnp eval` prints.
// Prints one line per check and a summary; exits non-zero on any difference. Schema files are
// compiled as the CLI compiles them (the reference compiler, or Capstan's with
// CAPSTAN_COMPILER=capstan).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(new URL('..', import.meta.url).pathname);
const vectors = process.argv[2];
if (!vectors) {
  console.error('usage: node scripts/conformance-codecs.mjs VECTORS_DIR');
  process.exit(2);
}
const base = join(resolve(vectors), 'capnp-0.9.2');
const testdata = join(base, 'capnp/testdata');
const { run } = await import(pathToFileURL(join(root, 'dist/cli/run.js')).href);
const { loadSchemaFile } = await import(pathToFileURL(join(root, 'dist/cli/commands/index.js')).href);

// Schema paths are given relative to the vectors, as the reference tool likes them.
process.chdir(base);
const IMPORTS = ['--no-standard-import', '-I.'];
const TEST = 'capnp/test.capnp';
const JSON_TEST = 'capnp/compat/json-test.capnp';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

async function capstan(args, input = new Uint8Array(0)) {
  const out = [];
  let err = '';
  const io = {
    readStdin: async () => (typeof input === 'string' ? encoder.encode(input) : input),
    writeStdout: async (chunk) => { out.push(typeof chunk === 'string' ? encoder.encode(chunk) : chunk.slice()); },
    writeStderr: (text) => { err += text; },
  };
  const status = await run(args, io);
  return { status, stdout: Buffer.concat(out), stderr: err };
}

function capnp(args, input = '') {
  const result = spawnSync('capnp', args, { input, maxBuffer: 1 << 28 });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr.toString() };
}

let passed = 0;
let failed = 0;
function check(ok, what, detail = '') {
  if (ok) passed++;
  else failed++;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${ok || !detail ? '' : `\n     ${detail}`}`);
}

function firstDifference(a, b) {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return `first difference at byte ${i} (lengths ${a.length}, ${b.length})`;
  return a.length === b.length ? '' : `lengths differ: ${a.length} vs ${b.length}`;
}

function sameBytes(result, expected, what) {
  const ok = result.status === 0 && Buffer.compare(result.stdout, expected) === 0;
  check(ok, what, result.status !== 0 ? `exit ${result.status}: ${result.stderr.trim()}` : firstDifference(result.stdout, expected));
}

const file = (name) => readFileSync(join(testdata, name));

// 1. Text to every binary format.
const binaries = { binary: 'binary', flat: 'flat', packed: 'packed', 'flat-packed': 'packedflat' };
for (const source of ['short.txt', 'pretty.txt']) {
  for (const [format, vector] of Object.entries(binaries)) {
    sameBytes(await capstan(['convert', `text:${format}`, ...IMPORTS, TEST, 'TestAllTypes'], file(source)), file(vector), `convert text:${format} TestAllTypes < ${source} equals ${vector}`);
  }
}
sameBytes(await capstan(['encode', ...IMPORTS, TEST, 'TestAllTypes'], file('short.txt')), file('binary'), 'encode TestAllTypes < short.txt equals binary');
sameBytes(await capstan(['encode', '--packed', ...IMPORTS, TEST, 'TestAllTypes'], file('short.txt')), file('packed'), 'encode --packed equals packed');
sameBytes(await capstan(['encode', '--flat', ...IMPORTS, TEST, 'TestAllTypes'], file('short.txt')), file('flat'), 'encode --flat equals flat');

// 2. Every binary vector to text and JSON.
const inputs = { binary: 'binary', flat: 'flat', packed: 'packed', packedflat: 'flat-packed', segmented: 'binary', 'segmented-packed': 'packed' };
for (const [vector, format] of Object.entries(inputs)) {
  sameBytes(await capstan(['convert', `${format}:text`, ...IMPORTS, TEST, 'TestAllTypes'], file(vector)), file('pretty.txt'), `convert ${format}:text < ${vector} equals pretty.txt`);
  sameBytes(await capstan(['convert', '--short', `${format}:text`, ...IMPORTS, TEST, 'TestAllTypes'], file(vector)), file('short.txt'), `convert --short ${format}:text < ${vector} equals short.txt`);
  sameBytes(await capstan(['convert', `${format}:json`, ...IMPORTS, TEST, 'TestAllTypes'], file(vector)), file('pretty.json'), `convert ${format}:json < ${vector} equals pretty.json`);
  sameBytes(await capstan(['convert', '--short', `${format}:json`, ...IMPORTS, TEST, 'TestAllTypes'], file(vector)), file('short.json'), `convert --short ${format}:json < ${vector} equals short.json`);
}
for (const [flags, vector] of [[[], 'binary'], [['--packed'], 'packed'], [['--flat'], 'flat'], [['--flat', '--packed'], 'packedflat']]) {
  sameBytes(await capstan(['decode', ...flags, ...IMPORTS, TEST, 'TestAllTypes'], file(vector)), file('pretty.txt'), `decode ${flags.join(' ')} < ${vector} equals pretty.txt`.replace('  ', ' '));
}
sameBytes(await capstan(['decode', '--short', ...IMPORTS, TEST, 'TestAllTypes'], file('segmented')), file('short.txt'), 'decode --short < segmented equals short.txt');

// 3. JSON back to binary.
for (const source of ['pretty.json', 'short.json']) {
  for (const [format, vector] of Object.entries(binaries)) {
    sameBytes(await capstan(['convert', `json:${format}`, ...IMPORTS, TEST, 'TestAllTypes'], file(source)), file(vector), `convert json:${format} TestAllTypes < ${source} equals ${vector}`);
  }
}

// 4. Annotated JSON.
sameBytes(await capstan(['convert', 'binary:json', ...IMPORTS, JSON_TEST, 'TestJsonAnnotations'], file('annotated-json.binary')), file('annotated.json'), 'convert binary:json TestJsonAnnotations < annotated-json.binary equals annotated.json');
sameBytes(await capstan(['convert', 'json:binary', ...IMPORTS, JSON_TEST, 'TestJsonAnnotations'], file('annotated.json')), file('annotated-json.binary'), 'convert json:binary TestJsonAnnotations < annotated.json equals annotated-json.binary');
{
  const ref = capnp(['convert', '--short', 'binary:json', ...IMPORTS, JSON_TEST, 'TestJsonAnnotations'], file('annotated-json.binary'));
  sameBytes(await capstan(['convert', '--short', 'binary:json', ...IMPORTS, JSON_TEST, 'TestJsonAnnotations'], file('annotated-json.binary')), ref.stdout, 'convert --short binary:json TestJsonAnnotations matches capnp');
  const text = capnp(['convert', 'binary:text', ...IMPORTS, JSON_TEST, 'TestJsonAnnotations'], file('annotated-json.binary'));
  sameBytes(await capstan(['convert', 'binary:text', ...IMPORTS, JSON_TEST, 'TestJsonAnnotations'], file('annotated-json.binary')), text.stdout, 'convert binary:text TestJsonAnnotations matches capnp');
}

// 5. lists.binary as TestLists, against the reference tool.
for (const args of [['binary:text'], ['--short', 'binary:text'], ['binary:json'], ['--short', 'binary:json']]) {
  const ref = capnp(['convert', ...args, ...IMPORTS, TEST, 'TestLists'], file('lists.binary'));
  sameBytes(await capstan(['convert', ...args, ...IMPORTS, TEST, 'TestLists'], file('lists.binary')), ref.stdout, `convert ${args.join(' ')} TestLists < lists.binary matches capnp`);
}
{
  const text = capnp(['convert', 'binary:text', ...IMPORTS, TEST, 'TestLists'], file('lists.binary')).stdout;
  const ref = capnp(['convert', 'text:binary', ...IMPORTS, TEST, 'TestLists'], text);
  sameBytes(await capstan(['convert', 'text:binary', ...IMPORTS, TEST, 'TestLists'], text), ref.stdout, 'convert text:binary TestLists (printed lists.binary) matches capnp');
}

// 6. eval.
const schema = await loadSchemaFile(TEST, { importPaths: ['.'], noStandardImport: true });
const names = [];
const walk = (node, path) => {
  for (const nested of node.nestedNodes ?? []) {
    if (!schema.loader.graph.has(nested.id)) continue;
    const child = schema.loader.graph.node(nested.id);
    const name = path ? `${path}.${nested.name}` : nested.name;
    if ('const' in child) names.push(name);
    walk(child, name);
  }
};
walk(schema.file, '');
for (const field of schema.loader.struct('TestDefaults').fields) names.push(`TestDefaults.${field.name}`);
names.push('TestConstants.structConst.structField', 'TestConstants.structListConst[1]', 'TestConstants.structListConst[2].textField',
  'TestConstants.textListConst[1]', 'TestDefaults.structList[0].textField', 'TestDefaults.int32List[1]', 'TestDefaults.uInt32Field');
let evalSame = 0;
const evalDifferent = [];
for (const name of names) {
  for (const flags of [[], ['--short']]) {
    const ref = capnp(['eval', ...flags, ...IMPORTS, TEST, name]);
    const ours = await capstan(['eval', ...flags, ...IMPORTS, TEST, name]);
    const same = ref.status === 0 ? ours.status === 0 && Buffer.compare(ours.stdout, ref.stdout) === 0 : ours.status !== 0;
    if (same) evalSame++;
    else evalDifferent.push(`${name} ${flags.join(' ')}: capnp ${ref.status === 0 ? JSON.stringify(ref.stdout.toString().slice(0, 80)) : `failed (${ref.stderr.trim().split('\n').pop()})`} / capstan ${ours.status === 0 ? JSON.stringify(decoder.decode(ours.stdout).slice(0, 80)) : `failed (${ours.stderr.trim()})`}`);
  }
}
check(evalDifferent.length === 0, `eval prints what capnp eval prints for ${names.length} names, pretty and --short (${evalSame}/${names.length * 2} same)`, evalDifferent.slice(0, 10).join('\n     '));
for (const name of ['TestDefaults.uInt32Field', 'TestConstants.enumConst']) {
  const ours = await capstan(['eval', ...IMPORTS, TEST, name]);
  check(ours.status === 0 && decoder.decode(ours.stdout) === capnp(['eval', ...IMPORTS, TEST, name]).stdout.toString(), `eval ${name} prints ${decoder.decode(ours.stdout).trim()}`);
}
for (const [flags, what] of [[['-ojson'], 'JSON'], [['-ojson', '--short'], 'short JSON'], [['-obinary'], 'binary'], [['-opacked'], 'packed'], [['--flat'], 'flat'], [['-otext'], 'text']]) {
  for (const name of ['TestConstants.structConst', 'TestConstants.structConst.structField']) {
    const ref = capnp(['eval', ...flags, ...IMPORTS, TEST, name]);
    sameBytes(await capstan(['eval', ...flags, ...IMPORTS, TEST, name]), ref.stdout, `eval ${flags.join(' ')} ${name} (${what}) matches capnp`);
  }
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
