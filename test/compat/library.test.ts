/**
 * The library's inputs and options: a `CodeGeneratorRequest` or a node list for each side,
 * `omitCompatible`, and a core that imports nothing from Node (it runs where the compiler runs).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareSchemas, RULES } from '../../src/compat/index.js';
import { ROOT } from '../support/cli.js';
import { compileText, schemaText } from './support.js';

const OLD = schemaText('struct Person { name @0 :Text; } struct Extra { x @0 :UInt8; }');
const NEW = schemaText('struct Person { fullName @0 :Text; age @1 :UInt8; } struct Extra { x @0 :Int8; }');

describe('capstan/compat inputs', () => {
  const old = compileText(OLD);
  const next = compileText(NEW);

  it('takes requests and node lists as well as versions', () => {
    const expected = compareSchemas(old, next).changes.map((c) => [c.rule, c.subject]);
    expect(expected).toEqual([['field-renamed', 'Person.name'], ['field-added', 'Person.age'], ['field-type-changed', 'Extra.x']]);
    expect(compareSchemas(old.request, next.request).changes.map((c) => [c.rule, c.subject])).toEqual(expected);
    expect(compareSchemas(old.request.nodes!, next.request.nodes!).changes.map((c) => [c.rule, c.subject])).toEqual(expected);
  });

  it('counts by severity and can leave compatible changes out', () => {
    const report = compareSchemas(old, next, { omitCompatible: true });
    expect(report.changes.map((c) => c.rule)).toEqual([RULES.fieldRenamed.id, RULES.fieldTypeChanged.id]);
    expect(report.counts).toEqual({ 'wire-breaking': 1, 'source-breaking': 1, compatible: 0 });
    expect(report.wireCompatible).toBe(false);
    expect(report.sourceCompatible).toBe(false);
  });

  it('keeps Node out of everything but node.ts', () => {
    const dir = join(ROOT, 'src/compat');
    const offenders = readdirSync(dir).filter((f) => f !== 'node.ts' && /from 'node:|compiler\/node-loader/.test(readFileSync(join(dir, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
