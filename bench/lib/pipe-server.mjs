#!/usr/bin/env node
// The server process of the upstream workloads' `pipe` mode (workloads/pipe.mjs starts it):
// reads framed request messages from stdin as they arrive, handles each (the workload's
// `handle`, as in the other modes) and writes the framed response to stdout. Exits when stdin
// ends.
//   node pipe-server.mjs CAPSTAN_DIR WORKLOAD
//
// Splitting the byte stream into messages: the `capstan` entry point has no reader of
// messages from a stream (Node Readable, async iterable or web ReadableStream); what it has is
// framedMessageLength (a message's length once its segment table is in, -1 before). The public
// splitter built on it is FrameSplitter, exported by `capstan/rpc` for RPC transports; it is
// what a user would reach for, so it is what is used here.
import { MessageBuilder } from 'capstan';
import { FrameSplitter } from 'capstan/rpc';
import { upstreamSpecs } from '../workloads/upstream.mjs';

const [capstanDir, workload] = process.argv.slice(2);
const spec = (await upstreamSpecs(capstanDir))[workload];
if (!spec) throw new Error(`unknown workload ${workload}`);

const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;
const splitter = new FrameSplitter(MAX_MESSAGE_BYTES, 512);
const response = new MessageBuilder();
process.stdin.on('data', (chunk) => {
  splitter.push(chunk, (bytes) => {
    response.reset();
    spec.handle(spec.Request.read(bytes), spec.Response.initRoot(response));
    process.stdout.write(response.toBytes());
  });
});
