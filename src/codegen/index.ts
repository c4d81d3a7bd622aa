/**
 * The code generator (`capstan/codegen`): turns a `CodeGeneratorRequest` (from Capstan's
 * compiler, or from `capnp compile` through the `capnpc-ts` plugin) into TypeScript, or into
 * JavaScript with `.d.ts` declarations (`generateJavaScript`).
 */
export { generateTypeScript, type GeneratedFile } from './generate.js';
export { generateJavaScript } from './javascript.js';
export type { CodegenOptions } from './context.js';
