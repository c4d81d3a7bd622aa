// Every runtime-neutral check, in the order they run. Each module exports `checks`:
// [{ name, run(config) }], `run` throwing (or rejecting) on failure.
import { checks as messages } from './messages.mjs';
import { checks as compiler } from './compiler.mjs';
import { checks as rpc } from './rpc.mjs';
import { checks as rpcOrder } from './rpc-order.mjs';

export const allChecks = [...messages, ...compiler, ...rpc, ...rpcOrder];
