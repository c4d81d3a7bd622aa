/**
 * `compareSchemas(old, new)`: every change between two versions of a schema, each with its
 * severity and rule. Declarations are paired by id (match.ts), then compared by kind: structs
 * field by field on their compiled layouts (struct-rules.ts), enums, interfaces with their
 * methods' parameter and result structs, constants, annotations, generic parameters.
 */
import { formatId } from '../compiler/index.js';
import { nodeKind, type Node } from '../schema/index.js';
import { compareAnnotations } from './annotation-rules.js';
import { Comparison, type Place } from './comparison.js';
import { compareEnums } from './enum-rules.js';
import { checkBindings, compareParameters } from './generic-rules.js';
import { compareInterfaces } from './interface-rules.js';
import { matchNodes } from './match.js';
import { memberKey } from './positions.js';
import { RULES } from './rules.js';
import { IndexedVersion, toSchemaVersion } from './schema-version.js';
import { compareStructs } from './struct-rules.js';
import type { CompareOptions, CompatReport, SchemaInput, Severity } from './types.js';
import { compareTypes, sameValue, typeName, describeValue } from './values-and-types.js';

const KIND_NAMES: Record<string, string> = {
  struct: 'struct', enum: 'enum', interface: 'interface', const: 'constant', annotation: 'annotation', file: 'file',
};

/**
 * Compares two versions of a schema. Each side is a `SchemaVersion` (a compiled request and
 * the files compared, with their sources for line numbers: see `compileSchemaVersion`), a
 * `CodeGeneratorRequest` (its requested files are compared) or a list of nodes.
 *
 * ```ts
 * const report = compareSchemas(oldRequest, newRequest);
 * if (!report.wireCompatible) for (const c of report.changes) console.log(formatChange(c));
 * ```
 */
export function compareSchemas(oldInput: SchemaInput, newInput: SchemaInput, options: CompareOptions = {}): CompatReport {
  const old = new IndexedVersion(toSchemaVersion(oldInput));
  const new_ = new IndexedVersion(toSchemaVersion(newInput));
  const cx = new Comparison(old, new_);
  const matching = matchNodes(old, new_);

  for (const { old: oldFile, new: newFile } of matching.files) {
    const subject = oldFile.displayName ?? '';
    if (newFile === undefined) continue; // its declarations are reported as removed
    const at: Place = { node: newFile, key: '' };
    if (newFile.id !== oldFile.id) {
      cx.report(RULES.fileIdChanged, subject, `file '${subject}' changed id from ${formatId(oldFile.id)} to ${formatId(newFile.id)}: every declaration without an explicit id gets a new id`, at, { node: oldFile, key: '' });
    }
    compareAnnotations(cx, oldFile.annotations, newFile.annotations, subject, at, { node: oldFile, key: '' });
  }
  for (const [oldNode, newNode] of matching.pairs) compareDeclarations(cx, oldNode, newNode, false);
  for (const [oldNode, newNode] of matching.idChanged) compareDeclarations(cx, oldNode, newNode, true);
  for (const node of matching.removed) {
    const kind = nodeKind(node);
    const subject = old.scopePath(node);
    const at: Place = { node, key: subject };
    // Reported where it was declared in the new version's enclosing scope, if that is compared.
    const parent = new_.node(node.scopeId);
    const scope: Place | null = parent !== undefined && nodeKind(parent) !== 'file' && new_.isCompared(parent) ? { node: parent, key: new_.scopePath(parent) } : null;
    if (kind === 'const' || kind === 'annotation') {
      cx.reportOld(RULES.declarationRemoved, subject, `${KIND_NAMES[kind]} '${subject}' was removed`, at, scope);
    } else {
      cx.reportOld(RULES.typeRemoved, subject, `${KIND_NAMES[kind]} '${subject}' (${formatId(node.id)}) was removed, or its id changed with a rename or move (declare the old id explicitly to keep it)`, at, scope);
    }
  }
  for (const node of matching.added) {
    const subject = new_.scopePath(node);
    cx.report(RULES.declarationAdded, subject, `new ${KIND_NAMES[nodeKind(node)]} '${subject}'`, { node, key: subject }, null);
  }
  checkBindings(cx);

  const changes = options.omitCompatible === true ? cx.changes.filter((c) => c.severity !== 'compatible') : cx.changes;
  const counts: Record<Severity, number> = { 'wire-breaking': 0, 'source-breaking': 0, compatible: 0 };
  for (const change of changes) counts[change.severity]++;
  return {
    changes,
    counts,
    wireCompatible: counts['wire-breaking'] === 0,
    sourceCompatible: counts['wire-breaking'] === 0 && counts['source-breaking'] === 0,
  };
}

function compareDeclarations(cx: Comparison, oldNode: Node, newNode: Node, idChanged: boolean): void {
  const { old, new_ } = cx;
  const subject = old.scopePath(oldNode);
  const newPath = new_.scopePath(newNode);
  const oldAt: Place = { node: oldNode, key: subject };
  const newAt: Place = { node: newNode, key: newPath };
  const kind = nodeKind(oldNode);
  if (idChanged) {
    cx.report(RULES.typeIdChanged, subject, `${KIND_NAMES[kind]} '${subject}' changed id from ${formatId(oldNode.id)} to ${formatId(newNode.id)}`, newAt, oldAt);
  }
  if (nodeKind(newNode) !== kind) {
    cx.report(RULES.typeKindChanged, subject, `'${subject}' (${formatId(oldNode.id)}) was a ${KIND_NAMES[kind]} and is now a ${KIND_NAMES[nodeKind(newNode)]}`, newAt, oldAt);
    return;
  }
  if (!idChanged) {
    const parentOf = (path: string): string => path.slice(0, Math.max(0, path.lastIndexOf('.')));
    const nameOf = (path: string): string => path.slice(path.lastIndexOf('.') + 1);
    if (old.fileKey(oldNode) !== new_.fileKey(newNode) || parentOf(subject) !== parentOf(newPath)) {
      cx.report(RULES.typeMoved, subject, `${KIND_NAMES[kind]} '${subject}' moved to '${newPath}'${old.fileKey(oldNode) !== new_.fileKey(newNode) ? ` in ${new_.fileName(newNode)}` : ''} (its explicit id keeps it the same type)`, newAt, oldAt);
    } else if (nameOf(subject) !== nameOf(newPath)) {
      cx.report(RULES.typeRenamed, subject, `${KIND_NAMES[kind]} '${subject}' was renamed to '${nameOf(newPath)}' (its explicit id keeps it the same type)`, newAt, oldAt);
    }
  }
  compareParameters(cx, oldNode.parameters, newNode.parameters, subject, newAt, oldAt);
  compareAnnotations(cx, oldNode.annotations, newNode.annotations, subject, newAt, oldAt);
  switch (kind) {
    case 'struct':
      compareStructs(cx, oldNode, newNode, {
        noun: 'field',
        subject: (path) => `${subject}.${path.join('.')}`,
        oldPlace: (path) => ({ node: oldNode, key: memberKey(subject, path), fallbackKey: subject }),
        newPlace: (path) => ({ node: newNode, key: memberKey(newPath, path), fallbackKey: newPath }),
        newScope: newAt,
        isParams: false,
      });
      break;
    case 'enum':
      compareEnums(cx, oldNode as Node & { enum: unknown }, newNode as Node & { enum: unknown });
      break;
    case 'interface':
      compareInterfaces(cx, oldNode as Extract<Node, { interface: unknown }>, newNode as Extract<Node, { interface: unknown }>);
      break;
    case 'const':
      compareConsts(cx, oldNode as Extract<Node, { const: unknown }>, newNode as Extract<Node, { const: unknown }>, subject, newAt, oldAt);
      break;
    case 'annotation':
      compareAnnotationDefinitions(cx, oldNode as Extract<Node, { annotation: unknown }>, newNode as Extract<Node, { annotation: unknown }>, subject, newAt, oldAt);
      break;
    default:
      break;
  }
}

/** Constants are compiled into the programs that use them: a change is a source change. */
function compareConsts(cx: Comparison, oldNode: Extract<Node, { const: unknown }>, newNode: Extract<Node, { const: unknown }>, subject: string, newAt: Place, oldAt: Place): void {
  const types = cx.typeComparison(subject, newAt);
  if (compareTypes(oldNode.const.type, newNode.const.type, types) !== 'same') {
    cx.report(RULES.constChanged, subject, `constant '${subject}' changed type from ${typeName(oldNode.const.type, cx.old)} to ${typeName(newNode.const.type, cx.new_)}`, newAt, oldAt);
  } else if (!sameValue(oldNode.const.value, newNode.const.value)) {
    cx.report(RULES.constChanged, subject, `constant '${subject}' changed value from ${describeValue(oldNode.const.value)} to ${describeValue(newNode.const.value)} (programs built with the old value keep it)`, newAt, oldAt);
  }
}

const TARGETS = [
  'targetsFile', 'targetsConst', 'targetsEnum', 'targetsEnumerant', 'targetsStruct', 'targetsField', 'targetsUnion', 'targetsGroup',
  'targetsInterface', 'targetsMethod', 'targetsParam', 'targetsAnnotation',
] as const;

function compareAnnotationDefinitions(cx: Comparison, oldNode: Extract<Node, { annotation: unknown }>, newNode: Extract<Node, { annotation: unknown }>,
  subject: string, newAt: Place, oldAt: Place): void {
  const types = cx.typeComparison(subject, newAt);
  if (compareTypes(oldNode.annotation.type, newNode.annotation.type, types) !== 'same') {
    cx.report(RULES.annotationDefinitionChanged, subject, `annotation '${subject}' changed type from ${typeName(oldNode.annotation.type, cx.old)} to ${typeName(newNode.annotation.type, cx.new_)}`, newAt, oldAt);
  }
  const lost = TARGETS.filter((t) => oldNode.annotation[t] && !newNode.annotation[t]).map((t) => t.slice('targets'.length).toLowerCase());
  if (lost.length > 0) {
    cx.report(RULES.annotationDefinitionChanged, subject, `annotation '${subject}' can no longer be applied to: ${lost.join(', ')}`, newAt, oldAt);
  }
}
