// Types for transport-host.mjs.
import type { Client } from '../../src/rpc/index.js';

export function createTransportHost(g: any): { bootstrap: Client; live: { counters: number; running: number } }; // eslint-disable-line @typescript-eslint/no-explicit-any
