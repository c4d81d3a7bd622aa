// Types for compiler-embed-std.mjs, so the TypeScript test can import it.
export declare const OUTPUT: string;
export declare function renderStandardSchemas(root?: string): string;
