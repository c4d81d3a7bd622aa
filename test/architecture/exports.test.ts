/**
 * One meaning per exported name: a name that two of the package's entry points export (say
 * `ElementSize` from `capstan` and `capstan/schema`) must be the same declaration in both, so
 * that a user who imports from two entry points never meets two things of one name (issue 14:
 * `listToObject`, `EncodeOptions`, `typeName`, `DynamicValue` and `encodeBase64` each once meant
 * two things). Types count as much as values: the dynamic API's enumerant type once shared
 * `Enumerant` with schema.capnp's.
 *
 * Read from the declarations the build writes (dist/*.d.ts: what a user's editor resolves), by
 * following each entry point's `export ... from` and `import ... from` chains to the file that
 * declares each name. The generated std modules (`capstan/std/*`) are a schema's names, not the
 * library's, and are left out.
 *
 * Needs the build (`npm test` builds first).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  exports: Record<string, string | { types?: string }>;
};

/** Each `exports` subpath without a wildcard, with its declaration file. */
const ENTRIES = Object.entries(pkg.exports)
  .filter(([subpath, target]) => !subpath.includes('*') && typeof target !== 'string' && target.types !== undefined)
  .map(([subpath, target]) => ({ subpath, types: join(ROOT, (target as { types: string }).types) }));

/**
 * Names that two entry points export as different things, and why that is right. Each is the
 * entry point's own plugin for its host (also its default export); no program imports both.
 */
const ALLOWED: Record<string, string> = {
  capnp: 'the Fastify plugin (capstan/fastify) and the Vite plugin (capstan/vite)',
};

/** The declaration file a relative specifier of `from` names (`./x.js` → `./x.d.ts`, or a folder's index). */
function declarationFile(from: string, specifier: string): string {
  const file = resolve(dirname(from), specifier).replace(/\.js$/, '.d.ts');
  const index = file.replace(/\.d\.ts$/, '/index.d.ts');
  return existsSync(file) || !existsSync(index) ? file : index;
}

/** `a`, `b as c`, `type d` of an export or import list: [name in the source, name given]. */
function specifiers(list: string): [string, string][] {
  return list.split(',').map((part) => part.trim().replace(/^type\s+/, '')).filter(Boolean).map((part) => {
    const [local, alias] = part.split(/\s+as\s+/);
    return [local!.trim(), (alias ?? local!).trim()];
  });
}

const cache = new Map<string, Map<string, string>>();

/**
 * What each name a declaration file exports is: `file:name` of the declaration it resolves to,
 * through re-exports and imports of relative modules (a package's, `package:name`).
 */
function exportsOf(file: string): Map<string, string> {
  const known = cache.get(file);
  if (known) return known;
  const names = new Map<string, string>();
  cache.set(file, names);
  const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
  const origin = (specifier: string, name: string): string =>
    specifier.startsWith('.') ? (exportsOf(declarationFile(file, specifier)).get(name) ?? `${relative(ROOT, declarationFile(file, specifier))}:${name}`) : `${specifier}:${name}`;
  const imported = new Map<string, string>();
  for (const m of text.matchAll(/^import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/gm)) {
    for (const [name, local] of specifiers(m[1]!)) imported.set(local, origin(m[2]!, name));
  }
  for (const m of text.matchAll(/^export\s+\*\s+from\s+['"]([^'"]+)['"]/gm)) {
    if (!m[1]!.startsWith('.')) continue;
    for (const [name, what] of exportsOf(declarationFile(file, m[1]!))) if (name !== 'default' && !names.has(name)) names.set(name, what);
  }
  for (const m of text.matchAll(/^export\s+(?:type\s+)?\{([^}]*)\}(?:\s*from\s*['"]([^'"]+)['"])?/gm)) {
    for (const [name, given] of specifiers(m[1]!)) {
      names.set(given, m[2] !== undefined ? origin(m[2], name) : (imported.get(name) ?? `${relative(ROOT, file)}:${name}`));
    }
  }
  for (const m of text.matchAll(/^export\s+(?:declare\s+)?(?:abstract\s+)?(?:class|function|const|let|var|type|interface|enum|namespace)\s+([\w$]+)/gm)) {
    names.set(m[1]!, `${relative(ROOT, file)}:${m[1]}`);
  }
  return names;
}

/** For each name exported by more than one entry point: what it is, and where. */
function sharedNames(): Map<string, Map<string, string[]>> {
  const byName = new Map<string, Map<string, string[]>>();
  for (const { subpath, types } of ENTRIES) {
    for (const [name, what] of exportsOf(types)) {
      const meanings = byName.get(name) ?? new Map<string, string[]>();
      byName.set(name, meanings);
      meanings.set(what, [...(meanings.get(what) ?? []), subpath]);
    }
  }
  return byName;
}

describe('exported names', () => {
  it('follows re-exports and imports to the declaration', () => {
    const root = exportsOf(join(ROOT, 'dist/index.d.ts'));
    const privateEntry = exportsOf(join(ROOT, 'dist/runtime/private.d.ts'));
    // `capstan` re-exports the runtime, which re-exports the wire layer's classes.
    expect(root.get('MessageBuilder')).toBe('dist/wire/message-builder.d.ts:MessageBuilder');
    expect(privateEntry.get('MessageBuilder')).toBe(root.get('MessageBuilder'));
    // An alias is the thing it renames.
    expect(privateEntry.get('UNLIMITED_NESTING')).toBe('dist/wire/core/limits.d.ts:NO_NESTING_LIMIT');
    // A type-only export, and a name exported after an import (the Vite plugin's `capnp`).
    expect(exportsOf(join(ROOT, 'dist/schema/index.d.ts')).get('Enumerant')).toBe('dist/generated/std/schema.capnp.d.ts:Enumerant');
    expect(exportsOf(join(ROOT, 'dist/vite/index.d.ts')).get('capnp')).toBe('dist/vite/index.d.ts:capnp');
    expect(ENTRIES.length).toBeGreaterThan(15);
    expect(root.size).toBeGreaterThan(30);
  });

  it('means one thing in every entry point that exports it', () => {
    const clashes: string[] = [];
    for (const [name, meanings] of sharedNames()) {
      if (meanings.size < 2 || name in ALLOWED) continue;
      clashes.push(`${name}: ${[...meanings].map(([what, subpaths]) => `${subpaths.join(', ')} → ${what}`).join('; ')}`);
    }
    expect(clashes).toEqual([]);
  });

  it('allows a name two meanings only where the list above says why', () => {
    const shared = sharedNames();
    for (const name of Object.keys(ALLOWED)) expect(shared.get(name)?.size, name).toBe(2);
  });
});
