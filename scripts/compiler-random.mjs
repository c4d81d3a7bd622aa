#!/usr/bin/env node
// A long randomized differential campaign of the schema compiler against `capnp compile`, 0.9.2
// and 1.x (scripts/install-capnp-1x.sh installs the latter; both are required here):
//   node scripts/compiler-random.mjs [COUNT] [FIRST_SEED]     (default 5000 schemas from seed 1)
// Runs test/compiler/random.test.ts with a larger budget; a failure prints the seed and the
// schema, which reproduces with CAPSTAN_RANDOM_SEED=<seed> CAPSTAN_RANDOM_SCHEMAS=1.
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const count = process.argv[2] ?? '5000';
const seed = process.argv[3] ?? '1';
const result = spawnSync(join(root, 'node_modules/.bin/vitest'), ['run', 'test/compiler/random.test.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, CAPSTAN_RANDOM_SCHEMAS: count, CAPSTAN_RANDOM_SEED: seed, CAPSTAN_REQUIRE_REFERENCE: '1' },
});
process.exit(result.status ?? 1);
