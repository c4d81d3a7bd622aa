/**
 * Parity with the reference compiler on a corpus of schemas that exercises the whole language:
 * for each, both compilers must produce the same nodes (canonical bytes, matched by id), the
 * same source info and the same requested files.
 *
 * Standard imports come from the reference's own directory for both compilers (its 0.9.2
 * schemas differ in their comments, and a little in content, from Capstan's copies).
 */
import { expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { describeReference } from '../support/reference.js';
import { checkParity, type CompileArgs } from './support/parity.js';

const CORPUS = fileURLToPath(new URL('../fixtures/compiler/parity', import.meta.url));
const SYSTEM_INCLUDE = '/usr/include';

const FILES = [
  'primitives.capnp', 'unions.capnp', 'interfaces.capnp', 'generics.capnp', 'constants.capnp', 'annotations.capnp',
  'imports.capnp', 'embed.capnp', 'docs.capnp', 'std.capnp', 'lib.capnp', 'sub/deep.capnp', 'edge-cases.capnp', 'aliases.capnp', 'resolutions.capnp',
];

function expectSame(args: CompileArgs): number {
  const result = checkParity(args);
  expect(result.mismatch).toBeNull();
  expect(result.ourErrors).toEqual([]);
  expect(result.differences).toEqual([]);
  expect(result.nodeCount).toBeGreaterThan(0);
  return result.nodeCount;
}

describeReference('compiler parity with capnp compile', () => {
  const args = (files: string[]): CompileArgs => ({ files, cwd: CORPUS, noStandardImport: true, importPaths: ['include', SYSTEM_INCLUDE] });

  for (const file of FILES) {
    it(`compiles ${file} as the reference does`, () => {
      expectSame(args([file]));
    });
  }

  it('compiles the whole corpus in one run (shared imports, first source info wins)', () => {
    const nodes = expectSame(args(FILES));
    console.log(`[capstan] compiler parity: ${nodes} nodes compared for the corpus in one run, 0 differences`);
  });

  it('names files relative to the working directory or a --src-prefix', () => {
    expectSame({ files: ['sub/../lib.capnp', 'embed.capnp'], cwd: CORPUS, noStandardImport: true, srcPrefixes: ['sub'] });
    expectSame({ files: [`${CORPUS}/primitives.capnp`], cwd: '/', noStandardImport: true });
    expectSame({ files: ['parity/unions.capnp'], cwd: `${CORPUS}/..`, noStandardImport: true, srcPrefixes: ['parity'] });
  });

  it('uses the default standard directories as the reference does for schemas that do not import them', () => {
    expectSame({ files: ['primitives.capnp', 'unions.capnp', 'generics.capnp'], cwd: CORPUS });
  });

  it('compiles Capstan\'s standard schemas exactly as the reference does', () => {
    const std = fileURLToPath(new URL('../../std', import.meta.url));
    const stdFiles = ['capnp/c++.capnp', 'capnp/schema.capnp', 'capnp/rpc.capnp', 'capnp/rpc-twoparty.capnp',
      'capnp/persistent.capnp', 'capnp/stream.capnp', 'capnp/compat/json.capnp'];
    expectSame({ files: stdFiles, cwd: std, noStandardImport: true, importPaths: [std] });
  });
});
