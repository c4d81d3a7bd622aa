import { describe, expect, it } from 'vitest';
import { expressionString, formatDouble } from '../../src/compiler/syntax/expression-string.js';
import { defaultValueFor, integerToFloat32, toSchemaValue } from '../../src/compiler/model/values.js';

describe('integerToFloat32', () => {
  it('rounds once, to nearest even, as a C++ integer-to-float conversion does', () => {
    expect(integerToFloat32(16777217n)).toBe(16777216);
    expect(integerToFloat32(16777219n)).toBe(16777220);
    expect(integerToFloat32(-16777217n)).toBe(-16777216);
    expect(integerToFloat32(2n ** 64n - 1n)).toBe(2 ** 64);
    // 2^54 + 2^30 + 1 is just above the middle of two Float32s, so it rounds up; going through
    // Float64 first would round to the middle (2^54 + 2^30), then to even: down.
    const value = 2n ** 54n + 2n ** 30n + 1n;
    expect(Math.fround(Number(value))).toBe(2 ** 54);
    expect(integerToFloat32(value)).toBe(2 ** 54 + 2 ** 31);
  });
});

describe('schema values', () => {
  it('gives every type its zero value, with null pointers', () => {
    expect(defaultValueFor({ int64: null })).toEqual({ int64: 0n });
    expect(defaultValueFor({ text: null })).toEqual({ text: null });
    expect(defaultValueFor({ anyPointer: { unconstrained: { anyKind: null } } })).toEqual({ anyPointer: null });
    expect(defaultValueFor({ enum: { typeId: 1n, brand: null } })).toEqual({ enum: 0 });
  });

  it('converts compiled numbers to the field type', () => {
    expect(toSchemaValue({ type: 'uint', value: 300n }, { which: 'float32' })).toEqual({ float32: 300 });
    expect(toSchemaValue({ type: 'float', value: 0.1 }, { which: 'float32' })).toEqual({ float32: Math.fround(0.1) });
    expect(toSchemaValue({ type: 'int', value: -1n }, { which: 'int64' })).toEqual({ int64: -1n });
    expect(toSchemaValue({ type: 'uint', value: 2n ** 64n - 1n }, { which: 'uint64' })).toEqual({ uint64: 2n ** 64n - 1n });
  });
});

describe('expressions in messages', () => {
  it('prints doubles as C\'s %g does (15 digits, 17 when needed, no "+")', () => {
    expect(formatDouble(1.5)).toBe('1.5');
    expect(formatDouble(100)).toBe('100');
    expect(formatDouble(1e21)).toBe('1e21');
    expect(formatDouble(1.5e-7)).toBe('1.5e-07');
    expect(formatDouble(0.1)).toBe('0.1');
    expect(formatDouble(1.0000000000000002)).toBe('1.0000000000000002');
    expect(formatDouble(-Infinity)).toBe('-inf');
    expect(formatDouble(Number.NaN)).toBe('nan');
  });

  it('prints names, applications and literals as the reference does', () => {
    const name = (value: string) => ({ kind: 'relativeName' as const, name: { value, startByte: 0, endByte: 0 }, startByte: 0, endByte: 0 });
    expect(expressionString({
      kind: 'application', function: name('Map'), startByte: 0, endByte: 0,
      params: [{ name: null, value: name('Text') }, { name: { value: 'v', startByte: 0, endByte: 0 }, value: name('Data') }],
    })).toBe('Map(( Text, v = Data ))');
    expect(expressionString({ kind: 'string', value: 'a"\n', bytes: new Uint8Array(), startByte: 0, endByte: 0 })).toBe('"a\\"\\n"');
    expect(expressionString({ kind: 'binary', value: new Uint8Array([0x1f]), startByte: 0, endByte: 0 })).toBe('0x"f1"');
  });
});
