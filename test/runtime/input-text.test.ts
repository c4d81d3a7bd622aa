/**
 * Every function that parses text takes a string and refuses anything else with a CapnpError
 * that names the function and what it got (src/runtime/input-text.ts); bytes, the likeliest
 * mistake (a file read without an encoding), get the hint to decode them. Before, each failed
 * inside its parser with a TypeError ("charCodeAt is not a function").
 */
import { describe, expect, it } from 'vitest';
import { ErrorCode, MessageBuilder } from '../../src/index.js';
import { getRoot, initRoot, loadSchema } from '../../src/dynamic/index.js';
import { decodeHex, fromJson, parseJson, parseJsonStream, splitJsonMessages, toJson } from '../../src/json/index.js';
import { encodeText, lex, parseText, parseTextInto, splitTextMessages } from '../../src/text/index.js';
import { compile, parseSchema } from '../../src/compiler/index.js';
import { compileSources } from '../support/compile-memory.js';
import { failure } from '../support/failure.js';

const SCHEMA = '@0xe3c5a7f9b1d3e5a7;\nstruct Note { text @0 :Text; }\n';
const Note = loadSchema(compileSources({ '/note.capnp': SCHEMA })).struct('Note');

/** Each parser with one call taking the text, and what its error names it. */
const PARSERS: [string, (text: any) => unknown, string][] = [
  ['parseJson', (t) => parseJson(t), 'parseJson'],
  ['parseJsonStream', (t) => parseJsonStream(t), 'parseJsonStream'],
  ['splitJsonMessages', (t) => splitJsonMessages(t), 'splitJsonMessages'],
  ['decodeHex', (t) => decodeHex(t), 'decodeHex'],
  ['fromJson', (t) => fromJson(Note, t), 'fromJson'],
  ['parseText', (t) => parseText(Note, t), "the text format's parser"],
  ['encodeText', (t) => encodeText(Note, t), "the text format's parser"],
  ['parseTextInto', (t) => parseTextInto(t, initRoot(Note, new MessageBuilder())), "the text format's parser"],
  ['splitTextMessages', (t) => splitTextMessages(t), 'splitTextMessages'],
  ['lex', (t) => lex(t), 'lex'],
  ['parseSchema', (t) => parseSchema(t), 'parseSchema'],
];

describe('what is not a string is refused by name', () => {
  for (const [name, parse, named] of PARSERS) {
    it(name, () => {
      for (const [value, described] of [[5, 'number 5'], [null, 'null'], [undefined, 'undefined'], [{}, 'an object']] as const) {
        const e = failure(() => parse(value));
        expect(e.code).toBe(ErrorCode.INVALID_ARGUMENT);
        expect(e.message).toBe(`${named} takes a string, got ${described}`);
      }
      if (name !== 'parseSchema') {
        // Bytes: the file read without an encoding, with the hint to decode them.
        expect(failure(() => parse(Buffer.from('{}'))).message).toMatch(/takes a string, got a Uint8Array \(decode bytes first: .*readFileSync\(path, 'utf8'\)\)$/);
      }
    });
  }

  it('the same functions given strings work as before', () => {
    expect(parseJson('{"a": 1}')).toBeDefined();
    expect(splitJsonMessages('{"text": "a"} {"text": "b"}')).toHaveLength(2);
    expect([...decodeHex('0aff')]).toEqual([10, 255]);
    expect(toJson(getRoot(Note, fromJson(Note, '{"text": "hi"}')))).toBe('{"text":"hi"}');
    expect(splitTextMessages('(text = "a") (text = "b")')).toHaveLength(2);
    expect(encodeText(Note, '(text = "hi")').length).toBeGreaterThan(0);
    expect(lex('(a = 1)').length).toBeGreaterThan(0);
    // parseSchema takes the file's bytes too.
    expect(parseSchema(Buffer.from(SCHEMA)).diagnostics).toEqual([]);
    expect(parseSchema(SCHEMA).diagnostics).toEqual([]);
  });
});

it('compile says what its options need when they name no list of files', () => {
  for (const [options, got] of [['a.capnp', 'string "a.capnp"'], [undefined, 'undefined'], [{ files: 'a.capnp' }, 'files: string "a.capnp"'], [{}, 'files: undefined']] as const) {
    const e = failure(() => compile(options as never));
    expect(e.code).toBe(ErrorCode.INVALID_ARGUMENT);
    expect(e.message).toBe(`compile takes options with the files to compile, { files: ['a.capnp', ...] }, got ${got}`);
  }
});

it('loadSchema given the null request of a schema with errors says where to look', () => {
  const { request, diagnostics } = compile({ files: ['/bad.capnp'], sources: { '/bad.capnp': 'struct {' } });
  expect(request).toBeNull();
  expect(diagnostics.length).toBeGreaterThan(0);
  const e = failure(() => loadSchema(request as never));
  expect(e.code).toBe(ErrorCode.INVALID_ARGUMENT);
  expect(e.message).toBe('expected a CodeGeneratorRequest (compile() gives null when the schema has errors: see its diagnostics), got null');
});
