/**
 * The engine's message builder: framing a message in its own memory (what a Return whose
 * results a local server built in it is sent as) and when that must be a copy instead.
 */
import { describe, expect, it } from 'vitest';
import { OutgoingMessage } from '../../src/rpc/outgoing-message.js';

describe('OutgoingMessage#framedInPlace', () => {
  it('frames a message in its own memory, with the same bytes a copy has', () => {
    const message = new OutgoingMessage(64);
    message.initRoot(2, 0).setUint32(0, 0xdeadbeef);
    const framed = message.framedInPlace();
    expect(framed).toEqual(message.toBytes());
    expect(framed.buffer).toBe(message.arena.first.bytes.buffer);
    expect(framed.byteOffset).toBe(message.arena.first.bytes.byteOffset - 8);
  });

  it('copies a message whose frame would be the whole of its buffer (a transport may transfer that away)', () => {
    // 8 192 words is past the pool (its own buffer), and a root of 8 191 data words fills it.
    const message = new OutgoingMessage(8192);
    message.initRoot(8191, 0).setUint32(0, 7);
    const segment = message.arena.first;
    expect(segment.used).toBe(segment.bytes.length);
    expect(segment.bytes.byteOffset + segment.bytes.length).toBe(segment.bytes.buffer.byteLength);
    const framed = message.framedInPlace();
    expect(framed.buffer).not.toBe(segment.bytes.buffer);
    expect(framed).toEqual(message.toBytes());
  });

});
