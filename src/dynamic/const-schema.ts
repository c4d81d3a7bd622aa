/**
 * A constant: its type and the raw value the schema holds (`constantValue` in messages.ts
 * reads it as a dynamic value).
 */
import type { Value } from '../schema/index.js';
import { localName, type ConstNode } from './nodes.js';
import type { DynamicType } from './types.js';

export class ConstSchema {
  readonly kind = 'const' as const;
  readonly node: ConstNode;
  readonly id: bigint;
  readonly displayName: string;
  readonly shortName: string;
  readonly type: DynamicType;

  constructor(node: ConstNode, type: DynamicType) {
    this.node = node;
    this.id = node.id;
    this.displayName = node.displayName ?? '';
    this.shortName = localName(node);
    this.type = type;
  }

  /** The raw value union of the constant (see `constantValue` for the dynamic value). */
  get value(): Value | null {
    return this.node.const.value;
  }
}
