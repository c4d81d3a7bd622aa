#!/usr/bin/env node
// One workload in a process of its own (run.mjs starts one per workload): what one workload
// leaves behind in the heap and the JIT must not change the figures of the next. Within a
// workload, the implementations still run side by side, interleaved round by round.
//   node workload.mjs NAME ENV_JSON ROWS_FILE [--quick] [--vectors DIR]
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Suite } from './lib/harness.mjs';
import { newsDocument } from './lib/news.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { quick: { type: 'boolean', default: false }, vectors: { type: 'string' } },
});
const [name, envJson, rowsFile] = positionals;
const env = JSON.parse(envJson);
const suite = new Suite({ quick: values.quick, log: (line) => console.log(line) });

/** The news document as Cap'n Proto bytes (the input of the packing and startup workloads). */
async function newsBytes() {
  const { News } = await import(join(env.capstanDir, 'news.capnp.js'));
  return News.encode(newsDocument());
}

switch (name) {
  case 'news': await (await import('./workloads/news.mjs')).news(suite, env); break;
  case 'news-large': await (await import('./workloads/news-large.mjs')).newsLarge(suite, env); break;
  case 'micro': await (await import('./workloads/micro.mjs')).micro(suite, env); break;
  case 'upstream': await (await import('./workloads/upstream.mjs')).upstream(suite, env); break;
  case 'pipe': await (await import('./workloads/pipe.mjs')).pipe(suite, env); break;
  case 'packing': await (await import('./workloads/packing.mjs')).packing(suite, env, { newsBytes: await newsBytes() }); break;
  case 'size': await (await import('./workloads/size.mjs')).size(suite, env, { newsBytes: await newsBytes() }); break;
  case 'strings': await (await import('./workloads/strings.mjs')).strings(suite); break;
  case 'allocation': await (await import('./workloads/allocation.mjs')).allocation(suite, env); break;
  case 'rpc': await (await import('./workloads/rpc.mjs')).rpc(suite, env); break;
  case 'rpc-tcp': await (await import('./workloads/rpc.mjs')).rpcTcp(suite, env); break;
  case 'compile': await (await import('./workloads/compile.mjs')).compileTime(suite, values.vectors); break;
  default: throw new Error(`unknown workload ${name}`);
}
writeFileSync(rowsFile, JSON.stringify(suite.rows));
