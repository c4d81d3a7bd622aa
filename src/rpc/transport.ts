/**
 * What a connection needs from the network: whole messages in, whole messages out, and close.
 * A message is one framed Cap'n Proto message (segment table then segments), the unit every
 * carrier agrees on: a TCP stream concatenates them, a WebSocket sends one per binary message,
 * a MessagePort posts one per event. Transports know nothing of RPC.
 */
export interface Transport {
  /**
   * Sends one framed message. The transport owns `message` from here on (it may transfer or
   * queue it); it must deliver messages in the order they were sent.
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
  private inbox: Uint8Array[] = [];
  /** The inbox being delivered; swapped with `inbox` so neither is reallocated per delivery. */
  private delivering: Uint8Array[] = [];
  private scheduled = false;
  private closed = false;
  private readonly drainLater = (): void => this.drain();

  send(message: Uint8Array): void {
    const peer = this.peer;
    if (this.closed || peer === null || peer.closed) return;
    peer.inbox.push(message);
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
    this.inbox.push(CLOSE_MARK);
    this.schedule();
  }

  private schedule(): void {
    if (this.scheduled || this.onMessage === null) return;
    this.scheduled = true;
    queueMicrotask(this.drainLater);
  }

  private drain(): void {
    this.scheduled = false;
    const inbox = this.inbox;
    this.inbox = this.delivering;
    this.delivering = inbox;
    try {
      for (let i = 0; i < inbox.length; i++) {
        if (this.closed) return;
        const message = inbox[i]!;
        if (message === CLOSE_MARK) {
          this.closed = true;
          this.onClose?.();
          return;
        }
        this.onMessage!(message);
      }
    } finally {
      if (inbox.length !== 0) inbox.length = 0;
    }
  }
}

const CLOSE_MARK = new Uint8Array(0);
