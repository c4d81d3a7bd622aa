/**
 * A struct type (or group) as the dynamic API reads it: its sections' sizes, its union, and its
 * fields (resolved on first use) by name, by discriminant and in code order.
 */
import { CapnpError } from '../wire/index.js';
import type { Annotation } from '../schema/index.js';
import type { Bindings } from './bindings.js';
import { BrandedNode, type StructNode } from './nodes.js';
import type { SchemaLoader } from './schema.js';
import { StructField } from './struct-field.js';
import type { DynamicType } from './types.js';

/** A struct type (or group), as bound at a use when generic. */
export class StructSchema extends BrandedNode<StructNode> {
  readonly kind = 'struct' as const;
  readonly dataWords: number;
  readonly pointerCount: number;
  readonly isGroup: boolean;
  readonly discriminantCount: number;
  /** Byte offset of the union's discriminant in the data section. */
  readonly discriminantOffset: number;
  private fieldList?: StructField[];
  private byName?: Map<string, StructField>;
  private byDiscriminant?: StructField[];
  private unionList?: StructField[];
  private nonUnionList?: StructField[];
  private codeOrderList?: StructField[];

  constructor(loader: SchemaLoader, node: StructNode, bindings: Bindings, brandKey: string) {
    super(loader, node, bindings, brandKey);
    this.dataWords = node.struct.dataWordCount;
    this.pointerCount = node.struct.pointerCount;
    this.isGroup = node.struct.isGroup;
    this.discriminantCount = node.struct.discriminantCount;
    this.discriminantOffset = node.struct.discriminantOffset * 2;
  }

  /** Fields in the schema's order (`Field.index`). */
  get fields(): readonly StructField[] {
    if (!this.fieldList) {
      this.fieldList = (this.node.struct.fields ?? []).map((proto, index) => {
        const type: DynamicType = 'group' in proto
          ? { kind: 'struct', schema: this.loader.structSchema(proto.group.typeId, this.bindings) }
          : this.loader.resolveType(proto.slot.type, this.bindings);
        return new StructField(this, proto, index, type);
      });
    }
    return this.fieldList;
  }

  /** Fields sorted by code order (declaration order), as generated code lists them. */
  get fieldsInCodeOrder(): readonly StructField[] {
    return (this.codeOrderList ??= [...this.fields].sort((a, b) => a.codeOrder - b.codeOrder));
  }

  get unionFields(): readonly StructField[] {
    return (this.unionList ??= this.fields.filter((f) => f.inUnion));
  }

  get nonUnionFields(): readonly StructField[] {
    return (this.nonUnionList ??= this.fields.filter((f) => !f.inUnion));
  }

  findField(name: string): StructField | undefined {
    if (!this.byName) {
      this.byName = new Map();
      for (const field of this.fields) this.byName.set(field.name, field);
    }
    return this.byName.get(name);
  }

  field(name: string): StructField {
    const field = this.findField(name);
    if (!field) throw new CapnpError('INVALID_ARGUMENT', `struct ${this.shortName} has no field named '${name}'`);
    return field;
  }

  /** The union member with discriminant `value`, if the schema knows one. */
  fieldByDiscriminant(value: number): StructField | undefined {
    if (!this.byDiscriminant) {
      this.byDiscriminant = [];
      for (const field of this.unionFields) this.byDiscriminant[field.discriminant] = field;
    }
    return this.byDiscriminant[value];
  }

  /** Annotations on the struct node. */
  get annotations(): readonly Annotation[] {
    return this.node.annotations ?? [];
  }
}
