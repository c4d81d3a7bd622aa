/**
 * The corpus: one pair of schema versions per rule (and variants), each with the changes
 * `compareSchemas` must report. Every pair that is not wire-breaking is proven by the wire: a
 * message built with the old version is read by the new one (`capnp encode`, `capnp decode`),
 * and back, with the values stated in the case. Some wire-breaking pairs show their break the
 * same way.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RULES_BY_ID, type Severity } from '../../src/compat/index.js';
import { CORPUS } from './corpus/index.js';
import { compareCase, runCallCheck, runStructCheck, writeCase } from './support.js';
import { describeReference } from '../support/reference.js';

/** Cases about changes that must not be reported at all. */
const NO_CHANGE_CASES = ['members-reordered', 'field-default-unchanged'];
const ORDER: Severity[] = ['compatible', 'source-breaking', 'wire-breaking'];
const scratch = mkdtempSync(join(tmpdir(), 'capstan-compat-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('compat corpus: verdicts', () => {
  for (const c of CORPUS) {
    it(c.name, () => {
      const { report } = compareCase(c);
      const rules = report.changes.map((change) => change.rule).sort();
      expect(rules, report.changes.map((change) => change.message).join('\n')).toEqual([...c.expect].sort());
      const worst = report.changes.reduce<Severity>((w, change) => (ORDER.indexOf(change.severity) > ORDER.indexOf(w) ? change.severity : w), 'compatible');
      expect(worst).toBe(c.verdict);
      expect(report.wireCompatible).toBe(c.verdict !== 'wire-breaking');
    });
  }

  it('has a pair for every rule, named after it', () => {
    const covered = new Set(CORPUS.filter((c) => c.expect.includes(c.name.split('/')[0]!)).map((c) => c.name.split('/')[0]));
    expect([...RULES_BY_ID.keys()].filter((id) => !covered.has(id))).toEqual([]);
    const unnamed = CORPUS.filter((c) => !RULES_BY_ID.has(c.name.split('/')[0]!) && !NO_CHANGE_CASES.includes(c.name.split('/')[0]!));
    expect(unnamed.map((c) => c.name)).toEqual([]);
  });

  it('proves every pair that is not wire-breaking by the wire', () => {
    const unproven = CORPUS.filter((c) => c.verdict !== 'wire-breaking' && (c.wire ?? []).length === 0).map((c) => c.name);
    expect(unproven).toEqual([]);
  });
});

describeReference('compat corpus: by the wire', () => {
  for (const c of CORPUS.filter((k) => (k.wire ?? []).length > 0)) {
    it(c.name, () => {
      const files = writeCase(scratch, c);
      const { old, new: next } = compareCase(c);
      for (const check of c.wire!) {
        if ('method' in check) runCallCheck(check, old, next);
        else runStructCheck(check, files);
      }
    });
  }
});
