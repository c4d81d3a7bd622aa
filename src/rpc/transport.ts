/**
 * What a connection needs from the network: whole messages in, whole messages out, and close.
 * A message is one framed Cap'n Proto message (segment table then segments), the unit every
 * carrier agrees on: a TCP stream concatenates them, a WebSocket sends one per binary message,
 * a MessagePort posts one per event. Transports know nothing of RPC.
 */
export interface Transport {
  /**
   * Sends one framed message. The transport owns `message` from here on (it may queue it, or
   * transfer its buffer when the message is the whole of it) but does not write to it: a
   * message may be a view of memory the connection still reads (a Return's results, read by
   * calls pipelined on them). Messages are delivered in the order they were sent.
   */
  send(message: Uint8Array): void;
  /**
   * Starts delivery: `onMessage` for each incoming framed message, in order; `onClose` once,
   * when the carrier closes (with the error, if it failed). Called once, by the connection.
   * A `CapnpError` means what the peer sent could not be framed (a limit, a broken segment
   * table): the carrier then still takes `send` until `close()`, so the connection can Abort.
   */
  start(onMessage: (message: Uint8Array) => void, onClose: (error?: Error) => void): void;
  /** Closes the carrier after what was sent has been flushed. Idempotent. */
  close(): void;
}

/**
 * The default `maxBufferedBytes` of the transports that can tell what waits to be sent (TCP,
 * WebSocket): how much a peer that stops reading may leave unread before its connection ends.
 */
export const DEFAULT_MAX_BUFFERED_BYTES = 64 * 1024 * 1024;

/**
 * Two transports joined back to back in one process: what one sends, the other receives, on a
 * later microtask (as a network would: never re-entrantly inside `send`). For tests, benchmarks
 * and for connecting two parts of one program through the full protocol.
 */
export function transportPair(): [Transport, Transport] {
  const a = new InProcessTransport();
  const b = new InProcessTransport();
  a.peer = b;
  b.peer = a;
  return [a, b];
}

class InProcessTransport implements Transport {
  peer: InProcessTransport | null = null;
  private onMessage: ((message: Uint8Array) => void) | null = null;
  private onClose: ((error?: Error) => void) | null = null;
  /**
   * Messages waiting for delivery: the first `inboxLength` entries. The array keeps its length
   * from delivery to delivery (delivered entries are cleared, not cut off): setting an array's
   * `length` is a call into V8's runtime, and the next `push` then grew it again.
   */
  private inbox: (Uint8Array | undefined)[] = [];
  private inboxLength = 0;
  /** The inbox being delivered; swapped with `inbox` so neither is reallocated per delivery. */
  private delivering: (Uint8Array | undefined)[] = [];
  private scheduled = false;
  private closed = false;
  /**
   * Delivery runs as a reaction of a settled promise rather than through `queueMicrotask`, which
   * in Node wraps every callback for async hooks (an `AsyncResource`, a bound function and a
   * wrapper call). With the inbox above, that was 3 900 of the 41 900 instructions of an
   * in-process echo call (docs/BENCHMARKS.md, "Counted per call"). An error thrown by a
   * delivery is still reported as `queueMicrotask` would report it: an uncaught exception.
   */
  private readonly drainLater = (): void => {
    try {
      this.drain();
    } catch (error) {
      queueMicrotask(() => {
        throw error;
      });
    }
  };

  send(message: Uint8Array): void {
    const peer = this.peer;
    if (this.closed || peer === null || peer.closed) return;
    peer.inbox[peer.inboxLength++] = message;
    peer.schedule();
  }

  start(onMessage: (message: Uint8Array) => void, onClose: (error?: Error) => void): void {
    this.onMessage = onMessage;
    this.onClose = onClose;
    this.schedule();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    const peer = this.peer;
    this.peer = null;
    // Messages already delivered to the peer's inbox still arrive, then the close: as TCP would.
    if (peer !== null) peer.remoteClosed();
    queueMicrotask(() => this.onClose?.());
  }

  private remoteClosed(): void {
    this.peer = null;
    this.inbox[this.inboxLength++] = CLOSE_MARK;
    this.schedule();
  }

  private schedule(): void {
    if (this.scheduled || this.onMessage === null) return;
    this.scheduled = true;
    void SETTLED.then(this.drainLater);
  }

  private drain(): void {
    this.scheduled = false;
    const inbox = this.inbox;
    const length = this.inboxLength;
    this.inbox = this.delivering;
    this.inboxLength = 0;
    this.delivering = inbox;
    let i = 0;
    try {
      for (; i < length; i++) {
        if (this.closed) return;
        const message = inbox[i]!;
        inbox[i] = undefined;
        if (message === CLOSE_MARK) {
          this.closed = true;
          this.onClose?.();
          return;
        }
        this.onMessage!(message);
      }
    } finally {
      // What was not delivered (the transport closed, or delivery threw) is dropped.
      for (; i < length; i++) inbox[i] = undefined;
    }
  }
}

/** A settled promise whose reactions run deliveries (see `drainLater`). */
const SETTLED = Promise.resolve();

const CLOSE_MARK = new Uint8Array(0);
