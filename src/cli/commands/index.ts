/**
 * The CLI commands that work with schemas: `compile` and `id`, `convert` with text and JSON
 * (wrapping the schema-less convert), `decode`, `encode`, `eval`, and `infer`.
 *
 * Wiring (in run.ts): `export const COMMANDS = schemaCommands(convertCommand);`
 */
import type { Command } from '../io.js';
import { convertCommand } from './convert.js';
import { decodeCommand, encodeCommand } from './decode-encode.js';
import { evalCommand } from './eval.js';
import { inferCommand } from './infer.js';
import { openapiCommand } from './openapi.js';
import { compileCommand, idCommand } from './compile.js';
import { compatCommand } from './compat.js';

export { convertCommand as convertWithSchemas } from './convert.js';
export { decodeCommand, encodeCommand } from './decode-encode.js';
export { evalCommand, evaluate } from './eval.js';
export { inferCommand } from './infer.js';
export { openapiCommand } from './openapi.js';
export { compileSchemaFile, loadSchemaFile, rootType, type ImportOptions, type SchemaFile } from './schema-file.js';

/** Every command, given the schema-less convert command this one extends. */
export function schemaCommands(schemalessConvert: Command): Command[] {
  return [compatCommand, compileCommand, convertCommand(schemalessConvert), decodeCommand, encodeCommand, evalCommand, idCommand, inferCommand, openapiCommand];
}
