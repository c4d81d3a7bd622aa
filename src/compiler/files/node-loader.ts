/**
 * A `SourceLoader` over the local file system, for Node. Kept apart from the compiler core,
 * which must not import `node:fs` (it also runs in browsers).
 */
import { readFileSync, realpathSync, statSync } from 'node:fs';
import type { SourceLoader } from './source-loader.js';

export function createNodeLoader(): SourceLoader {
  return {
    readFile(path) {
      try {
        if (!statSync(path).isFile()) return null;
        const buffer = readFileSync(path);
        return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
      } catch {
        return null;
      }
    },
    isDirectory(path) {
      try {
        return statSync(path).isDirectory();
      } catch {
        return false;
      }
    },
    canonicalPath(path) {
      try {
        return realpathSync(path);
      } catch {
        return path;
      }
    },
  };
}
