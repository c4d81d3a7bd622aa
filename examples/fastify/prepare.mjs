// Generates everything the example runs from, into gen/ (not committed; see README.md):
//
//   gen/basic.capnp      capstan infer Basic < basic.json
//   gen/news.json        the news document (bench/lib/news.mjs's generator), about 46 KB
//   gen/news.capnp       capstan infer News < gen/news.json
//   gen/*.capnp.js/.d.ts capstan compile -o js:gen gen/basic.capnp gen/news.capnp
//   gen/page.js          page.mjs bundled for the browser with esbuild
//
//   node examples/fastify/prepare.mjs      (after npm run build; server.mjs also runs it)
//
// It runs the same commands a user types, through the package's own CLI (dist/bundle/cli/main.js, package.json's bin).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { newsDocument } from '../../bench/lib/news.mjs';

export const HERE = dirname(fileURLToPath(import.meta.url));
export const GEN = join(HERE, 'gen');
const CLI = resolve(HERE, '../../dist/bundle/cli/main.js');

/** Runs `capstan <args>` with `input` on its standard input; returns its standard output. */
function capstan(args, input) {
  return execFileSync(process.execPath, [CLI, ...args], { cwd: HERE, input, encoding: 'utf8' });
}

export async function prepare() {
  mkdirSync(GEN, { recursive: true });
  // Fixed file ids (--id) keep the generated code the same from run to run.
  const basic = capstan(['infer', '--id=0xd3a1f6c2b9e4a701', 'Basic'], readText('basic.json'));
  writeFileSync(join(GEN, 'basic.capnp'), basic);
  const news = JSON.stringify(newsDocument());
  writeFileSync(join(GEN, 'news.json'), news);
  writeFileSync(join(GEN, 'news.capnp'), capstan(['infer', '--id=0xe7b2c4d6f8a1b301', 'News'], news));
  capstan(['compile', '-o', 'js:gen', '--src-prefix=gen', 'gen/basic.capnp', 'gen/news.capnp']);
  await esbuild.build({
    entryPoints: [join(HERE, 'page.mjs')],
    outfile: join(GEN, 'page.js'),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    logLevel: 'silent',
  });
}

function readText(name) {
  return readFileSync(join(HERE, name), 'utf8');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await prepare();
  console.log(`generated ${GEN}`);
}
