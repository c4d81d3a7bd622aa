/**
 * The structural rules a compiled node must satisfy before other nodes may rely on it (the
 * checks the reference compiler's schema loader applies). A node breaks them only when the
 * schema had errors, which were reported already; what matters is the consequence: such a
 * node is not used to interpret values, so no follow-up errors are reported against it, just
 * as in the reference compiler.
 *
 * Checking a node also visits the ids of the types it uses, in a fixed order (and up to the
 * first rule broken). The reference's loader creates an empty stand-in for each such type
 * not loaded yet; whether a stand-in exists decides some follow-up errors, so the visit order
 * matters.
 */
import { NO_DISCRIMINANT, type Brand, type Node, type Type, type Value } from '../../schema/types.js';

export class SchemaValidationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SchemaValidationError';
  }
}

export type NodeKind = 'struct' | 'enum' | 'interface';

/** Called for each type id a node uses, with the kind it is used as. */
export type TypeIdVisitor = (id: bigint, kind: NodeKind) => void;

const NON_POINTER_TYPES = new Set([
  'void', 'bool', 'int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64', 'float32', 'float64', 'enum',
]);

const DATA_BITS: Record<string, number> = {
  void: 0, bool: 1, int8: 8, int16: 16, int32: 32, int64: 64, uint8: 8, uint16: 16, uint32: 32, uint64: 64,
  float32: 32, float64: 64, enum: 16,
};

class Validator {
  private readonly node: Node;
  private readonly visit: TypeIdVisitor;

  constructor(node: Node, visit: TypeIdVisitor) {
    this.node = node;
    this.visit = visit;
  }

  fail(message: string): never {
    throw new SchemaValidationError(`${this.node.displayName ?? ''}: ${message}`);
  }

  brand(brand: Brand | null): void {
    for (const scope of brand?.scopes ?? []) {
      if (!('bind' in scope)) continue;
      for (const binding of scope.bind ?? []) {
        if (!('type' in binding) || binding.type === null) continue;
        this.type(binding.type);
        if (NON_POINTER_TYPES.has(Object.keys(binding.type)[0]!)) this.fail('generic type parameter must be a pointer type');
      }
    }
  }

  type(type: Type): void {
    if ('struct' in type) {
      this.visit(type.struct.typeId, 'struct');
      this.brand(type.struct.brand);
    } else if ('enum' in type) {
      this.visit(type.enum.typeId, 'enum');
      this.brand(type.enum.brand);
    } else if ('interface' in type) {
      this.visit(type.interface.typeId, 'interface');
      this.brand(type.interface.brand);
    } else if ('list' in type && type.list.elementType !== null) {
      this.type(type.list.elementType);
    }
  }

  /** Checks a type and its value; returns the value's size for offset checks. */
  value(type: Type, value: Value | null): { bits: number; isPointer: boolean } {
    this.type(type);
    const which = Object.keys(type)[0]!;
    // A missing value reads as the default Value, which is Void.
    const valueWhich = value === null ? 'void' : Object.keys(value)[0];
    if (valueWhich !== which) this.fail('value did not match type');
    return { bits: DATA_BITS[which] ?? 0, isPointer: !(which in DATA_BITS) };
  }

  codeOrders(count: number): (codeOrder: number) => void {
    const seen = new Set<number>();
    return (codeOrder) => {
      if (codeOrder >= count || seen.has(codeOrder)) this.fail('invalid codeOrder');
      seen.add(codeOrder);
    };
  }

  names(): (name: string | null) => void {
    const seen = new Set<string>();
    return (name) => {
      if (seen.has(name ?? '')) this.fail(`duplicate name ${name}`);
      seen.add(name ?? '');
    };
  }

  validate(): void {
    const node = this.node;
    if ((node.parameters ?? []).length > 0 && !node.isGeneric) this.fail('if parameter list is non-empty, isGeneric must be true');
    if ('struct' in node) this.struct(node.struct, node.scopeId);
    else if ('enum' in node) {
      const enumerants = node.enum.enumerants ?? [];
      const name = this.names();
      const codeOrder = this.codeOrders(enumerants.length);
      for (const enumerant of enumerants) {
        name(enumerant.name);
        codeOrder(enumerant.codeOrder);
      }
    } else if ('interface' in node) {
      for (const superclass of node.interface.superclasses ?? []) {
        this.visit(superclass.id, 'interface');
        this.brand(superclass.brand);
      }
      const methods = node.interface.methods ?? [];
      const name = this.names();
      const codeOrder = this.codeOrders(methods.length);
      for (const method of methods) {
        name(method.name);
        codeOrder(method.codeOrder);
        this.visit(method.paramStructType, 'struct');
        this.brand(method.paramBrand);
        this.visit(method.resultStructType, 'struct');
        this.brand(method.resultBrand);
      }
    } else if ('const' in node) {
      if (node.const.type !== null) this.value(node.const.type, node.const.value);
    } else if ('annotation' in node) {
      if (node.annotation.type !== null) this.type(node.annotation.type);
    }
  }

  private struct(struct: Extract<Node, { struct: unknown }>['struct'], scopeId: bigint): void {
    const fields = struct.fields ?? [];
    const dataBits = struct.dataWordCount * 64;
    if (struct.discriminantCount > 0) {
      if (struct.discriminantCount === 1) this.fail('union must have at least two members');
      if (struct.discriminantCount > fields.length) this.fail("struct can't have more union fields than total fields");
      if ((struct.discriminantOffset + 1) * 16 > dataBits) this.fail('union discriminant is out-of-bounds');
    }
    const name = this.names();
    const codeOrder = this.codeOrders(fields.length);
    const discriminants = new Set<number>();
    let nextOrdinal = 0;
    for (const field of fields) {
      name(field.name);
      codeOrder(field.codeOrder);
      if ('explicit' in field.ordinal) {
        if (field.ordinal.explicit < nextOrdinal) this.fail('fields were not ordered by ordinal');
        nextOrdinal = field.ordinal.explicit + 1;
      }
      if (field.discriminantValue !== NO_DISCRIMINANT) {
        if (field.discriminantValue >= struct.discriminantCount || discriminants.has(field.discriminantValue)) this.fail('invalid discriminantValue');
        discriminants.add(field.discriminantValue);
      }
      if ('slot' in field) {
        if (field.slot.type === null) continue;
        const { bits, isPointer } = this.value(field.slot.type, field.slot.defaultValue);
        if (bits * (field.slot.offset + 1) > dataBits || (isPointer ? 1 : 0) * (field.slot.offset + 1) > struct.pointerCount) {
          this.fail('field offset out-of-bounds');
        }
      } else {
        this.visit(field.group.typeId, 'struct');
      }
    }
    if (struct.isGroup && scopeId === 0n) this.fail('group node missing scopeId');
  }
}

/**
 * Throws `SchemaValidationError` if `node` breaks the schema rules. `visit` sees each type id
 * the node uses, in the reference's order, up to the first rule broken.
 */
export function validateNode(node: Node, visit: TypeIdVisitor = () => {}): void {
  new Validator(node, visit).validate();
}
