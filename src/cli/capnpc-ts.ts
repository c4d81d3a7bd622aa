#!/usr/bin/env node
/**
 * `capnpc-ts`: the code generator as a plugin of the reference compiler. `capnp compile -o ts:OUT`
 * runs it in OUT with the request on stdin. Options come from the environment, since the
 * compiler passes none: CAPSTAN_RUNTIME (module to import the runtime from, default
 * `capstan`), CAPSTAN_STD_PREFIX (where standard schema bindings live, default
 * `capstan/std/`) and CAPSTAN_LANGUAGE (`ts`, the default, or `js` for `.js` modules with
 * `.d.ts` declarations: `CAPSTAN_LANGUAGE=js capnp compile -o ts:OUT`, since the reference
 * compiler names the plugin after the language it is asked for).
 */
import { readFileSync } from 'node:fs';
import { runPlugin } from '../codegen/plugin.js';
import { isCapnpError } from '../wire/index.js';

try {
  const language = process.env.CAPSTAN_LANGUAGE ?? 'ts';
  if (language !== 'ts' && language !== 'js') throw new Error(`CAPSTAN_LANGUAGE must be 'ts' or 'js', not '${language}'`);
  const request = new Uint8Array(readFileSync(0));
  runPlugin(request, process.cwd(), {
    ...(process.env.CAPSTAN_RUNTIME ? { runtimeImport: process.env.CAPSTAN_RUNTIME } : {}),
    ...(process.env.CAPSTAN_RPC ? { rpcImport: process.env.CAPSTAN_RPC } : {}),
    ...(process.env.CAPSTAN_STD_PREFIX ? { stdImportPrefix: process.env.CAPSTAN_STD_PREFIX } : {}),
  }, language);
} catch (error) {
  const message = isCapnpError(error) || error instanceof Error ? error.message : String(error);
  process.stderr.write(`capnpc-ts: ${message}\n`);
  process.exit(1);
}
