import { describe, expect, it } from 'vitest';
import type { Declaration, Expression } from '../../src/compiler/syntax/ast.js';
import { DiagnosticSink, formatDiagnostic } from '../../src/compiler/diagnostics.js';
import { expressionString } from '../../src/compiler/syntax/expression-string.js';
import { lexStatements } from '../../src/compiler/syntax/lexer.js';
import { parseFile } from '../../src/compiler/syntax/parser.js';

function parse(source: string) {
  const bytes = new TextEncoder().encode(source);
  const sink = new DiagnosticSink();
  const reporter = sink.reporterFor('test.capnp', bytes);
  const file = parseFile(lexStatements(bytes, reporter) ?? [], reporter);
  return { file, errors: sink.diagnostics.map(formatDiagnostic), source };
}

const ID = '@0xe1f6b3a5c7d9e0f1;\n';

/** The source text an expression or declaration covers. */
function textOf(source: string, node: { startByte: number; endByte: number }): string {
  return new TextDecoder().decode(new TextEncoder().encode(source).subarray(node.startByte, node.endByte));
}

function firstDecl(source: string): { decl: Declaration; source: string } {
  const result = parse(ID + source);
  expect(result.errors).toEqual([]);
  return { decl: result.file.nestedDecls[0]!, source: result.source };
}

describe('parser: declarations', () => {
  it('reads the file id, its doc comment and file annotations', () => {
    const { file, errors } = parse('@0xe1f6b3a5c7d9e0f1;\n# The file.\n$foo(1);\nstruct A {}\n');
    expect(errors).toEqual([]);
    expect(file.id.kind === 'uid' && file.id.value.value).toBe(0xe1f6b3a5c7d9e0f1n);
    expect(file.docComment).toBe('The file.\n');
    expect(file.annotations.length).toBe(1);
    expect(file.nestedDecls.map((d) => d.body.kind)).toEqual(['struct']);
  });

  it('reads structs with members of every kind', () => {
    const { decl } = firstDecl(`struct S @0x8a2b3c4d5e6f7081 (T) $a {
      f @0 :Int32 = 5 $b;
      g :group { h @1 :Text; }
      u @2! :union { x @3 :Void; y @4 :Void; }
      union { p @5 :Bool; q @6 :Bool; }
      struct Inner {}
      const c :Int32 = 1;
    }`);
    expect(decl.body.kind).toBe('struct');
    expect(decl.parameters.map((p) => p.name)).toEqual(['T']);
    expect(decl.id.kind === 'uid' && decl.id.value.value).toBe(0x8a2b3c4d5e6f7081n);
    expect(decl.nestedDecls.map((d) => [d.name.value, d.body.kind])).toEqual([
      ['f', 'field'], ['g', 'group'], ['u', 'union'], ['', 'union'], ['Inner', 'struct'], ['c', 'const'],
    ]);
    const union = decl.nestedDecls[2]!;
    expect(union.id.kind === 'ordinal' && union.id.value.value).toBe(2n);
  });

  it('reads interfaces: superclasses, implicit parameters, param lists and stream', () => {
    const { decl } = firstDecl(`interface I extends(A, B(Text)) {
      a @0 () -> (x :Int32);
      b @1 [T] (t :T = null $ann) -> stream;
      c @2 Params -> Results;
      d @3 ();
    }`);
    expect(decl.body.kind === 'interface' && decl.body.superclasses.map(expressionString)).toEqual(['A', 'B(( Text ))']);
    const methods = decl.nestedDecls.map((d) => d.body);
    expect(methods.map((m) => m.kind === 'method' && [m.params.kind, m.results?.kind ?? null])).toEqual([
      ['namedList', 'namedList'], ['namedList', 'stream'], ['type', 'type'], ['namedList', null],
    ]);
    expect(decl.nestedDecls[1]!.parameters.map((p) => p.name)).toEqual(['T']);
  });

  it('reads annotation declarations and their targets', () => {
    const { decl } = firstDecl('annotation a @0x8a2b3c4d5e6f7082 (struct, field, param) :Text;');
    expect(decl.body.kind === 'annotation' && Object.entries(decl.body.targets).filter(([, on]) => on).map(([t]) => t))
      .toEqual(['targetsStruct', 'targetsField', 'targetsParam']);
    const { decl: all } = firstDecl('annotation b(*) :Void;');
    expect(all.body.kind === 'annotation' && Object.values(all.body.targets).every((on) => on)).toBe(true);
  });

  it('takes a `using` name from the member it names', () => {
    const { decl } = firstDecl('using import "x.capnp".Thing;');
    expect(decl.name.value).toBe('Thing');
  });

  it('covers a statement and the doc comment after it', () => {
    const { decl, source } = firstDecl('struct A {} # doc\nstruct B {}');
    expect(textOf(source, decl)).toBe('struct A {} # doc\n');
    expect(decl.docComment).toBe('doc\n');
  });
});

describe('parser: expressions', () => {
  function valueOf(source: string): { value: Expression; source: string } {
    const { decl, source: text } = firstDecl(`const c :T = ${source};`);
    return { value: (decl.body as { value: Expression }).value, source: text };
  }

  it('locates names, members and applications from their start', () => {
    const { value, source } = valueOf('Foo(Text).Bar');
    expect(value.kind).toBe('member');
    expect(textOf(source, value)).toBe('Foo(Text).Bar');
    expect(value.kind === 'member' && textOf(source, value.parent)).toBe('Foo(Text)');
  });

  it('locates a negative number at its digits, as the reference does', () => {
    const { value, source } = valueOf('-12');
    expect(value.kind === 'negativeInt' && value.value).toBe(12n);
    expect(textOf(source, value)).toBe('12');
  });

  it('reads literals of every kind', () => {
    const kinds = ['1', '-1', '1.5', '-1.5', '-inf', '"a" "b"', '0x"01"', '[1, 2]', '(a = 1, b = 2)', '(5)', 'import "x"', 'embed "y"', '.abs', 'rel']
      .map((text) => valueOf(text).value.kind);
    expect(kinds).toEqual(['positiveInt', 'negativeInt', 'float', 'float', 'float', 'string', 'binary', 'list', 'tuple', 'positiveInt',
      'import', 'embed', 'absoluteName', 'relativeName']);
    const concatenated = valueOf('"ab" "cd"').value;
    expect(concatenated.kind === 'string' && concatenated.value).toBe('abcd');
  });

  it('splits an annotation\'s value from its name', () => {
    const { decl } = firstDecl('struct S $a $b(1) $c(x = 1, y = 2) $d.e(f) {}');
    expect(decl.annotations.map((a) => [expressionString(a.name), a.value === null ? null : expressionString(a.value)])).toEqual([
      ['a', null], ['b', '1'], ['c', '( x = 1, y = 2 )'], ['d.e', 'f'],
    ]);
  });
});

describe('parser: errors (as capnp compile reports them)', () => {
  it('reports where a statement stops parsing', () => {
    expect(parse(`${ID}struct S { x @0 Int32; }\n`).errors).toEqual(['test.capnp:2:22: error: Parse error.']);
  });

  it('checks block versus semicolon', () => {
    expect(parse(`${ID}struct S;\nconst c :Int32 = 1 {}\n`).errors).toEqual([
      'test.capnp:2:1-10: error: This statement should end with a block, not a semicolon.',
      'test.capnp:3:1-22: error: This statement should end with a semicolon, not a block.',
    ]);
  });

  it('rejects ids without the top bit', () => {
    expect(parse('@0x1234;\n').errors).toEqual(["test.capnp:1:2-8: error: Invalid ID.  Please generate a new one with 'capnpc -i'."]);
  });

  it('asks for a file id, suggesting a random one', () => {
    const { file, errors } = parse('struct S {}\n');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^test\.capnp:1:1: error: File does not declare an ID\.  I've generated one for you\.  Add this line to your file: @0x[89a-f][0-9a-f]{15};$/);
    expect(file.id.kind).toBe('uid');
  });

  it('checks annotation targets', () => {
    expect(parse(`${ID}annotation a(*, struct, bogus, Upper) :Void;\nannotation b(field, field) :Void;\n`).errors).toEqual([
      'test.capnp:2:14-15: error: Wildcard should not be specified together with other targets.',
      'test.capnp:2:17-23: error: Duplicate target specification.',
      'test.capnp:2:25-30: error: Not a valid annotation target.',
      'test.capnp:2:32-37: error: Not a valid annotation target.',
      'test.capnp:3:21-26: error: Duplicate target specification.',
    ]);
  });

  it('reports bad list items in place', () => {
    expect(parse(`${ID}const c :List(Int32) = [1, , 2];\nconst d :Int32 = foo(a b);\n`).errors).toEqual([
      'test.capnp:2:24-32: error: Parse error: Empty list item.',
      'test.capnp:3:22-25: error: Parse error.',
    ]);
  });
});
