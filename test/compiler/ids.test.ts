import { describe, expect, it } from 'vitest';
import { childId, formatId, groupId, methodParamsId, randomId } from '../../src/compiler/ids.js';
import { md5 } from '../../src/compiler/md5.js';

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const utf8 = (text: string) => new TextEncoder().encode(text);

describe('md5', () => {
  // RFC 1321 appendix A.5 test suite.
  it.each([
    ['', 'd41d8cd98f00b204e9800998ecf8427e'],
    ['a', '0cc175b9c0f1b6a831c399e269772661'],
    ['abc', '900150983cd24fb0d6963f7d28e17f72'],
    ['message digest', 'f96b697d7cb7938d525a2f31aaf161d0'],
    ['abcdefghijklmnopqrstuvwxyz', 'c3fcd3d76192e4007dfb496cca67e13b'],
    ['ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 'd174ab98d277d9f5a5611c2c9f419d9f'],
    ['12345678901234567890123456789012345678901234567890123456789012345678901234567890', '57edf4a22be3c955ac49da2e2107b67a'],
  ])('md5(%j)', (input, expected) => {
    expect(hex(md5(utf8(input)))).toBe(expected);
  });

  it('pads correctly around the 56-byte block boundary', () => {
    // Lengths 55, 56 and 64 need one, two and two blocks of padding respectively.
    expect(hex(md5(new Uint8Array(55)))).toBe('c9ea3314b91c9fd4e38f9432064fd1f2');
    expect(hex(md5(new Uint8Array(56)))).toBe('e3c4dd21a9171fd39d208efa09bf7883');
    expect(hex(md5(new Uint8Array(64)))).toBe('3b5d3c7d207e37dceeedd301e35e2e58');
  });
});

describe('derived ids (known answers from the reference compiler)', () => {
  it('names a child declaration', () => {
    expect(childId(0xa93fc509624c72d9n, 'Node')).toBe(0xe682ab4cf923a417n);
  });

  it('numbers a group by its index in the parent', () => {
    expect(groupId(0xe682ab4cf923a417n, 7)).toBe(0x9ea0b19b37fb4435n);
  });

  it('distinguishes method params from results', () => {
    expect(methodParamsId(0x88eb12a0e0af92b2n, 1, true)).toBe(0x9bf141df4247d52fn);
    expect(methodParamsId(0x88eb12a0e0af92b2n, 1, false)).not.toBe(0x9bf141df4247d52fn);
  });

  it('always sets the top bit', () => {
    for (const name of ['a', 'b', 'Foo', 'x'.repeat(100)]) expect(childId(1n, name) >> 63n).toBe(1n);
  });

  it('makes random file ids with the top bit set', () => {
    const a = randomId();
    expect(a >> 63n).toBe(1n);
    expect(randomId()).not.toBe(a);
    expect(formatId(0xe1f6b3a5c7d9e0f1n)).toBe('@0xe1f6b3a5c7d9e0f1');
  });
});
