import { describe, expect, it } from 'vitest';
import { CompileAbort } from '../../src/compiler/compile-abort.js';
import { DiagnosticSink, formatDiagnostic } from '../../src/compiler/diagnostics.js';
import { lexStatements, type Statement, type Token } from '../../src/compiler/syntax/lexer.js';
import type { SchemaLanguage } from '../../src/compiler/language.js';

function lex(source: string | Uint8Array, language?: SchemaLanguage) {
  const bytes = typeof source === 'string' ? new TextEncoder().encode(source) : source;
  const sink = new DiagnosticSink();
  const statements = lexStatements(bytes, sink.reporterFor('test.capnp', bytes), language);
  return { statements, errors: sink.diagnostics.map(formatDiagnostic) };
}

/** The tokens of a single statement, in a readable form. */
function tokens(source: string): string[] {
  const { statements, errors } = lex(source);
  expect(errors).toEqual([]);
  return statements![0]!.tokens.map(describeToken);
}

function describeToken(token: Token): string {
  switch (token.kind) {
    case 'identifier': return `id:${token.text}`;
    case 'string': return `str:${JSON.stringify(token.text)}`;
    case 'binary': return `bin:${Array.from(token.bytes).join(',')}`;
    case 'integer': return `int:${token.value}`;
    case 'float': return `float:${token.value}`;
    case 'operator': return `op:${token.text}`;
    case 'parenthesizedList': return `(${token.items.map((item) => item.map(describeToken).join(' ')).join(' | ')})`;
    case 'bracketedList': return `[${token.items.map((item) => item.map(describeToken).join(' ')).join(' | ')}]`;
  }
}

describe('lexer: block quotes (1.0)', () => {
  it('quotes the rest of the line verbatim and ends it with a newline', () => {
    expect(tokens('a = `b "c" # d \\n $e\n;')).toEqual(['id:a', 'op:=', 'str:"b \\"c\\" # d \\\\n $e\\n"']);
    expect(tokens('a = `\n;')).toEqual(['id:a', 'op:=', 'str:"\\n"']);
    expect(tokens('a = `héllo\n;')).toEqual(['id:a', 'op:=', 'str:"héllo\\n"']);
  });

  it('ends the quote at CR or LF alike, and the value at LF', () => {
    expect(tokens('a = `x\r\n  `y\r  `z\n;')).toEqual(['id:a', 'op:=', 'str:"x\\n"', 'str:"y\\n"', 'str:"z\\n"']);
  });

  it('spans the quote from the backtick to the end of the line', () => {
    const { statements } = lex('a = `xy\n;');
    const quote = statements![0]!.tokens[2]!;
    expect([quote.startByte, quote.endByte]).toEqual([4, 7]);
  });
});

describe('lexer: tokens', () => {
  it('reads identifiers, operators and punctuation-free lists', () => {
    expect(tokens('foo @0 :Bar;')).toEqual(['id:foo', 'op:@', 'int:0', 'op::', 'id:Bar']);
    expect(tokens('a -> b.c $d;')).toEqual(['id:a', 'op:->', 'id:b', 'op:.', 'id:c', 'op:$', 'id:d']);
    // Operator characters run together into one operator.
    expect(tokens('x =-1;')).toEqual(['id:x', 'op:=-', 'int:1']);
  });

  it('reads integers in every base, wrapping at 64 bits as C does', () => {
    expect(tokens('0 7 0x1F 017 18446744073709551615;')).toEqual(['int:0', 'int:7', 'int:31', 'int:15', 'int:18446744073709551615']);
    expect(tokens('18446744073709551616;')).toEqual(['int:0']);
    // A 0 followed by a non-octal digit is two tokens.
    expect(tokens('09;')).toEqual(['int:0', 'int:9']);
  });

  it('reads floats (strtod rules), keeping integers apart', () => {
    expect(tokens('1.5 2e3 1.25e-2 3. 5E+1 1.e2;')).toEqual(['float:1.5', 'float:2000', 'float:0.0125', 'float:3', 'float:50', 'float:100']);
  });

  it('stops at an exponent without digits, as the reference does', () => {
    const bytes = new TextEncoder().encode('a = 4e;');
    const sink = new DiagnosticSink();
    expect(() => lexStatements(bytes, sink.reporterFor('test.capnp', bytes))).toThrow(CompileAbort);
    expect(sink.diagnostics.map((d) => [formatDiagnostic(d), d.fatal])).toEqual([
      ['test.capnp:1:5-7: error: String does not contain valid floating number; s = 4e', true],
    ]);
  });

  it('reads strings with C escapes, and hex binary literals', () => {
    expect(tokens('"a\\tb\\n\\"q\\" \\x41\\101\\\\ é";')).toEqual([`str:${JSON.stringify('a\tb\n"q" AA\\ é')}`]);
    expect(tokens('0x"00 ff 7a";')).toEqual(['bin:0,255,122']);
    const [token] = lex('"\\xff";').statements![0]!.tokens;
    expect(token!.kind === 'string' && Array.from(token.bytes)).toEqual([0xff]);
  });

  it('groups parenthesized and bracketed lists into items', () => {
    expect(tokens('f(a, b c)[1, [2]];')).toEqual(['id:f', '(id:a | id:b id:c)', '[int:1 | [int:2]]']);
    expect(tokens('f();')).toEqual(['id:f', '()']);
    // A trailing comma is allowed; an empty item elsewhere is kept (and rejected by the parser).
    expect(tokens('f(a,);')).toEqual(['id:f', '(id:a)']);
    expect(tokens('f(a,,b);')).toEqual(['id:f', '(id:a |  | id:b)']);
  });

  it('records byte positions', () => {
    const statement = lex('  foo  "é" ;').statements![0]!;
    expect(statement.tokens.map((t) => [t.startByte, t.endByte])).toEqual([[2, 5], [7, 11]]);
    expect([statement.startByte, statement.endByte]).toEqual([2, 13]);
  });
});

describe('lexer: statements and doc comments', () => {
  const shape = (statements: Statement[] | null): unknown =>
    statements!.map((s) => ({ tokens: s.tokens.length, doc: s.docComment, block: s.block === null ? null : shape(s.block) }));

  it('splits statements and blocks', () => {
    expect(shape(lex('a; b { c; d {} } e;').statements)).toEqual([
      { tokens: 1, doc: null, block: null },
      { tokens: 1, doc: null, block: [{ tokens: 1, doc: null, block: null }, { tokens: 1, doc: null, block: [] }] },
      { tokens: 1, doc: null, block: null },
    ]);
  });

  it('attaches the comment lines right after a statement', () => {
    const { statements } = lex('a; # same line\n# next line\n\n# not attached: a blank line came first\nb;\n  # indented\nc;\n\n  # detached\nd;');
    expect(statements!.map((s) => s.docComment)).toEqual(['same line\nnext line\n', 'indented\n', null, null]);
  });

  it('prefers a block\'s leading comment over one after its closing brace', () => {
    expect(lex('s {\n  # leading\n  x;\n}\n# trailing\n').statements![0]!.docComment).toBe('leading\n');
    expect(lex('s {\n  x;\n}\n# trailing\n').statements![0]!.docComment).toBe('trailing\n');
  });

  it('keeps only one optional space after # and carriage returns as written', () => {
    expect(lex('a;\n#  two spaces\n#none\n').statements![0]!.docComment).toBe(' two spaces\nnone\n');
    expect(lex('a;\r\n# crlf\r\n').statements![0]!.docComment).toBe('crlf\r\n');
  });

  it('skips byte-order marks and comments between statements', () => {
    const { statements, errors } = lex(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('# c\na;')]));
    expect(errors).toEqual([]);
    expect(statements!.length).toBe(1);
  });
});

describe('lexer: errors (positions as the reference reports them)', () => {
  // Each expected output is what `capnp compile` prints for the same input.
  it('reports an unterminated string where the line ends', () => {
    expect(lex('@0x1;\nconst a :Text = "abc\n;').errors).toEqual(['test.capnp:2:21: error: Parse error.']);
  });

  it('reports a statement missing its end at the end of the file', () => {
    expect(lex('a {\n  b;\n').errors).toEqual(['test.capnp:3:1: error: Parse error.']);
  });

  it('reports characters that start no token', () => {
    expect(lex('a = \\b;').errors).toEqual(['test.capnp:1:5: error: Parse error.']);
    // In 0.9's language a backtick starts nothing either; in 1.0's it quotes the rest of the
    // line, `;` included, so the statement is left without its end.
    expect(lex('a = `b`;', '0.9').errors).toEqual(['test.capnp:1:5: error: Parse error.']);
    expect(lex('a = `b`;').errors).toEqual(['test.capnp:1:9: error: Parse error.']);
  });

  it('recognizes UTF-16 and NUL bytes as not UTF-8', () => {
    expect(lex(new Uint8Array([0x61, 0x00, 0x3b])).errors).toEqual([
      "test.capnp:1:2-3: error: Non-UTF-8 input detected. Cap'n Proto schema files must be UTF-8 text.",
      'test.capnp:1:3: error: Parse error.',
    ]);
  });

  it('counts a bad escape as progress up to the backslash\'s follower', () => {
    expect(lex('a = "x\\q";').errors).toEqual(['test.capnp:1:8: error: Parse error.']);
  });
});
