/**
 * Schemas as a whole, not one feature at a time: every struct and every interface of a corpus
 * of schema files, with random values, through generated code and the dynamic API side by side
 * and, when the reference tool is installed, against `capnp convert`.
 *
 * - Each struct: values encode to the same message through generated code and the dynamic API,
 *   and decode to the same object; `capnp` prints the message as the same text and JSON as
 *   Capstan's printers (structs of files the reference compiles).
 * - Each interface (not generic): a server from generated code, called through a generated
 *   client over a connection, method by method, its own and those it extends: the server reads
 *   the params the dynamic API reads from the same value, the client the results; both
 *   connections' tables are empty at the end.
 *
 * The corpus is this repository's schema fixtures; CAPSTAN_CORPUS adds folders written elsewhere
 * (`DIR[:IMPORT_DIR...]`, several separated by `;`), as `.ci/run` does with go-capnp's schemas.
 * Run over upstream's, sandstorm's, go-capnp's, capnproto-rust's and workerd's schemas, this found
 * five bugs (fixed, each with its own test): a standard schema reached through another file, an
 * unused stream.capnp import, a default holding itself, brands that leave a scope unbound, and
 * methods named alike across `extends`.
 */
import fc from 'fast-check';
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compile, type CompileResult } from '../../src/compiler/index.js';
import { createNodeLoader } from '../../src/compiler/files/node-loader.js';
import { generateTypeScript } from '../../src/codegen/index.js';
import { SchemaLoader, decode, encode, readRoot, type StructSchema } from '../../src/dynamic/index.js';
import { toJson } from '../../src/json/index.js';
import { Connection, transportPair } from '../../src/rpc/index.js';
import type { CodeGeneratorRequest, Node } from '../../src/schema/index.js';
import { printStructText } from '../../src/text/index.js';
import { canonicalize, readMessage } from '../../src/wire/index.js';
import { FIXTURES, GENERATED, ROOT, STD_BINDINGS, writeGenerated } from '../support/generate.js';
import { REQUIRE_REFERENCE, hasReference, runCapnp } from '../support/reference.js';
import { reachesOpaque, runs, structValue } from './support/random-values.js';

interface Corpus {
  readonly dir: string;
  readonly importPaths: readonly string[];
}

const OWN: Corpus[] = [
  { dir: join(FIXTURES, 'compiler/parity'), importPaths: [join(FIXTURES, 'compiler/parity/include')] },
  { dir: join(FIXTURES, 'codegen'), importPaths: [] },
  { dir: join(FIXTURES, 'rpc'), importPaths: [] },
];
const EXTRA: Corpus[] = (process.env.CAPSTAN_CORPUS ?? '').split(';').filter((entry) => entry !== '').map((entry) => {
  const [dir, ...importPaths] = entry.split(':');
  return { dir: dir!, importPaths };
});
const VALUES_PER_STRUCT = runs(3);
const SEED = Number(process.env.CAPSTAN_CORPUS_SEED ?? 20261129);
/** stream.capnp's StreamResult: the results of `-> stream` methods. */
const STREAM_RESULT = 0x995f9a3377c0b16en;

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const canonicalHex = (bytes: Uint8Array) => hex(canonicalize(readMessage(bytes).getRootPointer()));
/** A stable text of an object form (bigints and byte arrays included), to compare and print. */
const show = (value: unknown) => JSON.stringify(value, (_, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v instanceof Uint8Array ? [...v] : v));

function schemaFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (at: string): void => {
    for (const name of readdirSync(at).sort()) {
      const path = join(at, name);
      const stat = statSync(path, { throwIfNoEntry: false });
      if (stat?.isDirectory()) walk(path);
      else if (stat !== undefined && name.endsWith('.capnp')) out.push(relative(dir, path));
    }
  };
  walk(dir);
  return out;
}

/**
 * The corpus compiled: all its files in one request or, where that fails (an id declared in two
 * files, a file that does not compile), each file with the files of the corpus it imports (so
 * their modules are generated beside it).
 */
function requestsOf(corpus: Corpus): CompileResult[] {
  const files = schemaFiles(corpus.dir);
  const known = new Set(files);
  const run = (some: string[]) => compile({ files: some, cwd: corpus.dir, loader: createNodeLoader(), importPaths: [...corpus.importPaths, join(ROOT, 'std')] });
  const all = run(files);
  if (all.request !== null) return [all];
  return files.map((file) => {
    let group = [file];
    let result = run(group);
    for (let round = 0; round < 10 && result.request !== null; round++) {
      // Files imported by a relative path (`import "other.capnp"`); those found on the import
      // paths (`/capnp/...`) are the standard schemas, or a corpus's own copies of them.
      const byId = new Map((result.request.nodes ?? []).map((node) => [node.id, node]));
      const imported = (result.request.requestedFiles ?? []).flatMap((entry) => entry.imports ?? [])
        .filter((entry) => !(entry.name ?? '/').startsWith('/'))
        .map((entry) => byId.get(entry.id)?.displayName ?? '')
        .filter((name) => known.has(name));
      const next = [...new Set([...group, ...imported])];
      if (next.length === group.length) break;
      group = next;
      result = run(group);
    }
    return result;
  }).filter((result) => result.request !== null);
}

/** The nodes declared in `fileId` (nested at any depth), with no generic scope around them. */
function declaredIn(request: CodeGeneratorRequest, fileId: bigint): Node[] {
  const byId = new Map((request.nodes ?? []).map((node) => [node.id, node]));
  return (request.nodes ?? []).filter((node) => {
    for (let scope: Node | undefined = node; scope !== undefined; scope = byId.get(scope.scopeId)) {
      if ((scope.parameters?.length ?? 0) > 0) return false;
      if (scope.scopeId === fileId) return true;
    }
    return false;
  });
}

const exportName = (node: Node) => (node.displayName ?? '').slice((node.displayName ?? '').indexOf(':') + 1).replace(/\./g, '_');

let outputs = 0;

/** Every check of the file's structs and interfaces; what went wrong, one line each. */
async function checkFile(corpus: Corpus, request: CodeGeneratorRequest, requested: NonNullable<CodeGeneratorRequest['requestedFiles']>[number], module: Record<string, any>, tally: Tally): Promise<string[]> {
  const problems: string[] = [];
  const loader = new SchemaLoader(request);
  const file = requested.filename ?? '';
  const at = (node: Node) => `${file}: ${exportName(node)}`;
  const sample = <T>(arbitrary: fc.Arbitrary<T>, count: number, seed: number) => fc.sample(arbitrary, { numRuns: count, seed });
  const referenceReads = hasReference && runCapnp(['compile', '-o-', `--import-path=${join(ROOT, 'std')}`, ...corpus.importPaths.map((p) => `--import-path=${p}`), join(corpus.dir, file)]).status === 0;
  const capnpArgs = [`--import-path=${join(ROOT, 'std')}`, ...corpus.importPaths.map((p) => `--import-path=${p}`), join(corpus.dir, file)];

  for (const node of declaredIn(request, requested.id)) {
    if (!('struct' in node) || node.struct.isGroup || exportName(node).includes('$')) continue;
    const generated = module[exportName(node)] ?? module[`${exportName(node)}$`];
    if (typeof generated?.encode !== 'function') {
      problems.push(`${at(node)}: no generated struct`);
      continue;
    }
    const schema = loader.struct(node.id);
    tally.structs++;
    for (const value of sample(structValue(schema), VALUES_PER_STRUCT, SEED)) {
      tally.messages++;
      const bytes = encode(schema, value);
      if (canonicalHex(generated.encode(value)) !== canonicalHex(bytes)) problems.push(`${at(node)}: generated and dynamic encodings differ for ${show(value)}`);
      if (show(generated.decode(bytes)) !== show(decode(schema, bytes))) problems.push(`${at(node)}: generated and dynamic decodes differ for ${show(value)}`);
      if (!referenceReads) continue;
      const name = (node.displayName ?? '').slice((node.displayName ?? '').indexOf(':') + 1);
      const text = runCapnp(['convert', '--quiet', '--short', 'binary:text', ...capnpArgs, name], bytes);
      tally.referenceRuns++;
      const printed = `${printStructText(readRoot(schema, bytes), { short: true })}\n`;
      if (text.status !== 0) problems.push(`${at(node)}: capnp cannot print ${show(value)}: ${text.stderr.split('\n')[0]}`);
      else if (Buffer.from(text.stdout).toString('utf8') !== printed) problems.push(`${at(node)}: text differs from capnp's for ${show(value)}`);
      if (reachesOpaque(schema)) continue;
      const json = runCapnp(['convert', '--quiet', '--short', 'binary:json', ...capnpArgs, name], bytes);
      // The reference's JSON codec dies on some of its own types (json.capnp's Value: "unknown
      // JsonValue type"): only its output is compared, not its failures.
      if (json.status === 0 && Buffer.from(json.stdout).toString('utf8') !== `${toJson(readRoot(schema, bytes))}\n`) {
        problems.push(`${at(node)}: JSON differs from capnp's for ${show(value)}`);
      }
    }
  }

  for (const node of declaredIn(request, requested.id)) {
    if (!('interface' in node)) continue;
    problems.push(...await checkInterface(loader, request, node, module, at(node), tally));
  }
  return problems;
}

interface Tally { structs: number; messages: number; interfaces: number; calls: number; referenceRuns: number }

/** Serves the interface from generated code and calls each of its methods through a generated client. */
async function checkInterface(loader: SchemaLoader, request: CodeGeneratorRequest, node: Node, module: Record<string, any>, at: string, tally: Tally): Promise<string[]> {
  const byId = new Map((request.nodes ?? []).map((n) => [n.id, n]));
  // Its methods and those it extends, each interface once, its own first (the client's order).
  const methods: { name: string; params: StructSchema | null; results: StructSchema | null; streaming: boolean }[] = [];
  const seen = new Set<bigint>();
  let generic = false;
  const visit = (id: bigint): void => {
    const iface = byId.get(id);
    if (seen.has(id) || iface === undefined || !('interface' in iface)) return;
    seen.add(id);
    if ((iface.parameters?.length ?? 0) > 0) generic = true;
    for (const method of iface.interface.methods ?? []) {
      if ((method.implicitParameters?.length ?? 0) > 0) generic = true;
      const struct = (typeId: bigint) => (byId.has(typeId) && (byId.get(typeId)!.parameters?.length ?? 0) === 0 ? loader.struct(typeId) : null);
      methods.push({ name: method.name ?? '', params: struct(method.paramStructType), results: method.resultStructType === STREAM_RESULT ? null : struct(method.resultStructType), streaming: method.resultStructType === STREAM_RESULT });
    }
    for (const parent of iface.interface.superclasses ?? []) visit(parent.id);
  };
  visit(node.id);
  if (generic) return [];
  const Interface = module[exportName(node)] ?? module[`${exportName(node)}$`];
  const ClientClass = module[`${exportName(node)}Client`];
  if (typeof Interface?.serve !== 'function' || ClientClass === undefined) return [`${at}: no generated interface`];
  tally.interfaces++;

  // The names the client and the server give each method: a repeated name gets $2, $3...
  const taken = new Set<string>();
  const keyed = methods.map((method, i) => {
    let key = method.name;
    for (let n = 2; taken.has(key); n++) key = `${method.name}$${n}`;
    taken.add(key);
    const params = method.params === null ? {} : fc.sample(structValue(method.params), { numRuns: 1, seed: SEED + i })[0]!;
    const results = method.results === null ? {} : fc.sample(structValue(method.results), { numRuns: 1, seed: SEED - i })[0]!;
    return { ...method, key, paramsValue: params, resultsValue: results };
  });
  const received = new Map<string, string>();
  const impl: Record<string, (params: any) => unknown> = {};
  for (const method of keyed) {
    impl[method.key] = (params) => {
      received.set(method.key, show(params.toObject()));
      return method.streaming ? undefined : method.resultsValue;
    };
  }
  const problems: string[] = [];
  const [a, b] = transportPair();
  const server = new Connection(a, { bootstrap: Interface.serve(impl) });
  const client = new Connection(b);
  const capability = client.bootstrap(ClientClass) as any;
  for (const method of keyed) {
    tally.calls++;
    const call = capability[`${method.key}$`] ?? capability[method.key];
    try {
      const results = await call.call(capability, method.paramsValue);
      if (method.params !== null && received.get(method.key) !== show(decode(method.params, encode(method.params, method.paramsValue)))) {
        problems.push(`${at}.${method.key}: the server read other params than were sent`);
      }
      if (method.results !== null && show(results.toObject()) !== show(decode(method.results, encode(method.results, method.resultsValue)))) {
        problems.push(`${at}.${method.key}: the client read other results than were returned`);
      }
    } catch (error) {
      problems.push(`${at}.${method.key}: ${(error as Error).message}`);
    }
  }
  capability.close();
  await client.close();
  await server.closed;
  for (const [side, connection] of [['client', client], ['server', server]] as const) {
    const left = Object.entries(connection.stats()).filter(([, count]) => typeof count === 'number' && count !== 0);
    if (left.length > 0) problems.push(`${at}: the ${side}'s tables are not empty: ${show(Object.fromEntries(left))}`);
  }
  return problems;
}

if (!hasReference && !REQUIRE_REFERENCE) {
  console.warn('[capstan] reference tool `capnp` not found: the corpus checks compare generated code with the dynamic API only, not with capnp\'s text and JSON');
}

describe('schemas as a whole', () => {
  if (REQUIRE_REFERENCE && !hasReference) {
    it('needs the reference tool', () => {
      throw new Error('CAPSTAN_REQUIRE_REFERENCE=1 but `capnp` cannot be run: install capnproto (apt-get install -y capnproto)');
    });
  }

  for (const corpus of [...OWN, ...EXTRA]) {
    it(`every struct and interface of ${relative(ROOT, corpus.dir) || corpus.dir}`, async () => {
      const tally: Tally = { structs: 0, messages: 0, interfaces: 0, calls: 0, referenceRuns: 0 };
      const problems: string[] = [];
      for (const result of requestsOf(corpus)) {
        const request = result.request!;
        const outDir = join(GENERATED, `corpus-${outputs++}`);
        rmSync(outDir, { recursive: true, force: true });
        writeGenerated(outDir, generateTypeScript(request, { runtimeImport: 'RUNTIME', rpcImport: 'RPC', stdImportPrefix: 'STD/' }), STD_BINDINGS);
        for (const requested of request.requestedFiles ?? []) {
          const module = await import(join(outDir, `${requested.filename}.ts`));
          problems.push(...await checkFile(corpus, request, requested, module, tally));
        }
      }
      console.log(`[capstan] ${relative(ROOT, corpus.dir) || corpus.dir}: ${tally.structs} structs (${tally.messages} messages, ${tally.referenceRuns} printed by capnp too), ${tally.interfaces} interfaces (${tally.calls} calls)`);
      expect(problems).toEqual([]);
      expect(tally.structs).toBeGreaterThan(0);
    }, 600_000);
  }
});
