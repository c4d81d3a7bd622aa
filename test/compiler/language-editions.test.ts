/**
 * The two editions of the schema language (docs/compiler.md, "The language's editions"): 1.0's
 * (the default), which added block quotes and struct values given as their first field's
 * value, and 0.9's, the reference tool 0.9.2's, which rejects both.
 *
 * - 1.0's is checked against pycapnp's bundled compiler (Cap'n Proto 1.x): the nodes of the
 *   fixtures in test/fixtures/compiler/editions and of the parity corpus, byte for byte once
 *   canonical, and the first error of schemas that misuse the additions.
 * - 0.9's is checked against the reference tool: the same fixtures are rejected with the same
 *   errors, at the same places.
 * - Schemas that use neither addition compile the same in both editions.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile, formatDiagnostic, parseSchema, type CompileOptions } from '../../src/compiler/index.js';
import { createNodeLoader } from '../../src/compiler/files/node-loader.js';
import { encodeCodeGeneratorRequest, type Node } from '../../src/schema/index.js';
import { canonicalize, ElementSize, readMessage } from '../../src/wire/index.js';
import { describePycapnp, pycapnpNodes } from '../support/pycapnp.js';
import { describeReference } from '../support/reference.js';
import { runCli } from '../support/cli.js';
import { GENERATED, writeGenerated } from '../support/generate.js';
import { generateTypeScript } from '../../src/codegen/index.js';
import { checkParity } from './support/parity.js';
import { FIRST_FIELD_DECLARATIONS, FIRST_FIELD_MISUSES } from './support/first-field-misuses.js';

const EDITIONS = fileURLToPath(new URL('../fixtures/compiler/editions', import.meta.url));
const CORPUS = fileURLToPath(new URL('../fixtures/compiler/parity', import.meta.url));
const FIXTURES = readdirSync(EDITIONS).filter((name) => name.endsWith('.capnp')).sort();
const FILE_ID = '@0xc4a1d3f0e5b6a7ff;\n';
/** Cloudflare's config schema, as the `workerd` devDependency ships it: a schema written for 1.x. */
const WORKERD = fileURLToPath(new URL('../../node_modules/workerd', import.meta.url));
const STD = fileURLToPath(new URL('../../std', import.meta.url));

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

function compileSource(source: string, options: Partial<CompileOptions> = {}) {
  return compile({ files: ['/s.capnp'], sources: { '/s.capnp': source }, ...options });
}

function errors(result: ReturnType<typeof compile>): string[] {
  return result.diagnostics.map(formatDiagnostic);
}

function nodeNamed(nodes: readonly Node[] | null | undefined, name: string): Node {
  const node = nodes?.find((n) => n.displayName?.endsWith(`:${name}`));
  if (node === undefined) throw new Error(`no node ${name}`);
  return node;
}

/** The value of constant `name` of `source`, printed by `capstan eval`'s printer. */
async function evalConstant(source: string, name: string, language?: string): Promise<{ status: number; stdout: string; stderr: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'capstan-editions-'));
  try {
    writeFileSync(join(dir, 'c.capnp'), source);
    const result = await runCli(['eval', ...(language === undefined ? [] : [`--language=${language}`]), join(dir, 'c.capnp'), name]);
    return { status: result.status, stdout: new TextDecoder().decode(result.stdout), stderr: result.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Each node of `request`'s encoding, canonical, by id in hex. */
function canonicalNodes(request: NonNullable<ReturnType<typeof compile>['request']>): Map<string, string> {
  const list = readMessage(encodeCodeGeneratorRequest(request), { traversalLimitInWords: 2 ** 30 }).getRoot().getList(0, ElementSize.INLINE_COMPOSITE);
  const out = new Map<string, string>();
  for (let i = 0; i < list.length; i++) {
    const node = list.getStruct(i);
    out.set(node.getUint64(0).toString(16), hex(canonicalize(node)));
  }
  return out;
}

/** A node pycapnp's compiler made, canonical (source positions included). */
function canonicalTheirs(framed: Uint8Array): string {
  return hex(canonicalize(readMessage(framed).getRoot()));
}

/** Compiles `file` in `cwd` with both compilers; every node pycapnp's makes must be Capstan's. */
function expectPycapnpNodes(file: string, cwd: string, importPaths: readonly string[] = []): number {
  const theirs = pycapnpNodes(file, cwd, importPaths);
  if ('error' in theirs) throw new Error(`pycapnp rejects ${file}: ${theirs.error}`);
  const ours = compile({ files: [file], cwd, loader: createNodeLoader(), importPaths, standardImports: false });
  expect(errors(ours)).toEqual([]);
  const mine = canonicalNodes(ours.request!);
  for (const [id, framed] of theirs.nodes) {
    expect(mine.get(id), `node ${id} of ${file}`).toBe(canonicalTheirs(framed));
  }
  return theirs.nodes.size;
}

describe('block quotes', () => {
  it('quote the rest of a line, end with a newline, and join with the literals beside them', async () => {
    const result = await evalConstant(`${FILE_ID}const c :Text =\n  \`first "line" # kept\n  \`second\n  " and more";\n`, 'c');
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('"first \\"line\\" # kept\\nsecond\\n and more"\n');
  });

  it('end with a newline whatever the file\'s line endings are', () => {
    const values = ['\n', '\r\n', '\r'].map((ending) => {
      const { request } = compileSource(`${FILE_ID}const c :Text =${ending}  \`a${ending}  \`b${ending};${ending}`);
      const node = nodeNamed(request?.nodes, 'c');
      const value = 'const' in node ? node.const.value : null;
      return value != null && 'text' in value ? value.text : null;
    });
    expect(values).toEqual(['a\nb\n', 'a\nb\n', 'a\nb\n']);
  });

  it('are a parse error in 0.9\'s language, where the reference reports it', () => {
    const source = `${FILE_ID}const c :Text = \`x\n;\n`;
    expect(errors(compileSource(source, { language: '0.9' }))).toEqual(['s.capnp:2:17: error: Parse error.']);
    expect(errors(compileSource(source))).toEqual([]);
  });

  it('are read by parseSchema too (capstan compat\'s positions)', () => {
    expect(parseSchema(`${FILE_ID}const c :Text = \`x\n;\n`).diagnostics).toEqual([]);
    expect(parseSchema(`${FILE_ID}const c :Text = \`x\n;\n`, 's.capnp', '0.9').diagnostics).toHaveLength(1);
  });
});

describe('a struct value given as its first field\'s', () => {
  const SCHEMA = `${FILE_ID}struct S { label @1 :Text; code @0 :Int16; }
struct G { g :group { a @0 :Text; b @1 :UInt8; } u :union { x @2 :Void; y :group { n @3 :Int32; } } }
`;

  it('takes the field of the lowest ordinal, in constants, defaults, lists and groups', async () => {
    const source = `${SCHEMA}const one :S = 12;
const many :List(S) = [1, (code = 2, label = "two"), 3];
const groups :G = (g = "hi", u = (y = 5));
struct D { s @0 :S = -4; }
const d :D = ();
`;
    expect((await evalConstant(source, 'one')).stdout).toBe('(code = 12)\n');
    expect((await evalConstant(source, 'many')).stdout).toBe('[ (code = 1),\n  (code = 2, label = "two"),\n  (code = 3) ]\n');
    expect((await evalConstant(source, 'groups')).stdout).toBe('(g = (a = "hi", b = 0), u = (y = (n = 5)))\n');
    expect((await evalConstant(source, 'd.s')).stdout).toBe('(code = -4)\n');
  });

  it('reports a value that fits neither the struct nor its first field, as 1.x does', () => {
    const cases: [string, string][] = [
      ['const c :S = "text";', 'Type mismatch; expected S.'],
      ['const c :S = 40000;', 'Integer value out of range.'],
      ['const c :S = [1];', 'Type mismatch; expected S.'],
      ['const c :G = (g = [1]);', 'Type mismatch; expected g.'],
      ['const c :G = (g = true);', 'Type mismatch; expected group.'],
      ['const c :G = (g = undefinedName);', 'Not defined: undefinedName'],
    ];
    for (const [line, message] of cases) {
      expect(compileSource(`${SCHEMA}${line}\n`).diagnostics.map((d) => d.message), line).toEqual([message]);
    }
  });

  it('is a type mismatch in 0.9\'s language', () => {
    expect(compileSource(`${SCHEMA}const c :S = 12;\n`, { language: '0.9' }).diagnostics.map((d) => d.message)).toEqual(['Type mismatch; expected S.']);
    expect(compileSource(`${SCHEMA}const c :G = (g = "hi");\n`, { language: '0.9' }).diagnostics.map((d) => d.message)).toEqual(['Type mismatch; expected group.']);
  });
});

describe('files without an id', () => {
  it('are an error unless fileIdsRequired is false, as `capnp eval` allows since 1.0', async () => {
    const source = 'struct Config { name @0 :Text; }\nconst config :Config = "main";\n';
    expect(errors(compileSource(source))[0]).toMatch(/^s\.capnp:1:1: error: File does not declare an ID\./);
    const { request, diagnostics } = compileSource(source, { fileIdsRequired: false });
    expect(diagnostics).toEqual([]);
    expect(nodeNamed(request?.nodes, 'config').id).toBeGreaterThan(0n);
    // capstan eval needs none (in 1.0's language, as capnp eval 1.x); in 0.9's it does.
    expect(await evalConstant(source, 'config')).toEqual({ status: 0, stdout: '(name = "main")\n', stderr: '' });
    const old = await evalConstant(source, 'config', '0.9');
    expect(old.status).not.toBe(0);
    expect(old.stderr).toMatch(/File does not declare an ID/);
  });

  it('refuses an edition it does not know', async () => {
    const result = await evalConstant(FILE_ID, 'x', '2.0');
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/--language must be 1\.0 or 0\.9, got '2\.0'/);
  });
});

describe('schemas that use neither addition', () => {
  it('compile to the same request in both editions (the parity corpus)', () => {
    const files = ['primitives.capnp', 'unions.capnp', 'interfaces.capnp', 'generics.capnp', 'constants.capnp', 'annotations.capnp',
      'imports.capnp', 'embed.capnp', 'docs.capnp', 'std.capnp', 'lib.capnp', 'edge-cases.capnp', 'aliases.capnp'];
    const run = (language: '1.0' | '0.9') => compile({ files, cwd: CORPUS, loader: createNodeLoader(), importPaths: ['include'], language });
    const current = run('1.0');
    expect(errors(current)).toEqual([]);
    expect(hex(encodeCodeGeneratorRequest(current.request!))).toBe(hex(encodeCodeGeneratorRequest(run('0.9').request!)));
  });
});

describe('generated code for schemas in the 1.0 language', () => {
  it('reads the defaults and constants written with its additions', async () => {
    const { request, diagnostics } = compile({ files: FIXTURES, cwd: EDITIONS, loader: createNodeLoader(), standardImports: false });
    expect(diagnostics).toEqual([]);
    const outDir = join(GENERATED, 'editions');
    rmSync(outDir, { recursive: true, force: true });
    writeGenerated(outDir, generateTypeScript(request!, { runtimeImport: 'RUNTIME', rpcImport: 'RPC', stdImportPrefix: 'STD/' }), join(outDir, 'capnp'));
    const fields = await import(join(outDir, 'first-field.capnp.ts'));
    const quotes = await import(join(outDir, 'block-quotes.capnp.ts'));
    expect(fields.Binding.decode(fields.Binding.encode({}))).toEqual({
      service: { name: 'main', entrypoint: 'default' },
      port: { number: 8080, tls: false },
      ratio: { value: 3 },
      flag: { on: true },
      nothing: { unit: null },
      reordered: { label: null, code: 42 },
      choice: { text: 'picked' },
      boxed: { content: 'in a box', extra: 7 },
      boxedConstant: { content: 'from a constant', extra: 7 },
      named: { name: 'from a constant', entrypoint: 'default' },
      full: { name: 'written out', entrypoint: 'other' },
      listing: { items: [1, 2, 3] },
      settings: { level: 0, label: null },
      mode: { off: null },
    });
    expect(fields.binding.toObject()).toMatchObject({ service: { name: 'web' }, port: { number: 443 }, settings: { level: 5 }, mode: { manual: { speed: 120 } } });
    expect(fields.services.map((service: { name: string }) => service.name)).toEqual(['a', 'b', 'c']);
    expect(quotes.script).toBe('export default {\n  async fetch(request) {\n    return new Response("Hello, world");  # not a comment: part of the quote\n  }\n}\n');
    expect(quotes.joined).toBe('before: quoted\nafter');
  });
});

describePycapnp('the 1.0 language, against pycapnp\'s compiler (Cap\'n Proto 1.x)', () => {
  for (const file of FIXTURES) {
    it(`compiles ${file} to the nodes it makes`, () => {
      expect(expectPycapnpNodes(file, EDITIONS)).toBeGreaterThan(5);
    });
  }

  it('compiles block quotes in a file with CRLF line endings to the same nodes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'capstan-crlf-'));
    try {
      writeFileSync(join(dir, 'crlf.capnp'), readFileSync(join(EDITIONS, 'block-quotes.capnp'), 'utf8').replace(/\n/g, '\r\n'));
      expect(expectPycapnpNodes('crlf.capnp', dir)).toBeGreaterThan(5);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('compiles workerd.capnp (the workerd package\'s) to the nodes it makes', () => {
    expect(expectPycapnpNodes('workerd.capnp', WORKERD, [STD])).toBeGreaterThan(40);
  });

  it('compiles the parity corpus to the nodes it makes', () => {
    const files = readdirSync(CORPUS).filter((name) => name.endsWith('.capnp'));
    let nodes = 0;
    for (const file of files) nodes += expectPycapnpNodes(file, CORPUS, [join(CORPUS, 'include'), STD]);
    expect(nodes).toBeGreaterThan(200);
  });

  it('reports the first error it reports, for values that fit neither the struct nor its first field', () => {
    const dir = mkdtempSync(join(tmpdir(), 'capstan-editions-errors-'));
    try {
      for (const line of FIRST_FIELD_MISUSES) {
        writeFileSync(join(dir, 'e.capnp'), `${FILE_ID}${FIRST_FIELD_DECLARATIONS}${line}\n`);
        const theirs = pycapnpNodes('e.capnp', dir);
        expect('error' in theirs, line).toBe(true);
        const message = 'error' in theirs ? theirs.error.replace(/^.*? failed: /, '') : '';
        const ours = compile({ files: ['e.capnp'], cwd: dir, loader: createNodeLoader(), standardImports: false });
        expect(ours.diagnostics[0]?.message, line).toBe(message);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describeReference('the 0.9 language, against the reference tool 0.9.2', () => {
  it('rejects workerd.capnp with the reference\'s errors', () => {
    const result = checkParity({ files: ['workerd.capnp'], cwd: WORKERD, noStandardImport: true, importPaths: [STD] });
    expect(result.theirErrors.join('\n')).toMatch(/Type mismatch; expected ServiceDesignator/);
    expect(result.mismatch).toBeNull();
  });

  for (const file of FIXTURES) {
    it(`rejects ${file} with the reference's errors`, () => {
      const result = checkParity({ files: [file], cwd: EDITIONS, noStandardImport: true });
      expect(result.theirErrors.length).toBeGreaterThan(0);
      expect(result.mismatch).toBeNull();
    });
  }
});
