/**
 * Without the optional peer dependency, reading a spec fails with one line saying what to
 * install; exporting still works (it never loads the parser).
 */
import { expect, it, vi } from 'vitest';

it('says which package to install when the parser is missing', async () => {
  vi.resetModules();
  vi.doMock('@apidevtools/swagger-parser', () => {
    throw new Error("Cannot find package '@apidevtools/swagger-parser'");
  });
  const { importOpenApi, exportJsonSchema } = await import('../../src/openapi/index.js');
  await expect(importOpenApi({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {} })).rejects.toMatchObject({
    name: 'CapnpError',
    code: 'UNSUPPORTED',
    message: 'reading OpenAPI specs needs the `@apidevtools/swagger-parser` package: npm install @apidevtools/swagger-parser',
  });
  const { compileText } = await import('./support.js');
  const schema = exportJsonSchema(compileText('@0xd1e2f3a4b5c6d7e8;\nstruct A { x @0 :UInt16; }\n'), 'A');
  expect((schema.$defs as Record<string, unknown>).A).toEqual({
    type: 'object', properties: { x: { type: 'integer', minimum: 0, maximum: 65535, 'x-capnp-type': 'UInt16' } }, required: ['x'],
  });
  vi.doUnmock('@apidevtools/swagger-parser');
});
