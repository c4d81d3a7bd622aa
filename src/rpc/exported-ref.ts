/**
 * One of our exported promises as the peer named it back to us (`receiverHosted`), before we
 * told the peer what it resolved to.
 *
 * Why not the promise itself: once we send the Resolve, what the peer addresses to that export
 * goes where the Resolve said (pinned-hook.ts), possibly back through the peer. A reference the
 * peer handed back to us (a call's result that is our export) carries calls that went through
 * the peer to the export before; the calls made on it afterwards must take the same road, or
 * they can overtake those. So this hook sends each call where the export's messages go at that
 * moment: the pinned capability once there is one, else the promise.
 */
import { ClientHook, type CallOptions, type CallResult, type Params } from './hook.js';
import type { Export } from './table-entries.js';

export class ExportedRef extends ClientHook {
  private readonly hook: ClientHook;

  constructor(private readonly entry: Export) {
    super();
    this.hook = entry.hook.addRef();
  }

  private get target(): ClientHook {
    return this.entry.pinned ?? this.hook;
  }

  call(interfaceId: bigint, methodId: number, params: Params, options: CallOptions): CallResult {
    return this.target.call(interfaceId, methodId, params, options);
  }

  override resolved(): ClientHook {
    return this.target.resolved();
  }

  override whenMoreResolved(): Promise<ClientHook> | null {
    return this.target.whenMoreResolved();
  }

  override get forwardsTo(): ClientHook | null {
    return this.target;
  }

  override get brokenError(): Error | null {
    return this.target.brokenError;
  }

  protected destroy(): void {
    this.hook.release();
  }
}
