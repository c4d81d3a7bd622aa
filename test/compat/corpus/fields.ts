/** Struct fields: ordinals, names, types, defaults, layout. */
import type { CompatCase } from './case.js';

export const FIELD_CASES: readonly CompatCase[] = [
  {
    name: 'field-added',
    verdict: 'compatible',
    expect: ['field-added', 'field-added'],
    old: `struct Person { name @0 :Text; age @1 :UInt8; }`,
    new: `struct Person { name @0 :Text; age @1 :UInt8; email @2 :Text; height @3 :Float32 = 1.5; }`,
    wire: [{
      type: 'Person',
      forward: ['(name = "Ada", age = 36)', '(name = "Ada", age = 36, height = 1.5)'],
      backward: ['(name = "Bo", age = 5, email = "b@x", height = 2)', '(name = "Bo", age = 5)'],
    }],
  },
  {
    name: 'members-reordered',
    verdict: 'compatible',
    expect: [],
    old: `struct Person { name @0 :Text; age @1 :UInt8; email @2 :Text; }`,
    new: `struct Person { email @2 :Text; age @1 :UInt8; name @0 :Text; }`,
    wire: [{
      type: 'Person',
      forward: ['(name = "Ada", age = 36, email = "a@x")', '(name = "Ada", age = 36, email = "a@x")'],
      backward: ['(name = "Bo", age = 5)', '(name = "Bo", age = 5)'],
    }],
  },
  {
    name: 'field-removed',
    verdict: 'wire-breaking',
    expect: ['field-removed'],
    old: `struct Person { name @0 :Text; age @1 :UInt8; }`,
    new: `struct Person { name @0 :Text; }`,
  },
  {
    name: 'field-renumbered',
    verdict: 'wire-breaking',
    expect: ['field-renumbered', 'field-renumbered'],
    old: `struct Person { first @0 :Text; last @1 :Text; }`,
    new: `struct Person { last @0 :Text; first @1 :Text; }`,
    // The wire shows it: the old first name is the new last name.
    wire: [{ type: 'Person', forward: ['(first = "Ada", last = "Lovelace")', '(last = "Ada", first = "Lovelace")'] }],
  },
  {
    name: 'field-renamed',
    verdict: 'source-breaking',
    expect: ['field-renamed'],
    old: `struct Person { name @0 :Text; mail @1 :Text; }`,
    new: `struct Person { name @0 :Text; email @1 :Text; }`,
    wire: [{
      type: 'Person',
      forward: ['(name = "Ada", mail = "a@x")', '(name = "Ada", email = "a@x")'],
      backward: ['(name = "Bo", email = "b@x")', '(name = "Bo", mail = "b@x")'],
    }],
  },
  {
    name: 'field-type-changed',
    verdict: 'wire-breaking',
    expect: ['field-type-changed'],
    old: `struct Reading { value @0 :UInt32; }`,
    new: `struct Reading { value @0 :Int32; }`,
    // Same size, other meaning.
    wire: [{ type: 'Reading', forward: ['(value = 4294967295)', '(value = -1)'] }],
  },
  {
    name: 'field-type-changed/text-to-data',
    verdict: 'wire-breaking',
    expect: ['field-type-changed'],
    old: `struct Blob { body @0 :Text; }`,
    new: `struct Blob { body @0 :Data; }`,
  },
  {
    name: 'field-type-changed/struct-to-other-struct',
    verdict: 'wire-breaking',
    expect: ['field-type-changed', 'declaration-added'],
    old: `struct Order { item @0 :Item; } struct Item { sku @0 :Text; }`,
    new: `struct Order { item @0 :Article; } struct Item { sku @0 :Text; } struct Article { sku @0 :Text; }`,
  },
  {
    name: 'field-type-changed/bool-list-to-struct-list',
    verdict: 'wire-breaking',
    expect: ['field-type-changed', 'declaration-added'],
    old: `struct Flags { bits @0 :List(Bool); }`,
    new: `struct Flags { bits @0 :List(Flag); } struct Flag { on @0 :Bool; }`,
  },
  {
    name: 'field-list-upgraded',
    verdict: 'source-breaking',
    expect: ['field-list-upgraded', 'field-list-upgraded', 'declaration-added', 'declaration-added'],
    old: `struct Scores { points @0 :List(UInt32); names @1 :List(Text); }`,
    new: `struct Scores { points @0 :List(Point); names @1 :List(Name); }
struct Point { value @0 :UInt32; note @1 :Text; }
struct Name { text @0 :Text; rank @1 :Int64; }`,
    wire: [{
      type: 'Scores',
      forward: ['(points = [7, 9], names = ["a", "b"])', '(points = [(value = 7), (value = 9)], names = [(text = "a", rank = 0), (text = "b", rank = 0)])'],
      backward: ['(points = [(value = 3, note = "n")], names = [(text = "c", rank = 4)])', '(points = [3], names = ["c"])'],
    }],
  },
  {
    name: 'field-list-upgraded/element-with-default',
    verdict: 'wire-breaking',
    expect: ['field-type-changed', 'declaration-added'],
    old: `struct Scores { points @0 :List(UInt32); }`,
    new: `struct Scores { points @0 :List(Point); } struct Point { value @0 :UInt32 = 10; }`,
    // An old element 7 reads as 7 XOR 10.
    wire: [{ type: 'Scores', forward: ['(points = [7])', '(points = [(value = 13)])'] }],
  },
  {
    name: 'field-default-changed',
    verdict: 'wire-breaking',
    expect: ['field-default-changed'],
    old: `struct Config { retries @0 :UInt8 = 3; }`,
    new: `struct Config { retries @0 :UInt8 = 5; }`,
    wire: [{ type: 'Config', forward: ['(retries = 3)', '(retries = 5)'] }],
  },
  {
    name: 'field-default-changed/pointer',
    verdict: 'wire-breaking',
    expect: ['field-default-changed'],
    old: `struct Config { host @0 :Text = "localhost"; }`,
    new: `struct Config { host @0 :Text = "example.com"; }`,
  },
  {
    name: 'field-default-unchanged/explicit-zero',
    verdict: 'compatible',
    expect: [],
    old: `struct Config { retries @0 :UInt8; tags @1 :List(Text); }`,
    new: `struct Config { retries @0 :UInt8 = 0; tags @1 :List(Text) = []; }`,
    wire: [{ type: 'Config', forward: ['(retries = 2, tags = ["a"])', '(retries = 2, tags = ["a"])'], backward: ['(retries = 0)', '(retries = 0)'] }],
  },
  {
    name: 'field-layout-changed',
    verdict: 'wire-breaking',
    expect: ['field-type-changed', 'field-layout-changed'],
    old: `struct Point { x @0 :UInt16; y @1 :UInt16; }`,
    new: `struct Point { x @0 :UInt32; y @1 :UInt16; }`,
    wire: [{ type: 'Point', forward: ['(x = 1, y = 2)', '(x = 131073, y = 0)'] }],
  },
];
