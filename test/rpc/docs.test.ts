/**
 * Every ```ts example in docs/rpc.md runs here as written, against code generated for
 * test/fixtures/rpc/rpc-test.capnp (`./echo.capnp.js` in the docs) and generics.capnp
 * (`./generics.capnp.js`), with `capstan`, `capstan/rpc` and its transports' entry points resolved
 * to the sources (`ws` is a devDependency). The examples check themselves with node:assert.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, expect, it } from 'vitest';
import { ROOT } from '../support/generate.js';
import { generateGenericsFixture, generateRpcFixture } from './support.js';

const DOC = join(ROOT, 'docs/rpc.md');
const found = [...readFileSync(DOC, 'utf8').matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
let generated = '';
let generics = '';

beforeAll(() => {
  generated = generateRpcFixture();
  generics = generateGenericsFixture();
});

it('docs/rpc.md has examples', () => expect(found.length).toBeGreaterThanOrEqual(1));

found.forEach((example, index) => {
  it(`runs docs/rpc.md example ${index + 1}`, async () => {
    const code = example
      .replace(/from 'capstan\/rpc\/node'/g, `from ${JSON.stringify(join(ROOT, 'src/rpc/node/index.ts'))}`)
      .replace(/from 'capstan\/rpc\/websocket'/g, `from ${JSON.stringify(join(ROOT, 'src/rpc/websocket/index.ts'))}`)
      .replace(/from 'capstan\/rpc\/http-batch\/node'/g, `from ${JSON.stringify(join(ROOT, 'src/rpc/http-batch/node.ts'))}`)
      .replace(/from 'capstan\/rpc\/http-batch'/g, `from ${JSON.stringify(join(ROOT, 'src/rpc/http-batch/index.ts'))}`)
      .replace(/from 'capstan\/rpc\/message-port'/g, `from ${JSON.stringify(join(ROOT, 'src/rpc/message-port/index.ts'))}`)
      .replace(/from 'capstan\/rpc'/g, `from ${JSON.stringify(join(ROOT, 'src/rpc/index.ts'))}`)
      .replace(/from 'capstan'/g, `from ${JSON.stringify(join(ROOT, 'src/index.ts'))}`)
      .replace(/from '\.\/echo\.capnp\.js'/g, `from ${JSON.stringify(generated)}`)
      .replace(/from '\.\/generics\.capnp\.js'/g, `from ${JSON.stringify(generics)}`);
    const file = join(dirname(generated), `docs-example-${index + 1}.ts`);
    writeFileSync(file, code);
    await import(pathToFileURL(file).href);
  });
});
