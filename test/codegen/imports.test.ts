/**
 * What generated modules import: a standard schema's bindings (`capstan/std/*`) whenever a
 * file's code names one of its types, however the file reached it, and nothing it does not use
 * (generated code type-checks under `noUnusedLocals`, test/codegen/typecheck.test.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compile, createMemoryLoader } from '../../src/compiler/index.js';
import { generateTypeScript } from '../../src/codegen/index.js';
import { FIXTURES } from '../support/generate.js';

const REACH = join(FIXTURES, 'codegen/reach');

function generated(): Map<string, string> {
  const sources = Object.fromEntries(['app.capnp', 'base.capnp'].map((name) => [`/reach/${name}`, readFileSync(join(REACH, name))]));
  const { request, diagnostics } = compile({ files: ['reach/app.capnp', 'reach/base.capnp'], cwd: '/', loader: createMemoryLoader(sources) });
  expect(diagnostics).toEqual([]);
  return new Map(generateTypeScript(request!).map((file) => [file.filename, file.content]));
}

const importsOf = (code: string) => code.split('\n').filter((line) => line.startsWith('import '));

describe('generated imports', () => {
  const files = generated();

  it('take a standard schema reached through another file from its bindings', () => {
    const app = files.get('reach/app.capnp.ts')!;
    expect(app).toContain('$persistent.');
    expect(importsOf(app)).toContain("import * as $persistent from 'capstan/std/persistent.capnp.js';");
    expect(importsOf(files.get('reach/base.capnp.ts')!)).toContain("import * as $persistent from 'capstan/std/persistent.capnp.js';");
  });

  it('leave out stream.capnp where only an inherited streaming method is', () => {
    expect(importsOf(files.get('reach/base.capnp.ts')!)).toContain("import * as $stream from 'capstan/std/stream.capnp.js';");
    const app = files.get('reach/app.capnp.ts')!;
    expect(app).not.toContain('$stream');
    expect(app).toContain('write(params?');
  });
});
