/**
 * Cap'n Proto bodies in Fastify: the `capstan/fastify` entry point, the only module of Capstan
 * that knows Fastify (a peer dependency). Registering the plugin
 *
 * - adds content-type parsers for `application/x-capnp` and `application/x-capnp-packed` that
 *   take the body as bytes, up to `bodyLimit` (413 past it);
 * - reads the body of every route with `config: { capnp: Type }` as a `Type` reader before the
 *   route's own hooks and handler run, checking the whole message first (`validate`): a
 *   malformed message is a 400 whose JSON body carries the `CapnpError` code and message, and a
 *   body of another content type is a 415;
 * - decorates replies with `reply.capnp(Type, value, { packed })`.
 *
 * `capnpRpc` (src/fastify/rpc.ts), a plugin of its own, serves Cap'n Proto RPC on a WebSocket
 * route, on `@fastify/websocket` (imported when it is registered).
 *
 * ```ts
 * await app.register(capnp);
 * app.post<CapnpRoute<typeof Person>>('/people', { config: { capnp: Person } }, async (request, reply) => {
 *   const person = request.body;                 // a PersonReader, already checked
 *   return reply.capnp(Person, { name: person.name, id: 1 });
 * });
 * ```
 */
import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import {
  CAPNP_CONTENT_TYPE, CAPNP_PACKED_CONTENT_TYPE, contentTypeOf, formatOfContentType, readValidated,
  type AnyStructType, type BodyOptions, type InputOfType, type ReaderOfType,
} from '../fetch/index.js';
import { CapnpError, isCapnpError, type ReaderOptions } from '../runtime/index.js';
import { checkLimit, resolveReaderOptions } from '../wire/index.js';
import { inRegisteringContext } from './shared-context.js';

export interface CapstanFastifyOptions extends ReaderOptions {
  /**
   * Bytes a message body may have (413 past it). Default 1 MiB, Fastify's own default. Unless
   * `traversalLimitInWords` is given, it caps the traversal budget too, which otherwise scales
   * with each body (64 words per word of it, at least 32 Ki): reading a body (or unpacking a
   * packed one) costs work in proportion to its size, and at most eight times the size limit.
   */
  bodyLimit?: number;
  /**
   * Check the whole message before the route runs (default true): every pointer, and every
   * field the type knows (see `readValidated` in `capstan/fetch`). With false only the framing
   * is checked, and a broken field fails when the handler reads it (as a 500 unless the
   * handler catches it).
   */
  validate?: boolean;
}

/** Default `bodyLimit`: 1 MiB. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** Route generics for a route whose body is read as `T`: `app.post<CapnpRoute<typeof Person>>(...)`. */
export interface CapnpRoute<T extends AnyStructType> {
  Body: ReaderOfType<T>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Read the body as a message whose root is this type (needs the `capstan/fastify` plugin). */
    capnp?: AnyStructType;
  }
  interface FastifyReply {
    /** Sends `value` encoded as a `type` message, with its content type (packed when asked). */
    capnp<T extends AnyStructType>(type: T, value: InputOfType<T>, options?: BodyOptions): FastifyReply;
  }
}

/** The format each request's body was parsed in, set by the content-type parser. */
const formats = new WeakMap<FastifyRequest, 'binary' | 'packed'>();

function withStatus(error: Error, statusCode: number): Error {
  return Object.assign(error, { statusCode });
}

const plugin: FastifyPluginCallback<CapstanFastifyOptions> = (fastify, options, done) => {
  let bodyLimit: number;
  let readerOptions: ReaderOptions;
  try {
    // Checked here, once: at each request a wrong limit would fail every body.
    bodyLimit = checkLimit(options.bodyLimit, DEFAULT_BODY_LIMIT, 'bodyLimit');
    readerOptions = {
      // Unless given, the budget scales with each body (ReaderOptions' default rule) up to bodyLimit.
      traversalLimitInWords: options.traversalLimitInWords ?? bodyLimit,
      scaleTraversalLimit: options.scaleTraversalLimit ?? options.traversalLimitInWords === undefined,
      ...(options.nestingLimit !== undefined ? { nestingLimit: options.nestingLimit } : {}),
      ...(options.maxSegments !== undefined ? { maxSegments: options.maxSegments } : {}),
    };
    resolveReaderOptions(readerOptions);
  } catch (error) {
    done(error as Error);
    return;
  }
  const validate = options.validate ?? true;

  fastify.addContentTypeParser(
    [CAPNP_CONTENT_TYPE, CAPNP_PACKED_CONTENT_TYPE],
    { parseAs: 'buffer', bodyLimit },
    (request, body, parsed) => {
      const format = formatOfContentType(request.headers['content-type']);
      if (format !== null) formats.set(request, format);
      parsed(null, body);
    },
  );

  fastify.addHook('preValidation', async (request) => {
    const type = request.routeOptions.config.capnp;
    if (type === undefined) return;
    let format = formats.get(request);
    let bytes: Uint8Array;
    if (format !== undefined) {
      bytes = request.body as Uint8Array;
    } else {
      const contentType = request.headers['content-type'];
      format = formatOfContentType(contentType) ?? undefined;
      if (format === undefined) {
        throw withStatus(new CapnpError(
          'BAD_CONTENT_TYPE',
          `this route reads a ${type.displayName} message (${CAPNP_CONTENT_TYPE} or ${CAPNP_PACKED_CONTENT_TYPE}), not ${contentType === undefined ? 'a body without a content type' : JSON.stringify(contentType)}`,
        ), 415);
      }
      bytes = new Uint8Array(0); // the parser is not called for an empty body
    }
    try {
      request.body = readValidated(type, bytes, { ...readerOptions, format, validate });
    } catch (error) {
      if (isCapnpError(error)) throw withStatus(error, 400);
      throw error;
    }
  });

  fastify.decorateReply('capnp', function capnp(this: FastifyReply, type: AnyStructType, value: unknown, options?: BodyOptions) {
    const format = options?.packed === true ? 'packed' : 'binary';
    return this.header('content-type', contentTypeOf(format)).send(type.encode(value, { format }));
  });

  done();
};

// The parsers, hook and decorator apply to the context that registers the plugin.
inRegisteringContext(plugin, 'capstan');

/** The plugin: `await app.register(capnp, { bodyLimit, validate, traversalLimitInWords, nestingLimit })`. */
export const capnp: FastifyPluginCallback<CapstanFastifyOptions> = plugin;
export default plugin;

export { CAPNP_CONTENT_TYPE, CAPNP_PACKED_CONTENT_TYPE } from '../fetch/index.js';
export type { AnyStructType, BodyOptions, InputOfType, ReaderOfType } from '../fetch/index.js';
export { capnpRpc, type CapnpRpcOptions } from './rpc.js';
