/**
 * A constant: its type and the raw value the schema holds (`constantValue` in messages.ts
 * reads it as a dynamic value).
 */
import type { Value } from '../schema/index.js';
import { NamedNode, type ConstNode } from './nodes.js';
import type { DynamicType } from './types.js';

export class ConstSchema extends NamedNode<ConstNode> {
  readonly kind = 'const' as const;
  readonly type: DynamicType;

  constructor(node: ConstNode, type: DynamicType) {
    super(node);
    this.type = type;
  }

  /** The raw value union of the constant (see `constantValue` for the dynamic value). */
  get value(): Value | null {
    return this.node.const.value;
  }
}
