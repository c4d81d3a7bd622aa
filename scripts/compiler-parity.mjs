// Comparing Capstan's schema compiler with the reference tool (`capnp compile`), shared by the
// compiler's tests (test/compiler) and by scripts/conformance-compiler.mjs.
//
// Two requests describe the same schema when, node by node (matched by id), the canonical
// bytes are equal, and likewise for the source info entries (matched by id) and the requested
// files (in order). Node order and message layout are not part of the contract. The modules
// are passed in (`wire`, `schema`) so that the same code runs on the TypeScript sources under
// the test runner and on the built package in a plain Node script.
import { spawnSync } from 'node:child_process';

/** Runs `capnp compile -o-` and returns its status, stdout bytes and stderr text. */
export function referenceCompile(args, capnp = process.env.CAPNP ?? 'capnp') {
  const argv = ['compile', '-o-'];
  if (args.noStandardImport) argv.push('--no-standard-import');
  for (const dir of args.importPaths ?? []) argv.push(`-I${dir}`);
  for (const prefix of args.srcPrefixes ?? []) argv.push(`--src-prefix=${prefix}`);
  argv.push(...args.files);
  // PWD must match the working directory, or the tool warns about it.
  const result = spawnSync(capnp, argv, { cwd: args.cwd, env: { ...process.env, PWD: args.cwd }, maxBuffer: 1 << 28 });
  if (result.error !== undefined) throw result.error;
  return {
    status: result.status ?? -1,
    stdout: new Uint8Array(result.stdout.buffer, result.stdout.byteOffset, result.stdout.byteLength),
    stderr: result.stderr.toString('utf8'),
  };
}

/**
 * `request` (a decoded CodeGeneratorRequest) without what Cap'n Proto 1.x added to it and 0.9.2
 * does not write: the source positions of nodes and source info, and each requested file's
 * `fileSourceInfo`. For comparisons with the reference tool 0.9.2; the 1.x tool writes them all.
 */
export function withoutSourcePositions(request) {
  const unplaced = (entry) => ({ ...entry, startByte: 0, endByte: 0 });
  return {
    ...request,
    nodes: request.nodes?.map(unplaced) ?? null,
    sourceInfo: request.sourceInfo?.map(unplaced) ?? null,
    requestedFiles: request.requestedFiles?.map((file) => ({ ...file, fileSourceInfo: null })) ?? null,
  };
}

const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** Canonical bytes (hex) of each element of the struct list at pointer `index` of `root`. */
function canonicalElements(wire, root, index, key) {
  const out = new Map();
  const list = root.getList(index, wire.ElementSize.INLINE_COMPOSITE);
  for (let i = 0; i < list.length; i++) {
    const element = list.getStruct(i);
    out.set(key(element, i), hex(wire.canonicalize(element)));
  }
  return out;
}

function canonicalRequest(wire, bytes) {
  const root = wire.readMessage(bytes, { traversalLimitInWords: 2 ** 30 }).getRoot();
  // Node.id and SourceInfo.id: the UInt64 at the start of the data section.
  const byId = (element) => element.getUint64(0).toString(16);
  return {
    nodes: canonicalElements(wire, root, 0, byId),
    requestedFiles: canonicalElements(wire, root, 1, (_, i) => String(i)),
    sourceInfo: canonicalElements(wire, root, 3, byId),
  };
}

/** JSON-friendly form of a decoded entry, for readable reports. */
function printable(value) {
  return JSON.parse(JSON.stringify(value ?? null, (_, v) => {
    if (typeof v === 'bigint') return `0x${v.toString(16)}`;
    if (v instanceof Uint8Array) return hex(v);
    if (v !== null && typeof v === 'object' && 'segment' in v) return '<pointer>';
    return v;
  }));
}

/**
 * Every difference between two framed requests (empty when they describe the same schema).
 * `sections` limits the comparison (default: nodes, sourceInfo and requestedFiles).
 */
export function compareRequests(ours, theirs, { wire, schema }, sections = ['nodes', 'sourceInfo', 'requestedFiles']) {
  const a = canonicalRequest(wire, ours);
  const b = canonicalRequest(wire, theirs);
  let decoded = null;
  const describe = (section, key) => {
    decoded ??= { ours: schema.decodeCodeGeneratorRequest(ours), theirs: schema.decodeCodeGeneratorRequest(theirs) };
    const pick = (request) => {
      if (section === 'requestedFiles') return request.requestedFiles?.[Number(key)];
      return (section === 'nodes' ? request.nodes : request.sourceInfo)?.find((entry) => entry.id.toString(16) === key);
    };
    return { ours: printable(pick(decoded.ours)), theirs: printable(pick(decoded.theirs)) };
  };
  const differences = [];
  for (const section of sections) {
    const keys = [...new Set([...a[section].keys(), ...b[section].keys()])].sort();
    for (const key of keys) {
      if (a[section].get(key) === b[section].get(key)) continue;
      differences.push({ section, key, ...describe(section, key) });
    }
  }
  return differences;
}

/** How many nodes a framed request holds. */
export function nodeCount(wire, bytes) {
  return wire.readMessage(bytes, { traversalLimitInWords: 2 ** 30 }).getRoot().getList(0, wire.ElementSize.INLINE_COMPOSITE).length;
}

const DIAGNOSTIC_LINE = /^\S.*?:\d+(:\d+(-\d+)?)?: error: /;

/** The id suggested for a file without one is random: compare it as a placeholder. */
const withoutRandomId = (line) => line.replace(/(Add this line to your file: @0x)[0-9a-f]+;/, '$1<random>;');

/**
 * The reference's stderr as comparable lines: its diagnostics (the first line of each), and,
 * where it aborts on an uncaught exception, `FATAL: message`. Stack traces, context lines and
 * the rest of multi-line messages are dropped.
 */
export function normalizeReferenceErrors(stderr) {
  const out = [];
  let aborting = false;
  for (const line of stderr.split('\n')) {
    if (line === '*** Uncaught exception ***') aborting = true;
    const failed = /^\S+\.(?:c\+\+|h):\d+: failed: (.*)$/.exec(line);
    // KJ prefixes a failed requirement with its condition, and the values in it if any:
    // `expected x > 0 [0 > 0]; message`, `expected !path.startsWith("/"); message`.
    if (aborting && failed !== null) out.push(`FATAL: ${failed[1].replace(/^expected (?:.*? \[.*?\]|[^;[]*); /, '')}`);
    else if (DIAGNOSTIC_LINE.test(line)) out.push(withoutRandomId(line));
  }
  return out;
}

/** Capstan's diagnostics in the same form as `normalizeReferenceErrors`. */
export function normalizeOurErrors(diagnostics, formatDiagnostic) {
  return diagnostics.map((diagnostic) => {
    if (diagnostic.fatal === true) return `FATAL: ${diagnostic.message.replace(/ \(laying out '.*'\)$/, '')}`;
    return withoutRandomId(formatDiagnostic({ ...diagnostic, message: diagnostic.message.split('\n')[0] }));
  });
}
