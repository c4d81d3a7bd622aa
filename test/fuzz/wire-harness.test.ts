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
});
