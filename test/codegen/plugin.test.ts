/**
 * `capnpc-ts` as a plugin of the reference compiler: `capnp compile -o <plugin>:<dir>` writes the
 * same modules `generateTypeScript` makes. Runs the built plugin (dist/), so `npm run build`
 * first (as `npm test` does).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { generateTypeScript } from '../../src/codegen/index.js';
import { decodeCodeGeneratorRequest } from '../../src/schema/index.js';
import { FIXTURES, ROOT } from '../support/generate.js';
import { compileRequest, describeReference, runCapnp } from '../support/reference.js';

const PLUGIN = join(ROOT, 'dist/bundle/cli/capnpc-ts.js');
const out = mkdtempSync(join(tmpdir(), 'capstan-plugin-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describeReference('capnpc-ts plugin', () => {
  it('writes the generated modules into the output directory', () => {
    expect(existsSync(PLUGIN), 'run `npm run build` first').toBe(true);
    const dir = join(FIXTURES, 'codegen');
    const files = [join(dir, 'features.capnp'), join(dir, 'other.capnp')];
    const result = runCapnp(['compile', `--src-prefix=${dir}`, `-o${PLUGIN}:${out}`, ...files]);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const expected = generateTypeScript(decodeCodeGeneratorRequest(compileRequest(files, { srcPrefix: dir })));
    expect(expected.map((f) => f.filename).sort()).toEqual(['features.capnp.ts', 'other.capnp.ts']);
    for (const file of expected) expect(readFileSync(join(out, file.filename), 'utf8')).toBe(file.content);
  });

  it('reports a malformed request in one line and exits non-zero', () => {
    const result = spawnSync(process.execPath, [PLUGIN], { input: Buffer.from([1, 0, 0, 0, 9]), cwd: out, encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^capnpc-ts: .+\n$/);
    expect(result.stderr.split('\n').length).toBe(2);
  });
});
