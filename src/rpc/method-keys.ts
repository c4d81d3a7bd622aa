/**
 * The key a server implementation has a method under: the method's name or, where an interface
 * met earlier (the served interface first, then those it extends, depth first) already took that
 * name, the name with `$2`, `$3`... (as the client names it). The generated server type
 * (codegen/interface-gen.ts) and the dispatch into an implementation (interface.ts's
 * `methodTable`) both name methods through this, in the same order, so they cannot disagree.
 */
export function claimMethodKey(taken: Set<string>, name: string): string {
  let key = name;
  for (let n = 2; taken.has(key); n++) key = `${name}$${n}`;
  taken.add(key);
  return key;
}
