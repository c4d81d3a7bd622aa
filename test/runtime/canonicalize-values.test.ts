/**
 * `canonicalize` takes whatever holds a value of a message: the wire layer's readers and
 * builders, a whole message (read or being built), generated readers, builders and lists, the
 * dynamic API's values. Each gives the canonical form of the value it holds; anything else is
 * a CapnpError, not a TypeError from inside the copy.
 */
import { describe, expect, it } from 'vitest';
import { CapnpError, MessageBuilder, canonicalize, readMessage } from '../../src/index.js';
import { CodeGeneratorRequest, CodeGeneratorRequestReader } from '../../src/generated/std/schema.capnp.js';
import { loadSchema, readRoot } from '../../src/dynamic/index.js';
import { compileSources } from '../support/compile-memory.js';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

const value = { requestedFiles: [{ id: 7n, filename: 'a.capnp' }, { id: 9n, filename: 'b.capnp' }] };
// Spread over segments of two words, with far pointers, so that canonical form has work to do.
const bytes = CodeGeneratorRequest.encode(value, { firstSegmentWords: 2, growth: 'fixed' });
const wireRoot = readMessage(bytes).getRoot();
/** The reference: the wire reader of the root struct, as canonicalize always took. */
const expected = hex(canonicalize(wireRoot));
const expectedFiles = hex(canonicalize(wireRoot.getList(1, -1)));

describe('canonicalize of what holds a value', () => {
  it('takes a message, read or being built, as its root pointer', () => {
    expect(readMessage(bytes).getRootPointer().isNull()).toBe(false);
    expect(hex(canonicalize(readMessage(bytes)))).toBe(expected);
    const builder = new MessageBuilder({ firstSegmentWords: 1, growth: 'fixed' });
    CodeGeneratorRequest.initRoot(builder).assign(value);
    expect(hex(canonicalize(builder))).toBe(expected);
  });

  it('takes the wire layer\'s builders, as what they hold now', () => {
    const builder = new MessageBuilder();
    const root = CodeGeneratorRequest.initRoot(builder);
    root.assign(value);
    expect(hex(canonicalize(root.$))).toBe(expected);
    expect(hex(canonicalize(builder.getRootPointer()))).toBe(expected);
    expect(hex(canonicalize(root.$.getList(1, -1)))).toBe(expectedFiles);
  });

  it('takes generated readers, builders and lists', () => {
    const reader = CodeGeneratorRequestReader.read(bytes);
    expect(hex(canonicalize(reader))).toBe(expected);
    expect(hex(canonicalize(reader.requestedFiles))).toBe(expectedFiles);
    const root = CodeGeneratorRequest.initRoot(new MessageBuilder());
    root.assign(value);
    expect(hex(canonicalize(root))).toBe(expected);
    expect(hex(canonicalize(root.requestedFiles))).toBe(expectedFiles);
  });

  it('takes the dynamic API\'s values', () => {
    const schema = loadSchema(compileSources({ '/p.capnp': '@0xa1b2c3d4e5f60719;\nstruct P { name @0 :Text; tags @1 :List(Text); }\n' }));
    const message = new MessageBuilder();
    const p = message.initRoot(1, 2);
    p.setText(0, 'x');
    const reader = readRoot(schema.struct('P'), message.toBytes());
    expect(hex(canonicalize(reader))).toBe(hex(canonicalize(readMessage(message.toBytes()).getRoot())));
  });

  it('refuses anything else with a CapnpError naming what it got', () => {
    for (const [input, got] of [[bytes, 'class Uint8Array'], [{}, 'class Object'], [null, 'null'], [5, 'a number'], [{ $: 5 }, 'a number']] as const) {
      let error: unknown;
      try {
        canonicalize(input as never);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(CapnpError);
      expect((error as CapnpError).code).toBe('INVALID_ARGUMENT');
      expect((error as CapnpError).message).toContain(got);
    }
  });
});
