#!/usr/bin/env node
// Writes the seed corpora of the fuzz targets, fuzz/corpus/<target>/, from the project's
// fixtures (test/fixtures/**): messages of codecs.capnp given as text literals below, encoded
// by Capstan and written in each target's input form; the fixture schemas for the compiler.
// Deterministic; run after changing a target's input form (npm run build first):
//   node fuzz/make-corpus.mjs
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as wire from '../dist/wire/index.js';
import { readRoot } from '../dist/dynamic/index.js';
import { encodeText, printStructText } from '../dist/text/index.js';
import { toJson } from '../dist/json/index.js';
import { seedMessages } from '../scripts/fuzz-core.mjs';
import { ANNOTATED_TYPES, CODEC_TYPES, ROOT, annotated, codecs, generatedCodecs } from './targets/support.mjs';
import { valueToBytes } from './targets/values.mjs';
import { seedInputs } from './targets/wire-ops.mjs';

const generated = await import(generatedCodecs());
const CORPUS = join(ROOT, 'fuzz/corpus');

// Messages of test/fixtures/codecs/codecs.capnp, one per line of each type.
const MESSAGES = {
  Scalars: [
    '()',
    '(void = void, bool = true, int8 = -128, int16 = 32767, int32 = -2147483648, int64 = 9223372036854775807, uint8 = 255, uint16 = 65535, uint32 = 4294967295, uint64 = 18446744073709551615, float32 = 1.5, float64 = -2.25e300, text = "hello\\n\\"world\\"", data = 0x"00 ff 10", color = ultraViolet)',
    '(float32 = nan, float64 = -inf, text = "", data = "")',
  ],
  Defaults: ['()', '(bool = false, int8 = 0, text = "x", struct = (int32 = 1), int32List = [], textList = ["c"], nan = 0, negInf = inf)'],
  Lists: [
    '(voids = [void, void], bools = [true, false, true], int8s = [-1, 2], int16s = [300], int32s = [1, -2, 3], int64s = [-9223372036854775808], uint8s = [0, 255], uint16s = [65535], uint32s = [7], uint64s = [18446744073709551615], float32s = [1.5, inf], float64s = [nan, -0.0], texts = ["a", "bc"], datas = [0x"01", ""], colors = [red, blue])',
    '(structs = [(int32 = 1, text = "one"), (color = green)], int32Lists = [[1, 2], [], [3]], textLists = [["x"], ["y", "z"]], structLists = [[(bool = true)], []], boolListLists = [[[true, false]], [[]]])',
    '(shapes = [(name = "c", circle = 1.5), (name = "s", square = (side = 2, rounded = true)), (name = "n", nothing = void, tag = (words = ["w"])), (label = "l", tag = (nested = (a = -3, b = "bee")), child = (name = "kid", points = [(x = 1, y = 2)]))])',
  ],
  Shape: [
    '(name = "k", circle = 2.5, position = (x = 1, y = -1), tag = (words = ["p", "q"]))',
    '(name = "deep", child = (child = (child = (name = "leaf", square = (side = 1)))), tag = (number = 4000000000))',
    '(points = [(x = 0.5, y = -0.5), (x = inf, y = nan)], position = (x = -2147483648))',
  ],
  Generics: [
    '(textScalars = (first = "a", second = (int32 = 5), inner = (value = "v", other = (bool = true)), firstList = [(first = "f", second = "s")]))',
    '(listData = (first = [1, 2, 3], second = 0x"beef"), nested = (first = (first = "x", second = "y"), second = (x = 1, y = 2)), innerDirect = (value = "i", other = (x = 3, y = 4)))',
  ],
  Holder: ['(name = "holder")'],
  Empty: ['()'],
};

// JSON documents of test/fixtures/codecs/json.capnp (compat/json.capnp annotations).
const ANNOTATED_JSON = {
  Annotated: [
    '{"plain-name":"p","a":1,"bee":"b","d_c":true,"p.x":-2,"p.y":"why","kind-tag":"circle","radius":1.5,"vt":"text-word","vv":"w","b64":"AQID","hexed":"0a0b","moods":["happy","very-grumpy","zzz"],"mood":"zzz","raw":{"k":[1,"two",null,true,{"n":-0.5}]},"raws":[1,"x"],"wrapped":{"type":"inner","value":"v","count":3},"big":"18446744073709551615","small":"-9223372036854775808","ratio":0.25,"bytes":[1,2,255]}',
    '{"kind-tag":"rectangle","width":2,"height":3,"vt":"number","vv":42,"wrapped":{"type":"plain","plain":7}}',
    '{"vt":"none","wrapped":{"type":"void","void":null},"raw":null,"raws":[]}',
  ],
  Wrapped: ['{"type":"plain","plain":1}', '{"type":"inner","value":"x","count":255}'],
  Inner: ['{"value":"text","count":9}'],
};

function write(target, name, bytes) {
  const dir = join(CORPUS, target);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, name), bytes);
}
const utf8 = (s) => new TextEncoder().encode(s);
const prefixed = (b, rest) => {
  const out = new Uint8Array(rest.length + 1);
  out[0] = b;
  out.set(rest, 1);
  return out;
};

rmSync(CORPUS, { recursive: true, force: true });
// The wire target: each message once per operation (wire-ops.mjs), in formats taken in turn.
const writeWire = (name, binary, formatIndex) => {
  for (const { name: variant, data } of seedInputs(wire, binary, formatIndex)) write('wire', `${name}-${variant}`, data);
};
seedMessages(wire).forEach((bytes, i) => writeWire(`fuzz-core-${i}`, bytes, i));
let wireMessages = 0;

const names = [];
for (const type of ['Scalars', 'Defaults', 'Lists', 'Shape', 'Point', 'Generics', 'Holder']) for (const f of codecs.struct(type).fields) names.push(f.name);
names.push('first', 'second', 'inner', 'value', 'other', 'firstList', 'side', 'rounded', 'a', 'b');
const sortedNames = [...new Set(names)].sort();

for (const [type, texts] of Object.entries(MESSAGES)) {
  const index = CODEC_TYPES.indexOf(type);
  const schema = codecs.struct(type);
  texts.forEach((text, i) => {
    const name = `${type}-${i}`;
    const bytes = encodeText(schema, text);
    const root = readRoot(schema, bytes);
    writeWire(name, bytes, wireMessages);
    writeWire(`${name}-segments`, encodeText(schema, text, { firstSegmentWords: 2, growth: 'fixed' }), ++wireMessages);
    write('generated', name, prefixed(index, bytes));
    write('generated', `${name}-packed`, prefixed(index | 0x10, encodeText(schema, text, { format: 'packed' })));
    // decode: the same form, the output taken in turn (short text, text, JSON, pretty JSON).
    write('decode', name, prefixed(index | ((i % 4) << 6), bytes));
    write('decode', `${name}-packed`, prefixed(index | 0x10 | (((i + 2) % 4) << 6), encodeText(schema, text, { format: 'packed' })));
    write('packed', name, encodeText(schema, text, { format: 'packed' }));
    write('text', name, prefixed(index, utf8(printStructText(root))));
    write('text', `${name}-short`, prefixed(index, utf8(text)));
    write('json', name, prefixed(index, utf8(toJson(root))));
    const decoded = generated[type].decode(bytes);
    write('encode', name, prefixed(index, valueToBytes(decoded, sortedNames)));
  });
}
for (const [type, docs] of Object.entries(ANNOTATED_JSON)) {
  const index = ANNOTATED_TYPES.indexOf(type);
  annotated.struct(type); // the type exists
  docs.forEach((doc, i) => write('json-annotated', `${type}-${i}`, prefixed(index, utf8(doc))));
}

// The compiler: fixture schemas, with what they import after NUL bytes (see compiler.fuzz.mjs).
const fixtures = join(ROOT, 'test/fixtures');
const schema = (path) => readFileSync(join(fixtures, path), 'utf8');
write('compiler', 'codecs', utf8(schema('codecs/codecs.capnp')));
write('compiler', 'json', utf8(schema('codecs/json.capnp')));
write('compiler', 'features-other', utf8(`${schema('codegen/features.capnp').replaceAll('"other.capnp"', '"b.capnp"')}\0${schema('codegen/other.capnp')}`));
for (const folder of ['compiler/parity', 'compiler/errors', 'evolution', 'rpc', 'wire']) {
  for (const file of readdirSync(join(fixtures, folder)).sort()) {
    const path = join(fixtures, folder, file);
    if (!file.endsWith('.capnp') || statSync(path).size > 6000) continue;
    write('compiler', `${folder.replace('/', '-')}-${file.slice(0, -'.capnp'.length)}`, utf8(readFileSync(path, 'utf8')));
  }
}
for (const target of readdirSync(CORPUS)) console.log(`${target}: ${readdirSync(join(CORPUS, target)).length} seeds`);
