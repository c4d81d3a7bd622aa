import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  ElementSize, MessageBuilder, canonicalize, readMessage, readMessages, type MessageFormat,
} from '../../src/wire/index.js';
import { buildEverything, expectEverything } from '../fixtures/wire/everything.js';
import { Everything as E } from '../fixtures/wire/wiretest-layout.js';
import { concat, toHex } from '../support/bytes.js';
import { BUILT_CLI, builtCliProblem, runCli, spawnCli } from '../support/cli.js';
import { convert as referenceConvert, describeReference } from '../support/reference.js';
import { run } from '../../src/cli/run.js';

function small(value: number): MessageBuilder {
  const b = new MessageBuilder();
  const root = b.initRoot(1, 1);
  root.setUint32(0, value);
  root.setText(0, `small ${value}`);
  return b;
}

/** Three messages of different shapes, the second spread over many segments. */
const MESSAGES = [buildEverything(), buildEverything({ firstSegmentWords: 2, growth: 'fixed' }), small(3)];
const STREAM_FORMATS = ['binary', 'packed'] as const;
const FLAT_FORMATS = ['flat', 'flat-packed'] as const;

function stream(format: 'binary' | 'packed'): Uint8Array {
  return concat(...MESSAGES.map((m) => m.toBytes(format)));
}

function canonicalOf(bytes: Uint8Array, format: MessageFormat): string[] {
  return [...readMessages(bytes, { format })].map((m) => toHex(canonicalize(m.getRoot())));
}

const EXPECTED_CANONICAL = MESSAGES.map((m) => toHex(canonicalize(readMessage(m.toBytes()).getRoot())));

/** Asserts a failure is exactly one `capstan: ...` line, with no stack trace. */
function expectOneLineError(stderr: string, pattern: RegExp): void {
  expect(stderr.endsWith('\n')).toBe(true);
  const lines = stderr.trimEnd().split('\n');
  expect(lines, stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^capstan: /);
  expect(lines[0]).toMatch(pattern);
  expect(stderr).not.toMatch(/\n\s+at /);
}

describe('capstan convert: conversions', () => {
  for (const from of STREAM_FORMATS) {
    for (const to of STREAM_FORMATS) {
      it(`${from}:${to} converts a stream of messages, keeping each one's content`, async () => {
        const result = await runCli(['convert', `${from}:${to}`], stream(from));
        expect(result.stderr).toBe('');
        expect(result.status).toBe(0);
        expect(canonicalOf(result.stdout, to)).toEqual(EXPECTED_CANONICAL);
        // Each message is copied into fresh segments (one each, as they are small).
        expect([...readMessages(result.stdout, { format: to })].map((m) => m.segments.length)).toEqual([1, 1, 1]);
      });
    }
  }

  for (const from of [...STREAM_FORMATS, ...FLAT_FORMATS]) {
    for (const to of [...FLAT_FORMATS, 'canonical'] as const) {
      it(`${from}:${to} writes one segment per message, without a table`, async () => {
        const input = from === 'binary' || from === 'packed' ? MESSAGES[1]!.toBytes(from) : MESSAGES[0]!.toBytes(from);
        const expected = from === 'binary' || from === 'packed' ? EXPECTED_CANONICAL[1] : EXPECTED_CANONICAL[0];
        const result = await runCli(['convert', `${from}:${to}`], input);
        expect(result.status, result.stderr).toBe(0);
        const format = to === 'canonical' ? 'flat' : to;
        const message = readMessage(result.stdout, { format });
        expect(toHex(canonicalize(message.getRoot()))).toBe(expected);
        expectEverything(message.getRoot());
        if (to === 'canonical') expect(toHex(result.stdout)).toBe(expected);
      });
    }
  }

  it('flat:binary reads the whole input as one message', async () => {
    const result = await runCli(['convert', 'flat:binary'], MESSAGES[0]!.toBytes('flat'));
    expect(result.status).toBe(0);
    expectEverything(readMessage(result.stdout).getRoot());
  });

  it('canonical input must be canonical', async () => {
    const canonical = canonicalize(readMessage(MESSAGES[0]!.toBytes()).getRoot());
    const ok = await runCli(['convert', 'canonical:binary'], canonical);
    expect(ok.status).toBe(0);
    expectEverything(readMessage(ok.stdout).getRoot());
    const bad = await runCli(['convert', 'canonical:binary'], MESSAGES[0]!.toBytes('flat'));
    expect(bad.status).toBe(1);
    expectOneLineError(bad.stderr, /not in canonical form/);
  });

  it('--segment-size makes fixed segments, forcing far pointers', async () => {
    const result = await runCli(['convert', '--segment-size=3', 'binary:binary'], MESSAGES[0]!.toBytes());
    expect(result.status).toBe(0);
    const message = readMessage(result.stdout);
    expect(message.segments.length).toBeGreaterThan(20);
    expectEverything(message.getRoot());
    // Sizes may be hexadecimal, as for the reference tool.
    const hex = await runCli(['convert', '--segment-size', '0x10', 'binary:packed'], MESSAGES[0]!.toBytes());
    const decimal = await runCli(['convert', '--segment-size=16', 'binary:packed'], MESSAGES[0]!.toBytes());
    expect(hex.status).toBe(0);
    expect(toHex(hex.stdout)).toBe(toHex(decimal.stdout));
    expect(toHex(hex.stdout)).not.toBe(toHex(result.stdout));
  });

  it('accepts and ignores a schema file and type, and --quiet', async () => {
    const result = await runCli(['convert', '--quiet', 'binary:flat', 'some.capnp', 'Some'], MESSAGES[2]!.toBytes());
    expect(result.status).toBe(0);
    expect(readMessage(result.stdout, { format: 'flat' }).getRoot().getText(0)).toBe('small 3');
  });

  it('converts empty input to empty output, in every format', async () => {
    for (const from of ['binary', 'packed', 'flat', 'flat-packed', 'canonical']) {
      const result = await runCli(['convert', `${from}:binary`], new Uint8Array(0));
      expect([result.status, result.stdout.length, result.stderr]).toEqual([0, 0, '']);
    }
  });

  it('copies a null root as an empty struct, as the reference tool does', async () => {
    const nullRoot = new MessageBuilder().toBytes();
    const result = await runCli(['convert', 'binary:binary'], nullRoot);
    expect(toHex(result.stdout)).toBe('00 00 00 00 01 00 00 00 fc ff ff ff 00 00 00 00');
  });

  it('honours --traversal-limit and --nesting-limit', async () => {
    const b = new MessageBuilder();
    b.initRoot(0, 1).initList(0, ElementSize.EIGHT_BYTES, 1000);
    const tight = await runCli(['convert', '--traversal-limit=500', 'binary:binary'], b.toBytes());
    expect(tight.status).toBe(1);
    expectOneLineError(tight.stderr, /traversal limit|announces/);
    const loose = await runCli(['convert', '--traversal-limit=5000', 'binary:binary'], b.toBytes());
    expect(loose.status).toBe(0);
    const deep = new MessageBuilder();
    let s = deep.initRoot(0, 1);
    for (let i = 0; i < 10; i++) s = s.initStruct(0, 0, 1);
    expect((await runCli(['convert', '--nesting-limit=5', 'binary:binary'], deep.toBytes())).status).toBe(1);
    expect((await runCli(['convert', '--nesting-limit=50', 'binary:binary'], deep.toBytes())).status).toBe(0);
  });
});

describe('capstan convert: standard input', () => {
  it('a CliIo that cannot give standard input as it arrives (no stdin()) has it read whole', async () => {
    const out: Uint8Array[] = [];
    const status = await run(['convert', 'binary:canonical'], {
      readStdin: async () => stream('binary'),
      writeStdout: async (chunk) => {
        out.push(typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk.slice());
      },
      writeStderr: () => {},
    });
    expect(status).toBe(0);
    expect(toHex(concat(...out))).toBe(EXPECTED_CANONICAL.join(' '));
  });
});

describe('capstan convert: bad input', () => {
  it('a truncated message: one line naming the message, exit status 1', async () => {
    const input = stream('binary');
    const result = await runCli(['convert', 'binary:packed'], input.subarray(0, input.length - 5));
    expect(result.status).toBe(1);
    expectOneLineError(result.stderr, /^capstan: message 3 of the input: input ends inside the message/);
    // The messages before the bad one were written.
    expect(canonicalOf(result.stdout, 'packed')).toEqual(EXPECTED_CANONICAL.slice(0, 2));
  });

  it('a hostile pointer', async () => {
    const bytes = small(1).toBytes();
    // Table (8 bytes), root pointer, data word, then the text pointer: its size field.
    bytes[8 + 16 + 5] = 0xff;
    bytes[8 + 16 + 6] = 0xff;
    const result = await runCli(['convert', 'binary:canonical'], bytes);
    expect(result.status).toBe(1);
    expectOneLineError(result.stderr, /outside its segment|OUT_OF_BOUNDS|points outside/);
  });

  it('malformed packing and flat input that is not whole words', async () => {
    const packed = await runCli(['convert', 'packed:binary'], new Uint8Array([0xff, 1, 2]));
    expect(packed.status).toBe(1);
    expectOneLineError(packed.stderr, /packed input ends/);
    const flat = await runCli(['convert', 'flat:binary'], new Uint8Array(12));
    expect(flat.status).toBe(1);
    expectOneLineError(flat.stderr, /whole number of words/);
  });

  it('a segment count that wraps', async () => {
    const result = await runCli(['convert', 'binary:binary'], new Uint8Array(16).fill(0xff));
    expect(result.status).toBe(1);
    expectOneLineError(result.stderr, /announces 4294967296 segments/);
  });
});

describe('capstan: command line', () => {
  it('--help lists the commands; convert --help explains convert', async () => {
    const top = await runCli(['--help']);
    expect(top.status).toBe(0);
    expect(new TextDecoder().decode(top.stdout)).toMatch(/Usage: capstan <command>[\s\S]*convert/);
    for (const argv of [['convert', '--help'], ['help', 'convert'], ['convert', 'binary:packed', '-h']]) {
      const help = await runCli(argv);
      expect(help.status).toBe(0);
      const text = new TextDecoder().decode(help.stdout);
      expect(text).toMatch(/Usage: capstan convert/);
      expect(text).toMatch(/--segment-size/);
      expect(text).toMatch(/flat-packed/);
    }
  });

  it('--version prints the package version', async () => {
    const result = await runCli(['--version']);
    expect(result.status).toBe(0);
    expect(new TextDecoder().decode(result.stdout)).toMatch(/^capstan \d+\.\d+\.\d+/);
  });

  it('no arguments: usage on stderr, exit status 2', async () => {
    const result = await runCli([]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/Usage: capstan/);
  });

  const usageErrors: [string[], RegExp][] = [
    [['frobnicate'], /unknown command 'frobnicate' \(see 'capstan --help'\)/],
    [['--frobnicate'], /unknown option --frobnicate/],
    [['convert'], /missing <from>:<to>/],
    [['convert', 'binary'], /expected <from>:<to>/],
    [['convert', 'binary:yaml'], /unknown output format 'yaml'/],
    [['convert', 'canonicall:binary'], /unknown input format 'canonicall'/],
    [['convert', 'text:binary'], /text format needs a schema/],
    [['convert', 'binary:json'], /json format needs a schema/],
    [['convert', '--segment-size=0', 'binary:binary'], /--segment-size must be an integer/],
    [['convert', '--segment-size=many', 'binary:binary'], /--segment-size must be an integer/],
    [['convert', '--bogus', 'binary:binary'], /bogus/],
    [['convert', 'binary:binary', 'a', 'b', 'c'], /too many arguments: c/],
  ];
  for (const [argv, pattern] of usageErrors) {
    it(`usage error: capstan ${argv.join(' ')}`, async () => {
      const result = await runCli(argv, small(1).toBytes());
      expect(result.status).toBe(2);
      expect(result.stdout.length).toBe(0);
      expectOneLineError(result.stderr, pattern);
    });
  }
});

describeReference('capstan convert matches capnp convert', () => {
  const big = new MessageBuilder();
  {
    const root = big.initRoot(E.dataWords, E.pointerCount);
    root.initList(E.uint64List, ElementSize.EIGHT_BYTES, 2500).setUint64(2499, 7n);
    root.initList(E.textList, ElementSize.POINTER, 300).setText(299, 'last');
  }
  const inputs = [...MESSAGES, big];

  for (const from of STREAM_FORMATS) {
    for (const to of ['binary', 'packed', 'flat', 'flat-packed', 'canonical']) {
      it(`${from}:${to}, byte for byte (messages of 1 to ${inputs.length > 3 ? 'several' : 'one'} segments, up to 3000 words)`, async () => {
        const input = concat(...inputs.map((m) => m.toBytes(from)));
        const ours = await runCli(['convert', `${from}:${to}`], input);
        expect(ours.status, ours.stderr).toBe(0);
        expect(toHex(ours.stdout)).toBe(toHex(referenceConvert(`${from}:${to}`, input)));
      });
    }
  }

  for (const size of [1, 2, 5, 64]) {
    it(`--segment-size=${size}, byte for byte`, async () => {
      const input = concat(...inputs.map((m) => m.toBytes()));
      for (const to of ['binary', 'packed']) {
        const ours = await runCli(['convert', `--segment-size=${size}`, `binary:${to}`], input);
        expect(ours.status, ours.stderr).toBe(0);
        expect(toHex(ours.stdout)).toBe(toHex(referenceConvert(`binary:${to}`, input, { segmentSize: size })));
      }
    });
  }

  it('flat and flat-packed input, byte for byte', async () => {
    for (const from of FLAT_FORMATS) {
      const input = MESSAGES[0]!.toBytes(from);
      for (const to of ['binary', 'packed', 'flat', 'canonical']) {
        const ours = await runCli(['convert', `${from}:${to}`], input);
        expect(toHex(ours.stdout), `${from}:${to}`).toBe(toHex(referenceConvert(`${from}:${to}`, input)));
      }
    }
  });
});

const builtProblem = builtCliProblem();
describe.skipIf(builtProblem !== null)('the built capstan executable', () => {
  it('converts through real standard streams', () => {
    const input = stream('binary');
    const result = spawnCli(['convert', 'binary:packed'], input);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(canonicalOf(result.stdout, 'packed')).toEqual(EXPECTED_CANONICAL);
  });

  it('writes each message of a live pipe as it arrives, not at the end of the input', async () => {
    // `producer | capstan convert` keeps up with its producer (as `capnp decode` does): the
    // first message comes out while standard input is still open, and the stream is read in
    // the memory of one message. Read whole first, nothing came out before the end.
    const child = spawn(process.execPath, [BUILT_CLI, 'convert', 'binary:canonical'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    const firstOut = new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stdin.write(MESSAGES[2]!.toBytes());
    const first = await Promise.race([firstOut.then(() => 'written'), new Promise((resolve) => setTimeout(() => resolve('nothing yet'), 10_000))]);
    expect(first).toBe('written');
    expect(child.exitCode).toBe(null);
    child.stdin.end(MESSAGES[0]!.toBytes());
    const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(status).toBe(0);
    const expected = concat(canonicalize(readMessage(MESSAGES[2]!.toBytes()).getRoot()), canonicalize(readMessage(MESSAGES[0]!.toBytes()).getRoot()));
    expect(toHex(new Uint8Array(Buffer.concat(output)))).toBe(toHex(expected));
  });

  it('reports bad input in one line on stderr, with exit status 1 and no stack trace', () => {
    const result = spawnCli(['convert', 'binary:binary'], new Uint8Array([1, 0, 0, 0, 5]));
    expect(result.status).toBe(1);
    expectOneLineError(result.stderr, /^capstan: message 1 of the input: /);
    const usage = spawnCli(['convert', 'nope']);
    expect(usage.status).toBe(2);
    expectOneLineError(usage.stderr, /expected <from>:<to>/);
  });
});
if (builtProblem !== null) console.warn(`[capstan] skipping tests of the built CLI: ${builtProblem}`);
