/**
 * An interface type (as bound at a use when generic): its methods, with their parameter and
 * result structs.
 */
import { CapnpError } from '../wire/index.js';
import type { Annotation } from '../schema/index.js';
import { BrandedNode, type InterfaceNode } from './nodes.js';
import type { StructSchema } from './struct-schema.js';

/**
 * One method of an `InterfaceSchema`, its parameter and result structs bound as the interface is
 * (schema.capnp's `Method`, as the dynamic API gives it). Named after its owner, as `StructField`
 * is, so that `capstan/schema`'s `Method` keeps its one meaning.
 */
export interface InterfaceMethod {
  readonly name: string;
  readonly ordinal: number;
  readonly params: StructSchema;
  readonly results: StructSchema;
  readonly annotations: readonly Annotation[];
}

export class InterfaceSchema extends BrandedNode<InterfaceNode> {
  readonly kind = 'interface' as const;
  private methodList?: InterfaceMethod[];

  get methods(): readonly InterfaceMethod[] {
    return (this.methodList ??= (this.node.interface.methods ?? []).map((m, ordinal) => ({
      name: m.name ?? '',
      ordinal,
      params: this.loader.structSchema(m.paramStructType, this.loader.brandBindings(m.paramStructType, m.paramBrand, this.bindings)),
      results: this.loader.structSchema(m.resultStructType, this.loader.brandBindings(m.resultStructType, m.resultBrand, this.bindings)),
      annotations: m.annotations ?? [],
    })));
  }

  method(name: string): InterfaceMethod {
    const method = this.methods.find((m) => m.name === name);
    if (!method) throw new CapnpError('INVALID_ARGUMENT', `interface ${this.shortName} has no method named '${name}'`);
    return method;
  }
}
