/**
 * Generated code for test/fixtures/rpc/rpc-test.capnp, made with Capstan's own compiler and
 * code generator (no reference tool needed), importing the runtime from this repository's
 * sources; and small helpers shared by the RPC tests.
 */
import { join } from 'node:path';
import { compile } from '../../src/compiler/index.js';
import { createNodeLoader } from '../../src/compiler/node-loader.js';
import { generateTypeScript } from '../../src/codegen/index.js';
import { Connection, transportPair, type ConnectionOptions, type Transport } from '../../src/rpc/index.js';
import * as rpc from '../../src/std/rpc.capnp.js';
import { readMessage } from '../../src/wire/index.js';
import { FIXTURES, GENERATED, ROOT, writeGenerated } from '../support/generate.js';

/** Compiles test/fixtures/rpc/`file` and writes its generated module into `outDir`; returns the module's path. */
function generateFixture(file: string, outDir: string): string {
  const { request, diagnostics } = compile({
    files: [file],
    cwd: join(FIXTURES, 'rpc'),
    loader: createNodeLoader(),
    importPaths: [join(ROOT, 'std')],
    standardImports: false,
  });
  if (request === null) throw new Error(diagnostics.map((d) => d.message).join('\n'));
  writeGenerated(outDir, generateTypeScript(request, { runtimeImport: 'RUNTIME', rpcImport: 'RPC', stdImportPrefix: 'STD/' }), join(ROOT, 'src/std'));
  return join(outDir, `${file}.ts`);
}

export function generateRpcFixture(): string {
  return generateFixture('rpc-test.capnp', join(GENERATED, 'rpc'));
}

/** Generates test/fixtures/rpc/generics.capnp (generic interfaces) likewise; returns the module's path. */
export function generateGenericsFixture(): string {
  return generateFixture('generics.capnp', join(GENERATED, 'rpc-generics'));
}

/** Every message that crosses a transport, by kind (`call`, `return`, ...), with the readers for inspection. */
export class Tap {
  readonly sent: Array<{ which: string; message: rpc.MessageReader }> = [];

  kinds(): string[] {
    return this.sent.map((m) => m.which);
  }
}

function tapped(transport: Transport, tap: Tap): Transport {
  return {
    send(message) {
      const reader = rpc.Message.readRoot(readMessage(message.slice()));
      tap.sent.push({ which: reader.which() ?? '?', message: reader });
      transport.send(message);
    },
    start: (onMessage, onClose) => transport.start(onMessage, onClose),
    close: () => transport.close(),
  };
}

/** A client and a server connection joined in process; what each sends is tapped. */
export function connectedPair(serverOptions: ConnectionOptions, clientOptions: ConnectionOptions = {}) {
  const [a, b] = transportPair();
  const serverTap = new Tap();
  const clientTap = new Tap();
  const server = new Connection(tapped(a, serverTap), serverOptions);
  const client = new Connection(tapped(b, clientTap), clientOptions);
  return { server, client, serverTap, clientTap };
}

/** Lets queued messages and microtasks run. */
export function settle(ms = 5): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export const EMPTY = { questions: 0, awaitingReturn: 0, answers: 0, exports: 0, imports: 0, embargoes: 0 };
