/**
 * `capstan compat` on the command line: files, directories and `--against git:REV` on a
 * repository made here, text and JSON output, and the documented exit statuses.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';

const scratch = mkdtempSync(join(tmpdir(), 'capstan-compat-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Writes `path` under the scratch directory and returns it relative to it (tests run there). */
function write(path: string, text: string): string {
  const file = join(scratch, path);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, text);
  return path;
}

/** `capstan argv...` run in the scratch directory. */
const cli = (argv: readonly string[]) => inDirectory(scratch, () => runCli(argv));

const text = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

const V1 = `@0xd0c0ffee00000001;
struct Person {
  name @0 :Text;
  age @1 :UInt8;
}
`;
const V2_BREAKING = `@0xd0c0ffee00000001;
struct Person {
  name @0 :Text;
  age @1 :UInt16;
}
`;
const V2_RENAMED = `@0xd0c0ffee00000001;
struct Person {
  fullName @0 :Text;
  age @1 :UInt8;
  email @2 :Text;
}
`;

/** Runs the CLI in-process from `cwd` (the loaders read the process's working directory). */
async function inDirectory<T>(cwd: string, run: () => Promise<T>): Promise<T> {
  const before = process.cwd();
  process.chdir(cwd);
  try {
    return await run();
  } finally {
    process.chdir(before);
  }
}

describe('capstan compat OLD NEW', () => {
  const v1 = write('files/v1.capnp', V1);
  const breaking = write('files/v2-breaking.capnp', V2_BREAKING);
  const renamed = write('files/v2-renamed.capnp', V2_RENAMED);

  it('reports a wire break as an error at the new file position and exits 1', async () => {
    const result = await cli(['compat', v1, breaking]);
    expect(result.status).toBe(1);
    expect(text(result.stdout)).toBe(`${breaking}:4:3: error: field 'Person.age' (@1) changed type from UInt8 to UInt16 [field-type-changed]\n`);
    expect(result.stderr).toBe('capstan compat: 1 wire-breaking, 0 source-breaking, 0 compatible change\n');
  });

  it('reports renames as warnings and exits 0, or 1 with --fail-on source', async () => {
    const result = await cli(['compat', v1, renamed]);
    expect(result.status).toBe(0);
    expect(text(result.stdout)).toBe(`${renamed}:3:3: warning: field 'Person.name' (@0) was renamed to 'fullName' (the binary encoding is unchanged; the JSON and text forms and generated code are not) [field-renamed]\n`);
    expect((await cli(['compat', '--fail-on=source', v1, renamed])).status).toBe(1);
    const all = await cli(['compat', '--all', v1, renamed]);
    expect(text(all.stdout)).toContain(`${renamed}:5:3: note: new field 'Person.email' (@2) [field-added]`);
  });

  it('exits 0 with no output for identical versions', async () => {
    const result = await cli(['compat', v1, v1]);
    expect(result.status).toBe(0);
    expect(text(result.stdout)).toBe('');
    expect(result.stderr).toBe('capstan compat: no changes\n');
  });

  it('writes JSON with --format json', async () => {
    const result = await cli(['compat', '--format', 'json', v1, breaking]);
    expect(result.status).toBe(1);
    const json = JSON.parse(text(result.stdout));
    expect(json).toEqual({
      version: 1,
      wireCompatible: false,
      sourceCompatible: false,
      counts: { wireBreaking: 1, sourceBreaking: 0, compatible: 0 },
      changes: [{
        severity: 'wire-breaking',
        rule: 'field-type-changed',
        message: "field 'Person.age' (@1) changed type from UInt8 to UInt16",
        location: { file: breaking, line: 4, col: 3 },
        oldLocation: { file: v1, line: 4, col: 3 },
        subject: 'Person.age',
      }],
    });
  });

  it('compares directories file by file', async () => {
    write('dirs/old/a.capnp', V1);
    write('dirs/old/sub/b.capnp', '@0xd0c0ffee00000002;\nenum Color { red @0; green @1; }\n');
    write('dirs/new/a.capnp', V1);
    write('dirs/new/sub/b.capnp', '@0xd0c0ffee00000002;\nenum Color { red @0; }\n');
    const result = await cli(['compat', 'dirs/old', 'dirs/new']);
    expect(result.status).toBe(1);
    expect(text(result.stdout)).toMatch(/^dirs\/new\/sub\/b\.capnp:2:6: error: enumerant 'Color\.green' \(@1\) was removed.*\[enumerant-removed\]\n$/);
  });

  it('says in one line why a version cannot be read, exit 3', async () => {
    const missing = await cli(['compat', 'nope.capnp', v1]);
    expect(missing.status).toBe(3);
    expect(missing.stderr).toBe('capstan compat: old: cannot read nope.capnp: no such file or directory\n');
    const broken = write('files/broken.capnp', '@0xd0c0ffee00000001;\nstruct Person { name @0 :Txet; }\n');
    const bad = await cli(['compat', v1, broken]);
    expect(bad.status).toBe(3);
    expect(bad.stderr).toBe(`capstan compat: new: ${broken}:2:26-30: error: Not defined: Txet\n`);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('rejects bad command lines with status 2', async () => {
    expect((await cli(['compat', v1])).status).toBe(2);
    expect((await cli(['compat', '--format=xml', v1, v1])).status).toBe(2);
    expect((await cli(['compat', '--against=svn:1'])).status).toBe(2);
    const help = await cli(['compat', '--help']);
    expect(help.status).toBe(0);
    expect(text(help.stdout)).toContain('--against=git:<rev>');
  });
});

describe('capstan compat --against git:REV', () => {
  const repo = join(scratch, 'repo');
  const git = (...args: string[]): string =>
    execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', '-c', 'commit.gpgsign=false', ...args], { cwd: repo, encoding: 'utf8' });
  mkdirSync(join(repo, 'schema'), { recursive: true });
  git('init', '-q', '-b', 'main');
  // a.capnp imports b.capnp: the old a.capnp must be compiled with the old b.capnp.
  writeFileSync(join(repo, 'schema/a.capnp'), '@0xd0c0ffee00000011;\nusing B = import "b.capnp";\nstruct Order { item @0 :B.Item; count @1 :UInt32; }\n');
  writeFileSync(join(repo, 'schema/b.capnp'), '@0xd0c0ffee00000012;\nstruct Item { sku @0 :Text; price @1 :UInt32; }\n');
  writeFileSync(join(repo, 'README'), 'not a schema\n');
  git('add', '.');
  git('commit', '-q', '-m', 'v1');
  git('tag', 'v1');

  it('compares the working tree with the revision, old imports resolved in the old revision', async () => {
    writeFileSync(join(repo, 'schema/b.capnp'), '@0xd0c0ffee00000012;\nstruct Item { sku @0 :Text; price @1 :UInt64; }\n');
    const result = await inDirectory(repo, () => runCli(['compat', '--against', 'git:main', 'schema']));
    expect(result.stderr).toBe('capstan compat: 1 wire-breaking, 0 source-breaking, 0 compatible change\n');
    expect(text(result.stdout)).toBe("schema/b.capnp:2:29: error: field 'Item.price' (@1) changed type from UInt32 to UInt64 [field-type-changed]\n");
    expect(result.status).toBe(1);
  });

  it('passes once the change is compatible, and defaults to the current directory', async () => {
    writeFileSync(join(repo, 'schema/b.capnp'), '@0xd0c0ffee00000012;\nstruct Item { sku @0 :Text; price @1 :UInt32; currency @2 :Text; }\n');
    const result = await inDirectory(repo, () => runCli(['compat', '--against=git:v1', '--format=json']));
    expect(result.status).toBe(0);
    const json = JSON.parse(text(result.stdout));
    expect(json.changes.map((c: { rule: string; location: { file: string } }) => [c.rule, c.location.file])).toEqual([['field-added', 'schema/b.capnp']]);
  });

  it('reports a file deleted from the working tree as removed types', async () => {
    rmSync(join(repo, 'schema/a.capnp'));
    const result = await inDirectory(repo, () => runCli(['compat', '--against=git:v1', 'schema']));
    expect(result.status).toBe(1);
    expect(text(result.stdout)).toContain("schema/a.capnp:3:8: error: struct 'Order'");
    expect(text(result.stdout)).toContain('[type-removed]');
    git('checkout', '-q', '--', 'schema/a.capnp');
  });

  it('says so when the revision does not exist, exit 3', async () => {
    const result = await inDirectory(repo, () => runCli(['compat', '--against=git:no-such-branch', 'schema']));
    expect(result.status).toBe(3);
    expect(result.stderr).toMatch(/^capstan compat: no-such-branch: git: 'no-such-branch' is not a commit of the repository at .*\n$/);
  });
});
