#!/usr/bin/env node
/**
 * The `capstan` executable: connects `run` to the process (arguments, standard streams, exit
 * status). Everything else is in run.ts and the command files, which tests call in-process.
 */
import { run } from './run.js';
import type { CliIo } from './io.js';

async function readStdin(): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const all = Buffer.concat(chunks);
  return new Uint8Array(all.buffer, all.byteOffset, all.byteLength);
}

function writeStdout(chunk: Uint8Array | string): Promise<void> {
  return new Promise((resolve, reject) => {
    process.stdout.write(chunk, (error) => (error ? reject(error) : resolve()));
  });
}

// A reader that goes away (`capstan ... | head`) is not an error worth a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  process.stderr.write(`capstan: cannot write output: ${error.message}\n`);
  process.exit(1);
});

const io: CliIo = {
  readStdin,
  stdin: () => process.stdin,
  writeStdout,
  writeStderr: (text) => {
    process.stderr.write(text);
  },
};

process.exitCode = await run(process.argv.slice(2), io);
