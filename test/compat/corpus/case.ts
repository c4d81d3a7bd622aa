/**
 * The shape of a corpus case: two versions of one schema file, the changes `capstan compat`
 * must report (rule ids, in any order), and for every pair that is not wire-breaking, the
 * messages that prove it by the wire.
 */
import type { Severity } from '../../../src/compat/index.js';

/** Built with one version by `capnp encode`, read with the other by `capnp decode --short`. */
export interface StructWireCheck {
  /** The root type, in the old schema (and in the new one, unless `newType` says otherwise). */
  readonly type: string;
  readonly newType?: string;
  /** A message of the old version (text), and how the new version reads it. */
  readonly forward?: readonly [old: string, readAsNew: string];
  /** A message of the new version (text), and how the old version reads it. */
  readonly backward?: readonly [new: string, readAsOld: string];
}

/** A method's parameters, built and read with Capstan's dynamic API (the reference tool cannot name param structs). */
export interface CallWireCheck {
  /** `Interface.method` in the old version; the new method is found by the old one's ordinal. */
  readonly method: string;
  /** The new version's name for it (default: the same). */
  readonly newMethod?: string;
  readonly results?: boolean;
  readonly forward?: readonly [old: Record<string, unknown>, readAsNew: Record<string, unknown>];
  readonly backward?: readonly [new: Record<string, unknown>, readAsOld: Record<string, unknown>];
}

export type WireCheck = StructWireCheck | CallWireCheck;

export interface CompatCase {
  /** `<rule>` or `<rule>/<variant>`: the rule the pair is about. */
  readonly name: string;
  /** The worst severity expected. */
  readonly verdict: Severity;
  /** Every rule id reported, in any order (repeated when reported more than once). */
  readonly expect: readonly string[];
  readonly old: string;
  readonly new: string;
  /** Required unless the verdict is wire-breaking. */
  readonly wire?: readonly WireCheck[];
  /** The file id of each version (default: the same one). */
  readonly oldFileId?: string;
  readonly newFileId?: string;
}

export const FILE_ID = '@0xd0c0ffee00000001';
