/**
 * JavaScript output (`-o js`): a `.js` module and its `.d.ts` declarations per schema file,
 * derived from the generated TypeScript by two transformations of its text: stripping the types
 * (for `.js`) and removing the bodies (for `.d.ts`).
 *
 * Why derive rather than emit JavaScript from the generator directly: the TypeScript generator
 * stays the one source of truth for what a schema becomes (every layout decision, name and
 * default lives in one place), and the JavaScript cannot drift from it. Types in the generated
 * code sit in many template strings; threading a "with types or not" switch through every one of
 * them would be two generators sharing a file.
 *
 * Why this is not a general TypeScript transpiler: it understands the syntax the generator
 * writes and nothing more: top-level `import`, `type`, `interface`, `class` and `const`/`let`
 * statements; class fields, constructors, methods and accessors; object literals with methods
 * and accessors; arrow functions; `as` casts, non-null `!`, type arguments on calls, `new` and
 * instantiation expressions. Anything else is an error naming the line, never a silent
 * mistranslation. Tests check the output, over every fixture schema, against esbuild's
 * transform of the same TypeScript (esbuild and TypeScript are dev dependencies only: nothing
 * here needs them at run time).
 *
 * Declarations need types the TypeScript leaves to inference in a few places, all of the
 * generator's own making: `new $.StructType<...>(...)` (the type is the constructed one), the
 * interface objects and enums (object literals of literals, references, methods and getters,
 * typed as TypeScript would infer them).
 */
import type { CodeGeneratorRequest } from '../schema/index.js';
import type { CodegenOptions } from './context.js';
import { generateTypeScript, type GeneratedFile } from './generate.js';
import { declarations } from './javascript-declarations.js';
import { stripTypes } from './javascript-strip.js';

export { declarations, stripTypes };

/**
 * The generator's output as JavaScript: for each schema file, `NAME.capnp.js` (the TypeScript
 * module with its types stripped) and `NAME.capnp.d.ts` (its declarations), with the same
 * exports and imports as `NAME.capnp.ts` would have.
 */
export function generateJavaScript(request: CodeGeneratorRequest, options: CodegenOptions = {}): GeneratedFile[] {
  const out: GeneratedFile[] = [];
  for (const file of generateTypeScript(request, options)) {
    const base = file.filename.replace(/\.ts$/, '');
    out.push({ filename: `${base}.js`, content: stripTypes(file.content) }, { filename: `${base}.d.ts`, content: declarations(file.content) });
  }
  return out;
}
