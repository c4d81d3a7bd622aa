/**
 * How readers, builders and lists print in a console: nothing here. Node's build (and the tests)
 * take this module's twin, inspection.node.ts, which teaches Node's `util.inspect` (and so
 * `console.log` in Node, and in Bun and Deno when they load that build) to print their values.
 * Browsers' consoles show objects lazily anyway, and a bundle for them stays as small as before
 * (an empty module, which `"sideEffects": false` lets every bundler drop).
 */
export {};
