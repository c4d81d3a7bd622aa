#!/usr/bin/env node
// Regenerates everything made from the standard schemas std/capnp/**/*.capnp (see
// scripts/std-bindings.mjs): the bindings src/generated/std/*.capnp.ts and the embedded text
// src/generated/std-schema-files.ts. Uses Capstan's compiler and code generator from dist, so
// run `npm run build` first. `--check` only reports whether they are current (the test
// test/schema/std-current.test.ts checks the same).
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generatedStdFiles } from './std-bindings.mjs';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const dist = (path) => import(pathToFileURL(join(root, 'dist', path)).href);
const { compile } = await dist('compiler/index.js');
const { createNodeLoader } = await dist('compiler/files/node-loader.js');
const { generateTypeScript } = await dist('codegen/index.js');
const files = generatedStdFiles({ compile, createNodeLoader, generateTypeScript, stdDirectory: join(root, 'std') });
const check = process.argv.includes('--check');
let stale = 0;
for (const [path, content] of Object.entries(files)) {
  const target = join(root, path);
  const current = existsSync(target) ? readFileSync(target, 'utf8') : null;
  if (current === content) continue;
  stale++;
  if (check) {
    console.error(`stale: ${path}`);
  } else {
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, content);
    console.log(`wrote ${path}`);
  }
}
if (check && stale > 0) process.exit(1);
if (stale === 0) console.log('src/generated is current');
