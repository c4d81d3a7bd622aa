/**
 * Hostile schema input that nests or chains very deep: the compiler reports a diagnostic
 * (never a RangeError from the stack running out), where the reference compiler crashes.
 */
import { describe, expect, it } from 'vitest';
import { compile, formatDiagnostic } from '../../src/compiler/index.js';

const HEADER = '@0xd6a5c8e8f1b2d4f6;\n';
const N = 100_000;

function diagnostics(sources: Record<string, string>, file = Object.keys(sources)[0]!): string[] {
  const result = compile({ files: [file], sources });
  expect(result.request).toBeNull();
  return result.diagnostics.map((d) => formatDiagnostic(d).trim());
}

describe('deep nesting in a schema file', () => {
  const cases: [string, string][] = [
    ['parentheses in an expression', `const c :Int32 = ${'('.repeat(N)}1${')'.repeat(N)};\n`],
    ['brackets in a list literal', `const c :List(Int32) = ${'['.repeat(N)}${']'.repeat(N)};\n`],
    ['nested struct declarations', `${'struct A { '.repeat(N)}${'}'.repeat(N)}\n`],
    ['nested groups', `struct S { ${Array.from({ length: N }, (_, i) => `g${i} :group { `).join('')}x @0 :Int32; ${'}'.repeat(N)} }\n`],
    ['nested List() types', `struct S { f @0 :${'List('.repeat(N)}Int32${')'.repeat(N)}; }\n`],
    ['unclosed parentheses', `const c :Int32 = ${'('.repeat(N)}`],
  ];
  for (const [name, body] of cases) {
    it(`${name}, 100 000 deep, is a diagnostic`, () => {
      const found = diagnostics({ '/deep.capnp': HEADER + body });
      expect(found[0]).toMatch(/^deep\.capnp:2:\d+-\d+: error: Parentheses, brackets and braces nest deeper than the limit of 128\.$/);
    });
  }

  it('nesting within the limit compiles', () => {
    const result = compile({ files: ['/ok.capnp'], sources: { '/ok.capnp': `${HEADER}const c :Int32 = ${'('.repeat(100)}1${')'.repeat(100)};\n${'struct A { '.repeat(20)}${'}'.repeat(20)}\n` } });
    expect(result.diagnostics).toEqual([]);
  });
});

describe('long import chains', () => {
  /** `n` files, each defining a constant and a struct by the next file's (the last one closes a cycle when `cyclic`). */
  function chain(n: number, cyclic: boolean): Record<string, string> {
    const sources: Record<string, string> = {};
    for (let i = 0; i < n; i++) {
      const next = i + 1 < n ? i + 1 : cyclic ? 0 : -1;
      const id = (0xc000000000000000n + BigInt(i)).toString(16);
      sources[`/f${i}.capnp`] = next >= 0
        ? `@0x${id};\nusing N = import "f${next}.capnp";\nstruct S${i} { f @0 :N.S${next}; }\nconst c${i} :Int32 = N.c${next};\n`
        : `@0x${id};\nstruct S${i} { x @0 :Int32; }\nconst c${i} :Int32 = 5;\n`;
    }
    return sources;
  }

  it('a chain of 50 files compiles', () => {
    expect(compile({ files: ['/f0.capnp'], sources: chain(50, false) }).diagnostics).toEqual([]);
  });

  it('a chain of 5 000 files is a diagnostic, not a stack overflow', () => {
    expect(diagnostics(chain(5000, false), '/f0.capnp')).toEqual([
      '/f0.capnp: error: Declarations depend on each other through too long a chain (across imports?) to compile: the stack ran out.',
    ]);
  });

  it('import cycles, short and long', () => {
    expect(diagnostics(chain(3, true), '/f0.capnp').join('\n')).toMatch(/Declaration recursively depends on itself/);
    expect(diagnostics(chain(3000, true), '/f0.capnp').join('\n')).toMatch(/recursively depends on itself|too long a chain/);
  });
});
