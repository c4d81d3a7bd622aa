/**
 * `capstan openapi import|export|jsonschema`: the OpenAPI and JSON Schema bridge
 * (src/openapi). Import needs the optional package `@apidevtools/swagger-parser`; export and
 * jsonschema need nothing but the schema.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import {
  exportJsonSchema, exportOpenApi, formatLock, importOpenApi, parseLock, toYaml, type LockFile,
} from '../../openapi/index.js';
import { CapnpError } from '../../wire/index.js';
import { EXIT_OK, UsageError, type CliIo, type Command } from '../io.js';
import { IMPORT_HELP, IMPORT_OPTIONS, importOptions, parse, positionalsExactly } from './options.js';
import { compileSchemaFile } from './schema-file.js';

const HELP = `Usage: capstan openapi import [<option>...] <spec.yaml|spec.json|schema.json>
       capstan openapi export [<option>...] <file.capnp>
       capstan openapi jsonschema [<option>...] <file.capnp> <Type>

import      Writes a .capnp file for an OpenAPI document (Swagger 2.0, OpenAPI 3.0 or
            3.1, JSON or YAML) or a JSON Schema: component schemas become structs,
            enums and aliases, operations one interface. A lock file keeps ids and
            ordinals from one import to the next: re-importing an edited spec never
            renumbers a field; removed fields stay as obsolete ones; a property,
            schema or operation with "x-capnp-renamed-from: <old>" keeps the old
            one's number. Needs the package @apidevtools/swagger-parser.
export      Writes OpenAPI 3.1 whose schemas describe the JSON that capstan/json
            writes for each struct and enum of the file, and whose paths are the
            interfaces' methods (POST /<Interface>/<method>).
jsonschema  Writes a JSON Schema 2020-12 document for one struct or enum.

Options:
    -o, --output=<file>     Write here instead of standard output (export: YAML
                            when the name ends in .yaml or .yml).
    --lock=<file>           import: the lock file to read (if it exists) and
                            write (default: <output>.lock.json with -o; none
                            without -o).
    --no-validate           import: do not validate the spec first.
    --no-operations         import: component schemas only, no interface.
    --id=<hex>              import: the file id when there is no lock yet
                            (default: derived from the spec's title).
    --title=<text>          export: info.title (default: the file name).
    --api-version=<text>    export: info.version (default 0.0.0).
    --yaml                  export: YAML on standard output.
${IMPORT_HELP}

Examples:
    capstan openapi import petstore.yaml -o petstore.capnp     # and petstore.capnp.lock.json
    capstan openapi export petstore.capnp -o petstore.openapi.yaml
    capstan openapi jsonschema petstore.capnp Pet > pet.schema.json
`;

const OPTIONS = {
  output: { type: 'string', short: 'o' },
  lock: { type: 'string' },
  'no-validate': { type: 'boolean' },
  'no-operations': { type: 'boolean' },
  id: { type: 'string' },
  title: { type: 'string' },
  'api-version': { type: 'string' },
  yaml: { type: 'boolean' },
  ...IMPORT_OPTIONS,
} as const;

async function emit(io: CliIo, output: string | undefined, text: string): Promise<void> {
  if (output === undefined) {
    await io.writeStdout(text);
    return;
  }
  try {
    await writeFile(output, text);
  } catch (error) {
    throw new CapnpError('INVALID_ARGUMENT', `cannot write ${output}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function readLock(path: string): Promise<LockFile | null> {
  if (!existsSync(path)) return null;
  const lock = parseLock(await readFile(path, 'utf8'));
  return lock;
}

async function runImport(values: Record<string, unknown>, positionals: string[], io: CliIo): Promise<number> {
  const [spec] = positionalsExactly('openapi', positionals, ['spec']);
  const output = values.output as string | undefined;
  const lockPath = (values.lock as string | undefined) ?? (output !== undefined ? `${output}.lock.json` : undefined);
  let fileId: bigint | undefined;
  if (values.id !== undefined) {
    const text = String(values.id).replace(/^@/, '');
    if (!/^0x[0-9a-f]{1,16}$/i.test(text) || (BigInt(text) & (1n << 63n)) === 0n) {
      throw new UsageError(`--id must be a 64-bit hex id with the top bit set, such as 0xd3b4e2a1c5f60789, got '${text}'`, 'openapi');
    }
    fileId = BigInt(text);
  }
  const lock = lockPath !== undefined ? await readLock(lockPath) : null;
  const result = await importOpenApi(spec!, {
    lock, fileId, validate: values['no-validate'] !== true, operations: values['no-operations'] !== true, sourceName: basename(spec!),
  });
  await emit(io, output, result.capnp);
  if (lockPath !== undefined) await emit(io, lockPath, formatLock(result.lock));
  return EXIT_OK;
}

function serialize(document: Record<string, unknown>, output: string | undefined, yaml: boolean): string {
  const asYaml = yaml || (output !== undefined && /\.ya?ml$/i.test(output));
  return asYaml ? toYaml(document) : `${JSON.stringify(document, null, 2)}\n`;
}

export const openapiCommand: Command = {
  name: 'openapi',
  summary: 'OpenAPI and JSON Schema to a schema and back (import, export, jsonschema)',
  help: HELP,
  async run(args: readonly string[], io: CliIo): Promise<number> {
    const { values, positionals } = parse('openapi', args, OPTIONS);
    const [action, ...rest] = positionals;
    switch (action) {
      case 'import':
        return runImport(values, rest, io);
      case 'export': {
        const [file] = positionalsExactly('openapi', rest, ['file.capnp']);
        const request = await compileSchemaFile(file!, importOptions(values, 'openapi'));
        const document = exportOpenApi(request, {
          title: values.title as string | undefined, version: values['api-version'] as string | undefined,
        });
        await emit(io, values.output as string | undefined, serialize(document, values.output as string | undefined, values.yaml === true));
        return EXIT_OK;
      }
      case 'jsonschema': {
        const [file, type] = positionalsExactly('openapi', rest, ['file.capnp', 'Type']);
        const request = await compileSchemaFile(file!, importOptions(values, 'openapi'));
        const document = exportJsonSchema(request, type!);
        await emit(io, values.output as string | undefined, `${JSON.stringify(document, null, 2)}\n`);
        return EXIT_OK;
      }
      case undefined:
        throw new UsageError('say what to do: import, export or jsonschema', 'openapi');
      default:
        throw new UsageError(`unknown action '${action}': expected import, export or jsonschema`, 'openapi');
    }
  },
};
