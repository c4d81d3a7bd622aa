import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { build } from 'vite';
import capnp from '../../src/vite/index.js';
import { capstanAliases, scratchApp, type Scratch } from './support.js';

let app: Scratch | undefined;
afterEach(() => {
  app?.dispose();
  app = undefined;
});

describe('capstan/vite: vite build', () => {
  it('bundles an app importing a schema that imports another, and the bundle encodes and decodes in Node', async () => {
    app = scratchApp();
    const outDir = join(app.dir, 'out');
    await build({
      root: app.dir,
      configFile: false,
      logLevel: 'silent',
      plugins: [capnp()],
      resolve: { alias: capstanAliases },
      build: {
        outDir,
        minify: false,
        lib: { entry: join(app.dir, 'app.ts'), formats: ['es'], fileName: () => 'app.js' },
      },
    });
    const bundle = join(outDir, 'app.js');
    const { readdirSync } = await import('node:fs');
    expect(existsSync(bundle), readdirSync(outDir).join()).toBe(true);
    // Run the bundle in a plain Node process: no Vite, no TypeScript, no source aliases.
    const script = `import(${JSON.stringify(pathToFileURL(bundle).href)}).then(({ roundTrip }) => {
      const { length, person } = roundTrip('Ada', 'London');
      process.stdout.write(JSON.stringify({ length, name: person.name, city: person.address.city }));
    });`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    const result = JSON.parse(run.stdout) as { length: number; name: string; city: string };
    expect(result.length).toBeGreaterThan(8);
    expect(result.name).toBe('Ada');
    expect(result.city).toBe('London');
    // The bundle holds the compiled schema, not the .capnp text.
    expect(readFileSync(bundle, 'utf8')).not.toContain('struct Person');
  });

  it('fails the build with the diagnostic when a schema does not compile', async () => {
    app = scratchApp();
    app.write('schemas/common.capnp', '@0xd1c3f4a5b6c7d8e2;\nstruct Address {\n  city @0 :Txt;\n}\n');
    const outcome = build({
      root: app.dir,
      configFile: false,
      logLevel: 'silent',
      plugins: [capnp()],
      resolve: { alias: capstanAliases },
      build: { outDir: join(app.dir, 'out'), write: false, lib: { entry: join(app.dir, 'app.ts'), formats: ['es'], fileName: 'app' } },
    });
    await expect(outcome).rejects.toThrow(/Txt/);
  });

  it('writes declarations beside the schemas with dts: true', async () => {
    app = scratchApp();
    await build({
      root: app.dir,
      configFile: false,
      logLevel: 'silent',
      plugins: [capnp({ dts: true })],
      resolve: { alias: capstanAliases },
      build: { outDir: join(app.dir, 'out'), write: false, lib: { entry: join(app.dir, 'app.ts'), formats: ['es'], fileName: 'app' } },
    });
    const person = readFileSync(join(app.dir, 'schemas/person.capnp.d.ts'), 'utf8');
    expect(person).toContain('Person');
    expect(person).toContain("from './common.capnp.js'");
    expect(readFileSync(join(app.dir, 'schemas/common.capnp.d.ts'), 'utf8')).toContain('Address');
  });
});
