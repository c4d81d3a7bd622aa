/**
 * The kinds of schema node the dynamic API loads, the names it gives them (the local name, as
 * the reference tool names types in messages, and the path inside their file, as lookups by
 * name use it), and what every loaded schema holds of its node.
 */
import type { Node } from '../schema/index.js';
import type { Bindings } from './bindings.js';
import type { SchemaLoader } from './schema.js';

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

/** What every loaded schema knows of its node: the node itself, its id and its names. */
export abstract class NamedNode<N extends Node> {
  readonly node: N;
  readonly id: bigint;
  readonly displayName: string;
  /** The node's name in its scope (`Bar`), as the reference tool names types in messages. */
  readonly shortName: string;

  constructor(node: N) {
    this.node = node;
    this.id = node.id;
    this.displayName = node.displayName ?? '';
    this.shortName = localName(node);
  }
}

/** A schema that can be generic (structs, interfaces): one object per brand it is used with. */
export abstract class BrandedNode<N extends Node> extends NamedNode<N> {
  readonly loader: SchemaLoader;
  readonly bindings: Bindings;
  /** Identifies the brand (empty for non-generic uses). */
  readonly brandKey: string;

  constructor(loader: SchemaLoader, node: N, bindings: Bindings, brandKey: string) {
    super(node);
    this.loader = loader;
    this.bindings = bindings;
    this.brandKey = brandKey;
  }
}
