/**
 * Slash-separated paths, handled as lists of names, without the host's path module (the
 * compiler core runs in browsers too). `.` and empty names are dropped; `..` removes the name
 * before it and cannot climb above the starting point.
 */

export type PathParts = readonly string[];

/**
 * Appends `path` to `base` (or replaces it, if `path` starts with `/`). Null if `..` would
 * leave the root.
 */
export function evalPath(base: PathParts, path: string): string[] | null {
  const parts = path.startsWith('/') ? [] : [...base];
  for (const name of path.split('/')) {
    if (name === '' || name === '.') continue;
    if (name === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else {
      parts.push(name);
    }
  }
  return parts;
}

export function parsePath(path: string): string[] | null {
  return evalPath([], path);
}

/** The path as text: relative form (`a/b`), or absolute (`/a/b`). */
export function formatPath(parts: PathParts, absolute: boolean): string {
  return (absolute ? '/' : '') + parts.join('/');
}

export function startsWith(parts: PathParts, prefix: PathParts): boolean {
  return prefix.length <= parts.length && prefix.every((name, i) => parts[i] === name);
}
