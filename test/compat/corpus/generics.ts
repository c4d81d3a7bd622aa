/** Generics: becoming generic, parameters added, removed, renamed, and how uses bind them. */
import type { CompatCase } from './case.js';

const MAP_V1 = `struct Map { entries @0 :List(Entry); struct Entry { key @0 :Text; value @1 :Text; } }`;
const MAP_V2 = `struct Map(Key, Value) { entries @0 :List(Entry); struct Entry { key @0 :Key; value @1 :Value; } }`;

export const GENERIC_CASES: readonly CompatCase[] = [
  {
    name: 'generic-parameter-added',
    verdict: 'source-breaking',
    expect: ['generic-parameter-added', 'field-made-generic', 'field-made-generic'],
    // The language reference's example: uses of Map become Map(Text, Text).
    old: `${MAP_V1} struct Settings { values @0 :Map; }`,
    new: `${MAP_V2} struct Settings { values @0 :Map(Text, Text); }`,
    wire: [{
      type: 'Settings',
      forward: ['(values = (entries = [(key = "k", value = "v")]))', '(values = (entries = [(key = "k", value = "v")]))'],
      backward: ['(values = (entries = [(key = "a", value = "b")]))', '(values = (entries = [(key = "a", value = "b")]))'],
    }],
  },
  {
    name: 'field-made-generic',
    verdict: 'source-breaking',
    expect: ['generic-parameter-added', 'field-made-generic'],
    old: `struct Box { item @0 :Text; } struct Shelf { box @0 :Box; }`,
    new: `struct Box(T) { item @0 :T; } struct Shelf { box @0 :Box(Text); }`,
    wire: [{ type: 'Shelf', forward: ['(box = (item = "x"))', '(box = (item = "x"))'], backward: ['(box = (item = "y"))', '(box = (item = "y"))'] }],
  },
  {
    name: 'generic-binding-changed',
    verdict: 'wire-breaking',
    expect: ['generic-parameter-added', 'field-made-generic', 'field-made-generic', 'generic-binding-changed'],
    old: `${MAP_V1} struct Settings { values @0 :Map; }`,
    new: `${MAP_V2} struct Settings { values @0 :Map(Data, Text); }`,
  },
  {
    name: 'generic-parameter-added/to-a-generic-type',
    verdict: 'source-breaking',
    expect: ['generic-parameter-added', 'field-made-generic'],
    old: `struct Pair(A) { first @0 :A; second @1 :Text; } struct Use { pair @0 :Pair(Data); }`,
    new: `struct Pair(A, B) { first @0 :A; second @1 :B; } struct Use { pair @0 :Pair(Data, Text); }`,
    wire: [{ type: 'Use', forward: ['(pair = (first = "x", second = "y"))', '(pair = (first = "x", second = "y"))'], backward: ['(pair = (second = "z"))', '(pair = (second = "z"))'] }],
  },
  {
    name: 'generic-parameter-removed',
    verdict: 'wire-breaking',
    expect: ['generic-parameter-removed', 'field-type-changed'],
    old: `struct Pair(A, B) { first @0 :A; second @1 :B; }`,
    new: `struct Pair(A) { first @0 :A; second @1 :Text; }`,
  },
  {
    name: 'generic-parameter-renamed',
    verdict: 'source-breaking',
    expect: ['generic-parameter-renamed'],
    old: `struct Box(T) { item @0 :T; } struct Shelf { box @0 :Box(Text); }`,
    new: `struct Box(Item) { item @0 :Item; } struct Shelf { box @0 :Box(Text); }`,
    wire: [{ type: 'Shelf', forward: ['(box = (item = "x"))', '(box = (item = "x"))'], backward: ['(box = (item = "y"))', '(box = (item = "y"))'] }],
  },
  {
    name: 'field-type-changed/parameters-swapped',
    verdict: 'wire-breaking',
    expect: ['generic-parameter-renamed', 'generic-parameter-renamed', 'field-type-changed', 'field-type-changed'],
    old: `struct Pair(A, B) { first @0 :A; second @1 :B; }`,
    new: `struct Pair(B, A) { first @0 :A; second @1 :B; }`,
  },
  {
    name: 'field-type-changed/binding',
    verdict: 'wire-breaking',
    expect: ['field-type-changed'],
    old: `struct Box(T) { item @0 :T; } struct Shelf { box @0 :Box(Text); }`,
    new: `struct Box(T) { item @0 :T; } struct Shelf { box @0 :Box(Data); }`,
  },
  {
    name: 'generic-parameter-added/method',
    verdict: 'source-breaking',
    expect: ['generic-parameter-added', 'field-made-generic'],
    old: `interface Store { put @0 (value :Text) -> (); }`,
    new: `interface Store { put @0 [T] (value :T) -> (); }`,
    wire: [{ method: 'Store.put', forward: [{ value: 'v' }, { value: 'v' }] }],
  },
];
