/**
 * Real specs nobody here wrote (the examples of @readme/oas-examples: Swagger 2.0, OpenAPI
 * 3.0 and 3.1, petstores, polymorphism, circular schemas, webhooks...): each one imports,
 * compiles with Capstan's compiler and with the reference `capnp compile`, exports back to an
 * OpenAPI document the parser validates, and keeps every component schema's shape (shape.ts
 * says what the comparison allows for).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportOpenApi, importOpenApi, readSpec, validateSpec, type ImportResult } from '../../src/openapi/index.js';
import { typeName as typeNameOf } from '../../src/openapi/names.js';
import { isObject, type SchemaObject } from '../../src/openapi/spec-walk.js';
import { capnp, describeReference } from '../support/reference.js';
import { ShapeReader, compareShapes, discriminatedVariants } from './shape.js';
import { compileText, realSpecs } from './support.js';

const specs = realSpecs();
const imported = new Map<string, ImportResult>();

beforeAll(async () => {
  for (const spec of specs) imported.set(spec.name, await importOpenApi(spec.path));
});

it('finds the example specs', () => {
  expect(specs.length).toBeGreaterThanOrEqual(50);
  expect(specs.map((s) => s.name)).toEqual(expect.arrayContaining(['3.0/petstore.yaml', '3.1/petstore.yaml', '2.0/petstore.yaml', '3.0/polymorphism.yaml']));
});

describe('import and compile with Capstan', () => {
  for (const spec of specs) {
    it(spec.name, () => {
      const result = imported.get(spec.name)!;
      const request = compileText(result.capnp);
      expect(request.nodes!.length).toBeGreaterThan(1);
    });
  }
});

describeReference('import and compile with capnp compile', () => {
  const dir = mkdtempSync(join(tmpdir(), 'capstan-openapi-'));
  for (const spec of specs) {
    it(spec.name, () => {
      const file = join(dir, `${spec.name.replace(/[/.]/g, '-')}.capnp`);
      writeFileSync(file, imported.get(spec.name)!.capnp);
      // Throws with capnp's stderr when it refuses the file.
      expect(capnp(['compile', '-o-', file]).length).toBeGreaterThan(0);
    });
  }
});

describe('export back to a valid OpenAPI 3.1 document that keeps the shapes', () => {
  for (const spec of specs) {
    it(spec.name, async () => {
      const request = compileText(imported.get(spec.name)!.capnp);
      const exported = exportOpenApi(request, { title: spec.name });
      await validateSpec(exported);
      const original = (await readSpec(spec.path)).document;
      const before = new ShapeReader(original, 'original');
      const after = new ShapeReader(exported, 'export');
      const variants = discriminatedVariants(original);
      const components = isObject(original.components) && isObject(original.components.schemas) ? original.components.schemas : (original.definitions as SchemaObject | undefined) ?? {};
      const exportedSchemas = (exported.components as { schemas: Record<string, unknown> }).schemas;
      const differences: string[] = [];
      let compared = 0;
      for (const name of Object.keys(components)) {
        if (!before.isNamed(name)) continue; // aliases of strings, arrays... are inlined where used
        const capnpName = [...imported.get(spec.name)!.capnp.matchAll(/^(?:struct|enum) (\w+) @/gm)].map((m) => m[1]).find((n) => n === typeNameOf(name));
        expect(capnpName, `${name} has a top-level type`).toBeDefined();
        differences.push(...compareShapes(before, after, components[name], exportedSchemas[capnpName!], name, variants.get(name)));
        compared++;
      }
      expect(differences.join('\n')).toEqual('');
      comparedTotal += compared;
    });
  }
});

let comparedTotal = 0;

it('compares many component schemas, and the comparison notices a change', async () => {
  expect(comparedTotal).toBeGreaterThan(150);
  const spec = specs.find((s) => s.name === '3.0/petstore.yaml')!;
  const original = (await readSpec(spec.path)).document;
  const exported = exportOpenApi(compileText(imported.get(spec.name)!.capnp));
  const pet = (exported.components as { schemas: Record<string, SchemaObject> }).schemas.Pet!;
  const props = pet.properties as Record<string, unknown>;
  const before = new ShapeReader(original, 'original');
  const petOriginal = (original.components as { schemas: Record<string, unknown> }).schemas.Pet;
  expect(compareShapes(before, new ShapeReader(exported, 'export'), petOriginal, pet, 'Pet')).toEqual([]);
  delete props.name;
  props.tags = { type: 'array', items: { type: 'string' } };
  expect(compareShapes(before, new ShapeReader(exported, 'export'), petOriginal, pet, 'Pet')).toEqual([
    'Pet: export lacks name',
    'Pet.tags[]: ref became string',
  ]);
});

