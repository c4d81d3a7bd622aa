/**
 * Every ```ts example in docs/codegen.md and docs/performance.md runs here as written, against
 * code generated for examples/addressbook.capnp, with `capstan` resolved to the sources. The
 * examples check themselves with node:assert.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, expect, it } from 'vitest';
import { generateFrom, ROOT } from '../support/generate.js';
import { describeReference } from '../support/reference.js';
import { tsExamples } from '../support/markdown.js';

/** Each page, and how many examples it has at least. */
const PAGES = { 'docs/codegen.md': 4, 'docs/performance.md': 2 };

let dir = '';

describeReference('docs examples against generated code', () => {
  beforeAll(() => {
    dir = generateFrom('docs-addressbook', [join(ROOT, 'examples/addressbook.capnp')], join(ROOT, 'examples'));
  });

  for (const [page, least] of Object.entries(PAGES)) {
    const found = tsExamples(readFileSync(join(ROOT, page), 'utf8'));
    const name = page.replace(/^docs\//, '').replace(/\.md$/, '');

    it(`${page} has examples`, () => expect(found.length).toBeGreaterThanOrEqual(least));

    for (const example of found) {
      it(`runs the example of ${page} at line ${example.line}`, async () => {
        const code = example.code
          .replace(/from 'capstan'/g, `from ${JSON.stringify(join(ROOT, 'src/index.ts'))}`)
          .replace(/from '\.\/addressbook\.capnp\.js'/g, `from ${JSON.stringify(join(dir, 'addressbook.capnp.ts'))}`);
        const file = join(dir, `example-${name}-${example.line}.ts`);
        writeFileSync(file, code);
        await import(pathToFileURL(file).href);
      });
    }
  }
});
