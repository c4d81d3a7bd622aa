/**
 * The syntax tree of a schema file, as the parser produces it. Its shape follows the reference
 * compiler's own (so that both compilers can make the same decisions on it): every
 * declaration is a `Declaration`, files included, and names keep their source positions for
 * error messages.
 *
 * Where the source failed to parse, the parser leaves placeholders with empty positions (an
 * `unknown` expression, an empty name) instead of dropping the element, so that later errors
 * are reported where the reference compiler reports them.
 */
import type { Located } from '../diagnostics.js';

export interface LocatedText extends Located {
  readonly value: string;
}

export interface LocatedInteger extends Located {
  readonly value: bigint;
}

export const NO_NAME: LocatedText = { value: '', startByte: 0, endByte: 0 };

export type Expression = Located & ExpressionBody;

export type ExpressionBody =
  /** Something that failed to parse (already reported); later stages ignore it. */
  | { readonly kind: 'unknown' }
  | { readonly kind: 'positiveInt'; readonly value: bigint }
  /** `-N`, holding N. */
  | { readonly kind: 'negativeInt'; readonly value: bigint }
  | { readonly kind: 'float'; readonly value: number }
  /** `bytes` as written (escapes may produce bytes that are not UTF-8); `value` decoded. */
  | { readonly kind: 'string'; readonly value: string; readonly bytes: Uint8Array }
  | { readonly kind: 'binary'; readonly value: Uint8Array }
  /** A bare identifier. */
  | { readonly kind: 'relativeName'; readonly name: LocatedText }
  /** `.name`: looked up from the file's top scope. */
  | { readonly kind: 'absoluteName'; readonly name: LocatedText }
  | { readonly kind: 'import'; readonly path: LocatedText }
  | { readonly kind: 'embed'; readonly path: LocatedText }
  | { readonly kind: 'list'; readonly elements: readonly Expression[] }
  /** `(a = 1, b)`: a parenthesized list that is not a single unnamed value. */
  | { readonly kind: 'tuple'; readonly params: readonly ExpressionParam[] }
  /** `function(params)`: generic arguments, or (for annotations) a value. */
  | { readonly kind: 'application'; readonly function: Expression; readonly params: readonly ExpressionParam[] }
  | { readonly kind: 'member'; readonly parent: Expression; readonly name: LocatedText };

export interface ExpressionParam {
  /** `name = value`; null for an unnamed value. */
  readonly name: LocatedText | null;
  readonly value: Expression;
}

export const UNKNOWN_EXPRESSION: Expression = { kind: 'unknown', startByte: 0, endByte: 0 };

export interface BrandParameter extends Located {
  readonly name: string;
}

export interface AnnotationApplication {
  readonly name: Expression;
  /** Null when the annotation is applied without a value (meaning Void). */
  readonly value: Expression | null;
}

export type DeclarationId =
  | { readonly kind: 'unspecified' }
  | { readonly kind: 'uid'; readonly value: LocatedInteger }
  | { readonly kind: 'ordinal'; readonly value: LocatedInteger };

export interface Param extends Located {
  readonly name: LocatedText;
  readonly type: Expression;
  readonly annotations: readonly AnnotationApplication[];
  readonly defaultValue: Expression | null;
}

export type ParamList = Located & (
  | { readonly kind: 'namedList'; readonly params: readonly Param[] }
  /** A struct type used whole as the params or results. */
  | { readonly kind: 'type'; readonly type: Expression }
  /** The keyword `stream`. */
  | { readonly kind: 'stream' }
);

export const ANNOTATION_TARGETS = [
  'targetsFile', 'targetsConst', 'targetsEnum', 'targetsEnumerant', 'targetsStruct', 'targetsField',
  'targetsUnion', 'targetsGroup', 'targetsInterface', 'targetsMethod', 'targetsParam', 'targetsAnnotation',
] as const;
export type AnnotationTarget = (typeof ANNOTATION_TARGETS)[number];
export type AnnotationTargets = Record<AnnotationTarget, boolean>;

export type DeclarationBody =
  | { readonly kind: 'file' }
  | { readonly kind: 'using'; readonly target: Expression }
  | { readonly kind: 'const'; readonly type: Expression; readonly value: Expression }
  | { readonly kind: 'enum' }
  | { readonly kind: 'enumerant' }
  | { readonly kind: 'struct' }
  | { readonly kind: 'field'; readonly type: Expression; readonly defaultValue: Expression | null }
  | { readonly kind: 'union' }
  | { readonly kind: 'group' }
  | { readonly kind: 'interface'; readonly superclasses: readonly Expression[] }
  | { readonly kind: 'method'; readonly params: ParamList; readonly results: ParamList | null }
  | { readonly kind: 'annotation'; readonly type: Expression; readonly targets: AnnotationTargets }
  /** `@0x...;` at file level: the file's id. */
  | { readonly kind: 'nakedId'; readonly id: LocatedInteger }
  /** `$annotation;` at file level: applies to the file. */
  | { readonly kind: 'nakedAnnotation'; readonly annotation: AnnotationApplication };

export type DeclarationKind = DeclarationBody['kind'];

export interface Declaration extends Located {
  /** Empty (with no position) for unnamed unions and declarations whose name failed to parse. */
  name: LocatedText;
  id: DeclarationId;
  readonly parameters: readonly BrandParameter[];
  nestedDecls: Declaration[];
  annotations: AnnotationApplication[];
  docComment: string | null;
  startByte: number;
  endByte: number;
  readonly body: DeclarationBody;
}
