/**
 * Capstan: Cap'n Proto for JavaScript. This entry point is the runtime: messages, readers,
 * builders, framing, packing and what generated code needs. The compiler, code generator,
 * codecs and RPC have their own entry points (`capstan/compiler`, ...), so a bundle pays only
 * for what it imports.
 */
export * from './runtime/index.js';
