/**
 * The mapping of `capstan openapi import`, rule by rule, on small specs: each result compiles,
 * and JSON written the spec's way reads into the imported type and writes back the same
 * (capstan/json), which is what the mapping is chosen for.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSchema, readRoot } from '../../src/dynamic/index.js';
import { fromJson, toJson } from '../../src/json/index.js';
import { importOpenApi } from '../../src/openapi/index.js';
import { compileText } from './support.js';

type Json = Record<string, unknown>;

function openapi(schemas: Json, paths: Json = {}): Json {
  return { openapi: '3.1.0', info: { title: 'Shop', version: '2' }, paths, components: { schemas } };
}

async function imported(document: Json): Promise<{ capnp: string; roundTrip: (type: string, json: Json) => Json }> {
  const { capnp } = await importOpenApi(document);
  const loader = loadSchema(compileText(capnp));
  return {
    capnp,
    roundTrip: (type, json) => {
      const schema = loader.struct(type);
      return JSON.parse(toJson(readRoot(schema, fromJson(schema, JSON.stringify(json)).toBytes()))) as Json;
    },
  };
}

describe('openapi import', () => {
  it('maps objects, arrays, formats, enums and inline schemas', async () => {
    const { capnp, roundTrip } = await imported(openapi({
      Pet: {
        type: 'object',
        description: 'A pet for sale.',
        properties: {
          id: { type: 'integer', format: 'int64' },
          pet_name: { type: 'string' },
          born: { type: 'string', format: 'date-time' },
          photo: { type: 'string', format: 'byte' },
          weight: { type: 'number', format: 'float' },
          legs: { type: 'integer', format: 'uint8' },
          uid: { type: 'string', format: 'uuid' },
          status: { type: 'string', enum: ['for sale', 'sold', 'ON_HOLD'] },
          tags: { type: 'array', items: { type: 'object', properties: { label: { type: 'string' } } } },
          extra: { type: 'object', additionalProperties: { type: 'integer' } },
          anything: {},
          nickname: { type: ['string', 'null'] },
          parent: { $ref: '#/components/schemas/Pet' },
        },
      },
    }));
    expect(capnp).toContain('struct Pet @0x');
    expect(capnp).toMatch(/id @0 :Int64;\n\s+petName @1 :Text \$Json\.name\("pet_name"\);\n\s+born @2 :Text;\n\s+photo @3 :Data \$Json\.base64;\n\s+weight @4 :Float32;\n\s+legs @5 :UInt8;\n\s+uid @6 :Text;\n\s+status @7 :Pet\.Status;/);
    expect(capnp).toMatch(/tags @8 :List\(Pet\.Tag\);/);
    expect(capnp).toMatch(/extra @9 :List\(Pet\.ExtraEntry\);/);
    expect(capnp).toMatch(/anything @10 :Json\.Value;/);
    expect(capnp).toMatch(/nickname @11 :Text;/);
    expect(capnp).toMatch(/parent @12 :Pet;/);
    expect(capnp).toMatch(/enum Status @0x[0-9a-f]+ \{\n\s+forSale @0 \$Json\.name\("for sale"\);\n\s+sold @1;\n\s+onHold @2 \$Json\.name\("ON_HOLD"\);/);
    expect(capnp).toMatch(/struct ExtraEntry @0x[0-9a-f]+ \{[^}]*key @0 :Text;\n\s+value @1 :Int32;/);
    expect(capnp).toMatch(/struct Pet @0x[0-9a-f]+ \{\n\s+# A pet for sale\./);

    const json = {
      id: '12', pet_name: 'Rex', born: '2020-01-02T03:04:05Z', photo: 'AAEC', weight: 4.5, legs: 4, uid: 'x', status: 'for sale',
      tags: [{ label: 'good' }], extra: [{ key: 'a', value: 1 }], anything: { free: ['form'] }, nickname: 'R',
      parent: { id: '1', weight: 0, legs: 0, status: 'ON_HOLD' },
    };
    expect(roundTrip('Pet', json)).toEqual(json);
  });

  it('maps a discriminated oneOf to a flattened union that reads and writes the OpenAPI JSON', async () => {
    const { capnp, roundTrip } = await imported(openapi({
      Cat: { type: 'object', required: ['petType'], properties: { petType: { type: 'string' }, lives: { type: 'integer' } } },
      Dog: { type: 'object', required: ['petType'], properties: { petType: { type: 'string' }, barks: { type: 'boolean' } } },
      Pet: {
        oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }],
        discriminator: { propertyName: 'petType', mapping: { cat: '#/components/schemas/Cat', dog: '#/components/schemas/Dog' } },
      },
      Id: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
    }));
    expect(capnp).toMatch(/struct Pet @0x[0-9a-f]+ \$Json\.discriminator\(name = "petType"\) \{\n\s+union \{\n\s+cat @0 :Cat \$Json\.flatten\(\);\n\s+dog @1 :Dog \$Json\.flatten\(\);/);
    expect(capnp).not.toMatch(/struct Cat [^}]*petType/);
    expect(roundTrip('Pet', { petType: 'dog', barks: true })).toEqual({ petType: 'dog', barks: true });
    expect(roundTrip('Pet', { petType: 'cat', lives: 9 })).toEqual({ petType: 'cat', lives: 9 });
    // Without a discriminator the member's name is the key: {"string": "x"}.
    expect(capnp).toMatch(/struct Id @0x[0-9a-f]+ \{\n\s+union \{\n\s+string @0 :Text;\n\s+integer @1 :Int32;/);
    expect(roundTrip('Id', { integer: 5 })).toEqual({ integer: 5 });
  });

  it('maps operations to an interface with params and results structs', async () => {
    const { capnp } = await imported(openapi(
      { Pet: { type: 'object', properties: { name: { type: 'string' } } } },
      {
        '/pets/{petId}': {
          parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'integer', format: 'int64' } }],
          get: {
            operationId: 'showPetById', summary: 'Info for a pet',
            parameters: [{ name: 'X-Trace', in: 'header', schema: { type: 'string' } }],
            responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } } },
          },
          put: {
            requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } },
            responses: { 200: { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: { type: 'string' } } } } } },
          },
        },
      },
    ));
    expect(capnp).toMatch(/interface ShopApi @0x[0-9a-f]+ \{/);
    expect(capnp).toMatch(/showPetById @0 ShopApi\.ShowPetByIdParams -> Pet;\n\s+# GET \/pets\/\{petId\}\n\s+# Info for a pet/);
    expect(capnp).toMatch(/putPetsPetId @1 ShopApi\.PutPetsPetIdParams -> ShopApi\.PutPetsPetIdResults;/);
    expect(capnp).toMatch(/struct ShowPetByIdParams @0x[0-9a-f]+ \{\n\s+petId @0 :Int64;\n\s+xTrace @1 :Text \$Json\.name\("X-Trace"\);/);
    expect(capnp).toMatch(/struct PutPetsPetIdParams @0x[0-9a-f]+ \{\n\s+petId @0 :Int64;\n\s+body @1 :Pet;/);
    expect(capnp).toMatch(/struct PutPetsPetIdResults @0x[0-9a-f]+ \{\n\s+body @0 :List\(Text\);/);
  });

  it('derives the file id from the title, stably', async () => {
    const a = await importOpenApi(openapi({ A: { type: 'object', properties: { x: { type: 'string' } } } }));
    const b = await importOpenApi(openapi({ B: { type: 'object', properties: { y: { type: 'string' } } } }));
    expect(/^@0x[0-9a-f]{16};/m.exec(a.capnp)![0]).toBe(/^@0x[0-9a-f]{16};/m.exec(b.capnp)![0]);
    const c = await importOpenApi({ ...openapi({}), info: { title: 'Other', version: '1' } });
    expect(/^@0x[0-9a-f]{16};/m.exec(c.capnp)![0]).not.toBe(/^@0x[0-9a-f]{16};/m.exec(a.capnp)![0]);
  });

  it('imports a bare JSON Schema file (its $defs and itself)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'capstan-jsonschema-'));
    const file = join(dir, 'order.schema.json');
    writeFileSync(file, JSON.stringify({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      title: 'Order',
      type: 'object',
      properties: { lines: { type: 'array', items: { $ref: '#/$defs/Line' } }, next: { $ref: '#' } },
      $defs: { Line: { type: 'object', properties: { sku: { type: 'string' }, qty: { type: 'integer' } } } },
    }));
    const { capnp } = await importOpenApi(file);
    compileText(capnp);
    expect(capnp).toMatch(/struct Line @0x[0-9a-f]+ \{\n\s+sku @0 :Text;\n\s+qty @1 :Int32;/);
    expect(capnp).toMatch(/struct Order @0x[0-9a-f]+ \{\n\s+# Order\n\s+lines @0 :List\(Line\);\n\s+next @1 :Order;/);
  });

  it('reports an invalid spec as one CapnpError', async () => {
    await expect(importOpenApi({ openapi: '3.0.0', info: { title: 'x' }, paths: {} })).rejects.toMatchObject({
      name: 'CapnpError', code: 'INVALID_ARGUMENT', message: expect.stringMatching(/is not a valid OpenAPI document/),
    });
    await expect(importOpenApi('/no/such/spec.yaml')).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(/cannot read \/no\/such\/spec\.yaml/) });
  });
});
