/**
 * JavaScript output (`-o js`): for each schema file a `.js` module and its `.d.ts`, derived from
 * the generated TypeScript (src/codegen/javascript.ts).
 * - Oracle: the `.js` is the TypeScript with its types stripped exactly as esbuild strips them
 *   (both printed by esbuild, the outputs are equal), over every fixture schema and the
 *   committed standard-schema bindings.
 * - Behaviour: the `.js` modules run in plain Node (no TypeScript step, `capstan` resolved as an
 *   installed package resolves it) and do what the TypeScript modules do in vitest: the same
 *   exports, constants, encoded bytes and decoded objects both ways, and RPC calls.
 * - Declarations: the `.d.ts` files type-check under `tsc --strict` (not skipped as libraries),
 *   a consumer using them type-checks and a wrong use does not, and every export has a type
 *   assignable both ways to the TypeScript output's.
 *
 * Needs the build (`npm test` builds first): the `.js` modules import `capstan` from dist/.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { transform } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateJavaScript, generateTypeScript } from '../../src/codegen/index.js';
import { declarations, stripTypes } from '../../src/codegen/javascript.js';
import { compile, formatDiagnostic } from '../../src/compiler/index.js';
import { createNodeLoader } from '../../src/compiler/files/node-loader.js';
import type { CodeGeneratorRequest } from '../../src/schema/index.js';
import { TEXT } from '../../src/index.js';
import { FIXTURES, GENERATED, ROOT, writeGenerated } from '../support/generate.js';

const OUT = join(GENERATED, 'javascript');
/** The fixture schemas: folder under test/fixtures, files, import paths. */
const RUNS = [
  { folder: 'codegen', files: ['features.capnp', 'other.capnp', 'globals.capnp'], importPaths: [] as string[] },
  { folder: 'rpc', files: ['rpc-test.capnp', 'generics.capnp'], importPaths: [] as string[] },
  {
    folder: 'compiler/parity',
    files: [
      'primitives.capnp', 'unions.capnp', 'interfaces.capnp', 'generics.capnp', 'constants.capnp', 'annotations.capnp', 'imports.capnp',
      'embed.capnp', 'docs.capnp', 'std.capnp', 'lib.capnp', 'sub/deep.capnp', 'edge-cases.capnp', 'aliases.capnp',
    ],
    importPaths: ['include'],
  },
  { folder: 'compiler/parity/include', files: ['lib/shared.capnp'], importPaths: [] as string[] },
];

function request(folder: string, files: readonly string[], importPaths: readonly string[]): CodeGeneratorRequest {
  const { request, diagnostics } = compile({ files, cwd: join(FIXTURES, folder), importPaths, loader: createNodeLoader() });
  expect(diagnostics.map(formatDiagnostic)).toEqual([]);
  return request!;
}

/** Where a run's output goes: parity's include/ files beside the files importing them. */
function outFolder(folder: string): string {
  return folder === 'compiler/parity/include' ? 'compiler/parity' : folder;
}

function write(dir: string, files: readonly { filename: string; content: string }[]): void {
  for (const file of files) {
    mkdirSync(dirname(join(dir, file.filename)), { recursive: true });
    writeFileSync(join(dir, file.filename), file.content);
  }
}

function run(command: string, args: readonly string[], cwd: string): { status: number | null; output: string } {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}`.trim() };
}

function tsc(dir: string, include: readonly string[]): { status: number | null; output: string } {
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({
    compilerOptions: {
      target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2022', 'DOM'], types: [],
      strict: true, noImplicitOverride: true, noImplicitReturns: true, isolatedModules: true, verbatimModuleSyntax: true,
      // Declarations are what is under test: check them, not only their use.
      skipLibCheck: false, noEmit: true,
    },
    include,
  }));
  return run(join(ROOT, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.json'], dir);
}

// Values crossing between vitest (TypeScript output) and Node (JavaScript output) as JSON.
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A value as JSON: bigints, bytes, typed arrays and readers/lists tagged or converted. */
function toJson(value: unknown): Json {
  if (typeof value === 'bigint') return { $bigint: String(value) };
  if (typeof value === 'number' && (!Number.isFinite(value) || Object.is(value, -0))) return { $number: Object.is(value, -0) ? '-0' : String(value) };
  if (value instanceof Uint8Array) return { $bytes: [...value] };
  if (ArrayBuffer.isView(value)) return { $array: Array.from(value as unknown as ArrayLike<unknown>, toJson) };
  if (Array.isArray(value)) return value.map(toJson);
  if (value !== null && typeof value === 'object') {
    const v = value as Record<string, unknown> & { toObject?: () => unknown; toArray?: () => unknown };
    if (typeof v.toObject === 'function') return toJson(v.toObject());
    if (typeof v.toArray === 'function') return toJson(v.toArray());
    // Wire-level readers (AnyStruct, AnyList constants) reach into their message: named only.
    if (Object.getPrototypeOf(v) !== Object.prototype && Object.getPrototypeOf(v) !== null) return { $class: v.constructor.name };
    return Object.fromEntries(Object.keys(v).map((k) => [k, toJson(v[k])]));
  }
  return value as Json;
}

function fromJson(value: Json): unknown {
  if (Array.isArray(value)) return value.map(fromJson);
  if (value !== null && typeof value === 'object') {
    if ('$bigint' in value) return BigInt(value.$bigint as string);
    if ('$bytes' in value) return new Uint8Array(value.$bytes as number[]);
    if ('$number' in value) return Number(value.$number);
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fromJson(v)]));
  }
  return value;
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/** Plain objects for the round trips, by module and struct: unions, groups, lists, defaults, generics. */
const CASES: { module: string; type: string; object: unknown }[] = [
  {
    module: 'codegen/features.capnp', type: 'Primitives', object: {
      void: null, bool: true, int8: -12, int16: -1234, int32: -123456, int64: -1234567890123n, uint8: 200, uint16: 60000,
      uint32: 4000000000, uint64: 18000000000000000000n, float32: 1.5, float64: -2.25e100, text: 'héllo ☃',
      data: new Uint8Array([0, 1, 255]), color: 3,
    },
  },
  { module: 'codegen/features.capnp', type: 'Defaults', object: {} },
  {
    module: 'codegen/features.capnp', type: 'Lists', object: {
      voids: [null, null, null], bools: [true, false, true, true, false, false, false, false, true],
      int8s: [-1, 2], int16s: [-300, 300], int32s: [1, -2, 3], int64s: [-9000000000n], uint8s: [255, 0], uint16s: [65535],
      uint32s: [4294967295, 1], uint64s: [18446744073709551615n], float32s: [0.5, -1.25], float64s: [1e300, -0.125],
      texts: ['a', '', 'ccc'], datas: [new Uint8Array([120, 121]), new Uint8Array(0)], colors: [0, 2, 3],
      structs: [{ int32: 1, text: 'one' }, { int32: 2 }, {}], int32Lists: [[1, 2], [], [3]], textLists: [['x'], ['y', 'z']],
      structLists: [[{ uint8: 7 }], []], listLists: [[[true], [false, true]], []],
    },
  },
  { module: 'codegen/features.capnp', type: 'Shapes', object: { name: 'c', circle: 2.5, position: { x: 3, y: -4 }, tag: { number: 9 } } },
  { module: 'codegen/features.capnp', type: 'Shapes', object: { name: 's', square: { side: 1.25, rounded: true }, tag: { nested: { a: -5, b: 'bee' } } } },
  { module: 'codegen/features.capnp', type: 'Shapes', object: { label: 'just text', tag: { words: ['p', 'q'] } } },
  {
    module: 'codegen/features.capnp', type: 'Names', object: {
      class: 1, delete: 'd', name: 'n', hasName: true, toObject: 5, which: 6, assign: 'a', constructor: 8, inner: { value: 9 },
      other: { text: 'other' }, otherEnum: 1,
    },
  },
  { module: 'codegen/features.capnp', type: 'Helpers', object: { toObject: 't', assign: 3, asReader: true, which: -2, list: [1, 2], shape: { sides: 4 }, initShape: -1 } },
  { module: 'codegen/features.capnp', type: 'Tree', object: { children: [{ children: [] }, { children: [{ children: [] }] }] } },
  { module: 'codegen/features.capnp', type: 'Outer', object: { inner: { text: 'in' }, namesInner: { value: 3 } } },
  {
    module: 'codegen/features.capnp', type: 'Generics', object: {
      textBox: { value: 'boxed' }, structBox: { value: { int32: 7 } }, listBox: { value: [1, 2, 3] },
      pair: { key: 'k', value: { value: new Uint8Array([1, 2]) } }, boxes: [{ value: 'a' }, { value: 'b' }],
    },
  },
  { module: 'rpc/generics.capnp', type: 'Entry', object: { name: 'entry', count: 3 } },
];

const MODULES = [...new Set([...CASES.map((c) => c.module), 'rpc/rpc-test.capnp', 'compiler/parity/constants.capnp', 'compiler/parity/unions.capnp'])];

/** Exports as `name: typeof`, and every exported constant's value (interface objects and classes left out). */
function describeExports(module: Record<string, unknown>): { kinds: Record<string, string>; values: Record<string, Json> } {
  const kinds: Record<string, string> = {};
  const values: Record<string, Json> = {};
  for (const name of Object.keys(module).sort()) {
    const value = module[name];
    kinds[name] = typeof value;
    if (typeof value === 'function' || (value !== null && typeof value === 'object' && ('$info' in value || 'typeId' in value))) continue;
    values[name] = toJson(value);
  }
  return { kinds, values };
}

/** The driver Node runs over the JavaScript output: the same steps the TypeScript side takes. */
function driver(): string {
  return `
import { readFileSync } from 'node:fs';
import { TEXT } from 'capstan';
const toJson = ${toJson.toString()};
const fromJson = ${fromJson.toString()};
const describeExports = ${describeExports.toString()};
const rpcCalls = ${rpcCalls.toString()};
const hex = (bytes) => Buffer.from(bytes).toString('hex');
const input = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const out = { exports: {}, cases: [] };
for (const name of input.modules) out.exports[name] = describeExports(await import('./' + name + '.js'));
for (const c of input.cases) {
  const type = (await import('./' + c.module + '.js'))[c.type];
  const bytes = Buffer.from(c.bytes, 'hex');
  out.cases.push({ encoded: hex(type.encode(fromJson(c.object))), decoded: toJson(type.decode(bytes)), read: toJson(type.read(bytes).$toObject()) });
}
out.rpc = await rpcCalls(await import('./rpc/rpc-test.capnp.js'), await import('./rpc/generics.capnp.js'), TEXT);
console.log(JSON.stringify(out));
`;
}

/** RPC through generated clients and servers, in process: plain calls, pipelining, capabilities, generics. */
async function rpcCalls(rpc: any, generics: any, text: unknown): Promise<unknown[]> {
  let calls = 0;
  const counter = rpc.Counter.serve({ next: () => ({ n: ++calls }) });
  const echo = rpc.Echo.serve({
    echo: (p: any) => ({ text: `echo:${p.text}` }),
    makeCounter: () => ({ counter: rpc.Counter.serve({ next: () => ({ n: 100 }) }) }),
    callCounter: async (p: any) => ({ n: (await p.counter.next()).n }),
  });
  const store = generics.Store.serve({ get: (p: any) => ({ value: `v:${p.key}` }) }, [text, text]);
  return [
    (await echo.echo({ text: 'hi' })).text,
    (await echo.makeCounter().counter.next()).n,
    (await echo.callCounter({ counter })).n,
    (await store.get({ key: 'k' })).value,
  ];
}

describe('JavaScript output', () => {
  const typescript = new Map<string, string>();

  beforeAll(() => {
    rmSync(OUT, { recursive: true, force: true });
    for (const r of RUNS) {
      const req = request(r.folder, r.files, r.importPaths);
      const folder = outFolder(r.folder);
      // JavaScript with the default imports: `capstan` resolves to this package (self-reference).
      write(join(OUT, 'js', folder), generateJavaScript(req));
      // TypeScript with the default imports, for comparing types; and against the sources, for vitest.
      const ts = generateTypeScript(req);
      write(join(OUT, 'ts', folder), ts);
      writeGenerated(join(OUT, 'ts-src', folder), generateTypeScript(req, { runtimeImport: 'RUNTIME', rpcImport: 'RPC', stdImportPrefix: 'STD/' }), join(ROOT, 'src/generated/std'));
      for (const file of ts) typescript.set(`${folder}/${file.filename.replace(/\.ts$/, '')}`, file.content);
    }
    // The committed bindings of the standard schemas (schema.capnp, rpc.capnp, ...): large, and
    // every kind of node. Their imports become the package's, as a user's generated code has them.
    const stdDir = join(ROOT, 'src/generated/std');
    for (const name of readdirSync(stdDir, { recursive: true }) as string[]) {
      if (!name.endsWith('.capnp.ts')) continue;
      const content = readFileSync(join(stdDir, name), 'utf8')
        .replace(/from '(\.\.\/)+runtime\/private\.js'/, "from 'capstan/private'")
        .replace(/from '(\.\.\/)+rpc\/index\.js'/, "from 'capstan/rpc'");
      const base = `std/${name.replace(/\.ts$/, '')}`;
      write(join(OUT, 'ts'), [{ filename: `${base}.ts`, content }]);
      write(join(OUT, 'js'), [{ filename: `${base}.js`, content: stripTypes(content) }, { filename: `${base}.d.ts`, content: declarations(content) }]);
      typescript.set(base, content);
    }
  }, 60_000);

  it('writes a .js and a .d.ts per schema file', () => {
    const req = request('codegen', ['features.capnp', 'other.capnp'], []);
    expect(generateJavaScript(req).map((f) => f.filename)).toEqual(['features.capnp.js', 'features.capnp.d.ts', 'other.capnp.js', 'other.capnp.d.ts']);
  });

  it('strips types exactly as esbuild does, for every fixture schema', async () => {
    expect(typescript.size).toBe(20 + 7);
    for (const [name, ts] of typescript) {
      const js = stripTypes(ts);
      expect(js, name).not.toMatch(/^export (type|interface) |: \$\.Segment|<any>/m);
      const ours = (await transform(js, { loader: 'js' })).code;
      const theirs = (await transform(ts, { loader: 'ts' })).code;
      expect(ours, name).toBe(theirs);
    }
  });

  it('runs in Node as the TypeScript output runs: exports, constants, bytes and objects both ways, RPC', async () => {
    const tsModules = new Map<string, Record<string, any>>();
    for (const name of MODULES) tsModules.set(name, await import(join(OUT, 'ts-src', `${name}.ts`)));
    const cases = CASES.map((c) => ({ ...c, bytes: hex(tsModules.get(c.module)![c.type].encode(c.object)), object: toJson(c.object) }));
    writeFileSync(join(OUT, 'js', 'input.json'), JSON.stringify({ modules: MODULES, cases }));
    writeFileSync(join(OUT, 'js', 'driver.mjs'), driver());
    const node = run(process.execPath, ['driver.mjs', 'input.json'], join(OUT, 'js'));
    expect(node.status, node.output).toBe(0);
    const js = JSON.parse(node.output) as { exports: Record<string, unknown>; cases: { encoded: string; decoded: Json; read: Json }[]; rpc: unknown[] };

    for (const name of MODULES) expect(js.exports[name], name).toEqual(describeExports(tsModules.get(name)!));
    expect(Object.keys((js.exports['codegen/features.capnp'] as { kinds: object }).kinds)).toContain('PrimitivesReader');
    cases.forEach((c, i) => {
      const type = tsModules.get(c.module)![c.type];
      const what = `${c.module} ${c.type} #${i}`;
      // Encoded by JavaScript, the same bytes as encoded by TypeScript; decoded by each, the same object.
      expect(js.cases[i]!.encoded, what).toBe(c.bytes);
      expect(js.cases[i]!.decoded, what).toEqual(toJson(type.decode(Buffer.from(js.cases[i]!.encoded, 'hex'))));
      expect(js.cases[i]!.read, what).toEqual(js.cases[i]!.decoded);
    });
    const expected = ['echo:hi', 100, 1, 'v:k'];
    expect(js.rpc).toEqual(expected);
    expect(await rpcCalls(tsModules.get('rpc/rpc-test.capnp'), await import(join(OUT, 'ts-src', 'rpc/generics.capnp.ts')), TEXT)).toEqual(expected);
  }, 60_000);

  it('declares types: the .d.ts files check, a consumer checks, a wrong use fails, every export matches the TypeScript output', () => {
    const dir = join(OUT, 'js');
    writeFileSync(join(dir, 'consumer.ts'), `
import { Primitives, type PrimitivesInit, PrimitivesReader, Color, Shapes, answer, Greeter, GreeterClient } from './codegen/features.capnp.js';
import { Echo } from './rpc/rpc-test.capnp.js';
const init: PrimitivesInit = { int32: 1, text: 'x', color: Color.blue, uint64: 5n };
const bytes: Uint8Array = Primitives.encode(init);
const reader: PrimitivesReader = Primitives.read(bytes);
const n: number = reader.int32 + answer;
const shape = Shapes.decode(Shapes.encode({ circle: 1 }));
if ('circle' in shape) { const r: number = shape.circle; void r; }
// @ts-expect-error int32 is a number
Primitives.encode({ int32: 'one' });
// @ts-expect-error no such field
void reader.nope;
// @ts-expect-error two members of one union
Shapes.encode({ circle: 1, label: 'x' });
const greeter: GreeterClient = Greeter.serve({ greet: (p) => ({ greeting: p.name.repeat(p.times) }) });
const answerText: Promise<string> = greeter.greet({ name: 'a', times: 2 }).then((r) => r.greeting);
const echo = Echo.serve({ echo: (p) => ({ text: p.text }) });
void echo.echo({ text: 'x' }).then((r) => r.text.toUpperCase());
void n; void answerText;
`);
    writeFileSync(join(dir, 'wrong.ts'), `
import { Primitives } from './codegen/features.capnp.js';
export const bytes = Primitives.encode({ int32: 'one' });
`);
    // Every export of each TypeScript module against the declaration of the same name: values of
    // types assignable both ways, types (with their defaults) assignable both ways.
    const lines = ['type Mutual<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;'];
    let k = 0;
    for (const [name, ts] of typescript) {
      const alias = `m${k++}`;
      lines.push(`import * as ${alias}js from './${name}.js';`, `import * as ${alias}ts from '../ts/${name}.js';`);
      for (const m of ts.matchAll(/^export (const|class|type|interface) ([\w$]+)/gm)) {
        const [, kind, id] = m;
        if (kind === 'const' || kind === 'class') {
          lines.push(`export const ${alias}v_${id}: typeof ${alias}js.${id} = ${alias}ts.${id};`, `export const ${alias}w_${id}: typeof ${alias}ts.${id} = ${alias}js.${id};`);
        }
        if (kind !== 'const') lines.push(`export const ${alias}t_${id}: Mutual<${alias}js.${id}, ${alias}ts.${id}> = true;`);
      }
      const declared = readFileSync(join(dir, `${name}.d.ts`), 'utf8');
      const exportsOf = (text: string) => [...text.matchAll(/^export (?:declare )?(const|class|type|interface) ([\w$]+)/gm)].map((m) => `${m[1]} ${m[2]}`).sort();
      expect(exportsOf(declared), name).toEqual(exportsOf(ts));
    }
    writeFileSync(join(dir, 'compat.ts'), `${lines.join('\n')}\n`);
    const good = tsc(dir, ['**/*.d.ts', 'consumer.ts', 'compat.ts']);
    expect(good.output).toBe('');
    expect(good.status).toBe(0);
    const bad = tsc(dir, ['**/*.d.ts', 'wrong.ts']);
    expect(bad.status).not.toBe(0);
    expect(bad.output).toMatch(/wrong\.ts\(3,\d+\): error TS2322: Type 'string' is not assignable to type 'number'/);
  }, 120_000);

  it('declarations give inferred exports their types, and module-private values none', () => {
    const ts = [
      "import * as $ from 'capstan';",
      'const $codec0: $.PointerCodec<any, any, any, any> = $.lazyCodec(() => $.TEXT);',
      'export const E = {',
      '  /** first */',
      '  a: 0,',
      '  b: 1,',
      '} as const;',
      'export const T = new $.StructType<A, B, C, D>(0x1n, "x", 1, 0, C, D);',
      'export const I = {',
      '  typeId: 0xabn,',
      '  name: "i",',
      '  nested: { ordinal: 2, flag: true, client: Foo.Bar },',
      '  Client,',
      '  serve<T extends X = Y>(impl: S, params: readonly T[] = []): C {',
      '    return impl as never;',
      '  },',
      '  get $info(): Info {',
      '    return $codec0 as never;',
      '  },',
      '};',
    ].join('\n');
    expect(declarations(ts)).toBe([
      "import * as $ from 'capstan';",
      '',
      'export declare const E: {',
      '  /** first */',
      '  readonly a: 0;',
      '  readonly b: 1;',
      '};',
      'export declare const T: $.StructType<A, B, C, D>;',
      'export declare const I: {',
      '  typeId: bigint;',
      '  name: string;',
      '  nested: {',
      '    ordinal: number;',
      '    flag: boolean;',
      '    client: typeof Foo.Bar;',
      '  };',
      '  Client: typeof Client;',
      '  serve<T extends X = Y>(impl: S, params?: readonly T[]): C;',
      '  readonly $info: Info;',
      '};',
      '',
    ].join('\n'));
  });

  it('keeps a schema without declarations a module', () => {
    expect(declarations('// Generated by capstan from x.capnp.\n')).toBe('// Generated by capstan from x.capnp.\n\nexport {};\n');
    expect(declarations('// x\n\nexport {};\n')).toBe('// x\n\nexport {};\n');
  });

  it('refuses syntax it does not know, naming the line, rather than guessing', () => {
    expect(() => stripTypes('export const x = 1;\nenum E { A }\n')).toThrow(/line 2/);
    expect(() => declarations('export const x = f();\n')).toThrow(/needs inference at line 1/);
    expect(() => stripTypes('const s = `a${b}`;\n')).toThrow(/template substitutions/);
  });

  it('strips casts, non-null assertions, type arguments and typed parameters, and keeps look-alikes', () => {
    const ts = [
      "import * as $ from 'capstan';",
      "import * as $unused from './unused.js';",
      'export type T = { a: number };',
      'export interface I { x(): void }',
      'const f: (a: number) => string = (a: number, b?: string): string => `${""}` as string;'.replace('`${""}`', "'s'"),
      'export class C<X extends $.A<any> = $.B> extends $.Base<X> {',
      '  readonly readonly: number;',
      '  get as(): number { return this.readonly!; }',
      '  m<Y>(p: Y = [] as never, ...rest: $.L<Y>[]): $.R<Y> | null {',
      '    const o: Record<string, unknown> = { as: 1, get(q: number): number { return q; } };',
      '    return !p ? new $.R<Y>(o.as as number, $.f<Y>(rest)!, C<X>) : null;',
      '  }',
      '}',
      '',
    ].join('\n');
    expect(stripTypes(ts)).toBe([
      "import * as $ from 'capstan';",
      '',
      'const f = (a, b) => \'s\';',
      'export class C extends $.Base {',
      '  readonly;',
      '  get as() { return this.readonly; }',
      '  m(p = [], ...rest) {',
      '    const o = { as: 1, get(q) { return q; } };',
      '    return !p ? new $.R(o.as, $.f(rest), C) : null;',
      '  }',
      '}',
      '',
    ].join('\n'));
  });
});
