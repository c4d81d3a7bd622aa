/**
 * Schema files that import each other, with constants of each other's types: their modules form
 * an import cycle, and JavaScript evaluates one before the other has defined its classes
 * (runtime/cyclic-constants.ts). Found in capnp-es's test fixtures (import-foo.capnp and
 * import-bar.capnp): importing the generated code failed with "Reader is not a constructor".
 * Each order of import, in the TypeScript output (through vitest's transform, where classes
 * not yet defined are `undefined`) and in the JavaScript output run by Node (where they are in
 * their temporal dead zone: a ReferenceError).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compile } from '../../src/compiler/index.js';
import { createNodeLoader } from '../../src/compiler/files/node-loader.js';
import { generateTypeScript } from '../../src/codegen/index.js';
import { FIXTURES, GENERATED, ROOT, STD_BINDINGS, writeGenerated } from '../support/generate.js';

const CYCLE = join(FIXTURES, 'codegen/cycle');
const FILES = ['left.capnp', 'right.capnp'];

const EXPECTED = {
  leftConstant: { name: 'made in right.capnp', right: 'nested' },
  rightConstant: 'made in left.capnp',
  rights: ['first', 'second'],
};

function request() {
  const { request, diagnostics } = compile({ files: FILES, cwd: CYCLE, loader: createNodeLoader() });
  if (request === null) throw new Error(diagnostics.map((d) => d.message).join('\n'));
  return request;
}

function read(left: Record<string, any>, right: Record<string, any>) {
  return {
    leftConstant: { name: right.leftConstant.name, right: right.leftConstant.right.label },
    rightConstant: left.rightConstant.label,
    rights: left.rights.map((r: { label: string }) => r.label),
  };
}

describe('constants across an import cycle', () => {
  for (const first of FILES) {
    it(`TypeScript output, ${first} imported first`, async () => {
      const outDir = join(GENERATED, `import-cycle-${first}`);
      rmSync(outDir, { recursive: true, force: true });
      writeGenerated(outDir, generateTypeScript(request(), { runtimeImport: 'RUNTIME', rpcImport: 'RPC', stdImportPrefix: 'STD/' }), STD_BINDINGS);
      const modules: Record<string, Record<string, any>> = {};
      for (const file of first === FILES[0] ? FILES : [...FILES].reverse()) modules[file] = await import(join(outDir, `${file}.ts`));
      expect(read(modules['left.capnp']!, modules['right.capnp']!)).toEqual(EXPECTED);
    });
  }

  it('JavaScript output run by Node, in each order', () => {
    const dir = join(GENERATED, 'import-cycle-js');
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(join(dir, 'node_modules'), { recursive: true });
    symlinkSync(ROOT, join(dir, 'node_modules/capstan'));
    writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
    const cli = spawnSync(process.execPath, [join(ROOT, 'dist/bundle/cli/main.js'), 'compile', '-o', `js:${join(dir, 'out')}`, ...FILES], { cwd: CYCLE, encoding: 'utf8' });
    expect(cli.stderr).toBe('');
    for (const [a, b] of [FILES, [...FILES].reverse()]) {
      const script = `const first = await import('./out/${a}.js'); const second = await import('./out/${b}.js');
const [left, right] = ${JSON.stringify(a)} === 'left.capnp' ? [first, second] : [second, first];
console.log(JSON.stringify({ leftConstant: { name: right.leftConstant.name, right: right.leftConstant.right.label }, rightConstant: left.rightConstant.label, rights: left.rights.map((r) => r.label) }));`;
      const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: dir, encoding: 'utf8' });
      expect(run.stderr, `${a} first`).toBe('');
      expect(JSON.parse(run.stdout), `${a} first`).toEqual(EXPECTED);
    }
  });
});
