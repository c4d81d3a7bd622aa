// Compile time: Capstan's compiler in process against `capnp compile`. The reference tool can
// only be timed as a whole process, so it is also timed on an empty schema: the difference
// estimates its own compiling time. With --vectors DIR the schema is upstream's test.capnp;
// without, our own standard schemas (schema.capnp and rpc.capnp).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { median } from '../lib/harness.mjs';
import { ROOT } from '../lib/setup.mjs';

function timeProcess(args, cwd, runs) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    const result = spawnSync('capnp', args, { cwd });
    times.push(Number(process.hrtime.bigint() - start));
    if (result.status !== 0) throw new Error(`capnp ${args.join(' ')} failed: ${result.stderr}`);
  }
  return median(times);
}

export async function compileTime(suite, vectors) {
  const { compile } = await import(join(ROOT, 'dist/compiler/index.js'));
  const { createNodeLoader } = await import(join(ROOT, 'dist/compiler/files/node-loader.js'));
  const loader = createNodeLoader();
  const target = vectors
    ? { name: 'upstream test.capnp', cwd: join(resolve(vectors), 'capnp-0.9.2'), files: ['capnp/test.capnp'] }
    : { name: 'std schema.capnp + rpc.capnp', cwd: join(ROOT, 'std'), files: ['capnp/schema.capnp', 'capnp/rpc.capnp'] };
  const options = { files: target.files, cwd: target.cwd, loader, standardImports: false, importPaths: [target.cwd] };
  if (compile(options).request === null) throw new Error(`${target.name} does not compile`);
  const times = await suite.compare('compile', target.name, {
    capstan: () => compile(options).request.nodes.length,
  });
  const runs = suite.quick ? 10 : 30;
  const empty = mkdtempSync(join(tmpdir(), 'capstan-bench-'));
  writeFileSync(join(empty, 'empty.capnp'), '@0xe1f6b3a5c7d9e0f1;\n');
  const whole = timeProcess(['compile', '-o-', '--no-standard-import', `-I${target.cwd}`, ...target.files], target.cwd, runs);
  const start = timeProcess(['compile', '-o-', '--no-standard-import', 'empty.capnp'], empty, runs);
  rmSync(empty, { recursive: true, force: true });
  suite.addRow({ workload: 'compile', case: target.name, impl: 'capnp (process)', median_ns: whole, rounds: runs });
  suite.addRow({ workload: 'compile', case: target.name, impl: 'capnp (compiling, est.)', median_ns: whole - start, rounds: runs });
  suite.log(`  compile ${target.name}: capnp process ${(whole / 1e6).toFixed(2)} ms, of which compiling about ${((whole - start) / 1e6).toFixed(2)} ms (capstan ${(times.capstan / 1e6).toFixed(2)} ms in process)`);
}
