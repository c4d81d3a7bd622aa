/**
 * A capability of the peer held where we told the peer it is: what the caps of a Return we
 * sent, and the capability of a Resolve we sent, become once the message is out.
 *
 * Why: rpc.capnp's Disembargo explains the "Tribble 4-way race". When we tell the peer that
 * one of our answers (or exported promises) is the peer's own import or question P, the peer
 * may go on sending calls addressed to our answer, and later a Disembargo that it expects back
 * through P. If P meanwhile resolved to one of our own objects and we followed that resolution,
 * those calls would skip the calls still travelling through P, and the Disembargo would name a
 * capability that no longer points back to the peer (the C++ implementation then aborts the
 * connection). So the protocol's rule: once a promise has been resolved to a remote reference
 * R, messages addressed to it are forwarded to R only, even if R resolves further. The C++
 * implementation keeps the innermost client of each such capability at that moment; this hook
 * does the same for Capstan: it pins the RemoteHook (an import keeps its id, a question is not
 * finished, until the pin goes: see RemoteHook.pin) and sends calls there directly.
 */
import { ClientHook, type CallOptions, type CallResult, type Params } from './hook.js';
import type { RemoteHook } from './remote-hook.js';

export class PinnedRemoteHook extends ClientHook {
  constructor(private readonly target: RemoteHook) {
    super();
    target.addRef();
    target.pin();
  }

  call(interfaceId: bigint, methodId: number, params: Params, options: CallOptions): CallResult {
    return this.target.callPinned(interfaceId, methodId, params, options);
  }

  /** The pinned import or question: a Disembargo addressed here goes back there, and a descriptor names it. */
  override resolved(): ClientHook {
    return this.target.pinnedPosition() ?? this.target.resolved();
  }

  override get connection(): unknown {
    return this.target.connection;
  }

  override get forwardsTo(): ClientHook | null {
    return this.target;
  }

  override get brokenError(): Error | null {
    return this.target.pinnedPosition() !== null ? null : this.target.brokenError;
  }

  protected destroy(): void {
    this.target.unpin();
    this.target.release();
  }
}
