/**
 * One side of a comparison, indexed: nodes by id, the files being compared, the path of names
 * of each node within its file, and source positions.
 */
import { nodeKind, type CodeGeneratorRequest, type Node } from '../schema/index.js';
import { indexPositions, type Position } from './positions.js';
import type { Location, SchemaFileEntry, SchemaInput, SchemaVersion } from './types.js';

function isVersion(input: SchemaInput): input is SchemaVersion {
  return !Array.isArray(input) && 'files' in input && 'request' in input;
}

/** A `SchemaVersion` for a request or a node list: its requested files (or every file node). */
export function toSchemaVersion(input: SchemaInput): SchemaVersion {
  if (isVersion(input)) return input;
  if (Array.isArray(input)) {
    const nodes = input as readonly Node[];
    const request: CodeGeneratorRequest = { capnpVersion: null, nodes: [...nodes], sourceInfo: null, requestedFiles: null };
    const files = nodes.filter((n) => nodeKind(n) === 'file').map((n) => ({ id: n.id, name: n.displayName ?? '', key: n.displayName ?? '' }));
    return { request, files };
  }
  const request = input as CodeGeneratorRequest;
  const files = (request.requestedFiles ?? []).map((f) => ({ id: f.id, name: f.filename ?? '', key: f.filename ?? '' }));
  return { request, files };
}

export class IndexedVersion {
  readonly nodes = new Map<bigint, Node>();
  readonly files = new Map<bigint, SchemaFileEntry>();
  private readonly positions = new Map<bigint, ReadonlyMap<string, Position> | null>();
  private readonly fileIds = new Map<bigint, bigint | null>();

  constructor(readonly version: SchemaVersion) {
    for (const node of version.request.nodes ?? []) this.nodes.set(node.id, node);
    for (const file of version.files) this.files.set(file.id, file);
  }

  node(id: bigint): Node | undefined {
    return this.nodes.get(id);
  }

  /** The id of the file a node is declared in (param and result structs included), or null. */
  fileIdOf(node: Node): bigint | null {
    const known = this.fileIds.get(node.id);
    if (known !== undefined) return known;
    let found: bigint | null = null;
    let current: Node | undefined = node;
    for (let hops = 0; current !== undefined && hops < 10_000; hops++) {
      if (nodeKind(current) === 'file') {
        found = current.id;
        break;
      }
      if (current.scopeId === 0n) {
        // Method param/result structs have no scope; their display name starts with their file's.
        const name = current.displayName ?? '';
        for (const candidate of this.nodes.values()) {
          if (nodeKind(candidate) === 'file' && name.startsWith(`${candidate.displayName ?? ''}:`)) found = candidate.id;
        }
        break;
      }
      current = this.nodes.get(current.scopeId);
    }
    this.fileIds.set(node.id, found);
    return found;
  }

  /** Whether the node belongs to one of the files compared. */
  isCompared(node: Node): boolean {
    const file = this.fileIdOf(node);
    return file !== null && this.files.has(file);
  }

  fileName(node: Node): string {
    const file = this.fileIdOf(node);
    const entry = file === null ? undefined : this.files.get(file);
    if (entry !== undefined) return entry.name;
    const fileNode = file === null ? undefined : this.nodes.get(file);
    return fileNode?.displayName ?? (node.displayName ?? '').split(':')[0] ?? '';
  }

  /** The key of a node's file (see `SchemaFileEntry.key`). */
  fileKey(node: Node): string {
    const file = this.fileIdOf(node);
    const entry = file === null ? undefined : this.files.get(file);
    return entry?.key ?? this.fileName(node);
  }

  /** `Outer.Inner`: the node's path of names within its file (empty for a file). */
  scopePath(node: Node): string {
    if (nodeKind(node) === 'file') return '';
    const name = node.displayName ?? '';
    const file = this.fileIdOf(node);
    const fileName = file === null ? undefined : this.nodes.get(file)?.displayName;
    if (fileName !== undefined && fileName !== null && name.startsWith(`${fileName}:`)) return name.slice(fileName.length + 1);
    const colon = name.indexOf(':');
    return colon < 0 ? name : name.slice(colon + 1);
  }

  /** Where `key` (see positions.ts) is in the node's file; line 0 when unknown. */
  locate(node: Node, key: string, fallbackKey?: string): Location {
    const file = this.fileName(node);
    const fileId = this.fileIdOf(node);
    const positions = fileId === null ? null : this.positionsOf(fileId);
    const at = positions?.get(key) ?? (fallbackKey === undefined ? undefined : positions?.get(fallbackKey));
    return { file, line: at?.line ?? 0, col: at?.col ?? 0 };
  }

  private positionsOf(fileId: bigint): ReadonlyMap<string, Position> | null {
    if (!this.positions.has(fileId)) {
      const source = this.files.get(fileId)?.source;
      this.positions.set(fileId, source === undefined ? null : indexPositions(source));
    }
    return this.positions.get(fileId)!;
  }
}
