#!/usr/bin/env node
// Regenerates src/generated/std/*.capnp.ts from std/capnp/*.capnp with Capstan's compiler and code
// generator (run `npm run build` first). `--check` only reports whether they are current.
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { stdBindings } from './std-bindings.mjs';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const dist = (path) => import(pathToFileURL(join(root, 'dist', path)).href);
const { compile } = await dist('compiler/index.js');
const { createNodeLoader } = await dist('compiler/files/node-loader.js');
const { generateTypeScript } = await dist('codegen/index.js');
const files = stdBindings({ compile, createNodeLoader, generateTypeScript, stdDirectory: join(root, 'std') });
const check = process.argv.includes('--check');
let stale = 0;
for (const [path, content] of Object.entries(files)) {
  const target = join(root, 'src/generated/std', path);
  const current = existsSync(target) ? readFileSync(target, 'utf8') : null;
  if (current === content) continue;
  stale++;
  if (check) {
    console.error(`stale: src/generated/std/${path}`);
  } else {
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, content);
    console.log(`wrote src/generated/std/${path}`);
  }
}
if (check && stale > 0) process.exit(1);
if (stale === 0) console.log('src/generated/std is current');
