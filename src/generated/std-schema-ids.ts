// Generated from std/capnp/**/*.capnp by scripts/generate-std.mjs (the standard schemas' file ids).
// Do not edit: run `npm run build && node scripts/generate-std.mjs`.
/** The standard schemas `capstan/std/*` has bindings for, by file id: their path under capnp/. */
export const STANDARD_SCHEMA_IDS: ReadonlyMap<bigint, string> = new Map([
  [0xbdf87d7bb8304e81n, "c++.capnp"],
  [0xa93fc509624c72d9n, "schema.capnp"],
  [0xb312981b2552a250n, "rpc.capnp"],
  [0xa184c7885cdaf2a1n, "rpc-twoparty.capnp"],
  [0xb8630836983feed7n, "persistent.capnp"],
  [0x86c366a91393f3f8n, "stream.capnp"],
  [0x8ef99297a43a5e34n, "compat/json.capnp"],
]);
