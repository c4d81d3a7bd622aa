/**
 * The package as it ships: for Node, package.json's `exports` (their `node` condition) and `bin`
 * point at dist/bundle/, the entry points bundled together by scripts/bundle.mjs (code shared
 * between entry points in chunks); for everything else (`default`: bundlers, browsers) at tsc's
 * per-file modules. What must hold: every target exists; a Node entry point loads a handful of
 * files, not the dozens of modules tsc writes (the reason for bundling: startup,
 * docs/BENCHMARKS.md); entry points share their classes (`instanceof` holds across `capstan`,
 * `capstan/private`, `capstan/std/*`, ...); the browser's entry points reach no `node:` module
 * and a bundler is given the per-file modules; source maps lead back to src/.
 *
 * Needs the build (`npm test` builds first).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  exports: Record<string, string | { types: string; node: string; default: string }>;
  bin: Record<string, string>;
};

/** Each `exports` subpath without a wildcard, with its targets: `node` (the bundle), `default` (tsc's), types. */
const ENTRIES = Object.entries(pkg.exports)
  .filter(([subpath, target]) => !subpath.includes('*') && typeof target !== 'string')
  .map(([subpath, target]) => ({ subpath, ...(target as { types: string; node: string; default: string }) }));

/** The Node-only entry points: they may load `node:` modules (docs/architecture.md's layer rules). */
const NODE_ONLY = new Set([
  './compiler/node-loader', './compat/node', './fastify', './vite', './openapi', './rpc/node',
  './rpc/websocket/node', './rpc/http-batch/node',
]);

/**
 * The static imports of an ES module's text (`import ... from "x"`, `export ... from "x"`,
 * `import "x"`), written out by tsc (one per line) or minified (`import{a as b}from"x";` one after
 * another on the first line).
 */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:^|;)\s*(?:import|export)(?=[\s{*])[^;]*?from\s*["']([^"']+)["'];|(?:^|;)\s*import\s*["']([^"']+)["'];/gm)].map((m) => (m[1] ?? m[2])!);
}

/** Every file a module loads through static imports (itself included), and the bare specifiers it reaches. */
function graphOf(entry: string): { files: Set<string>; bare: Set<string> } {
  const files = new Set<string>();
  const bare = new Set<string>();
  const visit = (file: string): void => {
    if (files.has(file)) return;
    files.add(file);
    for (const specifier of importsOf(file)) {
      if (specifier.startsWith('.')) visit(resolve(dirname(file), specifier));
      else bare.add(specifier);
    }
  };
  visit(entry);
  return { files, bare };
}

describe('the bundled entry points (dist/bundle/)', () => {
  it('every export and bin target exists, and a bundle imports only its chunks and packages', () => {
    expect(ENTRIES.length).toBeGreaterThan(15);
    for (const { subpath, types, node, default: perFile } of ENTRIES) {
      expect(node, subpath).toBe(perFile.replace(/^\.\/dist\//, './dist/bundle/'));
      for (const file of [node, perFile, types]) expect(existsSync(join(ROOT, file)), file).toBe(true);
    }
    for (const bin of Object.values(pkg.bin)) {
      expect(bin).toMatch(/^dist\/bundle\/cli\//);
      expect(readFileSync(join(ROOT, bin), 'utf8').startsWith('#!/usr/bin/env node\n'), bin).toBe(true);
    }
    for (const { node: js } of ENTRIES) {
      for (const file of graphOf(join(ROOT, js)).files) {
        expect(existsSync(file), relative(ROOT, file)).toBe(true);
        expect(relative(join(ROOT, 'dist/bundle'), file).startsWith('..'), `${js} loads ${relative(ROOT, file)}`).toBe(false);
      }
    }
  });

  it('every binding of the standard schemas is there for Node and for bundlers, those in subfolders too', () => {
    const bindings = readdirSync(join(ROOT, 'src/generated/std'), { recursive: true })
      .map(String).filter((name) => name.endsWith('.capnp.ts')).map((name) => name.replace(/\.ts$/, ''));
    expect(bindings).toContain('compat/json.capnp');
    const target = pkg.exports['./std/*.js'] as { types: string; node: string; default: string };
    for (const name of bindings) {
      for (const file of [target.node, target.default, target.types]) {
        const path = join(ROOT, file.replace('*', name));
        expect(existsSync(path), `capstan/std/${name}.js: ${relative(ROOT, path)}`).toBe(true);
      }
    }
  });

  it('the runtime loads a few files, where tsc\'s output is dozens of modules', () => {
    const bundled = graphOf(join(ROOT, 'dist/bundle/runtime/private.js')).files;
    const unbundled = graphOf(join(ROOT, 'dist/runtime/private.js')).files;
    expect(bundled.size).toBeLessThanOrEqual(4);
    expect(bundled.size, "the walk follows the minified imports into the chunks").toBeGreaterThan(1);
    // The control: the same walk over tsc's output finds its modules, so the walk can fail.
    expect(unbundled.size).toBeGreaterThan(30);
  });

  it('the entry points for browsers and Workers reach no node: module', () => {
    const browser = ENTRIES.filter((e) => !NODE_ONLY.has(e.subpath));
    expect(browser.map((e) => e.subpath)).toEqual(expect.arrayContaining(['.', './private', './compiler', './rpc', './rpc/websocket', './rpc/message-port', './rpc/http-batch']));
    for (const { subpath, node, default: perFile } of browser) {
      for (const js of [node, perFile]) expect([...graphOf(join(ROOT, js)).bare].filter((s) => s.startsWith('node:')), `${subpath}: ${js}`).toEqual([]);
    }
    // The control: a Node entry point does reach one.
    expect([...graphOf(join(ROOT, 'dist/bundle/compiler/files/node-loader.js')).bare].some((s) => s.startsWith('node:'))).toBe(true);
  });

  it('entry points share their classes, in Node as an installed package is imported', () => {
    // A separate Node process (vitest transforms modules itself); cwd is the package, so
    // `capstan` resolves to this package by self-reference, through `exports`.
    const script = `
      import * as root from 'capstan';
      import * as $ from 'capstan/private';
      import * as rpc from 'capstan/rpc';
      import * as dynamic from 'capstan/dynamic';
      import { NodeReader } from 'capstan/std/schema.capnp.js';
      let error;
      try { NodeReader.read(new Uint8Array([0, 0, 0, 0, 9, 0, 0, 0])); } catch (e) { error = e; }
      const builder = new root.MessageBuilder();
      console.log(JSON.stringify({
        sameReader: $.StructReader === root.StructReader,
        sameError: $.CapnpError === root.CapnpError,
        stdErrorIsRoot: error instanceof root.CapnpError && root.isCapnpError(error),
        code: error?.code,
        builderIsPrivate: builder instanceof $.MessageBuilder,
        rpcSeesRuntime: typeof rpc.Connection === 'function',
        dynamicErrorIsRoot: (() => { try { dynamic.readRoot(null, new Uint8Array(3)); } catch (e) { return e instanceof root.CapnpError; } })(),
      }));`;
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual({
      sameReader: true, sameError: true, stdErrorIsRoot: true, code: 'TRUNCATED', builderIsPrivate: true, rpcSeesRuntime: true, dynamicErrorIsRoot: true,
    });
  });

  it('a bundler is given the per-file modules, which it can drop file by file', async () => {
    const { build } = await import('esbuild');
    const browser = await build({
      stdin: { contents: "import { StructReader } from 'capstan/private'; export const R = StructReader;", resolveDir: ROOT, loader: 'js' },
      bundle: true, format: 'esm', platform: 'browser', write: false, metafile: true, logLevel: 'silent',
    });
    const inputs = Object.keys(browser.metafile.inputs);
    expect(inputs).toContain('dist/runtime/private.js');
    expect(inputs.some((file) => file.startsWith('dist/bundle/'))).toBe(false);
  });

  it('Node\'s build takes a module\'s .node.ts twin, the per-file modules never reach it', async () => {
    // native-ascii.node.ts (native ASCII checks of Text) is Node's; bundlers and browsers get
    // native-ascii.ts, which has none. Shown by what each build of the runtime holds.
    const { build } = await import('esbuild');
    const nodeFiles = [...graphOf(join(ROOT, 'dist/bundle/runtime/private.js')).files];
    expect(nodeFiles.some((file) => readFileSync(file, 'utf8').includes('getBuiltinModule'))).toBe(true);
    const browser = await build({
      stdin: { contents: "import { readMessage } from 'capstan'; export const first = (bytes) => readMessage(bytes).getRoot().getText(0);", resolveDir: ROOT, loader: 'js' },
      bundle: true, format: 'esm', platform: 'browser', write: false, metafile: true, logLevel: 'silent',
    });
    const inputs = Object.keys(browser.metafile.inputs);
    // The control: the browser's bundle does hold the module that calls the checks, and its stub.
    expect(inputs).toEqual(expect.arrayContaining(['dist/wire/core/text.js', 'dist/wire/core/native-ascii.js']));
    expect(inputs.filter((file) => file.includes('native-ascii.node'))).toEqual([]);
    expect(browser.outputFiles[0]!.text).not.toContain('getBuiltinModule');
  });

  it('both builds write the wire layer\'s const enums as numbers (a property read costs V8 a check at each use)', () => {
    // src/wire/core/layout.ts: `Kind` (pointer kinds), `Size` (element sizes) and `Deferred` (the
    // deferred Text placeholder). tsc inlines them
    // only with whole-program information (tsconfig.build.json turns isolatedModules off), esbuild
    // when it bundles; either build holding `Kind.LIST` would read an object that no longer exists.
    const files = [...graphOf(join(ROOT, 'dist/bundle/runtime/private.js')).files, ...graphOf(join(ROOT, 'dist/runtime/private.js')).files];
    const reads = files.flatMap((file) => [...readFileSync(file, 'utf8').replace(/\/\*[^*]*\*\//g, '').matchAll(/\b(?:Kind|Size|Deferred)\.[A-Z_]+\b/g)].map((m) => `${relative(ROOT, file)}: ${m[0]}`));
    expect(reads).toEqual([]);
    // The control: the numbers are there, named in a comment.
    const text = readFileSync(join(ROOT, 'dist/wire/read-object.js'), 'utf8');
    expect(text).toContain('=== 1 /* Kind.LIST */');
    expect(readFileSync(join(ROOT, 'dist/wire/core/text-batch.js'), 'utf8')).toContain('4294967293 /* Deferred.TEXT_POINTER */');
  });

  it('source maps lead back to the sources', () => {
    for (const { node: js } of ENTRIES.filter((e) => e.subpath === '.' || e.subpath === './rpc')) {
      const sources = [...graphOf(join(ROOT, js)).files].flatMap((file) => {
        expect(readFileSync(file, 'utf8')).toContain(`//# sourceMappingURL=${file.split('/').pop()}.map`);
        const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[] };
        return map.sources.map((source) => relative(ROOT, resolve(dirname(file), source)));
      });
      // The runtime's chunks map to its sources (an entry that only re-exports maps to none).
      expect(sources, js).toContain(js === './dist/bundle/index.js' ? 'src/wire/core/segment.ts' : 'src/rpc/connection.ts');
      for (const source of sources) expect(existsSync(join(ROOT, source)), source).toBe(true);
    }
  });

  it('the bundles are minified, and a stack trace through their source maps names the sources', () => {
    // Minified for startup (docs/BENCHMARKS.md, "startup"); the maps carry the sources' text, so
    // they serve an installed package, which has no src/.
    const chunk = [...graphOf(join(ROOT, 'dist/bundle/runtime/private.js')).files].find((file) => file.includes('/chunks/'))!;
    const text = readFileSync(chunk, 'utf8');
    expect(text.split('\n').length).toBeLessThan(10);
    const map = JSON.parse(readFileSync(`${chunk}.map`, 'utf8')) as { sources: string[]; sourcesContent?: (string | null)[] };
    expect(map.sourcesContent?.length).toBe(map.sources.length);
    expect(map.sourcesContent!.every((content) => typeof content === 'string' && content.length > 0)).toBe(true);
    const script = `
      import { readMessage } from 'capstan';
      try { readMessage(new Uint8Array([0, 0, 0, 0, 9, 0, 0, 0])); } catch (e) { console.log(e.stack); }`;
    const run = (flags: string[]) => spawnSync(process.execPath, [...flags, '--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' }).stdout;
    const mapped = run(['--enable-source-maps']);
    expect(mapped).toMatch(/at parseFrame \(.*src\/wire\/formats\/framing\.ts:\d+:\d+\)/);
    // The control: without the maps the frame is the chunk's.
    expect(run([])).not.toContain('framing.ts');
  });
});
