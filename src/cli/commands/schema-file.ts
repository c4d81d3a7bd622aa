/**
 * Loading the schema a command names (`capstan decode SCHEMA TYPE`, ...), and finding a type
 * in it. Options shared by the schema commands: `-I <dir>` / `--import-path=<dir>` and
 * `--no-standard-import`, as the reference tool has them.
 *
 * Schemas are compiled in process by Capstan's compiler: no C++ tool is needed. For
 * cross-checking, CAPSTAN_COMPILER=capnp makes `compileSchemaFile` (the one place that decides)
 * run the reference compiler (`capnp compile -o-`) instead.
 */
import { execFile } from 'node:child_process';
import { compile, formatDiagnostic, type SchemaLanguage } from '../../compiler/index.js';
import { createNodeLoader } from '../../compiler/files/node-loader.js';
import { decodeCodeGeneratorRequest, nodeKind, type CodeGeneratorRequest, type Node } from '../../schema/index.js';
import { CapnpError } from '../../wire/index.js';
import { SchemaLoader, type StructSchema } from '../../dynamic/index.js';

export interface ImportOptions {
  /** Directories searched for imports starting with `/`. */
  importPaths: readonly string[];
  /** Do not add the standard directories (/usr/local/include, /usr/include). */
  noStandardImport: boolean;
  /** The edition of the schema language (`--language`; default 1.0). */
  language?: SchemaLanguage;
}

/** The reference compiler CAPSTAN_COMPILER=capnp runs. */
const CAPNP = process.env.CAPNP ?? 'capnp';

/**
 * What of a file a command compiles, when not all of it: the declarations it names (a root
 * type, a constant) with what they use, annotations only if it reads them (JSON). As with the
 * reference tool, errors elsewhere in the file then go unreported.
 */
export interface CompileOnly {
  declarations: readonly string[];
  annotations: boolean;
  /** False for `eval`: as `capnp eval` since 1.0, a file need not declare its id. */
  fileIdsRequired?: boolean;
}

/** Compiles `file` (and what it imports) to a `CodeGeneratorRequest`; all of it unless `only` says. */
export async function compileSchemaFile(file: string, options: ImportOptions, only?: CompileOnly): Promise<CodeGeneratorRequest> {
  if (process.env.CAPSTAN_COMPILER === 'capnp') return compileWithReference(file, options);
  return compileInProcess(file, options, only);
}

/** Capstan's own compiler, reading files from the local file system. */
function compileInProcess(file: string, options: ImportOptions, only: CompileOnly | undefined): CodeGeneratorRequest {
  const { request, diagnostics } = compile({
    files: [file],
    cwd: process.cwd(),
    importPaths: options.importPaths,
    standardImports: !options.noStandardImport,
    language: options.language,
    loader: createNodeLoader(),
    ...only,
  });
  if (request === null || diagnostics.length > 0) {
    const first = diagnostics[0] ? formatDiagnostic(diagnostics[0]).trim() : `cannot compile ${file}`;
    const more = diagnostics.length > 1 ? ` (and ${diagnostics.length - 1} more error${diagnostics.length > 2 ? 's' : ''})` : '';
    throw new CapnpError('INVALID_ARGUMENT', `${first}${more}`);
  }
  return request;
}

/** The reference compiler, `capnp compile -o-`, as a child process. */
async function compileWithReference(file: string, options: ImportOptions): Promise<CodeGeneratorRequest> {
  const args = ['compile', '-o-'];
  if (options.noStandardImport) args.push('--no-standard-import');
  for (const dir of options.importPaths) args.push(`-I${dir}`);
  args.push(file);
  const output = await new Promise<Buffer>((resolve, reject) => {
    execFile(CAPNP, args, { encoding: 'buffer', maxBuffer: 1 << 30 }, (error, stdout, stderr) => {
      if (error === null) {
        resolve(stdout);
        return;
      }
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        reject(new CapnpError('UNSUPPORTED', `cannot load ${file}: CAPSTAN_COMPILER=capnp asks for the reference tool \`${CAPNP}\`, which is not installed`));
        return;
      }
      const lines = stderr.toString('utf8').split('\n').map((l) => l.trim()).filter((l) => l !== '');
      const errors = lines.filter((l) => /error:/.test(l));
      const first = errors[0] ?? lines[0] ?? `capnp compile exited with status ${String(error.code)}`;
      const more = errors.length > 1 ? ` (and ${errors.length - 1} more error${errors.length > 2 ? 's' : ''})` : '';
      reject(new CapnpError('INVALID_ARGUMENT', `${first}${more}`));
    });
  });
  return decodeCodeGeneratorRequest(new Uint8Array(output.buffer, output.byteOffset, output.byteLength));
}

/** A compiled schema file: its schemas, and the file node names are looked up in. */
export interface SchemaFile {
  loader: SchemaLoader;
  file: Node;
  /** The file as the command line named it (the file node's name has no leading `/`). */
  path: string;
}

export async function loadSchemaFile(path: string, options: ImportOptions, only?: CompileOnly): Promise<SchemaFile> {
  const request = await compileSchemaFile(path, options, only);
  const loader = new SchemaLoader(request);
  const requested = request.requestedFiles?.[0];
  if (!requested) throw new CapnpError('INVALID_ARGUMENT', `compiling ${path} produced no file`);
  return { loader, file: loader.graph.node(requested.id), path };
}

/** Looks up a dotted path (`Foo.Bar`) from the file's scope. */
export function lookupPath(schema: SchemaFile, path: string): Node | undefined {
  let scope: Node = schema.file;
  for (const part of path.split('.')) {
    const child = schema.loader.child(scope, part);
    if (!child) return undefined;
    scope = child;
  }
  return scope;
}

/** The struct type a command line names (`Foo` or `Foo.Bar`, from the schema file's scope). */
export function rootType(schema: SchemaFile, name: string): StructSchema {
  if (!/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/.test(name)) {
    if (name.includes('(')) throw new CapnpError('INVALID_ARGUMENT', `type '${name}': generic arguments in a root type name are not supported`);
    throw new CapnpError('INVALID_ARGUMENT', `couldn't parse type name '${name}'`);
  }
  const node = lookupPath(schema, name);
  if (!node) throw new CapnpError('INVALID_ARGUMENT', `'${name}' is not defined in ${schema.path}`);
  if (nodeKind(node) !== 'struct') throw new CapnpError('INVALID_ARGUMENT', `'${name}' is not a struct type`);
  return schema.loader.structSchema(node.id);
}
