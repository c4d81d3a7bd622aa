/**
 * docs/evolution.md runs: every old/new example pair reports what the doc says it reports,
 * the rule table is the library's, the text and JSON samples are what the tool prints, and
 * the TypeScript example runs as written (with `capstan/compat` resolved to the sources).
 */
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { compareSchemas, compileSchemaVersion, formatChange, reportToJson, RULES_BY_ID, summarize, type Severity } from '../../src/compat/index.js';
import { ROOT } from '../support/cli.js';
import { compareCase } from './support.js';

const DOC = readFileSync(join(ROOT, 'docs/evolution.md'), 'utf8');
const LINES = DOC.split('\n');

interface Block { line: number; info: string; code: string; end: number }

function blocks(): Block[] {
  const out: Block[] = [];
  for (let i = 0; i < LINES.length; i++) {
    const open = /^```(\S*)/.exec(LINES[i]!);
    if (open === null) continue;
    let end = i + 1;
    while (end < LINES.length && LINES[end] !== '```') end++;
    out.push({ line: i + 1, info: open[1]!, code: LINES.slice(i + 1, end).join('\n'), end });
    i = end;
  }
  return out;
}

interface Example { line: number; old: string; new: string; rules: string[]; verdict: Severity }

function examples(): Example[] {
  const all = blocks();
  const out: Example[] = [];
  for (let i = 0; i + 1 < all.length; i++) {
    const [a, b] = [all[i]!, all[i + 1]!];
    if (a.info !== 'capnp' || !a.code.startsWith('# old\n') || !b.code.startsWith('# new\n')) continue;
    const reports = LINES.slice(b.end + 1).find((l) => l.trim() !== '') ?? '';
    const match = /^Reports: (.*) \((compatible|source-breaking|wire-breaking)\)\.$/.exec(reports);
    if (match === null) throw new Error(`docs/evolution.md:${b.line}: expected a 'Reports: ... (severity).' line after the example`);
    out.push({ line: a.line, old: a.code.slice(6), new: b.code.slice(6), rules: [...match[1]!.matchAll(/`([a-z-]+)`/g)].map((m) => m[1]!), verdict: match[2] as Severity });
  }
  return out;
}

const scratch = mkdtempSync(join(tmpdir(), 'capstan-compat-docs-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('docs/evolution.md', () => {
  const found = examples();

  it('has an example for each section', () => expect(found.length).toBeGreaterThanOrEqual(13));

  for (const example of found) {
    it(`reports what the example at line ${example.line} says`, () => {
      const { report } = compareCase({ name: `doc:${example.line}`, verdict: example.verdict, expect: example.rules, old: example.old, new: example.new });
      expect(report.changes.map((c) => c.rule).sort()).toEqual([...example.rules].sort());
      const order: Severity[] = ['compatible', 'source-breaking', 'wire-breaking'];
      const worst = report.changes.reduce<Severity>((w, c) => (order.indexOf(c.severity) > order.indexOf(w) ? c.severity : w), 'compatible');
      expect(worst).toBe(example.verdict);
    });
  }

  it('lists every rule with its severity and summary', () => {
    const rows = LINES.filter((l) => /^\| `[a-z-]+` \|/.test(l)).map((l) => l.split('|').map((cell) => cell.trim()));
    const table = rows.map((cells) => [cells[1]!.replace(/`/g, ''), cells[2], cells[3]]);
    expect(table).toEqual([...RULES_BY_ID.values()].map((r) => [r.id, r.severity, r.summary]));
  });

  const person = (body: string) => compileSchemaVersion({
    files: ['schemas/person.capnp'],
    sources: { '/schemas/person.capnp': `@0xd0c0ffee00000001;\nstruct Person {\n${body}}\n` },
  });
  const v1 = person('  name @0 :Text;\n  age @1 :UInt8;\n');

  it('shows the text output the tool prints', () => {
    const report = compareSchemas(v1, person('  fullName @0 :Text;\n  age @1 :UInt16;\n'));
    const printed = [...report.changes.filter((c) => c.severity !== 'compatible').map(formatChange), `capstan compat: ${summarize(report)}`];
    const sample = blocks().find((b) => b.info === 'text')!;
    expect(printed.sort()).toEqual(sample.code.split('\n').sort());
  });

  it('shows the JSON the tool prints', () => {
    const report = compareSchemas(v1, person('  name @0 :Text;\n  age @1 :UInt16;\n'));
    const sample = blocks().find((b) => b.info === 'json')!;
    expect(JSON.parse(JSON.stringify(reportToJson(report)))).toEqual(JSON.parse(sample.code));
  });

  it('runs the TypeScript example', async () => {
    const example = blocks().find((b) => b.info === 'ts')!;
    const code = example.code.replace(/from 'capstan\/compat'/g, `from ${JSON.stringify(join(ROOT, 'src/compat/index.ts'))}`);
    const file = join(scratch, 'example.ts');
    writeFileSync(file, code);
    await import(pathToFileURL(file).href);
  });
});
