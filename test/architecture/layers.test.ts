/**
 * The direction of imports between the folders of src/ (docs/architecture.md, "Layers"): each
 * folder imports only folders of a lower layer (generated/ and rpc/ each other, through their
 * faces), src/wire/ imports nothing outside itself, wire's pointer core nothing of the public
 * classes or formats, and only the Node entry points import `node:` modules or packages.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/generate.js';

/** Layer of each folder of src/ (docs/architecture.md's table). */
const LAYERS: Record<string, number> = {
  wire: 0,
  runtime: 1,
  generated: 2, rpc: 2,
  schema: 3, fetch: 3,
  compiler: 4, codegen: 4, dynamic: 4,
  text: 5, compat: 5,
  json: 6,
  infer: 7,
  openapi: 8,
  fastify: 9, vite: 9,
  cli: 10,
};

/** The only pair of folders that import each other, and through which files. */
const MUTUAL: Record<string, Record<string, readonly string[]>> = {
  generated: { rpc: ['src/rpc/index.ts'] },
  rpc: { generated: ['src/generated/std/rpc.capnp.ts'] },
};

/** Files that may import `node:` modules and packages: the Node entry points and the integrations. */
const NODE_ENTRY_POINTS = [
  /^src\/cli\//, /^src\/fastify\//, /^src\/vite\//, /^src\/rpc\/node\//,
  /^src\/rpc\/websocket\/node\.ts$/, /^src\/rpc\/http-batch\/node\.ts$/,
  /^src\/compiler\/files\/node-loader\.ts$/, /^src\/compat\/node\.ts$/, /^src\/codegen\/plugin\.ts$/, /^src\/openapi\/read-spec\.ts$/,
];

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/**
 * The module specifiers a file imports: static imports and re-exports (statements that start a
 * line, so code the generator writes inside template strings is not taken for an import) and
 * dynamic `import('...')` of a literal.
 */
export function importsOf(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/^(?:import\s*|(?:import|export)\b[^;'"`=(]*?\bfrom\s*)['"]([^'"]+)['"]/gm)) found.push(match[1]!);
  for (const match of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(match[1]!);
  return found;
}

/** The repository path a relative specifier names, with `.js` read as the `.ts` source. */
function resolveSpecifier(file: string, specifier: string): string {
  return posix.normalize(posix.join(posix.dirname(file), specifier)).replace(/\.js$/, '.ts');
}

const folderOf = (path: string) => path.split('/')[1]!;

const FILES = sourceFiles('src').filter((file) => file !== 'src/index.ts');
const IMPORTS = FILES.map((file) => ({ file, specifiers: importsOf(readFileSync(join(ROOT, file), 'utf8')) }));

describe('layers of src/', () => {
  it('reads the imports of a file as they are written', () => {
    expect(importsOf([
      "import { a } from './a.js';",
      'import {\n  b,\n  type C,\n} from "../b/index.js";',
      "import './side-effect.js';",
      "export { d } from './d.js';",
      "export * from './e.js';",
      "const x = `import * as $ from '${runtime}';`;",
      "export const NAME = 'not-an-import';",
      "  const ws = await import('ws');",
    ].join('\n'))).toEqual(['./a.js', '../b/index.js', './side-effect.js', './d.js', './e.js', 'ws']);
  });

  it('gives every folder of src/ a layer', () => {
    const folders = readdirSync(join(ROOT, 'src'), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    expect(folders.filter((folder) => !(folder in LAYERS)), 'add new folders to LAYERS here and to docs/architecture.md').toEqual([]);
  });

  it('imports only from lower layers', () => {
    const wrong: string[] = [];
    for (const { file, specifiers } of IMPORTS) {
      const from = folderOf(file);
      for (const specifier of specifiers.filter((s) => s.startsWith('.'))) {
        const target = resolveSpecifier(file, specifier);
        const to = folderOf(target);
        if (to === from) continue;
        const mutual = MUTUAL[from]?.[to];
        if (mutual !== undefined ? mutual.includes(target) : LAYERS[to]! < LAYERS[from]!) continue;
        wrong.push(`${file} imports ${target} (${from}, layer ${LAYERS[from]}, may not import ${to}, layer ${LAYERS[to]})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('keeps wire self-contained and its pointer core below its public classes and formats', () => {
    const wrong: string[] = [];
    for (const { file, specifiers } of IMPORTS.filter(({ file }) => file.startsWith('src/wire/'))) {
      for (const specifier of specifiers) {
        const target = specifier.startsWith('.') ? resolveSpecifier(file, specifier) : specifier;
        if (!target.startsWith('src/wire/')) wrong.push(`${file} imports ${target}`);
        else if (file.startsWith('src/wire/core/') && !target.startsWith('src/wire/core/') && target !== 'src/wire/error.ts') {
          wrong.push(`${file} (the pointer core) imports ${target}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('imports node: modules and packages only in Node entry points', () => {
    const wrong: string[] = [];
    for (const { file, specifiers } of IMPORTS) {
      if (NODE_ENTRY_POINTS.some((pattern) => pattern.test(file))) continue;
      for (const specifier of specifiers) if (!specifier.startsWith('.')) wrong.push(`${file} imports ${specifier}`);
    }
    expect(wrong).toEqual([]);
  });

  it('finds the imports it checks', () => {
    // A reading that found nothing would pass every rule above.
    expect(FILES.length).toBeGreaterThan(150);
    const connection = IMPORTS.find(({ file }) => file === 'src/rpc/connection.ts')!;
    expect(connection.specifiers).toContain('../wire/index.js');
  });
});
