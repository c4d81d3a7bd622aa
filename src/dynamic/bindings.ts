/**
 * Generic parameters bound at a use of a type, keyed by the scope that declares them and
 * their position there. Two uses with the same bindings share one schema object.
 */
import type { DynamicType } from './types.js';

/** Generic parameters bound at a use of a type: `scopeId:index` to the bound type. */
export type Bindings = ReadonlyMap<string, DynamicType>;

export const NO_BINDINGS: Bindings = new Map();

export function bindingKey(scopeId: bigint, index: number): string {
  return `${scopeId.toString(16)}:${index}`;
}
