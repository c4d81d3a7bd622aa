/**
 * The schema compiler: `.capnp` text to a `CodeGeneratorRequest`, matching the reference
 * compiler node for node. Runs anywhere: files come through a `SourceLoader` (in memory, or
 * `createNodeLoader()` from `capstan/compiler/node-loader` in Node).
 */
export { compile, REFERENCE_CAPNP_VERSION, type CompileOptions, type CompileResult } from './compile.js';
export { DEFAULT_SCHEMA_LANGUAGE, type SchemaLanguage } from './language.js';
export { formatDiagnostic, type Diagnostic } from './diagnostics.js';
export { createMemoryLoader, layerLoaders, type SourceLoader } from './files/source-loader.js';
export { childId, groupId, methodParamsId, randomId, formatId } from './ids.js';
export { STANDARD_SCHEMAS } from '../generated/std-schema-files.js';
export { parseSchema, type ParsedSchema, type Declaration, type DeclarationBody, type Param, type ParamList, type LocatedText } from './syntax/parse-schema.js';
