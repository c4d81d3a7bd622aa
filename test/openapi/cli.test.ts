/**
 * `capstan openapi import|export|jsonschema` in-process: files written, the lock picked up on
 * the next import, YAML output that the parser reads back, and one-line errors.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSpec } from '../../src/openapi/index.js';
import { runCli } from '../support/cli.js';
import { OAS_EXAMPLES, compileText } from './support.js';

const dir = mkdtempSync(join(tmpdir(), 'capstan-openapi-cli-'));
const petstore = join(OAS_EXAMPLES, '3.0/yaml/petstore.yaml');

describe('capstan openapi', () => {
  it('import writes the .capnp and its lock, and reuses the lock', async () => {
    const out = join(dir, 'petstore.capnp');
    const first = await runCli(['openapi', 'import', petstore, '-o', out]);
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(existsSync(`${out}.lock.json`)).toBe(true);
    compileText(readFileSync(out, 'utf8'));
    const lock = JSON.parse(readFileSync(`${out}.lock.json`, 'utf8')) as { types: Record<string, { members: Record<string, { ordinal: number }> }> };
    // Pretend an earlier import had numbered Pet's fields differently: the lock wins.
    lock.types.Pet!.members.name!.ordinal = 5;
    lock.types.Pet!.members.status!.ordinal = 2;
    writeFileSync(`${out}.lock.json`, JSON.stringify(lock));
    expect((await runCli(['openapi', 'import', petstore, '-o', out])).status).toBe(0);
    const text = readFileSync(out, 'utf8');
    expect(text).toMatch(/name @5 :Text;/);
    expect(text).toMatch(/status @2 :Pet\.Status;/);
  });

  it('import to standard output, with --no-operations', async () => {
    const result = await runCli(['openapi', 'import', petstore, '--no-operations']);
    expect(result.status).toBe(0);
    const text = new TextDecoder().decode(result.stdout);
    expect(text).toContain('struct Pet @0x');
    expect(text).not.toContain('interface ');
  });

  it('export writes JSON or YAML that the parser reads back the same', async () => {
    const capnp = join(dir, 'petstore.capnp');
    expect((await runCli(['openapi', 'import', petstore, '-o', capnp])).status).toBe(0);
    const json = join(dir, 'out.json');
    const yaml = join(dir, 'out.yaml');
    expect((await runCli(['openapi', 'export', capnp, '-o', json, '--title', 'Petstore'])).status).toBe(0);
    expect((await runCli(['openapi', 'export', capnp, '-o', yaml, '--title', 'Petstore'])).status).toBe(0);
    const fromJson = await readSpec(json);
    const fromYaml = await readSpec(yaml);
    expect(fromYaml.document).toEqual(fromJson.document);
    expect(fromJson.title).toBe('Petstore');
    expect(Object.keys((fromJson.document.paths as object))).toContain('/SwaggerPetstoreApi/getPetById');
  });

  it('jsonschema writes one type', async () => {
    const capnp = join(dir, 'petstore.capnp');
    await runCli(['openapi', 'import', petstore, '-o', capnp]);
    const result = await runCli(['openapi', 'jsonschema', capnp, 'Pet']);
    expect(result.status).toBe(0);
    const schema = JSON.parse(new TextDecoder().decode(result.stdout)) as Record<string, unknown>;
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.$ref).toBe('#/$defs/Pet');
    expect(Object.keys(schema.$defs as object)).toEqual(expect.arrayContaining(['Pet', 'Category', 'Tag', 'Pet.Status']));
  });

  it('reports bad input on one line', async () => {
    const bad = join(dir, 'bad.yaml');
    writeFileSync(bad, 'openapi: 3.0.0\ninfo: {title: x}\npaths: {}\n');
    const result = await runCli(['openapi', 'import', bad]);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^capstan: .*bad\.yaml is not a valid OpenAPI document: .*\n$/);
    expect(result.stderr.split('\n').length).toBe(2);
    const usage = await runCli(['openapi', 'frobnicate']);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toMatch(/unknown action 'frobnicate'/);
    const type = await runCli(['openapi', 'jsonschema', join(dir, 'petstore.capnp'), 'SwaggerPetstoreApi']);
    expect(type.status).toBe(1);
    expect(type.stderr).toMatch(/is an interface: JSON Schema describes structs and enums/);
  });
});
