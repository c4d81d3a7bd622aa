// Types for std-bindings.mjs, so the TypeScript tests can import it.
export interface StdTools {
  compile: unknown;
  createNodeLoader: unknown;
  generateTypeScript: unknown;
  stdDirectory: string;
}
export declare const STANDARD_SCHEMAS: readonly string[];
export declare const BINDINGS_DIRECTORY: string;
export declare const SCHEMA_FILES_MODULE: string;
export declare function stdBindings(tools: StdTools): Record<string, string>;
export declare function renderStandardSchemas(stdDirectory: string): string;
export declare function generatedStdFiles(tools: StdTools): Record<string, string>;
