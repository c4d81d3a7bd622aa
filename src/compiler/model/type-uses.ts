/**
 * Which types a compiled node uses as the reference's schema loader counts them: the types it
 * loads alongside a node (field and constant types, superclasses, method params and results,
 * and every type bound in their brands). An annotation's own type is not among them.
 */
import type { Brand, Node, Type } from '../../schema/types.js';

/** Whether `node` uses the type `id` (see the module comment for what counts). */
export function nodeUsesType(node: Node, id: bigint): boolean {
  if ('struct' in node) {
    return (node.struct.fields ?? []).some((field) => 'slot' in field && field.slot.type !== null && typeUses(field.slot.type, id));
  }
  if ('interface' in node) {
    const { superclasses, methods } = node.interface;
    if ((superclasses ?? []).some((superclass) => superclass.id === id || brandUses(superclass.brand, id))) return true;
    return (methods ?? []).some((method) =>
      method.paramStructType === id || method.resultStructType === id || brandUses(method.paramBrand, id) || brandUses(method.resultBrand, id));
  }
  if ('const' in node) return node.const.type !== null && typeUses(node.const.type, id);
  return false;
}

function typeUses(type: Type, id: bigint): boolean {
  if ('list' in type) return type.list.elementType !== null && typeUses(type.list.elementType, id);
  if ('struct' in type) return type.struct.typeId === id || brandUses(type.struct.brand, id);
  if ('interface' in type) return type.interface.typeId === id || brandUses(type.interface.brand, id);
  if ('enum' in type) return type.enum.typeId === id;
  return false;
}

function brandUses(brand: Brand | null, id: bigint): boolean {
  for (const scope of brand?.scopes ?? []) {
    if (!('bind' in scope)) continue;
    for (const binding of scope.bind ?? []) if ('type' in binding && binding.type !== null && typeUses(binding.type, id)) return true;
  }
  return false;
}
