/**
 * `readMessageStream`: messages of a binary or packed stream read as the bytes arrive, in
 * pieces cut anywhere; each one handed out once its last byte is in; limits applied before a
 * body is waited for; a stream cut short refused as `readMessages` refuses the same bytes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CapnpError, ErrorCode, MessageBuilder, canonicalize, pack, readMessageStream, readMessages, type MessageReader,
} from '../../src/wire/index.js';
import { concatBytes } from '../../src/wire/formats/read-stream.js';

/** Messages of assorted shapes: one segment, several (a 2-word first segment), a long Text, empty. */
function sampleMessages(): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let i = 0; i < 12; i++) {
    const b = i % 3 === 1 ? new MessageBuilder({ firstSegmentWords: 2, growth: 'fixed' }) : new MessageBuilder();
    const root = b.initRoot(1, 2);
    root.setUint32(0, i * 1000 + 7);
    root.setText(0, 'x'.repeat(i * 37));
    const list = root.initList(1, 4, i);
    for (let j = 0; j < i; j++) list.setUint32(j, j);
    out.push(b.toBytes());
  }
  out.push(new MessageBuilder().toBytes());
  // Its last word has no zero byte: packed, it ends with the verbatim tag's count byte, which
  // belongs to this message and not the next.
  const dense = new MessageBuilder();
  dense.initRoot(1, 0).setUint32(0, 0x01010101);
  dense.getRoot(1, 0).setUint32(4, 0x02020202);
  out.push(dense.toBytes());
  out.push(bigMessage());
  return out;
}

function bigMessage(): Uint8Array {
  const b = new MessageBuilder();
  b.initRoot(0, 1).initData(0, 300_000).fill(9);
  return b.toBytes();
}

/** An async source giving `bytes` in pieces of the given sizes, in turn. */
async function* inPieces(bytes: Uint8Array, sizes: number[]): AsyncGenerator<Uint8Array> {
  let at = 0;
  for (let i = 0; at < bytes.length; i++) {
    const size = sizes[i % sizes.length]!;
    yield bytes.subarray(at, at + size);
    at += size;
  }
}

async function collect(source: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>, format: 'binary' | 'packed' = 'binary'): Promise<MessageReader[]> {
  const out: MessageReader[] = [];
  for await (const m of readMessageStream(source, { format })) out.push(m);
  return out;
}

const canonical = (m: MessageReader) => Array.from(canonicalize(m.getRoot()));

describe('readMessageStream', () => {
  for (const format of ['binary', 'packed'] as const) {
    it(`${format}: reads every message whatever the pieces, as readMessages reads the whole`, async () => {
      const messages = sampleMessages();
      // A packed stream is each framed message packed on its own, back to back.
      const whole = concatBytes(messages.map((m) => (format === 'packed' ? pack(m) : m)));
      const expected = [...readMessages(whole, { format })].map(canonical);
      expect(expected).toHaveLength(messages.length);
      for (const sizes of [[1], [3, 5, 7], [8], [1021], [65536], [whole.length]]) {
        const got = await collect(inPieces(whole, sizes), format);
        expect(got.map(canonical), `pieces of ${sizes}`).toEqual(expected);
      }
    });
  }

  it('hands each message out once its last byte is in, before the next piece is asked for', async () => {
    const [first, second] = sampleMessages();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => { release = resolve; });
    async function* source() {
      yield first!;
      // The reader must hand out the first message now: it is released only by its arrival.
      await gate;
      yield second!;
    }
    const seen: number[] = [];
    const timeout = setTimeout(() => release(), 5000);
    const started = Date.now();
    for await (const message of readMessageStream(source())) {
      seen.push(message.getRoot().getUint32(0));
      release();
    }
    clearTimeout(timeout);
    expect(seen).toEqual([7, 1007]);
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it('refuses a segment table announcing more than the limits at once, without waiting for the body', async () => {
    // 2 segments of 2^28 words each: far past the default traversal limit.
    const table = new Uint8Array([1, 0, 0, 0, 0, 0, 0, 16, 0, 0, 0, 16, 0, 0, 0, 0]);
    async function* source() {
      yield table;
      await new Promise(() => {}); // never more
    }
    const e = await collect(source()).then(() => null, (error: unknown) => error);
    expect(e).toBeInstanceOf(CapnpError);
    expect((e as CapnpError).code).toBe(ErrorCode.MESSAGE_TOO_LARGE);
  });

  it('a stream that ends inside a message fails as readMessages fails on the same bytes', async () => {
    const [first, second] = sampleMessages();
    const cut = concatBytes([first!, second!.subarray(0, second!.length - 3)]);
    let expected: unknown;
    try {
      for (const _ of readMessages(cut)) void _;
    } catch (error) {
      expected = error;
    }
    const got: number[] = [];
    const e = await (async () => {
      for await (const m of readMessageStream(inPieces(cut, [10]))) got.push(m.getRoot().getUint32(0));
    })().then(() => null, (error: unknown) => error);
    expect(got).toEqual([7]);
    expect((e as CapnpError).code).toBe(ErrorCode.TRUNCATED);
    expect((e as CapnpError).message).toBe((expected as CapnpError).message);
  });

  it('reads a web ReadableStream, and cancels it when the loop is left early', async () => {
    const messages = sampleMessages();
    let canceled = false;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const m of messages) controller.enqueue(m);
      },
      cancel() {
        canceled = true;
      },
    });
    const reader = { getReader: () => stream.getReader() };
    for await (const message of readMessageStream(reader)) {
      expect(message.getRoot().getUint32(0)).toBe(7);
      break;
    }
    expect(canceled).toBe(true);
  });

  it('refuses what is not a stream of bytes, a flat format, and a packed run past its message', async () => {
    await expect(collect((async function* () { yield 'text' as never; })())).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(collect({} as never)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect((async () => {
      for await (const _ of readMessageStream(inPieces(new Uint8Array(8), [8]), { format: 'flat' as never })) void _;
    })()).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    // An empty message packed (segment table, then a zero root word), whose zero run then
    // claims 3 more words: they would belong to the next message.
    const packed = new Uint8Array([0x10, 0x01, 0x00, 0x03]);
    await expect(collect(inPieces(packed, [4]), 'packed')).rejects.toMatchObject({ code: 'BAD_FRAMING' });
    // readMessages likewise, as C++ ("did not end cleanly on a segment boundary"); it once read
    // the three words as a second message, and `capnp convert packed:binary` repeats its error
    // for ever on these 4 bytes.
    expect(() => [...readMessages(packed, { format: 'packed' })]).toThrow('a packed run goes on past the end of its message');
  });

  it('an empty stream has no messages', async () => {
    expect(await collect(inPieces(new Uint8Array(0), [1]))).toEqual([]);
  });

  it('reads what readMessages reads, and fails where it fails, for mutated streams cut into random pieces', async () => {
    // A differential property: valid messages, some bytes changed, cut anywhere. The stream
    // gives the same messages as readMessages on the whole, and fails if and only if it fails.
    const stream = fc.record({
      texts: fc.array(fc.string({ maxLength: 40 }), { minLength: 1, maxLength: 6 }),
      packed: fc.boolean(),
      edits: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 3 }),
      cut: fc.nat(),
      pieces: fc.array(fc.integer({ min: 1, max: 64 }), { minLength: 1, maxLength: 8 }),
    });
    await fc.assert(fc.asyncProperty(stream, async ({ texts, packed, edits, cut, pieces }) => {
      const format = packed ? 'packed' : 'binary';
      const parts = texts.map((text, i) => {
        const b = new MessageBuilder(i % 2 === 1 ? { firstSegmentWords: 2, growth: 'fixed' } : undefined);
        const root = b.initRoot(1, 1);
        root.setUint32(0, i);
        root.setText(0, text);
        return b.toBytes(format);
      });
      let bytes = concatBytes(parts).slice();
      for (const [at, value] of edits) if (bytes.length > 0) bytes[at % bytes.length] = value;
      if (cut % 4 === 0) bytes = bytes.subarray(0, cut % (bytes.length + 1));
      const limits = { format, traversalLimitInWords: 1 << 16 } as const;
      const whole: { messages: number[][]; code: string | null } = { messages: [], code: null };
      try {
        for (const m of readMessages(bytes, limits)) whole.messages.push(Array.from(canonicalize(m.getRoot())));
      } catch (e) {
        whole.code = (e as CapnpError).code;
      }
      const streamed: { messages: number[][]; code: string | null } = { messages: [], code: null };
      try {
        for await (const m of readMessageStream(inPieces(bytes, pieces), limits)) streamed.messages.push(Array.from(canonicalize(m.getRoot())));
      } catch (e) {
        expect(e).toBeInstanceOf(CapnpError);
        streamed.code = (e as CapnpError).code;
      }
      expect(streamed.messages).toEqual(whole.messages);
      // Both fail, or neither. Where, the code may differ: a segment table the limits refuse is
      // refused as it arrives, where readMessages, holding all of a stream cut short, says
      // TRUNCATED first.
      expect(streamed.code === null).toBe(whole.code === null);
    }), { numRuns: 300 });
  });
});
