/**
 * Pairing the declarations of two versions. Ids are what the wire and the schema language
 * identify types by, so declarations pair by id. A declaration whose id is gone pairs with a
 * new one of the same kind at the same path of names in the same file (its id changed);
 * otherwise it was removed. Groups and method param/result structs are parts of their struct
 * or method and are compared there.
 */
import { nodeKind, type Node } from '../schema/index.js';
import type { IndexedVersion } from './schema-version.js';

export interface Matching {
  /** Same id in both versions. */
  readonly pairs: [Node, Node][];
  /** Same file and path of names, different ids. */
  readonly idChanged: [Node, Node][];
  readonly removed: Node[];
  readonly added: Node[];
  /** File nodes of the compared files: same id, or (id changed) same key. */
  readonly files: { old: Node; new: Node | undefined }[];
}

/** Declarations compared on their own: not files, groups or method param/result structs. */
export function isDeclaration(node: Node): boolean {
  const kind = nodeKind(node);
  if (kind === 'file') return false;
  if (kind === 'struct') {
    const struct = (node as Extract<Node, { struct: unknown }>).struct;
    if (struct.isGroup || node.scopeId === 0n) return false;
  }
  return true;
}

function declarations(version: IndexedVersion): Node[] {
  return [...version.nodes.values()].filter((node) => isDeclaration(node) && version.isCompared(node));
}

export function matchNodes(old: IndexedVersion, new_: IndexedVersion): Matching {
  const pairs: [Node, Node][] = [];
  const idChanged: [Node, Node][] = [];
  const removed: Node[] = [];
  const newDeclarations = declarations(new_);
  const paired = new Set<bigint>();
  const byPath = new Map<string, Node>();
  const pathKey = (version: IndexedVersion, node: Node): string => `${version.fileKey(node)}\u0000${version.scopePath(node)}\u0000${nodeKind(node)}`;
  for (const node of newDeclarations) if (old.node(node.id) === undefined) byPath.set(pathKey(new_, node), node);

  for (const node of declarations(old)) {
    const same = new_.node(node.id);
    if (same !== undefined && isDeclaration(same)) {
      pairs.push([node, same]);
      paired.add(same.id);
      continue;
    }
    const renumbered = byPath.get(pathKey(old, node));
    if (renumbered !== undefined && !paired.has(renumbered.id)) {
      idChanged.push([node, renumbered]);
      paired.add(renumbered.id);
      continue;
    }
    removed.push(node);
  }
  const added = newDeclarations.filter((node) => !paired.has(node.id) && old.node(node.id) === undefined);

  const files: { old: Node; new: Node | undefined }[] = [];
  for (const entry of old.version.files) {
    const oldFile = old.node(entry.id);
    if (oldFile === undefined) continue;
    let newFile = new_.files.has(entry.id) ? new_.node(entry.id) : undefined;
    if (newFile === undefined) {
      const twin = new_.version.files.find((f) => f.key === entry.key);
      newFile = twin === undefined ? undefined : new_.node(twin.id);
    }
    files.push({ old: oldFile, new: newFile });
  }
  return { pairs, idChanged, removed, added, files };
}
