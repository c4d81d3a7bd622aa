/**
 * Capstan against the reference tool, capnp 0.9.2, on a schema of our own
 * (test/fixtures/wire/wiretest.capnp): what we build, it decodes; what it encodes, we read;
 * our canonical form and packing are byte-for-byte its own.
 */
import { describe, expect, it } from 'vitest';
import {
  ElementSize, ErrorCode, MessageBuilder, PointerKind, canonicalize, constantSegment, float32ToBits, float64ToBits,
  isCanonical, pack, readMessage, readMessages, unpack, type StructBuilder, type StructReader,
} from '../../src/wire/index.js';
import { concat, toHex } from '../support/bytes.js';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { capnp, compileRequest, convert, decode, describeReference, encode, runPlugin } from '../support/reference.js';
import { EVERYTHING_TEXT, buildEverything, expectEverything, fillEverything } from '../fixtures/wire/everything.js';
import { FIXTURES } from '../support/generate.js';
import {
  BigPoint, Defaults as D, Everything as E, Holder, Leaf, SCHEMA_FILE, Shade, SmallPoint,
} from '../fixtures/wire/wiretest-layout.js';

/** EVERYTHING_TEXT without the AnyPointer field, which the text format cannot write. */
const ENCODABLE_TEXT = EVERYTHING_TEXT.replace(' anything = <opaque pointer>,', '');

function decodeEverything(bytes: Uint8Array, options?: { packed?: boolean; flat?: boolean }): string {
  return decode(SCHEMA_FILE, 'Everything', bytes, options).trim();
}

/** The pointer word in slot `index` of `struct`, as [lo, hi]. */
function slotWord(struct: StructBuilder, index: number): [number, number] {
  const at = struct.pointers + index * 8;
  return [struct.segment.view.getUint32(at, true), struct.segment.view.getUint32(at + 4, true)];
}

const REREAD = join(FIXTURES, 'wire/reread.capnp');

/** The lists of a `--short` text struct, by field name: `(a = [1, 2], b = [])`. */
function listsOf(text: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [, name, items] of text.matchAll(/(\w+) = \[([^\]]*)\]/g)) out[name!] = items === '' ? [] : items!.split(', ');
  return out;
}

/** A deterministic xorshift32 stream of 32-bit unsigned integers. */
function xorshift(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>>= 0);
  };
}

describeReference('interop with the reference tool (capnp 0.9.2)', () => {
  describe('messages Capstan builds decode with capnp decode', () => {
    it('one segment, framed', () => {
      expect(decodeEverything(buildEverything().toBytes())).toBe(EVERYTHING_TEXT);
    });

    it('packed and flat', () => {
      const b = buildEverything();
      expect(decodeEverything(b.toBytes('packed'), { packed: true })).toBe(EVERYTHING_TEXT);
      expect(decodeEverything(b.toBytes('flat'), { flat: true })).toBe(EVERYTHING_TEXT);
    });

    it('tiny fixed segments, forcing far pointers everywhere', () => {
      for (const words of [1, 2, 3, 5, 8, 13]) {
        const b = buildEverything({ firstSegmentWords: words, growth: 'fixed' });
        expect(b.getSegments().length).toBeGreaterThan(10);
        expect(decodeEverything(b.toBytes()), `segments of ${words} words`).toBe(EVERYTHING_TEXT);
      }
    });

    it('heuristic and capped in-place growth', () => {
      expect(decodeEverything(buildEverything({ firstSegmentWords: 4, growth: 'heuristic' }).toBytes())).toBe(EVERYTHING_TEXT);
      const capped = buildEverything({ firstSegmentWords: 16, maxSegmentWords: 40 });
      expect(capped.getSegments().length).toBeGreaterThan(1);
      expect(decodeEverything(capped.toBytes())).toBe(EVERYTHING_TEXT);
    });

    it('double-far pointers: objects adopted from full segments', () => {
      const b = new MessageBuilder({ firstSegmentWords: 1, growth: 'fixed' });
      const root = b.initRoot(E.dataWords, E.pointerCount);
      // Build the whole content in an orphan, then adopt pieces of it: every adopted object
      // sits in a full segment, so each link needs a two-word landing pad elsewhere.
      const staging = b.newOrphanStruct(E.dataWords, E.pointerCount);
      fillEverything(staging.getStruct());
      fillEverything(root, false);
      const moved = [E.leafField, E.textList, E.leafList, E.int32ListList, E.child];
      let doubleFars = 0;
      for (const index of moved) {
        root.adopt(index, staging.getStruct().disown(index));
        const [lo] = slotWord(root, index);
        if ((lo & 3) === PointerKind.FAR && (lo & 4) !== 0) doubleFars++;
      }
      expect(doubleFars).toBe(moved.length);
      expect(decodeEverything(b.toBytes())).toBe(EVERYTHING_TEXT);
      expect(decodeEverything(b.toBytes('packed'), { packed: true })).toBe(EVERYTHING_TEXT);
    });

    it('a stream of several messages', () => {
      const bytes = concat(buildEverything().toBytes(), buildEverything({ firstSegmentWords: 3, growth: 'fixed' }).toBytes());
      expect(decodeEverything(bytes).split('\n')).toEqual([EVERYTHING_TEXT, EVERYTHING_TEXT]);
    });
  });

  describe('messages capnp encode produces read back', () => {
    it('framed, one segment', () => {
      const message = readMessage(encode(SCHEMA_FILE, 'Everything', ENCODABLE_TEXT));
      expect(message.segments.length).toBe(1);
      expectEverything(message.getRoot(), { anything: false });
      expect(message.getRoot().hasPointer(E.anything)).toBe(false);
    });

    it('packed and flat', () => {
      expectEverything(readMessage(encode(SCHEMA_FILE, 'Everything', ENCODABLE_TEXT, { packed: true }), { format: 'packed' }).getRoot(), { anything: false });
      expectEverything(readMessage(encode(SCHEMA_FILE, 'Everything', ENCODABLE_TEXT, { flat: true }), { format: 'flat' }).getRoot(), { anything: false });
    });

    it('with the reference tool\'s own far and double-far pointers (--segment-size)', () => {
      for (const size of [1, 2, 4, 7]) {
        const bytes = encode(SCHEMA_FILE, 'Everything', ENCODABLE_TEXT, { segmentSize: size });
        const message = readMessage(bytes);
        expect(message.segments.length).toBeGreaterThan(5);
        expectEverything(message.getRoot(), { anything: false });
        // Our copy of it reads the same, and the reference agrees on its canonical form.
        expect(toHex(canonicalize(message.getRoot()))).toBe(toHex(convert('binary:canonical', bytes)));
      }
    });

    it('a stream of several messages', () => {
      const bytes = encode(SCHEMA_FILE, 'Everything', `${ENCODABLE_TEXT}\n(int32Field = 5)\n()`);
      const messages = [...readMessages(bytes)];
      expect(messages.length).toBe(3);
      expectEverything(messages[0]!.getRoot(), { anything: false });
      expect(messages[1]!.getRoot().getInt32(E.int32Field)).toBe(5);
      expect(messages[2]!.getRoot().getInt32(E.int32Field)).toBe(0);
    });

    it('a union member and a group', () => {
      const root = readMessage(encode(SCHEMA_FILE, 'Everything', '(choice = (name = "named"), extra = (big = -1))')).getRoot();
      expect(root.getUint16(E.choiceDiscriminant)).toBe(2);
      expect(root.getText(E.choiceName)).toBe('named');
      expect(root.getInt64(E.extraBig)).toBe(-1n);
    });
  });

  describe('default values (XOR rule and default pointers)', () => {
    const [f64lo, f64hi] = float64ToBits(-2.25e100);
    const masks = {
      bool: true, int8: -100, int16: 12345, int32: -123456789, int64: -1234567890123456789n, uint8: 200,
      uint16: 60000, uint32: 4000000000, uint64: 12345678901234567890n, float32: float32ToBits(1.5), shade: Shade.blue,
    };

    it('an empty Defaults message from the reference reads as the defaults', () => {
      const root = readMessage(encode(SCHEMA_FILE, 'Defaults', '()')).getRoot();
      expect(root.getBool(D.boolField, masks.bool)).toBe(true);
      expect(root.getInt8(D.int8Field, masks.int8)).toBe(-100);
      expect(root.getInt16(D.int16Field, masks.int16)).toBe(12345);
      expect(root.getInt32(D.int32Field, masks.int32)).toBe(-123456789);
      expect(root.getInt64(D.int64Field, masks.int64)).toBe(-1234567890123456789n);
      expect(root.getUint8(D.uint8Field, masks.uint8)).toBe(200);
      expect(root.getUint16(D.uint16Field, masks.uint16)).toBe(60000);
      expect(root.getUint32(D.uint32Field, masks.uint32)).toBe(4000000000);
      expect(root.getUint64(D.uint64Field, masks.uint64)).toBe(12345678901234567890n);
      expect(root.getFloat32(D.float32Field, masks.float32)).toBe(1.5);
      expect(root.getFloat64(D.float64Field, f64lo, f64hi)).toBe(-2.25e100);
      expect(root.getUint16(D.shadeField, masks.shade)).toBe(Shade.blue);
      expect(root.getText(D.textField, 'hello')).toBe('hello');
    });

    it('values written through the masks decode as written; defaults as defaults', () => {
      const b = new MessageBuilder();
      const root = b.initRoot(D.dataWords, D.pointerCount);
      root.setBool(D.boolField, false, masks.bool);
      root.setInt8(D.int8Field, 1, masks.int8);
      root.setInt16(D.int16Field, 12345, masks.int16);
      root.setInt32(D.int32Field, -2, masks.int32);
      root.setInt64(D.int64Field, 3n, masks.int64);
      root.setUint8(D.uint8Field, 200, masks.uint8);
      root.setUint16(D.uint16Field, 4, masks.uint16);
      root.setUint32(D.uint32Field, 5, masks.uint32);
      root.setUint64(D.uint64Field, 6n, masks.uint64);
      root.setFloat32(D.float32Field, -7.5, masks.float32);
      root.setFloat64(D.float64Field, 8.25, f64lo, f64hi);
      root.setUint16(D.shadeField, Shade.red, masks.shade);
      expect(decode(SCHEMA_FILE, 'Defaults', b.toBytes()).trim()).toBe(
        '(boolField = false, int8Field = 1, int16Field = 12345, int32Field = -2, int64Field = 3, uint8Field = 200, ' +
        'uint16Field = 4, uint32Field = 5, uint64Field = 6, float32Field = -7.5, float64Field = 8.25, shadeField = red)');
      // The two fields set to their defaults are zero on the wire.
      expect(root.getInt16(D.int16Field)).toBe(0);
      expect(root.getUint8(D.uint8Field)).toBe(0);
    });

    it('a null pointer reads as its default value (a constant in canonical form)', () => {
      const leafDefault = constantSegment(encode(SCHEMA_FILE, 'Leaf', '(id = 7, label = "seven", weight = 0.5)', { flat: true }));
      const listDefault = constantSegment(canonicalize(readMessage(encode(SCHEMA_FILE, 'Holder', '(ints = [1, 2, 3])')).getRoot().getPointer(Holder.ints)));
      const root = readMessage(encode(SCHEMA_FILE, 'Defaults', '()')).getRoot();
      const leaf = root.getStruct(D.leafField, leafDefault);
      expect([leaf.getUint32(Leaf.id), leaf.getText(Leaf.label), leaf.getFloat64(Leaf.weight)]).toEqual([7, 'seven', 0.5]);
      expect(Array.from(root.getList(D.int32List, ElementSize.FOUR_BYTES, listDefault).toTypedArray('int32'))).toEqual([1, 2, 3]);
      // Getting it for writing copies the default in.
      const b = new MessageBuilder();
      const built = b.initRoot(D.dataWords, D.pointerCount);
      built.getStruct(D.leafField, Leaf.dataWords, Leaf.pointerCount, leafDefault).setUint32(Leaf.id, 8);
      built.getList(D.int32List, ElementSize.FOUR_BYTES, listDefault).setInt32(2, 30);
      expect(decode(SCHEMA_FILE, 'Defaults', b.toBytes()).trim()).toContain('leafField = (id = 8, label = "seven", weight = 0.5), int32List = [1, 2, 30]');
    });
  });

  describe('upgrades: an old message written into with a newer schema', () => {
    it('decodes as the new type with old values kept, and still as the old type', () => {
      const old = readMessage(encode(SCHEMA_FILE, 'Holder', '(small = (x = 5), smalls = [(x = 1), (x = 2)], ints = [10, 20], texts = ["a", "b"])'));
      const b = new MessageBuilder();
      b.setRoot(old.getRoot());
      const root = b.getRoot(Holder.dataWords, Holder.pointerCount);
      const small = root.getStruct(Holder.small, BigPoint.dataWords, BigPoint.pointerCount);
      small.setFloat64(BigPoint.z, 1.5);
      small.setText(BigPoint.tag, 'up');
      root.getStructList(Holder.smalls, BigPoint.dataWords, BigPoint.pointerCount).getStruct(1).setInt32(BigPoint.y, 9);
      root.getStructList(Holder.ints, BigPoint.dataWords, BigPoint.pointerCount).getStruct(0).setText(BigPoint.tag, 'from int');
      root.getStructList(Holder.texts, BigPoint.dataWords, BigPoint.pointerCount).getStruct(1).setInt32(BigPoint.x, 4);
      expect(decode(SCHEMA_FILE, 'HolderV2', b.toBytes()).trim()).toBe(
        '(small = (x = 5, y = 0, z = 1.5, tag = "up"), smalls = [(x = 1, y = 0, z = 0), (x = 2, y = 9, z = 0)], ' +
        'ints = [(x = 10, y = 0, z = 0, tag = "from int"), (x = 20, y = 0, z = 0)], ' +
        'texts = [(x = 0, y = 0, z = 0, tag = "a"), (x = 4, y = 0, z = 0, tag = "b")])');
      expect(decode(SCHEMA_FILE, 'Holder', b.toBytes()).trim()).toBe(
        '(small = (x = 5), smalls = [(x = 1), (x = 2)], ints = [10, 20], texts = ["a", "b"])');
      expect(SmallPoint.x).toBe(BigPoint.x);
    });
  });

  describe('canonical form', () => {
    it('canonicalize equals capnp convert binary:canonical', () => {
      for (const b of [buildEverything(), buildEverything({ firstSegmentWords: 2, growth: 'fixed' })]) {
        const bytes = b.toBytes();
        const ours = canonicalize(readMessage(bytes).getRoot());
        expect(toHex(ours)).toBe(toHex(convert('binary:canonical', bytes)));
        expect(isCanonical(readMessage(ours, { format: 'flat' }))).toBe(true);
        expect(isCanonical(readMessage(bytes))).toBe(false);
      }
    });

    it('hand-picked canonical cases agree with the reference', () => {
      const cases = [
        '()',
        '(int8Field = 1)',
        '(int64Field = 0, textField = "")',
        '(leafList = [(), (id = 1), (label = "x")])',
        '(boolList = [true, false, true], voidList = [void, void])',
        '(child = (child = (child = ())))',
        '(int32ListList = [[], [1], []], dataList = ["", "\\x00\\x00"])',
        '(choice = (pair = (left = 0, right = "")))',
      ];
      for (const text of cases) {
        const bytes = encode(SCHEMA_FILE, 'Everything', text);
        expect(toHex(canonicalize(readMessage(bytes).getRoot())), text).toBe(toHex(convert('binary:canonical', bytes)));
      }
    });
  });

  describe('packing and copying agree with the reference', () => {
    it('copying a message lays it out as the reference does, and packs it identically', () => {
      for (const source of [buildEverything({ firstSegmentWords: 3, growth: 'fixed' }).toBytes(), encode(SCHEMA_FILE, 'Everything', ENCODABLE_TEXT, { segmentSize: 2 })]) {
        const b = new MessageBuilder();
        b.setRoot(readMessage(source).getRoot());
        expect(toHex(b.toBytes())).toBe(toHex(convert('binary:binary', source)));
        expect(toHex(b.toBytes('packed'))).toBe(toHex(convert('binary:packed', source)));
        expect(toHex(b.toBytes('flat'))).toBe(toHex(convert('binary:flat', source)));
        expect(toHex(b.toBytes('flat-packed'))).toBe(toHex(convert('binary:flat-packed', source)));
      }
    });

    it('the heuristic growth policy makes the same segments as the reference builder', () => {
      // Larger than the reference's 1024-word first segment: it spills into more segments.
      const src = new MessageBuilder();
      const root = src.initRoot(E.dataWords, E.pointerCount);
      fillEverything(root);
      root.initList(E.uint64List, ElementSize.EIGHT_BYTES, 3000).setUint64(2999, 1n);
      root.initList(E.textList, ElementSize.POINTER, 200).setText(199, 'last');
      root.initStructList(E.leafList, 900, Leaf.dataWords, Leaf.pointerCount).getStruct(899).setText(Leaf.label, 'end');
      const source = src.toBytes();
      const b = new MessageBuilder({ firstSegmentWords: 1024, growth: 'heuristic' });
      b.setRoot(readMessage(source).getRoot());
      expect(b.getSegments().length).toBeGreaterThan(2);
      expect(toHex(b.toBytes())).toBe(toHex(convert('binary:binary', source)));
      expect(toHex(b.toBytes('packed'))).toBe(toHex(convert('binary:packed', source)));
      const fixed = new MessageBuilder({ firstSegmentWords: 100, growth: 'fixed' });
      fixed.setRoot(readMessage(source).getRoot());
      expect(toHex(fixed.toBytes())).toBe(toHex(convert('binary:binary', source, { segmentSize: 100 })));
    });

    it('pack and unpack match the reference on arbitrary message bytes', () => {
      const bytes = buildEverything().toBytes();
      const packed = capnp(['convert', '--quiet', 'binary:packed'], bytes);
      expect(toHex(unpack(packed))).toBe(toHex(bytes));
      expect(toHex(pack(bytes))).toBe(toHex(packed));
    });
  });
  describe('reading as libcapnp reads', () => {
    it('reads a wider list read as List(Bool) as its bits, ignoring the stride, as capnp decode does', () => {
      const next = xorshift(18);
      const fields = ['data', 'u16', 'u32', 'u64', 'i8'];
      for (let round = 0; round < 20; round++) {
        const count = () => next() % 12;
        const bytes = Array.from({ length: count() }, () => (next() & 0xff).toString(16).padStart(2, '0')).join('');
        const u16 = Array.from({ length: count() }, () => next() & 0xffff);
        const u32 = Array.from({ length: count() }, () => next());
        const u64 = Array.from({ length: count() }, () => (BigInt(next()) << 32n) | BigInt(next()));
        const i8 = Array.from({ length: count() }, () => (next() & 0xff) - 128);
        const text = `(data = 0x"${bytes}", u16 = [${u16.join(', ')}], u32 = [${u32.join(', ')}], u64 = [${u64.join(', ')}], i8 = [${i8.join(', ')}])`;
        const message = encode(REREAD, 'Wide', text);
        const theirs = listsOf(decode(REREAD, 'Bits', message));
        const root = readMessage(message).getRoot();
        fields.forEach((field, index) => {
          const list = root.getList(index, ElementSize.BIT);
          const ours = Array.from({ length: list.length }, (_, i) => String(list.getBool(i)));
          expect(ours, `${field} of ${text}`).toEqual(theirs[field] ?? []);
        });
      }
    });

    it('refuses the CodeGeneratorRequests that capnpc-capnp (libcapnp, default nesting limit) refuses', () => {
      // capnpc-capnp loads every node of the request it reads (a struct element of \`nodes\`) into
      // a SchemaLoader, which sizes and copies it: the request's root, the nodes list and the node
      // itself each cost a level before the copy's pointers do. A field of type List(List(...))
      // nested \`depth\` times makes a chain of Type structs that deep; Capstan copying each node of
      // the request read with its default limits must fail exactly where libcapnp does.
      const dir = mkdtempSync(join(tmpdir(), 'capstan-nesting-'));
      try {
        const outcomes: [number, boolean, boolean][] = [];
        for (let depth = 56; depth <= 63; depth++) {
          const file = join(dir, `deep${depth}.capnp`);
          writeFileSync(file, `@0xe1f2a3b4c5d6e7f5;\nstruct S { f @0 :${'List('.repeat(depth)}Int32${')'.repeat(depth)}; }\n`);
          const request = compileRequest([file]);
          const plugin = runPlugin('capnp', request);
          const theirs = plugin.status !== 0;
          if (theirs) expect(plugin.stderr).toMatch(/too deeply-nested/);
          let ours = false;
          try {
            const nodes = readMessage(request).getRoot().getList(0, ElementSize.INLINE_COMPOSITE);
            for (let i = 0; i < nodes.length; i++) canonicalize(nodes.getStruct(i));
          } catch (error) {
            expect(error).toMatchObject({ code: ErrorCode.NESTING_LIMIT });
            ours = true;
          }
          outcomes.push([depth, theirs, ours]);
        }
        expect(outcomes.map(([depth, , ours]) => [depth, ours])).toEqual(outcomes.map(([depth, theirs]) => [depth, theirs]));
        // The boundary is inside the range tried.
        expect(outcomes.some(([, theirs]) => theirs) && outcomes.some(([, theirs]) => !theirs)).toBe(true);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('reads 32 levels of a tree recursive through a list under the default limit, and not 33', () => {
      // libcapnp's rule (ListReader::getStructElement charges the element as readListPointer
      // charges the list), with the messages from capnp encode; capnp decode lifts the limit.
      const tree = (levels: number) => {
        let text = '()';
        for (let i = 1; i < levels; i++) text = `(children = [${text}])`;
        return encode(REREAD, 'Tree', text);
      };
      const walk = (s: StructReader): number => {
        const children = s.getList(0, ElementSize.INLINE_COMPOSITE);
        let most = 0;
        for (let i = 0; i < children.length; i++) most = Math.max(most, walk(children.getStruct(i)));
        return most + 1;
      };
      expect(walk(readMessage(tree(32)).getRoot())).toBe(32);
      expect(() => walk(readMessage(tree(33)).getRoot())).toThrow(expect.objectContaining({ code: ErrorCode.NESTING_LIMIT }));
      expect(walk(readMessage(tree(33), { nestingLimit: 65 }).getRoot())).toBe(33);
      expect(decode(REREAD, 'Tree', tree(33))).toMatch(/^(\(children = \[){32}\(\)/);
    });
  });
});
