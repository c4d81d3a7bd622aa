/**
 * Reading a spec: an OpenAPI document (Swagger 2.0, OpenAPI 3.0 or 3.1; JSON or YAML; in a
 * file or as an object) or a bare JSON Schema (JSON), through the parser (parser.ts).
 *
 * A JSON Schema is read as an OpenAPI 3.1 document whose component schemas are its `$defs`
 * (or `definitions`) plus the root schema itself, named from its `title` (else the file name),
 * so that both go through the same importer.
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { loadParser } from './parser.js';
import { typeName } from './names.js';
import { isObject, specError, type SchemaObject } from './spec-walk.js';

export interface Spec {
  /** The document, external `$ref`s bundled in, internal ones kept. */
  readonly document: SchemaObject;
  /** `2.0`, `3.0.x`, `3.1.x`. */
  readonly version: string;
  readonly title: string;
  /** Whether the input was a bare JSON Schema. */
  readonly jsonSchema: boolean;
  /** Where it came from (a path, or `<object>`). */
  readonly source: string;
}

export interface ReadSpecOptions {
  /** Validate the document (default true): an invalid spec is an error naming the problem. */
  validate?: boolean;
}

function rewriteRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rewriteRefs);
  if (!isObject(node)) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string') {
      out[key] = value.replace(/^#\/(\$defs|definitions)\//, '#/components/schemas/').replace(/^#$/, '#/components/schemas/__root__');
    } else {
      out[key] = rewriteRefs(value);
    }
  }
  return out;
}

/** A JSON Schema as an OpenAPI 3.1 document whose components are its definitions and itself. */
export function jsonSchemaAsOpenApi(schema: SchemaObject, fallbackName: string): SchemaObject {
  const { $defs, definitions, $schema: _dialect, $id: _id, ...root } = schema;
  const title = typeof schema.title === 'string' && schema.title !== '' ? schema.title : fallbackName;
  const rootName = typeName(title);
  const defs = { ...(isObject(definitions) ? definitions : {}), ...(isObject($defs) ? $defs : {}) };
  const schemas: Record<string, unknown> = {};
  for (const [name, def] of Object.entries(defs)) schemas[name] = rewriteRefs(def);
  const rewritten = rewriteRefs(root) as SchemaObject;
  schemas[rootName] = rewritten;
  const document = { openapi: '3.1.0', info: { title, version: '0' }, paths: {}, components: { schemas } };
  // `#` (the root itself) was rewritten to a placeholder: point it at the root's component.
  return JSON.parse(JSON.stringify(document).replaceAll('"#/components/schemas/__root__"', JSON.stringify(`#/components/schemas/${rootName}`))) as SchemaObject;
}

function isOpenApi(value: unknown): boolean {
  return isObject(value) && (typeof value.openapi === 'string' || typeof value.swagger === 'string' || typeof value.openapi === 'number' || typeof value.swagger === 'number');
}

function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s*\n\s*/g, ' ').trim();
}

/** Reads and (by default) validates a spec. */
export async function readSpec(input: string | SchemaObject, options: ReadSpecOptions = {}): Promise<Spec> {
  const parser = await loadParser();
  const source = typeof input === 'string' ? input : '<object>';
  let document: SchemaObject;
  let jsonSchema = false;
  let raw: unknown = input;
  if (typeof input === 'string') {
    let text: string;
    try {
      text = await readFile(input, 'utf8');
    } catch (error) {
      throw specError(`cannot read ${input}: ${describeError(error)}`);
    }
    raw = undefined;
    if (/^\s*\{/.test(text)) {
      try {
        raw = JSON.parse(text);
      } catch {
        raw = undefined; // let the parser report it with its position
      }
    }
  }
  try {
    if (raw !== undefined && !isOpenApi(raw)) {
      if (!isObject(raw)) throw specError(`${source}: expected an OpenAPI document or a JSON Schema object`);
      jsonSchema = true;
      const fallback = typeof input === 'string' ? basename(input).replace(/(\.schema)?\.json$/i, '') : 'Root';
      const wrapped = jsonSchemaAsOpenApi(raw, fallback);
      document = await parser.bundle(typeof input === 'string' ? input : `${process.cwd()}/`, wrapped, {});
    } else {
      document = await parser.bundle(typeof input === 'string' ? input : structuredClone(input));
    }
  } catch (error) {
    if (error instanceof Error && error.name === 'CapnpError') throw error;
    throw specError(`${source}: ${describeError(error)}`);
  }
  if (options.validate ?? true) {
    try {
      await parser.validate(structuredClone(document));
    } catch (error) {
      throw specError(`${source} is not a valid ${jsonSchema ? 'JSON Schema' : 'OpenAPI document'}: ${describeError(error)}`);
    }
  }
  const info = isObject(document.info) ? document.info : {};
  const version = String(document.openapi ?? document.swagger ?? '');
  return { document, version, title: typeof info.title === 'string' ? info.title : '', jsonSchema, source };
}

/** Validates a document (an export, say) with the parser: resolves when valid, else a CapnpError. */
export async function validateSpec(document: SchemaObject): Promise<void> {
  const parser = await loadParser();
  try {
    await parser.validate(structuredClone(document));
  } catch (error) {
    throw specError(`not a valid OpenAPI document: ${describeError(error)}`);
  }
}
