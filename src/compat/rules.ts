/**
 * The catalogue of evolution rules: one stable id per kind of change, its severity, and what
 * it means. Ids never change meaning (CI configurations and scripts key on them); new rules
 * get new ids. docs/evolution.md explains each with an example that the tests run.
 */
import type { Severity } from './types.js';

export interface Rule {
  readonly id: string;
  readonly severity: Severity;
  /** What the rule covers, in a few words. */
  readonly summary: string;
}

const rule = (id: string, severity: Severity, summary: string): Rule => ({ id, severity, summary });

export const RULES = {
  // Declarations (structs, enums, interfaces, constants, annotations) and files
  declarationAdded: rule('declaration-added', 'compatible', 'a new type, constant or annotation'),
  typeRemoved: rule('type-removed', 'wire-breaking', 'a struct, enum or interface was removed (or its implicit id changed with its name or scope)'),
  declarationRemoved: rule('declaration-removed', 'source-breaking', 'a constant or annotation was removed'),
  typeIdChanged: rule('type-id-changed', 'wire-breaking', "a declaration's id changed (an explicit id edited, or an implicit one recomputed)"),
  typeKindChanged: rule('type-kind-changed', 'wire-breaking', 'an id now names a different kind of declaration'),
  typeRenamed: rule('type-renamed', 'source-breaking', 'a declaration with an explicit id was renamed'),
  typeMoved: rule('type-moved', 'source-breaking', 'a declaration with an explicit id moved to another scope or file'),
  fileIdChanged: rule('file-id-changed', 'source-breaking', "a file's id changed (the implicit ids derived from it change too)"),

  // Struct fields (also method parameters and results)
  fieldAdded: rule('field-added', 'compatible', 'a new field (a higher ordinal), in the struct, a group or a union'),
  fieldRemoved: rule('field-removed', 'wire-breaking', 'a field (an ordinal) was removed'),
  fieldRenumbered: rule('field-renumbered', 'wire-breaking', 'a field now has another ordinal'),
  fieldRenamed: rule('field-renamed', 'source-breaking', 'a field, group or union was renamed (ordinal kept)'),
  fieldTypeChanged: rule('field-type-changed', 'wire-breaking', "a field's type changed"),
  fieldListUpgraded: rule('field-list-upgraded', 'source-breaking', 'List(T) became a list of structs whose @0 field is a T'),
  fieldDefaultChanged: rule('field-default-changed', 'wire-breaking', "a field's default value changed"),
  fieldLayoutChanged: rule('field-layout-changed', 'wire-breaking', "a field's position in the struct's data or pointer section changed"),
  fieldGroupChanged: rule('field-group-changed', 'source-breaking', 'a field moved into, out of or between groups, at the same position'),
  fieldMovedIntoNewUnion: rule('field-moved-into-new-union', 'source-breaking', 'an existing field became the first member of a new union'),
  fieldUnionChanged: rule('field-union-changed', 'wire-breaking', 'a field moved into an existing union, out of a union, or changed its union tag'),
  paramAddedWithoutDefault: rule('param-added-without-default', 'source-breaking', 'a new method parameter has no explicit default'),

  // Enums
  enumerantAdded: rule('enumerant-added', 'compatible', 'a new enumerant (a higher ordinal)'),
  enumerantRemoved: rule('enumerant-removed', 'wire-breaking', 'an enumerant was removed'),
  enumerantRenumbered: rule('enumerant-renumbered', 'wire-breaking', 'an enumerant now has another ordinal'),
  enumerantRenamed: rule('enumerant-renamed', 'source-breaking', 'an enumerant was renamed (ordinal kept)'),

  // Interfaces
  methodAdded: rule('method-added', 'compatible', 'a new method (a higher ordinal)'),
  methodRemoved: rule('method-removed', 'wire-breaking', 'a method was removed'),
  methodRenumbered: rule('method-renumbered', 'wire-breaking', 'a method now has another ordinal'),
  methodRenamed: rule('method-renamed', 'source-breaking', 'a method was renamed (ordinal kept)'),
  methodStructChanged: rule('method-struct-changed', 'source-breaking', "a method's parameter or result struct is another struct type (compared field by field)"),
  methodStreamChanged: rule('method-stream-changed', 'source-breaking', 'a method became or stopped being `-> stream`'),
  superclassAdded: rule('superclass-added', 'compatible', 'an interface extends one more interface'),
  superclassRemoved: rule('superclass-removed', 'wire-breaking', 'an interface no longer extends an interface (or binds it differently)'),

  // Generics
  genericParameterAdded: rule('generic-parameter-added', 'source-breaking', 'a type or method became generic or got a new parameter'),
  genericParameterRemoved: rule('generic-parameter-removed', 'wire-breaking', 'a generic parameter was removed'),
  genericParameterRenamed: rule('generic-parameter-renamed', 'source-breaking', 'a generic parameter was renamed (position kept)'),
  fieldMadeGeneric: rule('field-made-generic', 'source-breaking', "a field's type became a generic parameter"),
  genericBindingChanged: rule('generic-binding-changed', 'wire-breaking', 'a use of a newly generic type binds the parameter to a type other than the one it replaced'),

  // Constants and annotations (never on the wire)
  constChanged: rule('const-changed', 'source-breaking', "a constant's type or value changed"),
  annotationChanged: rule('annotation-changed', 'compatible', 'an annotation was applied, removed or given another value'),
  jsonMappingChanged: rule('json-mapping-changed', 'source-breaking', 'a `capnp/compat/json.capnp` annotation changed: the JSON form changes'),
  generatedNameChanged: rule('generated-name-changed', 'source-breaking', 'a `$Cxx.name` or `$Cxx.namespace` annotation changed: generated names change'),
  annotationDefinitionChanged: rule('annotation-definition-changed', 'source-breaking', "an annotation declaration's type or targets changed"),
} as const satisfies Record<string, Rule>;

export type RuleName = keyof typeof RULES;

/** Every rule, by id. */
export const RULES_BY_ID: ReadonlyMap<string, Rule> = new Map(Object.values(RULES).map((r) => [r.id, r]));
