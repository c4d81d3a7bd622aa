/**
 * Translates a struct's members (or a method's parameter list) into fields, group nodes and a
 * layout.
 *
 * Members are first collected into a tree mirroring the declaration (groups and named unions
 * are nodes of their own, unnamed unions belong to their enclosing scope), then visited in
 * ordinal order to lay them out. A member's `Field` is created the first time it is reached in
 * that walk, which is what orders each node's `fields` and numbers union discriminants; the
 * ids of groups depend on that order too, so they are assigned at the end.
 */
import {
  ElementSize, NO_DISCRIMINANT, type Field, type Field_Slot, type Node, type Node_SourceInfo, type Node_SourceInfo_Member, type Type,
} from '../../schema/types.js';
import type { Declaration, DeclarationId, Expression, LocatedInteger, Param } from '../syntax/ast.js';
import { CompileAbort } from '../compile-abort.js';
import { addErrorOn } from '../diagnostics.js';
import type { ImplicitParams } from './generics.js';
import { groupId } from '../ids.js';
import { DuplicateOrdinalDetector, newSourceInfo, newSourceInfoMember, newStructBody, type NodeTranslator } from './node-translator.js';
import { Issue344Abort, TopLayout, UnionLayout, UnionMemberLayout, issue344Message, type FieldScope } from './struct-layout.js';
import { defaultValueFor } from './values.js';

type MemberKind = 'field' | 'union' | 'group';

/** One member of the struct (or the struct itself, at the root of the tree). */
class MemberInfo {
  readonly parent: MemberInfo | null;
  readonly codeOrder: number;
  /** Position in the parent's `fields`, known once the field is created. */
  index = 0;
  childCount = 0;
  childInitializedCount = 0;
  unionDiscriminantCount = 0;
  readonly isInUnion: boolean;
  readonly name: string;
  readonly declId: DeclarationId;
  readonly kind: MemberKind;
  readonly isParam: boolean;
  readonly fieldType: Expression | null;
  readonly fieldDefault: Expression | null;
  readonly annotations: Declaration['annotations'] | Param['annotations'];
  readonly startByte: number;
  readonly endByte: number;
  /** Where the member's name is, for errors about it. */
  readonly nameStart: number;
  readonly nameEnd: number;
  readonly docComment: string | null;
  private field: Field | null = null;
  /** For groups, unions and the root: the node holding the members. */
  readonly node: Node | null;
  readonly sourceInfo: Node_SourceInfo | null;
  /** For fields: where their data goes. */
  readonly fieldScope: FieldScope | null;
  /** For unions, and for scopes holding an unnamed union: its layout. */
  unionScope: UnionLayout | null = null;

  constructor(init: {
    parent: MemberInfo | null; codeOrder: number; isInUnion: boolean; name: string; declId: DeclarationId; kind: MemberKind;
    isParam: boolean; fieldType: Expression | null; fieldDefault: Expression | null; annotations: MemberInfo['annotations'];
    startByte: number; endByte: number; nameStart: number; nameEnd: number; docComment: string | null; node: Node | null;
    sourceInfo: Node_SourceInfo | null; fieldScope: FieldScope | null;
  }) {
    this.parent = init.parent;
    this.codeOrder = init.codeOrder;
    this.isInUnion = init.isInUnion;
    this.name = init.name;
    this.declId = init.declId;
    this.kind = init.kind;
    this.isParam = init.isParam;
    this.fieldType = init.fieldType;
    this.fieldDefault = init.fieldDefault;
    this.annotations = init.annotations;
    this.startByte = init.startByte;
    this.endByte = init.endByte;
    this.nameStart = init.nameStart;
    this.nameEnd = init.nameEnd;
    this.docComment = init.docComment;
    this.node = init.node;
    this.sourceInfo = init.sourceInfo;
    this.fieldScope = init.fieldScope;
  }

  /** This member's field in its parent, created (at the parent's next free position) on first use. */
  getField(): Field {
    if (this.field !== null) return this.field;
    const parent = this.parent!;
    this.index = parent.childInitializedCount;
    const { field, info } = parent.addMemberField();
    if (this.isInUnion) field.discriminantValue = parent.unionDiscriminantCount++;
    field.name = this.name;
    field.codeOrder = this.codeOrder;
    if (this.docComment !== null) info.docComment = this.docComment;
    this.field = field;
    return field;
  }

  /** The next field slot of this group (its `fields` list is made at the first one). */
  addMemberField(): { field: Field; info: Node_SourceInfo_Member } {
    const struct = (this.node as Extract<Node, { struct: unknown }>).struct;
    if (struct.fields === null) {
      // A group's own field in its parent comes before any of its members' fields.
      if (this.parent !== null) this.getField();
      struct.fields = Array.from({ length: this.childCount }, newField);
      this.sourceInfo!.members = Array.from({ length: this.childCount }, newSourceInfoMember);
    }
    const at = this.childInitializedCount++;
    return { field: struct.fields[at]!, info: this.sourceInfo!.members![at]! };
  }

  /** Settles a group, named union or the root: union tag, and (for groups) id and field. */
  finishGroup(): void {
    const node = this.node as Extract<Node, { struct: unknown }>;
    if (this.unionScope !== null) {
      this.unionScope.addDiscriminant();
      node.struct.discriminantCount = this.unionDiscriminantCount;
      node.struct.discriminantOffset = this.unionScope.discriminantOffset!;
    }
    if (this.parent !== null) {
      // `index` is only meaningful once the field exists; like the reference, use it as is.
      const id = groupId(this.parent.node!.id, this.index);
      node.id = id;
      node.scopeId = this.parent.node!.id;
      const field = this.getField() as Record<string, unknown>;
      delete field.slot;
      field.group = { typeId: id };
      this.sourceInfo!.id = id;
      if (this.docComment !== null) this.sourceInfo!.docComment = this.docComment;
    }
  }
}

function newField(): Field {
  return {
    name: null, codeOrder: 0, annotations: null, discriminantValue: NO_DISCRIMINANT, ordinal: { implicit: null },
    slot: { offset: 0, type: null, defaultValue: null, hadExplicitDefault: false },
  };
}

function ordinalOf(decl: Declaration): number {
  return Number((decl.id as { value: LocatedInteger }).value.value & 0xffffffffn);
}

/** log2 of a type's data size in bits; -1 for Void, null for pointers. */
function dataLgSize(type: Type): number | null {
  const which = Object.keys(type)[0];
  switch (which) {
    case 'void': return -1;
    case 'bool': return 0;
    case 'int8': case 'uint8': return 3;
    case 'int16': case 'uint16': case 'enum': return 4;
    case 'int32': case 'uint32': case 'float32': return 5;
    case 'int64': case 'uint64': case 'float64': return 6;
    default: return null;
  }
}

export class StructTranslator {
  private readonly translator: NodeTranslator;
  private readonly implicitParams: ImplicitParams;
  private readonly layout = new TopLayout();
  /** Members with an ordinal, in ordinal order (stable for equal ordinals). */
  private readonly membersByOrdinal: { ordinal: number; member: MemberInfo; seq: number }[] = [];
  private readonly allMembers: MemberInfo[] = [];

  constructor(translator: NodeTranslator, implicitParams: ImplicitParams) {
    this.translator = translator;
    this.implicitParams = implicitParams;
  }

  private get reporter() {
    return this.translator.reporter;
  }

  translateStruct(members: readonly Declaration[], node: Node, sourceInfo: Node_SourceInfo): void {
    const root = this.rootMember(node, sourceInfo);
    this.traverseTopOrGroup(members, root, this.layout);
    this.translateInternal(root, node);
  }

  translateParams(params: readonly Param[], node: Node, sourceInfo: Node_SourceInfo): void {
    const root = this.rootMember(node, sourceInfo);
    params.forEach((param, i) => {
      root.childCount++;
      const member = new MemberInfo({
        parent: root, codeOrder: i, isInUnion: false, name: param.name.value, declId: { kind: 'unspecified' }, kind: 'field',
        isParam: true, fieldType: param.type, fieldDefault: param.defaultValue, annotations: param.annotations,
        startByte: param.startByte, endByte: param.endByte, nameStart: param.name.startByte, nameEnd: param.name.endByte,
        docComment: null, node: null, sourceInfo: null, fieldScope: this.layout,
      });
      this.allMembers.push(member);
      this.addOrdinal(i, member);
    });
    this.translateInternal(root, node);
  }

  private rootMember(node: Node, sourceInfo: Node_SourceInfo): MemberInfo {
    return new MemberInfo({
      parent: null, codeOrder: 0, isInUnion: false, name: '', declId: { kind: 'unspecified' }, kind: 'group', isParam: false,
      fieldType: null, fieldDefault: null, annotations: [], startByte: 0, endByte: 0, nameStart: 0, nameEnd: 0, docComment: null,
      node, sourceInfo, fieldScope: null,
    });
  }

  private addOrdinal(ordinal: number, member: MemberInfo): void {
    this.membersByOrdinal.push({ ordinal, member, seq: this.membersByOrdinal.length });
  }

  private fieldMember(parent: MemberInfo, codeOrder: number, decl: Declaration, scope: FieldScope, isInUnion: boolean): MemberInfo {
    const body = decl.body as Extract<Declaration['body'], { kind: 'field' }>;
    return new MemberInfo({
      parent, codeOrder, isInUnion, name: decl.name.value, declId: decl.id, kind: 'field', isParam: false,
      fieldType: body.type, fieldDefault: body.defaultValue, annotations: decl.annotations,
      startByte: decl.startByte, endByte: decl.endByte, nameStart: decl.name.startByte, nameEnd: decl.name.endByte,
      docComment: decl.docComment, node: null, sourceInfo: null, fieldScope: scope,
    });
  }

  private groupMember(parent: MemberInfo, codeOrder: number, decl: Declaration, isInUnion: boolean): MemberInfo {
    const { node, sourceInfo } = this.newGroupNode(parent.node!, decl.name.value);
    return new MemberInfo({
      parent, codeOrder, isInUnion, name: decl.name.value, declId: decl.id, kind: decl.body.kind as MemberKind, isParam: false,
      fieldType: null, fieldDefault: null, annotations: decl.annotations, startByte: decl.startByte, endByte: decl.endByte,
      nameStart: decl.name.startByte, nameEnd: decl.name.endByte, docComment: decl.docComment, node, sourceInfo, fieldScope: null,
    });
  }

  private traverseUnion(decl: Declaration, members: readonly Declaration[], parent: MemberInfo, layout: UnionLayout, codeOrder: { next: number }): void {
    if (members.length < 2) addErrorOn(this.reporter, decl, 'Union must have at least two members.');
    for (const member of members) {
      let ordinal: number | null = null;
      let info: MemberInfo | null = null;
      switch (member.body.kind) {
        case 'field':
          // For layout, a field in a union is a group of one.
          info = this.addField(parent, codeOrder, member, new UnionMemberLayout(layout), true);
          ordinal = ordinalOf(member);
          break;
        case 'union':
          if (member.name.value === '') {
            addErrorOn(this.reporter, member, 'Unions cannot contain unnamed unions.');
          } else {
            parent.childCount++;
            const unionLayout = new UnionLayout(new UnionMemberLayout(layout));
            info = this.groupMember(parent, codeOrder.next++, member, true);
            this.allMembers.push(info);
            info.unionScope = unionLayout;
            this.traverseUnion(member, member.nestedDecls, info, unionLayout, { next: 0 });
            if (member.id.kind === 'ordinal') ordinal = ordinalOf(member);
          }
          break;
        case 'group':
          info = this.addGroup(parent, codeOrder, member, true, new UnionMemberLayout(layout));
          break;
        default:
          break;
      }
      if (ordinal !== null && info !== null) this.addOrdinal(ordinal, info);
    }
  }

  /** Adds field `member` to `parent`, next in code order, laid out in `layout`. */
  private addField(parent: MemberInfo, codeOrder: { next: number }, member: Declaration, layout: FieldScope, isInUnion: boolean): MemberInfo {
    parent.childCount++;
    const info = this.fieldMember(parent, codeOrder.next++, member, layout, isInUnion);
    this.allMembers.push(info);
    return info;
  }

  /** Adds group `member` to `parent`, next in code order, and its members, laid out in `layout`. */
  private addGroup(parent: MemberInfo, codeOrder: { next: number }, member: Declaration, isInUnion: boolean, layout: FieldScope): MemberInfo {
    parent.childCount++;
    const info = this.groupMember(parent, codeOrder.next++, member, isInUnion);
    this.allMembers.push(info);
    this.traverseGroup(member.nestedDecls, info, layout);
    return info;
  }

  private traverseGroup(members: readonly Declaration[], parent: MemberInfo, layout: FieldScope): void {
    if (members.length < 1) this.reporter.addError(parent.startByte, parent.endByte, 'Group must have at least one member.');
    this.traverseTopOrGroup(members, parent, layout);
  }

  private traverseTopOrGroup(members: readonly Declaration[], parent: MemberInfo, layout: FieldScope): void {
    const codeOrder = { next: 0 };
    for (const member of members) {
      let ordinal: number | null = null;
      let info: MemberInfo | null = null;
      switch (member.body.kind) {
        case 'field':
          info = this.addField(parent, codeOrder, member, layout, false);
          ordinal = ordinalOf(member);
          break;
        case 'union': {
          const unionLayout = new UnionLayout(layout);
          let subCodeOrder = { next: 0 };
          if (member.name.value === '') {
            // An unnamed union's members are members of this scope.
            info = parent;
            subCodeOrder = codeOrder;
          } else {
            parent.childCount++;
            info = this.groupMember(parent, codeOrder.next++, member, false);
            this.allMembers.push(info);
          }
          info.unionScope = unionLayout;
          this.traverseUnion(member, member.nestedDecls, info, unionLayout, subCodeOrder);
          if (member.id.kind === 'ordinal') ordinal = ordinalOf(member);
          break;
        }
        case 'group':
          // A group's members are laid out as members of the enclosing scope.
          info = this.addGroup(parent, codeOrder, member, false, layout);
          break;
        default:
          break;
      }
      if (ordinal !== null && info !== null) this.addOrdinal(ordinal, info);
    }
  }

  private newGroupNode(parent: Node, name: string): { node: Node; sourceInfo: Node_SourceInfo } {
    const displayName = `${parent.displayName}.${name}`;
    const node: Node = {
      id: 0n, displayName, displayNamePrefixLength: displayName.length - name.length, scopeId: 0n, parameters: null,
      isGeneric: parent.isGeneric, nestedNodes: null, annotations: null, startByte: 0, endByte: 0,
      struct: { ...newStructBody(), isGroup: true },
    };
    const sourceInfo = newSourceInfo();
    this.translator.groups.push({ node, sourceInfo });
    return { node, sourceInfo };
  }

  /** Runs a layout step; an abort is reported at the member being laid out. */
  private reportingAborts<R>(member: MemberInfo, step: () => R): R {
    try {
      return step();
    } catch (error) {
      if (error instanceof CompileAbort && !error.reported) {
        const message = error instanceof Issue344Abort ? issue344Message(this.translator.resolver.compiler.language) : error.message;
        this.reporter.addError(member.nameStart, member.nameEnd, `${message} (laying out '${member.name}')`, true);
        error.reported = true;
      }
      throw error;
    }
  }

  private translateInternal(root: MemberInfo, node: Node): void {
    const struct = newStructBody() as Extract<Node, { struct: unknown }>['struct'];
    (node as Extract<Node, { struct: unknown }>).struct = struct;
    const translator = this.translator;

    this.membersByOrdinal.sort((a, b) => a.ordinal - b.ordinal || a.seq - b.seq);
    const ordinals = new DuplicateOrdinalDetector(this.reporter);
    for (const { ordinal, member } of this.membersByOrdinal) {
      if (member.declId.kind === 'ordinal') ordinals.check(member.declId.value);
      const field = member.getField();
      field.ordinal = { explicit: ordinal };

      if (member.kind === 'field') {
        const slot: Field_Slot = { offset: 0, type: null, defaultValue: null, hadExplicitDefault: false };
        (field as { slot: Field_Slot }).slot = slot;
        const { type, ok } = translator.compileType(member.fieldType!, this.implicitParams);
        slot.type = type;
        if (ok && member.fieldDefault !== null) {
          const fieldDefault = member.fieldDefault;
          if (member.isParam && fieldDefault.kind === 'relativeName' && fieldDefault.name.value === 'null') {
            // A parameter may declare `= null`: a pointer whose default is null.
            if (dataLgSize(type) !== null) {
              addErrorOn(this.reporter, fieldDefault.name, "Only pointer parameters can declare their default as 'null'.");
            }
            slot.defaultValue = defaultValueFor(type);
          } else {
            translator.compileBootstrapValue(fieldDefault, type, (value) => { slot.defaultValue = value; });
          }
          slot.hadExplicitDefault = true;
        } else {
          slot.defaultValue = defaultValueFor(type);
        }

        this.reportingAborts(member, () => {
          const lgSize = dataLgSize(type);
          if (lgSize === null) {
            slot.offset = member.fieldScope!.addPointer();
          } else if (lgSize === -1) {
            member.fieldScope!.addVoid();
            slot.offset = 0;
          } else {
            slot.offset = member.fieldScope!.addData(lgSize);
          }
        });
      } else if (member.kind === 'union') {
        if (!this.reportingAborts(member, () => member.unionScope!.addDiscriminant())) {
          addErrorOn(this.reporter, (member.declId as { value: LocatedInteger }).value,
            'Union ordinal, if specified, must be greater than no more than one of its member ordinals (i.e. there can only be one field retroactively unionized).');
        }
      }
    }

    // Every member now has its field; settle groups and unions, then annotations.
    root.finishGroup();
    for (const member of this.allMembers) {
      let targetsFlag: 'targetsParam' | 'targetsField' | 'targetsUnion' | 'targetsGroup';
      if (member.isParam) {
        targetsFlag = 'targetsParam';
      } else if (member.kind === 'field') {
        targetsFlag = 'targetsField';
      } else {
        member.finishGroup();
        targetsFlag = member.kind === 'union' ? 'targetsUnion' : 'targetsGroup';
      }
      member.getField().annotations = translator.compileAnnotationApplications(member.annotations, targetsFlag);
    }

    struct.dataWordCount = this.layout.dataWordCount;
    struct.pointerCount = this.layout.pointerCount;
    struct.preferredListEncoding = ElementSize.INLINE_COMPOSITE;
    // Groups share their struct's sections.
    for (const group of translator.groups) {
      const groupStruct = (group.node as Extract<Node, { struct: unknown }>).struct;
      groupStruct.dataWordCount = struct.dataWordCount;
      groupStruct.pointerCount = struct.pointerCount;
      groupStruct.preferredListEncoding = struct.preferredListEncoding;
    }
  }
}
