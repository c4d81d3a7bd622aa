/**
 * The kinds of schema node the dynamic API loads, and the names it gives them: the local name
 * (as the reference tool names types in messages) and the path inside their file (as lookups
 * by name use it).
 */
import type { Node } from '../schema/index.js';

export type StructNode = Extract<Node, { struct: unknown }>;
export type EnumNode = Extract<Node, { enum: unknown }>;
export type InterfaceNode = Extract<Node, { interface: unknown }>;
export type ConstNode = Extract<Node, { const: unknown }>;

/** The local name of a node (`Bar` for `file.capnp:Foo.Bar`). */
export function localName(node: Node): string {
  return (node.displayName ?? '').slice(node.displayNamePrefixLength);
}

/** The path of a node inside its file (`Foo.Bar` for `file.capnp:Foo.Bar`). */
export function pathName(node: Node): string {
  const display = node.displayName ?? '';
  const colon = display.indexOf(':');
  return colon < 0 ? display : display.slice(colon + 1);
}
