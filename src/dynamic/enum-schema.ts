/**
 * An enum type: its enumerants by value and by name.
 */
import { CapnpError } from '../wire/index.js';
import type { Annotation } from '../schema/index.js';
import { NamedNode, type EnumNode } from './nodes.js';

/**
 * One enumerant of an `EnumSchema` (schema.capnp's `Enumerant`, as the dynamic API gives it: its
 * value is its ordinal). Named after its owner, as `StructField` is, so that `capstan/schema`'s
 * `Enumerant` keeps its one meaning.
 */
export interface EnumMember {
  readonly name: string;
  readonly ordinal: number;
  readonly annotations: readonly Annotation[];
}

export class EnumSchema extends NamedNode<EnumNode> {
  readonly kind = 'enum' as const;
  readonly enumerants: readonly EnumMember[];
  private readonly byName = new Map<string, number>();

  constructor(node: EnumNode) {
    super(node);
    this.enumerants = (node.enum.enumerants ?? []).map((e, ordinal) => ({ name: e.name ?? '', ordinal, annotations: e.annotations ?? [] }));
    for (const e of this.enumerants) this.byName.set(e.name, e.ordinal);
  }

  /** The enumerant's name, or undefined for a value this schema does not know. */
  name(value: number): string | undefined {
    return this.enumerants[value]?.name;
  }

  /** The value of the enumerant named `name`, or undefined. */
  value(name: string): number | undefined {
    return this.byName.get(name);
  }

  /** A value from an enumerant name or a number (checked to be a UInt16). */
  parse(value: string | number): number {
    if (typeof value === 'number') {
      if (!Number.isInteger(value) || value < 0 || value > 0xffff) {
        throw new CapnpError('INVALID_ARGUMENT', `${value} is not a valid value for enum ${this.shortName}`);
      }
      return value;
    }
    const found = this.byName.get(value);
    if (found === undefined) throw new CapnpError('INVALID_ARGUMENT', `enum ${this.shortName} has no enumerant named '${value}'`);
    return found;
  }
}
