/**
 * Property: object → encode → decode → object, for values of random schemas, through the
 * dynamic API and through generated code (compiled in memory by Capstan's compiler and
 * generator): what was given reads back, both paths give the same object and the same
 * canonical message, and decoding what was decoded changes nothing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decode, encode } from '../../src/dynamic/index.js';
import { CapnpError, MessageBuilder, canonicalize, readMessage } from '../../src/wire/index.js';
import { importGenerated } from '../support/compile-memory.js';
import { comparable, expectStructReadsBack } from './support/compare.js';
import { FILE, randomStruct, randomValues, runs, schemaOf, structOf, wildValue, type RandomSchema } from './support/random-values.js';

const generated = new Map<number, Promise<Record<string, any>>>();

/** The generated module of a random schema (written once per seed under test/.generated). */
function generatedOf(schema: RandomSchema): Promise<Record<string, any>> {
  let module = generated.get(schema.seed);
  if (module === undefined) {
    module = importGenerated(`properties/schema-${schema.seed}`, { [FILE]: schema.text }, FILE);
    generated.set(schema.seed, module);
  }
  return module;
}

function canonicalHex(bytes: Uint8Array): string {
  return Buffer.from(canonicalize(readMessage(bytes).getRoot())).toString('hex');
}

const cases = randomValues();

describe('object → encode → decode → object', () => {
  it('through the dynamic API', () => {
    fc.assert(fc.property(cases, ({ ref, values }) => {
      const struct = structOf(ref);
      for (const value of values) {
        const back = decode(struct, encode(struct, value));
        expectStructReadsBack(struct, value, back);
        expect(comparable(decode(struct, encode(struct, back)))).toEqual(comparable(back));
      }
    }), { numRuns: runs(60) });
  });

  it('through generated code, agreeing with the dynamic API', async () => {
    await fc.assert(fc.asyncProperty(cases, async ({ ref, values }) => {
      const struct = structOf(ref);
      const Type = (await generatedOf(schemaOf(ref.seed)!))[ref.name];
      for (const value of values) {
        const bytes = Type.encode(value);
        const back = Type.decode(bytes);
        expectStructReadsBack(struct, value, back);
        const dynamicBytes = encode(struct, value);
        expect(comparable(back)).toEqual(comparable(decode(struct, dynamicBytes)));
        expect(canonicalHex(bytes)).toBe(canonicalHex(dynamicBytes));
        expect(comparable(Type.decode(Type.encode(back)))).toEqual(comparable(back));
      }
    }), { numRuns: runs(12) });
  });

  it('encode, with its Text deferred and written in blocks, gives the message assign gives in a fresh builder', async () => {
    // Two ways to build one object: `encode` (a scratch or given builder, Text batched:
    // text-batch.ts) and a builder's `assign` (every Text written as it is set).
    await fc.assert(fc.asyncProperty(cases, async ({ ref, values }) => {
      const Type = (await generatedOf(schemaOf(ref.seed)!))[ref.name];
      for (const value of values) {
        const message = new MessageBuilder();
        Type.initRoot(message).assign(value);
        const assigned = canonicalHex(message.toBytes());
        expect(canonicalHex(Type.encode(value))).toBe(assigned);
        expect(canonicalHex(Type.encode(value, { builder: new MessageBuilder() }))).toBe(assigned);
      }
    }), { numRuns: runs(20) });
  });

  it('values of any shape encode, or fail with a CapnpError, through both', async () => {
    const wild = randomStruct().chain((ref) => fc.record({ ref: fc.constant(ref), values: fc.array(wildValue(structOf(ref)), { minLength: 1, maxLength: 6 }) }));
    await fc.assert(fc.asyncProperty(wild, async ({ ref, values }) => {
      const struct = structOf(ref);
      const Type = (await generatedOf(schemaOf(ref.seed)!))[ref.name];
      for (const value of values) {
        for (const f of [() => encode(struct, value), () => Type.encode(value)]) {
          try {
            f();
          } catch (e) {
            expect(e, String(e)).toBeInstanceOf(CapnpError);
          }
        }
      }
    }), { numRuns: runs(15) });
  });
});
