/**
 * Builds the C++ programs of test/rpc/cpp-websocket/ (server.c++, client.c++) against the C++
 * library (Debian libcapnp-dev: capnp, kj-http, capnp-websocket), each in a directory of its own
 * under test/.generated/ so test files running at once do not race, and only when its source or
 * the schema changed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GENERATED, ROOT } from '../../support/generate.js';
import { CAPNP } from '../../support/reference.js';

const PACKAGES = ['capnp-websocket', 'kj-http', 'capnp-rpc'];

/** Whether capnp, a C++ compiler and pkg-config's capnp-websocket are all there. */
export function cppToolsPresent(): boolean {
  const capnp = spawnSync(CAPNP, ['--version'], { encoding: 'utf8' });
  const pkg = spawnSync('pkg-config', ['--exists', ...PACKAGES]);
  const cxx = spawnSync(process.env.CXX ?? 'g++', ['--version']);
  return capnp.status === 0 && pkg.status === 0 && cxx.status === 0;
}

/** Builds test/rpc/cpp-websocket/<name>.c++ with the rpc-test.capnp fixture; returns the binary's path. */
export function buildCppProgram(name: 'server' | 'client'): string {
  const source = join(ROOT, `test/rpc/cpp-websocket/${name}.c++`);
  const out = join(GENERATED, name === 'server' ? 'cpp-websocket' : `cpp-websocket-${name}`);
  mkdirSync(out, { recursive: true });
  const binary = join(out, name);
  const schema = join(ROOT, 'test/fixtures/rpc/rpc-test.capnp');
  const stamp = join(out, 'stamp');
  const key = readFileSync(source, 'utf8') + readFileSync(schema, 'utf8');
  if (existsSync(binary) && existsSync(stamp) && readFileSync(stamp, 'utf8') === key) return binary;
  const run = (command: string, args: string[]) => {
    const result = spawnSync(command, args, { encoding: 'utf8', cwd: out });
    if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`);
    return result.stdout.trim();
  };
  run(CAPNP, ['compile', `-I${join(ROOT, 'std')}`, `--src-prefix=${join(ROOT, 'test/fixtures/rpc')}`, `-oc++:${out}`, schema]);
  const flags = run('pkg-config', ['--cflags', ...PACKAGES]).split(/\s+/).filter(Boolean);
  const libs = run('pkg-config', ['--libs', ...PACKAGES]).split(/\s+/).filter(Boolean);
  run(process.env.CXX ?? 'g++', ['-std=c++17', '-O1', '-I', out, ...flags, source, join(out, 'rpc-test.capnp.c++'), '-o', binary, ...libs, '-pthread']);
  writeFileSync(stamp, key);
  return binary;
}
