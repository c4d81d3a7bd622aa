/**
 * Parity with the capnp tool of Cap'n Proto 1.x (test/support/reference-1x.ts), Capstan reading
 * the 1.0 edition of the language (its default), on all that 1.x writes: every node and source
 * info entry with its source position, and each requested file with its `fileSourceInfo`
 * (which declaration each name refers to, in the order the compiler resolved them). Canonical
 * bytes per node, per source info entry and per requested file, as against 0.9.2
 * (test/compiler/parity.test.ts, which leaves out what 0.9.2 does not write).
 */
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { compareRequests as compareFramed, referenceCompile as runReference } from '../../scripts/compiler-parity.mjs';
import * as schema from '../../src/schema/index.js';
import * as wire from '../../src/wire/index.js';
import { runCli } from '../support/cli.js';
import { CAPNP_1X, describeReference1x } from '../support/reference-1x.js';
import { checkParity, type CompileArgs } from './support/parity.js';
import { FIRST_FIELD_DECLARATIONS, FIRST_FIELD_MISUSES } from './support/first-field-misuses.js';

const CORPUS = fileURLToPath(new URL('../fixtures/compiler/parity', import.meta.url));
const EDITIONS = fileURLToPath(new URL('../fixtures/compiler/editions', import.meta.url));
const STD = fileURLToPath(new URL('../../std', import.meta.url));
/** Cloudflare's config schema, as the `workerd` devDependency ships it: written for 1.x. */
const WORKERD = fileURLToPath(new URL('../../node_modules/workerd', import.meta.url));
const FILE_ID = '@0xc4a1d3f0e5b6a7fe;\n';

/** The parity corpus but the files of SELF_CHECKED. */
const FILES = [
  'primitives.capnp', 'unions.capnp', 'constants.capnp', 'annotations.capnp', 'imports.capnp', 'embed.capnp',
  'docs.capnp', 'std.capnp', 'lib.capnp', 'sub/deep.capnp', 'resolutions.capnp',
];

/**
 * The corpus files on which the tool fails a check of its own code: each has a field or
 * parameter whose type is a List of a generic parameter (`List(V)`, or an alias of one), which
 * makes the tool's compiler read a union member that is not the one set (`AnyPointer.unconstrained`
 * of a parameter); its build checks for that and gives up. pycapnp's release build of 1.4.0
 * reads past it, and test/compiler/language-editions.test.ts compares these files' nodes, source
 * positions included, with pycapnp's; here they are compared whole once those types are changed
 * (WITHOUT_LISTS_OF_PARAMETERS).
 */
const SELF_CHECKED = ['interfaces.capnp', 'generics.capnp', 'edge-cases.capnp', 'aliases.capnp'];

/** The edits that take the Lists of a generic parameter out of the SELF_CHECKED files. */
const WITHOUT_LISTS_OF_PARAMETERS: readonly (readonly [file: string, from: string, to: string])[] = [
  ['interfaces.capnp', 'list :List(V), u :U', 'list :V, u :U'],
  ['generics.capnp', 'inner @0 :Inner(List(A));', 'inner @0 :Inner(A);'],
  ['generics.capnp', 'list @1 :List(T);', 'list @1 :T;'],
  ['generics.capnp', '(list = [(values = [3])])', '(list = (values = [3]))'],
  ['edge-cases.capnp', '(a :A, c :List(C))', '(a :A, c :C)'],
  ['aliases.capnp', 'f @0 :L;', 'f @0 :V;'],
  ['aliases.capnp', '(x = [1, 2], up = (f = [[3]]))', '(x = [1, 2])'],
];

/** Both compilers read Capstan's standard schemas: the same files, so the same positions. */
const corpusArgs = (files: string[]): CompileArgs => ({ files, cwd: CORPUS, noStandardImport: true, importPaths: ['include', STD] });

function expectSame(args: CompileArgs): number {
  const result = checkParity(args, '1.x');
  expect(result.referenceBug).toBeNull();
  expect(result.mismatch).toBeNull();
  expect(result.ourErrors).toEqual([]);
  expect(result.differences).toEqual([]);
  expect(result.nodeCount).toBeGreaterThan(0);
  return result.nodeCount;
}

/** How many names a framed request's requested files record, all told. */
function identifierCount(framed: Uint8Array): number {
  return schema.decodeCodeGeneratorRequest(framed).requestedFiles!.reduce((sum, file) => sum + (file.fileSourceInfo?.identifiers?.length ?? 0), 0);
}

describeReference1x('compiler parity with capnp compile 1.x: positions and fileSourceInfo too', () => {
  for (const file of FILES) {
    it(`compiles ${file} as the 1.x tool does`, () => {
      expectSame(corpusArgs([file]));
    });
  }

  it('compiles the corpus in one run (every requested file with the names in it)', () => {
    const nodes = expectSame(corpusArgs(FILES));
    const names = identifierCount(runReference(corpusArgs(FILES), CAPNP_1X).stdout);
    // Not an empty list on both sides: the corpus names hundreds of declarations.
    expect(names).toBeGreaterThan(300);
    console.log(`[capstan] compiler parity with 1.x: ${nodes} nodes and ${names} resolved names compared for the corpus in one run, 0 differences`);
  });

  it('compiles the SELF_CHECKED files once their Lists of a generic parameter are the parameter itself', () => {
    // A copy of the corpus where each such type (and the values written for it) is changed, so
    // that the rest of those files, their names and positions, is compared with the tool too.
    const dir = mkdtempSync(join(tmpdir(), 'capstan-self-checked-'));
    try {
      cpSync(CORPUS, dir, { recursive: true });
      for (const [file, from, to] of WITHOUT_LISTS_OF_PARAMETERS) {
        const path = join(dir, file);
        const source = readFileSync(path, 'utf8');
        expect(source.includes(from), `${file} still has ${from}`).toBe(true);
        writeFileSync(path, source.replace(from, to));
      }
      const args = (files: string[]): CompileArgs => ({ files, cwd: dir, noStandardImport: true, importPaths: ['include', STD] });
      for (const file of SELF_CHECKED) expectSame(args([file]));
      expectSame(args([...SELF_CHECKED, ...FILES]));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails a check of its own code on a List of a generic parameter (SELF_CHECKED), where Capstan compiles', () => {
    // If a later tool compiles one of these, it belongs in FILES.
    for (const file of SELF_CHECKED) {
      const result = checkParity(corpusArgs([file]), '1.x');
      expect(result.referenceBug, file).toMatch(/Must check which\(\) before get\(\)ing a union member/);
      expect(result.ourErrors, file).toEqual([]);
    }
  });

  it('compiles the 1.0 edition\'s fixtures, with LF and CRLF line endings', () => {
    for (const file of ['block-quotes.capnp', 'first-field.capnp']) expectSame({ files: [file], cwd: EDITIONS, noStandardImport: true });
    const dir = mkdtempSync(join(tmpdir(), 'capstan-crlf-1x-'));
    try {
      writeFileSync(join(dir, 'crlf.capnp'), readFileSync(join(EDITIONS, 'block-quotes.capnp'), 'utf8').replace(/\n/g, '\r\n'));
      expectSame({ files: ['crlf.capnp'], cwd: dir, noStandardImport: true });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('compiles workerd.capnp (the workerd package\'s)', () => {
    expect(expectSame({ files: ['workerd.capnp'], cwd: WORKERD, noStandardImport: true, importPaths: [STD] })).toBeGreaterThan(40);
  });

  it('compiles Capstan\'s standard schemas; StreamResult has no position once a method streams', () => {
    const files = ['capnp/c++.capnp', 'capnp/schema.capnp', 'capnp/rpc.capnp', 'capnp/rpc-twoparty.capnp', 'capnp/persistent.capnp', 'capnp/compat/json.capnp'];
    expectSame({ files: [...files, 'capnp/stream.capnp'], cwd: STD, noStandardImport: true, importPaths: [STD] });
    // Alone, stream.capnp's StreamResult is the compiled one, with its position; used by a
    // streaming method, it is the tool's built-in copy, without.
    expectSame({ files: ['capnp/stream.capnp'], cwd: STD, noStandardImport: true, importPaths: [STD] });
    const dir = mkdtempSync(join(tmpdir(), 'capstan-stream-1x-'));
    try {
      mkdirSync(join(dir, 'capnp'));
      for (const file of ['capnp/stream.capnp', 'capnp/c++.capnp']) copyFileSync(join(STD, file), join(dir, file));
      writeFileSync(join(dir, 's.capnp'), `${FILE_ID}interface Sink { write @0 (chunk :Data) -> stream; }\n`);
      expectSame({ files: ['s.capnp'], cwd: dir, noStandardImport: true, importPaths: [dir] });
      expectSame({ files: ['capnp/stream.capnp', 's.capnp'], cwd: dir, noStandardImport: true, importPaths: [dir] });
      writeFileSync(join(dir, 'f.capnp'), `${FILE_ID}struct Holder { result @0 :List(import "/capnp/stream.capnp".StreamResult); }\n`);
      expectSame({ files: ['f.capnp'], cwd: dir, noStandardImport: true, importPaths: [STD] });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reports the same errors for values that fit neither the struct nor its first field', () => {
    const dir = mkdtempSync(join(tmpdir(), 'capstan-errors-1x-'));
    try {
      for (const line of FIRST_FIELD_MISUSES) {
        writeFileSync(join(dir, 'e.capnp'), `${FILE_ID}${FIRST_FIELD_DECLARATIONS}${line}\n`);
        const result = checkParity({ files: ['e.capnp'], cwd: dir, noStandardImport: true }, '1.x');
        expect(result.theirErrors.length, line).toBeGreaterThan(0);
        expect(result.mismatch, line).toBeNull();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('capstan compile -o- writes what capnp compile -o- writes, section by section', async () => {
    const files = ['resolutions.capnp', 'constants.capnp'];
    const ours = await runCli(['compile', '--no-standard-import', `-I${join(CORPUS, 'include')}`, `-I${STD}`, `--src-prefix=${CORPUS}`, '-o-', ...files.map((file) => join(CORPUS, file))]);
    expect(ours.stderr).toBe('');
    expect(ours.status).toBe(0);
    const theirs = runReference({ files, cwd: CORPUS, noStandardImport: true, importPaths: ['include', STD] }, CAPNP_1X);
    expect(theirs.status).toBe(0);
    expect(compareFramed(ours.stdout, theirs.stdout, { wire, schema })).toEqual([]);
    expect(identifierCount(ours.stdout)).toBeGreaterThan(50);
  });
});
