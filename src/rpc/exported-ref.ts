/**
 * One of our exported promises as the peer named it back to us (`receiverHosted`), before we
 * told the peer what it resolved to.
 *
 * Why not the promise itself: once we send the Resolve, what the peer addresses to that export
 * goes where the Resolve said (pinned-hook.ts), possibly back through the peer. A reference the
 * peer handed back to us (a call's result that is our export) carries calls that went through
 * the peer to the export before; the calls made on it afterwards must take the same road, or
 * they can overtake those. So this hook sends each call where the export's messages go at that
 * moment: the pinned capability once there is one, else the promise. Once pinned, it keeps
 * that road for as long as it lives, even after the peer releases the export (which drops the
 * export's own pin): calls it sent through the peer before must not be overtaken by calls
 * going the promise's shorter road afterwards.
 */
import { ClientHook, type CallOptions, type CallResult, type Params } from './hook.js';
import type { Export } from './table-entries.js';

export class ExportedRef extends ClientHook {
  private readonly hook: ClientHook;
  /** The export's pinned capability, kept from the first time there is one. */
  private pinned: ClientHook | null = null;

  constructor(private readonly entry: Export) {
    super();
    this.hook = entry.hook.addRef();
  }

  private get target(): ClientHook {
    if (this.pinned === null && this.entry.pinned !== null) this.pinned = this.entry.pinned.addRef();
    return this.pinned ?? this.hook;
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
    this.pinned?.release();
    this.hook.release();
  }
}
