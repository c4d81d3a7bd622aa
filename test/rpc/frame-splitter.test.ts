/**
 * FrameSplitter turns a byte stream cut anywhere into whole framed messages: every cut gives the
 * same messages, a large message arriving in many chunks is joined once (not once per chunk),
 * and a message announced larger than the limit is refused before it is buffered.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { concatBytes, ErrorCode, MessageBuilder } from '../../src/index.js';
import { FrameSplitter } from '../../src/rpc/index.js';
import { failure } from '../support/failure.js';

function message(text: string, segmentWords?: number): Uint8Array {
  const builder = new MessageBuilder(segmentWords === undefined ? undefined : { firstSegmentWords: 1, maxSegmentWords: segmentWords });
  const root = builder.initRoot(0, 2);
  root.setText(0, text);
  root.setText(1, text.toUpperCase());
  return builder.toBytes();
}

function split(stream: Uint8Array, cuts: number[], limit = 1 << 20): Uint8Array[] {
  const splitter = new FrameSplitter(limit, 512);
  const out: Uint8Array[] = [];
  let from = 0;
  for (const cut of [...cuts, stream.length]) {
    splitter.push(stream.slice(from, cut), (m) => out.push(m.slice()));
    from = cut;
  }
  return out;
}

describe('FrameSplitter', () => {
  afterEach(() => vi.restoreAllMocks());

  const messages = [message('one'), message('two, in several segments', 8), message('x'.repeat(300))];
  const stream = concatBytes(messages);

  it('gives the same messages wherever the stream is cut once', () => {
    for (let cut = 0; cut <= stream.length; cut++) {
      const out = split(stream, [cut]);
      expect(out.length).toBe(messages.length);
      out.forEach((m, i) => expect(Buffer.from(m).equals(messages[i]!)).toBe(true));
    }
  });

  it('gives the same messages when every byte arrives alone', () => {
    expect(split(stream, Array.from({ length: stream.length - 1 }, (_, i) => i + 1))).toEqual(messages);
  });

  it('joins a large message once, however many chunks it arrives in', () => {
    const large = message('y'.repeat(1 << 18));
    const chunk = 1024;
    const cuts = [];
    for (let at = chunk; at < large.length; at += chunk) cuts.push(at);
    const set = vi.spyOn(Uint8Array.prototype, 'set');
    const out = split(large, cuts, 4 << 20);
    const copies = set.mock.calls.length;
    set.mockRestore();
    expect(out.length).toBe(1);
    expect(Buffer.from(out[0]!).equals(large)).toBe(true);
    // One copy of each chunk into the joined message (joining on every chunk would be
    // cuts²/2 ≈ 33 000 copies of ever longer prefixes here).
    expect(copies).toBeLessThanOrEqual(cuts.length + 1);
  });

  it('refuses a message announced larger than the limit before buffering it', () => {
    const large = message('z'.repeat(10_000));
    const splitter = new FrameSplitter(1024, 512);
    const e = failure(() => splitter.push(large.subarray(0, 64), () => {}));
    expect(e.code).toBe(ErrorCode.MESSAGE_TOO_LARGE);
  });
});
