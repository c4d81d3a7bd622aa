/**
 * The state of one comparison: both versions, the changes found so far, and what the generic
 * checks need to see once every node has been compared.
 */
import type { Node, Type } from '../schema/index.js';
import type { Rule } from './rules.js';
import type { IndexedVersion } from './schema-version.js';
import type { Change, Location } from './types.js';
import type { BindingUse, TypeComparison } from './values-and-types.js';

/** A place in one version: the node whose file it is in, and its position key (positions.ts). */
export interface Place {
  readonly node: Node;
  readonly key: string;
  /** Used when `key` has no position (a member of an unnamed param list, ...). */
  readonly fallbackKey?: string;
}

/** A concrete type replaced by a generic parameter (new scope id and index). */
export interface GenericReplacement {
  readonly scopeId: bigint;
  readonly index: number;
  readonly oldType: Type | null;
  readonly subject: string;
}

/** A binding of a new parameter at a use that existed in the old version. */
export interface PendingBinding extends BindingUse {
  readonly subject: string;
  readonly at: Place;
}

export class Comparison {
  readonly changes: Change[] = [];
  readonly replacements: GenericReplacement[] = [];
  readonly pendingBindings: PendingBinding[] = [];

  constructor(readonly old: IndexedVersion, readonly new_: IndexedVersion) {}

  report(rule: Rule, subject: string, message: string, at: Place, oldAt: Place | null): void {
    this.changes.push({
      severity: rule.severity,
      rule: rule.id,
      message,
      location: this.new_.locate(at.node, at.key, at.fallbackKey),
      oldLocation: oldAt === null ? null : this.old.locate(oldAt.node, oldAt.key, oldAt.fallbackKey),
      subject,
    });
  }

  /** Where a change at an old place only (something removed) is reported: the old file. */
  reportOld(rule: Rule, subject: string, message: string, oldAt: Place, newScope: Place | null): void {
    const oldLocation: Location = this.old.locate(oldAt.node, oldAt.key, oldAt.fallbackKey);
    this.changes.push({
      severity: rule.severity,
      rule: rule.id,
      message,
      location: newScope === null ? oldLocation : this.new_.locate(newScope.node, newScope.key, newScope.fallbackKey),
      oldLocation,
      subject,
    });
  }

  /** Type comparison hooks that remember bindings of new parameters at `at`. */
  typeComparison(subject: string, at: Place, scopeMap?: ReadonlyMap<bigint, bigint>): TypeComparison {
    return {
      old: this.old,
      new: this.new_,
      ...(scopeMap === undefined ? {} : { scopeMap }),
      onNewBinding: (use) => this.pendingBindings.push({ ...use, subject, at }),
    };
  }
}
