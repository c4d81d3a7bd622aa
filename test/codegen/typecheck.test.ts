/**
 * Generated code must type-check under `tsc --strict` (plus the project's stricter flags): the
 * feature fixture, and the standard schemas installed with the reference tool (RPC's many
 * unions and groups, persistent.capnp's generics, json.capnp's annotations).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { FIXTURES, generateFixtures, generateFrom, ROOT, STD_BINDINGS } from '../support/generate.js';
import { decode, describeReference, encode } from '../support/reference.js';

const STANDARD = ['c++', 'schema', 'rpc', 'rpc-twoparty', 'persistent', 'stream', 'compat/json']
  .map((name) => `/usr/include/capnp/${name}.capnp`);

function typecheck(dir: string): string {
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({
    compilerOptions: {
      target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2022', 'DOM'], types: [],
      strict: true, noImplicitOverride: true, noImplicitReturns: true, noFallthroughCasesInSwitch: true,
      noUnusedLocals: true, isolatedModules: true, verbatimModuleSyntax: true, skipLibCheck: true, noEmit: true,
    },
    include: ['**/*.ts'],
  }));
  const result = spawnSync(join(ROOT, 'node_modules/.bin/tsc'), ['-p', join(dir, 'tsconfig.json')], { encoding: 'utf8' });
  return (result.stdout + result.stderr).trim();
}

describeReference('generated code type-checks', () => {
  it('for the feature fixture', () => {
    const dir = generateFixtures('typecheck-features', 'codegen', ['features.capnp', 'other.capnp']);
    expect(typecheck(dir)).toBe('');
  });

  it('for files that reach standard schemas and streaming methods only through another file', () => {
    const dir = generateFixtures('typecheck-reach', 'codegen', ['reach/app.capnp', 'reach/base.capnp'], STD_BINDINGS);
    expect(typecheck(dir)).toBe('');
  });

  it('for the generic interfaces of the RPC fixture', () => {
    const dir = generateFixtures('typecheck-rpc-generics', 'rpc', ['generics.capnp']);
    expect(typecheck(dir)).toBe('');
  });

  it('for types named like the globals generated code uses (DataView, Date, Uint8Array, Object, Promise, ...)', () => {
    const dir = generateFixtures('typecheck-globals', 'codegen', ['globals.capnp']);
    expect(typecheck(dir)).toBe('');
  });

  it('and such types work: built here, read by the reference tool, and back', async () => {
    const dir = generateFixtures('typecheck-globals', 'codegen', ['globals.capnp']);
    const g = await import(join(dir, 'globals.capnp.ts'));
    const schema = join(FIXTURES, 'codegen/globals.capnp');
    const bytes = g.DataView.encode({ bytes: new Uint8Array([1, 2]), ints: [-1, 7], floats: [0.5], longs: [-9n], small: [255], date: { year: 1969 } });
    expect(decode(schema, 'DataView', bytes).trim()).toBe('(bytes = "\\001\\002", ints = [-1, 7], floats = [0.5], longs = [-9], small = [255], '
      + 'date = (year = 1969, notANumber = nan, forever = inf, never = -inf))');
    const date = g.Date.read(encode(schema, 'Date', '(year = 2026)'));
    expect([date.year, date.notANumber, date.forever, date.never]).toEqual([2026, NaN, Infinity, -Infinity]);
    // Names generated code needs for itself (Uint8Array, Object, Promise, ...) take a `$` suffix;
    // the others (DataView, Date, Math, ...) keep theirs.
    const union = g.Uint8Array$.read(encode(schema, 'Uint8Array', '(number = 5)'));
    expect(union.toObject()).toEqual({ number: 5 });
    const object = g.Object$.read(encode(schema, 'Object', '(inner = (items = [(value = 3)]))'));
    expect(object.inner.items.get(0).value).toBe(3n);
    expect(g.Math.read(encode(schema, 'Math', '()')).pi).toBe(3.14159);
  });

  it('for the standard schemas', () => {
    const files = STANDARD.filter((f) => existsSync(f));
    expect(files.length).toBe(STANDARD.length);
    const dir = generateFrom('typecheck-standard', files, '/usr/include');
    expect(typecheck(dir)).toBe('');
  });
});
