// What Capstan costs an application: the minified + gzip/brotli size of each public entry point
// (bundled with esbuild, as a browser app would), and the startup time of a fresh process that
// imports the runtime and decodes one message.
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BENCH, OUT, ROOT } from '../lib/setup.mjs';
import { median } from '../lib/harness.mjs';
import { bundleSize, rpcClientEntry } from '../lib/bundle-size.mjs';

export async function size(suite, env, inputs) {
  const esbuild = await import('esbuild');
  const entries = {
    'capstan (runtime)': "export * from 'capstan';",
    'capstan/schema': "export * from 'capstan/schema';",
    'capstan/codegen': "export * from 'capstan/codegen';",
    'app: decode news with generated code': `import { News } from ${JSON.stringify(join(env.capstanDir, 'news.capnp.js'))}; export const read = (b) => News.decode(b);`,
    // The same through the reader class: what a decode-only application imports to leave the
    // builders, packing and copying out (docs/codegen.md, "Bundle size").
    'app: decode news with the generated reader class': `import { NewsReader } from ${JSON.stringify(join(env.capstanDir, 'news.capnp.js'))}; export const read = (b) => NewsReader.decode(b);`,
    'capstan (websocket rpc client)': rpcClientEntry(env.capstanDir),
    'capnp-es': "export * from 'capnp-es';",
    capnweb: "export * from 'capnweb';",
  };
  for (const optional of ['compiler', 'dynamic', 'json', 'text', 'rpc']) {
    if (existsSync(join(ROOT, 'dist', optional, 'index.js'))) entries[`capstan/${optional}`] = `export * from ${JSON.stringify(join(ROOT, 'dist', optional, 'index.js'))};`;
  }
  for (const [name, contents] of Object.entries(entries)) {
    try {
      const { metafile: _, ...sizes } = await bundleSize(esbuild, contents);
      const impl = name.startsWith('capnp-es') ? 'capnp-es' : name.startsWith('capnweb') ? 'capnweb' : 'capstan';
      suite.addRow({ workload: 'size', case: name, impl, ...sizes });
      suite.log(`  size ${name}: ${sizes.min_bytes} min, ${sizes.gzip_bytes} gzip, ${sizes.brotli_bytes} brotli`);
    } catch (error) {
      suite.log(`  size ${name}: could not bundle (${error.message.split('\n')[0]})`);
    }
  }

  const messageFile = join(OUT, 'startup-news.bin');
  writeFileSync(messageFile, inputs.newsBytes);
  // Each script: the row's implementation and case, and the code a fresh process runs.
  const scripts = [
    { impl: 'node (no import)', case: 'import + decode news', code: 'process.exit(0);' },
    { impl: 'capstan', case: 'import + decode news', code: `import { News } from ${JSON.stringify(join(env.capstanDir, 'news.capnp.js'))}; import { readFileSync } from 'node:fs'; if (News.decode(readFileSync(${JSON.stringify(messageFile)})).stories.length !== 100) process.exit(1);` },
    // Opening the message through the reader class, as the capnp-es row does (it reads the
    // list's length without decoding the document).
    { impl: 'capstan', case: 'import + open news (reader class)', code: `import { NewsReader } from ${JSON.stringify(join(env.capstanDir, 'news.capnp.js'))}; import { readFileSync } from 'node:fs'; if (NewsReader.read(readFileSync(${JSON.stringify(messageFile)})).stories.length !== 100) process.exit(1);` },
    { impl: 'capnp-es', case: 'import + open news', code: `import { Message } from 'capnp-es'; import { News } from ${JSON.stringify(join(env.capnpEsDir, 'news.js'))}; import { readFileSync } from 'node:fs'; if (new Message(readFileSync(${JSON.stringify(messageFile)}), false).getRoot(News).stories.length !== 100) process.exit(1);` },
  ];
  const spawns = suite.quick ? 8 : 25;
  // The scripts take turns, one fresh process each per round: the machine's speed drifts over
  // a minute, and timing one script's processes after another's puts that drift into the
  // differences between them.
  const times = scripts.map(() => []);
  for (let i = 0; i < spawns; i++) {
    scripts.forEach(({ impl, code }, n) => {
      const start = process.hrtime.bigint();
      const result = spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: BENCH });
      times[n].push(Number(process.hrtime.bigint() - start));
      if (result.status !== 0) throw new Error(`startup script for ${impl} failed: ${result.stderr}`);
    });
  }
  scripts.forEach(({ impl, case: what }, n) => {
    const ns = median(times[n]);
    suite.addRow({ workload: 'startup', case: what, impl, median_ns: ns, rounds: spawns });
    suite.log(`  startup ${impl}, ${what}: ${(ns / 1e6).toFixed(1)} ms`);
  });
}
