/**
 * Types as a user's project sees them, checked by tsc: with only `lib: ["ES2022", "DOM"]` (no
 * Node types), encoded messages are a `BodyInit` for `fetch`, `Response` and `Blob` (they were
 * `Uint8Array<ArrayBufferLike>`, which the DOM lib of TypeScript >= 5.7 rejects); and with
 * Fastify, `request.body` of a Cap'n Proto route is the generated reader and `reply.capnp`
 * checks the value against its type.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { GENERATED, ROOT } from '../support/generate.js';
import { generatePeople } from './support.js';

const OUT = join(GENERATED, 'http-types');
let people: string;

/** The import specifier of `path` (a .ts file) from a file in OUT/<check>/. */
function specifier(path: string): string {
  return relative(join(OUT, 'check'), path).split('\\').join('/').replace(/\.ts$/, '.js');
}

function typecheck(name: string, source: string, types: string[]): string {
  const dir = join(OUT, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'check.ts'), source);
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({
    compilerOptions: {
      target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2022', 'DOM'], types,
      typeRoots: [join(ROOT, 'node_modules/@types')],
      strict: true, isolatedModules: true, verbatimModuleSyntax: true, skipLibCheck: true, noEmit: true,
    },
    files: ['check.ts'],
  }));
  const result = spawnSync(join(ROOT, 'node_modules/.bin/tsc'), ['-p', join(dir, 'tsconfig.json')], { encoding: 'utf8' });
  return (result.stdout + result.stderr).trim();
}

beforeAll(() => {
  people = generatePeople();
}, 60_000);

describe('types under the DOM lib', () => {
  it('encoded messages are a BodyInit; the fetch helpers type their readers', () => {
    const source = `
      import { Person } from '${specifier(people)}';
      import { MessageBuilder, pack, canonicalize } from '${specifier(join(ROOT, 'src/index.ts'))}';
      import { capnpBody, fromResponse, toResponse } from '${specifier(join(ROOT, 'src/fetch/index.ts'))}';

      export async function send(): Promise<string> {
        const bytes = Person.encode({ name: 'Ada' });
        await fetch('/people', { method: 'POST', body: bytes });
        await fetch('/people', { method: 'POST', body: Person.encode({ name: 'Ada' }, { format: 'packed' }) });
        const message = new MessageBuilder();
        Person.initRoot(message).name = 'Ada';
        new Response(message.toBytes());
        new Blob([pack(message.toBytes()), canonicalize(Person.read(bytes).$)]);
        const res = await fetch('/people', { method: 'POST', ...capnpBody(Person, { name: 'Ada' }) });
        const person = await fromResponse(Person, res);
        const name: string = person.name;
        toResponse(Person, person, { status: 201 });
        // @ts-expect-error: not a Person
        capnpBody(Person, { name: 42 });
        return name;
      }
    `;
    expect(typecheck('dom', source, [])).toBe('');
  }, 60_000);
});

describe('types with Fastify', () => {
  it('request.body is the reader, reply.capnp checks its value', () => {
    const source = `
      import Fastify from 'fastify';
      import { Person, type PersonReader } from '${specifier(people)}';
      import capnp, { type CapnpRoute } from '${specifier(join(ROOT, 'src/fastify/index.ts'))}';

      export async function serve(): Promise<void> {
        const app = Fastify();
        await app.register(capnp, { bodyLimit: 65536, validate: true, nestingLimit: 32 });
        app.post<CapnpRoute<typeof Person>>('/people', { config: { capnp: Person } }, async (request, reply) => {
          const person: PersonReader = request.body;
          const name: string = person.name;
          // @ts-expect-error: id is a number
          reply.capnp(Person, { id: 'one', name });
          return reply.capnp(Person, { id: person.id, name }, { packed: true });
        });
        // @ts-expect-error: not a plugin option
        await app.register(capnp, { bodyLimit: 'big' });
      }
    `;
    expect(typecheck('fastify', source, ['node'])).toBe('');
  }, 60_000);
});
