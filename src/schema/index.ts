/**
 * The schema layer: the plain-object form of schema.capnp (what the compiler produces and the
 * code generator consumes), its encoding, and an index over a request's nodes.
 */
export * from './types.js';
export { SchemaGraph, nodeKind, type NodeKind } from './graph.js';
export { encodeCodeGeneratorRequest, decodeCodeGeneratorRequest } from './encoding.js';
export { BUILTIN_TYPE_NAMES, listElementSizeOf, type BuiltinTypeKind } from './builtin-types.js';
