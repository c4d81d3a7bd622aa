/** Constants and annotations: never on the wire, but part of programs and mappings. */
import type { CompatCase } from './case.js';

const JSON_IMPORT = `using Json = import "/capnp/compat/json.capnp";`;
const CXX_IMPORT = `using Cxx = import "/capnp/c++.capnp";`;

export const ANNOTATION_CONST_CASES: readonly CompatCase[] = [
  {
    name: 'const-changed',
    verdict: 'source-breaking',
    expect: ['const-changed'],
    old: `const maxItems :UInt32 = 100; struct Cart { count @0 :UInt32; }`,
    new: `const maxItems :UInt32 = 200; struct Cart { count @0 :UInt32; }`,
    wire: [{ type: 'Cart', forward: ['(count = 3)', '(count = 3)'], backward: ['(count = 4)', '(count = 4)'] }],
  },
  {
    name: 'annotation-changed',
    verdict: 'compatible',
    expect: ['annotation-changed', 'annotation-changed'],
    old: `annotation owner (struct, field) :Text; struct Cart $owner("shop") { count @0 :UInt32; }`,
    new: `annotation owner (struct, field) :Text; struct Cart $owner("billing") { count @0 :UInt32 $owner("ops"); }`,
    wire: [{ type: 'Cart', forward: ['(count = 3)', '(count = 3)'], backward: ['(count = 4)', '(count = 4)'] }],
  },
  {
    name: 'annotation-definition-changed',
    verdict: 'source-breaking',
    expect: ['annotation-definition-changed', 'annotation-definition-changed'],
    old: `annotation owner (struct, field) :Text; struct Cart { count @0 :UInt32; }`,
    new: `annotation owner (struct) :UInt32; struct Cart { count @0 :UInt32; }`,
    wire: [{ type: 'Cart', forward: ['(count = 3)', '(count = 3)'], backward: ['(count = 4)', '(count = 4)'] }],
  },
  {
    name: 'json-mapping-changed',
    verdict: 'source-breaking',
    expect: ['json-mapping-changed'],
    old: `${JSON_IMPORT} struct Cart { itemCount @0 :UInt32; }`,
    new: `${JSON_IMPORT} struct Cart { itemCount @0 :UInt32 $Json.name("item_count"); }`,
    wire: [{ type: 'Cart', forward: ['(itemCount = 3)', '(itemCount = 3)'], backward: ['(itemCount = 4)', '(itemCount = 4)'] }],
  },
  {
    name: 'generated-name-changed',
    verdict: 'source-breaking',
    expect: ['generated-name-changed'],
    old: `${CXX_IMPORT} $Cxx.namespace("shop"); struct Cart { count @0 :UInt32; }`,
    new: `${CXX_IMPORT} $Cxx.namespace("store"); struct Cart { count @0 :UInt32; }`,
    wire: [{ type: 'Cart', forward: ['(count = 3)', '(count = 3)'], backward: ['(count = 4)', '(count = 4)'] }],
  },
];
