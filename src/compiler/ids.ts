/**
 * Type ids. A declaration without an explicit `@0x...` id gets one derived from its parent's
 * id, so that ids stay stable as long as names and nesting do. The derivation (MD5 of the
 * parent id and a discriminator, first eight bytes read big-endian, top bit set) is fixed by
 * the reference compiler: any other choice would break wire compatibility with its output.
 */
import { md5 } from './md5.js';

const TOP_BIT = 1n << 63n;
const textEncoder = new TextEncoder();

function idFromDigest(bytes: Uint8Array): bigint {
  const digest = md5(bytes);
  return new DataView(digest.buffer).getBigUint64(0, false) | TOP_BIT;
}

function littleEndianId(id: bigint, extraBytes: number): Uint8Array {
  const bytes = new Uint8Array(8 + extraBytes);
  new DataView(bytes.buffer).setBigUint64(0, BigInt.asUintN(64, id), true);
  return bytes;
}

/** The id of a nested declaration named `name` (nodes, including enums, consts, annotations). */
export function childId(parentId: bigint, name: string): bigint {
  const nameBytes = textEncoder.encode(name);
  const bytes = littleEndianId(parentId, nameBytes.length);
  bytes.set(nameBytes, 8);
  return idFromDigest(bytes);
}

/** The id of a group or named union: `index` is its position in the parent's `fields`. */
export function groupId(parentId: bigint, index: number): bigint {
  const bytes = littleEndianId(parentId, 2);
  new DataView(bytes.buffer).setUint16(8, index & 0xffff, true);
  return idFromDigest(bytes);
}

/** The id of the implicit struct holding a method's parameters (or results). */
export function methodParamsId(interfaceId: bigint, methodOrdinal: number, isResults: boolean): bigint {
  const bytes = littleEndianId(interfaceId, 3);
  new DataView(bytes.buffer).setUint16(8, methodOrdinal & 0xffff, true);
  bytes[10] = isResults ? 1 : 0;
  return idFromDigest(bytes);
}

/** A fresh random file id (top bit set, as every explicit id must have). */
export function randomId(): bigint {
  const bytes = new Uint8Array(8);
  globalThis.crypto.getRandomValues(bytes);
  return new DataView(bytes.buffer).getBigUint64(0, true) | TOP_BIT;
}

/** `@0x...` as the reference tool writes ids. */
export function formatId(id: bigint): string {
  return `@0x${id.toString(16)}`;
}
