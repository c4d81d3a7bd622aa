/**
 * Generic interfaces end to end: a client obtained for a bound type (a struct field, a list
 * element, a result field, a pipelined capability, `bootstrap` with codecs, `X.serve` with
 * codecs, an inherited method of `extends(Store(Text, Data))`) reads and writes params and
 * results with the bound codecs, on both sides of a connection; and the generated code types
 * the same bindings (checked with tsc --strict on a small program using them).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DATA, TEXT } from '../../src/index.js';
import { Client } from '../../src/rpc/index.js';
import { AnyPointerReader } from '../../src/wire/index.js';
import { ROOT } from '../support/generate.js';
import { connectedPair, expectEmpty, generateGenericsFixture } from './support.js';

// Generated when the tests start (test/.generated is not in the tree): typed loosely here, and
// the types are checked by the tsc test at the end.
/* eslint-disable @typescript-eslint/no-explicit-any */
let gen: any;

beforeAll(async () => {
  gen = await import(generateGenericsFixture());
});

/** Servers made by a test, closed at its end (a capability put in results keeps its own reference). */
class Made {
  readonly clients: Client[] = [];
  keep<C extends Client>(client: C): C {
    this.clients.push(client);
    return client;
  }
  close(): void {
    for (const client of this.clients) client.close();
  }
}

/** A Store(Text, Text) server: `get` answers the key with `!`; records what its params read as. */
function textStore(made: Made, seen: unknown[] = []) {
  return made.keep(gen.Store.serve({
    get(p: any) {
      seen.push(p.key);
      return { value: `${p.key}!` };
    },
  }, [TEXT, TEXT]));
}

/** A Store(Text, Entry) server keeping what is put. */
function entryStore(made: Made) {
  const entries = new Map<string, { name: string; count: number }>();
  return made.keep(gen.Store.serve({
    get: (p: any) => ({ value: entries.get(p.key) ?? { name: p.key, count: p.key.length } }),
    put(p: any) {
      expect(p.value).toBeInstanceOf(gen.EntryReader);
      entries.set(p.key, p.value.toObject());
    },
    nested: () => ({ box: { value: { name: 'boxed', count: 7 } } }),
    again(_p: unknown, context: any) {
      context.results.store = entryStoreOf(entries, made);
    },
  }, [TEXT, gen.Entry]));
}

function entryStoreOf(entries: Map<string, { name: string; count: number }>, made: Made) {
  return made.keep(gen.Store.serve({ get: (p: any) => ({ value: entries.get(p.key) ?? null }) }, [TEXT, gen.Entry]));
}

describe('generic interfaces', () => {
  it('a struct field of type Store(Text, Text) gives a client reading Text, directly and pipelined', async () => {
    const made = new Made();
    const seen: unknown[] = [];
    const registry = {
      holder: () => ({ store: textStore(made, seen), entries: [entryStore(made)] }),
    };
    const { server, client } = connectedPair({ bootstrap: () => gen.Registry.serve(registry) });
    const remote: any = client.bootstrap(gen.RegistryClient);
    const holder = remote.holder();
    const pipelined = holder.store.get({ key: 'p' });
    const result = await holder;
    expect(result.store).toBeInstanceOf(gen.StoreClient);
    const direct = result.store.get({ key: 'a' });
    expect((await direct).value).toBe('a!');
    expect((await pipelined).value).toBe('p!');
    // The server's params reader is bound as well: the key arrived as a string.
    expect(seen).toEqual(['p', 'a']);
    // A list of Store(Text, Entry): its elements are bound too.
    const entry = result.entries.get(0).get({ key: 'abc' });
    const value = (await entry).value;
    expect(value).toBeInstanceOf(gen.EntryReader);
    expect(value.toObject()).toEqual({ name: 'abc', count: 3 });
    for (const p of [pipelined, direct, entry, holder]) p.dispose();
    remote.close();
    made.close();
    await expectEmpty(client, server);
  });

  it('bootstrap with codecs: struct values are written and read as the struct, in params, results and nested generics', async () => {
    const made = new Made();
    const { server, client } = connectedPair({ bootstrap: () => entryStore(made) });
    const store: any = client.bootstrap(gen.StoreClient, [TEXT, gen.Entry]);
    const put = store.put({ key: 'x', value: { name: 'ex', count: 3 } });
    await put;
    const got = store.get({ key: 'x' });
    const value = (await got).value;
    expect(value).toBeInstanceOf(gen.EntryReader);
    expect([value.name, value.count]).toEqual(['ex', 3]);
    const nested = store.nested();
    const box = (await nested).box;
    expect(box).toBeInstanceOf(gen.BoxReader);
    expect(box.value.toObject()).toEqual({ name: 'boxed', count: 7 });
    expect((await nested).toObject()).toEqual({ box: { value: { name: 'boxed', count: 7 } } });
    // A capability pipelined out of results keeps the binding of the promise it came from.
    const again = store.again();
    const piped = again.store.get({ key: 'x' });
    expect((await piped).value.toObject()).toEqual({ name: 'ex', count: 3 });
    for (const p of [put, got, nested, again, piped]) p.dispose();
    // dup() keeps the binding.
    const copy = store.dup();
    const fromCopy = copy.get({ key: 'x' });
    expect((await fromCopy).value.count).toBe(3);
    fromCopy.dispose();
    copy.close();
    store.close();
    made.close();
    await expectEmpty(client, server);
  });

  it('inherited methods of extends(Store(Text, Data)) are bound with Text and Data on both sides', async () => {
    const stored = new Map<string, Uint8Array>();
    const impl = {
      count: () => ({ n: stored.size }),
      put(p: any) {
        expect(typeof p.key).toBe('string');
        expect(p.value).toBeInstanceOf(Uint8Array);
        stored.set(p.key, p.value.slice());
      },
      get: (p: any) => ({ value: stored.get(p.key) ?? null }),
    };
    const { server, client } = connectedPair({ bootstrap: () => gen.TextStore.serve(impl) });
    const store: any = client.bootstrap(gen.TextStoreClient);
    const put = store.put({ key: 'k', value: new Uint8Array([1, 2, 3]) });
    await put;
    const got = store.get({ key: 'k' });
    expect((await got).value).toEqual(new Uint8Array([1, 2, 3]));
    const count = store.count();
    expect((await count).n).toBe(1);
    for (const p of [put, got, count]) p.dispose();
    store.close();
    await expectEmpty(client, server);
  });

  it('bindings compose through two superclasses (Counts extends Named(Entry) extends Store(Text, V))', async () => {
    const impl = { get: (p: any) => ({ value: { name: p.key, count: 2 } }) };
    const { server, client } = connectedPair({ bootstrap: () => gen.Counts.serve(impl) });
    const counts: any = client.bootstrap(gen.CountsClient);
    const got = counts.get({ key: 'two' });
    const value = (await got).value;
    expect(value).toBeInstanceOf(gen.EntryReader);
    expect(value.toObject()).toEqual({ name: 'two', count: 2 });
    got.dispose();
    counts.close();
    await expectEmpty(client, server);
  });

  it("a method's own parameter is bound by the caller (options.bind) and is an AnyPointer on the server", async () => {
    const made = new Made();
    const received: unknown[] = [];
    const impl = {
      generic(p: any) {
        received.push(p.u);
        return { u: p.u, store: textStore(made) };
      },
    };
    const { server, client } = connectedPair({ bootstrap: () => gen.Store.serve(impl, [TEXT, TEXT]) });
    const store: any = client.bootstrap(gen.StoreClient, [TEXT, TEXT]);
    const call = store.generic({ u: 'hi' }, { bind: [TEXT] });
    // `store :Store(Text, U)` with U bound to Text by the call.
    const piped = call.store.get({ key: 'q' });
    expect((await call).u).toBe('hi');
    expect((await piped).value).toBe('q!');
    const direct = (await call).store.get({ key: 'r' });
    expect((await direct).value).toBe('r!');
    expect(received[0]).toBeInstanceOf(AnyPointerReader);
    // Without a binding the caller gets what the server gets: an AnyPointer.
    const unbound = store.generic((b: any) => b.u.setText('x'));
    const u = (await unbound).u;
    expect(u).toBeInstanceOf(AnyPointerReader);
    for (const p of [call, piped, direct, unbound]) p.dispose();
    store.close();
    made.close();
    await expectEmpty(client, server);
  });

  it('a capability of a generic interface passed in a struct field is called by the server with its binding', async () => {
    const made = new Made();
    const registry = {
      async read(p: any) {
        const text = p.holder.store.get({ key: p.key });
        const entry = p.holder.entries.get(0).get({ key: p.key });
        const value: unknown = (await text).value;
        const count: unknown = (await entry).value.count;
        text.dispose();
        entry.dispose();
        return { value, count };
      },
    };
    const { server, client } = connectedPair({ bootstrap: () => gen.Registry.serve(registry) });
    const remote: any = client.bootstrap(gen.RegistryClient);
    const read = remote.read({ holder: { store: textStore(made), entries: [entryStore(made)] }, key: 'four' });
    expect((await read).toObject()).toEqual({ value: 'four!', count: 4 });
    read.dispose();
    remote.close();
    made.close();
    await expectEmpty(client, server);
  });

  it('named generic params and results (Box(T) -> Box(Box(T))) take the interface binding, also inherited; Box(Store(Text, Text)) results', async () => {
    const made = new Made();
    const mapperImpl = {
      wrap(p: any) {
        expect(p.value).toBe('w');
        return { value: { value: p.value } };
      },
    };
    const registry = { boxed: () => ({ value: textStore(made) }) };
    const first = connectedPair({ bootstrap: () => gen.Mapper.serve(mapperImpl, [TEXT]) });
    const mapper: any = first.client.bootstrap(gen.MapperClient, [TEXT]);
    const wrapped = mapper.wrap({ value: 'w' });
    expect((await wrapped).toObject()).toEqual({ value: { value: 'w' } });
    wrapped.dispose();
    mapper.close();
    // The same through a superclass: TextMapper extends Mapper(Text), served and called unbound.
    const third = connectedPair({ bootstrap: () => gen.TextMapper.serve(mapperImpl) });
    const textMapper: any = third.client.bootstrap(gen.TextMapperClient);
    const inherited = textMapper.wrap({ value: 'w' });
    expect((await inherited).value.value).toBe('w');
    inherited.dispose();
    textMapper.close();
    const second = connectedPair({ bootstrap: () => gen.Registry.serve(registry) });
    const remote: any = second.client.bootstrap(gen.RegistryClient);
    const boxed = remote.boxed();
    const got = (await boxed).value.get({ key: 'z' });
    expect((await got).value).toBe('z!');
    got.dispose();
    boxed.dispose();
    remote.close();
    made.close();
    await expectEmpty(first.client, first.server, second.client, second.server, third.client, third.server);
  });

  it('serves in process with a binding, and castAs binds too; unbound, values are AnyPointers', async () => {
    const made = new Made();
    const local = textStore(made);
    const got = local.get({ key: 'l' });
    expect((await got).value).toBe('l!');
    got.dispose();
    const { server, client } = connectedPair({ bootstrap: () => textStore(made) });
    const plain: any = client.bootstrap();
    const unbound: any = plain.castAs(gen.StoreClient);
    // Unbound, the key could only be given as an AnyPointer (the server reads none as '').
    const any = unbound.get({});
    expect((await any).value).toBeInstanceOf(AnyPointerReader);
    expect((await any).value.getText()).toBe('!');
    const bound: any = plain.castAs(gen.StoreClient, [TEXT, TEXT]);
    const text = bound.get({ key: 'c' });
    expect((await text).value).toBe('c!');
    const asData: any = plain.castAs(gen.StoreClient, [TEXT, DATA]);
    const data = asData.get({ key: 'd' });
    // Bound to Data, the server's Text reads as its bytes (with the NUL Text carries).
    expect((await data).value).toEqual(new Uint8Array([0x64, 0x21, 0]));
    for (const p of [any, text, data]) p.dispose();
    for (const c of [plain, unbound, bound, asData]) c.close();
    made.close();
    await expectEmpty(client, server);
  });
});

describe('generic interfaces, typed', () => {
  it('generated code, a program using its bindings and the docs example pass tsc --strict', () => {
    const dir = dirname(generateGenericsFixture());
    const specifier = (target: string) => {
      const rel = relative(dir, target).split('\\').join('/');
      return rel.startsWith('.') ? rel : `./${rel}`;
    };
    writeFileSync(join(dir, 'usage.ts'), USAGE
      .replace('RUNTIME', specifier(join(ROOT, 'src/index.js')))
      .replace('RPC', specifier(join(ROOT, 'src/rpc/index.js'))));
    // The docs/rpc.md examples on this schema, as written.
    const examples = [...readFileSync(join(ROOT, 'docs/rpc.md'), 'utf8').matchAll(/^```ts\n([\s\S]*?)^```$/gm)]
      .map((m) => m[1]!).filter((code) => code.includes("from './generics.capnp.js'"));
    expect(examples.length).toBe(1);
    examples.forEach((code, i) => writeFileSync(join(dir, `docs-example-${i + 1}.ts`), code
      .replace("from 'capstan'", `from '${specifier(join(ROOT, 'src/index.js'))}'`)
      .replace("from 'capstan/rpc'", `from '${specifier(join(ROOT, 'src/rpc/index.js'))}'`)));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({
      compilerOptions: {
        target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2022', 'DOM'], types: ['node'],
        strict: true, noImplicitOverride: true, noImplicitReturns: true, noFallthroughCasesInSwitch: true,
        noUnusedLocals: true, isolatedModules: true, verbatimModuleSyntax: true, skipLibCheck: true, noEmit: true,
      },
      include: ['**/*.ts'],
    }));
    const result = spawnSync(join(ROOT, 'node_modules/.bin/tsc'), ['-p', join(dir, 'tsconfig.json')], { encoding: 'utf8', cwd: dirname(dir) });
    expect((result.stdout + result.stderr).trim()).toBe('');
  });
});

/** What a user writes against the generated code; each line states a binding's type. */
const USAGE = `
import { TEXT, type DataCodec, type TextCodec } from 'RUNTIME';
import type { Connection } from 'RPC';
import * as gen from './generics.capnp.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false;
function same<A, B>(proof: Equal<A, B>): boolean {
  return proof;
}

export async function use(holder: gen.HolderReader, text: gen.TextStoreClient, counts: gen.CountsClient, connection: Connection): Promise<unknown[]> {
  const store = holder.store!;
  same<typeof store, gen.StoreClient<TextCodec, TextCodec>>(true);
  const value: string = (await store.get({ key: 'a' })).value;
  // @ts-expect-error the keys of a Store(Text, Text) are Text
  store.get({ key: 42 });
  const pipelined: string = (await store.again().store.get({ key: 'b' })).value;
  const entry: gen.EntryReader = (await holder.entries.get(0)!.get({ key: 'e' })).value;
  const bytes: Uint8Array = (await text.get({ key: 'k' })).value;
  text.put({ key: 'k', value: new Uint8Array(1) });
  // @ts-expect-error the values of a TextStore are Data
  text.put({ key: 'k', value: 'text' });
  const count: number = (await counts.get({ key: 'c' })).value.count;
  const generic = store.generic({ u: 'x' }, { bind: [TEXT] });
  same<typeof generic, gen.Store_generic$Promise<TextCodec, TextCodec, TextCodec>>(true);
  const u: string = (await generic).u;
  const piped: string = (await generic.store.get({ key: 'k' })).value;
  // @ts-expect-error unbound, a method's own parameter is an AnyPointer
  store.generic({ u: 'x' });
  const served = gen.Store.serve({ get: (p) => ({ value: p.key.toUpperCase() }) }, [TEXT, TEXT]);
  same<typeof served, gen.StoreClient<TextCodec, TextCodec>>(true);
  const server: gen.StoreServer<TextCodec, DataCodec> = {
    get: (p) => ({ value: new TextEncoder().encode(p.key) }),
    // The caller's binding of a method's own parameter is not on the wire: servers see AnyPointers.
    generic: (p) => ({ u: p.u }),
  };
  const booted = connection.bootstrap(gen.StoreClient<TextCodec, typeof gen.Entry>, [TEXT, gen.Entry]);
  const boxed: gen.EntryReader = (await booted.nested()).box.value;
  booted.put({ key: 'k', value: { name: 'n', count: 1 } });
  const mapper = connection.bootstrap(gen.MapperClient<TextCodec>, [TEXT]);
  const wrapped: string = (await mapper.wrap({ value: 'w' })).value.value;
  const registry = connection.bootstrap(gen.RegistryClient);
  const inBox: string = (await (await registry.boxed()).value!.get({ key: 'z' })).value;
  const fromField: string = (await registry.holder().store.get({ key: 'f' })).value;
  return [value, pipelined, entry, bytes, count, u, piped, served, server, boxed, wrapped, inBox, fromField];
}
`;
