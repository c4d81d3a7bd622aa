/**
 * How the compiler reads files. The core never touches a file system itself: it asks a
 * `SourceLoader`, so the same compiler runs in Node (`createNodeLoader()` in
 * `node-loader.ts`), in browsers and in tests (`createMemoryLoader()`).
 */
import { formatPath, parsePath } from './posix-path.js';

export interface SourceLoader {
  /** The bytes of the file at `path` (absolute, `/`-separated), or null if it cannot be read. */
  readFile(path: string): Uint8Array | null;
  /** Whether `path` (absolute) is an existing directory. */
  isDirectory(path: string): boolean;
  /**
   * Optionally, a canonical name for the file at `path` (symbolic links resolved), so that a
   * file reached through two paths (two overlapping import directories) loads once.
   */
  canonicalPath?(path: string): string;
}

const utf8 = new TextEncoder();

/**
 * A loader over files held in memory: `{ '/schemas/a.capnp': '@0x...;' }`. Relative keys are
 * taken from `/`. Directories are those that contain a file.
 */
export function createMemoryLoader(files: Readonly<Record<string, string | Uint8Array>>): SourceLoader {
  const contents = new Map<string, Uint8Array>();
  const directories = new Set<string>(['/']);
  for (const [name, content] of Object.entries(files)) {
    const parts = parsePath(name) ?? [];
    contents.set(formatPath(parts, true), typeof content === 'string' ? utf8.encode(content) : content);
    for (let i = 1; i < parts.length; i++) directories.add(formatPath(parts.slice(0, i), true));
  }
  return {
    readFile: (path) => contents.get(formatPath(parsePath(path) ?? [], true)) ?? null,
    isDirectory: (path) => directories.has(formatPath(parsePath(path) ?? [], true)),
  };
}

/** A loader that asks `first`, then `second` for what `first` does not have. */
export function layerLoaders(first: SourceLoader, second: SourceLoader): SourceLoader {
  return {
    readFile: (path) => first.readFile(path) ?? second.readFile(path),
    isDirectory: (path) => first.isDirectory(path) || second.isDirectory(path),
    canonicalPath: (path) => (first.readFile(path) !== null ? path : second.canonicalPath?.(path) ?? path),
  };
}
