/**
 * The rules for a struct's fields (and a method's parameters and results, which are structs):
 * every old slot is looked up by ordinal in the new struct and compared by name, type,
 * default, position, union tags and groups. Positions and union tags are compared on the
 * compiled layouts, the ground truth of what old and new programs read.
 */
import type { Node } from '../schema/index.js';
import { compareAnnotations } from './annotation-rules.js';
import type { Comparison, Place } from './comparison.js';
import { RULES } from './rules.js';
import { structTree, type Slot, type StructTree, type UnionStep } from './struct-tree.js';
import {
  compareTypes, describeValue, isListUpgrade, overlaps, sameStorage, sameValue, typeName,
} from './values-and-types.js';

export interface StructContext {
  /** `field`, `parameter` or `result`, for messages. */
  readonly noun: string;
  /** The dotted name of a member, for messages and `Change.subject`. */
  subject(path: readonly string[]): string;
  oldPlace(path: readonly string[]): Place;
  newPlace(path: readonly string[]): Place;
  /** Where to report what was removed from the new struct. */
  readonly newScope: Place;
  /** New members of a method's parameter list must have explicit defaults. */
  readonly isParams: boolean;
  /** Old generic scope ids that are other ids in the new version (a method's param structs). */
  readonly scopeMap?: ReadonlyMap<bigint, bigint>;
}

export function compareStructs(cx: Comparison, oldNode: Node, newNode: Node, context: StructContext): void {
  const oldTree = structTree(oldNode, cx.old);
  const newTree = structTree(newNode, cx.new_);
  const groupMap = new Map<string, string>();
  const claimedGroups = new Set<string>();
  const reportedUnions = new Set<string>();
  const ordinals = [...oldTree.slots.keys()].sort((a, b) => a - b);

  for (const ordinal of ordinals) {
    const oldSlot = oldTree.slots.get(ordinal)!;
    const newSlot = newTree.slots.get(ordinal);
    const subject = context.subject(oldSlot.path);
    const oldAt = context.oldPlace(oldSlot.path);
    if (newSlot === undefined) {
      cx.reportOld(RULES.fieldRemoved, subject, `${context.noun} '${subject}' (@${ordinal}) was removed: old messages still hold it, and ordinals are never reused`, oldAt, context.newScope);
      continue;
    }
    const newAt = context.newPlace(newSlot.path);
    const moved = newTree.byPath.get(oldSlot.path.join('.'));
    if (moved !== undefined && moved.ordinal !== ordinal) {
      cx.report(RULES.fieldRenumbered, subject, `${context.noun} '${subject}' changed ordinal from @${ordinal} to @${moved.ordinal}: old and new programs would read each other's @${ordinal} and @${moved.ordinal} as the other field`, context.newPlace(moved.path), oldAt);
      continue;
    }
    if (oldSlot.name !== newSlot.name) {
      cx.report(RULES.fieldRenamed, subject, `${context.noun} '${subject}' (@${ordinal}) was renamed to '${newSlot.name}' (the binary encoding is unchanged; the JSON and text forms and generated code are not)`, newAt, oldAt);
    }
    const wireOk = compareSlotTypes(cx, oldSlot, newSlot, context, subject, newAt, oldAt);
    if (wireOk && !sameStorage(oldSlot.storage, newSlot.storage)) {
      cx.report(RULES.fieldLayoutChanged, subject, `${context.noun} '${subject}' (@${ordinal}) moved from ${describeStorage(oldSlot)} to ${describeStorage(newSlot)}`, newAt, oldAt);
    }
    const unionChange = compareUnions(oldSlot, newSlot, oldTree, newTree);
    if (unionChange.kind === 'broken') {
      cx.report(RULES.fieldUnionChanged, subject, `${context.noun} '${subject}' (@${ordinal}) ${unionChange.why}`, newAt, oldAt);
    } else if (unionChange.kind === 'new-union') {
      if (!reportedUnions.has(unionChange.scopeKey)) {
        reportedUnions.add(unionChange.scopeKey);
        cx.report(RULES.fieldMovedIntoNewUnion, subject, `${context.noun} '${subject}' (@${ordinal}) moved into a new union${unionChange.scopeKey === '' ? '' : ` '${unionChange.scopeKey}'`} as its first member: old messages read as that member, but old programs reading new messages in which another member is set see '${oldSlot.name}' with whatever that member wrote`, newAt, oldAt);
      }
    } else {
      compareGroups(cx, oldSlot, newSlot, context, subject, newAt, oldAt, groupMap, claimedGroups);
    }
    compareAnnotations(cx, oldSlot.field.annotations, newSlot.field.annotations, subject, newAt, oldAt);
  }

  for (const ordinal of [...newTree.slots.keys()].sort((a, b) => a - b)) {
    if (oldTree.slots.has(ordinal)) continue;
    const newSlot = newTree.slots.get(ordinal)!;
    const subject = context.subject(newSlot.path);
    if (context.isParams && !newSlot.field.slot.hadExplicitDefault) {
      cx.report(RULES.paramAddedWithoutDefault, subject, `new ${context.noun} '${subject}' (@${ordinal}) has no explicit default: calls from old clients arrive without it and read its zero value`, context.newPlace(newSlot.path), null);
    } else {
      cx.report(RULES.fieldAdded, subject, `new ${context.noun} '${subject}' (@${ordinal})`, context.newPlace(newSlot.path), null);
    }
  }
}

/** Type and default of one slot; false when a wire-breaking type change was reported. */
function compareSlotTypes(cx: Comparison, oldSlot: Slot, newSlot: Slot, context: StructContext, subject: string, newAt: Place, oldAt: Place): boolean {
  const oldType = oldSlot.field.slot.type;
  const newType = newSlot.field.slot.type;
  const types = cx.typeComparison(subject, newAt, context.scopeMap);
  const relation = compareTypes(oldType, newType, types);
  const ordinal = oldSlot.ordinal;
  const from = typeName(oldType, cx.old);
  const to = typeName(newType, cx.new_);
  if (relation === 'different') {
    if (isListUpgrade(oldType, newType, types)) {
      cx.report(RULES.fieldListUpgraded, subject, `${context.noun} '${subject}' (@${ordinal}) changed from ${from} to ${to}, whose @0 field is the old element: allowed, but it changes the canonical encoding and the generated accessors`, newAt, oldAt);
      if (!sameValue(oldSlot.field.slot.defaultValue, newSlot.field.slot.defaultValue)) {
        cx.report(RULES.fieldDefaultChanged, subject, `${context.noun} '${subject}' (@${ordinal}) changed its default from ${describeValue(oldSlot.field.slot.defaultValue)} to ${describeValue(newSlot.field.slot.defaultValue)}`, newAt, oldAt);
      }
      return true;
    }
    cx.report(RULES.fieldTypeChanged, subject, `${context.noun} '${subject}' (@${ordinal}) changed type from ${from} to ${to}`, newAt, oldAt);
    return false;
  }
  if (relation === 'made-generic') {
    const parameter = (newType as { anyPointer: { parameter: { scopeId: bigint; parameterIndex: number } } }).anyPointer.parameter;
    cx.replacements.push({ scopeId: parameter.scopeId, index: parameter.parameterIndex, oldType, subject });
    cx.report(RULES.fieldMadeGeneric, subject, `${context.noun} '${subject}' (@${ordinal}) changed type from ${from} to the generic parameter ${to}: compatible as long as every use binds ${to} to ${from}`, newAt, oldAt);
  }
  if (!sameValue(oldSlot.field.slot.defaultValue, newSlot.field.slot.defaultValue)) {
    cx.report(RULES.fieldDefaultChanged, subject, `${context.noun} '${subject}' (@${ordinal}) changed its default from ${describeValue(oldSlot.field.slot.defaultValue)} to ${describeValue(newSlot.field.slot.defaultValue)}: values are stored relative to the default, so old and new programs read different values`, newAt, oldAt);
    return true;
  }
  return true;
}

function describeStorage(slot: Slot): string {
  const s = slot.storage;
  if (s === null) return 'nowhere';
  return s.section === 'pointers' ? `pointer ${s.start}` : `data bits ${s.start}..${s.start + s.size - 1}`;
}

type UnionChange = { kind: 'same' } | { kind: 'new-union'; scopeKey: string } | { kind: 'broken'; why: string };

const sameStep = (a: UnionStep, b: UnionStep): boolean => a.offset === b.offset && a.value === b.value;
const describeTags = (tags: readonly UnionStep[]): string =>
  tags.length === 0 ? 'no union' : tags.map((t) => `tag ${t.value} of the union${t.scopeKey === '' ? '' : ` '${t.scopeKey}'`}`).join(' in ');

/**
 * The union tags that select a slot must be the same in both versions, except for new unions
 * the slot was moved into: such a union holds no other old field, selects the slot's member
 * with tag 0 (what old messages hold there) and keeps its tag in bits no old field used.
 */
function compareUnions(oldSlot: Slot, newSlot: Slot, oldTree: StructTree, newTree: StructTree): UnionChange {
  const before = oldSlot.unions;
  const after = newSlot.unions;
  if (before.length === after.length && before.every((step, i) => sameStep(step, after[i]!))) return { kind: 'same' };
  const broken = (why: string): UnionChange => ({ kind: 'broken', why });
  const moveText = `moved from ${describeTags(before)} to ${describeTags(after)}`;
  let i = 0;
  let added: UnionStep | null = null;
  for (const step of after) {
    if (i < before.length && sameStep(before[i]!, step)) {
      i++;
      continue;
    }
    if (added !== null) return broken(`${moveText}: only one new union can be put around an existing field`);
    added = step;
  }
  if (i < before.length || added === null) return broken(`${moveText}: fields cannot move out of a union, into an existing one or to another tag`);
  const union = newTree.unions.get(added.scopeKey);
  if (union === undefined) return broken(moveText);
  if (added.value !== 0) return broken(`${moveText}: in a new union, the existing field must be the member with tag 0 (its lowest ordinal), which old messages hold`);
  for (const [value, ordinals] of union.members) {
    for (const ordinal of ordinals) {
      const old = oldTree.slots.get(ordinal);
      if (old === undefined) continue;
      if (value !== 0) return broken(`${moveText}: the new union also holds the existing field @${ordinal} under another tag`);
      const together = old.unions.length === before.length && old.unions.every((s, k) => sameStep(s, before[k]!));
      if (!together) return broken(`${moveText}: the new union's first member also holds @${ordinal}, which was in another union`);
    }
  }
  const tag = { section: 'data' as const, start: union.offset * 16, size: 16 };
  if (oldTree.used.some((storage) => overlaps(storage, tag))) {
    return broken(`${moveText}: the new union's tag (data bits ${tag.start}..${tag.start + 15}) overlaps data of the old struct`);
  }
  return { kind: 'new-union', scopeKey: added.scopeKey };
}

/** Groups around a slot: renames are reported once per group; moves between groups at the same position are source changes. */
function compareGroups(cx: Comparison, oldSlot: Slot, newSlot: Slot, context: StructContext, subject: string, newAt: Place, oldAt: Place,
  groupMap: Map<string, string>, claimed: Set<string>): void {
  const before = oldSlot.groups;
  const after = newSlot.groups;
  let consistent = before.length === after.length;
  for (let i = 0; consistent && i < before.length; i++) {
    const mapped = groupMap.get(before[i]!.key);
    if (mapped === undefined) {
      if (claimed.has(after[i]!.key)) consistent = false;
    } else if (mapped !== after[i]!.key) {
      consistent = false;
    }
  }
  if (!consistent) {
    const where = (groups: readonly { name: string }[]): string => (groups.length === 0 ? 'the struct itself' : `group '${groups.map((g) => g.name).join('.')}'`);
    cx.report(RULES.fieldGroupChanged, subject, `${context.noun} '${subject}' (@${oldSlot.ordinal}) moved from ${where(before)} to ${where(after)}, at the same position (the binary encoding is unchanged; generated code is not)`, newAt, oldAt);
    return;
  }
  for (let i = 0; i < before.length; i++) {
    const oldGroup = before[i]!;
    const newGroup = after[i]!;
    if (groupMap.has(oldGroup.key)) continue;
    groupMap.set(oldGroup.key, newGroup.key);
    claimed.add(newGroup.key);
    if (oldGroup.name !== newGroup.name) {
      const groupPath = oldSlot.path.slice(0, i + 1);
      cx.report(RULES.fieldRenamed, context.subject(groupPath), `group or union '${context.subject(groupPath)}' was renamed to '${newGroup.name}' (the binary encoding is unchanged; the JSON and text forms and generated code are not)`,
        context.newPlace(newSlot.path.slice(0, i + 1)), context.oldPlace(groupPath));
    }
  }
}
