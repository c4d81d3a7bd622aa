/**
 * The OpenAPI parser: `@apidevtools/swagger-parser`, an optional peer dependency loaded only
 * when a spec is read (`capstan openapi import`, `readSpec`, `validateSpec`); exporting needs
 * no parser. Why this one: it is the most used OpenAPI parser on npm and maintained by the
 * APIDevTools project; it reads JSON and YAML, bundles `$ref`s across files while keeping
 * internal ones (which the importer turns into named types), and validates Swagger 2.0,
 * OpenAPI 3.0 and 3.1 against the official schemas plus the rules a schema cannot express.
 * (`@readme/openapi-parser` is a fork of it with friendlier errors and fewer users;
 * `@scalar/openapi-parser` is younger and not yet 1.0.)
 */
import { CapnpError } from '../wire/index.js';

/** What Capstan uses of the parser (its own typings pull in `openapi-types`, which we do not need). */
export interface OpenApiParser {
  /** Reads a file (JSON or YAML) and gathers external `$ref`s into it; internal ones stay. */
  bundle(pathOrDocument: string | object): Promise<Record<string, unknown>>;
  bundle(basePath: string, document: object, options: object): Promise<Record<string, unknown>>;
  /** Dereferences and validates; rejects with the first problem. */
  validate(document: string | object): Promise<Record<string, unknown>>;
}

export const PARSER_PACKAGE = '@apidevtools/swagger-parser';

let loaded: OpenApiParser | null = null;

/** The parser, or a CapnpError (UNSUPPORTED) saying what to install. */
export async function loadParser(): Promise<OpenApiParser> {
  if (loaded !== null) return loaded;
  try {
    const module = (await import(PARSER_PACKAGE)) as { default?: OpenApiParser };
    loaded = (module.default ?? module) as OpenApiParser;
    return loaded;
  } catch (error) {
    throw new CapnpError('UNSUPPORTED', `reading OpenAPI specs needs the \`${PARSER_PACKAGE}\` package: npm install ${PARSER_PACKAGE}`, { cause: error });
  }
}
