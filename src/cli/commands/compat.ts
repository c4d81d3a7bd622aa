/**
 * `capstan compat OLD NEW` and `capstan compat --against git:REV [PATH...]`: checks that a
 * schema evolved by the rules of the language reference (see docs/evolution.md), for CI.
 * Prints each change as `file:line:col: error|warning|note: message [rule]` or as JSON, and
 * exits non-zero on a wire-breaking change.
 */
import { compareSchemas, formatChange, reportToJson, summarize, type SchemaVersion } from '../../compat/index.js';
import { loadGitRevision, loadSchemaPaths, loadWorkingTree } from '../../compat/node.js';
import { isCapnpError } from '../../wire/index.js';
import { EXIT_OK, UsageError, type CliIo, type Command } from '../io.js';
import { IMPORT_HELP, IMPORT_OPTIONS, importOptions, parse } from './options.js';

/** A change at or above the `--fail-on` level was found. */
export const EXIT_INCOMPATIBLE = 1;
/** A version could not be read or compiled. */
export const EXIT_UNREADABLE = 3;

const HELP = `Usage: capstan compat [<option>...] <old> <new>
       capstan compat [<option>...] --against git:<rev> [<path>...]

Compares two versions of a schema by the rules of Cap'n Proto's language reference
("Evolving your protocol") and reports every change: wire-breaking changes as errors,
source-breaking ones (renames, moves: the wire is unchanged) as warnings. <old> and <new>
are .capnp files or directories (every .capnp below them). With --against, the old version
is <path>... (default: the current directory) as it is at git revision <rev>, and the new
version is the same paths in the working tree.

Options:
    --against=git:<rev>     Compare the working tree with git revision <rev> (a branch,
                            tag or commit; imports among the old files resolve in <rev>).
    --format=text|json      'text' (default): one line per change, file:line:col: error:
                            message [rule]. 'json': one JSON document (docs/evolution.md).
    --fail-on=wire|source   Exit 1 on wire-breaking changes (default), or also on
                            source-breaking ones.
    --all                   Also list compatible changes (as notes) in text output.
${IMPORT_HELP}

Exit status: 0 when nothing at the --fail-on level changed, 1 when something did, 2 for a
bad command line, 3 when a version cannot be read or compiled.

Examples:
    capstan compat schema-v1.capnp schema.capnp
    capstan compat --against git:main schema/
    capstan compat --against git:origin/main --format json schema/ > compat.json
`;

function parseAgainst(value: string): string {
  if (!value.startsWith('git:') || value.length === 4) throw new UsageError(`--against takes git:<rev> (e.g. git:main), got '${value}'`, 'compat');
  return value.slice(4);
}

export const compatCommand: Command = {
  name: 'compat',
  summary: 'Check that a schema change keeps old and new programs compatible.',
  help: HELP,
  async run(args: readonly string[], io: CliIo): Promise<number> {
    const { values, positionals } = parse('compat', args, {
      ...IMPORT_OPTIONS,
      against: { type: 'string' },
      format: { type: 'string' },
      'fail-on': { type: 'string' },
      all: { type: 'boolean' },
    });
    const format = (values.format as string | undefined) ?? 'text';
    if (format !== 'text' && format !== 'json') throw new UsageError(`--format must be text or json, got '${format}'`, 'compat');
    const failOn = (values['fail-on'] as string | undefined) ?? 'wire';
    if (failOn !== 'wire' && failOn !== 'source') throw new UsageError(`--fail-on must be wire or source, got '${failOn}'`, 'compat');
    const imports = importOptions(values, 'compat');
    const options = { importPaths: imports.importPaths, standardImports: !imports.noStandardImport, language: imports.language };

    let old: SchemaVersion;
    let next: SchemaVersion;
    try {
      if (values.against !== undefined) {
        const rev = parseAgainst(String(values.against));
        const paths = positionals.length === 0 ? ['.'] : positionals;
        old = loadGitRevision(rev, paths, { ...options, label: `${rev}: ` });
        next = loadWorkingTree(paths, { ...options, label: '' });
      } else {
        if (positionals.length !== 2) {
          throw new UsageError(positionals.length < 2 ? 'give the old and the new version (files or directories), or --against git:<rev>' : `too many arguments: ${positionals.slice(2).join(' ')}`, 'compat');
        }
        old = loadSchemaPaths([positionals[0]!], { ...options, label: 'old: ' });
        next = loadSchemaPaths([positionals[1]!], { ...options, label: 'new: ' });
      }
    } catch (error) {
      if (!isCapnpError(error)) throw error;
      io.writeStderr(`capstan compat: ${error.message.replace(/\s*\n\s*/g, ' ')}\n`);
      return EXIT_UNREADABLE;
    }

    const report = compareSchemas(old, next);
    if (format === 'json') {
      await io.writeStdout(`${JSON.stringify(reportToJson(report), (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), 2)}\n`);
    } else {
      const shown = values.all === true ? report.changes : report.changes.filter((c) => c.severity !== 'compatible');
      if (shown.length > 0) await io.writeStdout(shown.map((c) => `${formatChange(c)}\n`).join(''));
      io.writeStderr(`capstan compat: ${summarize(report)}\n`);
    }
    const failed = failOn === 'source' ? !report.sourceCompatible : !report.wireCompatible;
    return failed ? EXIT_INCOMPATIBLE : EXIT_OK;
  },
};
