/**
 * The lock file: re-importing an edited spec keeps every existing ordinal and id. Fields are
 * added, removed, reordered and renamed (`x-capnp-renamed-from`), enum values and operations
 * come and go, a schema is renamed; each import compiles, and `capstan/compat` finds no wire
 * break between consecutive imports (while importing without the lock does break the wire).
 */
import { describe, expect, it } from 'vitest';
import { compareSchemas, compileSchemaVersion } from '../../src/compat/index.js';
import { formatLock, importOpenApi, parseLock, type LockFile } from '../../src/openapi/index.js';
import { compileText } from './support.js';

type Json = Record<string, unknown>;

function spec(pet: Json, extra: Json = {}, paths: Json = {}): Json {
  return {
    openapi: '3.0.3',
    info: { title: 'Lock test', version: '1' },
    paths,
    components: { schemas: { Pet: pet, ...extra } },
  };
}

const getPet = { get: { operationId: 'getPet', parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer', format: 'int64' } }], responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } } } } };
const listPets = { get: { operationId: 'listPets', responses: { 200: { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Pet' } } } } } } } };
const deletePet = { delete: { operationId: 'deletePet', parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }], responses: { 204: { description: 'gone' } } } };

const v1 = spec(
  {
    type: 'object',
    properties: {
      id: { type: 'integer', format: 'int64' },
      name: { type: 'string' },
      tag: { type: 'string' },
      status: { type: 'string', enum: ['available', 'pending', 'sold'] },
      owner: { $ref: '#/components/schemas/Owner' },
    },
  },
  { Owner: { type: 'object', properties: { name: { type: 'string' }, age: { type: 'integer' } } } },
  { '/pets/{id}': { ...getPet, ...deletePet }, '/pets': listPets },
);

// Reordered, `tag` removed, `nickname` added, `name` renamed to `title`, `sold` gone and
// `adopted` added, Owner renamed to Person, deletePet removed, createPet added.
const v2 = spec(
  {
    type: 'object',
    properties: {
      nickname: { type: 'string' },
      status: { type: 'string', enum: ['available', 'adopted', 'pending'] },
      title: { type: 'string', 'x-capnp-renamed-from': 'name' },
      owner: { $ref: '#/components/schemas/Person' },
      id: { type: 'integer', format: 'int64' },
    },
  },
  { Person: { 'x-capnp-renamed-from': 'Owner', type: 'object', properties: { age: { type: 'integer' }, name: { type: 'string' }, email: { type: 'string' } } } },
  {
    '/pets/{id}': getPet,
    '/pets': { ...listPets, post: { operationId: 'createPet', requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } }, responses: { 201: { description: 'made' } } } },
  },
);

function block(text: string, header: RegExp): string {
  const start = text.search(header);
  expect(start, `${header} in\n${text}`).toBeGreaterThanOrEqual(0);
  let depth = 0;
  for (let i = text.indexOf('{', start); i < text.length; i++) {
    if (text[i] === '{') depth++;
    if (text[i] === '}' && --depth === 0) return text.slice(start, i + 1);
  }
  return text.slice(start);
}

function wireBreaks(before: string, after: string): string[] {
  const old = compileSchemaVersion({ files: ['/api.capnp'], sources: { '/api.capnp': before } });
  const now = compileSchemaVersion({ files: ['/api.capnp'], sources: { '/api.capnp': after } });
  const report = compareSchemas(old, now);
  return report.changes.filter((c) => c.severity === 'wire-breaking').map((c) => `${c.rule}: ${c.message}`);
}

describe('re-import with the lock', () => {
  it('keeps ordinals and ids through adds, removals, reorders and renames', async () => {
    const first = await importOpenApi(v1);
    compileText(first.capnp);
    const second = await importOpenApi(v2, { lock: parseLock(formatLock(first.lock)) });
    compileText(second.capnp);

    const pet = block(second.capnp, /^struct Pet /m);
    expect(pet).toContain('nickname @5 :Text;');
    expect(pet).toContain('status @3 :Pet.Status;');
    expect(pet).toContain('title @1 :Text;');
    expect(pet).toContain('owner @4 :Person;');
    expect(pet).toContain('id @0 :Int64;');
    expect(pet).toMatch(/obsoleteTag @2 :Text;\n\s+# Removed from the spec \(was "tag"\)/);
    // Fields keep the spec's order (which is the JSON order); ordinals are the lock's.
    expect(pet.indexOf('nickname @5')).toBeLessThan(pet.indexOf('id @0'));

    const status = block(second.capnp, /enum Status /);
    expect(status).toMatch(/available @0;\s+adopted @3;\s+pending @1;\s+obsoleteSold @2;/);

    // The renamed schema keeps Owner's id and field ordinals.
    const ownerId = /struct Owner (@0x[0-9a-f]+)/.exec(first.capnp)![1];
    const person = block(second.capnp, /^struct Person /m);
    expect(person).toContain(`struct Person ${ownerId} {`);
    expect(person).toMatch(/age @1 :Int32;\s+name @0 :Text;\s+email @2 :Text;/);

    // Methods: getPet and listPets keep theirs, deletePet stays as obsolete, createPet is new.
    const api = block(second.capnp, /^interface LockTestApi /m);
    expect(api).toMatch(/getPet @0 /);
    expect(api).toMatch(/listPets @2 /);
    expect(api).toMatch(/obsoleteDeletePet @1 LockTestApi\.DeletePetParams -> LockTestApi\.DeletePetResults;/);
    expect(api).toMatch(/createPet @3 /);
    expect(/^@0x[0-9a-f]+;/m.exec(second.capnp)![0]).toBe(/^@0x[0-9a-f]+;/m.exec(first.capnp)![0]);

    // capstan/compat agrees: no wire break from one import to the next.
    expect(wireBreaks(first.capnp, second.capnp)).toEqual([]);

    // A third import of the same spec changes nothing.
    const third = await importOpenApi(v2, { lock: second.lock });
    expect(third.capnp).toBe(second.capnp);
    expect(third.lock).toEqual(second.lock);
  });

  it('an import without the lock renumbers, and compat reports the break', async () => {
    const first = await importOpenApi(v1);
    const fresh = await importOpenApi(v2);
    expect(wireBreaks(first.capnp, fresh.capnp).length).toBeGreaterThan(0);
  });

  it('a removed field keeps its type; when the spec drops that type too, compat reports it', async () => {
    const first = await importOpenApi(v1);
    const pet = (v1.components as { schemas: { Pet: { properties: Json } } }).schemas.Pet;
    const { owner: _owner, tag: _tag, ...kept } = pet.properties;
    const withoutFields = { ...v1, components: { schemas: { ...(v1.components as { schemas: Json }).schemas, Pet: { type: 'object', properties: kept } } } };
    const second = await importOpenApi(withoutFields, { lock: first.lock });
    compileText(second.capnp);
    expect(block(second.capnp, /^struct Pet /m)).toMatch(/obsoleteTag @2 :Text;[^]*obsoleteOwner @4 :Owner;/);
    expect(wireBreaks(first.capnp, second.capnp)).toEqual([]);

    // Owner gone from the spec as well: the obsolete field can only hold a pointer now, and
    // removing a type is a change of the spec that the lock cannot undo.
    const { Owner: _gone, ...schemas } = (withoutFields.components as { schemas: Json }).schemas;
    const third = await importOpenApi({ ...withoutFields, components: { schemas } }, { lock: second.lock });
    compileText(third.capnp);
    expect(block(third.capnp, /^struct Pet /m)).toContain('obsoleteOwner @4 :AnyPointer;');
    const breaks = wireBreaks(second.capnp, third.capnp);
    expect(breaks.some((b) => b.startsWith('type-removed:') && b.includes("'Owner'"))).toBe(true);
  });

  it('the lock is JSON with the file id, type ids and member ordinals', async () => {
    const { lock } = await importOpenApi(v1);
    const text = formatLock(lock);
    const parsed = parseLock(text) as LockFile;
    expect(parsed.format).toBe('capstan-openapi-lock/1');
    expect(parsed.types.Pet!.members.tag).toEqual({ ordinal: 2, name: 'tag', type: 'Text', storage: 'pointer' });
    expect(parsed.types['Pet.Status']!.kind).toBe('enum');
    expect(() => parseLock('{"format": "something else"}')).toThrow(/lock file: expected "format"/);
    expect(() => parseLock('not json')).toThrow(/lock file: not JSON/);
  });
});
