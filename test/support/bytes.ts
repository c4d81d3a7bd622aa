/**
 * Hand-crafting messages word by word, for tests that need exact bytes (hostile pointers,
 * odd framing, canonical-form cases). A word is `[lo, hi]`: the two little-endian u32 halves.
 */
import { expect } from 'vitest';
import { CapnpError, ElementSize, type ErrorCode } from '../../src/wire/index.js';

export type Word = readonly [lo: number, hi: number];

export const NULL: Word = [0, 0];

/** A struct pointer: `offset` words from the end of the pointer to the data section. */
export function structPointer(offset: number, dataWords: number, pointerCount: number): Word {
  return [((offset << 2) | 0) >>> 0, (dataWords | (pointerCount << 16)) >>> 0];
}

/** A list pointer; for inline-composite lists `count` is the word count (tag excluded). */
export function listPointer(offset: number, elementSize: number, count: number): Word {
  return [((offset << 2) | 1) >>> 0, (elementSize | (count << 3)) >>> 0];
}

/** A far pointer to the landing pad at word `padWord` of segment `segmentId`. */
export function farPointer(padWord: number, segmentId: number, double = false): Word {
  return [((padWord * 8) + (double ? 4 : 0) + 2) >>> 0, segmentId >>> 0];
}

export function capabilityPointer(index: number): Word {
  return [3, index >>> 0];
}

/** The tag word of an inline-composite list: element count and element size. */
export function compositeTag(count: number, dataWords: number, pointerCount: number): Word {
  return structPointer(count, dataWords, pointerCount);
}

/** A data word from bytes (little-endian, at most 8). */
export function dataWord(...bytes: number[]): Word {
  const b = new Uint8Array(8);
  b.set(bytes);
  const v = new DataView(b.buffer);
  return [v.getUint32(0, true), v.getUint32(4, true)];
}

/** A data word from a 64-bit value. */
export function u64Word(value: bigint): Word {
  const v = new DataView(new ArrayBuffer(8));
  v.setBigUint64(0, BigInt.asUintN(64, value), true);
  return [v.getUint32(0, true), v.getUint32(4, true)];
}

/** Text bytes (with NUL) as words, padded with zeros. */
export function textWords(text: string, nul = true): Word[] {
  const encoded = new TextEncoder().encode(text);
  const bytes = new Uint8Array(Math.ceil((encoded.length + (nul ? 1 : 0)) / 8) * 8);
  bytes.set(encoded);
  return wordsOf(bytes);
}

export function wordsOf(bytes: Uint8Array): Word[] {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: Word[] = [];
  for (let at = 0; at + 8 <= bytes.length; at += 8) out.push([v.getUint32(at, true), v.getUint32(at + 4, true)]);
  return out;
}

/** The bytes of a segment made of `words`. */
export function segment(words: readonly Word[]): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(words.length * 8);
  const v = new DataView(bytes.buffer);
  words.forEach(([lo, hi], i) => {
    v.setUint32(i * 8, lo, true);
    v.setUint32(i * 8 + 4, hi, true);
  });
  return bytes;
}

/** A framed message (segment table, then segments). */
export function framed(...segments: readonly (readonly Word[])[]): Uint8Array<ArrayBuffer> {
  const tableWords = Math.floor((4 + segments.length * 4 + 7) / 8);
  let total = tableWords * 8;
  for (const s of segments) total += s.length * 8;
  const out = new Uint8Array(total);
  const v = new DataView(out.buffer);
  v.setUint32(0, segments.length - 1, true);
  segments.forEach((s, i) => v.setUint32(4 + i * 4, s.length, true));
  let at = tableWords * 8;
  for (const s of segments) {
    out.set(segment(s), at);
    at += s.length * 8;
  }
  return out;
}

/** Bytes from hex, ignoring whitespace: `hex('00 01 ff')`. */
export function hex(text: string): Uint8Array<ArrayBuffer> {
  const clean = text.replace(/\s+/g, '');
  if (clean.length % 2 !== 0) throw new Error(`odd hex length: ${text}`);
  const out = new Uint8Array(clean.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(clean.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** Hex of bytes, space-separated, for readable failure messages. */
export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(' ');
}

export function concat(...parts: readonly Uint8Array[]): Uint8Array {
  let total = 0;
  for (const p of parts) total += p.length;
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Runs `fn` and asserts it throws a CapnpError with `code` (optionally a message pattern). */
export function expectCapnpError(fn: () => unknown, code: ErrorCode, message?: RegExp): CapnpError {
  let thrown: unknown;
  try {
    fn();
  } catch (e) {
    thrown = e;
  }
  expect(thrown, `expected a CapnpError ${code}`).toBeInstanceOf(CapnpError);
  const error = thrown as CapnpError;
  expect(error.code, error.message).toBe(code);
  if (message !== undefined) expect(error.message).toMatch(message);
  return error;
}

/** A deterministic PRNG (xorshift32) for reproducible random tests. */
export function rng(seed: number): () => number {
  let x = seed >>> 0 || 0x9e3779b9;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x;
  };
}

export { ElementSize };
