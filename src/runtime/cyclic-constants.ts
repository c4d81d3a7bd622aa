/**
 * Struct and list constants whose type comes from a module of an import cycle.
 *
 * Schema files may import each other (upstream's capnp-ts fixtures `import-foo.capnp` and
 * `import-bar.capnp` do, each with a constant of the other's struct type), and so may their
 * generated modules. JavaScript evaluates one module of a cycle before the other has defined
 * its classes, so a constant made at the first one's top level from the other's reader class
 * meets a class not yet defined (a ReferenceError, or `undefined` where a bundler turned the
 * classes into `var`s). Generated code therefore makes such a constant through
 * `defineConstant`: at once when the class is there (every module outside a cycle, and the
 * second module of one), else once it is, which `settleConstants` at the end of each generated
 * module that imports another schema's module checks. The export is a `let`, which importers
 * see once it is set; nothing reads it before the modules of the cycle have finished.
 */

/** Constants still waiting for a class: each tries again, true once it is made. */
const waiting: Array<() => boolean> = [];

function tryDefine<D>(dependency: () => D, define: (dependency: D) => void): boolean {
  let value: D;
  try {
    value = dependency();
  } catch (error) {
    // The class's binding is not initialized yet (its module is still evaluating).
    if (error instanceof ReferenceError) return false;
    throw error;
  }
  if (value === undefined) return false;
  define(value);
  return true;
}

/** Makes a constant with `define(dependency())` now, or once `dependency()` gives its class. */
export function defineConstant<D>(dependency: () => D, define: (dependency: D) => void): void {
  if (!tryDefine(dependency, define)) waiting.push(() => tryDefine(dependency, define));
}

/** Makes the constants whose classes are now defined (called at the end of generated modules). */
export function settleConstants(): void {
  for (let i = 0; i < waiting.length;) {
    if (waiting[i]!()) waiting.splice(i, 1);
    else i++;
  }
}
