// What `npm run bench`'s size workload (bench/workloads/size.mjs) and bench/size-rpc-client.mjs
// share: how an entry is bundled and measured, and the entry of the RPC client's case.
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { BENCH } from './setup.mjs';

/**
 * The sizes of `contents` bundled as an application would (minified ESM, platform neutral).
 * `extra` adds build options (bench/size-rpc-client.mjs: a resolver plugin and the metafile);
 * the result then also holds esbuild's `metafile`.
 */
export async function bundleSize(esbuild, contents, extra = {}) {
  const result = await esbuild.build({
    stdin: { contents, resolveDir: BENCH, loader: 'js' },
    bundle: true, minify: true, format: 'esm', platform: 'neutral', write: false, logLevel: 'silent',
    mainFields: ['module', 'main'], conditions: ['import', 'default'],
    ...extra,
  });
  const code = result.outputFiles[0].contents;
  return {
    min_bytes: code.length,
    gzip_bytes: gzipSync(code, { level: 9 }).length,
    brotli_bytes: brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    metafile: result.metafile,
  };
}

/**
 * A browser app's RPC client: the WebSocket transport (the runtime's global WebSocket, no
 * `ws`) and the client of one generated interface (bench/schemas/rpc.capnp's, generated into
 * `capstanDir`), calling one method. Compare capnweb's full bundle (its client needs nothing
 * generated).
 */
export function rpcClientEntry(capstanDir) {
  return [
    "import { connectWebSocketTo } from 'capstan/rpc/websocket';",
    `import { BenchEchoClient } from ${JSON.stringify(join(capstanDir, 'rpc.capnp.js'))};`,
    'export async function echo(url, text) {',
    '  const { connection, bootstrap } = await connectWebSocketTo(url, BenchEchoClient);',
    '  const reply = await bootstrap.echoText({ text });',
    '  bootstrap.close();',
    '  await connection.close();',
    '  return reply.text;',
    '}',
  ].join('\n');
}
