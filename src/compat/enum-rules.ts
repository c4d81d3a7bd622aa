/**
 * Enums: an enumerant's ordinal is its value on the wire, so old enumerants keep their
 * ordinals (and new ones come after); renaming one changes only the source and text forms.
 */
import type { Node } from '../schema/index.js';
import { compareAnnotations } from './annotation-rules.js';
import type { Comparison } from './comparison.js';
import { enumerantKey } from './positions.js';
import { RULES } from './rules.js';

export function compareEnums(cx: Comparison, oldNode: Node & { enum: unknown }, newNode: Node & { enum: unknown }): void {
  const before = (oldNode as Extract<Node, { enum: unknown }>).enum.enumerants ?? [];
  const after = (newNode as Extract<Node, { enum: unknown }>).enum.enumerants ?? [];
  const oldScope = cx.old.scopePath(oldNode);
  const newScope = cx.new_.scopePath(newNode);
  const oldPlace = (name: string) => ({ node: oldNode, key: enumerantKey(oldScope, name), fallbackKey: oldScope });
  const newPlace = (name: string) => ({ node: newNode, key: enumerantKey(newScope, name), fallbackKey: newScope });
  before.forEach((enumerant, ordinal) => {
    const name = enumerant.name ?? '';
    const subject = `${oldScope}.${name}`;
    const now = after[ordinal];
    if (now === undefined) {
      cx.reportOld(RULES.enumerantRemoved, subject, `enumerant '${subject}' (@${ordinal}) was removed: old messages may still hold ${ordinal}`, oldPlace(name), { node: newNode, key: newScope });
      return;
    }
    const movedTo = after.findIndex((e) => e.name === name);
    if (movedTo >= 0 && movedTo !== ordinal) {
      cx.report(RULES.enumerantRenumbered, subject, `enumerant '${subject}' changed ordinal from @${ordinal} to @${movedTo}: old and new programs read each other's values as other enumerants`, newPlace(name), oldPlace(name));
      return;
    }
    if (now.name !== name) {
      cx.report(RULES.enumerantRenamed, subject, `enumerant '${subject}' (@${ordinal}) was renamed to '${now.name ?? ''}' (the binary encoding is unchanged; the JSON and text forms and generated code are not)`, newPlace(now.name ?? ''), oldPlace(name));
    }
    compareAnnotations(cx, enumerant.annotations, now.annotations, subject, newPlace(now.name ?? ''), oldPlace(name));
  });
  for (let ordinal = before.length; ordinal < after.length; ordinal++) {
    const name = after[ordinal]!.name ?? '';
    cx.report(RULES.enumerantAdded, `${newScope}.${name}`, `new enumerant '${newScope}.${name}' (@${ordinal})`, newPlace(name), null);
  }
}
