/**
 * The wire fuzz target's harness (fuzz/targets/wire-ops.mjs): one operation in one format per
 * input, chosen by the first byte. Every choice runs clean on valid messages, what a library
 * call throws that is not a CapnpError is still a finding, and the harness findings of the
 * issue 15 campaign stay fixed.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as wire from '../../src/wire/index.js';
import { FuzzFailure, createRng, exercise, seedMessages } from '../../scripts/fuzz-core.mjs';
import { FORMATS, OPERATIONS, runWireInput, seedInputs, selection, selector } from '../../fuzz/targets/wire-ops.mjs';

const ROOT = join(import.meta.dirname, '../..');

/** A chain `depth` deep of one-element struct lists, each element pointing to the next list. */
function structListChain(depth: number): Uint8Array {
  const builder = new wire.MessageBuilder();
  let struct = builder.initRoot(0, 1);
  for (let i = 0; i < depth; i++) struct = struct.initStructList(0, 1, 0, 1).getStruct(0);
  return builder.toBytes();
}

/** Follows the chain to its end (each step reads the list, then its struct element). */
function followChain(message: Uint8Array, nestingLimit: number): void {
  let struct = wire.readMessage(message, { nestingLimit }).getRoot();
  while (struct.hasPointer(0)) struct = struct.getList(0, wire.ElementSize.INLINE_COMPOSITE).getStruct(0);
}

/** A root struct whose one pointer holds `count` pointers to one-word structs. */
function manyObjects(count: number): Uint8Array {
  const builder = new wire.MessageBuilder();
  const list = builder.initRoot(0, 1).initList(0, wire.ElementSize.POINTER, count);
  for (let i = 0; i < count; i++) list.getPointer(i).initStruct(1, 0).setUint32(0, i);
  return builder.toBytes();
}

describe('the wire fuzz harness', () => {
  it('the first byte selects every operation in every format', () => {
    const seen = new Set<string>();
    for (let byte = 0; byte < 256; byte++) {
      const { operation, format } = selection(byte);
      seen.add(`${operation}/${format}`);
    }
    expect(seen.size).toBe(OPERATIONS.length * FORMATS.length);
    for (const operation of OPERATIONS) for (const format of FORMATS) expect(selection(selector(operation, format))).toMatchObject({ operation, format });
  });

  it('every operation, format and builder shape runs clean on valid messages', () => {
    for (const [i, message] of seedMessages(wire).entries()) {
      for (let f = 0; f < FORMATS.length; f++) {
        for (const { data } of seedInputs(wire, message, i + f)) {
          for (const extra of [0x00, 0x30, 0x40]) {
            const input = data.slice();
            input[0]! |= extra;
            expect(() => runWireInput(wire, input)).not.toThrow();
          }
        }
      }
    }
  });

  it('the committed seed corpus runs clean', () => {
    const dir = join(ROOT, 'fuzz/corpus/wire');
    const files = readdirSync(dir);
    expect(files.length).toBeGreaterThan(100);
    for (const file of files) expect(() => runWireInput(wire, new Uint8Array(readFileSync(join(dir, file)))), file).not.toThrow();
  });

  it('anything but a CapnpError from the library is a finding', () => {
    const input = seedInputs(wire, seedMessages(wire)[0]!, 0)[0]!.data;
    const broken = { ...wire, readMessage: () => { throw new TypeError('boom'); } } as unknown as typeof wire;
    expect(() => runWireInput(broken, input)).toThrow(FuzzFailure);
    const failing = { ...wire, canonicalize: () => { throw new RangeError('bad'); } } as unknown as typeof wire;
    expect(() => runWireInput(failing, seedInputs(wire, seedMessages(wire)[0]!, 0)[1]!.data)).toThrow(/RangeError: bad/);
  });

  // Campaign finding (a harness bug, not the library's): a copy into a builder of fixed
  // 1 to 5-word segments can need more than 512 segments, which the checks then read back
  // with the default maxSegments and reported as a failure.
  it('a copy into more than 512 tiny segments is read back whole', () => {
    const message = manyObjects(1100);
    const builder = new wire.MessageBuilder({ firstSegmentWords: 1 + (message.length % 5), growth: 'fixed' });
    builder.getRootPointer().set(wire.readMessage(message).getRootPointer());
    expect(builder.getSegments().length).toBeGreaterThan(wire.DEFAULT_MAX_SEGMENTS);
    const input = new Uint8Array(message.length + 1);
    input[0] = selector('copy', 'binary') | 0x30;
    input.set(message, 1);
    expect(selection(input[0]!).tinySegments).toBe(true);
    expect(() => runWireInput(wire, input)).not.toThrow();
    expect(exercise(wire, message, { tinySegments: true, rng: createRng(1) })).toMatchObject({ copied: true });
  });

  // CI finding (seed 513029248, a harness bug, not the library's): reading a struct in a list
  // costs a nesting level more than copying it does (as in the reference implementation), so a
  // copy made within the limit can nest deeper than that limit lets a reader follow; the checks
  // read the copy back with the source's limit and reported the refusal.
  it('a copy that nests up to twice as deep as the reading limit is read back whole', () => {
    const message = structListChain(63);
    expect(() => followChain(message, 64)).toThrow(/nesting limit/);
    const builder = new wire.MessageBuilder();
    builder.getRootPointer().set(wire.readMessage(message, { nestingLimit: 64 }).getRootPointer());
    expect(() => followChain(builder.toBytes(), 64)).toThrow(/nesting limit/);
    expect(() => followChain(builder.toBytes(), 128)).not.toThrow();
    const input = new Uint8Array(message.length + 1);
    input[0] = selector('copy', 'binary');
    input.set(message, 1);
    expect(() => runWireInput(wire, input)).not.toThrow();
  });
});
