/**
 * Text input in the two editions of the language's value syntax (`language` of parseText):
 * 1.0's, the default, reads block quotes and a struct or group given as its first field's value,
 * as `capnp encode` 1.x does (test/cli/capnp-1x.test.ts compares with the tool); 0.9's reads
 * neither. The values the additions make are the ones Capstan's compiler makes of the same
 * expressions in a schema (which test/compiler checks against the reference compilers).
 */
import { describe, expect, it } from 'vitest';
import { compile } from '../../src/compiler/index.js';
import { loadSchema } from '../../src/dynamic/index.js';
import { encodeText, splitTextMessages } from '../../src/text/index.js';
import { canonicalize, ErrorCode, readMessage } from '../../src/wire/index.js';
import { compileSources } from '../support/compile-memory.js';
import { failure } from '../support/failure.js';

const SCHEMA = `@0xd508ecb2a5a7a5e3;
struct S { label @1 :Text; code @0 :Int16; }
struct F { f @0 :Bool; }
struct Fl { f @0 :Float64; }
struct G { g :group { a @0 :Text; b @1 :UInt8; } u :union { x @2 :Void; y :group { n @3 :Int32; } } }
struct U { union { a @0 :Text; b @1 :Int32; } }
struct Top {
  s @0 :S; f @1 :F; fl @2 :Fl; g @3 :G; u @4 :U; ls @5 :List(S); lls @6 :List(List(S)); t @7 :Text; d @8 :Data;
}
`;
const Top = loadSchema(compileSources({ '/t.capnp': SCHEMA })).struct('Top');
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/** The canonical bytes of `const c :Top = <literal>;` as Capstan's compiler makes them. */
function compiled(literal: string): string {
  const { request, diagnostics } = compile({ files: ['/c.capnp'], sources: { '/t.capnp': SCHEMA, '/c.capnp': `@0xd508ecb2a5a7a5e4;\nusing import "t.capnp".Top;\nconst c :Top = ${literal};\n` } });
  expect(diagnostics.map((d) => d.message), literal).toEqual([]);
  const node = request!.nodes!.find((n) => n.displayName === 'c.capnp:c')!;
  const value = 'const' in node ? node.const.value : null;
  if (value === null || !('struct' in value) || value.struct === null) throw new Error('not a struct constant');
  return hex(canonicalize(value.struct as never));
}

const canonicalText = (input: string, language?: '1.0' | '0.9') =>
  hex(canonicalize(readMessage(encodeText(Top, input, language === undefined ? {} : { language })).getRoot()));

describe('1.0\'s value syntax (the default)', () => {
  const inputs = [
    '(s = 5)', '(s = -7, f = true)', '(fl = 3)', '(fl = -inf)', '(g = (g = "hi"))', '(g = (u = (y = 7)))', '(u = "t")',
    '(ls = [1, (code = 2, label = "two"), 3])', '(lls = [[1], [], [2, 3]])',
    '(t = `a block quote, "verbatim" # not a comment\n)', '(t = "joined: " `one\n  `two\n  )', '(d = `bytes\n)', '(u = `quoted\n)',
  ];
  for (const input of inputs) {
    it(`reads ${JSON.stringify(input)} as the compiler reads the same value`, () => {
      expect(canonicalText(input)).toBe(compiled(input));
    });
  }

  it('ends a block quote with a newline whatever the line ending', () => {
    for (const ending of ['\n', '\r\n', '\r']) expect(canonicalText(`(t = \`line${ending})`)).toBe(compiled('(t = "line\\n")'));
  });

  it('refuses what fits neither the struct nor its first field, naming where', () => {
    const cases: [string, string][] = [
      ['(s = "x")', 'text input line 1, column 6 at s: type mismatch; expected S'],
      ['(s = 40000)', 'text input line 1, column 6 at s.code: integer value out of range for Int16'],
      ['(s = 0x"00")', 'text input line 1, column 6 at s: type mismatch; expected S'],
      ['(g = (g = 5))', 'text input line 1, column 11 at g.g: type mismatch; expected group'],
      ['(ls = [1, [2]])', 'text input line 1, column 11 at ls[1]: type mismatch; expected S'],
    ];
    for (const [input, message] of cases) {
      const e = failure(() => encodeText(Top, input));
      expect(e.code, input).toBe(ErrorCode.INVALID_ARGUMENT);
      expect(e.message, input).toBe(message);
    }
  });

  it('splits a stream where block quotes hold brackets, quotes and #', () => {
    expect(splitTextMessages('(t = `a ) "b" # c\n)\n(t = `(\r\n)(t = "x")')).toEqual(['(t = `a ) "b" # c\n)\n', '(t = `(\r\n)', '(t = "x")']);
  });
});

describe('0.9\'s value syntax', () => {
  it('reads neither addition, as 0.9.2 does', () => {
    expect(failure(() => encodeText(Top, '(t = `x\n)', { language: '0.9' })).message).toBe("text input line 1, column 6: unexpected character '`'");
    expect(failure(() => encodeText(Top, '(s = 5)', { language: '0.9' })).message).toBe('text input line 1, column 6 at s: type mismatch; expected S');
    expect(failure(() => encodeText(Top, '(g = (g = "hi"))', { language: '0.9' })).message).toBe('text input line 1, column 11 at g.g: type mismatch; expected group');
    expect(canonicalText('(s = (code = 5))', '0.9')).toBe(canonicalText('(s = 5)'));
  });

  it('refuses an edition it does not know', () => {
    const e = failure(() => encodeText(Top, '()', { language: '2.0' as never }));
    expect(e.code).toBe(ErrorCode.INVALID_ARGUMENT);
    expect(e.message).toBe('language must be \'1.0\' or \'0.9\', got string "2.0"');
  });
});
