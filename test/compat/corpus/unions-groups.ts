/** Groups and unions: moving fields in and out, union tags, the first-member rule. */
import type { CompatCase } from './case.js';

export const UNION_GROUP_CASES: readonly CompatCase[] = [
  {
    name: 'field-added/to-existing-union',
    verdict: 'compatible',
    expect: ['field-added'],
    old: `struct Shape { union { circle @0 :Float64; square @1 :Float64; } }`,
    new: `struct Shape { union { circle @0 :Float64; square @1 :Float64; triangle @2 :Float64; } }`,
    wire: [{ type: 'Shape', forward: ['(square = 2)', '(square = 2)'], backward: ['(circle = 1)', '(circle = 1)'] }],
  },
  {
    name: 'field-added/new-union-of-new-fields',
    verdict: 'compatible',
    expect: ['field-added', 'field-added'],
    old: `struct Shape { area @0 :Float64; }`,
    new: `struct Shape { area @0 :Float64; kind :union { round @1 :Void; angular @2 :UInt8; } }`,
    wire: [{ type: 'Shape', forward: ['(area = 2)', '(area = 2, kind = (round = void))'], backward: ['(area = 3, kind = (angular = 4))', '(area = 3)'] }],
  },
  {
    name: 'field-group-changed',
    verdict: 'source-breaking',
    expect: ['field-group-changed', 'field-added'],
    old: `struct Person { name @0 :Text; street @1 :Text; }`,
    new: `struct Person { name @0 :Text; address :group { street @1 :Text; city @2 :Text; } }`,
    wire: [{
      type: 'Person',
      forward: ['(name = "Ada", street = "Main St")', '(name = "Ada", address = (street = "Main St"))'],
      backward: ['(name = "Bo", address = (street = "Elm St", city = "Oslo"))', '(name = "Bo", street = "Elm St")'],
    }],
  },
  {
    name: 'field-group-changed/out-of-group',
    verdict: 'source-breaking',
    expect: ['field-group-changed'],
    old: `struct Person { name @0 :Text; address :group { street @1 :Text; city @2 :Text; } }`,
    new: `struct Person { name @0 :Text; street @1 :Text; address :group { city @2 :Text; } }`,
    wire: [{
      type: 'Person',
      forward: ['(name = "Ada", address = (street = "Main St", city = "Oslo"))', '(name = "Ada", street = "Main St", address = (city = "Oslo"))'],
      backward: ['(name = "Bo", street = "Elm St")', '(name = "Bo", address = (street = "Elm St"))'],
    }],
  },
  {
    name: 'field-renamed/group',
    verdict: 'source-breaking',
    expect: ['field-renamed'],
    old: `struct Person { address :group { street @0 :Text; city @1 :Text; } }`,
    new: `struct Person { home :group { street @0 :Text; city @1 :Text; } }`,
    wire: [{ type: 'Person', forward: ['(address = (street = "a", city = "b"))', '(home = (street = "a", city = "b"))'], backward: ['(home = (city = "c"))', '(address = (city = "c"))'] }],
  },
  {
    name: 'field-moved-into-new-union',
    verdict: 'source-breaking',
    expect: ['field-moved-into-new-union', 'field-added'],
    old: `struct Contact { name @0 :Text; email @1 :Text; }`,
    new: `struct Contact { name @0 :Text; union { email @1 :Text; phone @2 :UInt64; } }`,
    wire: [{
      type: 'Contact',
      forward: ['(name = "Ada", email = "a@x")', '(name = "Ada", email = "a@x")'],
      backward: ['(name = "Bo", email = "b@x")', '(name = "Bo", email = "b@x")'],
    }],
  },
  {
    name: 'field-moved-into-new-union/named',
    verdict: 'source-breaking',
    expect: ['field-moved-into-new-union', 'field-added'],
    old: `struct Contact { name @0 :Text; email @1 :Text; }`,
    new: `struct Contact { name @0 :Text; reach :union { email @1 :Text; phone @2 :UInt64; } }`,
    wire: [{
      type: 'Contact',
      forward: ['(name = "Ada", email = "a@x")', '(name = "Ada", reach = (email = "a@x"))'],
      backward: ['(name = "Bo", reach = (email = "b@x"))', '(name = "Bo", email = "b@x")'],
    }],
  },
  {
    name: 'field-moved-into-new-union/as-a-group-with-new-fields',
    verdict: 'source-breaking',
    expect: ['field-moved-into-new-union', 'field-added', 'field-added'],
    old: `struct Contact { name @0 :Text; email @1 :Text; }`,
    new: `struct Contact { name @0 :Text; union { mail :group { email @1 :Text; verified @2 :Bool; } phone @3 :UInt64; } }`,
    wire: [{
      type: 'Contact',
      forward: ['(name = "Ada", email = "a@x")', '(name = "Ada", mail = (email = "a@x", verified = false))'],
      backward: ['(name = "Bo", mail = (email = "b@x", verified = true))', '(name = "Bo", email = "b@x")'],
    }],
  },
  {
    name: 'field-union-changed/into-existing-union',
    verdict: 'wire-breaking',
    expect: ['field-union-changed'],
    old: `struct Shape { union { circle @0 :Float64; square @1 :Float64; } label @2 :Text; }`,
    new: `struct Shape { union { circle @0 :Float64; square @1 :Float64; label @2 :Text; } }`,
    // Old messages with a label and a circle read as a circle without the label.
    wire: [{ type: 'Shape', forward: ['(circle = 1, label = "x")', '(circle = 1)'] }],
  },
  {
    name: 'field-union-changed/out-of-union',
    verdict: 'wire-breaking',
    expect: ['field-union-changed', 'field-union-changed', 'field-layout-changed', 'field-added'],
    old: `struct Shape { union { circle @0 :Float64; square @1 :Float64; } }`,
    new: `struct Shape { circle @0 :Float64; union { square @1 :Float64; triangle @2 :Float64; } }`,
  },
  {
    name: 'field-union-changed/two-existing-fields',
    verdict: 'wire-breaking',
    expect: ['field-union-changed', 'field-union-changed', 'field-layout-changed'],
    old: `struct Contact { email @0 :Text; phone @1 :UInt64; }`,
    new: `struct Contact { union { email @0 :Text; phone @1 :UInt64; } }`,
    // The new union's tag lands in the old phone number: an old message with both set reads as neither.
    wire: [{ type: 'Contact', forward: ['(email = "a@x", phone = 5)', '()'] }],
  },
  {
    name: 'members-reordered/union',
    verdict: 'compatible',
    expect: ['field-added'],
    // Union tags follow ordinals, not the order of declaration.
    old: `struct Shape { union { circle @0 :Float64; square @1 :Text; } }`,
    new: `struct Shape { union { square @1 :Text; circle @0 :Float64; } tag @2 :UInt16; }`,
    wire: [{ type: 'Shape', forward: ['(square = "s")', '(square = "s", tag = 0)'], backward: ['(circle = 2, tag = 3)', '(circle = 2)'] }],
  },
];
