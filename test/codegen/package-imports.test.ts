/**
 * Generated code as a user gets it: compiled by Capstan's compiler, generated with the default
 * imports (`capstan` and `capstan/std/...`, resolved through this package's `exports` by
 * self-reference), type-checked and compiled by tsc, and run by Node. Other codegen tests
 * rewrite the imports to this repository's sources, so only this one checks the package's
 * public entry points the way an installed package is used.
 *
 * Needs the build (`npm test` builds first).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateTypeScript } from '../../src/codegen/index.js';
import { compile, formatDiagnostic } from '../../src/compiler/index.js';
import { createNodeLoader } from '../../src/compiler/files/node-loader.js';
import { FIXTURES, GENERATED, ROOT } from '../support/generate.js';

const CORPUS = join(FIXTURES, 'compiler/parity');
const OUT = join(GENERATED, 'package-imports');
const FILES = [
  'primitives.capnp', 'unions.capnp', 'interfaces.capnp', 'generics.capnp', 'constants.capnp', 'annotations.capnp',
  'imports.capnp', 'embed.capnp', 'docs.capnp', 'std.capnp', 'lib.capnp', 'sub/deep.capnp', 'edge-cases.capnp', 'aliases.capnp',
];

/** Generates the corpus (and the file it imports from `include/`) with default options. */
function generateCorpus(): void {
  rmSync(OUT, { recursive: true, force: true });
  const runs = [
    { files: FILES, cwd: CORPUS, importPaths: ['include'] },
    { files: ['lib/shared.capnp'], cwd: join(CORPUS, 'include'), importPaths: [] },
  ];
  for (const run of runs) {
    const { request, diagnostics } = compile({ ...run, loader: createNodeLoader() });
    expect(diagnostics.map(formatDiagnostic)).toEqual([]);
    for (const file of generateTypeScript(request!)) {
      const path = join(OUT, file.filename);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, file.content);
    }
  }
}

function run(command: string, args: string[]): { status: number | null; output: string } {
  const result = spawnSync(command, args, { cwd: OUT, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}`.trim() };
}

describe('generated code with the package imports', () => {
  beforeAll(() => {
    generateCorpus();
    writeFileSync(join(OUT, 'tsconfig.json'), JSON.stringify({
      compilerOptions: {
        target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2022', 'DOM'], types: [],
        strict: true, noImplicitOverride: true, noImplicitReturns: true, noUnusedLocals: true, isolatedModules: true,
        verbatimModuleSyntax: true, skipLibCheck: true, outDir: 'js',
      },
      include: ['**/*.ts'],
    }));
    // No package.json of its own: inside this package's scope, `capstan` resolves to this package
    // by self-reference (through its `exports`, as for an installed package), and files are ESM.
  }, 60_000);

  it('type-checks under tsc --strict and compiles', () => {
    const tsc = run(join(ROOT, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.json']);
    expect(tsc.output).toBe('');
    expect(tsc.status).toBe(0);
  }, 60_000);

  it('runs: standard-schema imports resolve, and AnyStruct/AnyList values are what their types say', () => {
    writeFileSync(join(OUT, 'js/driver.mjs'), `
      import { MessageBuilder, StructReader, ListReader } from 'capstan';
      import * as std from 'capstan/std/schema.capnp.js';
      import * as constants from './constants.capnp.js';
      import * as generics from './generics.capnp.js';
      import * as imports from './imports.capnp.js';
      const out = {};
      out.stdNode = typeof std.Node.read;
      out.importsModule = Object.keys(imports).length > 0;
      // AnyStruct and AnyList constants: a StructReader and a ListReader, with the values of .point and .colors.
      out.anyStruct = constants.anyStruct instanceof StructReader && constants.anyStruct.getText(0);
      out.anyList = constants.anyList instanceof ListReader && [constants.anyList.length, constants.anyList.getUint16(1)];
      // A List(AnyList) field reads its elements as ListReaders.
      const message = new MessageBuilder();
      const uses = generics.Uses.initRoot(message);
      const lists = uses.initLal(2);
      lists.get(0).setList(constants.anyList);
      const read = uses.asReader().lal;
      out.lal = [read.get(0) instanceof ListReader, read.get(0).length, read.get(1).length];
      console.log(JSON.stringify(out));
    `);
    const node = run(process.execPath, ['js/driver.mjs']);
    expect(node.status, node.output).toBe(0);
    expect(JSON.parse(node.output)).toEqual({
      stdNode: 'function', importsModule: true, anyStruct: 'origin', anyList: [2, 2], lal: [true, 2, 0],
    });
  }, 60_000);
});
