/**
 * `capstan compile`: Capstan's schema compiler with the reference tool's command line.
 * `-o-` writes the framed CodeGeneratorRequest to stdout; `-o ts:DIR` runs Capstan's TypeScript
 * generator in process, `-o js:DIR` the same generator with JavaScript and `.d.ts` output; any other `-o LANG[:DIR]` runs a plugin (`capnpc-LANG` on PATH, or LANG
 * itself when it is a path) in DIR with the request on its stdin, as `capnp compile` does.
 * `capstan id` prints a new file id.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { runPlugin } from '../../codegen/plugin.js';
import { compile, formatDiagnostic, randomId, formatId } from '../../compiler/index.js';
import { createNodeLoader } from '../../compiler/files/node-loader.js';
import { encodeCodeGeneratorRequest } from '../../schema/index.js';
import { EXIT_BAD_INPUT, EXIT_OK, UsageError, type CliIo, type Command } from '../io.js';
import { IMPORT_HELP, IMPORT_OPTIONS, importOptions, parse } from './options.js';

const HELP = `Usage: capstan compile [<option>...] -o <output>... <source>...

Compiles Cap'n Proto schema files with Capstan's compiler (no C++ tool needed) and passes the
result to each output.

Options:
${IMPORT_HELP}
    -o, --output=<lang>[:<dir>]
                            Generate code for <lang> in <dir> (default: the current
                            directory). '-' writes the CodeGeneratorRequest to standard
                            output; 'ts' runs Capstan's TypeScript generator ('ts:out'
                            writes out/NAME.capnp.ts), 'js' the same generator with
                            JavaScript output (out/NAME.capnp.js and NAME.capnp.d.ts); any
                            other simple word runs 'capnpc-<lang>' from $PATH, and a path
                            with slashes runs that program, with the request on its stdin.
    --src-prefix=<prefix>   Remove <prefix> from the names of the files compiled, for
                            naming outputs.
`;

interface Output {
  language: string;
  directory: string;
}

/** `lang[:dir]`, split at the first colon as the reference tool does. */
function outputOf(spec: string): Output {
  const colon = spec.indexOf(':');
  if (spec === '' || colon === 0) throw new UsageError(`bad output '${spec}': expected <lang>[:<dir>], e.g. -o ts:src/gen or -o js:lib/gen`, 'compile');
  if (spec === '-' || colon < 0) return { language: spec, directory: '.' };
  return { language: spec.slice(0, colon), directory: spec.slice(colon + 1) || '.' };
}

export const compileCommand: Command = {
  name: 'compile',
  summary: 'Compile schemas and generate code (like capnp compile).',
  help: HELP,
  async run(args: readonly string[], io: CliIo): Promise<number> {
    const { values, positionals } = parse('compile', args, {
      ...IMPORT_OPTIONS,
      output: { type: 'string', short: 'o', multiple: true },
      'src-prefix': { type: 'string', multiple: true },
    });
    if (positionals.length === 0) throw new UsageError('no source files given', 'compile');
    const outputs = ((values.output as string[] | undefined) ?? []).map(outputOf);
    if (outputs.length === 0) throw new UsageError('no output given: use -o- for the request, -o ts:<dir> or -o js:<dir>', 'compile');
    const imports = importOptions(values, 'compile');
    const { request, diagnostics } = compile({
      files: positionals,
      loader: createNodeLoader(),
      cwd: process.cwd(),
      importPaths: imports.importPaths,
      srcPrefixes: (values['src-prefix'] as string[] | undefined) ?? [],
      standardImports: !imports.noStandardImport,
      language: imports.language,
    });
    for (const diagnostic of diagnostics) io.writeStderr(`${formatDiagnostic(diagnostic)}\n`);
    if (request === null) return EXIT_BAD_INPUT;
    const bytes = encodeCodeGeneratorRequest(request);
    for (const output of outputs) {
      if (output.language === '-') {
        await io.writeStdout(bytes);
      } else if (output.language === 'ts' || output.language === 'js') {
        runPlugin(bytes, resolve(output.directory), {}, output.language);
      } else {
        const status = runExternalPlugin(output, bytes, io);
        if (status !== EXIT_OK) return status;
      }
    }
    return EXIT_OK;
  },
};

function runExternalPlugin(output: Output, request: Uint8Array, io: CliIo): number {
  const program = output.language.includes('/') ? resolve(output.language) : `capnpc-${output.language}`;
  mkdirSync(output.directory, { recursive: true });
  const result = spawnSync(program, [], { input: request, cwd: output.directory, stdio: ['pipe', 'inherit', 'inherit'] });
  // A plugin that exits without reading its input leaves us an EPIPE: its exit status says
  // what happened, so that is what counts.
  const brokenPipe = (result.error as NodeJS.ErrnoException | undefined)?.code === 'EPIPE' && result.status !== null;
  if (result.error !== undefined && !brokenPipe) {
    io.writeStderr(`capstan: cannot run plugin ${program}: ${result.error.message}\n`);
    return EXIT_BAD_INPUT;
  }
  if (result.status !== 0) {
    io.writeStderr(`capstan: plugin ${program} failed (exit ${result.status ?? result.signal})\n`);
    return EXIT_BAD_INPUT;
  }
  return EXIT_OK;
}

export const idCommand: Command = {
  name: 'id',
  summary: 'Print a new random 64-bit id for a schema file.',
  help: 'Usage: capstan id\n\nPrints a new random id (top bit set), e.g. @0xd4b2f3e5a6c70819, to start a schema file with.\n',
  async run(args: readonly string[], io: CliIo): Promise<number> {
    if (args.length > 0) throw new UsageError(`unexpected argument ${args[0]}`, 'id');
    await io.writeStdout(`${formatId(randomId())}\n`);
    return EXIT_OK;
  },
};
