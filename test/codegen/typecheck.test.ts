/**
 * Generated code must type-check under `tsc --strict` (plus the project's stricter flags): the
 * feature fixture, and the standard schemas installed with the reference tool (RPC's many
 * unions and groups, persistent.capnp's generics, json.capnp's annotations).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { generateFixtures, generateFrom, ROOT } from '../support/generate.js';
import { describeReference } from '../support/reference.js';

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

  it('for the generic interfaces of the RPC fixture', () => {
    const dir = generateFixtures('typecheck-rpc-generics', 'rpc', ['generics.capnp']);
    expect(typecheck(dir)).toBe('');
  });

  it('for the standard schemas', () => {
    const files = STANDARD.filter((f) => existsSync(f));
    expect(files.length).toBe(STANDARD.length);
    const dir = generateFrom('typecheck-standard', files, '/usr/include');
    expect(typecheck(dir)).toBe('');
  });
});
