// Marks the package's bin scripts executable after `tsc` writes them (tsc does not), so they
// run straight from dist/ — e.g. as `capnp compile -o dist/bundle/cli/capnpc-ts.js:OUT`.
import { chmodSync, existsSync, readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
for (const file of Object.values(pkg.bin ?? {})) {
  const path = new URL(`../${file}`, import.meta.url);
  if (existsSync(path)) chmodSync(path, 0o755);
}
