/**
 * Rejection parity with the reference compiler: for schemas with errors (lexical, syntactic,
 * naming, ordinals, types, generics, values, annotations, recursion, duplicate ids, layouts the
 * reference refuses), both compilers must report the same errors, at the same places, in the
 * same order.
 */
import { expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

  it('reports an import of a directory as a failed import, where the reference dies on mmap', () => {
    const dir = mkdtempSync(join(tmpdir(), 'capstan-import-directory-'));
    try {
      mkdirSync(join(dir, 'include', 'capnp'), { recursive: true });
      writeFileSync(join(dir, 'dir.capnp'), '@0xe5dbb0e3dd5a4b23;\nconst x :Int32 = "before";\nusing D = import "/capnp";\nstruct S { d @0 :D.T; }\n');
      const result = checkParity({ files: ['dir.capnp'], cwd: dir, noStandardImport: true, importPaths: ['include'] });
      expect(result.theirErrors.at(-1)).toMatch(/^FATAL: mmap: /);
      expect(result.mismatch).toBeNull();
      expect(result.ourErrors).toEqual(['dir.capnp:2:18-26: error: Type mismatch; expected Int32.', 'dir.capnp:3:18-26: error: Import failed: /capnp', 'dir.capnp:4:18-19: error: Not defined: D']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rejects a relative import that climbs out of its --src-prefix, as the reference does', () => {
    const corpus = fileURLToPath(new URL('../fixtures/compiler/parity', import.meta.url));
    const result = checkParity({ files: ['sub/deep.capnp'], cwd: corpus, noStandardImport: true, srcPrefixes: ['sub'] });
    expect(result.ourErrors).toEqual(result.theirErrors);
    expect(result.ourErrors).toEqual(['FATAL: can\'t use ".." to break out of starting directory']);
  });
});
