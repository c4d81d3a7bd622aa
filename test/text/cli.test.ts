/**
 * The schema commands of the CLI (`convert` with text and json, `decode`, `encode`, `eval`)
 * against the reference tool, in-process through `run(argv, io)`; and their failures: one
 * `capstan: ...` line on stderr and a non-zero status.
 */
import { expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { canonicalize, readMessages } from '../../src/wire/index.js';
import { capnp, describeReference, encode, runCapnp } from '../support/reference.js';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CASES, CODECS, JSON_SCHEMA, canonicalHex } from '../fixtures/codecs/support.js';
import { FIXTURES } from '../support/generate.js';

const REREAD = join(FIXTURES, 'wire/reread.capnp');
const decoder = new TextDecoder();
/** Each message of a stream in canonical form (hex), comma-separated. */
const streamHex = (bytes: Uint8Array) => [...readMessages(bytes)].map((m) => Buffer.from(canonicalize(m.getRootPointer())).toString('hex')).join(',');
const text = (bytes: Uint8Array) => decoder.decode(bytes);

function expectOneLine(result: { status: number; stderr: string }, status: number, pattern: RegExp): void {
  expect(result.status, result.stderr).toBe(status);
  expect(result.stderr.endsWith('\n')).toBe(true);
  const lines = result.stderr.trimEnd().split('\n');
  expect(lines, result.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^capstan: /);
  expect(lines[0]).toMatch(pattern);
}

/** Three messages of codecs.capnp's Shape, concatenated as a stream. */
const SHAPES = CASES.filter((c) => c.type === 'Shape').slice(1, 4);

describeReference('capstan decode / encode / convert against capnp', () => {
  it('decode prints a stream of messages like capnp decode (pretty, --short, --packed, --flat)', async () => {
    const stream = Buffer.concat(SHAPES.map((c) => encode(CODECS, 'Shape', c.text)));
    for (const flags of [[], ['--short']]) {
      const ours = await runCli(['decode', ...flags, CODECS, 'Shape'], stream);
      expect(ours.stderr).toBe('');
      expect(text(ours.stdout)).toBe(text(capnp(['decode', ...flags, CODECS, 'Shape'], stream)));
    }
    const packed = encode(CODECS, 'Shape', SHAPES[0]!.text, { packed: true });
    expect(text((await runCli(['decode', '-p', CODECS, 'Shape'], packed)).stdout)).toBe(text(capnp(['decode', '--packed', CODECS, 'Shape'], packed)));
    const flat = encode(CODECS, 'Shape', SHAPES[1]!.text, { flat: true });
    expect(text((await runCli(['decode', '--flat', CODECS, 'Shape'], flat)).stdout)).toBe(text(capnp(['decode', '--flat', CODECS, 'Shape'], flat)));
  });

  it('encode writes the bytes capnp encode writes (stream, --packed, --flat, --segment-size)', async () => {
    const input = SHAPES.map((c) => c.text).join('\n# between messages\n');
    for (const flags of [[], ['--packed'], ['--segment-size=2'], ['--segment-size=3', '-p']]) {
      const ours = await runCli(['encode', ...flags, CODECS, 'Shape'], input);
      expect(ours.stderr).toBe('');
      expect(Buffer.from(ours.stdout).equals(Buffer.from(capnp(['encode', ...flags, CODECS, 'Shape'], input))), flags.join(' ')).toBe(true);
    }
    const one = SHAPES[2]!.text;
    expect(Buffer.from((await runCli(['encode', '--flat', CODECS, 'Shape'], one)).stdout).equals(capnp(['encode', '--flat', CODECS, 'Shape'], one))).toBe(true);
  });

  it('converts between text, json and the binary formats like capnp convert', async () => {
    const bytes = encode(CODECS, 'Lists', CASES[12]!.text);
    for (const [from, to, input] of [
      ['binary', 'json', bytes], ['binary', 'text', bytes], ['packed', 'json', encode(CODECS, 'Lists', CASES[12]!.text, { packed: true })],
    ] as const) {
      for (const flags of [[], ['--short']]) {
        const ours = await runCli(['convert', ...flags, `${from}:${to}`, CODECS, 'Lists'], input);
        expect(ours.stderr).toBe('');
        expect(text(ours.stdout)).toBe(text(capnp(['convert', ...flags, `${from}:${to}`, CODECS, 'Lists'], input)));
      }
    }
    const json = text(capnp(['convert', 'binary:json', CODECS, 'Lists'], bytes));
    for (const to of ['binary', 'packed', 'flat', 'flat-packed', 'canonical', 'text']) {
      const ours = await runCli(['convert', `json:${to}`, CODECS, 'Lists'], json);
      expect(ours.stderr).toBe('');
      expect(Buffer.from(ours.stdout).equals(capnp(['convert', `json:${to}`, CODECS, 'Lists'], json)), to).toBe(true);
    }
    // Schema-less conversions still go to the schema-less convert (and ignore schema options).
    const packed = await runCli(['convert', '--short', '-I/tmp', 'binary:packed', CODECS, 'Lists'], bytes);
    expect(packed.stderr).toBe('');
    expect(canonicalHex(packed.stdout, 'packed')).toBe(canonicalHex(bytes));
  });

  it('uses the import path options (-I, --no-standard-import)', async () => {
    const bytes = encode(JSON_SCHEMA, 'Annotated', '(mood = sleepy)');
    const standard = await runCli(['convert', '--short', 'binary:json', JSON_SCHEMA, 'Annotated'], bytes);
    expect(text(standard.stdout)).toContain('"mood":"zzz"');
    const none = await runCli(['convert', '--no-standard-import', 'binary:json', JSON_SCHEMA, 'Annotated'], bytes);
    expectOneLine(none, 1, /json\.capnp.*(not found|Import failed|error)/i);
    const explicit = await runCli(['convert', '--short', '--no-standard-import', '-I', '/usr/include', 'binary:json', JSON_SCHEMA, 'Annotated'], bytes);
    expect(text(explicit.stdout)).toBe(text(standard.stdout));
  });

  it('eval prints constants and defaults like capnp eval, as text, JSON or binary', async () => {
    for (const name of ['constUInt32', 'constColor', 'constFloat32', 'constText', 'constData', 'constShape', 'constFloats', 'constShapes',
      'constShape.tag', 'constShape.tag.words[1]', 'constShapes[1].label', 'Defaults.uint64', 'Defaults.struct', 'Defaults.textList[0]', 'Shape.position']) {
      for (const flags of [[], ['--short']]) {
        const ours = await runCli(['eval', ...flags, CODECS, name]);
        expect(ours.stderr, name).toBe('');
        expect(text(ours.stdout), name).toBe(text(capnp(['eval', ...flags, CODECS, name])));
      }
    }
    for (const flags of [['-ojson'], ['-ojson', '--short'], ['-obinary'], ['-b'], ['-p'], ['--flat'], ['-ocanonical']]) {
      const ours = await runCli(['eval', ...flags, CODECS, 'constShape']);
      expect(ours.stderr).toBe('');
      expect(Buffer.from(ours.stdout).equals(capnp(['eval', ...flags, CODECS, 'constShape'])), flags.join(' ')).toBe(true);
    }
  });

  it('reads a wider list read as List(Bool) as its bits, in text and JSON, as capnp does', async () => {
    const message = encode(REREAD, 'Wide', '(data = 0x"70e42ee41cfa13f174", u16 = [1, 2, 3], u32 = [4294967295, 2], u64 = [1, 9223372036854775808], i8 = [-1, 0, 127])');
    for (const args of [['decode', '--short'], ['decode'], ['convert', 'binary:json'], ['convert', '--short', 'binary:json']]) {
      const ours = await runCli([...args, REREAD, 'Bits'], message);
      expect(ours.stderr).toBe('');
      expect(text(ours.stdout), args.join(' ')).toBe(text(capnp([...args, REREAD, 'Bits'], message)));
    }
  });

  it('reads messages without limits unless --nesting-limit or --traversal-limit set them, as capnp does', async () => {
    // 80 levels of Tree: 160 levels as libcapnp counts them, far past the library default of 64.
    let literal = '()';
    for (let i = 1; i < 80; i++) literal = `(children = [${literal}])`;
    const deep = encode(REREAD, 'Tree', literal);
    for (const args of [['decode', '--short'], ['convert', 'binary:json'], ['convert', 'binary:text'], ['convert', 'binary:canonical'], ['convert', 'binary:packed']]) {
      const ours = await runCli([...args, REREAD, 'Tree'], deep);
      expect(ours.stderr, args.join(' ')).toBe('');
      expect(Buffer.from(ours.stdout).equals(capnp([...args, REREAD, 'Tree'], deep)), args.join(' ')).toBe(true);
    }
    for (const command of ['decode', 'convert binary:text', 'convert binary:canonical']) {
      const args = command.split(' ');
      expectOneLine(await runCli([...args, '--nesting-limit=64', REREAD, 'Tree'], deep), 1, /nesting limit/);
      expectOneLine(await runCli([...args, '--traversal-limit=100', REREAD, 'Tree'], deep), 1, /traversal limit/);
      expect((await runCli([...args, '--nesting-limit=160', REREAD, 'Tree'], deep)).status).toBe(0);
    }
    // A pointer cycle, which only a limit stops: without one it ends in a one-line error too.
    // (The root's children list holds one Tree whose children pointer leads back to that list.)
    const cycle = new Uint8Array([
      0, 0, 0, 0, 4, 0, 0, 0, // one segment of four words
      0, 0, 0, 0, 0, 0, 1, 0, // root: a struct of one pointer, next word
      1, 0, 0, 0, 15, 0, 0, 0, // children: a struct list of one word, next word
      4, 0, 0, 0, 0, 0, 1, 0, // its tag: one element of one pointer
      0xf9, 0xff, 0xff, 0xff, 15, 0, 0, 0, // the element's children: back to the tag
    ]);
    // (How the stack runs out is up to V8: usually a RangeError, reported as such, but not always.)
    expectOneLine(await runCli(['decode', REREAD, 'Tree'], cycle), 1, /./);
    expectOneLine(await runCli(['decode', '--nesting-limit=1000', REREAD, 'Tree'], cycle), 1, /nesting limit/);
  });

  it('reads hand-made text input as capnp encode does, or fails where it fails', async () => {
    // Numbers in every form, escapes, keywords, unions set twice, lists of every kind, bad syntax
    // (not Text escapes that make bytes other than UTF-8, which differ by design: docs/text-json.md).
    const inputs: Record<string, string[]> = {
      Scalars: [
      "(int32 = 0x10)",
      "(int32 = -0x10)",
      "(int32 = 010)",
      "(int32 = -010)",
      "(int32 = 1e3)",
      "(int32 = 1.0)",
      "(int32 = 2147483648)",
      "(int32 = -2147483649)",
      "(uint8 = 256)",
      "(uint8 = -1)",
      "(int64 = 9223372036854775808)",
      "(int64 = -9223372036854775808)",
      "(uint64 = 18446744073709551616)",
      "(uint64 = 0xffffffffffffffff)",
      "(float32 = 1e39)",
      "(float32 = 3.4028235e38)",
      "(float32 = 1e-46)",
      "(float32 = 7)",
      "(float64 = 0x10)",
      "(float64 = -inf)",
      "(float64 = inf)",
      "(float64 = nan)",
      "(float64 = -nan)",
      "(float64 = 1e400)",
      "(float64 = .5)",
      "(float64 = 5.)",
      "(float64 = 1e)",
      "(bool = 1)",
      "(bool = true)",
      "(bool = false,)",
      "(void = void)",
      "(void = ())",
      "(text = \"a\\x41\\101\\u0041\")",
      "(text = \"a\\q\")",
      "(text = 'single')",
      "(text = \"multi\" \"part\")",
      "(data = \"bytes\")",
      "(data = 0x\"41 42\")",
      "(data = 0x\"414\")",
      "(data = [65, 66])",
      "(color = 2)",
      "(color = ultraViolet)",
      "(color = purple)",
      "(text = \"x\", text = \"y\")",
      ")",
      "( int32=1 , int8=2 )",
      "(int32 = +1)",
      "(int32 = (1))",
      "(uint16 = 65535)",
      "(uint16 = 65536)",
      "(float32 = -0)",
      "(float32 = -0.0)",
      "(int8 = -128)",
      "(int8 = 128)",
      "()",
      "(int32 = 1,)",
      "( )",
      "((int32 = 1))",
      "(1, 2)",
      "(int32 = 1 int8 = 2)",
      "(nope = 1)",
      "(int32 = 1) trailing",
      "(int32 = 1)(int32 = 2)",
      "(int32 = \"1\")",
      "(text = a)",
      "(text = void)",
      "(color = \"red\")",
      "(data = 0x\"\")",
      "(text = \"\")",
      "(uint32 = 4294967295)",
      "(uint32 = 0xFFFFFFFF)",
      "(int64 = -0x8000000000000000)",
      "(int16 = -0)",
      "(float64 = -0x10)",
      "(float32 = 0.1)",
      "(float32 = 16777217)",
      "(bool = tru)",
      "(void = null)",
      "(int32 = 00)",
      "(int32 = 08)",
      "(int32 = 0x)",
      "(int32 = 1_000)",
      "(float64 = 1.5.5)",
      "(int32 = --1)",
      ],
      Shape: [
      "(circle = 1, square = (side = 2))",
      "(square = (side = 2), circle = 1)",
      "(label = \"a\", nothing = void)",
      "(square = ())",
      "(square = (side = 2, rounded = true), position = (x = 1))",
      "(position = (x = 1, y = 2), position = (x = 3))",
      "(points = [(x = 1), (y = 2)])",
      "(points = [])",
      "(points = [(), ()])",
      "(tag = (words = []))",
      "(tag = (words = [\"a\"]), tag = (words = [\"b\", \"c\"]))",
      "(name = \"x\", name = \"y\")",
      "(circle = -0)",
      "(circle = 1e308)",
      "(circle = 1e309)",
      "(nothing = ())",
      "(label = \"\\0\")",
      "(label = \"a\\0b\")",
      "(label = \"\\x\")",
      "(label = \"\\xg0\")",
      "(label = \"\\400\")",
      "(label = \"\\u00e9\")",
      "(label = \"\u00e9\")",
      ],
      Lists: [
      "(voids = [void, void])",
      "(voids = [(), ()])",
      "(bools = [true, false,])",
      "(bools = [])",
      "(int8s = [-128, 127])",
      "(int8s = [128])",
      "(uint64s = [18446744073709551615, 0x10])",
      "(float32s = [1.5, -inf, nan, 1e39])",
      "(texts = [\"a\", \"\", \"\\n\"])",
      "(datas = [0x\"00ff\", \"ab\", 0x\"11\"])",
      "(colors = [red, ultraViolet])",
      "(colors = [red, 1])",
      "(structs = [(int32 = 1), (text = \"x\"), ()])",
      "(int32Lists = [[1, 2], [], [3]])",
      "(textLists = [[\"a\"], []])",
      "(structLists = [[(int8 = 1)], []])",
      "(boolListLists = [[[true, false], []], []])",
      "(shapes = [(circle = 1), (square = (side = 2)), (label = \"x\")])",
      "(shapes = [(circle = 1, label = \"x\")])",
      "(int32s = [1, 2] , int32s = [3])",
      "(int32s = 5)",
      "(int32s = [[1]])",
      "(texts = [1])",
      "(structs = [1])",
      "(int32Lists = [[1, 2], 3])",
      "(int32s = [1 2])",
      "(int32s = [,])",
      "(int32s = [1,,2])",
      ],
      Defaults: [
      "(bool = false, int8 = 0, text = \"\", struct = (), int32List = [], textList = [])",
      "(float32 = 1.5, float64 = -2.5e10, nan = nan, negInf = -inf)",
      "(nan = 0, negInf = inf)",
      "(data = 0x\"deadbeef\")",
      "(emptyText = \"x\")",
      "()",
      ],
    };
    for (const [type, texts] of Object.entries(inputs)) {
      for (const input of texts) {
        const theirs = runCapnp(['encode', CODECS, type], input);
        const ours = await runCli(['encode', CODECS, type], input);
        if (theirs.status !== 0) {
          expect(ours.status, `${type} ${input}: capnp fails (${theirs.stderr.split('\n').find((l) => l.includes('description')) ?? ''})`).toBe(1);
          continue;
        }
        expect(ours.stderr, `${type} ${input}`).toBe('');
        expect(streamHex(ours.stdout), `${type} ${input}`).toBe(streamHex(theirs.stdout));
      }
    }
  });

  it('reads hand-made JSON for every compat/json.capnp annotation as capnp does, or fails where it fails', async () => {
    for (const input of [
      "{\"plain-name\": \"x\"}",
      "{\"plainName\": \"x\"}",
      "{\"a\": 1, \"bee\": \"b\", \"d_c\": true}",
      "{\"flat\": {\"a\": 1}}",
      "{\"p.x\": 3, \"p.y\": \"y\"}",
      "{\"kind-tag\": \"circle\", \"radius\": 2}",
      "{\"kind-tag\": \"rectangle\", \"width\": 2, \"height\": 3}",
      "{\"kind-tag\": \"rect\", \"width\": 2}",
      "{\"kind-tag\": \"triangle\"}",
      "{\"radius\": 2}",
      "{\"width\": 1, \"radius\": 2}",
      "{\"vt\": \"number\", \"vv\": 5}",
      "{\"vt\": \"text-word\", \"vv\": \"w\"}",
      "{\"vt\": \"none\", \"vv\": null}",
      "{\"vt\": \"none\"}",
      "{\"vv\": 5}",
      "{\"vt\": \"number\"}",
      "{\"b64\": \"AQID\"}",
      "{\"b64\": \"AQI\"}",
      "{\"b64\": \"AQ==\"}",
      "{\"b64\": \"AQ\"}",
      "{\"b64\": \"A Q I D\"}",
      "{\"b64\": [1, 2]}",
      "{\"hexed\": \"0a0B\"}",
      "{\"hexed\": \"\"}",
      "{\"moods\": [\"happy\", \"very-grumpy\", \"zzz\"]}",
      "{\"moods\": [\"grumpy\"]}",
      "{\"moods\": [0, 2]}",
      "{\"mood\": \"zzz\"}",
      "{\"mood\": 7}",
      "{\"raw\": {\"a\": [1, \"x\", null, true, {\"b\": -1.5e3}]}}",
      "{\"raw\": 12345678901234567890}",
      "{\"raws\": [1, \"a\", [], {}]}",
      "{\"wrapped\": {\"type\": \"plain\", \"plain\": 5}}",
      "{\"wrapped\": {\"type\": \"inner\", \"value\": \"v\", \"count\": 2}}",
      "{\"wrapped\": {\"type\": \"void\"}}",
      "{\"wrapped\": {\"plain\": 5}}",
      "{\"wrapped\": {\"type\": \"inner\"}}",
      "{\"big\": \"18446744073709551615\", \"small\": \"-9223372036854775808\"}",
      "{\"big\": 1e3}",
      "{\"ratio\": 0.1}",
      "{\"ratio\": \"0.1\"}",
      "{\"bytes\": [0, 255]}",
      "{\"bytes\": \"AAE=\"}",
      "{\"plain-name\": \"x\", \"plain-name\": \"y\"}",
    ]) {
      const theirs = runCapnp(['convert', 'json:binary', JSON_SCHEMA, 'Annotated'], input);
      const ours = await runCli(['convert', 'json:binary', JSON_SCHEMA, 'Annotated'], input);
      if (theirs.status !== 0) {
        expect(ours.status, `${input}: capnp fails`).toBe(1);
        continue;
      }
      expect(ours.stderr, input).toBe('');
      expect(streamHex(ours.stdout), input).toBe(streamHex(theirs.stdout));
    }
  });

  it('reads numbers given as JSON strings as capnp does (C\'s strtoll, strtoull and strtod)', async () => {
    const inputs = [
      ['int32', '5'], ['int32', ' 5'], ['int32', '\t5'], ['int32', '5 '], ['int32', '+5'], ['int32', '- 5'], ['int32', '010'],
      ['int32', '0x10'], ['int32', '0X10'], ['int32', '-0x10'], ['int32', '+0x10'], ['int32', ' 0x10'], ['int32', '0x'], ['int32', '1e2'],
      ['int32', ''], ['int8', '-0x80'], ['int8', '0x80'], ['uint8', '-1'], ['uint32', '-0'], ['uint64', '0xffffffffffffffff'],
      ['uint64', ' -1'], ['int64', '-9223372036854775809'],
      ['float64', '1.5'], ['float64', ' 1.5'], ['float64', '1.5 '], ['float64', '.5'], ['float64', '5.'], ['float64', '1e'], ['float64', '0x10'],
      ['float64', '0x1.8p1'], ['float64', '-0X.8P+2'], ['float64', '0b11'], ['float64', '0o7'], ['float64', 'INF'], ['float64', '-infinity'],
      ['float64', 'infinit'], ['float64', 'nan(123)'], ['float64', '1_0'],
    ];
    for (const [field, number] of inputs) {
      const json = `{"${field}": ${JSON.stringify(number)}}`;
      const ours = await runCli(['convert', '--short', 'json:text', CODECS, 'Scalars'], json);
      const theirs = runCapnp(['convert', '--short', 'json:text', CODECS, 'Scalars'], json);
      if (theirs.status === 0) {
        expect(ours.stderr, json).toBe('');
        expect(text(ours.stdout), json).toBe(text(theirs.stdout));
      } else {
        expectOneLine(ours, 1, /expected (an integer|a number)|out of range/);
      }
    }
  });

  it('reads a schema with errors outside the type or constant it names, as capnp does', async () => {
    // decode, encode, convert and eval compile what they are asked for (with what it uses), as
    // the reference does: errors in the rest of the file go unreported, and so do those in
    // annotations unless the command reads them (JSON conversions).
    const dir = mkdtempSync(join(tmpdir(), 'capstan-cli-partial-'));
    try {
      const file = join(dir, 'partial.capnp');
      writeFileSync(file, [
        '@0xd1b2c3d4e5f60721;',
        'using Json = import "/capnp/compat/json.capnp";',
        'annotation broken(field) :Int32;',
        'struct Good { a @0 :Int32; inner @1 :Inner; color @2 :Color; b @3 :Text $Json.name("bee"); }',
        'struct Inner { x @0 :UInt8 $broken("not a number"); }',
        'enum Color { red @0; blue @1; }',
        'struct Bad { b @0 :Int32 = "not a number"; }',
        'const good :Good = (a = 5, inner = (x = 2), color = blue, b = "b");',
        'const bad :Int32 = "not a number";',
        'struct UsesBad { bad @0 :Bad; }',
        '',
      ].join('\n'));
      const message = encode(file, 'Good', '(a = 3, inner = (x = 4), color = blue, b = "b")');
      for (const args of [['decode', '--short'], ['convert', 'binary:text']]) {
        const ours = await runCli([...args, file, 'Good'], message);
        expect(ours.stderr, args.join(' ')).toBe('');
        expect(text(ours.stdout), args.join(' ')).toBe(text(capnp([...args, file, 'Good'], message)));
      }
      const encoded = await runCli(['encode', file, 'Good'], '(a = 3, inner = (x = 4), color = blue, b = "b")');
      expect(encoded.stderr).toBe('');
      expect(canonicalHex(encoded.stdout)).toBe(canonicalHex(message));
      for (const flags of [[], ['-ojson']]) {
        const ours = await runCli(['eval', ...flags, file, 'good']);
        expect(ours.stderr, flags.join(' ')).toBe('');
        expect(text(ours.stdout), flags.join(' ')).toBe(text(capnp(['eval', ...flags, file, 'good'])));
      }
      // JSON reads annotations, so they are compiled and their errors reported (capnp prints
      // the message, then the error, and fails); eval leaves them out even for -ojson (so does
      // capnp: "b", not "bee", above).
      expectOneLine(await runCli(['convert', 'binary:json', file, 'Good'], message), 1, /partial\.capnp:5:36-50: error: Type mismatch; expected Int32/);
      expect(runCapnp(['convert', 'binary:json', file, 'Good'], message).stderr).toContain('5:36-50: error: Type mismatch; expected Int32');
      // What the named declaration uses is compiled, and its errors reported (capnp fails too).
      expectOneLine(await runCli(['eval', file, 'bad']), 1, /partial\.capnp:9:20-34: error: Type mismatch; expected Int32/);
      expect(runCapnp(['eval', file, 'bad']).status).not.toBe(0);
      expectOneLine(await runCli(['decode', file, 'UsesBad'], message), 1, /partial\.capnp:7:28-42: error: Type mismatch; expected Int32/);
      expect(runCapnp(['decode', file, 'UsesBad'], message).stderr).toContain('7:28-42: error: Type mismatch; expected Int32');
      // Compiling the file compiles everything: the errors are reported.
      expect((await runCli(['compile', '-o-', file])).status).not.toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails with one line and a non-zero status on bad input', async () => {
    expectOneLine(await runCli(['decode', '/nonexistent/x.capnp', 'Shape']), 1, /x\.capnp/);
    expectOneLine(await runCli(['decode', CODECS, 'Nope'], new Uint8Array(8)), 1, /'Nope' is not defined/);
    expectOneLine(await runCli(['decode', CODECS, 'Color'], new Uint8Array(8)), 1, /'Color' is not a struct type/);
    expectOneLine(await runCli(['decode', CODECS, 'Shape'], new Uint8Array([1, 2, 3])), 1, /message 1 of the input/);
    expectOneLine(await runCli(['encode', CODECS, 'Shape'], '(name = "ok")\n(nope = 1)'), 1, /message 2 of the input: text input line 1, column 2: struct Shape has no field named 'nope'/);
    expectOneLine(await runCli(['convert', 'json:binary', CODECS, 'Shape'], '{"name": 5}'), 1, /message 1 of the input: name: expected a string, found the number 5/);
    expectOneLine(await runCli(['convert', 'json:binary', CODECS, 'Shape'], '{"name": "x"'), 1, /JSON input line 1, column 13/);
    expectOneLine(await runCli(['eval', CODECS, 'constShape.nope']), 1, /'constShape' has no member 'nope'/);
    expectOneLine(await runCli(['eval', CODECS, 'constShapes[5]']), 1, /out of bounds/);
    expectOneLine(await runCli(['eval', CODECS, 'Shape']), 1, /'Shape' cannot be evaluated/);
    // A number whose exponent has no digits, which capnp refuses too.
    expectOneLine(await runCli(['encode', CODECS, 'Scalars'], '(float64 = 1e)'), 1, /column 12: malformed number '1e': its exponent has no digits/);
    expect(runCapnp(['encode', CODECS, 'Scalars'], '(float64 = 1e)').stderr).toContain('String does not contain valid floating number');
    expectOneLine(await runCli(['convert', 'json:binary', CODECS, 'Scalars'], '{"float64": 1e+}'), 1, /column 13: malformed number '1e\+': its exponent has no digits/);
    expect(runCapnp(['convert', 'json:binary', CODECS, 'Scalars'], '{"float64": 1e+}').stderr).toContain('String does not contain valid floating number');
    // A union member that is not the one set (capnp eval dies on it: "not currently initialized").
    for (const name of ['Shape.label', 'Shape.square.side', 'constShape.nothing']) {
      expectOneLine(await runCli(['eval', CODECS, name]), 1, new RegExp(`'${name.split('.')[1]}' is not set: its union holds '(circle)'`));
      expect(runCapnp(['eval', CODECS, name]).stderr).toContain('not currently initialized');
    }
    expect(text((await runCli(['eval', CODECS, 'constShape.circle'])).stdout)).toBe(text(capnp(['eval', CODECS, 'constShape.circle'])));
    expectOneLine(await runCli(['eval', '-ojson', CODECS, 'constUInt32']), 1, /not a struct/);
    expectOneLine(await runCli(['convert', 'binary:yaml', CODECS, 'Shape']), 2, /unknown output format 'yaml'/);
    expectOneLine(await runCli(['convert', 'binary:text']), 2, /missing <schema-file> <type>/);
    expectOneLine(await runCli(['decode', CODECS]), 2, /missing <type>/);
    expectOneLine(await runCli(['encode', '--bogus', CODECS, 'Shape']), 2, /bogus/);
    expectOneLine(await runCli(['eval', '-oxml', CODECS, 'constShape']), 2, /unknown format 'xml'/);
  });
});

describeReference('capstan commands agree with the reference compiler loading their schemas (CAPSTAN_COMPILER=capnp)', () => {
  it('print, parse, convert and evaluate as with the reference compiler', async () => {
    const bytes = encode(CODECS, 'Lists', CASES[12]!.text);
    const runs = async () => [
      await runCli(['decode', CODECS, 'Lists'], bytes),
      await runCli(['convert', '--short', 'binary:json', CODECS, 'Lists'], bytes),
      await runCli(['encode', CODECS, 'Lists'], CASES[12]!.text),
      await runCli(['eval', CODECS, 'constShapes']),
      await runCli(['convert', 'json:binary', JSON_SCHEMA, 'Annotated'], '{"mood": "zzz", "p.x": 3}'),
    ];
    const capstan = await runs();
    const previous = process.env.CAPSTAN_COMPILER;
    process.env.CAPSTAN_COMPILER = 'capnp';
    try {
      const reference = await runs();
      capstan.forEach((result, i) => {
        expect(result.stderr).toBe('');
        expect(Buffer.from(result.stdout).equals(Buffer.from(reference[i]!.stdout)), `run ${i}`).toBe(true);
      });
    } finally {
      if (previous === undefined) delete process.env.CAPSTAN_COMPILER;
      else process.env.CAPSTAN_COMPILER = previous;
    }
    expectOneLine(await runCli(['decode', '/nonexistent/x.capnp', 'Shape']), 1, /x\.capnp/);
  });
});

it('lists the schema commands in the help', async () => {
  const help = await runCli(['--help']);
  for (const name of ['convert', 'decode', 'encode', 'eval', 'infer']) expect(text(help.stdout)).toContain(`    ${name}`);
  const convertHelp = await runCli(['convert', '--help']);
  expect(text(convertHelp.stdout)).toContain('text         the schema language');
});
