/**
 * Interfaces: a call names its interface by id and its method by ordinal, and carries its
 * parameters and results as structs. So methods keep their ordinals, superclasses stay, and
 * each method's parameter and result structs are compared field by field as structs (whether
 * declared inline or as named struct types; their type ids are not on the wire).
 */
import type { Method, Node } from '../schema/index.js';
import { compareAnnotations } from './annotation-rules.js';
import type { Comparison, Place } from './comparison.js';
import { compareParameters } from './generic-rules.js';
import { methodKey, paramKey } from './positions.js';
import { RULES } from './rules.js';
import { compareStructs, type StructContext } from './struct-rules.js';
import { sameBrand } from './values-and-types.js';

/** `capnp/stream.capnp`'s StreamResult: the results of a `-> stream` method. */
export const STREAM_RESULT_ID = 0x995f9a3377c0b16en;

type InterfaceNode = Extract<Node, { interface: unknown }>;

export function compareInterfaces(cx: Comparison, oldNode: InterfaceNode, newNode: InterfaceNode): void {
  const before = oldNode.interface.methods ?? [];
  const after = newNode.interface.methods ?? [];
  const oldScope = cx.old.scopePath(oldNode);
  const newScope = cx.new_.scopePath(newNode);
  const oldPlace = (name: string): Place => ({ node: oldNode, key: methodKey(oldScope, name), fallbackKey: oldScope });
  const newPlace = (name: string): Place => ({ node: newNode, key: methodKey(newScope, name), fallbackKey: newScope });
  before.forEach((method, ordinal) => {
    const name = method.name ?? '';
    const subject = `${oldScope}.${name}`;
    const now = after[ordinal];
    if (now === undefined) {
      cx.reportOld(RULES.methodRemoved, subject, `method '${subject}' (@${ordinal}) was removed: calls from old clients fail as unimplemented`, oldPlace(name), { node: newNode, key: newScope });
      return;
    }
    const movedTo = after.findIndex((m) => m.name === name);
    if (movedTo >= 0 && movedTo !== ordinal) {
      cx.report(RULES.methodRenumbered, subject, `method '${subject}' changed ordinal from @${ordinal} to @${movedTo}: calls are sent by ordinal, so old clients would call another method`, newPlace(name), oldPlace(name));
      return;
    }
    const newName = now.name ?? '';
    if (newName !== name) {
      cx.report(RULES.methodRenamed, subject, `method '${subject}' (@${ordinal}) was renamed to '${newName}' (calls are by ordinal; generated code changes)`, newPlace(newName), oldPlace(name));
    }
    compareMethod(cx, { node: oldNode, scope: oldScope, method, subject }, { node: newNode, scope: newScope, method: now }, oldPlace(name), newPlace(newName));
  });
  for (let ordinal = before.length; ordinal < after.length; ordinal++) {
    const name = after[ordinal]!.name ?? '';
    cx.report(RULES.methodAdded, `${newScope}.${name}`, `new method '${newScope}.${name}' (@${ordinal})`, newPlace(name), null);
  }
  compareSuperclasses(cx, oldNode, newNode, oldScope, { node: newNode, key: newScope }, { node: oldNode, key: oldScope });
}

interface MethodSide {
  readonly node: Node;
  readonly scope: string;
  readonly method: Method;
}

function compareMethod(cx: Comparison, before: MethodSide & { subject: string }, after: MethodSide, oldAt: Place, newAt: Place): void {
  const subject = before.subject;
  const wasStream = before.method.resultStructType === STREAM_RESULT_ID;
  const isStream = after.method.resultStructType === STREAM_RESULT_ID;
  if (wasStream !== isStream) {
    cx.report(RULES.methodStreamChanged, subject, `method '${subject}' ${isStream ? 'became' : 'is no longer'} '-> stream': flow control and the generated client change (the results are compared as structs)`, newAt, oldAt);
  }
  compareParameters(cx, before.method.implicitParameters, after.method.implicitParameters, subject, newAt, oldAt);
  compareMethodStruct(cx, before, after, false, newAt, oldAt);
  compareMethodStruct(cx, before, after, true, newAt, oldAt);
  compareAnnotations(cx, before.method.annotations, after.method.annotations, subject, newAt, oldAt);
}

function compareMethodStruct(cx: Comparison, before: MethodSide & { subject: string }, after: MethodSide, isResult: boolean, newAt: Place, oldAt: Place): void {
  const oldId = isResult ? before.method.resultStructType : before.method.paramStructType;
  const newId = isResult ? after.method.resultStructType : after.method.paramStructType;
  const oldStruct = cx.old.node(oldId);
  const newStruct = cx.new_.node(newId);
  if (oldStruct === undefined || newStruct === undefined || !('struct' in oldStruct) || !('struct' in newStruct)) return;
  const implicit = (node: Node): boolean => node.scopeId === 0n;
  const noun = isResult ? 'result' : 'parameter';
  const subject = before.subject;
  const oldBrand = isResult ? before.method.resultBrand : before.method.paramBrand;
  const newBrand = isResult ? after.method.resultBrand : after.method.paramBrand;
  if (oldId === newId && !implicit(oldStruct)) {
    // A named struct, compared on its own; only how the method binds it matters here.
    if (!sameBrand(oldBrand, newBrand, cx.typeComparison(subject, newAt))) {
      cx.report(RULES.methodStructChanged, subject, `method '${subject}' binds its ${noun} struct's generic parameters differently`, newAt, oldAt);
    }
    return;
  }
  const streamChange = isResult && (oldId === STREAM_RESULT_ID) !== (newId === STREAM_RESULT_ID);
  if (oldId !== newId && !(implicit(oldStruct) && implicit(newStruct)) && !streamChange) {
    const describe = (node: Node, version: typeof cx.old): string => (implicit(node) ? 'an inline list' : `'${version.scopePath(node)}'`);
    cx.report(RULES.methodStructChanged, subject, `method '${subject}' ${isResult ? 'results' : 'parameters'} changed from ${describe(oldStruct, cx.old)} to ${describe(newStruct, cx.new_)} (compared field by field)`, newAt, oldAt);
  }
  const oldName = before.method.name ?? '';
  const newName = after.method.name ?? '';
  const context: StructContext = {
    noun,
    subject: (path) => `${subject}(${path.join('.')})`,
    oldPlace: (path) => implicit(oldStruct)
      ? { node: before.node, key: paramKey(before.scope, oldName, isResult, path.join('.')), fallbackKey: methodKey(before.scope, oldName) }
      : { node: oldStruct, key: `${cx.old.scopePath(oldStruct)}/${path.join('.')}`, fallbackKey: cx.old.scopePath(oldStruct) },
    newPlace: (path) => implicit(newStruct)
      ? { node: after.node, key: paramKey(after.scope, newName, isResult, path.join('.')), fallbackKey: methodKey(after.scope, newName) }
      : { node: newStruct, key: `${cx.new_.scopePath(newStruct)}/${path.join('.')}`, fallbackKey: cx.new_.scopePath(newStruct) },
    newScope: newAt,
    isParams: !isResult,
    scopeMap: new Map([[oldId, newId]]),
  };
  compareStructs(cx, oldStruct, newStruct, context);
}

function compareSuperclasses(cx: Comparison, oldNode: InterfaceNode, newNode: InterfaceNode, subject: string, newAt: Place, oldAt: Place): void {
  const before = oldNode.interface.superclasses ?? [];
  const after = newNode.interface.superclasses ?? [];
  const name = (id: bigint, version: typeof cx.old): string => {
    const node = version.node(id);
    return node === undefined ? `@0x${id.toString(16)}` : version.scopePath(node);
  };
  for (const superclass of before) {
    const now = after.find((s) => s.id === superclass.id);
    if (now === undefined) {
      cx.report(RULES.superclassRemoved, subject, `'${subject}' no longer extends '${name(superclass.id, cx.old)}': calls to its methods fail as unimplemented`, newAt, oldAt);
    } else if (!sameBrand(superclass.brand, now.brand, cx.typeComparison(subject, newAt))) {
      cx.report(RULES.superclassRemoved, subject, `'${subject}' extends '${name(superclass.id, cx.old)}' with other generic bindings`, newAt, oldAt);
    }
  }
  for (const superclass of after) {
    if (before.some((s) => s.id === superclass.id)) continue;
    cx.report(RULES.superclassAdded, subject, `'${subject}' now also extends '${name(superclass.id, cx.new_)}'`, newAt, oldAt);
  }
}
