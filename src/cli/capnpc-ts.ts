#!/usr/bin/env node
/**
 * `capnpc-ts`: the code generator as a plugin of the reference compiler. `capnp compile -o ts:OUT`
 * runs it in OUT with the request on stdin. Options come from the environment, since the
 * compiler passes none: CAPSTAN_RUNTIME (module to import the runtime from, default
 * `capstan`) and CAPSTAN_STD_PREFIX (where standard schema bindings live, default
 * `capstan/std/`).
 */
import { readFileSync } from 'node:fs';
import { runPlugin } from '../codegen/plugin.js';
import { isCapnpError } from '../wire/index.js';

try {
  const request = new Uint8Array(readFileSync(0));
  runPlugin(request, process.cwd(), {
    ...(process.env.CAPSTAN_RUNTIME ? { runtimeImport: process.env.CAPSTAN_RUNTIME } : {}),
    ...(process.env.CAPSTAN_RPC ? { rpcImport: process.env.CAPSTAN_RPC } : {}),
    ...(process.env.CAPSTAN_STD_PREFIX ? { stdImportPrefix: process.env.CAPSTAN_STD_PREFIX } : {}),
  });
} catch (error) {
  const message = isCapnpError(error) || error instanceof Error ? error.message : String(error);
  process.stderr.write(`capnpc-ts: ${message}\n`);
  process.exit(1);
}
