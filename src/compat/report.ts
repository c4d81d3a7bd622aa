/**
 * Reporting: a change as one line in the form compilers use (`file:line:col: error: message
 * [rule]`), and a report as JSON for CI (the format is documented in docs/evolution.md and
 * versioned by its `version` field).
 */
import type { Change, CompatReport, Location, Severity } from './types.js';

const LEVELS: Record<Severity, string> = { 'wire-breaking': 'error', 'source-breaking': 'warning', compatible: 'note' };

export function formatLocation(location: Location): string {
  if (location.line === 0) return location.file;
  return `${location.file}:${location.line}:${location.col}`;
}

/** `file:line:col: error: message [rule]`: error for wire-breaking, warning for source-breaking, note for compatible. */
export function formatChange(change: Change): string {
  return `${formatLocation(change.location)}: ${LEVELS[change.severity]}: ${change.message} [${change.rule}]`;
}

/** The JSON form of a report (`capstan compat --format json`). */
export interface CompatJson {
  readonly version: 1;
  readonly wireCompatible: boolean;
  readonly sourceCompatible: boolean;
  readonly counts: { readonly wireBreaking: number; readonly sourceBreaking: number; readonly compatible: number };
  readonly changes: readonly Change[];
}

export function reportToJson(report: CompatReport): CompatJson {
  return {
    version: 1,
    wireCompatible: report.wireCompatible,
    sourceCompatible: report.sourceCompatible,
    counts: {
      wireBreaking: report.counts['wire-breaking'],
      sourceBreaking: report.counts['source-breaking'],
      compatible: report.counts.compatible,
    },
    changes: report.changes,
  };
}

/** One line summing a report up: `2 wire-breaking, 1 source-breaking, 3 compatible changes`. */
export function summarize(report: CompatReport): string {
  const { counts } = report;
  const total = counts['wire-breaking'] + counts['source-breaking'] + counts.compatible;
  if (total === 0) return 'no changes';
  return `${counts['wire-breaking']} wire-breaking, ${counts['source-breaking']} source-breaking, ${counts.compatible} compatible change${total === 1 ? '' : 's'}`;
}
