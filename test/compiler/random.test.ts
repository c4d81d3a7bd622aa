/**
 * Randomized differential testing against the reference compiler, 0.9.2 and 1.x each (against
 * 1.x the random schemas use 1.0's additions too: block quotes, values given as their first
 * field's):
 *
 * - random schemas (nested groups and unions with shuffled ordinals, enums, interfaces,
 *   generics, defaults, constants, annotations) compiled by both, which must agree on every
 *   node, or reject the schema with the same errors;
 * - the parity corpus with random edits, mostly broken: both must report the same errors.
 *
 * Bounded here (CAPSTAN_RANDOM_SCHEMAS, default 150, and as many edits);
 * `node scripts/compiler-random.mjs` runs a longer campaign.
 */
import { expect, it } from 'vitest';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeReference } from '../support/reference.js';
import { describeReference1x } from '../support/reference-1x.js';
import { checkParity, type ReferenceRelease } from './support/parity.js';
import { mutateSchema, randomSchema } from './support/random-schema.js';
import { lexStatements, type Statement, type Token } from '../../src/compiler/syntax/lexer.js';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Whether a string literal of `schema` holds bytes that are not UTF-8. */
function hasNonUtf8String(schema: string): boolean {
  const statements = lexStatements(new TextEncoder().encode(schema), { addError: () => {}, hadErrors: () => false, reportResolution: () => {} }) ?? [];
  const inTokens = (tokens: readonly Token[]): boolean => tokens.some((token) => {
    if (token.kind === 'string') {
      try {
        strictUtf8.decode(token.bytes);
        return false;
      } catch {
        return true;
      }
    }
    return (token.kind === 'parenthesizedList' || token.kind === 'bracketedList') && token.items.some(inTokens);
  });
  const inStatements = (list: readonly Statement[]): boolean => list.some((st) => inTokens(st.tokens) || (st.block !== null && inStatements(st.block)));
  return inStatements(statements);
}

const COUNT = Number(process.env.CAPSTAN_RANDOM_SCHEMAS ?? 150);
const FIRST_SEED = Number(process.env.CAPSTAN_RANDOM_SEED ?? 1);

const STD = fileURLToPath(new URL('../../std', import.meta.url));

/**
 * The two checks against one reference release. The tool 0.9.2 reads its own standard
 * schemas; against 1.x both compilers read Capstan's (the same nodes as upstream's, but their
 * own comments, so their own positions).
 */
function randomChecks(release: ReferenceRelease): void {
  const standardDir = release === '1.x' ? STD : '/usr/include';
  it(`agrees on ${COUNT} random schemas from seed ${FIRST_SEED}`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'capstan-random-'));
    let compiled = 0;
    let rejected = 0;
    let nodes = 0;
    let referenceBugs = 0;
    try {
      for (let seed = FIRST_SEED; seed < FIRST_SEED + COUNT; seed++) {
        const schema = randomSchema(seed, undefined, { version1: release === '1.x' });
        writeFileSync(join(dir, 'random.capnp'), schema);
        const result = checkParity({ files: ['random.capnp'], cwd: dir, noStandardImport: true, importPaths: [standardDir] }, release);
        const context = `seed ${seed}:\n${schema}`;
        expect(result.mismatch, context).toBeNull();
        expect(result.differences, context).toEqual([]);
        if (result.referenceBug !== null) {
          referenceBugs++;
        } else if (result.nodeCount > 0) {
          compiled++;
          nodes += result.nodeCount;
        } else {
          rejected++;
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    console.log(`[capstan] random schemas against ${release}: ${compiled} compiled (${nodes} nodes compared), ${rejected} rejected by both, 0 differences; the reference failed a check of its own code on ${referenceBugs}`);
    // The generator is meant to produce mostly valid schemas.
    expect(compiled).toBeGreaterThan(COUNT / 2);
  }, Math.max(60_000, COUNT * 200));

  it(`reports the same errors for ${COUNT} random edits of the parity corpus`, () => {
    const corpus = fileURLToPath(new URL('../fixtures/compiler/parity', import.meta.url));
    const sources = readdirSync(corpus).filter((name) => name.endsWith('.capnp')).sort()
      .map((name) => readFileSync(`${corpus}/${name}`, 'utf8'));
    // A copy of the corpus, so that the edited file's imports and embeds still resolve.
    const dir = mkdtempSync(join(tmpdir(), 'capstan-mutated-'));
    cpSync(corpus, dir, { recursive: true });
    let rejected = 0;
    let notUtf8 = 0;
    let referenceBugs = 0;
    try {
      for (let seed = FIRST_SEED; seed < FIRST_SEED + COUNT; seed++) {
        const schema = mutateSchema(sources[seed % sources.length]!, seed);
        writeFileSync(join(dir, 'mutated.capnp'), schema);
        const result = checkParity({ files: ['mutated.capnp'], cwd: dir, noStandardImport: true, importPaths: ['include', standardDir] }, release);
        const context = `seed ${seed}:\n${schema}`;
        expect(result.mismatch, context).toBeNull();
        if (result.referenceBug !== null) {
          referenceBugs++;
          continue;
        }
        // Where a string literal is not UTF-8 (an edit can make `"\xef\xbb\xbf"` into `"\xef\t"`),
        // Text values differ on purpose: Capstan's are JavaScript strings (docs/compiler.md,
        // "Decisions"); Data keeps the bytes.
        if (result.differences.length > 0 && hasNonUtf8String(schema)) {
          notUtf8++;
          continue;
        }
        expect(result.differences, context).toEqual([]);
        if (result.nodeCount === 0) rejected++;
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    console.log(`[capstan] edited corpus schemas against ${release}: ${rejected} of ${COUNT} rejected, all with the reference's errors (${notUtf8} with a Text literal not UTF-8 not compared; the reference failed a check of its own code on ${referenceBugs})`);
  }, Math.max(60_000, COUNT * 200));
}

describeReference('random schemas compile as with capnp compile 0.9.2 (in 0.9\'s language)', () => randomChecks('0.9.2'));

describeReference1x('random schemas, using 1.0\'s additions, compile as with capnp compile 1.x (positions and fileSourceInfo included)', () => randomChecks('1.x'));
