/**
 * A spec's operations as one Cap'n Proto interface: one method per operation (named from its
 * operationId, else from the HTTP method and path), in the order of the spec's paths.
 *
 * - Params: a struct `<Method>Params` nested in the interface, with a field per path, query,
 *   header and cookie parameter (path-level parameters included), then `body` for the JSON
 *   request body (Swagger 2.0: the `in: body` parameter; non-JSON bodies are Data).
 * - Results: the first 2xx response's JSON body. When that is a component struct, the method
 *   returns that struct itself (its JSON is then the response body); otherwise a struct
 *   `<Method>Results` with one field `body` (or none, for a response without content).
 *
 * Parameters and methods are numbered through the lock like fields: keys are `in:name` for
 * parameters and the operationId (or `METHOD path`) for methods.
 */
import { childId } from '../compiler/index.js';
import type { InterfaceDecl, MethodDecl } from './model.js';
import { NameScope, memberName, obsoleteName, typeName } from './names.js';
import type { SchemaMapper } from './schema-mapper.js';
import type { Scope, TypeRef } from './type-refs.js';
import { deref, describe, isObject, renamedFrom, type SchemaObject } from './spec-walk.js';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** The media type of a content map to use: JSON first, else the first one. */
function pickContent(content: unknown): { mediaType: string; schema: unknown } | null {
  if (!isObject(content)) return null;
  const types = Object.keys(content);
  const json = types.find((t) => /^application\/json\b/i.test(t)) ?? types.find((t) => /[/+]json\b/i.test(t)) ?? types[0];
  if (json === undefined) return null;
  const media = content[json];
  return { mediaType: json, schema: isObject(media) ? media.schema : undefined };
}

function isJson(mediaType: string): boolean {
  return /[/+]json\b/i.test(mediaType);
}

interface Parameter {
  name: string;
  in: string;
  schema: unknown;
  description: string | undefined;
  raw: unknown;
}

/** Adds the interface for `document.paths` to the file scope (nothing when there are no operations). */
export function mapOperations(mapper: SchemaMapper, document: SchemaObject, fileScope: Scope, title: string): void {
  const paths = isObject(document.paths) ? document.paths : {};
  const operations: { method: string; path: string; operation: SchemaObject; shared: unknown[] }[] = [];
  for (const [path, rawItem] of Object.entries(paths)) {
    const item = deref<unknown>(document, rawItem);
    if (!isObject(item)) continue;
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (isObject(operation)) operations.push({ method, path, operation, shared: Array.isArray(item.parameters) ? item.parameters : [] });
    }
  }
  if (operations.length === 0) return;

  const base = typeName(title || 'Api');
  const name = fileScope.names.claim(base.endsWith('Api') ? base : `${base}Api`);
  const numbering = mapper.numbering.type(name, 'interface', childId(fileScope.id, name));
  const decl: InterfaceDecl = {
    kind: 'interface', name, id: numbering.id, methods: [], nested: [],
    doc: `The operations of ${JSON.stringify(title)}.`,
  };
  fileScope.add(decl);
  mapper.declaredPaths.add(name);
  const scope: Scope = { path: name, id: numbering.id, names: new NameScope(mapper.components.size > 0 ? [...mapper.components.values()].map((c) => c.name) : []), add: (d) => decl.nested.push(d) };
  const methodNames = new NameScope();

  for (const { method, path, operation, shared } of operations) {
    const key = typeof operation.operationId === 'string' && operation.operationId !== '' ? operation.operationId : `${method.toUpperCase()} ${path}`;
    const methodName = methodNames.claim(memberName(typeof operation.operationId === 'string' && operation.operationId !== '' ? operation.operationId : `${method} ${path.replace(/[{}]/g, ' ')}`));
    const ordinal = numbering.claim(key, methodName, renamedFrom(operation));
    const Method = typeName(methodName);
    const params = paramsStruct(mapper, document, scope, Method, operation, shared);
    const results = resultsType(mapper, document, scope, Method, operation);
    numbering.record(key, `${params} -> ${results}`, 'pointer');
    const summary = typeof operation.summary === 'string' ? operation.summary.trim() : '';
    const doc = [`${method.toUpperCase()} ${path}`, summary, describe(operation) ?? ''].filter((l) => l !== '').join('\n');
    decl.methods.push({ key, name: methodName, ordinal, params, results, doc } satisfies MethodDecl);
  }

  // Removed operations keep their ordinal; their params and results come back from the lock.
  for (const { key, member } of numbering.unclaimed()) {
    const obsolete = methodNames.claim(member.name.startsWith('obsolete') ? member.name : obsoleteName(member.name));
    member.name = obsolete;
    const [params, results] = (member.type ?? '').split(' -> ');
    decl.methods.push({
      key, name: obsolete, ordinal: member.ordinal,
      params: keptStruct(mapper, scope, params), results: keptStruct(mapper, scope, results),
      doc: `Removed from the spec (was ${JSON.stringify(key)}); kept so that ordinal @${member.ordinal} is never reused.`,
      obsolete: true,
    });
  }
}

/** A removed method's params or results struct: the current one if it still exists, else re-created from the lock. */
function keptStruct(mapper: SchemaMapper, scope: Scope, path: string | undefined): string {
  if (path !== undefined && mapper.declaredPaths.has(path)) return path;
  const name = path !== undefined && path.startsWith(`${scope.path}.`) ? path.slice(scope.path.length + 1) : undefined;
  const made = mapper.structFor(scope, scope.names.claim(name !== undefined && !name.includes('.') ? name : 'ObsoleteParams'), 'Kept for a removed operation.');
  mapper.finishStruct(made, new NameScope());
  return made.numbering.path;
}

function parameters(document: SchemaObject, operation: SchemaObject, shared: unknown[]): Parameter[] {
  const out: Parameter[] = [];
  for (const raw of [...shared, ...(Array.isArray(operation.parameters) ? operation.parameters : [])]) {
    const p = deref<unknown>(document, raw);
    if (!isObject(p) || typeof p.name !== 'string' || typeof p.in !== 'string') continue;
    // Swagger 2.0 parameters carry their type inline; 3.x ones in `schema` (or `content`).
    const schema = p.schema ?? (isObject(p.content) ? pickContent(p.content)?.schema : undefined) ?? (p.type !== undefined ? { ...p, name: undefined, in: undefined, required: undefined, description: undefined } : {});
    const parameter: Parameter = { name: p.name, in: p.in, schema, description: describe(p), raw };
    const at = out.findIndex((q) => q.name === parameter.name && q.in === parameter.in);
    if (at >= 0) out[at] = parameter;
    else out.push(parameter);
  }
  return out;
}

function paramsStruct(mapper: SchemaMapper, document: SchemaObject, scope: Scope, Method: string, operation: SchemaObject, shared: unknown[]): string {
  const made = mapper.structFor(scope, scope.names.claim(`${Method}Params`), undefined);
  const names = new NameScope();
  let body: { schema: unknown; type?: TypeRef; description: string | undefined } | null = null;
  for (const p of parameters(document, operation, shared)) {
    if (p.in === 'body') {
      body = { schema: p.schema, description: p.description };
      continue;
    }
    mapper.field(made, names, `${p.in}:${p.name}`, p.name, renamedFrom(p.raw) !== undefined ? { ...(p.schema as object), 'x-capnp-renamed-from': `${p.in}:${renamedFrom(p.raw)}` } : p.schema, p.description);
  }
  const requestBody = deref<unknown>(document, operation.requestBody);
  if (isObject(requestBody)) {
    const content = pickContent(requestBody.content);
    if (content !== null) {
      body = isJson(content.mediaType)
        ? { schema: content.schema, description: describe(requestBody) }
        : { schema: content.schema, type: { text: 'Data', storage: 'pointer', annotations: [] }, description: describe(requestBody) ?? `The ${content.mediaType} body.` };
    }
  }
  if (body !== null) mapper.field(made, names, 'body', 'body', body.schema, body.description, body.type);
  mapper.finishStruct(made, names);
  return made.numbering.path;
}

function resultsType(mapper: SchemaMapper, document: SchemaObject, scope: Scope, Method: string, operation: SchemaObject): string {
  const responses = isObject(operation.responses) ? operation.responses : {};
  const codes = Object.keys(responses).filter((c) => /^2(\d\d|XX)$/i.test(c)).sort();
  const response = deref<unknown>(document, codes.length > 0 ? responses[codes[0]!] : undefined);
  let schema: unknown;
  let forced: TypeRef | undefined;
  let description: string | undefined;
  if (isObject(response)) {
    description = describe(response);
    const content = pickContent(response.content);
    if (content !== null) {
      schema = content.schema;
      if (!isJson(content.mediaType)) forced = { text: 'Data', storage: 'pointer', annotations: [] };
    } else if (response.schema !== undefined) {
      schema = response.schema; // Swagger 2.0
    }
  }
  if (forced === undefined && isObject(schema) && typeof schema.$ref === 'string') {
    const type = mapper.typeFor(schema, scope, `${Method}Body`);
    if (type.struct !== undefined && !type.text.includes('(')) return type.text;
  }
  const made = mapper.structFor(scope, scope.names.claim(`${Method}Results`), undefined);
  const names = new NameScope();
  if (schema !== undefined || forced !== undefined) mapper.field(made, names, 'body', 'body', schema ?? {}, description, forced);
  mapper.finishStruct(made, names);
  return made.numbering.path;
}
