/**
 * `capstan/compat/node`: the versions to compare, read in Node: schema files and directories
 * from disk, and the same paths at a git revision (`git ls-tree` and `git show`, compiled in
 * memory, so imports among the old files resolve in the old revision).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, realpathSync, statSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import type { SourceLoader } from '../compiler/index.js';
import { createNodeLoader } from '../compiler/files/node-loader.js';
import { CapnpError } from '../wire/index.js';
import { compileSchemaVersion } from './load.js';
import type { SchemaVersion } from './types.js';

export interface NodeLoadOptions {
  /** Working directory (default `process.cwd()`). */
  readonly cwd?: string;
  readonly importPaths?: readonly string[];
  readonly standardImports?: boolean;
  /** Prefixed to errors, to say which version failed (`old: `). */
  readonly label?: string;
}

const SKIPPED_DIRECTORIES = new Set(['node_modules', '.git']);

const toPosix = (path: string): string => path.split(sep).join('/');

/** The `.capnp` files under a directory (recursively, sorted), or the path itself for a file. */
export function listSchemaFiles(path: string, cwd = process.cwd(), label = ''): string[] {
  const absolute = resolve(cwd, path);
  let stat;
  try {
    stat = statSync(absolute);
  } catch {
    throw new CapnpError('INVALID_ARGUMENT', `${label}cannot read ${path}: no such file or directory`);
  }
  if (stat.isFile()) return [path];
  if (!stat.isDirectory()) throw new CapnpError('INVALID_ARGUMENT', `${label}cannot read ${path}: not a file or directory`);
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(resolve(cwd, dir), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const child = dir === '.' ? entry.name : `${dir.replace(/\/$/, '')}/${entry.name}`;
      if (entry.isDirectory() && !SKIPPED_DIRECTORIES.has(entry.name) && !entry.name.startsWith('.')) walk(child);
      else if (entry.isFile() && entry.name.endsWith('.capnp')) out.push(child);
    }
  };
  walk(path);
  if (out.length === 0) throw new CapnpError('INVALID_ARGUMENT', `${label}no .capnp files under ${path}`);
  return out;
}

/**
 * The files of `roots` (files, or directories: every `.capnp` below), compiled from disk. Each
 * file is keyed by its path below its root (a root that is a file is keyed ''), so that
 * `old/a.capnp` pairs with `new/a.capnp` if a file's id changed.
 */
export function loadSchemaPaths(roots: readonly string[], options: NodeLoadOptions = {}): SchemaVersion {
  const cwd = options.cwd ?? process.cwd();
  const label = options.label ?? '';
  const keys = new Map<string, string>();
  const files: string[] = [];
  for (const root of roots) {
    const isFile = statSafe(resolve(cwd, root))?.isFile() === true;
    for (const file of listSchemaFiles(root, cwd, label)) {
      if (keys.has(file)) continue;
      keys.set(file, isFile ? '' : toPosix(relative(resolve(cwd, root), resolve(cwd, file))));
      files.push(file);
    }
  }
  return compileLocalFiles(files, cwd, options, label, (file) => keys.get(file) ?? file);
}

/** Compiles schema files read from the local file system, each keyed (matched across versions) by `keyOf`. */
function compileLocalFiles(files: string[], cwd: string, options: NodeLoadOptions, label: string, keyOf: (file: string) => string): SchemaVersion {
  return compileSchemaVersion({
    files,
    loader: createNodeLoader(),
    cwd: toPosix(cwd),
    importPaths: options.importPaths ?? [],
    standardImports: options.standardImports ?? true,
    keyOf,
    label,
  });
}

function statSafe(path: string): ReturnType<typeof statSync> | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

function git(args: readonly string[], cwd: string, label: string): Buffer {
  try {
    return execFileSync('git', args, { cwd, maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stderr?: Buffer };
    if (e.code === 'ENOENT') throw new CapnpError('UNSUPPORTED', `${label}cannot run git: it is not installed`);
    const detail = (e.stderr?.toString('utf8') ?? e.message).trim().split('\n')[0] ?? '';
    throw new CapnpError('INVALID_ARGUMENT', `${label}git ${args[0]} failed: ${detail}`);
  }
}

/** The repository holding `cwd`, and `rev` resolved to a commit. */
function repository(rev: string, cwd: string, label: string): { root: string; commit: string } {
  const root = git(['rev-parse', '--show-toplevel'], cwd, label).toString('utf8').trim();
  let commit: string;
  try {
    commit = execFileSync('git', ['rev-parse', '--verify', '--quiet', `${rev}^{commit}`], { cwd, stdio: ['ignore', 'pipe', 'pipe'] }).toString('utf8').trim();
  } catch {
    throw new CapnpError('INVALID_ARGUMENT', `${label}git: '${rev}' is not a commit of the repository at ${root}`);
  }
  return { root, commit };
}

/**
 * The `.capnp` files at `paths` (files or directories, relative to the working directory) as
 * they are at git revision `rev` of the repository holding the working directory. Files are
 * keyed by their path in the repository, as `loadWorkingTree` keys the current ones.
 */
export function loadGitRevision(rev: string, paths: readonly string[], options: NodeLoadOptions = {}): SchemaVersion {
  // Real paths: git names the repository by its real path, and files may exist only in `rev`.
  const cwd = realpathSync(options.cwd ?? process.cwd());
  const label = options.label ?? `${rev}: `;
  const { root, commit } = repository(rev, cwd, label);
  const listing = git(['ls-tree', '-r', '-z', '--full-tree', '--name-only', commit], root, label).toString('utf8').split('\0').filter((p) => p !== '');
  const tracked = new Set(listing);
  const directories = new Set<string>(['']);
  for (const file of listing) {
    const parts = file.split('/');
    for (let i = 1; i < parts.length; i++) directories.add(parts.slice(0, i).join('/'));
  }
  const inRepository = (absolute: string): string | null => {
    const rel = toPosix(relative(root, absolute));
    return rel.startsWith('..') || rel.startsWith('/') ? null : rel;
  };
  const files: string[] = [];
  for (const path of paths) {
    const rel = inRepository(resolve(cwd, path));
    if (rel === null) throw new CapnpError('INVALID_ARGUMENT', `${label}${path} is outside the repository at ${root}`);
    const found = tracked.has(rel) ? [rel] : listing.filter((f) => (rel === '' || f.startsWith(`${rel}/`)) && f.endsWith('.capnp'));
    if (found.length === 0) throw new CapnpError('INVALID_ARGUMENT', `${label}no .capnp files at ${path} in ${rev}`);
    for (const file of found) {
      const relativeToCwd = toPosix(relative(cwd, resolve(root, file)));
      if (!files.includes(relativeToCwd)) files.push(relativeToCwd);
    }
  }
  const disk = createNodeLoader();
  const cache = new Map<string, Uint8Array | null>();
  const loader: SourceLoader = {
    readFile(path) {
      const rel = inRepository(path);
      if (rel === null) return disk.readFile(path);
      if (!tracked.has(rel)) return null;
      if (!cache.has(rel)) {
        const bytes = git(['show', `${commit}:${rel}`], root, label);
        cache.set(rel, new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      }
      return cache.get(rel)!;
    },
    isDirectory(path) {
      const rel = inRepository(path);
      return rel === null ? disk.isDirectory(path) : directories.has(rel);
    },
  };
  return compileSchemaVersion({
    files,
    loader,
    cwd: toPosix(cwd),
    importPaths: options.importPaths ?? [],
    standardImports: options.standardImports ?? true,
    keyOf: (file) => inRepository(resolve(cwd, file)) ?? file,
    label,
  });
}

/** The files of `paths` from disk, keyed by their path in the repository (the new side of `--against git:REV`). */
export function loadWorkingTree(paths: readonly string[], options: NodeLoadOptions = {}): SchemaVersion {
  const cwd = realpathSync(options.cwd ?? process.cwd());
  const label = options.label ?? '';
  const root = git(['rev-parse', '--show-toplevel'], cwd, label).toString('utf8').trim();
  const files: string[] = [];
  for (const path of paths) for (const file of listSchemaFiles(path, cwd, label)) if (!files.includes(file)) files.push(file);
  return compileLocalFiles(files, cwd, options, label, (file) => toPosix(relative(root, resolve(cwd, file))));
}
