/**
 * Schema evolution as the encoding promises it: readers of the old schema read messages of the
 * new one (ignoring what they do not know), readers of the new schema read old messages (new
 * fields read as their defaults, upgraded lists read through their first field), and a new
 * builder upgrades an old message in place.
 */
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { ElementSize, MessageBuilder, readMessage } from '../../src/index.js';
import { FIXTURES, generateFixtures } from '../support/generate.js';
import { decode, describeReference, encode } from '../support/reference.js';

let v1: Record<string, any>;
let v2: Record<string, any>;
const V1 = join(FIXTURES, 'evolution/v1.capnp');
const V2 = join(FIXTURES, 'evolution/v2.capnp');

describeReference('schema evolution', () => {
  beforeAll(async () => {
    v1 = await import(join(generateFixtures('evolution-v1', 'evolution', ['v1.capnp']), 'v1.capnp.ts'));
    v2 = await import(join(generateFixtures('evolution-v2', 'evolution', ['v2.capnp']), 'v2.capnp.ts'));
  });

  it('new readers read old messages, with defaults for new fields', () => {
    const old = encode(V1, 'Book', '(people = [(name = "Ada", age = 36, scores = [7, 9])])');
    const book = v2.Book.read(old);
    const ada = book.people.get(0);
    expect(ada.name).toBe('Ada');
    expect(ada.age).toBe(36);
    expect(ada.email).toBe('nobody@example.com');
    expect(ada.height).toBe(1.75);
    expect(ada.tags.length).toBe(0);
    expect(ada.hasFriend()).toBe(false);
    expect(ada.friend.name).toBe('');
    expect(ada.scores.map((s: any) => [s.value, s.note])).toEqual([[7, ''], [9, '']]);
    expect(book.title).toBe('');
    expect(book.toObject()).toEqual({
      people: [{ name: 'Ada', age: 36, scores: [{ value: 7, note: null }, { value: 9, note: null }], email: 'nobody@example.com', height: 1.75, tags: null, friend: null }],
      title: null,
    });
  });

  it('old readers read new messages, ignoring new fields', () => {
    const text = '(people = [(name = "Bo", age = 5, scores = [(value = 3, note = "n")], email = "b@x", tags = ["t"], friend = (name = "Cy"))], title = "T")';
    const book = v1.Book.read(encode(V2, 'Book', text));
    const bo = book.people.get(0);
    expect(bo.name).toBe('Bo');
    expect(bo.age).toBe(5);
    expect([...bo.scores]).toEqual([3]);
    expect(book.toObject()).toEqual({ people: [{ name: 'Bo', age: 5, scores: [3] }] });
  });

  // Readers of the new schema read a struct written smaller from a zero-filled copy of its data
  // section (runtime/padded-data.ts): every way of reaching one must read the defaults past the
  // old end, including groups and unions there, and lists read through one moved reader.
  it('new readers read a smaller data section as defaults past its end, however the struct is reached', () => {
    const text = '(readings = [(sensor = 1, label = "a"), (sensor = 2, label = "b"), (sensor = 3)], latest = (sensor = 7, label = "z"))';
    const log = v2.Log.read(encode(V1, 'Log', text));
    const fields = (r: any) => [r.sensor, r.label, r.celsius, r.sequence, r.valid, r.spare, r.source.which(), r.source.probe, r.place.row, r.place.column];
    const defaults = [21.5, -1n, true, false, 'unknown', 4, -2, 0];
    expect(fields(log.readings.get(1))).toEqual([2, 'b', ...defaults]);
    expect(fields(log.latest)).toEqual([7, 'z', ...defaults]);
    expect([...log.readings].map(fields)).toEqual([[1, 'a', ...defaults], [2, 'b', ...defaults], [3, '', ...defaults]]);
    const seen: unknown[] = [];
    log.readings.forEach((r: any) => seen.push(fields(r)));
    expect(seen).toEqual([[1, 'a', ...defaults], [2, 'b', ...defaults], [3, '', ...defaults]]);
    const object = (sensor: number, label: string | null) => ({
      sensor, label, celsius: 21.5, sequence: -1n, valid: true, spare: false, source: { unknown: null }, place: { row: -2, column: 0 },
    });
    expect(log.toObject()).toEqual({ readings: [object(1, 'a'), object(2, 'b'), object(3, null)], latest: object(7, 'z') });
    // The untyped view is of the struct as written.
    const written = log.latest.$;
    expect([written.dataSize, written.getUint16(0), written.getText(0)]).toEqual([8, 7, 'z']);
    expect(log.readings.get(2).place.$.getUint16(0)).toBe(3);
    // A root with no data section at all (opened in place).
    const tag = v2.Tag.read(encode(V1, 'Tag', '(name = "x")'));
    expect([tag.name, tag.weight, tag.toObject()]).toEqual(['x', 9, { name: 'x', weight: 9 }]);
    // And what the old writer did write still reads: the same values as the reference reads them.
    expect(decode(V2, 'Log', encode(V1, 'Log', text))).toContain('celsius = 21.5');
  });

  // The same against the untyped reader's checked reads, on structs of every data size from 0 to
  // the whole section, holding random bytes: what a padded copy reads must be what checking each
  // read against the size as written reads.
  it('a padded reader reads what checked reads of the struct as written read, at every data size', () => {
    let seed = 20261128;
    const random = (n: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) % n;
    const bits = new DataView(new ArrayBuffer(8));
    bits.setFloat64(0, 21.5, true);
    const [celsiusLo, celsiusHi] = [bits.getUint32(0, true), bits.getUint32(4, true)];
    const expected = (s: any) => [
      s.getUint16(0), s.getFloat64(8, celsiusLo, celsiusHi), s.getInt64(16, -1n), s.getBool(16, true), s.getBool(17),
      ['unknown', 'probe'][s.getUint16(4)], s.getUint8(3, 4), s.getInt16(6, -2), s.getUint32(24),
    ];
    const actual = (r: any) => [r.sensor, r.celsius, r.sequence, r.valid, r.spare, r.source.which(), r.source.probe, r.place.row, r.place.column];
    for (let round = 0; round < 40; round++) {
      const dataWords = round % 5;
      const count = 1 + random(5);
      const message = new MessageBuilder();
      const list = message.initRoot(0, 2).initStructList(0, count, dataWords, 1);
      for (let i = 0; i < count; i++) {
        const element = list.getStruct(i);
        for (let b = 0; b < dataWords * 8; b++) element.setUint8(b, random(256));
      }
      const log = v2.Log.read(message.toBytes());
      const written = readMessage(message.toBytes()).getRoot().getList(0, ElementSize.INLINE_COMPOSITE);
      const want = Array.from({ length: count }, (_, i) => expected(written.getStruct(i)));
      expect(Array.from({ length: count }, (_, i) => actual(log.readings.get(i))), `data words ${dataWords}`).toEqual(want);
      const iterated: unknown[] = [];
      log.readings.forEach((r: any) => iterated.push(actual(r)));
      expect(iterated).toEqual(want);
      expect(log.toObject().readings.map((o: any) => [o.sensor, o.celsius, o.sequence, o.valid, o.spare, Object.keys(o.source)[0], o.source.probe ?? 4, o.place.row, o.place.column]))
        .toEqual(want.map((w) => { const c = [...w]; if (c[5] !== 'probe') c[6] = 4; return c; }));
    }
  });

  it('a new builder upgrades an old message in place', () => {
    const old = v1.Book.read(encode(V1, 'Book', '(people = [(name = "Ada", age = 36, scores = [7, 9])])'));
    const message = new MessageBuilder();
    message.setRoot(old.$);
    const book = v2.Book.getRoot(message);
    book.title = 'Notes';
    const person = book.people.get(0);
    person.email = 'ada@example.com';
    const scores = person.scores;
    expect(scores.length).toBe(2);
    scores.get(1).note = 'best';
    person.friend.name = 'Charles';
    const bytes = message.toBytes();
    expect(decode(V2, 'Book', bytes)).toBe(decode(V2, 'Book', encode(V2, 'Book',
      '(people = [(name = "Ada", age = 36, scores = [(value = 7), (value = 9, note = "best")], email = "ada@example.com", friend = (name = "Charles"))], title = "Notes")')));
    // Old readers still read the upgraded message.
    expect(v1.Book.decode(bytes)).toEqual({ people: [{ name: 'Ada', age: 36, scores: [7, 9] }] });
    expect(readMessage(bytes).getRoot().pointerCount).toBe(2);
  });
});
