/**
 * The OpenAPI and JSON Schema bridge (`capstan/openapi`), both ways:
 *
 * - import: an OpenAPI document (2.0, 3.0, 3.1; JSON or YAML) or a JSON Schema to `.capnp`
 *   text, component schemas as types and operations as an interface, numbered through a lock
 *   file so that importing an edited spec never renumbers what exists;
 * - export: a compiled schema to OpenAPI 3.1 (or one type to JSON Schema 2020-12) describing
 *   exactly the JSON `capstan/json` writes.
 *
 * Reading specs needs the optional peer dependency `@apidevtools/swagger-parser` (see
 * parser.ts); exporting needs nothing. docs/openapi.md has the mapping and examples.
 *
 * ```ts
 * const { capnp, lock } = await importOpenApi('petstore.yaml', { lock: previousLock });
 * const document = exportOpenApi(compile({ files: ['/api.capnp'], sources }).request!);
 * ```
 */
export { importOpenApi, importSpec, type ImportOptions, type ImportResult } from './import.js';
export { readSpec, validateSpec, jsonSchemaAsOpenApi, type Spec, type ReadSpecOptions } from './read-spec.js';
export { exportOpenApi, exportJsonSchema, docComments, type ExportOptions } from './export.js';
export { JsonSchemaBuilder, type JsonSchema, type DocComments } from './json-mapping.js';
export { parseLock, formatLock, fileIdForTitle, LOCK_FORMAT, type LockFile, type LockType, type LockMember } from './lock.js';
export { toYaml } from './yaml.js';
export { loadParser, PARSER_PACKAGE, type OpenApiParser } from './parser.js';
