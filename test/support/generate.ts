/**
 * Generates TypeScript for test schemas into test/.generated/<name>/, importing the runtime
 * from this repository's sources, so tests can import the modules (vitest compiles them) and
 * type-check them. The request comes from the reference compiler (`capnp compile -o-`).
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateTypeScript } from '../../src/codegen/index.js';
import { decodeCodeGeneratorRequest } from '../../src/schema/index.js';
import { compileRequest } from './reference.js';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const FIXTURES = join(ROOT, 'test/fixtures');
export const GENERATED = join(ROOT, 'test/.generated');

/**
 * Compiles `files` (paths relative to test/fixtures/<folder>) with the reference tool and
 * writes the generated modules to test/.generated/<name>/. Returns that directory. `stdDir`
 * as for `generateFrom`.
 */
export function generateFixtures(name: string, folder: string, files: readonly string[], stdDir?: string): string {
  const sourceDir = join(FIXTURES, folder);
  return generateFrom(name, files.map((f) => join(sourceDir, f)), sourceDir, stdDir);
}

/** The bindings of the standard schemas that `capstan/std/*` exports, in this repository's sources. */
export const STD_BINDINGS = join(ROOT, 'src/generated/std');

/**
 * Compiles absolute `files` (with `srcPrefix` stripped from their names) and generates them
 * into test/.generated/<name>/. Standard imports (`/capnp/...`) resolve to `stdDir`: by default
 * modules generated alongside, under capnp/ (when the standard schemas are among `files`), or
 * `STD_BINDINGS`, the bindings the package ships.
 */
export function generateFrom(name: string, files: readonly string[], srcPrefix: string, stdDir?: string): string {
  const request = decodeCodeGeneratorRequest(compileRequest(files, { srcPrefix }));
  const outDir = join(GENERATED, name);
  rmSync(outDir, { recursive: true, force: true });
  writeGenerated(outDir, generateTypeScript(request, { runtimeImport: 'RUNTIME', rpcImport: 'RPC', stdImportPrefix: 'STD/' }), stdDir ?? join(outDir, 'capnp'));
  return outDir;
}

/**
 * Writes generated modules under `outDir`, pointing their runtime and RPC imports at this
 * repository's sources and their standard-schema imports at `stdDir`. Unchanged files are not
 * rewritten (so a watcher or a second import sees the same file).
 */
export function writeGenerated(outDir: string, files: readonly { filename: string; content: string }[], stdDir: string): void {
  for (const file of files) {
    const path = join(outDir, file.filename);
    const here = dirname(path);
    const specifier = (target: string) => {
      const rel = relative(here, target).split('\\').join('/');
      return rel.startsWith('.') ? rel : `./${rel}`;
    };
    const content = file.content
      .replace("from 'RUNTIME'", `from '${specifier(join(ROOT, 'src/runtime/private.js'))}'`)
      .replace("from 'RPC'", `from '${specifier(join(ROOT, 'src/rpc/index.js'))}'`)
      .replace(/from 'STD\/([^']+)'/g, (_, rest: string) => `from '${specifier(join(stdDir, rest))}'`);
    mkdirSync(here, { recursive: true });
    if (!existsSync(path) || readFileSync(path, 'utf8') !== content) writeFileSync(path, content);
  }
}
