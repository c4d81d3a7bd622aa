/**
 * Everything under src/generated/ is made from the standard schemas std/capnp/**\/*.capnp (the
 * one source of truth) by scripts/generate-std.mjs and committed (the schema layer bootstraps on
 * the bindings, the compiler on the embedded text): it must be what the compiler and generator
 * make now. Regenerate with `npm run build && node scripts/generate-std.mjs`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';
import { generateTypeScript } from '../../src/codegen/index.js';
import { compile } from '../../src/compiler/index.js';
import { createNodeLoader } from '../../src/compiler/files/node-loader.js';
import { ROOT } from '../support/generate.js';
import { generatedStdFiles } from '../../scripts/std-bindings.mjs';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [relative(ROOT, join(dir, entry.name)).split('\\').join('/')]);
}

it('the committed generated files (bindings and embedded schema text) are current', () => {
  const files = generatedStdFiles({ compile, createNodeLoader, generateTypeScript, stdDirectory: join(ROOT, 'std') });
  expect(Object.keys(files).sort()).toEqual([
    'src/generated/std-schema-files.ts', 'src/generated/std-schema-ids.ts',
    'src/generated/std/c++.capnp.ts', 'src/generated/std/compat/json.capnp.ts', 'src/generated/std/persistent.capnp.ts',
    'src/generated/std/rpc-twoparty.capnp.ts', 'src/generated/std/rpc.capnp.ts', 'src/generated/std/schema.capnp.ts',
    'src/generated/std/stream.capnp.ts',
  ]);
  // Nothing hand-written hides among them.
  expect(filesUnder(join(ROOT, 'src/generated')).sort()).toEqual(Object.keys(files).sort());
  for (const [path, content] of Object.entries(files)) {
    expect(content.startsWith('// Generated from std/'), `${path} starts with its generated-file header`).toBe(true);
    expect(readFileSync(join(ROOT, path), 'utf8'), `${path} is stale: run npm run build && node scripts/generate-std.mjs`).toBe(content);
  }
});
