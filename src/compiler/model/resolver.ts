/**
 * What a name resolves to. Names are looked up relative to a declaration (its members, its
 * generic parameters, then its parents' scopes, then the built-in types); the answer is
 * either a declaration or one of the generic parameters in scope.
 */
import type { Brand } from '../../schema/types.js';
import type { CompilerNode } from './declaration-node.js';

/** Built-in declarations: the global scope's types (and `Object`, kept for its error). */
export const BUILTIN_KINDS = [
  'builtinVoid', 'builtinBool', 'builtinInt8', 'builtinInt16', 'builtinInt32', 'builtinInt64',
  'builtinUInt8', 'builtinUInt16', 'builtinUInt32', 'builtinUInt64', 'builtinFloat32', 'builtinFloat64',
  'builtinText', 'builtinData', 'builtinList', 'builtinObject', 'builtinAnyPointer', 'builtinAnyStruct',
  'builtinAnyList', 'builtinCapability',
] as const;
export type BuiltinKind = (typeof BUILTIN_KINDS)[number];

/** A declaration's kind as the parser names it, or a built-in type. */
export type DeclKind =
  | 'file' | 'using' | 'const' | 'enum' | 'enumerant' | 'struct' | 'field' | 'union' | 'group' | 'interface'
  | 'method' | 'annotation' | 'nakedId' | 'nakedAnnotation' | BuiltinKind;

export interface ResolvedDecl {
  readonly id: bigint;
  /** Non-zero for a generic declaration. */
  readonly genericParamCount: number;
  /** The id of the scope the name was found in (for an alias: the alias's scope). */
  scopeId: bigint;
  readonly kind: DeclKind;
  /** The declaration itself, to resolve further names relative to it. */
  readonly node: CompilerNode;
  /** Set when the name was an alias (`using`): the bindings the alias gave its target. */
  brand: Brand | null;
}

export interface ResolvedParameter {
  /** The declaration owning the parameter (0 for a method's implicit parameter). */
  readonly id: bigint;
  readonly index: number;
}

export type ResolveResult =
  | { readonly decl: ResolvedDecl }
  | { readonly parameter: ResolvedParameter };
