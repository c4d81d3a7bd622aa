/**
 * A struct seen as the wire sees it: its slots by ordinal (groups and unions share the
 * struct's ordinal space), each with its path of names, the groups around it, the union tags
 * that select it, and the bits it occupies.
 */
import type { Field, Node } from '../schema/index.js';
import type { IndexedVersion } from './schema-version.js';
import { storageOf, type Storage } from './values-and-types.js';

const NO_DISCRIMINANT = 0xffff;

/** One union tag on the way to a slot: the union's tag position and the member's value. */
export interface UnionStep {
  /** Path of names of the scope holding the union (`''` for the struct itself, `g` for group g). */
  readonly scopeKey: string;
  /** Position of the 16-bit tag, in 16-bit units of the data section. */
  readonly offset: number;
  readonly value: number;
}

/** A group (or named union) around a slot. */
export interface GroupStep {
  readonly key: string;
  readonly name: string;
}

export interface Slot {
  readonly ordinal: number;
  readonly field: Field & { slot: NonNullable<Extract<Field, { slot: unknown }>['slot']> };
  readonly name: string;
  /** Group names then the field name. */
  readonly path: readonly string[];
  readonly groups: readonly GroupStep[];
  readonly unions: readonly UnionStep[];
  readonly storage: Storage | null;
}

export interface UnionInfo {
  readonly scopeKey: string;
  readonly offset: number;
  /** Ordinals of the slots under each member, by tag value. */
  readonly members: ReadonlyMap<number, readonly number[]>;
}

export interface StructTree {
  readonly node: Node;
  readonly slots: ReadonlyMap<number, Slot>;
  /** Slots by path (`g.x`). */
  readonly byPath: ReadonlyMap<string, Slot>;
  readonly unions: ReadonlyMap<string, UnionInfo>;
  /** Data bits and pointers in use by slots and union tags. */
  readonly used: readonly Storage[];
}

export function structTree(node: Node, version: IndexedVersion): StructTree {
  const slots = new Map<number, Slot>();
  const byPath = new Map<string, Slot>();
  const unions = new Map<string, { scopeKey: string; offset: number; members: Map<number, number[]> }>();
  const used: Storage[] = [];

  const visit = (scope: Node, path: readonly string[], groups: readonly GroupStep[], tags: readonly UnionStep[], seen: Set<bigint>): void => {
    if (!('struct' in scope) || seen.has(scope.id)) return;
    seen.add(scope.id);
    const scopeKey = path.join('.');
    const struct = scope.struct;
    let union: { scopeKey: string; offset: number; members: Map<number, number[]> } | undefined;
    if (struct.discriminantCount > 0) {
      union = { scopeKey, offset: struct.discriminantOffset, members: new Map() };
      unions.set(scopeKey, union);
      used.push({ section: 'data', start: struct.discriminantOffset * 16, size: 16 });
    }
    for (const field of struct.fields ?? []) {
      const name = field.name ?? '';
      const inUnion = field.discriminantValue !== NO_DISCRIMINANT && union !== undefined;
      const here = inUnion ? [...tags, { scopeKey, offset: union!.offset, value: field.discriminantValue }] : tags;
      const before = slots.size;
      const ordinals: number[] = [];
      if ('slot' in field) {
        const ordinal = 'explicit' in field.ordinal ? field.ordinal.explicit : -1;
        const storage = storageOf(field.slot.type, field.slot.offset);
        const slot: Slot = { ordinal, field: field as Slot['field'], name, path: [...path, name], groups, unions: here, storage };
        slots.set(ordinal, slot);
        byPath.set(slot.path.join('.'), slot);
        if (storage !== null) used.push(storage);
        ordinals.push(ordinal);
      } else if ('group' in field) {
        const child = version.node(field.group.typeId);
        const groupPath = [...path, name];
        if (child !== undefined) visit(child, groupPath, [...groups, { key: groupPath.join('.'), name }], here, seen);
        for (const slot of [...slots.values()].slice(before)) ordinals.push(slot.ordinal);
      }
      if (inUnion) union!.members.set(field.discriminantValue, ordinals);
    }
  };
  visit(node, [], [], [], new Set());
  return { node, slots, byPath, unions, used };
}
