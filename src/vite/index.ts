/**
 * `capstan/vite`: a Vite plugin that compiles `.capnp` imports at build time.
 *
 * ```ts
 * // vite.config.ts
 * import capnp from 'capstan/vite';
 * export default { plugins: [capnp({ importPaths: ['schemas'] })] };
 *
 * // app.ts
 * import { Person } from './person.capnp';
 * ```
 *
 * Each schema becomes one JavaScript module (Capstan's generator, `-o js` output); the schemas it
 * imports become modules of their own, imported from it. Editing a schema, or any file it
 * imports, reloads the modules that depend on it; compile errors carry Vite's error shape
 * (`id`, `loc`, `frame`), so the dev server's overlay points at the line.
 *
 * The plugin object is plain: nothing of Vite is imported at run time (only its types).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import type { HmrContext, ModuleNode, Plugin } from 'vite';
import { compile, formatDiagnostic, type Diagnostic, type SchemaLanguage } from '../compiler/index.js';
import { createNodeLoader } from '../compiler/files/node-loader.js';
import { relativeModule } from '../codegen/context.js';
import { generateJavaScript } from '../codegen/javascript.js';
import { SchemaGraph } from '../schema/index.js';
import type { CodegenOptions } from '../codegen/context.js';

export interface CapnpPluginOptions {
  /**
   * Directories searched for `import "/..."` in schemas (`-I`), in order; relative ones are
   * taken from Vite's root (or the working directory before Vite's config is known).
   */
  importPaths?: readonly string[];
  /**
   * Whether `import "/capnp/..."` finds Capstan's standard schemas (and `/usr/include`,
   * `/usr/local/include`) after `importPaths` (default true).
   */
  standardImports?: boolean;
  /**
   * The edition of the schema language (default `'1.0'`; `'0.9'` rejects block quotes and
   * struct values given as their first field's, as the reference tool 0.9.2 does).
   */
  language?: SchemaLanguage;
  /**
   * Write `NAME.capnp.d.ts` beside each schema compiled (and the schemas it imports), so that
   * TypeScript sees the real types of `import ... from './NAME.capnp'` (default false; without
   * it, declare `'*.capnp'` in a shim, see docs/vite.md).
   */
  dts?: boolean;
  /** Where the generated code imports the runtime from (default `capstan/private`). */
  runtimeImport?: string;
  /** Where bindings of the standard schemas come from (default `capstan/std/`). */
  stdImportPrefix?: string;
  /** Where generated code imports RPC from (default `capstan/rpc`). */
  rpcImport?: string;
}

/** The error thrown for a schema that does not compile: Vite's (and Rollup's) error shape. */
export interface CapnpCompileError extends Error {
  id: string;
  plugin: string;
  loc?: { file: string; line: number; column: number };
  frame?: string;
  /** Every diagnostic of the run. */
  diagnostics: Diagnostic[];
}

const PLUGIN_NAME = 'capstan:capnp';
/** The standard schemas `capstan/std/` has bindings for (the generator imports these there). */
const STD_BINDINGS = new Set([
  'schema.capnp', 'rpc.capnp', 'rpc-twoparty.capnp', 'persistent.capnp', 'stream.capnp', 'c++.capnp', 'compat/json.capnp',
]);

/** Queries that leave the module a compiled schema (others, such as `?raw` or `?url`, are Vite's). */
const PLAIN_QUERIES = new Set(['import', 't', 'v', 'direct']);

function isCapnp(id: string): boolean {
  if (!cleanId(id).endsWith('.capnp')) return false;
  const q = id.indexOf('?');
  if (q < 0) return true;
  for (const key of new URLSearchParams(id.slice(q + 1)).keys()) if (!PLAIN_QUERIES.has(key)) return false;
  return true;
}

/** The id without a query (`?import`, `?t=...`). */
function cleanId(id: string): string {
  const q = id.indexOf('?');
  return q < 0 ? id : id.slice(0, q);
}

/** A few lines around a 1-based line and column, with a caret, as Vite prints frames. */
export function codeFrame(source: string, line: number, column: number, endColumn = column): string {
  const lines = source.split('\n');
  const from = Math.max(1, line - 2);
  const to = Math.min(lines.length, line + 2);
  const width = String(to).length;
  const out: string[] = [];
  for (let n = from; n <= to; n++) {
    const text = (lines[n - 1] ?? '').replace(/\r$/, '');
    out.push(`${n === line ? '>' : ' '} ${String(n).padStart(width)} | ${text}`);
    if (n === line && column > 0) {
      const length = Math.max(1, endColumn - column);
      out.push(`  ${' '.repeat(width)} | ${' '.repeat(column - 1)}${'^'.repeat(length)}`);
    }
  }
  return out.join('\n');
}

export interface CompiledSchema {
  /** The module's JavaScript. */
  code: string;
  /** Its declarations (`.d.ts`), with the same imports as `code`. */
  declarations: string;
  /** Every schema file the compiler read for it (absolute paths), this one first. */
  dependencies: string[];
}

/**
 * Compiles one schema file to a JavaScript module whose imports of other schemas are their
 * absolute `.capnp` paths (so that they go through the plugin too). Throws a
 * `CapnpCompileError` when the schema does not compile.
 */
export function compileSchemaModule(file: string, options: CapnpPluginOptions & { root?: string } = {}): CompiledSchema {
  const root = options.root ?? process.cwd();
  const importPaths = (options.importPaths ?? []).map((p) => resolve(root, p));
  const standardImports = options.standardImports ?? true;
  const loader = createNodeLoader();
  const { request, diagnostics } = compile({ files: [file], loader, cwd: dirname(file), importPaths, standardImports, language: options.language });
  if (request === null) throw compileError(file, diagnostics, root, importPaths);

  const graph = new SchemaGraph(request);
  const requested = request.requestedFiles![0]!;
  const self = graph.node(requested.id);
  // Map the generator's relative specifiers back to the schema files they stand for.
  const specifiers = new Map<string, string>();
  const dependencies = [file];
  for (const imported of requested.imports ?? []) {
    const name = imported.name ?? '';
    const path = locateImport(name, file, importPaths);
    if (path !== null) dependencies.push(path);
    if (name.startsWith('/capnp/') && STD_BINDINGS.has(name.slice('/capnp/'.length))) continue;
    if (!graph.has(imported.id)) continue;
    const specifier = relativeModule(self.displayName ?? '', graph.node(imported.id).displayName ?? '');
    if (path === null) {
      throw Object.assign(new Error(`${file}: cannot bundle import "${name}": Capstan ships no bindings for it and it is not a file on disk`), {
        id: file, plugin: PLUGIN_NAME, diagnostics: [],
      });
    }
    specifiers.set(specifier, path);
  }
  const codegen: CodegenOptions = {
    ...(options.runtimeImport === undefined ? {} : { runtimeImport: options.runtimeImport }),
    ...(options.stdImportPrefix === undefined ? {} : { stdImportPrefix: options.stdImportPrefix }),
    ...(options.rpcImport === undefined ? {} : { rpcImport: options.rpcImport }),
  };
  const [js, dts] = generateJavaScript(request, codegen);
  const rewrite = (text: string, absolute: boolean) =>
    text.replace(/^(import \* as [\w$]+ from )'([^']+)';$/gm, (line, head: string, specifier: string) => {
      const path = specifiers.get(specifier);
      if (path === undefined) return line;
      return `${head}'${(absolute ? path : relativeSpecifier(dirname(file), path)).replace(/\\/g, '\\\\').replace(/'/g, "\\'")}';`;
    });
  return { code: rewrite(js!.content, true), declarations: rewrite(dts!.content, false), dependencies };
}

/** `./x.capnp.js`-style specifier from `fromDir` to schema `path`, for declarations. */
function relativeSpecifier(fromDir: string, path: string): string {
  const from = fromDir.split('/').filter(Boolean);
  const to = path.split('/').filter(Boolean);
  let common = 0;
  while (common < from.length && common < to.length - 1 && from[common] === to[common]) common++;
  const up = from.length - common;
  return `${up === 0 ? './' : '../'.repeat(up)}${to.slice(common).join('/')}.js`;
}

/** Where `import "name"` in `importer` was found on disk, if it was (not the built-in copies). */
function locateImport(name: string, importer: string, importPaths: readonly string[]): string | null {
  if (!name.startsWith('/')) {
    const path = resolve(dirname(importer), name);
    return existsSync(path) ? path : null;
  }
  for (const directory of [...importPaths, '/usr/local/include', '/usr/include']) {
    const path = join(directory, name);
    if (existsSync(path)) return path;
  }
  return null;
}

function compileError(file: string, diagnostics: Diagnostic[], root: string, importPaths: readonly string[]): CapnpCompileError {
  const first = diagnostics[0];
  const message = diagnostics.map(formatDiagnostic).join('\n') || `${file}: failed to compile`;
  const error = new Error(message) as CapnpCompileError;
  error.id = file;
  error.plugin = PLUGIN_NAME;
  error.diagnostics = diagnostics;
  if (first !== undefined) {
    // Diagnostics name files as the compiler found them: relative to the importer's directory,
    // or to an import path.
    const candidates = [resolve(dirname(file), first.file), ...importPaths.map((p) => join(p, first.file)), resolve(root, first.file)];
    const where = isAbsolute(first.file) && existsSync(first.file) ? first.file : candidates.find((p) => existsSync(p)) ?? file;
    if (first.line > 0) {
      // Vite's `loc` is Rollup's: 1-based line, 0-based column.
      error.loc = { file: where, line: first.line, column: Math.max(0, first.column - 1) };
      try {
        const endColumn = first.endLine === first.line ? first.endColumn : first.column + 1;
        error.frame = codeFrame(readFileSync(where, 'utf8'), first.line, first.column, endColumn);
      } catch {
        // No frame when the file cannot be read again.
      }
    }
  }
  return error;
}

/** The Vite plugin. Also a plain Rollup/Rolldown plugin (`resolveId`, `load`). */
export default function capnp(options: CapnpPluginOptions = {}): Plugin {
  let root = process.cwd();
  /** Schema file -> the compiled schema modules that read it. */
  const dependents = new Map<string, Set<string>>();

  const record = (module: string, dependencies: readonly string[]) => {
    for (const set of dependents.values()) set.delete(module);
    for (const dependency of dependencies) {
      let set = dependents.get(dependency);
      if (set === undefined) dependents.set(dependency, (set = new Set()));
      set.add(module);
    }
  };

  return {
    name: PLUGIN_NAME,
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    resolveId(source, importer) {
      if (!isCapnp(source)) return null;
      const path = cleanId(source);
      if (isAbsolute(path) && existsSync(path)) return path;
      if (importer !== undefined && (path.startsWith('./') || path.startsWith('../'))) {
        const resolved = resolve(dirname(cleanId(importer)), path);
        if (existsSync(resolved)) return resolved;
      }
      // Root-relative (`/src/x.capnp`) and bare specifiers: Vite's own resolution.
      return null;
    },
    load(id) {
      if (!isCapnp(id) || id.startsWith('\0')) return null;
      const file = cleanId(id);
      let compiled: CompiledSchema;
      try {
        compiled = compileSchemaModule(file, { ...options, root });
      } catch (error) {
        // Watch the schema even when it does not compile, so that fixing it rebuilds.
        // (and the file the error is in, which may be one it imports).
        const where = (error as Partial<CapnpCompileError>).loc?.file;
        const watched = where === undefined || where === file ? [file] : [file, where];
        for (const path of watched) this.addWatchFile(path);
        record(file, watched);
        throw error;
      }
      for (const dependency of compiled.dependencies) if (dependency !== file) this.addWatchFile(dependency);
      record(file, compiled.dependencies);
      if (options.dts === true) writeIfChanged(`${file}.d.ts`, compiled.declarations);
      return { code: compiled.code, map: null, moduleType: 'js' };
    },
    handleHotUpdate(ctx: HmrContext): ModuleNode[] | void {
      const affected = dependents.get(ctx.file);
      if (affected === undefined) return;
      const modules = new Set(ctx.modules);
      for (const file of affected) {
        for (const module of ctx.server.moduleGraph.getModulesByFile(file) ?? []) {
          ctx.server.moduleGraph.invalidateModule(module);
          modules.add(module);
        }
      }
      return [...modules];
    },
  };
}

function writeIfChanged(path: string, content: string): void {
  try {
    if (readFileSync(path, 'utf8') === content) return;
  } catch {
    // Not there yet.
  }
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
}

export { capnp };
