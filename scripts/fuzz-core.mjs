// The wire-format fuzzer, shared by the bounded fuzz test (test/wire/fuzz.test.ts, on the
// sources) and the long-running script (scripts/fuzz.mjs, on dist/). Plain JavaScript with the
// wire module passed in, so both can use it without a build step or a TypeScript loader.
//
// Each case takes a valid message, mutates it (bit flips, word splices, random pointers,
// truncation, huge counts, framing damage), then reads it every way there is: a schema-less
// walk of every pointer, canonicalize, isCanonical, a deep copy into a builder, pack/unpack.
// Anything may fail, but only with a CapnpError; a canonical form must be canonical and stable;
// a copy must have the same canonical form as its source.

/** xorshift32: small, fast and reproducible from a seed. */
export function createRng(seed) {
  let x = seed >>> 0 || 0x9e3779b9;
  const next = () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x;
  };
  next.below = (n) => next() % n;
  next.chance = (p) => next() / 0x100000000 < p;
  return next;
}

/** Thrown when an input makes the wire layer misbehave; carries the input to reproduce it. */
export class FuzzFailure extends Error {
  constructor(message, input, cause) {
    super(message, { cause });
    this.name = 'FuzzFailure';
    this.input = input;
  }
}

/** Valid messages to start from, built with the wire API: every pointer kind and layout. */
export function seedMessages(wire) {
  const { MessageBuilder, ElementSize: S } = wire;
  const seeds = [];

  const rich = (options) => {
    const b = new MessageBuilder(options);
    const root = b.initRoot(3, 8);
    root.setUint64(0, 0x0123456789abcdefn);
    root.setFloat64(8, -1.5);
    root.setBool(130, true);
    root.setText(0, 'hello, fuzzer');
    root.setData(1, new Uint8Array([1, 2, 3, 0, 255]));
    const child = root.initStruct(2, 1, 2);
    child.setUint32(0, 77);
    child.setText(0, 'child');
    child.initStruct(1, 0, 0);
    const bits = root.initList(3, S.BIT, 21);
    for (let i = 0; i < 21; i += 3) bits.setBool(i, true);
    const structs = root.initStructList(4, 3, 1, 1);
    for (let i = 0; i < 3; i++) {
      structs.getStruct(i).setUint16(0, i * 1000);
      structs.getStruct(i).setText(0, `element ${i}`);
    }
    const lists = root.initList(5, S.POINTER, 3);
    lists.initList(0, S.FOUR_BYTES, 3).setInt32(2, -7);
    lists.initList(1, S.VOID, 4);
    const texts = lists.initList(2, S.POINTER, 2);
    texts.setText(0, 'a');
    texts.setText(1, 'bc');
    root.initList(6, S.EIGHT_BYTES, 2).setFloat64(1, 2.5);
    root.setCapability(7, 'cap');
    return b;
  };

  seeds.push(rich().toBytes());
  seeds.push(rich({ firstSegmentWords: 1, growth: 'fixed' }).toBytes());
  seeds.push(rich({ firstSegmentWords: 3, growth: 'fixed' }).toBytes());

  // Double-far pointers: objects adopted out of full segments.
  {
    const b = new MessageBuilder({ firstSegmentWords: 1, growth: 'fixed' });
    const root = b.initRoot(1, 3);
    const staging = b.newOrphanStruct(1, 3);
    staging.getStruct().setText(0, 'double far');
    staging.getStruct().initList(1, S.TWO_BYTES, 3).setUint16(1, 513);
    staging.getStruct().initStructList(2, 2, 1, 0).getStruct(1).setUint8(0, 9);
    for (let i = 0; i < 3; i++) root.adopt(i, staging.getStruct().disown(i));
    seeds.push(b.toBytes());
  }

  // Small and odd shapes: empty root, list root, zero-size structs, a deep chain.
  {
    const b = new MessageBuilder();
    b.initRoot(0, 0);
    seeds.push(b.toBytes());
  }
  {
    const b = new MessageBuilder();
    const list = b.getRootPointer().initStructList(5, 0, 0);
    seeds.push(b.toBytes());
    if (list.length !== 5) throw new Error('seed construction failed');
  }
  {
    const b = new MessageBuilder();
    let s = b.initRoot(1, 1);
    for (let i = 0; i < 20; i++) {
      s = s.initStruct(0, 1, 1);
      s.setUint32(0, i);
    }
    seeds.push(b.toBytes());
  }
  {
    const b = new MessageBuilder();
    const l = b.getRootPointer().initList(S.BYTE, 37);
    for (let i = 0; i < 37; i++) l.setUint8(i, i * 7);
    seeds.push(b.toBytes());
  }
  return seeds;
}

// ---------------------------------------------------------------------------------------------
// Mutations

function randomPointer(rng) {
  const offset = rng.chance(0.8) ? rng.below(16) - 8 : (rng() | 0) >> 2;
  const lo = (offset << 2) >>> 0;
  switch (rng.below(6)) {
    case 0: // struct
      return [lo | 0, (rng.chance(0.8) ? rng.below(4) | (rng.below(4) << 16) : rng()) >>> 0];
    case 1: { // list, sometimes with a huge count
      const size = rng.below(8);
      const count = rng.chance(0.7) ? rng.below(20) : rng.chance(0.5) ? 2 ** 29 - 1 - rng.below(4) : rng() >>> 3;
      return [(lo | 1) >>> 0, (size | (count << 3)) >>> 0];
    }
    case 2: // far or double-far
      return [((rng.chance(0.8) ? rng.below(16) : rng() >>> 3) * 8 + (rng.chance(0.5) ? 4 : 0) + 2) >>> 0, rng.chance(0.8) ? rng.below(6) : rng()];
    case 3: // capability, or a reserved "other" pointer
      return [rng.chance(0.8) ? 3 : (rng() | 3) >>> 0, rng.below(8)];
    case 4: // inline-composite tag with a huge element count
      return [((rng.chance(0.5) ? 2 ** 29 + rng.below(1000) : rng.below(64)) * 4) >>> 0, (rng.below(3) | (rng.below(3) << 16)) >>> 0];
    default:
      return [rng(), rng()];
  }
}

/** A mutated copy of `input` (never longer than input + 64 words). */
export function mutate(rng, input) {
  let bytes = input.slice();
  const words = () => Math.floor(bytes.length / 8);
  const rounds = 1 + rng.below(4);
  for (let r = 0; r < rounds; r++) {
    if (bytes.length === 0) break;
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    switch (rng.below(9)) {
      case 0: { // bit flips
        const flips = 1 + rng.below(8);
        for (let i = 0; i < flips; i++) bytes[rng.below(bytes.length)] ^= 1 << rng.below(8);
        break;
      }
      case 1: // random byte
        bytes[rng.below(bytes.length)] = rng() & 0xff;
        break;
      case 2: { // word splice: copy one word over another
        if (words() < 2) break;
        const from = rng.below(words()) * 8;
        const to = rng.below(words()) * 8;
        bytes.copyWithin(to, from, from + 8);
        break;
      }
      case 3: { // a random pointer at a random word
        if (words() < 1) break;
        const at = rng.below(words()) * 8;
        const [lo, hi] = randomPointer(rng);
        view.setUint32(at, lo >>> 0, true);
        view.setUint32(at + 4, hi >>> 0, true);
        break;
      }
      case 4: // truncation
        bytes = bytes.slice(0, rng.below(bytes.length));
        break;
      case 5: { // a huge count in whatever looks like a list pointer
        for (let at = 0; at + 8 <= bytes.length; at += 8) {
          if ((view.getUint32(at, true) & 3) === 1 && rng.chance(0.5)) {
            const hi = view.getUint32(at + 4, true);
            view.setUint32(at + 4, ((hi & 7) | ((2 ** 29 - 1 - rng.below(3)) << 3)) >>> 0, true);
            break;
          }
        }
        break;
      }
      case 6: { // framing damage: segment count or sizes
        if (bytes.length < 8) break;
        const field = rng.below(Math.min(4, Math.floor(bytes.length / 4)));
        const value = rng.chance(0.3) ? 0xffffffff : rng.chance(0.5) ? rng.below(600) : view.getUint32(field * 4, true) + rng.below(5) - 2;
        view.setUint32(field * 4, value >>> 0, true);
        break;
      }
      case 7: { // append random words
        const extra = new Uint8Array((1 + rng.below(8)) * 8);
        for (let i = 0; i < extra.length; i++) extra[i] = rng.chance(0.6) ? 0 : rng() & 0xff;
        const grown = new Uint8Array(bytes.length + extra.length);
        grown.set(bytes);
        grown.set(extra, bytes.length);
        bytes = grown;
        break;
      }
      default: { // zero a word (pointers become null, sizes zero)
        if (words() < 1) break;
        const at = rng.below(words()) * 8;
        bytes.fill(0, at, at + 8);
      }
    }
  }
  return bytes;
}

// ---------------------------------------------------------------------------------------------
// Walking a message whole

const LIST_EXPECTATIONS = [-1, 0, 1, 2, 3, 4, 5, 6, 7];
const TYPED = ['int8', 'uint8', 'int16', 'uint16', 'int32', 'uint32', 'float32', 'float64', 'int64', 'uint64'];

/**
 * Calls `fn`; a CapnpError is an accepted outcome (returns undefined), anything else is a bug.
 */
export function attempt(wire, what, fn) {
  try {
    return fn();
  } catch (e) {
    if (wire.isCapnpError(e)) return undefined;
    if (e instanceof FuzzFailure) throw e;
    throw new FuzzFailure(`${what} threw ${e && e.name}: ${e && e.message}`, undefined, e);
  }
}

/**
 * Reads every word of a struct's data section at every width (with defaults XORed in), and one
 * field past it, which must read as its default.
 */
export function readDataSection(struct) {
  const data = struct.dataSize;
  for (let offset = 0; offset + 8 <= data; offset += 8) {
    struct.getUint64(offset);
    struct.getInt64(offset, -3n);
    struct.getFloat64(offset, 1, 2);
    struct.getInt32(offset + 4);
    struct.getUint16(offset + 2, 9);
    struct.getInt8(offset + 1);
    struct.getFloat32(offset, 0x3fc00000);
    struct.getBool(offset * 8 + 3, true);
  }
  if (struct.getUint32(data + 8, 7) !== 7) throw new FuzzFailure('a field past the data section did not read as its default');
}

function walkStruct(wire, struct) {
  readDataSection(struct);
  for (let i = 0; i < struct.pointerCount; i++) walkPointer(wire, struct.getPointer(i), `pointer ${i}`);
  attempt(wire, 'getText', () => struct.getText(0));
  attempt(wire, 'getData', () => struct.getData(0));
  attempt(wire, 'getCapabilityIndex', () => struct.getCapabilityIndex(0));
}

function walkList(wire, list) {
  const S = wire.ElementSize;
  const n = list.length;
  switch (list.elementSize) {
    case S.VOID:
      if (n > 0) walkStruct(wire, list.getStruct(n - 1));
      break;
    case S.BIT:
      for (let i = 0; i < n; i++) list.getBool(i);
      attempt(wire, 'getStruct on a bit list', () => list.getStruct(0));
      break;
    case S.POINTER:
      for (let i = 0; i < n; i++) {
        walkPointer(wire, list.getPointer(i), `element ${i}`);
        attempt(wire, 'list getText', () => list.getText(i));
      }
      break;
    case S.INLINE_COMPOSITE:
      for (let i = 0; i < n; i++) walkStruct(wire, list.getStruct(i));
      break;
    default:
      for (let i = 0; i < n; i++) list.getUint8(i);
      if (n > 0) walkStruct(wire, list.getStruct(n - 1));
  }
  for (const type of TYPED) attempt(wire, `toTypedArray(${type})`, () => list.toTypedArray(type));
  for (const i of [-1, n, 0.5]) attempt(wire, 'out-of-range index', () => list.getUint8(i));
}

function walkPointer(wire, any, where) {
  const type = attempt(wire, `type() of ${where}`, () => any.type());
  if (type === 'struct') {
    const struct = attempt(wire, 'getStruct', () => any.getStruct());
    if (struct !== undefined) attempt(wire, 'walking a struct', () => walkStruct(wire, struct));
  } else if (type === 'list') {
    const list = attempt(wire, 'getList', () => any.getList());
    if (list !== undefined) attempt(wire, 'walking a list', () => walkList(wire, list));
    // The same pointer read through every other expectation (upgrades, downgrades, mismatches).
    for (const expected of LIST_EXPECTATIONS) {
      const other = attempt(wire, `getList(${expected})`, () => any.getList(expected));
      if (other !== undefined && other.length > 0) {
        attempt(wire, 'first element', () => other.getStruct(0));
        attempt(wire, 'first pointer', () => other.getPointer(other.length - 1).type());
      }
    }
    attempt(wire, 'getText', () => any.getText());
    attempt(wire, 'getData', () => any.getData());
  } else if (type === 'capability') {
    attempt(wire, 'getCapability', () => any.getCapability());
    attempt(wire, 'getCapabilityIndex', () => any.getCapabilityIndex());
  }
}

/**
 * Random builder operations on a message being built (a copy of a fuzzed message): upgrades,
 * downgrades refused, overwrites, orphan moves, self-copies. They may refuse with a CapnpError,
 * but must leave a well-formed message behind.
 */
export function editBuilder(wire, rng, builder) {
  const S = wire.ElementSize;
  const any = builder.getRootPointer();
  if (attempt(wire, 'root type', () => any.type()) !== 'struct') return;
  const root = attempt(wire, 'root', () => any.getStruct(0, 0));
  if (root === undefined || root.pointerCount === 0) return;
  const ops = 1 + rng.below(6);
  for (let n = 0; n < ops; n++) {
    const i = rng.below(root.pointerCount);
    const j = rng.below(root.pointerCount);
    const words = rng.below(3);
    const pointers = rng.below(3);
    switch (rng.below(10)) {
      case 0: attempt(wire, 'getStruct (upgrade)', () => root.getStruct(i, words, pointers)); break;
      case 1: attempt(wire, 'getStructList (upgrade)', () => root.getStructList(i, words, pointers)); break;
      case 2: attempt(wire, 'getList', () => root.getList(i, rng.below(7))); break;
      case 3: attempt(wire, 'setText', () => root.setText(i, 'edited')); break;
      case 4: attempt(wire, 'disown and adopt', () => root.adopt(j, root.disown(i))); break;
      case 5: attempt(wire, 'clearPointer', () => root.clearPointer(i)); break;
      case 6: attempt(wire, 'setStruct (self copy)', () => root.setStruct(i, root.asReader())); break;
      case 7: attempt(wire, 'set (copy a sibling)', () => root.getPointer(i).set(root.getPointer(j).asReader())); break;
      case 8: attempt(wire, 'initStructList', () => root.initStructList(i, rng.below(4), words, pointers).getStruct(0).setUint8(0, 1)); break;
      default: attempt(wire, 'getStruct then edit', () => root.getStruct(i, 1, 1).setText(0, 'deep'));
    }
  }
}

export function equalBytes(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Reads `bytes` every way there is. Returns what happened (for statistics); throws FuzzFailure
 * on anything but CapnpErrors and the expected invariants.
 */
export function exercise(wire, bytes, options = {}) {
  const limits = { traversalLimitInWords: options.traversalLimitInWords ?? 1 << 15, nestingLimit: options.nestingLimit ?? 64 };
  const outcome = { read: false, walked: false, canonical: false, copied: false };
  try {
    for (const format of ['binary', 'flat', 'packed', 'flat-packed']) {
      const message = attempt(wire, `readMessage(${format})`, () => wire.readMessage(bytes, { ...limits, format }));
      if (message === undefined) continue;
      outcome.read = true;
      // 1. Walk every pointer.
      attempt(wire, 'walk', () => {
        walkPointer(wire, message.getRootPointer(), 'root');
        outcome.walked = true;
      });
      // 2. Canonical form: canonical, and stable.
      const fresh = () => wire.readMessage(bytes, { ...limits, format });
      const canonical = attempt(wire, 'canonicalize', () => wire.canonicalize(fresh().getRootPointer()));
      if (canonical !== undefined) {
        outcome.canonical = true;
        const again = wire.readMessage(canonical, { format: 'flat', traversalLimitInWords: Infinity });
        if (!wire.isCanonical(again)) throw new FuzzFailure('canonicalize produced bytes that isCanonical rejects');
        const twice = wire.canonicalize(again.getRootPointer());
        if (!equalBytes(twice, canonical)) throw new FuzzFailure('canonicalize is not idempotent');
      }
      attempt(wire, 'isCanonical', () => wire.isCanonical(fresh()));
      // 3. Deep copy into a builder (tiny segments sometimes): same canonical form as the source.
      const builder = new wire.MessageBuilder(options.tinySegments ? { firstSegmentWords: 1 + (bytes.length % 5), growth: 'fixed' } : undefined);
      const copied = attempt(wire, 'copy', () => {
        builder.getRootPointer().set(fresh().getRootPointer());
        return true;
      });
      if (copied) {
        outcome.copied = true;
        const copy = wire.readMessage(builder.toBytes(), { traversalLimitInWords: Infinity, maxSegments: Infinity });
        attempt(wire, 'walk the copy', () => walkPointer(wire, copy.getRootPointer(), 'root'));
        if (canonical !== undefined) {
          const copyCanonical = wire.canonicalize(wire.readMessage(builder.toBytes(), { traversalLimitInWords: Infinity, maxSegments: Infinity }).getRootPointer());
          if (!equalBytes(copyCanonical, canonical)) throw new FuzzFailure('a copy has a different canonical form than its source');
        }
        // 4. Packing round trip of the copy.
        const packed = builder.toBytes('packed');
        const unpacked = wire.readMessage(packed, { format: 'packed', traversalLimitInWords: Infinity, maxSegments: Infinity });
        if (!equalBytes(wire.frameSegments(unpacked.segments), builder.toBytes())) throw new FuzzFailure('pack/unpack changed a message');
        // 5. Edits through the builder API leave a message that still canonicalizes as well as
        // the unedited copy did (a builder never writes a dangling pointer).
        if (options.rng !== undefined && canonical !== undefined) {
          editBuilder(wire, options.rng, builder);
          try {
            wire.canonicalize(wire.readMessage(builder.toBytes(), { traversalLimitInWords: Infinity, maxSegments: Infinity, nestingLimit: Infinity }).getRootPointer());
          } catch (e) {
            throw new FuzzFailure(`an edited builder message no longer reads: ${e && e.message}`, bytes, e);
          }
        }
      }
    }
    // 6. The raw bytes as packed input, and pack/unpack of the raw bytes.
    attempt(wire, 'unpack', () => wire.unpack(bytes, 1 << 20));
    const whole = bytes.subarray(0, bytes.length - (bytes.length % 8));
    if (!equalBytes(wire.unpack(wire.pack(whole)), whole)) throw new FuzzFailure('unpack(pack(x)) is not x');
  } catch (e) {
    if (e instanceof FuzzFailure) {
      if (e.input === undefined) e.input = bytes;
      throw e;
    }
    throw new FuzzFailure(`unexpected ${e && e.name}: ${e && e.message}`, bytes, e);
  }
  return outcome;
}

/**
 * Runs `iterations` cases from `seed`. Returns statistics; throws FuzzFailure (with `.input`,
 * `.seed`, `.iteration`) on the first misbehaviour. `onProgress(i)` is called every 1000 cases.
 */
export function runFuzz(wire, { seed, iterations, extraSeeds = [], onProgress, maxCaseMillis = Infinity }) {
  const rng = createRng(seed);
  const corpus = [...seedMessages(wire), ...extraSeeds];
  const stats = { cases: 0, read: 0, walked: 0, canonical: 0, copied: 0, slowestMillis: 0 };
  // The unmutated seeds must go through cleanly.
  for (const input of corpus) {
    const outcome = exercise(wire, input, { traversalLimitInWords: Infinity });
    if (!outcome.walked || !outcome.canonical || !outcome.copied) throw new FuzzFailure('a valid seed message failed to read', input);
  }
  for (let i = 0; i < iterations; i++) {
    const base = corpus[rng.below(corpus.length)];
    const input = mutate(rng, base);
    const started = performance.now();
    let outcome;
    try {
      outcome = exercise(wire, input, { tinySegments: rng.chance(0.2), rng });
    } catch (e) {
      if (e instanceof FuzzFailure) {
        e.seed = seed;
        e.iteration = i;
      }
      throw e;
    }
    const millis = performance.now() - started;
    if (millis > stats.slowestMillis) stats.slowestMillis = millis;
    if (millis > maxCaseMillis) {
      const failure = new FuzzFailure(`case took ${millis.toFixed(0)} ms (limit ${maxCaseMillis} ms)`, input);
      failure.seed = seed;
      failure.iteration = i;
      throw failure;
    }
    stats.cases++;
    if (outcome.read) stats.read++;
    if (outcome.walked) stats.walked++;
    if (outcome.canonical) stats.canonical++;
    if (outcome.copied) stats.copied++;
    // Interesting survivors become seeds themselves (bounded corpus).
    if (outcome.copied && corpus.length < 200 && rng.chance(0.05)) corpus.push(input);
    if (onProgress !== undefined && (i + 1) % 1000 === 0) onProgress(i + 1, stats);
  }
  return stats;
}
