import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type ViteDevServer } from 'vite';
import capnp, { compileSchemaModule, type CapnpCompileError } from '../../src/vite/index.js';
import { capstanAliases, COMMON, scratchApp, type Scratch } from './support.js';

let app: Scratch | undefined;
let server: ViteDevServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  app?.dispose();
  app = undefined;
});

async function devServer(dir: string): Promise<ViteDevServer> {
  return createServer({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    appType: 'custom',
    plugins: [capnp()],
    resolve: { alias: capstanAliases },
    server: { middlewareMode: true, watch: { usePolling: true, interval: 50 } },
  });
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

type App = { roundTrip(name: string, city: string): { person: { name: string; address: Record<string, unknown> } } };

describe('capstan/vite: dev server', () => {
  it('serves the schema as a JavaScript module and loads the app with ssrLoadModule', async () => {
    app = scratchApp();
    server = await devServer(app.dir);
    const transformed = await server.transformRequest('/schemas/person.capnp');
    expect(transformed?.code).toContain('Person');
    expect(transformed?.code).not.toContain('struct Person {');
    const mod = (await server.ssrLoadModule('/app.ts')) as App;
    const { person } = mod.roundTrip('Ada', 'London');
    expect(person.name).toBe('Ada');
    expect(person.address).toEqual({ city: 'London' });
  });

  it('serves the compiled schema over HTTP to a browser, and leaves ?raw imports alone', async () => {
    app = scratchApp();
    server = await createServer({
      root: app.dir,
      configFile: false,
      logLevel: 'silent',
      plugins: [capnp()],
      resolve: { alias: capstanAliases },
      server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false, watch: null },
    });
    await server.listen();
    const address = server.httpServer!.address() as { port: number };
    const base = `http://127.0.0.1:${address.port}`;
    const response = await fetch(`${base}/schemas/person.capnp?import`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    const body = await response.text();
    expect(body).toContain('export const Person');
    // The import of common.capnp is a URL the browser can fetch, and it is compiled too.
    const commonUrl = /from "([^"]*common\.capnp[^"]*)"/.exec(body)?.[1];
    expect(commonUrl).toBeDefined();
    const common = await (await fetch(new URL(commonUrl!, base))).text();
    expect(common).toContain('export const Address');
    const raw = await (await fetch(`${base}/schemas/person.capnp?raw`)).text();
    expect(raw).toContain(JSON.stringify('struct Person {\n').slice(1, -3));
  });

  it('reloads after an imported schema changes on disk: the new field appears', async () => {
    app = scratchApp();
    app.write('app.ts', `import { Person } from './schemas/person.capnp';
export function roundTrip(name: string, city: string) {
  return { person: Person.decode(Person.encode({ name, address: { city, zip: '12345' } } as never)) };
}
`);
    server = await devServer(app.dir);
    const before = (await server.ssrLoadModule('/app.ts')) as App;
    expect(before.roundTrip('Ada', 'London').person.address).toEqual({ city: 'London' });

    const personPath = join(app.dir, 'schemas/person.capnp');
    const commonPath = join(app.dir, 'schemas/common.capnp');
    const graph = server.environments.ssr.moduleGraph;
    expect(graph.getModuleById(personPath)?.transformResult).toBeTruthy();
    expect(graph.getModuleById(commonPath)?.transformResult).toBeTruthy();

    app.write('schemas/common.capnp', COMMON.replace('city @0 :Text;', 'city @0 :Text;\n  zip @1 :Text;'));
    // The watcher sees the edit; the plugin invalidates the schema and the one importing it.
    await until(() => !graph.getModuleById(commonPath)?.transformResult, 'common.capnp to be invalidated');
    await until(() => !graph.getModuleById(personPath)?.transformResult, 'person.capnp to be invalidated');

    const after = (await server.ssrLoadModule('/app.ts')) as App;
    expect(after.roundTrip('Ada', 'London').person.address).toEqual({ city: 'London', zip: '12345' });
  });

  it('reloads a schema when a file it reads only at compile time changes (an imported constant, inlined)', async () => {
    app = scratchApp();
    const defaultsPath = app.write('schemas/defaults.capnp', '@0xd1c3f4a5b6c7d8e5;\nconst defaultCity :Text = "Paris";\n');
    const cityPath = app.write('schemas/city.capnp', '@0xd1c3f4a5b6c7d8e6;\nusing D = import "defaults.capnp";\nstruct City { name @0 :Text = D.defaultCity; }\n');
    app.write('city.ts', "import { City } from './schemas/city.capnp';\nexport const name = () => City.decode(City.encode({})).name;\n");
    server = await devServer(app.dir);
    const graph = server.environments.ssr.moduleGraph;
    const before = (await server.ssrLoadModule('/city.ts')) as { name(): string };
    expect(before.name()).toBe('Paris');
    // The generated module does not import defaults.capnp: the value is inlined.
    expect(graph.getModuleById(defaultsPath)?.transformResult ?? null).toBeNull();

    app.write('schemas/defaults.capnp', '@0xd1c3f4a5b6c7d8e5;\nconst defaultCity :Text = "Lyon";\n');
    await until(() => !graph.getModuleById(cityPath)?.transformResult, 'city.capnp to be invalidated');
    const after = (await server.ssrLoadModule('/city.ts')) as { name(): string };
    expect(after.name()).toBe('Lyon');
  });

  it('rejects a schema error with Vite\'s error shape: id, loc (file, line, column), frame, the diagnostic', async () => {
    app = scratchApp();
    const commonPath = app.write('schemas/common.capnp', '@0xd1c3f4a5b6c7d8e2;\nstruct Address {\n  city @0 :Txt;\n}\n');
    server = await devServer(app.dir);
    let caught: CapnpCompileError | undefined;
    try {
      await server.transformRequest('/schemas/common.capnp');
    } catch (error) {
      caught = error as CapnpCompileError;
    }
    expect(caught).toBeDefined();
    expect(caught!.message).toMatch(/common\.capnp:3:12-15: error: .*Txt/);
    expect(caught!.id).toBe(commonPath);
    expect(caught!.loc).toEqual({ file: commonPath, line: 3, column: 11 });
    expect(caught!.frame).toContain('>');
    expect(caught!.frame).toContain('city @0 :Txt;');
    expect(caught!.frame).toContain('^^^');
  });

  it('reports an error in an imported schema at that file', () => {
    app = scratchApp();
    const commonPath = app.write('schemas/common.capnp', '@0xd1c3f4a5b6c7d8e2;\nstruct Address {\n  city @0 :Txt;\n}\n');
    let caught: CapnpCompileError | undefined;
    try {
      compileSchemaModule(join(app.dir, 'schemas/person.capnp'));
    } catch (error) {
      caught = error as CapnpCompileError;
    }
    expect(caught?.loc).toEqual({ file: commonPath, line: 3, column: 11 });
    expect(caught?.message).toContain('Txt');
  });

  it('finds import "/..." on importPaths', () => {
    app = scratchApp();
    app.write('shared/units.capnp', '@0xd1c3f4a5b6c7d8e3;\nstruct Meters { value @0 :Float64; }\n');
    const runPath = app.write('schemas/run.capnp', '@0xd1c3f4a5b6c7d8e4;\nusing U = import "/units.capnp";\nstruct Run { distance @0 :U.Meters; }\n');
    expect(() => compileSchemaModule(runPath, { root: app!.dir })).toThrow(/units\.capnp/);
    const compiled = compileSchemaModule(runPath, { root: app.dir, importPaths: ['shared'] });
    expect(compiled.code).toContain(`from '${join(app.dir, 'shared/units.capnp')}'`);
    expect(compiled.dependencies).toEqual([runPath, join(app.dir, 'shared/units.capnp')]);
  });

  it('reads the 1.0 schema language unless language is 0.9', () => {
    app = scratchApp();
    const path = app.write('schemas/site.capnp', '@0xd1c3f4a5b6c7d8e5;\nstruct Page { path @0 :Text; }\nconst home :Page = "/";\nconst footer :Text = `made here\n  ;\n');
    expect(compileSchemaModule(path, { root: app.dir }).code).toContain('footer');
    expect(() => compileSchemaModule(path, { root: app!.dir, language: '0.9' })).toThrow(/Parse error/);
  });
});
