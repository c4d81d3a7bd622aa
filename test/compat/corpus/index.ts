/** Every corpus case. */
import { ANNOTATION_CONST_CASES } from './annotations-consts.js';
import type { CompatCase } from './case.js';
import { DECLARATION_CASES } from './declarations.js';
import { ENUM_CASES } from './enums.js';
import { FIELD_CASES } from './fields.js';
import { GENERIC_CASES } from './generics.js';
import { INTERFACE_CASES } from './interfaces.js';
import { UNION_GROUP_CASES } from './unions-groups.js';

export const CORPUS: readonly CompatCase[] = [
  ...FIELD_CASES, ...UNION_GROUP_CASES, ...DECLARATION_CASES, ...ENUM_CASES, ...INTERFACE_CASES, ...GENERIC_CASES, ...ANNOTATION_CONST_CASES,
];
