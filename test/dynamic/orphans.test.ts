/**
 * `DynamicStructBuilder#disown` and `#adopt`: objects moved between fields of one message
 * without a copy, union members made active, and orphans that do not hold what a field's type
 * reads refused before anything changes.
 */
import { describe, expect, it } from 'vitest';
import { ErrorCode, MessageBuilder, canonicalize } from '../../src/index.js';
import { initRoot, loadSchema, readRoot, type DynamicListBuilder } from '../../src/dynamic/index.js';
import { compileSources } from '../support/compile-memory.js';
import { failure } from '../support/failure.js';

const schema = loadSchema(compileSources({
  '/shelf.capnp': `@0xa1c3e5f7b9d2e4f6;
interface Lamp {}
struct Book {
  title @0 :Text;
  tags @1 :List(Text);
  pages @2 :List(Int32);
  next @3 :Book;
  cover @4 :Data;
  shelf @5 :List(Book);
  any @6 :AnyPointer;
  anyStruct @7 :AnyStruct;
  lamp @8 :Lamp;
  union {
    subtitle @9 :Text;
    chapters @10 :List(Int32);
    none @11 :Void;
  }
  flags @12 :List(Bool);
}
`,
}));
const Book = schema.struct('Book');

function book() {
  const message = new MessageBuilder();
  const root = initRoot(Book, message);
  root.assign({ title: 'Dune', tags: ['sf', 'classic'], pages: [1, 2, 3], next: { title: 'Emma' }, cover: new Uint8Array([7, 8]), shelf: [{ title: 'Ulysses' }], none: null, flags: [true] });
  return { message, root };
}

describe('dynamic orphans', () => {
  it('moves each kind of pointer between fields without a copy, leaving the source null', () => {
    const { message, root } = book();
    root.adopt('subtitle', root.disown('title'));
    root.adopt('chapters', root.disown('pages'));
    root.adopt('any', root.disown('next'));
    root.adopt('anyStruct', root.disown('any'));
    const read = readRoot(Book, message.toBytes());
    expect(read.which()).toBe('chapters');
    expect(read.has('title')).toBe(false);
    expect(read.has('pages')).toBe(false);
    expect(read.has('any')).toBe(false);
    expect(read.toObject()).toMatchObject({ chapters: [1, 2, 3], tags: ['sf', 'classic'], shelf: [{ title: 'Ulysses' }] });
    expect(read.get('anyStruct')).toBeDefined();
    expect(read.$.getPointer(7).getStruct().getText(0)).toBe('Emma');
  });

  it('adopting makes a union member active, and a null orphan clears a field', () => {
    const { message, root } = book();
    expect(root.which()).toBe('none');
    root.adopt('subtitle', root.disown('title'));
    expect(root.which()).toBe('subtitle');
    expect(root.get('subtitle')).toBe('Dune');
    const empty = root.disown('title');
    expect(empty.isNull).toBe(true);
    root.adopt('tags', empty);
    expect(readRoot(Book, message.toBytes()).has('tags')).toBe(false);
  });

  it('takes orphans made by the message builder: a struct list for List(Book), bytes for Data', () => {
    const { message, root } = book();
    const shelf = message.newOrphanStructList(2, Book.dataWords, Book.pointerCount);
    shelf.getList().getStruct(1).setText(0, 'Walden');
    root.adopt('shelf', shelf);
    const cover = message.newOrphanData(new Uint8Array([4, 5, 6]));
    root.adopt('cover', cover);
    const read = readRoot(Book, message.toBytes()).toObject();
    expect((read.shelf as { title: string | null }[]).map((b) => b.title)).toEqual([null, 'Walden']);
    expect(read.cover).toEqual(new Uint8Array([4, 5, 6]));
  });

  it('refuses an orphan that is not what the field reads, leaving field, union and orphan as they were', () => {
    const cases: [string, string, RegExp][] = [
      ['pages', 'tags', /^Book\.tags is List\(Text\); it cannot adopt an orphan of a list of four-byte elements$/],
      ['pages', 'title', /^Book\.title is Text; it cannot adopt an orphan of a list of four-byte elements$/],
      ['title', 'pages', /^Book\.pages is List\(Int32\); it cannot adopt an orphan of a list of byte elements$/],
      ['next', 'cover', /^Book\.cover is Data; it cannot adopt an orphan of a struct$/],
      ['tags', 'next', /^Book\.next is Book; it cannot adopt an orphan of a list of pointer elements$/],
      ['tags', 'anyStruct', /^Book\.anyStruct is AnyStruct; it cannot adopt an orphan of a list of pointer elements$/],
      ['title', 'lamp', /^Book\.lamp is Lamp; it cannot adopt an orphan of a list of byte elements$/],
      ['pages', 'subtitle', /^Book\.subtitle is Text; it cannot adopt an orphan of a list of four-byte elements$/],
      // A struct list is read from a list of any other element size (upgraded), but not from bits.
      ['flags', 'shelf', /^Book\.shelf is List\(Book\); it cannot adopt an orphan of a list of bit elements$/],
    ];
    for (const [from, to, message] of cases) {
      const { message: builder, root } = book();
      const before = Array.from(canonicalize(root.$));
      const orphan = root.disown(from);
      const afterDisown = Array.from(canonicalize(root.$));
      const e = failure(() => root.adopt(to, orphan));
      expect(e.code, `${from} -> ${to}`).toBe(ErrorCode.INVALID_ARGUMENT);
      expect(e.message).toMatch(message);
      expect(Array.from(canonicalize(root.$)), `${from} -> ${to}`).toEqual(afterDisown);
      expect(root.which()).toBe('none');
      // The orphan is still there to adopt where it fits.
      root.adopt(from, orphan);
      expect(Array.from(canonicalize(root.$))).toEqual(before);
      expect(builder.toBytes().length).toBeGreaterThan(0);
    }
  });

  it('refuses what is not an orphan, an orphan adopted twice, and a group or data field', () => {
    const { root } = book();
    expect(failure(() => root.adopt('title', 'Dune' as never)).message).toBe('expected an Orphan (from disown or a newOrphan method), got string "Dune"');
    const orphan = root.disown('title');
    root.adopt('subtitle', orphan);
    expect(failure(() => root.adopt('title', orphan)).code).toBe(ErrorCode.ORPHAN_MISUSE);
    expect(root.which()).toBe('subtitle');
    expect(failure(() => root.disown('none')).message).toBe('Book.none is not a pointer field');
    expect(failure(() => root.adopt('none', root.disown('tags'))).message).toBe('Book.none is not a pointer field');
  });

  it('moves elements of lists of pointers, checked as fields are; struct and number lists have none to move', () => {
    const { message, root } = book();
    const tags = root.get('tags') as DynamicListBuilder;
    const first = tags.disown(0);
    expect(tags.get(0)).toBe('');
    tags.adopt(0, tags.disown(1));
    tags.adopt(1, first);
    expect(readRoot(Book, message.toBytes()).toObject().tags).toEqual(['classic', 'sf']);
    const pages = root.disown('pages');
    expect(failure(() => tags.adopt(0, pages)).message).toBe('element 0 of List(Text) is Text; it cannot adopt an orphan of a list of four-byte elements');
    expect(tags.get(0)).toBe('classic');
    expect(failure(() => tags.adopt(2, first)).code).toBe(ErrorCode.INDEX_OUT_OF_RANGE);
    const shelf = root.get('shelf') as DynamicListBuilder;
    expect(failure(() => shelf.disown(0)).message).toBe('cannot disown elements of List(Book): they are not pointers');
    expect(failure(() => (root.get('pages') as DynamicListBuilder).adopt(0, pages)).message).toBe('cannot adopt elements of List(Int32): they are not pointers');
  });

  it('get refuses a union member that is not the active one, as C++ does, on readers and builders', () => {
    const { message, root } = book();
    root.set('subtitle', 'hi');
    // Before, get read the slot as the member asked for: another member's Text as Data gave
    // its bytes, and a builder's get of a list or struct member made one where a data member
    // was active.
    expect(failure(() => root.get('chapters')).message).toBe("Book.chapters is not the union's active member (subtitle is); check which() first");
    const read = readRoot(Book, message.toBytes());
    expect(failure(() => read.get('none')).code).toBe(ErrorCode.INVALID_ARGUMENT);
    expect(read.get('subtitle')).toBe('hi');
    expect(readRoot(Book, message.toBytes()).get('subtitle')).toBe('hi');
  });

  it('refuses an orphan of another message, leaving the union as it was', () => {
    const { root } = book();
    const other = book().root.disown('title');
    expect(failure(() => root.adopt('subtitle', other)).code).toBe(ErrorCode.ORPHAN_MISUSE);
    // Before the check came first, the union had already switched to the member refused.
    expect(root.which()).toBe('none');
  });
});
