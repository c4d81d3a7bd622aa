import { CapnpError } from '../wire/index.js';
import { describeValue } from '../runtime/error-path.js';
import type { CodeGeneratorRequest, Node, Node_SourceInfo } from './types.js';

/** Which variant of Node's union a node is. */
export type NodeKind = 'file' | 'struct' | 'enum' | 'interface' | 'const' | 'annotation';

export function nodeKind(node: Node): NodeKind {
  if ('struct' in node) return 'struct';
  if ('enum' in node) return 'enum';
  if ('interface' in node) return 'interface';
  if ('const' in node) return 'const';
  if ('annotation' in node) return 'annotation';
  return 'file';
}

/**
 * The nodes of a `CodeGeneratorRequest`, indexed: look nodes up by id, find the file a node
 * belongs to, read its doc comments.
 */
export class SchemaGraph {
  readonly request: CodeGeneratorRequest;
  private readonly nodes = new Map<bigint, Node>();
  private readonly sourceInfo = new Map<bigint, Node_SourceInfo>();

  constructor(request: CodeGeneratorRequest) {
    // compile() hands back a null request when the schema has errors; passed on unchecked, it
    // failed here with a TypeError about `nodes`.
    if (typeof request !== 'object' || request === null) {
      throw new CapnpError('INVALID_ARGUMENT', `expected a CodeGeneratorRequest (compile() gives null when the schema has errors: see its diagnostics), got ${describeValue(request)}`);
    }
    this.request = request;
    for (const node of request.nodes ?? []) this.nodes.set(node.id, node);
    for (const info of request.sourceInfo ?? []) this.sourceInfo.set(info.id, info);
  }

  has(id: bigint): boolean {
    return this.nodes.has(id);
  }

  node(id: bigint): Node {
    const node = this.nodes.get(id);
    if (!node) throw new CapnpError('INVALID_ARGUMENT', `the schema has no node with id 0x${id.toString(16)}`);
    return node;
  }

  /** All nodes, in request order. */
  all(): Node[] {
    return [...this.nodes.values()];
  }

  info(id: bigint): Node_SourceInfo | undefined {
    return this.sourceInfo.get(id);
  }

  /** The file node a node is declared in (method param/result structs included). */
  fileOf(node: Node): Node {
    let current = node;
    for (let hops = 0; hops < 1000; hops++) {
      if (nodeKind(current) === 'file') return current;
      if (current.scopeId === 0n) break;
      current = this.node(current.scopeId);
    }
    // Param/result structs have no scope; their display name starts with their file's.
    const fileName = (node.displayName ?? '').split(':')[0];
    for (const candidate of this.nodes.values()) {
      if (nodeKind(candidate) === 'file' && candidate.displayName === fileName) return candidate;
    }
    throw new CapnpError('INVALID_ARGUMENT', `cannot find the file of node ${node.displayName}`);
  }

  /** The name of a node in its scope (the last part of its display name). */
  static localName(node: Node): string {
    return (node.displayName ?? '').slice(node.displayNamePrefixLength);
  }
}
