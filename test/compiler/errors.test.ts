/**
 * Rejection parity with the reference compiler: for schemas with errors (lexical, syntactic,
 * naming, ordinals, types, generics, values, annotations, recursion, duplicate ids, layouts the
 * reference refuses), both compilers must report the same errors, at the same places, in the
 * same order.
 */
import { expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describeReference } from '../support/reference.js';
import { checkParity } from './support/parity.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/compiler/errors', import.meta.url));

/** Fixtures that need other options than `--no-standard-import -I /usr/include`. */
const IMPORT_PATHS: Record<string, string[]> = {
  'stream-without-std.capnp': [],
};

describeReference('compiler errors match capnp compile', () => {
  const files = readdirSync(FIXTURES).filter((name) => name.endsWith('.capnp')).sort();

  it('has error fixtures', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  for (const file of files) {
    it(`reports the reference's errors for ${file}`, () => {
      const result = checkParity({ files: [file], cwd: FIXTURES, noStandardImport: true, importPaths: IMPORT_PATHS[file] ?? ['/usr/include'] });
      expect(result.theirErrors.length, 'the reference rejects the fixture').toBeGreaterThan(0);
      expect(result.ourErrors).toEqual(result.theirErrors);
    });
  }

  it('rejects a relative import that climbs out of its --src-prefix, as the reference does', () => {
    const corpus = fileURLToPath(new URL('../fixtures/compiler/parity', import.meta.url));
    const result = checkParity({ files: ['sub/deep.capnp'], cwd: corpus, noStandardImport: true, srcPrefixes: ['sub'] });
    expect(result.ourErrors).toEqual(result.theirErrors);
    expect(result.ourErrors).toEqual(['FATAL: can\'t use ".." to break out of starting directory']);
  });
});
