/**
 * Every ```ts example in docs/fastify.md runs here as written, against code generated for
 * test/fixtures/http/people.capnp (`./people.capnp.js` in the doc) and test/fixtures/rpc/rpc-test.capnp
 * (`./echo.capnp.js`), with `capstan`, `capstan/fetch`, `capstan/fastify` and
 * `capstan/rpc/websocket` resolved to the sources. The examples check themselves
 * with node:assert.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, expect, it } from 'vitest';
import { ROOT } from '../support/generate.js';
import { generateRpcFixture } from '../rpc/support.js';
import { generatePeople } from './support.js';

const DOC = join(ROOT, 'docs/fastify.md');
const text = readFileSync(DOC, 'utf8');
const found = [...text.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
let people = '';
let echo = '';

beforeAll(() => {
  people = generatePeople();
  echo = generateRpcFixture();
});

it('docs/fastify.md has examples', () => expect(found.length).toBeGreaterThanOrEqual(3));

it('shows the schema the tests use', () => {
  const schema = readFileSync(join(ROOT, 'test/fixtures/http/people.capnp'), 'utf8');
  const person = /struct Person \{[\s\S]*?\n\}/.exec(schema)![0];
  expect(text).toContain(person);
});

found.forEach((example, index) => {
  it(`runs docs/fastify.md example ${index + 1}`, async () => {
    const code = example
      .replace(/from 'capstan\/fastify'/g, `from ${JSON.stringify(join(ROOT, 'src/fastify/index.ts'))}`)
      .replace(/from 'capstan\/fetch'/g, `from ${JSON.stringify(join(ROOT, 'src/fetch/index.ts'))}`)
      .replace(/from 'capstan\/rpc\/websocket'/g, `from ${JSON.stringify(join(ROOT, 'src/rpc/websocket/index.ts'))}`)
      .replace(/from '\.\/echo\.capnp\.js'/g, `from ${JSON.stringify(echo)}`)
      .replace(/from 'capstan'/g, `from ${JSON.stringify(join(ROOT, 'src/index.ts'))}`)
      .replace(/from '\.\/people\.capnp\.js'/g, `from ${JSON.stringify(people)}`);
    const file = join(dirname(people), `docs-example-${index + 1}.ts`);
    writeFileSync(file, code);
    await import(pathToFileURL(file).href);
  }, 30_000);
});
