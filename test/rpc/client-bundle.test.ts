/**
 * What a browser's RPC client bundles: a WebSocket connection and the generated client of one
 * interface, calling one method (as the benchmark's "capstan (websocket rpc client)" case does).
 * The engine reads and writes rpc.capnp's messages at named offsets (src/rpc/protocol/layout.ts)
 * rather than through rpc.capnp's generated bindings, builds them in its own OutgoingMessage
 * rather than a MessageBuilder (src/rpc/outgoing-message.ts), reads incoming messages without
 * the unpacker, and a generated client reaches its methods' structs without their struct types;
 * so none of those is in the bundle. The bundle is made with esbuild, as an application's would be.
 */
import { join } from 'node:path';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { importGenerated } from '../support/compile-memory.js';
import { GENERATED, ROOT } from '../support/generate.js';

const SCHEMA = `@0xe5c1d3a94b7f2e62;
interface Echo {
  echoText @0 (text :Text) -> (text :Text);
  echoData @1 (data :Data) -> (data :Data);
}
`;

beforeAll(async () => {
  await importGenerated('rpc-client-bundle', { '/echo.capnp': SCHEMA }, '/echo.capnp');
});

async function bundle(body: string): Promise<string> {
  const entry = [
    `import { connectWebSocketTo } from ${JSON.stringify(join(ROOT, 'src/rpc/websocket/index.js'))};`,
    `import { Echo, EchoClient } from ${JSON.stringify(join(GENERATED, 'rpc-client-bundle/echo.capnp.js'))};`,
    body,
  ].join('\n');
  const result = await build({
    stdin: { contents: entry, resolveDir: GENERATED, loader: 'ts' },
    bundle: true, format: 'esm', platform: 'neutral', write: false, logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

const CLIENT = `export async function echo(url: string, text: string) {
  const { connection, bootstrap } = await connectWebSocketTo(url, EchoClient);
  const reply = await bootstrap.echoText({ text });
  bootstrap.close();
  await connection.close();
  return reply.text;
}`;

// Declarations, as an unminified esbuild bundle spells them, of what a client does not need.
const LEFT_OUT = [
  // rpc.capnp's generated bindings
  'var CallReader =', 'var CallBuilder =', 'var CapDescriptorBuilder =', 'var Message =',
  // struct types (encode, decode, the scratch builder) and the unpacker
  'var StructType =', 'function borrowBuilder(', 'var PackedReader =', 'function unpack(',
  // MessageBuilder (the engine builds in OutgoingMessage), and what only it brings: packing,
  // the Text batch, the MessageReader class
  'var MessageBuilder =', 'function packWords(', 'var TextBatch =', 'var MessageReader =',
];

describe('a WebSocket RPC client bundle', () => {
  it('holds the engine and the generated client', async () => {
    const code = await bundle(CLIENT);
    for (const name of ['var Connection =', 'var WebSocketTransport =', 'var EchoClient =', 'var Echo_echoText$ParamsBuilder =']) {
      expect(code, name).toContain(name);
    }
  });

  it('holds none of rpc.capnp\'s bindings, the struct types or the unpacker', async () => {
    const code = await bundle(CLIENT);
    for (const name of LEFT_OUT) expect(code, name).not.toContain(name);
  });

  it('holds MessageBuilder when the application uses it (the check can fail)', async () => {
    const code = await bundle(`import { MessageBuilder } from ${JSON.stringify(join(ROOT, 'src/wire/index.js'))};\nexport const build = () => new MessageBuilder().toBytes('packed');\n${CLIENT}`);
    for (const name of ['var MessageBuilder =', 'function packWords(', 'var TextBatch =', 'var MessageReader =']) expect(code, name).toContain(name);
  });

  it('holds the struct types when the application uses the interface const (what the client leaves out)', async () => {
    const code = await bundle(`export const serve = (impl: object) => Echo.serve(impl);\n${CLIENT}`);
    expect(code).toContain('var StructType =');
  });
});
