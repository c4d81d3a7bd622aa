/**
 * Small helpers over a parsed (bundled) OpenAPI document: `$ref` resolution within the
 * document, the component a `$ref` names, and the types a schema allows.
 */
import { CapnpError } from '../wire/index.js';

/** A schema object as found in a spec (JSON Schema with OpenAPI's additions). */
export type SchemaObject = Record<string, unknown>;

export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function specError(message: string): CapnpError {
  return new CapnpError('INVALID_ARGUMENT', message);
}

/** The value a local `$ref` (`#/components/schemas/Pet`) points at. */
export function resolvePointer(document: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) throw specError(`$ref '${ref}' points outside the document (bundling should have inlined it)`);
  let node: unknown = document;
  const path = ref.slice(1);
  if (path === '') return node;
  for (const raw of path.split('/').slice(1)) {
    const token = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node)) node = node[Number(token)];
    else if (isObject(node)) node = node[token];
    else node = undefined;
    if (node === undefined) throw specError(`$ref '${ref}' points at nothing`);
  }
  return node;
}

/** Follows `$ref`s (a chain of them) to the object they name. */
export function deref<T = SchemaObject>(document: unknown, value: unknown): T {
  let node = value;
  for (let hops = 0; isObject(node) && typeof node.$ref === 'string'; hops++) {
    if (hops > 64) throw specError(`$ref chain too long at '${node.$ref}'`);
    node = resolvePointer(document, node.$ref);
  }
  return node as T;
}

const COMPONENT_REF = /^#\/(?:components\/schemas|definitions|\$defs)\/([^/]+)$/;

/** The component schema name a `$ref` names, or null for other places. */
export function componentName(ref: string): string | null {
  const match = COMPONENT_REF.exec(ref);
  return match ? decodeURIComponent(match[1]!).replace(/~1/g, '/').replace(/~0/g, '~') : null;
}

/** The JSON types a schema allows (`type` as a string or, in 3.1, an array), `null` aside. */
export function schemaTypes(schema: SchemaObject): { types: string[]; nullable: boolean } {
  const raw = schema.type;
  const list = Array.isArray(raw) ? raw.filter((t): t is string => typeof t === 'string') : typeof raw === 'string' ? [raw] : [];
  const nullable = list.includes('null') || schema.nullable === true;
  return { types: list.filter((t) => t !== 'null'), nullable };
}

/** Whether `schema` is `{ type: "null" }` (a nullable marker among oneOf variants). */
export function isNullSchema(schema: unknown): boolean {
  if (!isObject(schema)) return false;
  const { types } = schemaTypes(schema);
  return types.length === 0 && (schema.type === 'null' || (Array.isArray(schema.type) && schema.type.length === 1 && schema.type[0] === 'null'));
}

/** A description or title, trimmed (undefined when empty). */
export function describe(schema: SchemaObject): string | undefined {
  const text = typeof schema.description === 'string' ? schema.description : typeof schema.title === 'string' ? schema.title : undefined;
  const trimmed = text?.trim();
  return trimmed ? trimmed : undefined;
}

/** The `x-capnp-renamed-from` extension (the rename mechanism of the lock). */
export function renamedFrom(value: unknown): string | undefined {
  if (!isObject(value)) return undefined;
  const old = value['x-capnp-renamed-from'];
  return typeof old === 'string' && old !== '' ? old : undefined;
}
