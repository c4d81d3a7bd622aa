import { describe, expect, it } from 'vitest';
import { compile, createMemoryLoader, formatDiagnostic, REFERENCE_CAPNP_VERSION, type CompileOptions } from '../../src/compiler/index.js';
import { STREAM_RESULT_ID } from '../../src/compiler/model/node-translator.js';
import { encodeCodeGeneratorRequest, decodeCodeGeneratorRequest, type Node } from '../../src/schema/index.js';

const FILE_ID = '@0xe1f6b3a5c7d9e0f1;\n';

function compileSources(sources: Record<string, string>, options: Partial<CompileOptions> = {}) {
  return compile({ files: Object.keys(sources).slice(0, 1), sources, ...options });
}

function errors(result: ReturnType<typeof compile>): string[] {
  return result.diagnostics.map(formatDiagnostic);
}

function nodeNamed(nodes: readonly Node[] | null | undefined, displayName: string): Node {
  const node = nodes?.find((n) => n.displayName === displayName);
  if (node === undefined) throw new Error(`no node ${displayName} among ${nodes?.map((n) => n.displayName).join(', ')}`);
  return node;
}

describe('compile(): the request', () => {
  const SOURCE = `${FILE_ID}# Main file.
struct Person {
  # A person.
  name @0 :Text;
  # Their name.
  age @1 :UInt8 = 42;
  friends @2 :List(Person);
}
struct Empty {}
interface Greeter {
  greet @0 (person :Person) -> (greeting :Text);
}
`;
  const result = compileSources({ '/dir/main.capnp': SOURCE }, { cwd: '/dir' });

  it('has no diagnostics and reports the reference version', () => {
    expect(errors(result)).toEqual([]);
    expect(result.request!.capnpVersion).toEqual(REFERENCE_CAPNP_VERSION);
  });

  it('names nodes as the reference does', () => {
    const person = nodeNamed(result.request!.nodes, 'main.capnp:Person');
    expect(person.displayNamePrefixLength).toBe('main.capnp:'.length);
    expect(person.scopeId).toBe(0xe1f6b3a5c7d9e0f1n);
    expect(person.nestedNodes).toEqual([]);
    expect(person.annotations).toBeNull();
    const file = nodeNamed(result.request!.nodes, 'main.capnp');
    expect(file.displayNamePrefixLength).toBe(5);
    expect(file.nestedNodes!.map((n) => n.name)).toEqual(['Person', 'Empty', 'Greeter']);
  });

  it('lays out fields and keeps explicit defaults', () => {
    const person = nodeNamed(result.request!.nodes, 'main.capnp:Person') as Extract<Node, { struct: unknown }>;
    expect([person.struct.dataWordCount, person.struct.pointerCount]).toEqual([1, 2]);
    const [name, age] = person.struct.fields!;
    expect(name!.name).toBe('name');
    expect('slot' in name! && name.slot.defaultValue).toEqual({ text: null });
    expect('slot' in age! && [age.slot.offset, age.slot.defaultValue, age.slot.hadExplicitDefault]).toEqual([0, { uint8: 42 }, true]);
    // A struct without fields has no field list at all (not an empty one).
    expect((nodeNamed(result.request!.nodes, 'main.capnp:Empty') as Extract<Node, { struct: unknown }>).struct.fields).toBeNull();
  });

  it('makes param and result structs for methods', () => {
    const params = nodeNamed(result.request!.nodes, 'main.capnp:Greeter.greet$Params');
    expect(params.scopeId).toBe(0n);
    expect(params.displayNamePrefixLength).toBe('main.capnp:Greeter.'.length);
    nodeNamed(result.request!.nodes, 'main.capnp:Greeter.greet$Results');
  });

  it('records doc comments; param structs get source info with id 0', () => {
    const info = result.request!.sourceInfo!;
    const person = nodeNamed(result.request!.nodes, 'main.capnp:Person');
    const personInfo = info.find((entry) => entry.id === person.id)!;
    expect(personInfo.docComment).toBe('A person.\n');
    expect(personInfo.members!.map((m) => m.docComment)).toEqual(['Their name.\n', null, null]);
    expect(info.filter((entry) => entry.id === 0n)).toHaveLength(1);
    expect(info.find((entry) => entry.id === 0xe1f6b3a5c7d9e0f1n)!.docComment).toBe('Main file.\n');
  });

  it('lists the requested files, with the declaration each name in them refers to', () => {
    const [file, ...others] = result.request!.requestedFiles!;
    expect(others).toEqual([]);
    expect(file).toMatchObject({ id: 0xe1f6b3a5c7d9e0f1n, filename: 'main.capnp', imports: [] });
    const source = new TextEncoder().encode(SOURCE);
    const named = file!.fileSourceInfo!.identifiers!.map((identifier) => {
      const name = new TextDecoder().decode(source.subarray(identifier.startByte, identifier.endByte));
      return [name, 'typeId' in identifier ? identifier.typeId : null];
    });
    const person = nodeNamed(result.request!.nodes, 'main.capnp:Person').id;
    // Built-in types have ids of their own below 2^31 (1000 + their kind's place in the
    // reference's syntax tree: Text 1026, UInt8 1020, List 1028).
    expect(named).toEqual([['Text', 1026n], ['UInt8', 1020n], ['List', 1028n], ['Person', person], ['Person', person], ['Text', 1026n]]);
  });

  it('records where each declaration is', () => {
    const source = new TextEncoder().encode(SOURCE);
    const text = (node: Node) => new TextDecoder().decode(source.subarray(node.startByte, node.endByte));
    expect(text(nodeNamed(result.request!.nodes, 'main.capnp:Empty'))).toBe('struct Empty {}');
    expect(text(nodeNamed(result.request!.nodes, 'main.capnp:Greeter'))).toMatch(/^interface Greeter \{\n.*\n\}$/);
    const person = nodeNamed(result.request!.nodes, 'main.capnp:Person');
    expect(text(person)).toMatch(/^struct Person \{\n {2}# A person\.\n[^]*friends @2 :List\(Person\);\n\}$/);
    const info = result.request!.sourceInfo!.find((entry) => entry.id === person.id)!;
    expect([info.startByte, info.endByte]).toEqual([person.startByte, person.endByte]);
    // The file has no statement of its own; the structs of a method's params have none either.
    expect(nodeNamed(result.request!.nodes, 'main.capnp')).toMatchObject({ startByte: 0, endByte: 0 });
    expect(nodeNamed(result.request!.nodes, 'main.capnp:Greeter.greet$Params')).toMatchObject({ startByte: 0, endByte: 0 });
  });

  it('encodes and decodes through the schema bindings', () => {
    const decoded = decodeCodeGeneratorRequest(encodeCodeGeneratorRequest(result.request!));
    expect(decoded.nodes!.length).toBe(result.request!.nodes!.length);
  });
});

describe('compile(): values', () => {
  it('builds struct and list defaults as messages', () => {
    const { request, diagnostics } = compileSources({
      '/v.capnp': `${FILE_ID}struct P { x @0 :Int32 = 5; name @1 :Text; tags @2 :List(Text); }
const p :P = (x = 7, name = "seven", tags = ["a", "b"]);
const empty :Text = "";
const data :Data = "ab";`,
    });
    expect(diagnostics).toEqual([]);
    const p = nodeNamed(request!.nodes, 'v.capnp:p') as Extract<Node, { const: unknown }>;
    const value = p.const.value;
    if (value === null || !('struct' in value) || value.struct === null) throw new Error('p is not a struct constant');
    const struct = value.struct;
    // Struct fields are stored XORed with their defaults.
    expect(struct.getInt32(0, 5)).toBe(7);
    expect(struct.getText(0)).toBe('seven');
    expect(struct.getList(1, 6).getText(1)).toBe('b');
    expect((nodeNamed(request!.nodes, 'v.capnp:empty') as Extract<Node, { const: unknown }>).const.value).toEqual({ text: '' });
    expect((nodeNamed(request!.nodes, 'v.capnp:data') as Extract<Node, { const: unknown }>).const.value).toEqual({ data: new Uint8Array([0x61, 0x62]) });
  });
});

describe('compile(): imports and files', () => {
  it('resolves standard imports from the embedded schemas, without a file system', () => {
    const { request, diagnostics } = compileSources({
      '/s.capnp': `${FILE_ID}using Cxx = import "/capnp/c++.capnp";\n$Cxx.namespace("demo");\ninterface W { write @0 (d :Data) -> stream; }\n`,
    });
    expect(diagnostics).toEqual([]);
    const ids = request!.nodes!.map((n) => n.displayName);
    expect(ids).toEqual(expect.arrayContaining(['capnp/c++.capnp', 'capnp/c++.capnp:namespace', 'capnp/stream.capnp:StreamResult']));
    // Only what is used comes from the imported files.
    expect(ids).not.toContain('capnp/c++.capnp:name');
    const method = (nodeNamed(request!.nodes, 's.capnp:W') as Extract<Node, { interface: unknown }>).interface.methods![0]!;
    expect(method.resultStructType).toBe(STREAM_RESULT_ID);
    expect(request!.requestedFiles![0]!.imports).toEqual([
      { id: 0xbdf87d7bb8304e81n, name: '/capnp/c++.capnp' },
      { id: 0x86c366a91393f3f8n, name: '/capnp/stream.capnp' },
    ]);
    const annotation = nodeNamed(request!.nodes, 's.capnp').annotations![0]!;
    expect(annotation).toEqual({ id: 0xb9c6f99ebf805f2cn, brand: { scopes: null }, value: { text: 'demo' } });
  });

  it('fails standard imports with standardImports: false', () => {
    const result = compileSources({ '/s.capnp': `${FILE_ID}using import "/capnp/c++.capnp".namespace;\n` }, { standardImports: false });
    expect(errors(result)).toEqual(['s.capnp:2:14-32: error: Import failed: /capnp/c++.capnp']);
    expect(result.request).toBeNull();
  });

  it('searches import directories in order, before the standard ones', () => {
    const loader = createMemoryLoader({
      '/first/shared.capnp': '@0xc1f6b3a5c7d9e0f1;\nstruct First {}\n',
      '/second/shared.capnp': '@0xc2f6b3a5c7d9e0f1;\nstruct Second {}\n',
      '/first/capnp/c++.capnp': '@0xc3f6b3a5c7d9e0f1;\nannotation namespace(file) :Text;\n',
      '/main.capnp': `${FILE_ID}using import "/shared.capnp".First;\nusing Cxx = import "/capnp/c++.capnp";\n$Cxx.namespace("x");\n`,
    });
    const result = compile({ files: ['main.capnp'], loader, importPaths: ['/second', 'first'] });
    expect(errors(result)).toEqual(['main.capnp:2:30-35: error: \'import "/shared.capnp"\' has no member named \'First\'']);
    const swapped = compile({ files: ['main.capnp'], loader, importPaths: ['/first', '/second'] });
    expect(errors(swapped)).toEqual([]);
    // An import directory's own c++.capnp wins over the embedded one.
    expect(swapped.request!.nodes!.map((n) => n.displayName)).toContain('capnp/c++.capnp:namespace');
    expect(swapped.request!.nodes!.find((n) => n.displayName === 'capnp/c++.capnp')!.id).toBe(0xc3f6b3a5c7d9e0f1n);
  });

  it('names requested files relative to the working directory or their --src-prefix', () => {
    const sources = { '/a/b/c.capnp': `${FILE_ID}struct C {}\n` };
    const fromA = compile({ files: ['b/c.capnp'], sources, cwd: '/a' });
    expect(fromA.request!.requestedFiles![0]!.filename).toBe('b/c.capnp');
    const prefixed = compile({ files: ['/a/b/c.capnp'], sources, cwd: '/x', srcPrefixes: ['/a', '/a/b'] });
    expect(prefixed.request!.requestedFiles![0]!.filename).toBe('c.capnp');
    const outside = compile({ files: ['/a/b/c.capnp'], sources, cwd: '/x' });
    expect(outside.request!.requestedFiles![0]!.filename).toBe('a/b/c.capnp');
    expect(nodeNamed(outside.request!.nodes, 'a/b/c.capnp:C').displayNamePrefixLength).toBe('a/b/c.capnp:'.length);
  });

  it('reports missing files and directories', () => {
    expect(errors(compile({ files: ['nope.capnp'], sources: {} }))).toEqual(['nope.capnp: error: no such file']);
    expect(errors(compile({ files: ['x.capnp'], sources: {}, importPaths: ['/missing'] }))).toEqual(['/missing: error: no such directory']);
  });

  it('reports every error of a run, across files, naming files as given', () => {
    const result = compile({
      files: ['one.capnp', 'sub/two.capnp'],
      sources: { '/one.capnp': `${FILE_ID}struct A { x @0 :Missing; }\n`, '/sub/two.capnp': '@0xe2f6b3a5c7d9e0f1;\nstruct B { y @1 :Int32; }\n' },
    });
    expect(errors(result)).toEqual([
      'one.capnp:2:18-25: error: Not defined: Missing',
      'sub/two.capnp:2:15-16: error: Skipped ordinal @0.  Ordinals must be sequential with no holes.',
    ]);
  });

  it('takes another version of a standard schema as that schema, not as a duplicate id', () => {
    const systemCxx = '@0xbdf87d7bb8304e81;\nannotation namespace(file): Text;\nannotation name(field, struct) :Text;\n';
    const result = compile({
      files: ['/usr/include/capnp/c++.capnp', '/main.capnp'],
      sources: {
        '/usr/include/capnp/c++.capnp': systemCxx,
        '/main.capnp': `${FILE_ID}using Cxx = import "/capnp/c++.capnp";\n$Cxx.namespace("m");\n`,
      },
    });
    expect(errors(result)).toEqual([]);
    // The version named first is the one used, by the import too.
    const cxx = nodeNamed(result.request!.nodes, 'usr/include/capnp/c++.capnp');
    expect(cxx.nestedNodes!.map((n) => n.name)).toEqual(['namespace', 'name']);
    expect(result.request!.requestedFiles![1]!.imports).toEqual([{ id: 0xbdf87d7bb8304e81n, name: '/capnp/c++.capnp' }]);
  });

  it('loads a file reached by two paths once', () => {
    const result = compile({
      files: ['main.capnp'],
      sources: {
        '/lib/x.capnp': '@0xe3f6b3a5c7d9e0f1;\nstruct X {}\n',
        '/main.capnp': `${FILE_ID}using A = import "lib/x.capnp";\nusing B = import "/x.capnp";\nstruct S { a @0 :A.X; b @1 :B.X; }\n`,
      },
      importPaths: ['/lib'],
    });
    expect(errors(result)).toEqual([]);
  });
});

describe('formatDiagnostic', () => {
  const base = { file: 'f.capnp', startByte: 0, endByte: 0, message: 'oops' };
  it('prints a range, a point, or only the line as the reference does', () => {
    expect(formatDiagnostic({ ...base, line: 3, column: 5, endLine: 3, endColumn: 9 })).toBe('f.capnp:3:5-9: error: oops');
    expect(formatDiagnostic({ ...base, line: 3, column: 5, endLine: 3, endColumn: 5 })).toBe('f.capnp:3:5: error: oops');
    expect(formatDiagnostic({ ...base, line: 3, column: 5, endLine: 4, endColumn: 2 })).toBe('f.capnp:3: error: oops');
    expect(formatDiagnostic({ ...base, line: 0, column: 0, endLine: 0, endColumn: 0 })).toBe('f.capnp: error: oops');
  });
});

describe('compile(): only some declarations, as the reference tool\'s message commands', () => {
  const sources = {
    '/p.capnp': [
      '@0xd1b2c3d4e5f60723;',
      'annotation note(struct) :Text;',
      'struct Good $note("kept") { a @0 :Int32; inner @1 :Outer.Inner; }',
      'struct Outer { struct Inner { x @0 :UInt8; } unused @0 :Int32 = "bad"; }',
      'struct Bad { b @0 :Int32 = "bad"; }',
      '',
    ].join('\n'),
  };
  const names = (nodes: readonly Node[] | null) => (nodes ?? []).map((n) => n.displayName).sort();

  it('compiles the named declaration, the nodes it uses and their scopes, and nothing else', () => {
    const all = compile({ files: ['/p.capnp'], sources });
    expect(all.request).toBeNull();
    expect(all.diagnostics.map((d) => d.message)).toEqual(['Type mismatch; expected Int32.', 'Type mismatch; expected Int32.']);
    const { request, diagnostics } = compile({ files: ['/p.capnp'], sources, declarations: ['Good'] });
    expect(diagnostics).toEqual([]);
    // Not Outer, Inner's scope: its field's bad default goes unreported, as with capnp decode.
    expect(names(request?.nodes ?? null)).toEqual(['p.capnp', 'p.capnp:Good', 'p.capnp:Outer.Inner', 'p.capnp:note']);
    expect(request?.requestedFiles?.map((f) => f.filename)).toEqual(['p.capnp']);
  });

  it('follows a path as far as it names declarations, and reports the errors of what it compiles', () => {
    // The declarations on the way are compiled, so that the path can be looked up in the request.
    const inner = compile({ files: ['/p.capnp'], sources: { '/p.capnp': sources['/p.capnp'].replace('= "bad"; }\nstruct Bad', '; }\nstruct Bad') }, declarations: ['Outer.Inner.x'] });
    expect(inner.diagnostics).toEqual([]);
    expect(names(inner.request?.nodes ?? null)).toEqual(['p.capnp', 'p.capnp:Outer', 'p.capnp:Outer.Inner']);
    const outer = compile({ files: ['/p.capnp'], sources, declarations: ['Outer.Inner'] });
    expect(outer.diagnostics.map(formatDiagnostic).join('')).toContain('p.capnp:4:65-70: error: Type mismatch; expected Int32.');
    const bad = compile({ files: ['/p.capnp'], sources, declarations: ['Bad'] });
    expect(bad.request).toBeNull();
    expect(bad.diagnostics.map(formatDiagnostic).join('')).toContain('p.capnp:5:28-33: error: Type mismatch; expected Int32.');
  });

  it('leaves annotations out with annotations: false', () => {
    const kept = compile({ files: ['/p.capnp'], sources, declarations: ['Good'] });
    expect(kept.request?.nodes?.find((n) => n.displayName === 'p.capnp:Good')?.annotations).toHaveLength(1);
    const dropped = compile({ files: ['/p.capnp'], sources, declarations: ['Good'], annotations: false });
    expect(dropped.request?.nodes?.find((n) => n.displayName === 'p.capnp:Good')?.annotations ?? []).toEqual([]);
  });

  it('takes one file only when declarations are named', () => {
    const { request, diagnostics } = compile({ files: ['/p.capnp', '/p.capnp'], sources, declarations: ['Good'] });
    expect(request).toBeNull();
    expect(diagnostics.map((d) => d.message)).toEqual(['only one file can be compiled when declarations are named']);
  });
});
