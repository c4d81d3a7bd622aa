/**
 * The lock file (`spec.capnp.lock.json`): the numbering an import chose, so that the next
 * import of an edited spec keeps it. Cap'n Proto identifies fields, enumerants and methods by
 * ordinal and types by id; JSON and OpenAPI identify them by name. The lock maps one to the
 * other:
 *
 * - the file id, and each type's id by its path in the generated file (`Pet`, `Pet.Tag`);
 * - each member's ordinal by its key: the JSON property name for fields, the JSON spelling
 *   for enumerants, the operationId for methods, `in:name` for operation parameters;
 * - members the spec no longer has, marked `removed`, with their type: they are written as
 *   `obsoleteName @n :Type;` so that their ordinal is never given to another member;
 * - `next`: the ordinal the next new member gets (ordinals only ever grow).
 *
 * Renames: a property, component schema or operation carrying `x-capnp-renamed-from: oldName`
 * takes over the lock entry of `oldName` (ordinal or id) instead of getting a new one.
 */
import { childId } from '../compiler/index.js';
import { CapnpError } from '../wire/index.js';
import type { StorageKind } from './model.js';

export const LOCK_FORMAT = 'capstan-openapi-lock/1';

export interface LockMember {
  ordinal: number;
  /** The Cap'n Proto name it was written with. */
  name: string;
  /** Its type as written (for an obsolete member), and how that type is stored. */
  type?: string;
  storage?: StorageKind;
  /** A member of its struct's union (an obsolete one stays there). */
  inUnion?: boolean;
  removed?: boolean;
}

export interface LockType {
  id: string;
  kind: 'struct' | 'enum' | 'interface';
  next: number;
  members: Record<string, LockMember>;
  removed?: boolean;
}

export interface LockFile {
  format: typeof LOCK_FORMAT;
  fileId: string;
  types: Record<string, LockType>;
}

function lockError(message: string): CapnpError {
  return new CapnpError('INVALID_ARGUMENT', `lock file: ${message}`);
}

const HEX_ID = /^0x[0-9a-f]{1,16}$/i;

/** Reads and checks a lock file's JSON text. */
export function parseLock(text: string): LockFile {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw lockError(`not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const lock = value as Partial<LockFile>;
  if (lock === null || typeof lock !== 'object' || lock.format !== LOCK_FORMAT) throw lockError(`expected "format": "${LOCK_FORMAT}"`);
  if (typeof lock.fileId !== 'string' || !HEX_ID.test(lock.fileId)) throw lockError('fileId must be a hex id such as "0xe1f6b3a5c7d9e0f1"');
  if (lock.types === null || typeof lock.types !== 'object') throw lockError('"types" must be an object');
  for (const [path, type] of Object.entries(lock.types)) {
    if (type === null || typeof type !== 'object' || typeof type.id !== 'string' || !HEX_ID.test(type.id)) throw lockError(`type ${path} has no valid id`);
    if (!Number.isInteger(type.next) || type.next < 0) throw lockError(`type ${path} has no valid "next"`);
    for (const [key, member] of Object.entries(type.members ?? {})) {
      if (!Number.isInteger(member?.ordinal) || member.ordinal < 0 || member.ordinal >= type.next) throw lockError(`${path}.${key} has an invalid ordinal`);
    }
  }
  return lock as LockFile;
}

/** The lock as JSON text (stable key order: as assigned). */
export function formatLock(lock: LockFile): string {
  return `${JSON.stringify(lock, null, 2)}\n`;
}

function hex(id: bigint): string {
  return `0x${id.toString(16)}`;
}

/** A fresh file id for a spec without a lock: derived from its title, so imports agree. */
export function fileIdForTitle(title: string): bigint {
  // 0xc0a6... is an arbitrary namespace: only stability matters.
  return childId(0xc0a61a7e5ca95a11n, `capstan openapi: ${title}`);
}

/** One type's members while an import runs: claimed in declaration order. */
export class MemberNumbering {
  private readonly claimed = new Set<string>();

  constructor(private readonly entry: LockType, readonly path: string) {}

  get id(): bigint {
    return BigInt(this.entry.id);
  }

  /**
   * The ordinal of the member with `key` (the lock's, or the next free one). `renamedFrom`
   * names an earlier key whose ordinal it takes over.
   */
  claim(key: string, name: string, renamedFrom?: string): number {
    if (this.claimed.has(key)) throw new CapnpError('INVALID_ARGUMENT', `${this.path}: two members have the key '${key}'`);
    let member = this.entry.members[key];
    if ((member === undefined || member.removed) && renamedFrom !== undefined && renamedFrom !== key) {
      const old = this.entry.members[renamedFrom];
      if (old !== undefined && !this.claimed.has(renamedFrom)) {
        delete this.entry.members[renamedFrom];
        member = old;
      }
    }
    if (member === undefined) member = { ordinal: this.entry.next++, name };
    member.name = name;
    delete member.removed;
    this.entry.members[key] = member;
    this.claimed.add(key);
    return member.ordinal;
  }

  /** Remembers a claimed member's type, for the day it is removed. */
  record(key: string, type: string, storage: StorageKind, inUnion = false): void {
    const member = this.entry.members[key];
    if (member === undefined) return;
    member.type = type;
    member.storage = storage;
    if (inUnion) member.inUnion = true;
    else delete member.inUnion;
  }

  /** Members of the lock not claimed in this import: now removed (kept, ordinal reserved). */
  unclaimed(): { key: string; member: LockMember }[] {
    const out: { key: string; member: LockMember }[] = [];
    for (const [key, member] of Object.entries(this.entry.members)) {
      if (this.claimed.has(key)) continue;
      member.removed = true;
      out.push({ key, member });
    }
    return out.sort((a, b) => a.member.ordinal - b.member.ordinal);
  }
}

/** The numbering of one import: starts from the previous lock (if any) and becomes the next. */
export class Numbering {
  readonly lock: LockFile;
  private readonly seen = new Set<string>();

  constructor(previous: LockFile | null, defaultFileId: bigint) {
    this.lock = previous !== null ? structuredClone(previous) : { format: LOCK_FORMAT, fileId: hex(defaultFileId), types: {} };
  }

  get fileId(): bigint {
    return BigInt(this.lock.fileId);
  }

  /**
   * The numbering of the type at `path` (a fresh one with id `defaultId` if the lock has
   * none). `renamedFrom` is the path it had before a rename: it keeps that id and those
   * ordinals (and its nested types follow).
   */
  type(path: string, kind: LockType['kind'], defaultId: bigint, renamedFrom?: string): MemberNumbering {
    if (this.seen.has(path)) throw new CapnpError('INVALID_ARGUMENT', `two declarations are named ${path}`);
    this.seen.add(path);
    const types = this.lock.types;
    if ((types[path] === undefined || types[path].removed) && renamedFrom !== undefined && types[renamedFrom] !== undefined && !this.seen.has(renamedFrom)) {
      for (const old of Object.keys(types)) {
        if (old === renamedFrom || old.startsWith(`${renamedFrom}.`)) {
          const moved = path + old.slice(renamedFrom.length);
          if (!this.seen.has(moved) || moved === path) types[moved] = types[old]!;
          delete types[old];
        }
      }
    }
    let entry = types[path];
    if (entry === undefined || entry.kind !== kind) {
      // A renamed type keeps its old id, which its old name would get again: never hand it out twice.
      const used = new Set(Object.entries(types).filter(([p]) => p !== path).map(([, t]) => BigInt(t.id)));
      let id = defaultId;
      while (used.has(id)) id = childId(id, 'capstan openapi: id taken');
      entry = { id: hex(id), kind, next: 0, members: {} };
      types[path] = entry;
    }
    delete entry.removed;
    return new MemberNumbering(entry, path);
  }

  /** Marks the types of the lock this import did not declare as removed (they keep their ids). */
  finish(): LockFile {
    for (const [path, entry] of Object.entries(this.lock.types)) if (!this.seen.has(path)) entry.removed = true;
    return this.lock;
  }
}
