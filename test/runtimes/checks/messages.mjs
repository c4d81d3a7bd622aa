// Messages built and read with the code generated for test/runtimes/runtime.capnp.
import { ElementSize, MessageBuilder, canonicalize, pack, readMessage, readMessageStream, unpack } from 'capstan';
import * as generated from '../.generated/runtime.capnp.js';
import { deepEqual, equal, ok } from '../assert.mjs';

const { Item, Kind } = generated;

const sample = {
  id: 12345678901234567890n,
  name: 'Grüße, 世界',
  ratio: 0.125,
  kind: Kind.fancy,
  tags: ['a', 'bc', ''],
  blob: new Uint8Array([0, 1, 254, 255]),
  flag: false,
  shape: { circle: 1.5 },
  children: [{ id: 1n, name: 'one', shape: { square: -7 } }, { id: 2n, name: 'two', flag: true }],
};

function checkSample(item) {
  equal(item.id, 12345678901234567890n, 'id');
  equal(item.name, 'Grüße, 世界', 'name');
  equal(item.ratio, 0.125, 'ratio');
  equal(item.kind, Kind.fancy, 'kind');
  deepEqual([...item.tags], ['a', 'bc', ''], 'tags');
  deepEqual(item.blob, new Uint8Array([0, 1, 254, 255]), 'blob');
  equal(item.flag, false, 'flag');
  equal(item.shape.which(), 'circle', 'shape');
  equal(item.shape.circle, 1.5, 'shape.circle');
  equal(item.children.length, 2, 'children');
  equal(item.children.get(0).shape.which(), 'square', 'child shape');
  equal(item.children.get(0).shape.square, -7, 'child shape.square');
  equal(item.children.get(1).flag, true, 'child flag (default true)');
  equal(item.children.get(1).shape.which(), 'circle', 'child shape (default member)');
}

export const checks = [
  {
    name: 'messages: encode a plain object, read it back through generated readers',
    run() {
      checkSample(Item.read(Item.encode(sample)));
    },
  },
  {
    name: 'messages: build with generated builders, decode to a plain object',
    run() {
      const message = new MessageBuilder();
      const item = Item.initRoot(message);
      item.id = 7n;
      item.name = 'built';
      item.kind = Kind.plain;
      item.tags = ['x', 'y'];
      item.shape.square = 3;
      const decoded = Item.decode(message.toBytes());
      equal(decoded.id, 7n, 'id');
      equal(decoded.name, 'built', 'name');
      deepEqual(decoded.tags, ['x', 'y'], 'tags');
      equal(decoded.flag, true, 'flag default');
      deepEqual(decoded.shape, { square: 3 }, 'shape');
    },
  },
  {
    name: 'messages: bytes as the reference tool writes them (capnp encode), both ways',
    run() {
      // `echo '(id = 1, name = "a")' | capnp encode runtime.capnp Item` with capnp 0.9.2.
      const reference = new Uint8Array([
        0, 0, 0, 0, 10, 0, 0, 0, 0, 0, 0, 0, 4, 0, 4, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 13, 0, 0, 0, 18, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 97, 0, 0, 0, 0, 0, 0, 0,
      ]);
      deepEqual(Item.encode({ id: 1n, name: 'a' }), reference, 'encoded bytes');
      const item = Item.read(reference);
      equal(item.id, 1n, 'id');
      equal(item.name, 'a', 'name');
      equal(item.flag, true, 'flag');
    },
  },
  {
    name: 'messages: packing and canonical form round-trip',
    run() {
      const bytes = Item.encode(sample);
      const packed = pack(bytes);
      ok(packed.length < bytes.length, 'packed is smaller');
      deepEqual(unpack(packed), bytes, 'unpack(pack(bytes))');
      checkSample(Item.read(packed, { format: 'packed' }));
      const canonical = canonicalize(readMessage(bytes).getRoot());
      checkSample(Item.read(canonical, { format: 'flat' }));
    },
  },
  {
    name: 'messages: a stream read as it arrives (readMessageStream), from an async iterable and from a ReadableStream',
    async run() {
      const one = Item.encode(sample);
      const two = Item.encode({ id: 2n, name: 'second' });
      const all = new Uint8Array([...one, ...two, ...one]);
      const ids = async (source, format) => {
        const out = [];
        for await (const message of readMessageStream(source, { format })) out.push(Item.readRoot(message).id);
        return out;
      };
      async function* pieces(bytes, size) {
        for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
      }
      deepEqual(await ids(pieces(all, 7), 'binary'), [12345678901234567890n, 2n, 12345678901234567890n], 'binary in pieces of 7 bytes');
      const packed = new Uint8Array([...pack(one), ...pack(two)]);
      deepEqual(await ids(pieces(packed, 3), 'packed'), [12345678901234567890n, 2n], 'packed in pieces of 3 bytes');
      const web = new ReadableStream({
        start(controller) {
          controller.enqueue(all.subarray(0, 10));
          controller.enqueue(all.subarray(10));
          controller.close();
        },
      });
      deepEqual(await ids(web, 'binary'), [12345678901234567890n, 2n, 12345678901234567890n], 'a ReadableStream');
    },
  },
  {
    name: 'messages: Text is decoded as this runtime\'s TextDecoder decodes it (bytes that are not UTF-8, a leading U+FEFF)',
    run() {
      // Text is not validated; the runtime's native decoder (Buffer#utf8Slice where there is
      // one) must agree with its TextDecoder, a leading U+FEFF kept, alone and among others.
      const reference = new TextDecoder('utf-8', { ignoreBOM: true });
      const samples = [[0xef, 0xbb, 0xbf, 0x61], [0xc3, 0x28], [0xe2, 0x98], [0xf0, 0x9f, 0x98, 0x80, 0xff], [0xed, 0xa0, 0x80],
        [0xf4, 0x90, 0x80, 0x80, 0x62], [0xc0, 0x80], [0x80, 0xbf], [0xe0, 0x80, 0x80], [0x61, 0xf5, 0x62],
        [...new Array(70).fill(0x41), 0xc3], [0xef, 0xbb, 0xbf, ...new Array(80).fill(0x42)]].map((b) => new Uint8Array(b));
      const read = (items) => {
        const builder = new MessageBuilder();
        const list = builder.initRoot(0, 1).initList(0, ElementSize.POINTER, items.length);
        items.forEach((b, i) => list.setData(i, Uint8Array.of(...b, 0)));
        const texts = readMessage(builder.toBytes()).getRoot().getList(0, ElementSize.POINTER);
        return items.map((_, i) => texts.getText(i));
      };
      for (const b of samples) equal(read([b])[0], reference.decode(b), `alone: ${[...b].slice(0, 6)}`);
      deepEqual(read([...samples, ...samples, ...samples]), [...samples, ...samples, ...samples].map((b) => reference.decode(b)), 'among others');
    },
  },
  {
    // Node and Bun load the package's Node build, which puts the hook on readers, builders and
    // lists (src/runtime/inspection.node.ts); Deno loads the per-file modules here, through an
    // import map, which have none (nor does a browser bundle).
    name: 'messages: a reader prints as its class and value where the runtime loads the Node build',
    run() {
      const hook = Symbol.for('nodejs.util.inspect.custom');
      const reader = Item.read(Item.encode({ id: 1n, name: 'a', tags: ['x'] }));
      const nodeBuild = typeof globalThis.Deno === 'undefined';
      equal(typeof reader[hook] === 'function', nodeBuild, 'the inspect hook is there');
      if (!nodeBuild) return;
      // Called as util.inspect calls it: the depth left, the options, inspect itself.
      const inspect = (value) => JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? `${v}n` : v));
      const text = reader[hook](2, { stylize: (s) => s }, inspect);
      ok(text.startsWith('ItemReader {"id":"1n","name":"a",'), `printed ${text}`);
      equal(reader.tags[hook](2, { stylize: (s) => s }, inspect), 'PointerList(1) ["x"]', 'a list');
    },
  },
];
