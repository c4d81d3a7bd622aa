/**
 * The code generator (`capstan/codegen`): turns a `CodeGeneratorRequest` (from Capstan's
 * compiler, or from `capnp compile` through the `capnpc-ts` plugin) into TypeScript.
 */
export { generateTypeScript, type GeneratedFile } from './generate.js';
export type { CodegenOptions } from './context.js';
