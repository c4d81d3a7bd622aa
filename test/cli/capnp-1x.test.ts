/**
 * The command line against the `capnp` tool of Cap'n Proto 1.x (test/support/reference-1x.ts)
 * where 1.0's language matters, which 0.9.2 cannot read: block quotes, struct values given as
 * their first field's, a config file without an id.
 *
 * - `capstan eval` against `capnp eval`: every constant of the fixtures, in every output format
 *   the two share, byte for byte.
 * - `capstan encode` against `capnp encode`: text input using the additions, byte for byte, and
 *   the input the tool refuses refused too (the tool prints what it made of it and the error;
 *   Capstan's command line prints one line and exits 1). In 0.9's edition, input using them is
 *   refused, as the tool 0.9.2 refuses it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { CAPNP_1X, describeReference1x } from '../support/reference-1x.js';
import { describeReference, runCapnp } from '../support/reference.js';

const EDITIONS = fileURLToPath(new URL('../fixtures/compiler/editions', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'capstan-eval-1x-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A config in the style of workerd's: no file id, values given as their first field's. */
const CONFIG = `struct Config {
  services @0 :List(Service);
  sockets @1 :List(Socket);
}
struct Service {
  name @0 :Text;
  script @1 :Text;
  bindings @2 :List(Binding);
}
struct Binding {
  name @0 :Text;
  union {
    text @1 :Text;
    service @2 :Service;
    number @3 :Int64;
  }
}
struct Socket {
  address @0 :Text;
  service @1 :Service = "main";
}
const config :Config = (
  services = [
    (name = "main", script = .embedded, bindings = [(name = "greeting", text = "hello"), (name = "next", service = "worker")]),
    "worker",
  ],
  sockets = [(address = "*:8080"), (address = "*:8443", service = "worker")],
);
const embedded :Text =
  \`export default {
  \`  fetch() { return new Response("hi"); }
  \`};
  ;
`;

const FORMATS: readonly (readonly string[])[] = [[], ['--short'], ['-ojson'], ['-ojson', '--short'], ['-obinary'], ['-opacked'], ['-oflat'], ['-ocanonical']];

function capnpEval(args: readonly string[]): { status: number; stdout: Buffer; stderr: string } {
  const result = spawnSync(CAPNP_1X, ['eval', ...args], { maxBuffer: 1 << 26 });
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr.toString('utf8') };
}

/** Both tools on `file` `name` in every format; returns how many outputs were compared. */
async function expectSameEval(file: string, name: string, importPaths: readonly string[] = []): Promise<number> {
  let compared = 0;
  for (const format of FORMATS) {
    const args = ['--no-standard-import', ...importPaths.map((dir) => `-I${dir}`), ...format, file, name];
    const theirs = capnpEval(args);
    const ours = await runCli(['eval', ...args]);
    const label = `${name} ${format.join(' ')}`;
    // JSON and binary output need a struct: both refuse a Text or a list there.
    if (theirs.status !== 0) {
      expect(ours.status, `${label}: capnp refused with ${theirs.stderr}`).not.toBe(0);
      continue;
    }
    expect(ours.stderr, label).toBe('');
    expect(Buffer.from(ours.stdout).toString('hex'), label).toBe(theirs.stdout.toString('hex'));
    compared++;
  }
  return compared;
}

describeReference1x('capstan eval against capnp eval 1.x, in the 1.0 language', () => {
  it('prints every constant of the block-quote fixture as capnp eval does', async () => {
    let compared = 0;
    for (const name of ['script', 'oneLine', 'empty', 'joined', 'bytes', 'lines', 'config']) compared += await expectSameEval(join(EDITIONS, 'block-quotes.capnp'), name);
    // Text, Data and lists in text and --short; the struct in all eight formats.
    expect(compared).toBe(6 * 2 + 8);
  });

  it('prints the constants of the first-field fixture (values given as their first field\'s) as capnp eval does', async () => {
    let compared = 0;
    for (const name of ['binding', 'services', 'nested', 'defaultName']) compared += await expectSameEval(join(EDITIONS, 'first-field.capnp'), name);
    expect(compared).toBeGreaterThan(12);
  });

  it('evaluates a config file without an id, and its parts, as capnp eval does', async () => {
    const file = join(scratch, 'config.capnp');
    writeFileSync(file, CONFIG);
    let compared = 0;
    for (const name of ['config', 'config.services[0]', 'config.services[1].name', 'config.sockets[0].service', 'embedded']) compared += await expectSameEval(file, name);
    expect(compared).toBeGreaterThan(20);
  });
});

/** Text input for a schema of every kind of first field, and what the tools make of it. */
const FIRST_FIELDS = `@0xd508ecb2a5a7a5e1;
struct S { label @1 :Text; code @0 :Int16; }
struct B { d @0 :Data; }
struct F { f @0 :Bool; }
struct V { v @0 :Void; x @1 :Int8; }
struct Fl { f @0 :Float32; }
struct G { g :group { a @0 :Text; b @1 :UInt8; } u :union { x @2 :Void; y :group { n @3 :Int32; } } }
struct U { union { a @0 :Text; b @1 :Int32; } }
struct FirstIsGroup { g :group { a @0 :Text; } t @1 :Text; }
struct Outer { inner @0 :S; }
struct Top {
  s @0 :S; b @1 :B; f @2 :F; v @3 :V; fl @4 :Fl; g @5 :G; u @6 :U; fg @7 :FirstIsGroup; o @8 :Outer;
  ls @9 :List(S); lls @10 :List(List(S)); t @11 :Text; d @12 :Data;
}
`;

/** Inputs the additions read (each one message of Top), then inputs that fit neither reading. */
const READ = [
  '(s = 5)', '(s = -1)', '(s = (5))', '(f = true)', '(f = false)', '(v = void)', '(fl = 3)', '(fl = 2.5)', '(fl = -inf)', '(fl = nan)',
  '(g = (g = "hi"))', '(g = (u = (y = 7)))', '(u = "t")', '(lls = [[1], [], [2, 3]])', '(ls = [1, (code = 2, label = "two"), 3])',
  '(t = `a block quote, "verbatim" # with no comment\n)', '(t = "joined: " `one\n  `two\n  )', '(d = `bytes\n)',
  '(t = `CRLF ends it too\r\n)', '(u = `first field and block quote\n)', '(t = `\n)',
];
const REFUSED = [
  '(s = 40000)', '(s = "x")', '(s = 1.5)', '(b = "bytes")', '(b = 0x"0102")', '(g = (g = 5))', '(g = (u = 3))', '(u = 4)', '(fg = "x")',
  '(o = "x")', '(ls = [1, "a"])', '(s = [1])', '(g = (g = [1]))', '(s = (5, 6))',
];

describeReference1x('capstan encode against capnp encode 1.x, in the 1.0 language', () => {
  const schemaFile = join(scratch, 'first-fields.capnp');
  writeFileSync(schemaFile, FIRST_FIELDS);

  it('writes what capnp encode writes for input using block quotes and values given as their first field\'s', async () => {
    for (const input of READ) {
      const theirs = spawnSync(CAPNP_1X, ['encode', '--no-standard-import', schemaFile, 'Top'], { input });
      expect(theirs.stderr.toString(), input).toBe('');
      const ours = await runCli(['encode', '--no-standard-import', schemaFile, 'Top'], input);
      expect(ours.stderr, input).toBe('');
      expect(Buffer.from(ours.stdout).toString('hex'), input).toBe(theirs.stdout.toString('hex'));
    }
  });

  it('refuses, in one line, the input capnp encode reports an error for', async () => {
    for (const input of REFUSED) {
      const theirs = spawnSync(CAPNP_1X, ['encode', '--no-standard-import', schemaFile, 'Top'], { input });
      expect(theirs.stderr.toString(), input).toMatch(/ERROR CONVERTING|error/);
      const ours = await runCli(['encode', '--no-standard-import', schemaFile, 'Top'], input);
      expect(ours.status, input).toBe(1);
      expect(ours.stderr, input).toMatch(/^capstan: message 1 of the input: text input line 1, column \d+ at [\w.[\]]+: [^\n]+\n$/);
    }
  });

  it('reads a stream of messages whose block quotes hold brackets, quotes and #', async () => {
    const input = '(t = `a ) "b" # c\n)\n(ls = [2], t = `(x\n)\n(t = "last")\n';
    const ours = await runCli(['encode', '--no-standard-import', schemaFile, 'Top'], input);
    expect(ours.stderr).toBe('');
    // Each message alone, as capnp encode reads it (its own splitter does not know block quotes).
    const expected = ['(t = `a ) "b" # c\n)', '(ls = [2], t = `(x\n)', '(t = "last")'].map((message) => {
      const one = spawnSync(CAPNP_1X, ['encode', '--no-standard-import', schemaFile, 'Top'], { input: message });
      return one.stdout.toString('hex');
    });
    expect(Buffer.from(ours.stdout).toString('hex')).toBe(expected.join(''));
  });
});

describeReference('capstan encode --language=0.9 against capnp encode 0.9.2', () => {
  const schemaFile = join(scratch, 'first-fields-09.capnp');
  writeFileSync(schemaFile, FIRST_FIELDS);

  it('refuses block quotes and values given as their first field\'s, which 0.9.2 does not read', async () => {
    const additions = ['(s = 5)', '(f = true)', '(g = (g = "hi"))', '(u = "t")', '(ls = [1])', '(t = `quoted\n)'];
    for (const input of additions) {
      expect(runCapnp(['encode', '--no-standard-import', schemaFile, 'Top'], input).stderr, input).not.toBe('');
      const ours = await runCli(['encode', '--language=0.9', '--no-standard-import', schemaFile, 'Top'], input);
      expect(ours.status, input).toBe(1);
      // The same input is read in the default edition.
      expect((await runCli(['encode', '--no-standard-import', schemaFile, 'Top'], input)).status, input).toBe(0);
    }
  });
});
