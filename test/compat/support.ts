/**
 * Helpers for the compat tests: compiling a corpus case's two versions in memory, writing them
 * to disk for the reference tool, and running its wire checks.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { compareSchemas, compileSchemaVersion, type CompatReport, type SchemaVersion } from '../../src/compat/index.js';
import { decode as dynamicDecode, encode as dynamicEncode, SchemaLoader } from '../../src/dynamic/index.js';
import { AnyPointerReader } from '../../src/wire/index.js';
import { decode, encode } from '../support/reference.js';
import { FILE_ID, type CallWireCheck, type CompatCase, type StructWireCheck } from './corpus/case.js';

export function schemaText(body: string, fileId = FILE_ID): string {
  return `${fileId};\n${body}\n`;
}

export function compileText(text: string, name = '/schema.capnp'): SchemaVersion {
  return compileSchemaVersion({ files: [name], sources: { [name]: text } });
}

export function compareCase(c: CompatCase): { report: CompatReport; old: SchemaVersion; new: SchemaVersion } {
  const old = compileText(schemaText(c.old, c.oldFileId));
  const next = compileText(schemaText(c.new, c.newFileId));
  return { report: compareSchemas(old, next), old, new: next };
}

/** The case's two schema files, written under `dir/<case name>/`. */
export function writeCase(dir: string, c: CompatCase): { old: string; new: string } {
  const caseDir = join(dir, c.name.replace(/\//g, '__'));
  mkdirSync(caseDir, { recursive: true });
  const files = { old: join(caseDir, 'old.capnp'), new: join(caseDir, 'new.capnp') };
  writeFileSync(files.old, schemaText(c.old, c.oldFileId));
  writeFileSync(files.new, schemaText(c.new, c.newFileId));
  return files;
}

const oneLine = (bytes: string): string => bytes.trim();

/** Decoded objects with AnyPointer values (generic parameters, unbound) read as Text, to compare. */
function pointersAsText(object: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(object).map(([k, v]) => [k, v instanceof AnyPointerReader ? v.getText() : v]));
}

export function runStructCheck(check: StructWireCheck, files: { old: string; new: string }): void {
  const newType = check.newType ?? check.type;
  if (check.forward !== undefined) {
    const bytes = encode(files.old, check.type, check.forward[0]);
    expect(oneLine(decode(files.new, newType, bytes)), `old ${check.type} ${check.forward[0]} read as new`).toBe(check.forward[1]);
  }
  if (check.backward !== undefined) {
    const bytes = encode(files.new, newType, check.backward[0]);
    expect(oneLine(decode(files.old, check.type, bytes)), `new ${newType} ${check.backward[0]} read as old`).toBe(check.backward[1]);
  }
}

export function runCallCheck(check: CallWireCheck, old: SchemaVersion, next: SchemaVersion): void {
  const [interfaceName, methodName] = check.method.split('.') as [string, string];
  const oldInterface = new SchemaLoader(old.request).interface(interfaceName);
  const newLoader = new SchemaLoader(next.request);
  const newInterface = newLoader.interface(oldInterface.id);
  // Calls name the interface by id and the method by ordinal.
  const oldMethod = oldInterface.method(methodName);
  const newMethod = newInterface.methods[oldMethod.ordinal];
  expect(newMethod?.name, `method @${oldMethod.ordinal} of the new interface`).toBe(check.newMethod ?? methodName);
  const part = (m: typeof oldMethod) => (check.results === true ? m.results : m.params);
  if (check.forward !== undefined) {
    const bytes = dynamicEncode(part(oldMethod), check.forward[0]);
    expect(pointersAsText(dynamicDecode(part(newMethod!), bytes))).toEqual(check.forward[1]);
  }
  if (check.backward !== undefined) {
    const bytes = dynamicEncode(part(newMethod!), check.backward[0]);
    expect(pointersAsText(dynamicDecode(part(oldMethod), bytes))).toEqual(check.backward[1]);
  }
}
