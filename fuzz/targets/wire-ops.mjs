// The wire target's harness: ONE operation in ONE input format per input, chosen by the input's
// first byte, as libFuzzer targets do, so every path is covered across inputs while each input
// pays for one. (scripts/fuzz-core.mjs's `exercise` runs every operation in every format on each
// input and reads each list pointer as every element size; on a hostile message that is
// thousands of failed reads, each constructing a CapnpError with its stack trace, and the
// target ran about 200 inputs a second. `exercise` stays for the mutation fuzzer and its test.)
//
// The first byte: bits 0-1 the format (binary, flat, packed, flat-packed), bits 2-3 the
// operation, bits 4 and 5 both set a builder of tiny segments for copies (slow: one in four),
// bit 6 an unaligned view of the message bytes. The rest of the input is the message.
//
// - walk: read every pointer as what it is, every data word of every struct; the first error
//   ends the walk of the subtree that has it (a few siblings are tried after an error, then
//   the walk stops). A few reads per input expect another type than the pointer's own (a list
//   as another element size, Text, Data, a typed array, an index out of range).
// - canonical: canonicalize (the result canonical and stable), isCanonical (which must succeed
//   when canonicalize did).
// - copy: deep copy into a builder; the copy must walk without any error, have the source's
//   canonical form, survive pack/unpack, and still read after random builder edits.
// - raw: the bytes as packed input; unpack(pack(x)) = x.
//
// Anything but a CapnpError from a read of the hostile bytes is a finding, and so is any error
// (CapnpError included) from a check on what Capstan itself produced.
import { FuzzFailure, attempt, createRng, editBuilder, equalBytes, readDataSection } from '../../scripts/fuzz-core.mjs';

export const FORMATS = ['binary', 'flat', 'packed', 'flat-packed'];
export const OPERATIONS = ['walk', 'canonical', 'copy', 'raw'];
const LIMITS = { traversalLimitInWords: 1 << 15, nestingLimit: 64 };
/**
 * For reading what Capstan wrote (a copy into tiny segments may have more than 512). Its
 * nesting limit is twice the source's: reading a struct in a list costs a level more than
 * copying it does (the reference implementation counts them the same way: `getStructElement`
 * charges a level, copying a list's elements does not), so a copy made within the limit can
 * nest up to twice as deep as that limit lets a reader follow.
 */
const OWN = { traversalLimitInWords: Infinity, maxSegments: Infinity, nestingLimit: 2 * LIMITS.nestingLimit };
/** Reads per input that expect another type than the pointer's own (each may fail). */
const ALTERNATIVE_READS = 8;
/** Errors a walk steps over (trying the next sibling) before it stops. */
const RECOVERIES = 8;

/** What an input's first byte selects. */
export function selection(byte) {
  return { format: FORMATS[byte & 3], operation: OPERATIONS[(byte >> 2) & 3], tinySegments: (byte & 0x30) === 0x30, unaligned: (byte & 0x40) !== 0 };
}

/** The first byte that selects `operation` in `format`. */
export function selector(operation, format) {
  return (OPERATIONS.indexOf(operation) << 2) | FORMATS.indexOf(format);
}

/** Runs the operation `data` selects. Throws FuzzFailure on a finding, returns otherwise. */
export function runWireInput(wire, data) {
  if (data.length === 0) return;
  const { format, operation, tinySegments, unaligned } = selection(data[0]);
  const bytes = unaligned ? data.subarray(1) : data.slice(1);
  // Random choices (which alternative reads, which builder edits) come from a generator seeded
  // by the input, so a replay repeats them.
  let seed = 0x811c9dc5;
  for (let i = 0; i < Math.min(data.length, 64); i++) seed = Math.imul(seed ^ data[i], 0x01000193);
  const ctx = { wire, rng: createRng(seed >>> 0), alternatives: ALTERNATIVE_READS, recoveries: RECOVERIES, tinySegments };
  try {
    OPERATION_FUNCTIONS[operation](ctx, bytes, format);
  } catch (e) {
    if (e instanceof FuzzFailure) {
      if (e.input === undefined) e.input = data;
      throw e;
    }
    throw new FuzzFailure(`${operation} (${format}): unexpected ${e && e.name}: ${e && e.message}`, data, e);
  }
}

const OPERATION_FUNCTIONS = {
  walk(ctx, bytes, format) {
    const { wire } = ctx;
    const message = attempt(wire, `readMessage(${format})`, () => wire.readMessage(bytes, { ...LIMITS, format }));
    if (message === undefined) return;
    attempt(wire, 'walk', () => walkPointer(ctx, message.getRootPointer()));
  },

  canonical(ctx, bytes, format) {
    const { wire } = ctx;
    const read = () => wire.readMessage(bytes, { ...LIMITS, format });
    const message = attempt(wire, `readMessage(${format})`, read);
    if (message === undefined) return;
    const canonical = attempt(wire, 'canonicalize', () => wire.canonicalize(message.getRootPointer()));
    if (canonical === undefined) {
      attempt(wire, 'isCanonical', () => wire.isCanonical(read()));
      return;
    }
    const again = wire.readMessage(canonical, { format: 'flat', traversalLimitInWords: Infinity });
    if (!wire.isCanonical(again)) throw new FuzzFailure('canonicalize produced bytes that isCanonical rejects');
    if (!equalBytes(wire.canonicalize(again.getRootPointer()), canonical)) throw new FuzzFailure('canonicalize is not idempotent');
    // The same reads under the same limits: isCanonical cannot fail where canonicalize did not.
    const verdict = wire.isCanonical(read());
    const segments = read().segments;
    if (verdict !== (segments.length === 1 && equalBytes(segments[0], canonical))) throw new FuzzFailure('isCanonical disagrees with canonicalize');
  },

  copy(ctx, bytes, format) {
    const { wire } = ctx;
    const read = () => wire.readMessage(bytes, { ...LIMITS, format });
    if (attempt(wire, `readMessage(${format})`, read) === undefined) return;
    const builder = new wire.MessageBuilder(ctx.tinySegments ? { firstSegmentWords: 1 + (bytes.length % 5), growth: 'fixed' } : undefined);
    const copied = attempt(wire, 'copy', () => {
      builder.getRootPointer().set(read().getRootPointer());
      return true;
    });
    if (!copied) return;
    // What read whole once reads whole again: the copy walks without a single error.
    const copy = wire.readMessage(builder.toBytes(), OWN);
    ctx.recoveries = 0;
    walkPointer(ctx, copy.getRootPointer());
    const canonical = attempt(wire, 'canonicalize', () => wire.canonicalize(read().getRootPointer()));
    if (canonical !== undefined) {
      const copyCanonical = wire.canonicalize(wire.readMessage(builder.toBytes(), OWN).getRootPointer());
      if (!equalBytes(copyCanonical, canonical)) throw new FuzzFailure('a copy has a different canonical form than its source');
    }
    const packed = builder.toBytes('packed');
    const unpacked = wire.readMessage(packed, { ...OWN, format: 'packed' });
    if (!equalBytes(wire.frameSegments(unpacked.segments), builder.toBytes())) throw new FuzzFailure('pack/unpack changed a message');
    // Edits through the builder API leave a message that still reads whole (a builder never
    // writes a dangling pointer).
    if (canonical !== undefined) {
      editBuilder(wire, ctx.rng, builder);
      try {
        wire.canonicalize(wire.readMessage(builder.toBytes(), { ...OWN, nestingLimit: Infinity }).getRootPointer());
      } catch (e) {
        throw new FuzzFailure(`an edited builder message no longer reads: ${e && e.message}`, undefined, e);
      }
    }
  },

  raw(ctx, bytes) {
    const { wire } = ctx;
    attempt(wire, 'unpack', () => wire.unpack(bytes, 1 << 20));
    const whole = bytes.subarray(0, bytes.length - (bytes.length % 8));
    if (!equalBytes(wire.unpack(wire.pack(whole)), whole)) throw new FuzzFailure('unpack(pack(x)) is not x');
  },
};

// ---------------------------------------------------------------------------------------------
// The walk: every pointer read as what it is. Errors propagate (the subtree ends); a struct's
// pointer that fails is stepped over while `ctx.recoveries` lasts.

const LIST_EXPECTATIONS = [-1, 0, 1, 2, 3, 4, 5, 6, 7];
const TYPED = ['int8', 'uint8', 'int16', 'uint16', 'int32', 'uint32', 'float32', 'float64', 'int64', 'uint64'];

/** A read that may fail with a CapnpError, while the input's allowance of them lasts. */
function alternative(ctx, what, fn) {
  if (ctx.alternatives === 0) return;
  ctx.alternatives--;
  attempt(ctx.wire, what, fn);
}

function walkPointer(ctx, any) {
  const type = any.type();
  if (type === 'struct') walkStruct(ctx, any.getStruct());
  else if (type === 'list') {
    const choice = ctx.rng.below(LIST_EXPECTATIONS.length + 2);
    if (choice < LIST_EXPECTATIONS.length) {
      alternative(ctx, `getList(${LIST_EXPECTATIONS[choice]})`, () => {
        const other = any.getList(LIST_EXPECTATIONS[choice]);
        if (other.length > 0) {
          other.getStruct(0);
          other.getPointer(other.length - 1).type();
        }
      });
    } else if (choice === LIST_EXPECTATIONS.length) alternative(ctx, 'getText', () => any.getText());
    else alternative(ctx, 'getData', () => any.getData());
    walkList(ctx, any.getList());
  } else if (type === 'capability') {
    any.getCapabilityIndex();
    alternative(ctx, 'getCapability', () => any.getCapability());
  }
}

function walkStruct(ctx, struct) {
  readDataSection(struct);
  for (let i = 0; i < struct.pointerCount; i++) {
    if (ctx.recoveries === 0) walkPointer(ctx, struct.getPointer(i));
    else {
      try {
        walkPointer(ctx, struct.getPointer(i));
      } catch (e) {
        if (!ctx.wire.isCapnpError(e) || ctx.recoveries === 0) throw e;
        ctx.recoveries--;
      }
    }
  }
  switch (ctx.rng.below(3)) {
    case 0: alternative(ctx, 'struct getText', () => struct.getText(0)); break;
    case 1: alternative(ctx, 'struct getData', () => struct.getData(0)); break;
    default: alternative(ctx, 'struct getCapabilityIndex', () => struct.getCapabilityIndex(0));
  }
}

/**
 * Element indices of a data list to read: all of a short list, the first and last 32 of a long
 * one (every element goes through the same code; a bit list within the budget can have two
 * million, which would make one input take tens of milliseconds for nothing).
 */
function sample(n) {
  if (n <= 64) return Array.from({ length: n }, (_, i) => i);
  return Array.from({ length: 64 }, (_, i) => (i < 32 ? i : n - 64 + i));
}

function walkList(ctx, list) {
  const S = ctx.wire.ElementSize;
  const n = list.length;
  switch (list.elementSize) {
    case S.VOID:
      if (n > 0) walkStruct(ctx, list.getStruct(n - 1));
      break;
    case S.BIT:
      for (const i of sample(n)) list.getBool(i);
      alternative(ctx, 'getStruct on a bit list', () => list.getStruct(0));
      break;
    case S.POINTER:
      for (let i = 0; i < n; i++) walkPointer(ctx, list.getPointer(i));
      if (n > 0) alternative(ctx, 'list getText', () => list.getText(ctx.rng.below(n)));
      break;
    case S.INLINE_COMPOSITE:
      for (let i = 0; i < n; i++) walkStruct(ctx, list.getStruct(i));
      break;
    default:
      for (const i of sample(n)) list.getUint8(i);
      if (n > 0) walkStruct(ctx, list.getStruct(n - 1));
  }
  const type = TYPED[ctx.rng.below(TYPED.length)];
  alternative(ctx, `toTypedArray(${type})`, () => list.toTypedArray(type));
  const index = [-1, n, 0.5][ctx.rng.below(3)];
  alternative(ctx, 'out-of-range index', () => {
    list.getUint8(index);
    throw new FuzzFailure(`index ${index} of a list of ${n} read without an error`);
  });
}

/**
 * Seed inputs for a valid message in binary framing: one per operation, in the format
 * `formatIndex` picks (flat forms only for single-segment messages).
 */
export function seedInputs(wire, binary, formatIndex) {
  const segments = wire.readMessage(binary, { traversalLimitInWords: Infinity }).segments;
  let format = FORMATS[formatIndex % FORMATS.length];
  if (segments.length > 1 && format.startsWith('flat')) format = format === 'flat' ? 'binary' : 'packed';
  const body = { binary, flat: segments[0], packed: wire.pack(binary), 'flat-packed': wire.pack(segments[0] ?? new Uint8Array(0)) }[format];
  return OPERATIONS.map((operation) => {
    const data = new Uint8Array(body.length + 1);
    data[0] = selector(operation, format);
    data.set(body, 1);
    return { name: `${operation}-${format}`, data };
  });
}
