/**
 * Generics. A type (or method) may become generic or gain parameters, and a field's type may
 * become one of its parameters, provided every use binds that parameter to the type it
 * replaced: generic parameters are pointers on the wire, so a use bound to anything else reads
 * the old field's pointer as another type. Parameters are bound by position, so removing one
 * changes what every later binding means.
 */
import type { Node_Parameter } from '../schema/index.js';
import type { Comparison, Place } from './comparison.js';
import { RULES } from './rules.js';
import { compareTypes, typeName } from './values-and-types.js';

export function compareParameters(cx: Comparison, before: readonly Node_Parameter[] | null, after: readonly Node_Parameter[] | null,
  subject: string, newAt: Place, oldAt: Place): void {
  const oldNames = (before ?? []).map((p) => p.name ?? '');
  const newNames = (after ?? []).map((p) => p.name ?? '');
  const common = Math.min(oldNames.length, newNames.length);
  for (let i = 0; i < common; i++) {
    if (oldNames[i] !== newNames[i]) {
      cx.report(RULES.genericParameterRenamed, subject, `generic parameter ${i} of '${subject}' was renamed from ${oldNames[i]} to ${newNames[i]} (bindings are by position)`, newAt, oldAt);
    }
  }
  if (newNames.length > oldNames.length) {
    const added = newNames.slice(oldNames.length).join(', ');
    const what = oldNames.length === 0 ? `'${subject}' became generic (${added})` : `'${subject}' has new generic parameters (${added})`;
    cx.report(RULES.genericParameterAdded, subject, `${what}: every existing use must be updated to bind them`, newAt, oldAt);
  } else if (newNames.length < oldNames.length) {
    cx.report(RULES.genericParameterRemoved, subject, `generic parameters of '${subject}' were removed (${oldNames.slice(newNames.length).join(', ')}): uses that bound them now mean something else`, newAt, oldAt);
  }
}

/**
 * After every node was compared: each use (that existed in the old version) binding a new
 * parameter must bind it to the concrete type that parameter replaced.
 */
export function checkBindings(cx: Comparison): void {
  const reported = new Set<string>();
  for (const use of cx.pendingBindings) {
    if (use.bound === null) continue; // left unbound: read as AnyPointer, still the same pointer
    for (const replacement of cx.replacements) {
      if (replacement.scopeId !== use.scopeId || replacement.index !== use.index) continue;
      const relation = compareTypes(replacement.oldType, use.bound, { old: cx.old, new: cx.new_, onNewBinding: () => {} });
      if (relation === 'same') continue;
      const key = `${use.subject}|${replacement.subject}`;
      if (reported.has(key)) continue;
      reported.add(key);
      const scope = cx.new_.node(use.scopeId);
      const parameter = scope?.parameters?.[use.index]?.name ?? `#${use.index}`;
      cx.report(RULES.genericBindingChanged, use.subject,
        `'${use.subject}' binds ${parameter} to ${typeName(use.bound, cx.new_)}, but ${parameter} replaced ${typeName(replacement.oldType, cx.old)} in '${replacement.subject}': old messages hold a ${typeName(replacement.oldType, cx.old)} there`,
        use.at, null);
    }
  }
}
