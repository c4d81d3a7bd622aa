/**
 * Annotations never reach the wire, so applying, removing or changing one is compatible,
 * except for the annotations whose meaning is a mapping other programs rely on: the JSON
 * mapping of `capnp/compat/json.capnp` and the generated names of `capnp/c++.capnp`.
 */
import { childId } from '../compiler/index.js';
import type { Annotation } from '../schema/index.js';
import type { Comparison, Place } from './comparison.js';
import { RULES, type Rule } from './rules.js';
import { sameValue, describeValue } from './values-and-types.js';

const JSON_FILE = 0x8ef99297a43a5e34n;
const CXX_FILE = 0xbdf87d7bb8304e81n;

/** The annotations of json.capnp (explicit ids there). */
const JSON_ANNOTATIONS = new Set<bigint>([
  0xfa5b1fd61c2e7c3dn, // name
  0x82d3e852af0336bfn, // flatten
  0xcfa794e8d19a0162n, // discriminator
  0xd7d879450a253e4bn, // base64
  0xf061e22f0ae5c7b5n, // hex
  0xa0a054dea32fd98cn, // notification
]);
/** `$Cxx.namespace` and `$Cxx.name` (implicit ids, derived from c++.capnp's). */
const NAME_ANNOTATIONS = new Set<bigint>([childId(CXX_FILE, 'namespace'), childId(CXX_FILE, 'name')]);

function ruleFor(id: bigint, scopeOf: (id: bigint) => bigint | undefined): Rule {
  if (JSON_ANNOTATIONS.has(id) || scopeOf(id) === JSON_FILE) return RULES.jsonMappingChanged;
  if (NAME_ANNOTATIONS.has(id)) return RULES.generatedNameChanged;
  return RULES.annotationChanged;
}

export function compareAnnotations(cx: Comparison, before: readonly Annotation[] | null, after: readonly Annotation[] | null,
  subject: string, newAt: Place, oldAt: Place | null): void {
  const oldById = new Map((before ?? []).map((a) => [a.id, a]));
  const newById = new Map((after ?? []).map((a) => [a.id, a]));
  const nameOf = (id: bigint): string => {
    const node = cx.new_.node(id) ?? cx.old.node(id);
    return node === undefined ? `@0x${id.toString(16)}` : `$${(node.displayName ?? '').replace(/^.*[:/]/, '')}`;
  };
  const scopeOf = (id: bigint): bigint | undefined => (cx.new_.node(id) ?? cx.old.node(id))?.scopeId;
  for (const [id, annotation] of oldById) {
    const now = newById.get(id);
    const rule = ruleFor(id, scopeOf);
    if (now === undefined) {
      cx.report(rule, subject, `annotation ${nameOf(id)} was removed from '${subject}'`, newAt, oldAt);
    } else if (!sameValue(annotation.value, now.value)) {
      cx.report(rule, subject, `annotation ${nameOf(id)} on '${subject}' changed from ${describeValue(annotation.value)} to ${describeValue(now.value)}`, newAt, oldAt);
    }
  }
  for (const [id, annotation] of newById) {
    if (oldById.has(id)) continue;
    cx.report(ruleFor(id, scopeOf), subject, `annotation ${nameOf(id)} (${describeValue(annotation.value)}) was applied to '${subject}'`, newAt, oldAt);
  }
}
