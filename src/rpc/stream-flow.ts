/**
 * Flow control for `-> stream` methods. A stream call resolves for its caller as soon as the
 * bytes in flight to that capability fit in the window, not when the call returns; the caller
 * awaits each call and so cannot get more than a window ahead of the callee, whatever it sends.
 * An error from any stream call fails the next call on the capability (stream or not), so a
 * producer learns of it without awaiting returns.
 */
import { listenTo, type CallListener, type CallResult, type ClientHook } from './hook.js';
import { asError } from './errors.js';

export const DEFAULT_STREAM_WINDOW_BYTES = 256 * 1024;

class StreamFlow {
  inFlight = 0;
  error: Error | null = null;
  private waiters: Array<() => void> = [];

  constructor(readonly window: number) {}

  /** Resolves when the window has room again (or the stream failed). */
  room(): Promise<void> {
    if (this.error !== null) return Promise.reject(this.error);
    if (this.inFlight <= this.window) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.waiters.push(() => (this.error !== null ? reject(this.error) : resolve()));
    });
  }

  settled(bytes: number, error: Error | null): void {
    this.inFlight -= bytes;
    if (error !== null && this.error === null) this.error = error;
    while (this.waiters.length > 0 && (this.error !== null || this.inFlight <= this.window)) this.waiters.shift()!();
  }
}

const flows = new WeakMap<ClientHook, StreamFlow>();

function windowOf(hook: ClientHook): number {
  const options = (hook.connection as { options?: { streamWindowBytes?: number } } | null)?.options;
  return options?.streamWindowBytes ?? DEFAULT_STREAM_WINDOW_BYTES;
}

/** The error an earlier stream call on `hook` failed with, if any (it fails the next call). */
export function streamError(hook: ClientHook): Error | null {
  return flows.get(hook)?.error ?? null;
}

/** Accounts for a stream call of `bytes` sent to `hook`; resolves when the caller may send more. */
export function trackStreamCall(hook: ClientHook, bytes: number, result: CallResult): Promise<void> {
  let flow = flows.get(hook);
  if (flow === undefined) {
    flow = new StreamFlow(windowOf(hook));
    flows.set(hook, flow);
  }
  const tracked = flow;
  tracked.inFlight += bytes;
  // Told at once when the call has already ended (a call the connection refused to send, such
  // as one over maxOutgoingMessageBytes): then this call itself fails, not the next one.
  const listener: CallListener = {
    $response(response) {
      response.release();
      tracked.settled(bytes, null);
    },
    $error: (error) => tracked.settled(bytes, asError(error)),
  };
  if (result.listen !== undefined) result.listen(listener);
  else listenTo(result.promise, listener);
  return tracked.room();
}
