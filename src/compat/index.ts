/**
 * `capstan/compat`: checks that a schema evolves by the rules of Cap'n Proto's language
 * reference ("Evolving your protocol"), so old and new programs keep reading each other's
 * messages. Compares two versions declaration by declaration (by id) and reports each change
 * with its severity (`wire-breaking`, `source-breaking`, `compatible`) and a stable rule id.
 * Runs anywhere; `capstan/compat/node` reads files, directories and git revisions.
 *
 * ```ts
 * import { compareSchemas, compileSchemaVersion, formatChange } from 'capstan/compat';
 *
 * const before = compileSchemaVersion({ files: ['/a.capnp'], sources: { '/a.capnp': oldText } });
 * const after = compileSchemaVersion({ files: ['/a.capnp'], sources: { '/a.capnp': newText } });
 * const report = compareSchemas(before, after);
 * for (const change of report.changes) console.log(formatChange(change));
 * if (!report.wireCompatible) process.exitCode = 1;
 * ```
 */
export { compareSchemas } from './compare.js';
export { compileSchemaVersion, type LoadOptions } from './load.js';
export { formatChange, formatLocation, reportToJson, summarize, type CompatJson } from './report.js';
export { RULES, RULES_BY_ID, type Rule } from './rules.js';
export type { Change, CompareOptions, CompatReport, Location, SchemaFileEntry, SchemaInput, SchemaVersion, Severity } from './types.js';
