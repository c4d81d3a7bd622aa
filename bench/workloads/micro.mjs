// Micro shapes: per-message and per-field costs, building (with serialization) and reading.
import { join } from 'node:path';
import { sameResults } from '../lib/harness.mjs';

const LIST_100 = Int32Array.from({ length: 100 }, (_, i) => Math.imul(i, 0x9e3779b1) | 0);
const LIST_10000 = Int32Array.from({ length: 10000 }, (_, i) => Math.imul(i, 0x9e3779b1) | 0);
const LISTS = { 'list-int32-100': LIST_100, 'list-int32-10000': LIST_10000 };

/**
 * Capstan's half of each shape: `build` (a fresh builder, framed bytes) and `read` (open the
 * bytes, read every field), with the generated code `gen` and the `MessageBuilder` of the
 * package it imports (roundtrip-ab.mjs runs two builds side by side).
 */
export function capstanMicro(gen, MessageBuilder) {
  const shapes = {
    'two-int32': {
      build: () => {
        const message = new MessageBuilder();
        const root = gen.TwoInt32.initRoot(message);
        root.a = 123456;
        root.b = -654321;
        return message.toBytes();
      },
      read: (bytes) => {
        const root = gen.TwoInt32.read(bytes);
        return root.a + root.b;
      },
    },
    'int32-text': {
      build: () => {
        const message = new MessageBuilder();
        const root = gen.Int32Text.initRoot(message);
        root.number = 42;
        root.text = 'hello, world';
        return message.toBytes();
      },
      read: (bytes) => {
        const root = gen.Int32Text.read(bytes);
        return root.number + root.text.length;
      },
    },
    nested3: {
      build: () => {
        const message = new MessageBuilder();
        gen.Nested3.initRoot(message).initChild().initChild().value = 7;
        return message.toBytes();
      },
      read: (bytes) => gen.Nested3.read(bytes).child.child.value,
    },
  };
  for (const [name, values] of Object.entries(LISTS)) {
    // Its own summing loop (see micro below: a loop shared with JSON's arrays is polymorphic).
    const sum = (array) => {
      let s = 0;
      for (let i = 0; i < array.length; i++) s += array[i];
      return s;
    };
    shapes[name] = {
      build: () => {
        const message = new MessageBuilder();
        gen.Int32List.initRoot(message).initValues(values.length).setAll(values);
        return message.toBytes();
      },
      read: (bytes) => sum(gen.Int32List.read(bytes).values),
    };
  }
  return shapes;
}

export async function micro(suite, env) {
  const gen = await import(join(env.capstanDir, 'micro.capnp.js'));
  const { MessageBuilder } = await import('capstan');
  const capstan = capstanMicro(gen, MessageBuilder);
  const es = await import(join(env.capnpEsDir, 'micro.js'));
  const capnp = await import('capnp-es');
  const esMessage = (build) => {
    const message = new capnp.Message();
    build(message);
    return new Uint8Array(message.toArrayBuffer());
  };

  const shapes = {
    'two-int32': {
      object: { a: 123456, b: -654321 },
      esBuild: () => esMessage((m) => {
        const root = m.initRoot(es.TwoInt32);
        root.a = 123456;
        root.b = -654321;
      }),
      esRead: (bytes) => {
        const root = new capnp.Message(bytes, false).getRoot(es.TwoInt32);
        return root.a + root.b;
      },
      jsonRead: (text) => {
        const o = JSON.parse(text);
        return o.a + o.b;
      },
    },
    'int32-text': {
      object: { number: 42, text: 'hello, world' },
      esBuild: () => esMessage((m) => {
        const root = m.initRoot(es.Int32Text);
        root.number = 42;
        root.text = 'hello, world';
      }),
      esRead: (bytes) => {
        const root = new capnp.Message(bytes, false).getRoot(es.Int32Text);
        return root.number + root.text.length;
      },
      jsonRead: (text) => {
        const o = JSON.parse(text);
        return o.number + o.text.length;
      },
    },
    nested3: {
      object: { child: { child: { value: 7 } } },
      esBuild: () => esMessage((m) => {
        m.initRoot(es.Nested3)._initChild()._initChild().value = 7;
      }),
      esRead: (bytes) => new capnp.Message(bytes, false).getRoot(es.Nested3).child.child.value,
      jsonRead: (text) => JSON.parse(text).child.child.value,
    },
  };
  for (const [name, values] of Object.entries(LISTS)) {
    // One summing loop per implementation (capstanMicro has Capstan's): a loop shared by the
    // typed array (Capstan) and the plain array (JSON) is polymorphic and ran Capstan's case at
    // half speed.
    const sumJson = (array) => {
      let s = 0;
      for (let i = 0; i < array.length; i++) s += array[i];
      return s;
    };
    shapes[name] = {
      object: { values: Array.from(values) },
      esBuild: () => esMessage((m) => {
        const list = m.initRoot(es.Int32List)._initValues(values.length);
        for (let i = 0; i < values.length; i++) list.set(i, values[i]);
      }),
      esRead: (bytes) => {
        const list = new capnp.Message(bytes, false).getRoot(es.Int32List).values;
        let s = 0;
        for (let i = 0; i < list.length; i++) s += list.get(i);
        return s;
      },
      jsonRead: (text) => sumJson(JSON.parse(text).values),
    };
  }

  for (const [shape, s] of Object.entries(shapes)) {
    const { build: capstanBuild, read: capstanRead } = capstan[shape];
    const bytes = capstanBuild();
    const esBytes = s.esBuild();
    const text = JSON.stringify(s.object);
    sameResults(`micro ${shape}`, { capstan: capstanRead(bytes), es: s.esRead(esBytes), json: s.jsonRead(text), capstanFromEs: capstanRead(esBytes) });
    await suite.compare('micro', `${shape}/build`, {
      capstan: () => capstanBuild().length,
      'capnp-es': () => s.esBuild().length,
      json: () => JSON.stringify(s.object).length,
    }, [env.cpp, []]);
    await suite.compare('micro', `${shape}/read`, {
      capstan: () => capstanRead(bytes),
      'capnp-es': () => s.esRead(esBytes),
      json: () => s.jsonRead(text),
    }, [env.cpp, []]);
  }
}
