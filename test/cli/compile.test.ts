/**
 * `capstan compile` and `capstan id`: the compiler on the reference tool's command line. The
 * request it writes describes the same nodes as `capnp compile -o-` (canonical bytes per node),
 * `-o ts:DIR` writes what the generator makes, plugins get the request on stdin, and errors are
 * reported as the reference reports them.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateTypeScript } from '../../src/codegen/index.js';
import { declarations, stripTypes } from '../../src/codegen/javascript.js';
import { decodeCodeGeneratorRequest, encodeCodeGeneratorRequest } from '../../src/schema/index.js';
import { withoutSourcePositions } from '../../scripts/compiler-parity.mjs';
import { canonicalize, ElementSize, readMessage } from '../../src/wire/index.js';
import { builtCliProblem, runCli, spawnCli } from '../support/cli.js';
import { FIXTURES, ROOT } from '../support/generate.js';
import { compileRequest, describeReference } from '../support/reference.js';

const DIR = join(FIXTURES, 'codegen');
const FILES = [join(DIR, 'features.capnp'), join(DIR, 'other.capnp')];
const scratch = mkdtempSync(join(tmpdir(), 'capstan-compile-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// Plugin scripts are written before any test runs a child process: a script still open for
// writing when another child is forked cannot be executed (ETXTBSY).
const PLUGIN = join(scratch, 'plugin.sh');
const FAILING = join(scratch, 'failing.sh');
writeFileSync(PLUGIN, '#!/bin/sh\ncat > request.bin\n');
writeFileSync(FAILING, '#!/bin/sh\nexit 3\n');
chmodSync(PLUGIN, 0o755);
chmodSync(FAILING, 0o755);
// A plugin found by name on PATH, as `-o capstantest` finds `capnpc-capstantest`.
const BIN = join(scratch, 'bin');
mkdirSync(BIN);
writeFileSync(join(BIN, 'capnpc-capstantest'), '#!/bin/sh\npwd > where.txt\ncat > request.bin\n');
chmodSync(join(BIN, 'capnpc-capstantest'), 0o755);

/**
 * Each node's canonical bytes, keyed by id: the parity contract (docs/architecture.md, parity
 * with the reference). Without source positions, which the reference tool 0.9.2 does not write
 * (test/compiler/parity-1x.test.ts compares them with the 1.x tool's).
 */
function nodesById(bytes: Uint8Array): Map<bigint, string> {
  const unplaced = encodeCodeGeneratorRequest(withoutSourcePositions(decodeCodeGeneratorRequest(bytes)));
  const root = readMessage(unplaced, { traversalLimitInWords: 1 << 30 }).getRoot();
  const nodes = root.getList(0, ElementSize.INLINE_COMPOSITE);
  const out = new Map<bigint, string>();
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes.getStruct(i);
    out.set(node.getUint64(0), Buffer.from(canonicalize(node)).toString('hex'));
  }
  return out;
}

describeReference('capstan compile', () => {
  it('writes a request describing the same nodes as capnp compile -o-', async () => {
    const ours = await runCli(['compile', `--src-prefix=${DIR}`, '-o-', ...FILES]);
    expect(ours.stderr).toBe('');
    expect(ours.status).toBe(0);
    const theirs = compileRequest(FILES, { srcPrefix: DIR });
    expect(nodesById(ours.stdout)).toEqual(nodesById(theirs));
    const requested = (bytes: Uint8Array) => decodeCodeGeneratorRequest(bytes).requestedFiles?.map((f) => [f.id, f.filename]);
    expect(requested(ours.stdout)).toEqual(requested(theirs));
  });

  it('generates TypeScript in process with -o ts:DIR', async () => {
    const out = join(scratch, 'ts');
    const result = await runCli(['compile', `--src-prefix=${DIR}`, `-ots:${out}`, ...FILES]);
    expect(result.status).toBe(0);
    const expected = generateTypeScript(decodeCodeGeneratorRequest(compileRequest(FILES, { srcPrefix: DIR })));
    for (const file of expected) expect(readFileSync(join(out, file.filename), 'utf8')).toBe(file.content);
  });

  it('runs a plugin given by path in its output directory, with the request on stdin', async () => {
    const out = join(scratch, 'plugin-out');
    const result = await runCli(['compile', `--src-prefix=${DIR}`, `-o${PLUGIN}:${out}`, ...FILES]);
    expect(result.status).toBe(0);
    expect(nodesById(new Uint8Array(readFileSync(join(out, 'request.bin'))))).toEqual(nodesById(compileRequest(FILES, { srcPrefix: DIR })));
  });

  it('runs capnpc-LANG from PATH for -o LANG:DIR', async () => {
    const out = join(scratch, 'path-out');
    mkdirSync(out);
    const path = process.env.PATH;
    process.env.PATH = `${BIN}:${path}`;
    try {
      const result = await runCli(['compile', `--src-prefix=${DIR}`, `-ocapstantest:${out}`, ...FILES]);
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
    } finally {
      process.env.PATH = path;
    }
    expect(readFileSync(join(out, 'where.txt'), 'utf8').trim()).toBe(out);
    expect(nodesById(new Uint8Array(readFileSync(join(out, 'request.bin'))))).toEqual(nodesById(compileRequest(FILES, { srcPrefix: DIR })));
  });

  it('reports a failing or missing plugin in one line', async () => {
    const failed = await runCli(['compile', `-o${FAILING}`, FILES[1]!]);
    expect(failed.status).toBe(1);
    expect(failed.stderr).toMatch(/^capstan: plugin .*failing\.sh failed \(exit 3\)\n$/);
    const missing = await runCli(['compile', '-onosuchlanguage', FILES[1]!]);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/^capstan: cannot run plugin capnpc-nosuchlanguage: /);
  });

  it('reports schema errors as file:line:col-col: error: message, as capnp does', async () => {
    const bad = join(scratch, 'bad.capnp');
    writeFileSync(bad, '@0xd4b2f3e5a6c70818;\nstruct A {\n  x @0 :NoSuchType;\n  y @0 :Int32;\n}\n');
    const ours = await runCli(['compile', '-o-', bad]);
    expect(ours.status).toBe(1);
    expect(ours.stdout.length).toBe(0);
    const reference = (await import('../support/reference.js')).runCapnp(['compile', '-o-', bad]);
    expect(ours.stderr).toBe(reference.stderr);
  });

  it('needs sources and an output', async () => {
    expect((await runCli(['compile', '-o-'])).status).toBe(2);
    expect((await runCli(['compile', FILES[1]!])).status).toBe(2);
  });
});

describe('capstan id', () => {
  it('prints a new id with the top bit set, like capnp id', async () => {
    const first = await runCli(['id']);
    const second = await runCli(['id']);
    expect(first.status).toBe(0);
    const text = new TextDecoder().decode(first.stdout);
    expect(text).toMatch(/^@0x[0-9a-f]{16}\n$/);
    expect(BigInt(text.slice(1).trim()) >> 63n).toBe(1n);
    expect(new TextDecoder().decode(second.stdout)).not.toBe(text);
    expect(existsSync(scratch)).toBe(true);
  });
});

const builtProblem = builtCliProblem();
describe.skipIf(builtProblem !== null)('capstan compile -o js (the built executable)', () => {
  const OTHER = join(DIR, 'other.capnp');

  it('writes exactly NAME.capnp.js and NAME.capnp.d.ts: the TypeScript output stripped and declared', async () => {
    const out = join(scratch, 'js-out');
    const result = spawnCli(['compile', `--src-prefix=${DIR}`, `-ojs:${out}`, OTHER]);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(readdirSync(out).sort()).toEqual(['other.capnp.d.ts', 'other.capnp.js']);
    const ts = join(scratch, 'js-out-ts');
    expect((await runCli(['compile', `--src-prefix=${DIR}`, `-ots:${ts}`, OTHER])).status).toBe(0);
    const typescript = readFileSync(join(ts, 'other.capnp.ts'), 'utf8');
    expect(readFileSync(join(out, 'other.capnp.js'), 'utf8')).toBe(stripTypes(typescript));
    expect(readFileSync(join(out, 'other.capnp.d.ts'), 'utf8')).toBe(declarations(typescript));

    // Node imports it as it is, with `capstan` installed beside it and no TypeScript anywhere.
    writeFileSync(join(out, 'package.json'), JSON.stringify({ type: 'module' }));
    mkdirSync(join(out, 'node_modules'));
    symlinkSync(ROOT, join(out, 'node_modules/capstan'), 'dir');
    const script = "const m = await import('./other.capnp.js'); console.log(JSON.stringify(m.Inner.decode(m.Inner.encode({ label: 'hi', mood: m.Mood.sad }))));";
    const node = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: out, encoding: 'utf8' });
    expect(node.stderr).toBe('');
    expect(JSON.parse(node.stdout)).toEqual({ label: 'hi', mood: 1 });
  });

  it('rejects an output without a language in one line, with exit status 2', () => {
    for (const spec of [':out', '']) {
      const result = spawnCli(['compile', `--output=${spec}`, OTHER]);
      expect(result.status, spec).toBe(2);
      expect(result.stderr, spec).toMatch(new RegExp(`^capstan: bad output '${spec}': expected <lang>\\[:<dir>\\], e\\.g\\. -o ts:src/gen or -o js:lib/gen \\(see 'capstan compile --help'\\)\\n$`));
    }
  });

  it('capnpc-ts writes JavaScript when CAPSTAN_LANGUAGE=js, and refuses other languages', async () => {
    const request = (await runCli(['compile', `--src-prefix=${DIR}`, '-o-', OTHER])).stdout;
    const out = join(scratch, 'plugin-js');
    mkdirSync(out);
    const plugin = join(ROOT, 'dist/bundle/cli/capnpc-ts.js');
    const ok = spawnSync(process.execPath, [plugin], { cwd: out, input: request, env: { ...process.env, CAPSTAN_LANGUAGE: 'js' }, encoding: 'utf8' });
    expect(ok.stderr).toBe('');
    expect(ok.status).toBe(0);
    expect(readdirSync(out).sort()).toEqual(['other.capnp.d.ts', 'other.capnp.js']);
    const bad = spawnSync(process.execPath, [plugin], { cwd: out, input: request, env: { ...process.env, CAPSTAN_LANGUAGE: 'rb' }, encoding: 'utf8' });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toBe("capnpc-ts: CAPSTAN_LANGUAGE must be 'ts' or 'js', not 'rb'\n");
  });
});
if (builtProblem !== null) console.warn(`[capstan] skipping tests of the built CLI: ${builtProblem}`);
