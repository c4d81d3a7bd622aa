/**
 * Finding schema files: the files named on the command line, relative imports, and `/...`
 * imports searched along the import path, as the reference tool does it.
 *
 * Every file belongs to a directory it was found in (the working directory, the root, an
 * import directory, a `--src-prefix`, or the embedded standard schemas). Its path relative to
 * that directory is its *source name*, which appears in node display names (`capnp/c++.capnp`
 * for a standard import, `foo/bar.capnp` for a file named relative to the working directory);
 * error messages use the directory as the user wrote it.
 */
import { evalPath, formatPath, startsWith, type PathParts } from './posix-path.js';
import type { SourceLoader } from './source-loader.js';

export interface SourceDirectory {
  /** Absolute location; null for the embedded standard schemas. */
  readonly parts: PathParts | null;
  /** What file names in diagnostics start with. */
  readonly displayPrefix: string;
}

export interface SourceModule {
  /** The file's path relative to its directory, `/`-separated. */
  readonly sourceName: string;
  /** The file as diagnostics name it. */
  readonly displayName: string;
  readonly content: Uint8Array;
  readonly directory: SourceDirectory;
  readonly parts: PathParts;
}

/** A relative path that climbs above its directory's root (`../../` from the top). */
export const OUTSIDE_DIRECTORY: unique symbol = Symbol('outside the directory');

export class ModuleLoader {
  private readonly loader: SourceLoader;
  private readonly embedded: ReadonlyMap<string, Uint8Array>;
  private readonly searchPath: SourceDirectory[] = [];
  private readonly modules = new Map<string, SourceModule | null>();
  private readonly byFile = new Map<string, SourceModule>();

  constructor(loader: SourceLoader, embedded: ReadonlyMap<string, Uint8Array>) {
    this.loader = loader;
    this.embedded = embedded;
  }

  addImportDirectory(directory: SourceDirectory): void {
    this.searchPath.push(directory);
  }

  private read(directory: SourceDirectory, parts: PathParts): { content: Uint8Array; file: string } | null {
    const relative = formatPath(parts, false);
    if (directory.parts === null) {
      const content = this.embedded.get(relative);
      return content === undefined ? null : { content, file: `embedded:${relative}` };
    }
    const absolute = formatPath([...directory.parts, ...parts], true);
    const content = this.loader.readFile(absolute);
    if (content === null) return null;
    return { content, file: this.embeddedTwin(parts, content) ?? this.loader.canonicalPath?.(absolute) ?? absolute };
  }

  /**
   * A file on disk identical to one of the embedded standard schemas (same name, same bytes) is
   * that schema: compiling `std/capnp/c++.capnp` while something imports `/capnp/c++.capnp`
   * must not load the file twice (which would be a duplicate id). The reference compiler makes
   * the same identification for two paths to one file.
   */
  private embeddedTwin(parts: PathParts, content: Uint8Array): string | null {
    const baseName = parts[parts.length - 1];
    for (const [name, embedded] of this.embedded) {
      if (name.slice(name.lastIndexOf('/') + 1) !== baseName || embedded.length !== content.length) continue;
      if (embedded.every((byte, i) => byte === content[i])) return `embedded:${name}`;
    }
    return null;
  }

  /** The file at `parts` in `directory`, loaded once however it is reached; null if missing. */
  loadModule(directory: SourceDirectory, parts: PathParts): SourceModule | null {
    const key = `${directory.parts === null ? '<embedded>' : formatPath(directory.parts, true)}\0${formatPath(parts, false)}`;
    const cached = this.modules.get(key);
    if (cached !== undefined) return cached;
    const found = this.read(directory, parts);
    let module: SourceModule | null = null;
    if (found !== null) {
      // The same file reached through another directory is the same module.
      module = this.byFile.get(found.file) ?? null;
      if (module === null) {
        const relative = formatPath(parts, false);
        module = { sourceName: relative, displayName: directory.displayPrefix + relative, content: found.content, directory, parts };
        this.byFile.set(found.file, module);
      }
    }
    if (module !== null) this.modules.set(key, module);
    return module;
  }

  loadFromSearchPath(parts: PathParts): SourceModule | null {
    for (const directory of this.searchPath) {
      const module = this.loadModule(directory, parts);
      if (module !== null) return module;
    }
    return null;
  }

  /** An `import` from `from`: `/x` along the import path, anything else next to `from`. */
  importRelative(from: SourceModule, path: string): SourceModule | null | typeof OUTSIDE_DIRECTORY {
    if (path.startsWith('/')) {
      const parts = evalPath([], path.slice(1));
      return parts === null ? OUTSIDE_DIRECTORY : this.loadFromSearchPath(parts);
    }
    const parts = evalPath(from.parts.slice(0, -1), path);
    return parts === null ? OUTSIDE_DIRECTORY : this.loadModule(from.directory, parts);
  }

  /** The bytes for an `embed` from `from`, found like an import. */
  embedRelative(from: SourceModule, path: string): Uint8Array | null | typeof OUTSIDE_DIRECTORY {
    if (path.startsWith('/')) {
      const parts = evalPath([], path.slice(1));
      if (parts === null) return OUTSIDE_DIRECTORY;
      for (const directory of this.searchPath) {
        const found = this.read(directory, parts);
        if (found !== null) return found.content;
      }
      return null;
    }
    const parts = evalPath(from.parts.slice(0, -1), path);
    if (parts === null) return OUTSIDE_DIRECTORY;
    return this.read(from.directory, parts)?.content ?? null;
  }
}

/**
 * Where a file named by the user belongs: under the longest `--src-prefix` that contains it,
 * else under the working directory if it is inside it, else under the root.
 */
export function locateSourceFile(absolute: PathParts, cwd: PathParts, srcPrefixes: readonly PathParts[], cwdDirectory: SourceDirectory,
  rootDirectory: SourceDirectory, prefixDirectories: readonly SourceDirectory[]): { directory: SourceDirectory; parts: PathParts } {
  for (let length = absolute.length - 1; length > 0; length--) {
    const index = srcPrefixes.findIndex((prefix) => prefix.length === length && startsWith(absolute, prefix));
    if (index >= 0) return { directory: prefixDirectories[index]!, parts: absolute.slice(length) };
  }
  if (startsWith(absolute, cwd)) return { directory: cwdDirectory, parts: absolute.slice(cwd.length) };
  return { directory: rootDirectory, parts: absolute };
}
