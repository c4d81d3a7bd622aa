/**
 * Messages over HTTP with the fetch API, in any runtime (browsers, Node, Deno, Bun, workers):
 * make a request or response body from a value, and read a `Response` (or a `Request`, in a
 * fetch-style server) back as a generated reader, with its content type and its whole message
 * checked first. This is the `capstan/fetch` entry point; `capstan/fastify` builds on it.
 *
 * ```ts
 * const res = await fetch('/people', { method: 'POST', ...capnpBody(Person, { name: 'Alice' }) });
 * const saved = await fromResponse(Person, res);   // a PersonReader, or a CapnpError
 * ```
 */
import { CapnpError, DEFAULT_TRAVERSAL_LIMIT_WORDS, readStreamWithin, type StructType } from '../runtime/index.js';
import { checkLimit } from '../wire/index.js';
import { contentTypeOf, formatOfContentType } from './content-type.js';
import { readValidated, type AnyStructType, type ReaderOfType, type ReadValidatedOptions } from './validate.js';

export { CAPNP_CONTENT_TYPE, CAPNP_PACKED_CONTENT_TYPE, contentTypeOf, formatOfContentType } from './content-type.js';
export { readValidated, traverse, type AnyStructType, type ReaderOfType, type ReadValidatedOptions } from './validate.js';

/** What a struct type's `encode` accepts: a plain object or a reader of the type. */
export type InputOfType<T> = T extends StructType<any, infer I, infer R, any> ? I | R : never;

export interface BodyOptions {
  /** Send the message packed, as `application/x-capnp-packed` (default false). */
  packed?: boolean;
}

/** A message body and its content type, to spread into `fetch`'s `RequestInit`. */
export interface CapnpBody {
  body: Uint8Array<ArrayBuffer>;
  headers: { 'content-type': string };
}

/**
 * `value` encoded as a body, with its content type: `fetch(url, { method: 'POST', ...capnpBody(Person, person) })`.
 * (To set more headers, pass `body` and add `content-type` to yours.)
 */
export function capnpBody<T extends AnyStructType>(type: T, value: InputOfType<T>, options?: BodyOptions): CapnpBody {
  const format = options?.packed === true ? 'packed' : 'binary';
  return { body: type.encode(value, { format }), headers: { 'content-type': contentTypeOf(format) } };
}

/** A `Response` carrying `value` as a message (for fetch-style servers and service workers). */
export function toResponse<T extends AnyStructType>(type: T, value: InputOfType<T>, init?: ResponseInit & BodyOptions): Response {
  const { body, headers: typeHeader } = capnpBody(type, value, init);
  const headers = new Headers(init?.headers);
  headers.set('content-type', typeHeader['content-type']);
  const { packed: _packed, ...rest } = init ?? {};
  return new Response(body, { ...rest, headers });
}

/** What `fromResponse` needs of a `Response` or `Request`. */
export interface BodySource {
  readonly headers: { get(name: string): string | null };
  readonly body?: ReadableStream<Uint8Array> | null;
  readonly status?: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

export interface FromResponseOptions extends Omit<ReadValidatedOptions, 'format'> {
  /**
   * Read the body in this format whatever its content type says. By default the content type
   * decides (`application/x-capnp` or `application/x-capnp-packed`) and any other one fails
   * with BAD_CONTENT_TYPE.
   */
  format?: 'binary' | 'packed';
  /**
   * Bytes the body may have before MESSAGE_TOO_LARGE, checked against `Content-Length` and
   * while the body streams in. Default: the traversal limit's size in bytes (64 MiB).
   */
  maxBytes?: number;
}

/**
 * Reads a `Response` (or a `Request`) as a message whose root is a `type`. Fails with a
 * `CapnpError`: BAD_CONTENT_TYPE when the content type is not a message type (an HTML error
 * page from a proxy, a JSON error from the server), MESSAGE_TOO_LARGE past `maxBytes`, and
 * the code of whatever is wrong with the message (it is checked whole unless `validate: false`).
 */
export async function fromResponse<T extends AnyStructType>(type: T, source: BodySource, options?: FromResponseOptions): Promise<ReaderOfType<T>> {
  const contentType = source.headers.get('content-type');
  const format = options?.format ?? formatOfContentType(contentType);
  if (format === null) {
    const status = source.status !== undefined && (source.status < 200 || source.status > 299) ? ` (HTTP status ${source.status})` : '';
    throw new CapnpError(
      'BAD_CONTENT_TYPE',
      `expected a ${type.displayName} message (application/x-capnp or application/x-capnp-packed), got content type ${contentType === null ? 'none' : JSON.stringify(contentType)}${status}`,
    );
  }
  const maxBytes = checkLimit(options?.maxBytes, (options?.traversalLimitInWords ?? DEFAULT_TRAVERSAL_LIMIT_WORDS) * 8, 'maxBytes');
  const bytes = await readBytes(source, maxBytes);
  return readValidated(type, bytes, { ...options, format });
}

/** `fromResponse` for the request of a fetch-style server (Workers, Deno, Bun, service workers). */
export const fromRequest: <T extends AnyStructType>(type: T, source: BodySource, options?: FromResponseOptions) => Promise<ReaderOfType<T>> = fromResponse;

function tooLarge(maxBytes: number): CapnpError {
  return new CapnpError('MESSAGE_TOO_LARGE', `the body is larger than ${maxBytes} bytes (FromResponseOptions.maxBytes)`);
}

/** The whole body, failing as soon as it is known to exceed `maxBytes`. */
async function readBytes(source: BodySource, maxBytes: number): Promise<Uint8Array> {
  const declared = source.headers.get('content-length');
  if (declared !== null && Number(declared) > maxBytes) throw tooLarge(maxBytes);
  const stream = source.body;
  if (stream == null || typeof stream.getReader !== 'function') {
    const buffer = await source.arrayBuffer();
    if (buffer.byteLength > maxBytes) throw tooLarge(maxBytes);
    return new Uint8Array(buffer);
  }
  const bytes = await readStreamWithin(stream, maxBytes);
  if (bytes === null) throw tooLarge(maxBytes);
  return bytes;
}
