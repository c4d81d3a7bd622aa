/**
 * The compiler's entry point: schema files in, a `CodeGeneratorRequest` and diagnostics out,
 * with the same file lookup rules as `capnp compile` (working directory, `--src-prefix`,
 * import path, standard import directories).
 */
import type { CodeGeneratorRequest, CodeGeneratorRequest_RequestedFile } from '../schema/types.js';
import { CompileAbort } from './compile-abort.js';
import type { CompiledModule } from './model/schema-file.js';
import { Compiler } from './model/compilation.js';
import { COMPILE_EAGERNESS, Eagerness, type CompilerNode } from './model/declaration-node.js';
import { DiagnosticSink, type Diagnostic } from './diagnostics.js';
import { ModuleLoader, locateSourceFile, type SourceDirectory } from './files/module-loader.js';
import { evalPath, formatPath, parsePath, type PathParts } from './files/posix-path.js';
import { createMemoryLoader, layerLoaders, type SourceLoader } from './files/source-loader.js';
import { STANDARD_SCHEMAS } from '../generated/std-schema-files.js';
import { DEFAULT_SCHEMA_LANGUAGE, type SchemaLanguage } from './language.js';
import { CapnpError } from '../wire/error.js';
import { describeValue } from '../wire/core/describe-value.js';

export interface CompileOptions {
  /** The files to compile (relative paths are taken from `cwd`). */
  readonly files: readonly string[];
  /** Files held in memory, by path; consulted before `loader`. */
  readonly sources?: Readonly<Record<string, string | Uint8Array>>;
  /** Where other files come from (`createNodeLoader()` for the local file system). */
  readonly loader?: SourceLoader;
  /** The working directory, for relative paths and for naming files (default `/`). */
  readonly cwd?: string;
  /** Directories searched for `import "/..."` (`-I`), in order. */
  readonly importPaths?: readonly string[];
  /** Directories stripped from the names of the files compiled (`--src-prefix`). */
  readonly srcPrefixes?: readonly string[];
  /**
   * Whether to search the standard directories after `importPaths` (default true): Capstan's
   * own copies of the standard schemas (`/capnp/c++.capnp`, `/capnp/schema.capnp`, ...), then
   * `/usr/local/include` and `/usr/include` when the loader has them (`--no-standard-import`
   * turns this off).
   */
  readonly standardImports?: boolean;
  /**
   * Compile only these declarations of the file (dotted paths from its scope, `Foo.Bar`) and
   * what they use, as the reference tool's `decode`, `encode`, `convert` and `eval` do: errors
   * in the rest of the file are not reported, and the request holds only the nodes compiled
   * (with the file's node). A path is followed as far as it names declarations (`Foo.bar`,
   * where `bar` is a field, compiles `Foo`). With one file only.
   */
  readonly declarations?: readonly string[];
  /**
   * Whether annotations are compiled (default true). The reference's message commands leave
   * them out (their errors are not reported either) unless they convert JSON, which reads them.
   */
  readonly annotations?: boolean;
  /**
   * The edition of the schema language (default `'1.0'`, the newest): `'0.9'` rejects what 1.0
   * added (block quotes, a struct value given as its first field's value) as the reference
   * tool 0.9.2 does (docs/compiler.md, "The language's editions").
   */
  readonly language?: SchemaLanguage;
  /**
   * Whether a file must declare its id (default true, as `capnp compile` has it). False, as
   * `capnp eval` has it since 1.0: a file without one gets a random id and no error, which
   * suits config files of constants (nodes' ids then change from run to run).
   */
  readonly fileIdsRequired?: boolean;
}

export interface CompileResult {
  /** The request, as `capnp compile -o-` would write it; null when there were errors. */
  readonly request: CodeGeneratorRequest | null;
  /** Every error of the run, in the order found. */
  readonly diagnostics: Diagnostic[];
}

/** The version of the reference compiler whose output Capstan reproduces. */
export const REFERENCE_CAPNP_VERSION = { major: 0, minor: 9, micro: 2 } as const;

/** The engine's "the stack ran out" (V8 and JavaScriptCore: RangeError; SpiderMonkey: InternalError). */
function isStackOverflow(error: unknown): boolean {
  return error instanceof Error && (error instanceof RangeError || error.name === 'InternalError') && /call stack|recursion/i.test(error.message);
}

/**
 * Compiles the declaration `path` leads to from `root` (followed as far as it names
 * declarations) and, transitively, the nodes it uses, as the reference's message commands load
 * a type. The declarations on the way are compiled too (the request must hold them for the
 * path to be looked up in it), but not the scopes of the nodes used, whose other members the
 * reference never compiles either.
 */
function compileDeclaration(compiler: Compiler, root: CompilerNode, path: string): void {
  let node = root;
  for (const name of path.split('.')) {
    const member = node.resolveMember(name);
    if (member === null || !('decl' in member)) break;
    node = member.decl.node;
    compiler.eagerlyCompile(node, Eagerness.NODE);
  }
  compiler.eagerlyCompile(node, Eagerness.NODE | Eagerness.DEPENDENCIES);
}

const STANDARD_DIRECTORY: SourceDirectory = { parts: null, displayPrefix: '<capstan standard schemas>/' };
const SYSTEM_INCLUDE_DIRECTORIES = ['/usr/local/include', '/usr/include'];

/**
 * Compiles `options.files`.
 *
 * ```ts
 * const { request, diagnostics } = compile({
 *   files: ['/hello.capnp'],
 *   sources: { '/hello.capnp': '@0xe1f6b3a5c7d9e0f1;\nstruct Hello { name @0 :Text; }\n' },
 * });
 * ```
 */
export function compile(options: CompileOptions): CompileResult {
  // Options that name no list of files (`compile('a.capnp')`, `files: 'a.capnp'`) failed inside
  // with a TypeError about iterating them.
  if (typeof options !== 'object' || options === null || !Array.isArray(options.files)) {
    const files = typeof options === 'object' && options !== null ? `files: ${describeValue(options.files)}` : describeValue(options);
    throw new CapnpError('INVALID_ARGUMENT', `compile takes options with the files to compile, { files: ['a.capnp', ...] }, got ${files}`);
  }
  const sink = new DiagnosticSink();
  const memory = options.sources === undefined ? null : createMemoryLoader(options.sources);
  const loader: SourceLoader =
    memory === null ? options.loader ?? createMemoryLoader({}) : options.loader === undefined ? memory : layerLoaders(memory, options.loader);
  const cwd = parsePath(options.cwd ?? '/') ?? [];

  const cwdDirectory: SourceDirectory = { parts: cwd, displayPrefix: '' };
  const rootDirectory: SourceDirectory = { parts: [], displayPrefix: '/' };
  const directories = new Map<string, SourceDirectory>([[formatPath(cwd, true), cwdDirectory]]);
  /** The directory object for a user-given path, one per location (null if there is none). */
  const directoryFor = (path: string): { directory: SourceDirectory; parts: PathParts } | null => {
    const parts = evalPath(cwd, path);
    if (parts === null || !loader.isDirectory(formatPath(parts, true))) return null;
    if (parts.length === 0) return { directory: rootDirectory, parts };
    const key = formatPath(parts, true);
    let directory = directories.get(key);
    if (directory === undefined) {
      directory = { parts, displayPrefix: path.endsWith('/') ? path : `${path}/` };
      directories.set(key, directory);
    }
    return { directory, parts };
  };

  const modules = new ModuleLoader(loader, STANDARD_SCHEMAS);
  for (const path of options.importPaths ?? []) {
    const found = directoryFor(path);
    if (found === null) sink.addGeneralError(path, 'no such directory');
    else modules.addImportDirectory(found.directory);
  }
  const prefixes: { directory: SourceDirectory; parts: PathParts }[] = [];
  for (const path of options.srcPrefixes ?? []) {
    const found = directoryFor(path);
    if (found === null) sink.addGeneralError(path, 'no such directory');
    else prefixes.push(found);
  }
  if (options.standardImports ?? true) {
    modules.addImportDirectory(STANDARD_DIRECTORY);
    for (const path of SYSTEM_INCLUDE_DIRECTORIES) {
      const found = directoryFor(path);
      if (found !== null) modules.addImportDirectory(found.directory);
    }
  }
  if (sink.hadErrors()) return { request: null, diagnostics: sink.diagnostics };

  if (options.declarations !== undefined && options.files.length !== 1) {
    sink.addGeneralError(options.files.join(' '), 'only one file can be compiled when declarations are named');
    return { request: null, diagnostics: sink.diagnostics };
  }
  const compiler = new Compiler(sink, modules, options.annotations ?? true, options.language ?? DEFAULT_SCHEMA_LANGUAGE, options.fileIdsRequired ?? true);
  const requested: CompiledModule[] = [];
  try {
    for (const file of options.files) {
      const absolute = evalPath(cwd, file);
      const location = absolute === null ? null
        : locateSourceFile(absolute, cwd, prefixes.map((p) => p.parts), cwdDirectory, rootDirectory, prefixes.map((p) => p.directory));
      const source = location === null ? null : modules.loadModule(location.directory, location.parts);
      if (source === null) {
        sink.addGeneralError(file, 'no such file');
        continue;
      }
      const module = compiler.addModule(source);
      if (options.declarations === undefined) {
        compiler.eagerlyCompile(module.rootNode, COMPILE_EAGERNESS);
      } else {
        compiler.eagerlyCompile(module.rootNode, Eagerness.NODE);
        for (const path of options.declarations) compileDeclaration(compiler, module.rootNode, path);
      }
      requested.push(module);
    }
  } catch (error) {
    // Declarations that depend on each other through a very long chain (a constant defined by
    // the next file's, a thousand imports deep) recurse past the stack: an error, not a crash.
    if (isStackOverflow(error)) {
      sink.addGeneralError(options.files.join(' '), 'Declarations depend on each other through too long a chain (across imports?) to compile: the stack ran out.', true);
      return { request: null, diagnostics: sink.diagnostics };
    }
    // The reference compiler gives up on the whole run at these points; so do we.
    if (!(error instanceof CompileAbort)) throw error;
    if (!error.reported) sink.addGeneralError(options.files.join(' '), error.message, true);
  }
  if (sink.hadErrors()) return { request: null, diagnostics: sink.diagnostics };

  const requestedFiles: CodeGeneratorRequest_RequestedFile[] = requested.map((module) => ({
    id: module.rootNode.id,
    filename: module.sourceName,
    imports: module.importTable(),
    fileSourceInfo: { identifiers: [...module.reporter.resolutions] },
  }));
  return {
    request: {
      capnpVersion: { ...REFERENCE_CAPNP_VERSION },
      nodes: compiler.finalNodeList(),
      sourceInfo: [...compiler.sourceInfoById.values()],
      requestedFiles,
    },
    diagnostics: sink.diagnostics,
  };
}
