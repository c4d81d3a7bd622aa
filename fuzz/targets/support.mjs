// Shared by the fuzz targets: Capstan's build (dist/, instrumented when the engine loads it),
// the fixture schemas compiled by Capstan's own compiler, and their generated JavaScript
// (written to fuzz/.generated/ on first use, importing dist/).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as runtime from '../../dist/index.js';
import { compile } from '../../dist/compiler/index.js';
import { generateJavaScript } from '../../dist/codegen/index.js';
import { loadSchema } from '../../dist/dynamic/index.js';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
export const { isCapnpError } = runtime;

/** Runs `fn`; a CapnpError is an accepted outcome, anything else propagates (a finding). */
export function tolerate(fn) {
  try {
    return fn();
  } catch (e) {
    if (!isCapnpError(e)) throw e;
    return undefined;
  }
}

/** A fixture's text, by path under test/fixtures. */
export function fixture(path) {
  return readFileSync(join(ROOT, 'test/fixtures', path), 'utf8');
}

/** The fixture schemas compiled with Capstan's compiler (throws if they do not compile). */
export function compileFixture(name, source) {
  const result = compile({ files: [`/${name}`], sources: { [`/${name}`]: source } });
  if (!result.request) throw new Error(`fuzz: ${name} does not compile: ${JSON.stringify(result.diagnostics)}`);
  return result.request;
}

export const CODECS = compileFixture('codecs.capnp', fixture('codecs/codecs.capnp'));
export const JSON_ANNOTATED = compileFixture('json.capnp', fixture('codecs/json.capnp'));
export const codecs = loadSchema(CODECS);
export const annotated = loadSchema(JSON_ANNOTATED);

/** The struct types of codecs.capnp the targets use, by index (the first input byte picks one). */
export const CODEC_TYPES = ['Scalars', 'Defaults', 'Lists', 'Shape', 'Generics', 'Holder', 'Empty'];
export const ANNOTATED_TYPES = ['Annotated', 'Wrapped', 'Inner'];

/**
 * The generated JavaScript of codecs.capnp, in fuzz/.generated/codecs/ (rewritten when the
 * generator's output changes). Returns the module's URL.
 */
export function generatedCodecs() {
  const dir = join(ROOT, 'fuzz/.generated/codecs');
  const files = generateJavaScript(CODECS, {
    runtimeImport: 'RUNTIME', rpcImport: 'RPC', stdImportPrefix: 'STD/',
  });
  mkdirSync(dir, { recursive: true });
  let main;
  for (const file of files) {
    const path = join(dir, file.filename);
    const rel = (target) => {
      const r = relative(dirname(path), join(ROOT, target)).split('\\').join('/');
      return r.startsWith('.') ? r : `./${r}`;
    };
    const content = file.content
      .replaceAll("from 'RUNTIME'", `from '${rel('dist/runtime/private.js')}'`)
      .replaceAll("from 'RPC'", `from '${rel('dist/rpc/index.js')}'`)
      .replace(/from 'STD\/([^']+)'/g, (_, rest) => `from '${rel(`dist/generated/std/${rest}`)}'`);
    mkdirSync(dirname(path), { recursive: true });
    if (!existsSync(path) || readFileSync(path, 'utf8') !== content) writeFileSync(path, content);
    if (file.filename.endsWith('codecs.capnp.js')) main = path;
  }
  if (main === undefined) throw new Error(`fuzz: no codecs.capnp.js among ${files.map((f) => f.filename).join(', ')}`);
  return new URL(`file://${main}`).href;
}
