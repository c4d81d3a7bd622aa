// Everything `npm run bench` needs before measuring: the built package, the bench's own
// dependencies, generated code for Capstan and capnp-es, and the C++ harness (built against
// Debian's libcapnp-dev, installed when missing and we are root).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH = dirname(dirname(fileURLToPath(import.meta.url)));
export const ROOT = dirname(BENCH);
export const OUT = join(BENCH, '.out');
const SCHEMAS = join(BENCH, 'schemas');
export const SCHEMA_NAMES = ['news', 'micro', 'carsales', 'catrank', 'eval', 'rpc'];

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status})`);
}

function hasCommand(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function ensureSystemPackages(log) {
  const missing = [];
  if (!hasCommand('capnp')) missing.push('capnproto');
  if (!existsSync('/usr/include/capnp/serialize.h')) missing.push('libcapnp-dev');
  if (!hasCommand('g++')) missing.push('g++');
  if (!hasCommand('pkg-config')) missing.push('pkg-config');
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) throw new Error(`the benchmarks need ${missing.join(', ')}: install them (apt-get install -y ${missing.join(' ')})`);
  log(`installing ${missing.join(', ')}`);
  run('apt-get', ['install', '-y', ...missing], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

/** The CodeGeneratorRequest for the bench schemas, from Capstan's own compiler. */
async function compileRequest() {
  const { compile, formatDiagnostic } = await import(join(ROOT, 'dist/compiler/index.js'));
  const { createNodeLoader } = await import(join(ROOT, 'dist/compiler/files/node-loader.js'));
  const { request, diagnostics } = compile({ files: SCHEMA_NAMES.map((name) => `${name}.capnp`), cwd: SCHEMAS, loader: createNodeLoader() });
  if (request === null) throw new Error(`the bench schemas do not compile:\n${diagnostics.map(formatDiagnostic).join('\n')}`);
  return { request, by: 'capstan' };
}

async function generateCapstan(log) {
  const dir = join(OUT, 'capstan');
  mkdirSync(dir, { recursive: true });
  const { generateTypeScript } = await import(join(ROOT, 'dist/codegen/index.js'));
  const { request, by } = await compileRequest();
  const esbuild = await import('esbuild');
  for (const file of generateTypeScript(request)) {
    const js = (await esbuild.transform(file.content, { loader: 'ts', format: 'esm', target: 'es2022' })).code;
    writeFileSync(join(dir, file.filename.replace(/\.ts$/, '.js')), js);
  }
  log(`generated Capstan code (schemas compiled by ${by})`);
}

function generateCapnpEs(log) {
  const dir = join(OUT, 'capnp-es');
  mkdirSync(dir, { recursive: true });
  const plugin = join(BENCH, 'node_modules/capnp-es/dist/compiler/capnpc-js.mjs');
  const files = SCHEMA_NAMES.filter((n) => n === 'news' || n === 'micro').map((n) => join(SCHEMAS, `${n}.capnp`));
  // Its TypeScript step resolves 'capnp-es' from the working directory.
  execFileSync(process.execPath, [plugin, `-ojs:${dir}`, `--src-prefix=${SCHEMAS}`, ...files], { stdio: 'ignore', cwd: BENCH });
  log('generated capnp-es code (with its own generator)');
}

function newerThan(target, sources) {
  if (!existsSync(target)) return false;
  const built = statSync(target).mtimeMs;
  return sources.every((s) => statSync(s).mtimeMs < built);
}

function buildCpp(log) {
  const dir = join(OUT, 'cpp');
  mkdirSync(dir, { recursive: true });
  const harness = join(dir, 'harness');
  const sources = [join(BENCH, 'cpp/harness.c++'), ...['carsales', 'catrank', 'eval', 'micro', 'rpc'].map((n) => join(SCHEMAS, `${n}.capnp`))];
  if (newerThan(harness, sources)) return harness;
  log('building the C++ harness');
  run('capnp', ['compile', `-oc++:${dir}`, `--src-prefix=${SCHEMAS}`, ...sources.slice(1)]);
  const generated = readdirSync(dir).filter((f) => f.endsWith('.capnp.c++')).map((f) => join(dir, f));
  const rpcFlags = execFileSync('pkg-config', ['--cflags', '--libs', 'capnp-rpc'], { encoding: 'utf8' }).trim().split(/\s+/).filter(Boolean);
  run('g++', ['-O2', '-std=c++17', `-I${dir}`, '-o', harness, join(BENCH, 'cpp/harness.c++'), ...generated, ...rpcFlags]);
  return harness;
}

/** Prepares everything; returns paths the workloads need. */
export async function prepare(log) {
  ensureSystemPackages(log);
  if (!existsSync(join(BENCH, 'node_modules/mitata')) || !existsSync(join(BENCH, 'node_modules/capstan'))) {
    log('installing the benchmark dependencies (bench/package.json)');
    run('npm', ['ci', '--ignore-scripts'], { cwd: BENCH });
  }
  log('building Capstan');
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'pipe', encoding: 'utf8' });
  if (!existsSync(join(ROOT, 'dist/index.js'))) throw new Error(`npm run build failed:\n${build.stdout}${build.stderr}`);
  if (build.status !== 0) log('warning: `npm run build` reported errors; measuring what it emitted');
  await generateCapstan(log);
  generateCapnpEs(log);
  const cpp = buildCpp(log);
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  return { cpp, capstanDir: join(OUT, 'capstan'), capnpEsDir: join(OUT, 'capnp-es'), version: pkg.version };
}
