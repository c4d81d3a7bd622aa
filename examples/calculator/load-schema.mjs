// Turns calculator.capnp into a JavaScript module the example can import, using Capstan's own
// schema compiler and code generator (no C++ tool involved), then tsc for the TypeScript-to-
// JavaScript step. An application would run `capstan compile -o ts:src/gen calculator.capnp` in
// its build instead; doing it here lets the example run straight after `npm run build`.
//
// The output goes to .generated/ beside this file and is rebuilt only when the generated
// TypeScript changes. It imports the runtime as `capstan` and `capstan/rpc`, which resolve to
// this repository's dist/ through the package's own exports.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateTypeScript } from 'capstan/codegen';
import { compile, formatDiagnostic } from 'capstan/compiler';
import { createNodeLoader } from 'capstan/compiler/node-loader';

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, '.generated');

/** The generated module of calculator.capnp (`Calculator`, `CalculatorClient`, ...). */
export async function loadCalculatorSchema() {
  // 1. Schema text to a CodeGeneratorRequest, exactly what `capnp compile` would hand a plugin.
  const { request, diagnostics } = compile({ files: ['calculator.capnp'], cwd: here, loader: createNodeLoader() });
  if (request === null) throw new Error(diagnostics.map(formatDiagnostic).join('\n'));

  // 2. The request to TypeScript: one file, calculator.capnp.ts.
  const [file] = generateTypeScript(request);
  const ts = join(out, file.filename);
  const js = ts.replace(/\.ts$/, '.js');

  // 3. TypeScript to JavaScript, unless the last run already did it for the same code. tsc
  // writes into a fresh folder and the results are moved into place, the .ts last, so a server
  // and a client starting together never see half-written files.
  const current = existsSync(ts) && existsSync(js) ? readFileSync(ts, 'utf8') : null;
  if (current !== file.content) {
    mkdirSync(out, { recursive: true });
    const work = mkdtempSync(join(out, 'build-'));
    try {
      writeFileSync(join(work, file.filename), file.content);
      writeFileSync(join(work, 'tsconfig.json'), JSON.stringify({
        compilerOptions: {
          target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true,
          skipLibCheck: true, types: [], lib: ['ES2022', 'DOM'],
        },
        files: [file.filename],
      }));
      const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin/tsc');
      const run = spawnSync(process.execPath, [tsc, '-p', join(work, 'tsconfig.json')], { encoding: 'utf8' });
      if (run.status !== 0) throw new Error(`tsc failed on the generated code:\n${run.stdout}${run.stderr}`);
      renameSync(join(work, file.filename.replace(/\.ts$/, '.js')), js);
      renameSync(join(work, file.filename), ts);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
  return import(pathToFileURL(js).href);
}
