/**
 * What a `receiverHosted` or `receiverAnswer` descriptor names when that export or answer of ours
 * now leads back over the same connection (an exported promise that resolved to the peer's
 * capability, or an answer whose results hold one of the peer's).
 *
 * Why it is not simply that capability of the peer: the peer named our export or answer because
 * it did not yet know where it leads, and calls it sent there are still coming back to us (the
 * Tribble rule of rpc.capnp's Disembargo: we go on forwarding them, see pinned-hook.ts). A
 * promise of the peer's that resolves to this must therefore embargo like one that resolves to
 * an object of ours, although the capability behind it is remote again. RemoteHook.resolveTo
 * decides that from where the resolution leads, so this hook does not let it see further: it
 * forwards calls, but `resolved()` and `connection` stop here (as the C++ implementation's
 * TribbleRaceBlocker does).
 */
import { ClientHook, type CallOptions, type CallResult, type Params } from './hook.js';

export class LoopbackHook extends ClientHook {
  /** Takes over one reference to `inner`. */
  constructor(private readonly inner: ClientHook) {
    super();
  }

  call(interfaceId: bigint, methodId: number, params: Params, options: CallOptions): CallResult {
    return this.inner.call(interfaceId, methodId, params, options);
  }

  override get forwardsTo(): ClientHook | null {
    return this.inner;
  }

  override get brokenError(): Error | null {
    return this.inner.brokenError;
  }

  protected destroy(): void {
    this.inner.release();
  }
}
