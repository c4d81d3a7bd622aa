/**
 * The messages a command reads from standard input. Binary and packed streams are read as
 * they arrive (`readMessageStream`): each message is converted and written out once its last
 * byte is in, as `capnp decode` does, so a command at the end of a pipe keeps up with its
 * producer, and a stream of any length is read in the memory of its largest message. The
 * other formats (flat ones, which do not say where they end, text and JSON) are read whole.
 */
import { CapnpError, readMessageStream, type MessageReader, type ReaderOptions } from '../wire/index.js';
import type { CliIo } from './io.js';
import { explainMisread, type BinaryFormat } from './misread-format.js';

/**
 * How much of a stream's start is kept to explain a failure of its first message: binary input
 * that was packed (or the reverse) fails there, and reads cleanly in the sibling encoding. On
 * such a failure the rest of it is read first (a live stream that fails at once is reported
 * after this much more input, or its end).
 */
const HEAD_BYTES = 64 * 1024;

/** Runs `handle` on each message of standard input in format `from`; errors say which message failed. */
export async function forEachInputMessage(
  io: CliIo,
  from: string,
  limits: ReaderOptions,
  readWhole: (input: Uint8Array) => Iterable<MessageReader>,
  handle: (message: MessageReader) => Promise<void>,
  advice: (actual: BinaryFormat) => string,
): Promise<void> {
  let count = 0;
  let head: StreamHead | null = null;
  let input: Uint8Array | null = null;
  try {
    if (from === 'binary' || from === 'packed') {
      head = new StreamHead(io.stdin?.() ?? whole(io));
      for await (const message of readMessageStream(head, { ...limits, format: from })) {
        await handle(message);
        count++;
      }
    } else {
      input = await io.readStdin();
      for (const message of readWhole(input)) {
        await handle(message);
        count++;
      }
    }
  } catch (error) {
    // Input in the sibling encoding fails at its first message: said in one line.
    const seen = head === null ? input : count === 0 ? await head.fill() : null;
    if (seen !== null) {
      const explained = explainMisread(error, seen, from, limits, advice, head !== null && !head.complete);
      if (explained !== error) throw explained;
    }
    // In a stream, say which message was bad.
    if (error instanceof CapnpError && from !== 'flat' && from !== 'flat-packed' && from !== 'canonical') {
      throw new CapnpError(error.code, `message ${count + 1} of the input: ${error.message}`, { cause: error });
    }
    throw error;
  } finally {
    await head?.close();
  }
}

/** All of standard input as one piece, for a `CliIo` that cannot give it as it arrives. */
async function* whole(io: CliIo): AsyncGenerator<Uint8Array, void, undefined> {
  yield await io.readStdin();
}

/**
 * A stream's pieces, passed on, with the first HEAD_BYTES of them kept. Its iterator's end
 * (the reader of messages giving up) leaves the source open, so that `fill` can read on.
 */
class StreamHead implements AsyncIterable<Uint8Array> {
  private readonly source: AsyncIterator<Uint8Array>;
  private readonly kept: Uint8Array[] = [];
  private keptBytes = 0;
  private ended = false;

  constructor(source: AsyncIterable<Uint8Array>) {
    this.source = source[Symbol.asyncIterator]();
  }

  /** True once the source ended with all of it kept. */
  get complete(): boolean {
    return this.ended && this.keptBytes < HEAD_BYTES;
  }

  [Symbol.asyncIterator](): AsyncIterator<Uint8Array> {
    return {
      next: () => this.pull(),
      return: async () => ({ done: true, value: undefined }),
    };
  }

  /** The start of the stream, read on to HEAD_BYTES or its end. */
  async fill(): Promise<Uint8Array> {
    while (!this.ended && this.keptBytes < HEAD_BYTES) await this.pull();
    const out = new Uint8Array(this.keptBytes);
    let at = 0;
    for (const piece of this.kept) {
      out.set(piece, at);
      at += piece.byteLength;
    }
    return out;
  }

  async close(): Promise<void> {
    if (!this.ended) {
      this.ended = true;
      await this.source.return?.();
    }
  }

  private async pull(): Promise<IteratorResult<Uint8Array>> {
    if (this.ended) return { done: true, value: undefined };
    const next = await this.source.next();
    if (next.done === true) {
      this.ended = true;
      return next;
    }
    if (this.keptBytes < HEAD_BYTES) {
      const take = next.value.subarray(0, HEAD_BYTES - this.keptBytes);
      this.kept.push(take);
      this.keptBytes += take.byteLength;
    }
    return next;
  }
}
