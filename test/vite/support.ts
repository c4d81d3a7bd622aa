/** A scratch app for the Vite plugin's tests: schemas, an entry, and aliases to Capstan's sources. */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Alias } from 'vite';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** `capstan`, `capstan/rpc` and `capstan/std/*` resolved to this checkout's sources. */
export const capstanAliases: Alias[] = [
  { find: /^capstan$/, replacement: join(repo, 'src/index.ts') },
  { find: /^capstan\/private$/, replacement: join(repo, 'src/runtime/private.ts') },
  { find: /^capstan\/rpc$/, replacement: join(repo, 'src/rpc/index.ts') },
  { find: /^capstan\/std\/(.*)\.js$/, replacement: join(repo, 'src/generated/std/$1.ts') },
];

export const PERSON = `@0xd1c3f4a5b6c7d8e1;
using Common = import "common.capnp";
struct Person {
  name @0 :Text;
  address @1 :Common.Address;
}
`;

export const COMMON = `@0xd1c3f4a5b6c7d8e2;
struct Address {
  city @0 :Text;
}
`;

export const APP = `import { Person } from './schemas/person.capnp';
export function roundTrip(name: string, city: string) {
  const bytes = Person.encode({ name, address: { city } });
  return { length: bytes.length, person: Person.decode(bytes) };
}
`;

export interface Scratch {
  dir: string;
  write(path: string, content: string): string;
  dispose(): void;
}

export function scratchApp(): Scratch {
  const dir = mkdtempSync(join(tmpdir(), 'capstan-vite-'));
  const write = (path: string, content: string) => {
    const full = join(dir, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, content);
    return full;
  };
  write('schemas/person.capnp', PERSON);
  write('schemas/common.capnp', COMMON);
  write('app.ts', APP);
  return { dir, write, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}
