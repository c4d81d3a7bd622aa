#!/usr/bin/env node
// Conformance of generated code against the upstream test vectors:
//   node scripts/conformance-codegen.mjs VECTORS_DIR      (after `npm run build`; needs `capnp`)
// Compiles upstream test.capnp (with the reference compiler), generates TypeScript for it,
// type-checks it with tsc --strict, then reads testdata/{binary,flat,packed,packedflat,segmented,
// segmented-packed} as TestAllTypes and lists.binary as TestLists through the generated readers:
// every format must give the same object, known values must read right, and re-encoding the
// object must reproduce the vector's canonical bytes. The JavaScript output (`-o js`) of the same
// schemas is imported too and must read and write the vectors as the TypeScript output does.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const vectors = process.argv[2];
if (!vectors) {
  console.error('usage: node scripts/conformance-codegen.mjs VECTORS_DIR');
  process.exit(2);
}
const base = join(resolve(vectors), 'capnp-0.9.2');
const testdata = join(base, 'capnp/testdata');
const { generateTypeScript, generateJavaScript } = await import(pathToFileURL(join(root, 'dist/codegen/index.js')).href);
const { decodeCodeGeneratorRequest } = await import(pathToFileURL(join(root, 'dist/schema/index.js')).href);
const wire = await import(pathToFileURL(join(root, 'dist/runtime/private.js')).href);

let failures = 0;
const check = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures++;
};

const work = mkdtempSync(join(tmpdir(), 'capstan-conformance-'));
try {
  const files = ['capnp/c++.capnp', 'capnp/schema.capnp', 'capnp/stream.capnp', 'capnp/test.capnp', 'capnp/test-import.capnp', 'capnp/test-import2.capnp'].map((f) => join(base, f));
  const request = decodeCodeGeneratorRequest(execFileSync('capnp', ['compile', '-o-', '--no-standard-import', `-I${base}`, `--src-prefix=${base}`, ...files], { maxBuffer: 1 << 28 }));
  const src = join(work, 'src');
  for (const file of generateTypeScript(request, { runtimeImport: pathToFileURL(join(root, 'dist/runtime/private.js')).href, stdImportPrefix: './' })) {
    mkdirSync(dirname(join(src, file.filename)), { recursive: true });
    writeFileSync(join(src, file.filename), file.content);
  }
  writeFileSync(join(work, 'package.json'), JSON.stringify({ type: 'module' }));
  writeFileSync(join(work, 'tsconfig.json'), JSON.stringify({
    compilerOptions: {
      target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2022', 'DOM'], types: [], strict: true,
      skipLibCheck: true, rootDir: 'src', outDir: 'out', paths: {
        [pathToFileURL(join(root, 'dist/runtime/private.js')).href]: [join(root, 'dist/runtime/private.d.ts')],
        [pathToFileURL(join(root, 'dist/rpc/index.js')).href]: [join(root, 'dist/rpc/index.d.ts')],
      },
    },
    include: ['src/**/*.ts'],
  }));
  const tsc = spawnSync(join(root, 'node_modules/.bin/tsc'), ['-p', join(work, 'tsconfig.json')], { encoding: 'utf8' });
  check(tsc.status === 0, `generated code for upstream test.capnp type-checks under tsc --strict${tsc.status === 0 ? '' : `\n${tsc.stdout}${tsc.stderr}`}`);
  const equalBytes = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
  const gen = await import(pathToFileURL(join(work, 'out/capnp/test.capnp.js')).href);
  const js = join(work, 'js');
  for (const file of generateJavaScript(request, { runtimeImport: pathToFileURL(join(root, 'dist/runtime/private.js')).href, stdImportPrefix: './' })) {
    mkdirSync(dirname(join(js, file.filename)), { recursive: true });
    writeFileSync(join(js, file.filename), file.content);
  }
  const genJs = await import(pathToFileURL(join(js, 'capnp/test.capnp.js')).href);
  check(isDeepStrictEqual(Object.keys(genJs).sort(), Object.keys(gen).sort()), 'JavaScript output: the same exports as the TypeScript output');
  for (const name of ['binary', 'packed', 'segmented']) {
    const bytes = readFileSync(join(testdata, name));
    const format = name === 'packed' ? 'packed' : 'binary';
    const object = genJs.TestAllTypes.decode(bytes, { format });
    check(isDeepStrictEqual(object, gen.TestAllTypes.decode(bytes, { format })), `JavaScript output: ${name} reads to the same TestAllTypes as the TypeScript output`);
    check(equalBytes(genJs.TestAllTypes.encode(object), gen.TestAllTypes.encode(object)), `JavaScript output: ${name} re-encodes to the same bytes as the TypeScript output`);
  }

  const canonical = (bytes, format) => wire.canonicalize(wire.readMessage(bytes, { format }).getRoot());
  const formats = { binary: 'binary', flat: 'flat', packed: 'packed', packedflat: 'flat-packed', segmented: 'binary', 'segmented-packed': 'packed' };
  const expected = gen.TestAllTypes.decode(readFileSync(join(testdata, 'binary')));
  const reference = canonical(readFileSync(join(testdata, 'binary')), 'binary');
  for (const [name, format] of Object.entries(formats)) {
    const bytes = readFileSync(join(testdata, name));
    const object = gen.TestAllTypes.decode(bytes, { format });
    check(isDeepStrictEqual(object, expected), `${name}: reads to the same TestAllTypes as binary`);
    check(equalBytes(canonical(gen.TestAllTypes.encode(object), 'binary'), reference), `${name}: re-encoding the object reproduces the canonical bytes`);
  }
  const all = gen.TestAllTypes.read(readFileSync(join(testdata, 'segmented')));
  const known = [
    ['int32Field', all.int32Field, -12345678], ['uInt32Field', all.uInt32Field, 3456789012],
    ['int64Field', all.int64Field, -123456789012345n], ['uInt64Field', all.uInt64Field, 12345678901234567890n],
    ['float32Field', all.float32Field, 1234.5], ['float64Field', all.float64Field, -1.23e47],
    ['textField', all.textField, 'foo'], ['dataField', new TextDecoder().decode(all.dataField), 'bar'],
    ['structField.textField', all.structField.textField, 'baz'], ['structField.structField.textField', all.structField.structField.textField, 'nested'],
    ['enumField', all.enumField, gen.TestEnum.corge], ['voidList.length', all.voidList.length, 6],
    ['boolList', all.boolList.toArray(), [true, false, false, true]], ['int8List', [...all.int8List], [111, -111]],
    ['textList', all.textList.toArray(), ['plugh', 'xyzzy', 'thud']], ['structList[2].textField', all.structList.get(2).textField, 'structlist 3'],
    ['enumList', [...all.enumList], [gen.TestEnum.foo, gen.TestEnum.garply]],
  ];
  for (const [path, actual, value] of known) check(isDeepStrictEqual(actual, value), `segmented: ${path} reads ${JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? `${v}n` : v))}`);

  const listsBytes = readFileSync(join(testdata, 'lists.binary'));
  const lists = gen.TestLists.read(listsBytes);
  check(equalBytes(canonical(gen.TestLists.encode(lists.toObject()), 'binary'), canonical(listsBytes, 'binary')), 'lists.binary: re-encoding the object reproduces the canonical bytes');
  check(isDeepStrictEqual(lists.list1.map((s) => s.f), [true, false, true, true]), 'lists.binary: list1 reads [true, false, true, true]');
  check(isDeepStrictEqual(lists.int32ListList.map((l) => [...l]), [[1, 2, 3], [4, 5], [12341234]]), 'lists.binary: int32ListList reads [[1,2,3],[4,5],[12341234]]');
  check(isDeepStrictEqual(lists.textListList.get(2).toArray(), ['qux', 'corge']), 'lists.binary: textListList[2] reads [qux, corge]');
} finally {
  rmSync(work, { recursive: true, force: true });
}
console.log(failures === 0 ? 'codegen conformance: all checks passed' : `codegen conformance: ${failures} check(s) failed`);
process.exit(failures === 0 ? 0 : 1);
