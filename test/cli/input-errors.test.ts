/**
 * Bad input on the command line, reported in one line with status 1.
 *
 * Input in the wrong binary encoding (packed read as binary, binary read as packed, flat and
 * flat-packed likewise) is reported in one line that says which encoding it looks like and what
 * to do, with status 1, as the reference tool does (in its own words); input that is simply
 * corrupt keeps its own error. Text and JSON nested 100 000 deep stop at the nesting limit.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { pack } from '../../src/wire/index.js';
import { buildEverything } from '../fixtures/wire/everything.js';
import { CODECS } from '../fixtures/codecs/support.js';
import { concat } from '../support/bytes.js';
import { builtCliProblem, runCli, spawnCli, type CliResult } from '../support/cli.js';
import { describeReference, runCapnp } from '../support/reference.js';
import { BOMB_ELEMENTS, emptyStructsBomb } from '../support/empty-structs-bomb.js';
import { sharedChain } from '../fuzz/support.js';
import { readMessage, unpack } from '../../src/wire/index.js';

function expectOneLine(result: CliResult, pattern: RegExp): void {
  expect(result.status).toBe(1);
  expect(result.stdout.length).toBe(0);
  const lines = result.stderr.trimEnd().split('\n');
  expect(lines, result.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(pattern);
}

const TEXT = '(name = "c", circle = 2.5, tag = (words = ["a", "b"]))\n(name = "d", label = "x")\n';
let binary: Uint8Array;
let packed: Uint8Array;

beforeAll(async () => {
  binary = (await runCli(['encode', CODECS, 'Shape'], TEXT)).stdout;
  packed = (await runCli(['encode', '--packed', CODECS, 'Shape'], TEXT)).stdout;
  expect(binary.length).toBeGreaterThan(0);
  expect(packed.length).toBeGreaterThan(0);
});

describe('decode and convert notice the wrong encoding', () => {
  it('packed input read as binary', async () => {
    expectOneLine(await runCli(['decode', CODECS, 'Shape'], packed),
      /^capstan: the input is not in binary format; it looks like packed format \(try --packed\)$/);
    expectOneLine(await runCli(['convert', 'binary:json', CODECS, 'Shape'], packed),
      /^capstan: the input is not in binary format; it looks like packed format \(try packed:json\)$/);
    // The same input, read as it should be, decodes.
    expect((await runCli(['decode', '--packed', CODECS, 'Shape'], packed)).status).toBe(0);
  });

  it('binary input read as packed', async () => {
    expectOneLine(await runCli(['decode', '--packed', CODECS, 'Shape'], binary),
      /^capstan: the input is not in packed format; it looks like binary format \(try without --packed\)$/);
    expectOneLine(await runCli(['convert', 'packed:text', CODECS, 'Shape'], binary),
      /^capstan: the input is not in packed format; it looks like binary format \(try binary:text\)$/);
  });

  it('without a schema too', async () => {
    const messages = [buildEverything(), buildEverything({ firstSegmentWords: 2, growth: 'fixed' })];
    const stream = concat(...messages.map((m) => m.toBytes('binary')));
    const packedStream = concat(...messages.map((m) => m.toBytes('packed')));
    expectOneLine(await runCli(['convert', 'binary:canonical'], packedStream),
      /^capstan: the input is not in binary format; it looks like packed format \(try packed:canonical\)$/);
    expectOneLine(await runCli(['convert', 'packed:binary'], stream),
      /^capstan: the input is not in packed format; it looks like binary format \(try binary:binary\)$/);
    expect((await runCli(['convert', 'packed:binary'], packedStream)).stdout).toEqual(
      (await runCli(['convert', 'binary:binary'], stream)).stdout);
  });

  it('flat input read as flat-packed', async () => {
    const flat = buildEverything().toBytes('flat');
    expectOneLine(await runCli(['convert', 'flat-packed:binary'], flat),
      /^capstan: the input is not in flat-packed format; it looks like flat format \(try flat:binary\)$/);
  });

  it('corrupt input keeps its own error', async () => {
    const corrupt = new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expectOneLine(await runCli(['decode', CODECS, 'Shape'], corrupt), /^capstan: message 1 of the input: /);
    expectOneLine(await runCli(['decode', '--packed', CODECS, 'Shape'], pack(corrupt.subarray(0, 8))), /^capstan: message 1 of the input: /);
  });
});

describeReference('the reference tool rejects the same inputs', () => {
  it('capnp decode says the input looks packed, or binary', () => {
    const asBinary = runCapnp(['decode', CODECS, 'Shape'], packed);
    expect(asBinary.status).not.toBe(0);
    expect(asBinary.stderr).toMatch(/looks like it is in "packed" format/);
    const asPacked = runCapnp(['decode', '--packed', CODECS, 'Shape'], binary);
    expect(asPacked.status).not.toBe(0);
    expect(asPacked.stderr).toMatch(/looks like it is in "binary" format/);
  });
});

describe('deeply nested text and JSON input', () => {
  it('is one line with status 1, and --nesting-limit sets the depth allowed', async () => {
    const deepText = `(name = "x", tag = (words = ${'['.repeat(100_000)}${']'.repeat(100_000)}))`;
    expectOneLine(await runCli(['encode', CODECS, 'Shape'], deepText), /^capstan: message 1 of the input: text input line 1, column \d+: lists and struct literals nest deeper than the limit of 64$/);
    expectOneLine(await runCli(['convert', 'json:binary', CODECS, 'Shape'], `{"name": ${'['.repeat(100_000)}}`),
      /^capstan: message 1 of the input: JSON input line 1, column \d+: JSON nests deeper than the limit of 64$/);
    expectOneLine(await runCli(['convert', '--nesting-limit=1', 'text:binary', CODECS, 'Shape'], '(tag = (words = ["a"]))'),
      /nest deeper than the limit of 1$/);
    expect((await runCli(['convert', '--nesting-limit=3', 'text:binary', CODECS, 'Shape'], '(tag = (words = ["a"]))')).status).toBe(0);
  });
});

describe('a few bytes that claim half a billion empty structs', () => {
  // By default the traversal budget scales with the message, so the list is refused as it is
  // opened. With the limit lifted (--traversal-limit at its largest), as `capnp` reads, printing
  // must stop at its output limit, and copying must not visit the empty elements one by one.
  const bomb = emptyStructsBomb();
  const LIFTED = `--traversal-limit=${Number.MAX_SAFE_INTEGER}`;

  it('by default, decode and convert refuse it in one line with status 1, naming the flag', async () => {
    for (const argv of [['decode', CODECS, 'Lists'], ['convert', 'binary:json', CODECS, 'Lists'], ['convert', 'binary:packed']]) {
      expectOneLine(await runCli(argv, bomb), /traversal limit exceeded.*\(on the command line: --traversal-limit=<n>\)$/);
    }
  }, 10_000); // a guard against hanging (the work is milliseconds): the unbounded version ran for minutes

  it('with the limit lifted, decode and convert to text or JSON fail in one line with status 1', async () => {
    expectOneLine(await runCli(['decode', LIFTED, CODECS, 'Lists'], bomb), /^capstan: message 1 of the input: the printed text would be longer than the limit of the printer/);
    expectOneLine(await runCli(['decode', LIFTED, '--short', CODECS, 'Lists'], bomb), /longer than the limit of the printer/);
    expectOneLine(await runCli(['convert', LIFTED, 'binary:json', CODECS, 'Lists'], bomb), /^capstan: message 1 of the input: the JSON would be longer than the limit of the codec/);
  }, 10_000); // a guard against hanging (the work is milliseconds): the unbounded version ran for minutes

  it('with the limit lifted, convert to binary formats copies the list whole, without visiting its elements', async () => {
    for (const to of ['packed', 'canonical', 'flat']) {
      const result = await runCli(['convert', LIFTED, `binary:${to}`], bomb);
      expect(result.status, result.stderr).toBe(0);
      const copy = readMessage(to === 'packed' ? unpack(result.stdout) : result.stdout, { format: to === 'packed' ? 'binary' : 'flat', traversalLimitInWords: Infinity });
      expect(copy.getRoot().getList(15, 7).length).toBe(BOMB_ELEMENTS);
    }
  }, 10_000); // a guard against hanging (the work is milliseconds): the unbounded version ran for minutes

  // Run as a process, killed after 20 s: with the limit lifted this copy (and capnp's) runs
  // until killed, and in process nothing could stop it.
  it.skipIf(builtCliProblem() !== null)('pointers that share their targets (984 bytes, a tree of 4^30 structs) are refused by default, not copied for ever', () => {
    expectOneLine(spawnCli(['convert', 'binary:packed'], sharedChain(30, 4), 20_000), /traversal limit exceeded/);
  }, 30_000);
});

describeReference('the reference tool copies the same list', () => {
  it('capnp convert gives the same packed and canonical bytes', async () => {
    const bomb = emptyStructsBomb();
    for (const to of ['packed', 'canonical']) {
      const reference = runCapnp(['convert', `binary:${to}`], bomb);
      expect(reference.status).toBe(0);
      expect((await runCli(['convert', `--traversal-limit=${Number.MAX_SAFE_INTEGER}`, `binary:${to}`], bomb)).stdout).toEqual(reference.stdout);
    }
  });
});

describe('a type the schema does not define', () => {
  it('names the schema file as the command line gave it', async () => {
    // An absolute path was shown as the file node's name, which has no leading '/'.
    const escaped = CODECS.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    expectOneLine(await runCli(['decode', CODECS, 'Nope'], binary), new RegExp(`^capstan: 'Nope' is not defined in ${escaped}$`));
    expectOneLine(await runCli(['convert', 'binary:json', CODECS, 'Shape.Nope'], binary), new RegExp(`^capstan: 'Shape.Nope' is not defined in ${escaped}$`));
  });
});
