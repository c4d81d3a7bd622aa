/**
 * Small arrays Capstan returns are pieces of shared slabs (docs/wire.md, "Reading"): what
 * `toBytes` and `pack` return, what a small message is read from, a small builder's first
 * segment. A caller may transfer such an array's buffer (`postMessage(bytes, [bytes.buffer])`),
 * which detaches the whole slab. Before, every later allocation from that slab failed, for the
 * rest of the process, with a TypeError; now the slab is left behind like a full one.
 */
import { describe, expect, it } from 'vitest';
import { MessageBuilder, pack, readMessage, unpack } from '../../src/index.js';

/** Detaches `buffer`, as a transfer to a worker or another window does. */
function detach(buffer: ArrayBufferLike): void {
  structuredClone(buffer, { transfer: [buffer as ArrayBuffer] });
  expect(buffer.byteLength).toBe(0);
}

/** A small message: one data word and a Text. */
function small(value: number): MessageBuilder {
  const builder = new MessageBuilder();
  const root = builder.initRoot(1, 2);
  root.setUint32(0, value);
  root.setText(0, `message ${value}`);
  root.setData(1, new Uint8Array([value, value + 1]));
  return builder;
}

function expectSmall(bytes: Uint8Array, value: number): void {
  const root = readMessage(bytes).getRoot();
  expect(root.getUint32(0)).toBe(value);
  expect(root.getText(0)).toBe(`message ${value}`);
  expect([...root.getData(1)]).toEqual([value, value + 1]);
}

describe('a slab whose buffer a caller transferred is left behind', () => {
  it('the pool that toBytes and pack carve from', () => {
    const first = small(1).toBytes();
    expect(first.buffer.byteLength).toBeGreaterThan(first.length); // a piece of a slab
    detach(first.buffer);
    const second = small(2).toBytes();
    expectSmall(second, 2);
    const packed = pack(second);
    detach(packed.buffer);
    expectSmall(unpack(pack(small(3).toBytes())), 3);
  });

  it('the slab small messages are read from', () => {
    const data = readMessage(small(4).toBytes()).getRoot().getData(1);
    expect(data.buffer.byteLength).toBeGreaterThan(data.length); // a view of the shared copy
    detach(data.buffer);
    expectSmall(small(5).toBytes(), 5);
  });

  it('the slab small builders start in', () => {
    const framed = small(6).frame();
    expect(framed.buffer.byteLength).toBeGreaterThan(framed.length); // the builders' shared slab
    detach(framed.buffer);
    const builder = small(7);
    expectSmall(builder.frame(), 7);
    expectSmall(builder.toBytes(), 7);
  });
});
