/**
 * The exported JSON Schema describes what capstan/json writes: JSON produced by `toJson` for
 * sample values of a schema using every type and every compat/json.capnp annotation
 * validates with Ajv (2020-12), and JSON the codec would never write does not.
 */
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { DynamicStructBuilder, initRoot, loadSchema, readRoot } from '../../src/dynamic/index.js';
import { fromJson, toJson } from '../../src/json/index.js';
import { exportJsonSchema, exportOpenApi, validateSpec } from '../../src/openapi/index.js';
import { MessageBuilder } from '../../src/wire/index.js';
import { compileText } from './support.js';

const SCHEMA = `@0xc4b1a2f3e5d6a7b8;
using Json = import "/capnp/compat/json.capnp";

enum Colour { red @0; darkGreen @1 $Json.name("dark-green"); }

struct Point { x @0 :Float32; y @1 :Float32; }
struct Circle { radius @0 :Float64; }
struct Square { side @0 :UInt16; }

struct Everything {
  # A shape with everything the JSON mapping knows.
  flag @0 :Bool;
  small @1 :Int8;
  count @2 :UInt32;
  big @3 :Int64;
  huge @4 :UInt64;
  ratio @5 :Float64;
  label @6 :Text $Json.name("the-label");
  raw @7 :Data;
  b64 @8 :Data $Json.base64;
  hex @9 :Data $Json.hex;
  colour @10 :Colour;
  points @11 :List(Point);
  matrix @12 :List(List(Int32));
  any @13 :Json.Value;
  nothing @14 :Void;
  union {
    none @15 :Void;
    text @16 :Text;
    point @17 :Point;
  }
  extra :group $Json.flatten(prefix = "x_") {
    width @18 :UInt8;
    note @19 :Text;
  }
  nested :group {
    deep @20 :Int16;
  }
  shape @21 :Shape;
  tagged @22 :Tagged;
  self @23 :Everything;
}

struct Shape $Json.discriminator(name = "kind") {
  union {
    circle @0 :Circle $Json.flatten();
    square @1 :Square $Json.flatten();
  }
}

struct Tagged {
  kinded :union $Json.discriminator(name = "type", valueName = "value") {
    number @0 :Int32;
    word @1 :Text;
    empty @2 :Void;
  }
}
`;

const request = compileText(SCHEMA, '/everything.capnp');
const loader = loadSchema(request);
const Everything = loader.struct('Everything');

function validator(): (value: unknown) => boolean {
  const ajv = new Ajv2020.default({ strict: true, allErrors: true });
  addFormats.default(ajv);
  ajv.addKeyword('x-capnp-type');
  ajv.addKeyword('discriminator'); // OpenAPI's, an annotation for JSON Schema
  ajv.addFormat('uint64', /^[0-9]+$/);
  return ajv.compile(exportJsonSchema(request, 'Everything'));
}

const SAMPLES: string[] = [
  '{}',
  '{"flag": true, "small": -5, "count": 4000000000, "big": "-9223372036854775808", "huge": "18446744073709551615", "ratio": 2.5,'
    + ' "the-label": "hi", "raw": [0, 255], "b64": "AAEC", "hex": "00ff", "colour": "dark-green",'
    + ' "points": [{"x": 1.5, "y": -2}], "matrix": [[1, 2], []], "any": {"a": [1, null, "x"]}, "nothing": null, "text": "t",'
    + ' "x_width": 7, "x_note": "n", "nested": {"deep": -3}, "shape": {"kind": "square", "side": 4},'
    + ' "tagged": {"kinded": {"type": "word", "value": "w"}}, "self": {"point": {"x": 1, "y": 2}}}',
  '{"ratio": "NaN", "shape": {"kind": "circle", "radius": "Infinity"}, "tagged": {"kinded": {"type": "empty"}}, "none": null}',
];

describe('JSON written by capstan/json validates against the exported JSON Schema', () => {
  const validate = validator();
  SAMPLES.forEach((sample, i) => {
    it(`sample ${i + 1}`, () => {
      const json = toJson(readRoot(Everything, fromJson(Everything, sample).toBytes()));
      const value = JSON.parse(json) as unknown;
      expect(validate(value), `${json}\n${JSON.stringify((validate as unknown as { errors: unknown }).errors, null, 2)}`).toBe(true);
    });
  });

  it('every union member and enumerant, through the dynamic builder', () => {
    for (const member of ['none', 'text', 'point'] as const) {
      const message = new MessageBuilder();
      const root = initRoot(Everything, message);
      if (member === 'point') (root.init('point') as DynamicStructBuilder).set('x', 3);
      else root.set(member, member === 'text' ? 'x' : null);
      root.set('colour', member === 'text' ? 'darkGreen' : 'red');
      const value = JSON.parse(toJson(readRoot(Everything, message.toBytes()))) as unknown;
      expect(validate(value)).toBe(true);
    }
  });

  it('rejects JSON the codec never writes', () => {
    const good = JSON.parse(toJson(readRoot(Everything, fromJson(Everything, SAMPLES[1]!).toBytes()))) as Record<string, unknown>;
    const bad: Record<string, unknown>[] = [
      { ...good, big: 5 },                               // 64-bit integers are strings
      { ...good, colour: 'darkGreen' },                  // enumerants under their JSON names
      { ...good, b64: [1, 2] },                          // $Json.base64 Data is a string
      { ...good, raw: 'AAEC' },                          // plain Data is an array of bytes
      { ...good, small: 300 },                           // Int8 range
      { ...good, none: null },                           // two union members at once
      { ...good, shape: { kind: 'circle', side: 4, radius: 'x' } },
      { ...good, flag: undefined },                      // data fields are always written
    ];
    for (const value of bad) expect(validate(JSON.parse(JSON.stringify(value)))).toBe(false);
  });

  it('the OpenAPI export of the same file is valid and uses the same schemas', async () => {
    const document = exportOpenApi(request, { title: 'everything' });
    await validateSpec(document);
    const schemas = (document.components as { schemas: Record<string, unknown> }).schemas;
    expect(Object.keys(schemas)).toEqual(expect.arrayContaining(['Everything', 'Colour', 'Point', 'Shape', 'Tagged', 'Circle', 'Square']));
    expect(schemas.Colour).toEqual({ type: 'string', enum: ['red', 'dark-green'] });
    expect((schemas.Shape as { discriminator: unknown }).discriminator).toEqual({
      propertyName: 'kind', mapping: { circle: '#/components/schemas/Circle', square: '#/components/schemas/Square' },
    });
    expect((schemas.Everything as { description: string }).description).toBe('A shape with everything the JSON mapping knows.');
  });
});
