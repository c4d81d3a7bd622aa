/**
 * Shared by the OpenAPI tests: the real specs (shipped by @readme/oas-examples, written by
 * people outside this project) and compiling import results with Capstan's compiler.
 */
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { compile, formatDiagnostic } from '../../src/compiler/index.js';
import type { CodeGeneratorRequest } from '../../src/schema/index.js';

const require = createRequire(import.meta.url);

/** The directory of @readme/oas-examples. */
export const OAS_EXAMPLES = dirname(require.resolve('@readme/oas-examples/package.json'));

/** Every YAML example of every OpenAPI version the package ships. */
export function realSpecs(): { name: string; path: string }[] {
  const out: { name: string; path: string }[] = [];
  for (const version of ['2.0', '3.0', '3.1']) {
    const dir = join(OAS_EXAMPLES, version, 'yaml');
    for (const file of readdirSync(dir).sort()) if (file.endsWith('.yaml')) out.push({ name: `${version}/${file}`, path: join(dir, file) });
  }
  return out;
}

/** Compiles `.capnp` text with Capstan's compiler; throws with the diagnostics when it fails. */
export function compileText(text: string, name = '/imported.capnp', extra: Record<string, string> = {}): CodeGeneratorRequest {
  const { request, diagnostics } = compile({ files: [name], sources: { [name]: text, ...extra } });
  if (request === null || diagnostics.length > 0) {
    throw new Error(`${name} does not compile:\n${diagnostics.map(formatDiagnostic).join('\n')}\n---\n${text}`);
  }
  return request;
}
