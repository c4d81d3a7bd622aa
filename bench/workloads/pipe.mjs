// The upstream workloads' `pipe` mode, as the reference benchmark has it: messages streamed
// between two processes. The client (this process) builds a request and writes it, framed, to
// the server's stdin; the server (lib/pipe-server.mjs, a node process of its own) reads each
// message from the stream, handles it and writes the response back on its stdout; the client
// reads the response from the stream and checks it. One round trip per operation, the next
// request sent only after the response is in (upstream's synchronous pipe mode). The C++
// harness does the same with a forked server process and two pipes (blocking reads and
// writes); here reading is Node's: the event loop delivers chunks, so each round trip also
// pays two waits on the loop, which is what a Node program reading a pipe pays.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MessageBuilder } from 'capstan';
import { FrameSplitter } from 'capstan/rpc';
import { Random } from '../lib/random.mjs';
import { upstreamSpecs } from './upstream.mjs';

const SERVER = join(dirname(dirname(fileURLToPath(import.meta.url))), 'lib/pipe-server.mjs');
const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

/** A server process and the response stream it writes, one message awaited at a time. */
class PipeServer {
  constructor(capstanDir, workload) {
    this.child = spawn(process.execPath, [SERVER, capstanDir, workload], { stdio: ['pipe', 'pipe', 'inherit'] });
    this.waiting = null;
    const splitter = new FrameSplitter(MAX_MESSAGE_BYTES, 512);
    const deliver = (message) => {
      const waiting = this.waiting;
      this.waiting = null;
      if (waiting === null) throw new Error('a response nobody asked for');
      waiting.resolve(message);
    };
    this.child.stdout.on('data', (chunk) => splitter.push(chunk, deliver));
    this.exited = new Promise((resolve) => this.child.on('exit', (code, signal) => {
      this.waiting?.reject(new Error(`the pipe server exited (${code ?? signal}) before responding`));
      resolve();
    }));
  }

  /** Writes one framed request; resolves to the framed response. */
  exchange(request) {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.child.stdin.write(request);
    });
  }

  async close() {
    this.child.stdin.end();
    await this.exited;
  }
}

function makePipeRoundTrip(server, { Request, Response, setup, check }) {
  const requestMessage = new MessageBuilder();
  return async (random) => {
    requestMessage.reset();
    const expected = setup(Request.initRoot(requestMessage), random);
    const response = await server.exchange(requestMessage.toBytes());
    if (!check(Response.read(response), expected)) throw new Error('wrong response');
  };
}

export async function pipe(suite, env) {
  for (const [workload, spec] of Object.entries(await upstreamSpecs(env.capstanDir))) {
    const server = new PipeServer(env.capstanDir, workload);
    try {
      const roundTrip = makePipeRoundTrip(server, spec);
      const random = new Random();
      for (let i = 0; i < 20; i++) await roundTrip(random); // checks responses before timing
      await suite.compare(workload, 'pipe', { capstan: () => roundTrip(random) }, [env.cpp, []]);
    } finally {
      await server.close();
    }
  }
}
