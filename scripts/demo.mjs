#!/usr/bin/env node
// `npm run demo`: Capstan end to end, printing each step. Compiles examples/addressbook.capnp
// with Capstan's own compiler, generates TypeScript for it, compiles that with tsc, then builds a
// message from a plain object, reads it back through the generated readers, and (when the
// reference tool `capnp` is installed) shows that it agrees.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const dist = (path) => pathToFileURL(join(root, 'dist', path)).href;
const step = (n, text) => console.log(`\n${n}. ${text}`);

const { compile, formatDiagnostic } = await import(dist('compiler/index.js'));
const { createNodeLoader } = await import(dist('compiler/files/node-loader.js'));
const { generateTypeScript } = await import(dist('codegen/index.js'));
const { canonicalize, readMessage, pack } = await import(dist('index.js'));

console.log("Capstan: Cap'n Proto in pure TypeScript.");

// 1. Compile the schema with Capstan's compiler (no C++ tool involved).
const examples = join(root, 'examples');
const started = performance.now();
const { request, diagnostics } = compile({ files: ['addressbook.capnp'], cwd: examples, loader: createNodeLoader() });
if (request === null) {
  for (const d of diagnostics) console.error(formatDiagnostic(d));
  process.exit(1);
}
const types = request.nodes.filter((n) => ('struct' in n && !n.struct.isGroup) || 'enum' in n).map((n) => n.displayName.split(':')[1]);
step(1, `Compiled examples/addressbook.capnp with Capstan's compiler in ${(performance.now() - started).toFixed(1)} ms: ${types.join(', ')}`);

// 2. Generate TypeScript and compile it to JavaScript with tsc.
const out = join(examples, '.generated');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const [file] = generateTypeScript(request, { runtimeImport: dist('runtime/private.js') });
writeFileSync(join(out, file.filename), file.content);
writeFileSync(join(out, 'package.json'), JSON.stringify({ type: 'module' }));
writeFileSync(join(out, 'tsconfig.json'), JSON.stringify({
  compilerOptions: {
    target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, skipLibCheck: true, types: [],
    lib: ['ES2022', 'DOM'], paths: { [dist('runtime/private.js')]: [join(root, 'dist/runtime/private.d.ts')] },
  },
  files: [file.filename],
}));
const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(out, 'tsconfig.json')], { encoding: 'utf8' });
if (tsc.status !== 0) {
  console.error(tsc.stdout + tsc.stderr);
  process.exit(1);
}
const lines = file.content.split('\n').length;
step(2, `Generated examples/.generated/${file.filename} (${lines} lines: types, readers, builders) and compiled it with tsc --strict`);
const { AddressBook } = await import(pathToFileURL(join(out, file.filename.replace(/\.ts$/, '.js'))).href);

// 3. Build a message from the objects an application already has.
const book = {
  people: [
    {
      id: 1, name: 'Alice', email: 'alice@example.com', employment: { employer: 'Initech' },
      phones: [{ number: '555-1212', type: 1 }], birthday: { year: 1990, month: 4, day: 2 }, tags: ['admin'],
    },
    { id: 2, name: 'Bob', email: 'bob@example.com', employment: { school: 'MIT' }, phones: [] },
  ],
};
const bytes = AddressBook.encode(book);
const json = JSON.stringify(book);
step(3, `Encoded an address book of ${book.people.length} people: ${bytes.length} bytes (${pack(bytes).length} packed; the same data as JSON is ${json.length} bytes)`);
const hex = Buffer.from(bytes.subarray(0, 48)).toString('hex').replace(/(.{16})/g, '$1 ').trim();
console.log(`   first words: ${hex} ...`);

// 4. Read it back: lazily, field by field, and as a whole object.
const reader = AddressBook.read(bytes);
step(4, 'Read it back with the generated reader (nothing is decoded until a field is read):');
for (const person of reader.people) {
  const job = person.employment.which() === 'employer' ? `works at ${person.employment.employer}` : `studies at ${person.employment.school}`;
  const phones = person.phones.map((p) => p.number).join(', ') || 'no phone';
  console.log(`   #${person.id} ${person.name} <${person.email}> ${job}; ${phones}`);
}
const decoded = AddressBook.decode(bytes);
const same = JSON.stringify(decoded.people.map((p) => [p.id, p.name, p.email, p.employment, p.tags])) ===
  JSON.stringify(book.people.map((p) => [p.id, p.name, p.email, p.employment, p.tags ?? null]));
console.log(`   decode(encode(object)) gives the object back: ${same}`);
const canonical = canonicalize(readMessage(bytes).getRoot());
console.log(`   canonical form: ${canonical.length} bytes (for hashing and signing)`);

// 5. Cross-check with the reference implementation, when it is installed.
const capnp = spawnSync('capnp', ['--version'], { encoding: 'utf8' });
if (capnp.status === 0) {
  const text = execFileSync('capnp', ['decode', '--short', join(examples, 'addressbook.capnp'), 'AddressBook'], { input: bytes, encoding: 'utf8' });
  step(5, `The reference tool (${capnp.stdout.trim()}) reads the same message as:`);
  console.log(`   ${text.trim()}`);
} else {
  step(5, 'Install the reference tool (apt-get install capnproto) to see `capnp decode` read the same bytes.');
}
console.log(`\nNext: docs/codegen.md (generated code), docs/wire.md (the wire API), docs/compiler.md (the compiler).`);
