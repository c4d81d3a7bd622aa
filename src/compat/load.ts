/**
 * Loading one side of a comparison: schema files compiled by Capstan's compiler, with their
 * text kept for line numbers. Runs anywhere (files come through a `SourceLoader`); reading
 * directories and git revisions from disk is in node.ts.
 */
import { compile, createMemoryLoader, formatDiagnostic, layerLoaders, type SchemaLanguage, type SourceLoader } from '../compiler/index.js';
import { CapnpError } from '../wire/index.js';
import type { SchemaFileEntry, SchemaVersion } from './types.js';

export interface LoadOptions {
  /** The files compared (relative paths are taken from `cwd`). */
  readonly files: readonly string[];
  /** Files held in memory, by path; consulted before `loader`. */
  readonly sources?: Readonly<Record<string, string | Uint8Array>>;
  readonly loader?: SourceLoader;
  /** Working directory for relative paths and file names (default `/`). */
  readonly cwd?: string;
  /** `-I` directories for `import "/..."`. */
  readonly importPaths?: readonly string[];
  /** Search the standard schemas (default true). */
  readonly standardImports?: boolean;
  /** The edition of the schema language (default `'1.0'`; see `CompileOptions.language`). */
  readonly language?: SchemaLanguage;
  /**
   * The key that pairs each file with its other version when file ids differ (default: the
   * name as given). Given the file as passed in `files`.
   */
  readonly keyOf?: (file: string) => string;
  /** Prefixed to compile errors, to say which version failed (`old: `). */
  readonly label?: string;
}

/** `/a/./b/../c` to `/a/c`: the absolute, normalized form of `path` seen from `cwd`. */
export function absolutePath(cwd: string, path: string): string {
  const parts: string[] = [];
  for (const part of (path.startsWith('/') ? path : `${cwd}/${path}`).split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return `/${parts.join('/')}`;
}

/** Compiles `options.files` into a `SchemaVersion`; compile errors throw a `CapnpError`. */
export function compileSchemaVersion(options: LoadOptions): SchemaVersion {
  const cwd = options.cwd ?? '/';
  const base: SourceLoader = options.sources === undefined
    ? options.loader ?? createMemoryLoader({})
    : options.loader === undefined ? createMemoryLoader(options.sources) : layerLoaders(createMemoryLoader(options.sources), options.loader);
  const seen = new Map<string, Uint8Array>();
  const recording: SourceLoader = {
    readFile(path) {
      const content = base.readFile(path);
      if (content !== null) seen.set(absolutePath('/', path), content);
      return content;
    },
    isDirectory: (path) => base.isDirectory(path),
    ...(base.canonicalPath === undefined ? {} : { canonicalPath: (path: string) => base.canonicalPath!(path) }),
  };
  const { request, diagnostics } = compile({
    files: options.files,
    loader: recording,
    cwd,
    importPaths: options.importPaths ?? [],
    standardImports: options.standardImports ?? true,
    language: options.language,
  });
  const label = options.label ?? '';
  if (request === null || diagnostics.length > 0) {
    const first = diagnostics[0] === undefined ? `cannot compile ${options.files.join(' ')}` : formatDiagnostic(diagnostics[0]).trim();
    const more = diagnostics.length > 1 ? ` (and ${diagnostics.length - 1} more error${diagnostics.length > 2 ? 's' : ''})` : '';
    throw new CapnpError('INVALID_ARGUMENT', `${label}${first}${more}`);
  }
  const requested = request.requestedFiles ?? [];
  const files: SchemaFileEntry[] = requested.map((entry, i) => {
    const given = options.files[i] ?? entry.filename ?? '';
    const source = seen.get(absolutePath(cwd, given));
    return {
      id: entry.id,
      name: entry.filename ?? given,
      key: options.keyOf?.(given) ?? given,
      ...(source === undefined ? {} : { source }),
    };
  });
  return { request, files };
}
