/**
 * docs/vite.md's example as written: its schemas, the app's main.ts and vite.config.ts (with
 * `capstan/vite` resolved to the sources) go into a scratch directory, Vite builds it with that
 * config file, and Node runs the bundle. The type shim is checked by tsc against the app's main.ts.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { build } from 'vite';
import { ROOT } from '../support/generate.js';
import { capstanAliases, scratchApp, type Scratch } from './support.js';

const text = readFileSync(join(ROOT, 'docs/vite.md'), 'utf8');
/** Fenced blocks whose first line names a file (`# path` or `// path`). */
const files = new Map(
  [...text.matchAll(/^```(?:capnp|ts)\n(?:#|\/\/) (\S+)\n([\s\S]*?)^```$/gm)].map((m) => [m[1]!, m[2]!]),
);
const shim = /^ {3}```ts\n {3}(declare module '\*\.capnp';)\n {3}```$/m.exec(text)?.[1]?.replace(/^ {3}/gm, '');

let app: Scratch | undefined;
afterEach(() => {
  app?.dispose();
  app = undefined;
});

it('has the four files of the example and the shim', () => {
  expect([...files.keys()].sort()).toEqual(['schemas/common.capnp', 'schemas/person.capnp', 'src/main.ts', 'vite.config.ts']);
  expect(shim).toContain("declare module '*.capnp'");
});

it('builds the example with its vite.config.ts, and the bundle prints what the doc says', async () => {
  app = scratchApp();
  for (const [path, content] of files) {
    const code = path === 'vite.config.ts'
      ? content
        .replace("from 'capstan/vite'", `from ${JSON.stringify(join(ROOT, 'src/vite/index.ts'))}`)
      : content;
    app.write(path, code);
  }
  // The config imports 'vite': the app's own node_modules would have it.
  mkdirSync(join(app.dir, 'node_modules'));
  symlinkSync(join(ROOT, 'node_modules/vite'), join(app.dir, 'node_modules/vite'), 'dir');
  await build({ root: app.dir, configFile: join(app.dir, 'vite.config.ts'), logLevel: 'silent', resolve: { alias: capstanAliases }, ssr: { noExternal: true } });
  const [, bundle, expected] = /^node (out\/\S+)\s+# (.*)$/m.exec(text)!;
  const run = spawnSync(process.execPath, [join(app.dir, bundle!)], { encoding: 'utf8' });
  expect(run.stderr).toBe('');
  expect(run.stdout.trim()).toBe(expected);
});

it('type-checks the example with the shim', () => {
  app = scratchApp();
  app.write('src/main.ts', files.get('src/main.ts')!);
  app.write('schemas/person.capnp', files.get('schemas/person.capnp')!);
  app.write('src/capnp.d.ts', shim!);
  app.write('tsconfig.json', JSON.stringify({
    compilerOptions: { strict: true, noEmit: true, module: 'preserve', moduleResolution: 'bundler', target: 'es2022', types: [], skipLibCheck: true },
    include: ['src'],
  }));
  const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
  const run = spawnSync(process.execPath, [tsc, '-p', join(app.dir, 'tsconfig.json')], { encoding: 'utf8' });
  expect(run.stdout + run.stderr).toBe('');
  expect(run.status).toBe(0);
});
