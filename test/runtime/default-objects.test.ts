/**
 * The plain-object form of fields whose defaults contain themselves (runtime/default-objects.ts):
 * a null pointer reads as its default, so such a default repeats at every depth; `decode` and
 * `toObject` expand it once and stop with null where it would repeat, through generated code and
 * through the dynamic API alike, while readers still follow it as deep as they are asked.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { compile, createMemoryLoader } from '../../src/compiler/index.js';
import { generateTypeScript } from '../../src/codegen/index.js';
import { SchemaLoader, decode as dynamicDecode } from '../../src/dynamic/index.js';
import { FIXTURES, GENERATED, STD_BINDINGS, writeGenerated } from '../support/generate.js';

const request = (() => {
  const source = readFileSync(join(FIXTURES, 'codegen/self-defaults.capnp'));
  const result = compile({ files: ['/self-defaults.capnp'], loader: createMemoryLoader({ '/self-defaults.capnp': source }) });
  if (result.request === null) throw new Error(result.diagnostics.map((d) => d.message).join('\n'));
  return result.request;
})();

/** What decoding an empty message of each struct gives: the defaults, expanded. */
const EXPECTED: Record<string, unknown> = {
  Chain: { next: { next: null, label: 'default link' }, label: null },
  Tree: { children: [{ children: null, name: 'leaf' }, { children: null, name: 'other leaf' }], name: null },
  Ping: { pong: { ping: { pong: null, count: 2 }, count: 1 }, count: 0 },
  Outer: { middle: { inner: { value: 7, deepest: [1, 2] }, tag: "outer's" } },
};

let generated: Record<string, any>;

beforeAll(async () => {
  const outDir = join(GENERATED, 'self-defaults');
  rmSync(outDir, { recursive: true, force: true });
  writeGenerated(outDir, generateTypeScript(request, { runtimeImport: 'RUNTIME', rpcImport: 'RPC', stdImportPrefix: 'STD/' }), STD_BINDINGS);
  generated = await import(join(outDir, 'self-defaults.capnp.ts'));
});

describe('defaults that contain themselves, as plain objects', () => {
  for (const [name, expected] of Object.entries(EXPECTED)) {
    it(`${name}: generated decode expands the default once`, () => {
      const type = generated[name];
      expect(type.decode(type.encode({}))).toEqual(expected);
      expect(type.read(type.encode({})).toObject()).toEqual(expected);
    });

    it(`${name}: the dynamic API gives the same object`, () => {
      const loader = new SchemaLoader(request);
      const node = request.nodes!.find((n) => n.displayName === `self-defaults.capnp:${name}`)!;
      const schema = loader.struct(node.id);
      expect(dynamicDecode(schema, generated[name].encode({}))).toEqual(expected);
    });
  }

  it('a default reached through a non-null pointer starts over', () => {
    // `next` is set (to a Chain whose own next is null): that Chain's next is the default, once.
    const bytes = generated.Chain.encode({ label: 'first', next: { label: 'second' } });
    expect(generated.Chain.decode(bytes)).toEqual({
      label: 'first', next: { label: 'second', next: { label: 'default link', next: null } },
    });
  });

  it('readers still follow the default as deep as they are asked', () => {
    let link = generated.Chain.read(generated.Chain.encode({}));
    for (let i = 0; i < 50; i++) link = link.next;
    expect(link.label).toBe('default link');
  });
});
