/**
 * Whether this host orders the bytes of a number little-endian, as Cap'n Proto does. Typed-array
 * views of message memory (a list read or written as an `Int32Array`, the unpacker's word
 * stores) see bytes in the host's order, so they are used only where the two orders agree, or
 * where bytes are read and written back in the host's order alike.
 */
export const LITTLE_ENDIAN_HOST: boolean = /* @__PURE__ */ (() => new Uint8Array(new Uint16Array([1]).buffer)[0] === 1)();
