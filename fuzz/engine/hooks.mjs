// Module loader hooks (node:module register) of the fuzzing engine: instruments Capstan's
// built modules (dist/) and the generated code of the fuzz targets (fuzz/.generated/) with
// edge counters as they load. Everything else (the targets, the engine, node_modules) loads as is.
import { readFile } from 'node:fs/promises';
import { instrument } from './instrument.mjs';

const root = new URL('../../', import.meta.url).href;
const INSTRUMENTED = [`${root}dist/`, `${root}fuzz/.generated/`];

export async function load(url, context, nextLoad) {
  if (url.startsWith('file:') && url.endsWith('.js') && INSTRUMENTED.some((prefix) => url.startsWith(prefix))) {
    const source = await readFile(new URL(url), 'utf8');
    return { format: 'module', source: instrument(source, url.slice(root.length)).code, shortCircuit: true };
  }
  return nextLoad(url, context);
}
