/**
 * `capstan eval` against `capnp eval` of Cap'n Proto 1.x (test/support/reference-1x.ts) on
 * schemas written in the 1.0 language, which 0.9.2 cannot read: block quotes, struct values
 * given as their first field's, a config file without an id. Every constant of the fixtures,
 * in every output format the two share, byte for byte.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { CAPNP_1X, describeReference1x } from '../support/reference-1x.js';

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
