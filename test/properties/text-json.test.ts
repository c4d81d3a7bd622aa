/**
 * Properties of the text format and the JSON codec on messages of random schemas:
 * - text: print (pretty and short) → parse gives back the values (but for what the format
 *   loses in both tools), and printing again gives the same text;
 * - JSON: encode → decode gives back the values and the same JSON, with compat/json.capnp
 *   annotations ($Json.name, flatten, discriminator, base64, hex) on the schemas too;
 * - any input string fails, if it fails, with a CapnpError.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decode, encode, readRoot } from '../../src/dynamic/index.js';
import { fromJson, toJson } from '../../src/json/index.js';
import { encodeText, formatFloat32, formatFloat64, printStructText } from '../../src/text/index.js';
import { CapnpError } from '../../src/wire/index.js';
import { expectStructReadsBack } from './support/compare.js';
import { randomStruct, randomValues, reachesOpaque, runs, schemaOf, structOf, type RandomOptions } from './support/random-values.js';

/** A random schema's struct and a message of it (the value, not the bytes, is what a counterexample shows). */
function messages(options: RandomOptions) {
  return randomValues({ ...options, count: { minLength: 1, maxLength: 1 } }).map(({ ref, values: [value] }) => ({ ref, value: value! }));
}

function onlyCapnpErrors(f: () => unknown): void {
  try {
    f();
  } catch (e) {
    expect(e, String(e)).toBeInstanceOf(CapnpError);
  }
}

describe('text format', () => {
  it('print → parse gives back the values (pretty and short), and the text read back prints the same', () => {
    // As the reference tool: a Float32's digits, read back (8 significant digits are not always
    // enough), and -0 written as `-0`, read back as the integer 0.
    const float = (x: number, kind: 'float32' | 'float64') => {
      if (Object.is(x, -0)) return 0;
      return kind === 'float32' ? Math.fround(Number(formatFloat32(x).replace(/^(-?)inf$/, '$1Infinity').replace('nan', 'NaN'))) : x;
    };
    fc.assert(fc.property(messages({ nullInUnions: false }), ({ ref, value }) => {
      const struct = structOf(ref);
      const root = readRoot(struct, encode(struct, value));
      for (const short of [false, true]) {
        const text = printStructText(root, { short });
        const parsed = encodeText(struct, text);
        expectStructReadsBack(struct, value, decode(struct, parsed), '', { float });
        // Once read back, the text is a fixed point (the first print may still hold a -0).
        const again = printStructText(readRoot(struct, parsed), { short });
        expect(printStructText(readRoot(struct, encodeText(struct, again)), { short })).toBe(again);
      }
    }), { numRuns: runs(80) });
  });

  it('what the text format loses, as the reference tool does: some Float32 digits, the sign of -0', () => {
    // 0x9ff3acf0 prints as -1.032006e-19 (so does capnp 0.9.2), which reads back as 0x9ff3acef.
    const view = new DataView(new ArrayBuffer(4));
    view.setUint32(0, 0x9ff3acf0);
    expect(formatFloat32(view.getFloat32(0))).toBe('-1.032006e-19');
    expect(Math.fround(-1.032006e-19)).not.toBe(view.getFloat32(0));
    // -0.0 prints as -0, an integer, which reads into a float field as +0 (capnp encode too).
    expect(formatFloat64(-0)).toBe('-0');
  });

  it('any input parses or fails with a CapnpError', () => {
    const pieces = fc.constantFrom('(', ')', '[', ']', ',', '=', '"', '0x"', '-', '.', '#', '\n', ' ', 'inf', 'nan', 'void', 'true', '1', '0x1f', '017', '1e5', 'f3', 'f12', '\\');
    const inputs = fc.oneof(fc.string({ maxLength: 40 }), fc.array(pieces, { maxLength: 30 }).map((p) => p.join('')));
    fc.assert(fc.property(randomStruct(), inputs, (ref, input) => {
      onlyCapnpErrors(() => encodeText(structOf(ref), input));
    }), { numRuns: runs(300) });
  });
});

describe('JSON', () => {
  for (const json of [false, true]) {
    it(`encode → decode gives back the values, and the same JSON${json ? ', with compat/json.capnp annotations' : ''}`, () => {
      const seen = { renamed: 0, flattened: 0, discriminated: 0, valueNamed: 0 };
      fc.assert(fc.property(messages({ json, plain: true, nullInUnions: false }), fc.boolean(), ({ ref, value }, pretty) => {
        const struct = structOf(ref);
        const first = toJson(readRoot(struct, encode(struct, value)), { pretty });
        const decoded = fromJson(struct, first).toBytes();
        expectStructReadsBack(struct, value, decode(struct, decoded));
        expect(toJson(readRoot(struct, decoded), { pretty })).toBe(first);
        if (/"j\d+-x"/.test(first)) seen.renamed++;
        if (/"p\d+_/.test(first)) seen.flattened++;
        if (/"d\d+"/.test(first)) seen.discriminated++;
        if (/"v\d+"/.test(first)) seen.valueNamed++;
      }), { numRuns: runs(json ? 150 : 60) });
      // The annotations were exercised, not just present in the schemas.
      if (json) for (const [what, count] of Object.entries(seen)) expect(count, what).toBeGreaterThan(0);
    });
  }

  it('the random schemas never flatten the members of one struct twice into a JSON object', () => {
    // Seed 210316225 once flattened a struct into another twice without a prefix: the JSON
    // mapping refuses that (as the reference does), and the property above failed on it.
    const seeds = [210316225, ...Array.from({ length: 200 }, (_, i) => 1_000_000 + i * 7919)];
    let structs = 0;
    for (const seed of seeds) {
      // The structs the properties above take: those with no AnyPointer or capability.
      for (const struct of [...schemaOf(seed, true)?.structs.values() ?? []].filter((s) => !reachesOpaque(s))) {
        expect(() => toJson(readRoot(struct, encode(struct, {}))), `seed ${seed}, ${struct.displayName}`).not.toThrow();
        structs++;
      }
    }
    expect(structs).toBeGreaterThan(200);
  });

  it('any input decodes or fails with a CapnpError', () => {
    const pieces = fc.constantFrom('{', '}', '[', ']', ',', ':', '"', '"f3"', '"f12"', 'null', 'true', '1', '-0.5e3', '"NaN"', '\\u00e9', ' ', '\n');
    const inputs = fc.oneof(fc.json(), fc.string({ maxLength: 40 }), fc.array(pieces, { maxLength: 30 }).map((p) => p.join('')));
    fc.assert(fc.property(randomStruct({ json: true, plain: true }), inputs, (ref, input) => {
      onlyCapnpErrors(() => fromJson(structOf(ref), input));
    }), { numRuns: runs(300) });
  });
});
