/** Declarations: added, removed, renamed, moved; ids; kinds; files. */
import type { CompatCase } from './case.js';

export const DECLARATION_CASES: readonly CompatCase[] = [
  {
    name: 'declaration-added',
    verdict: 'compatible',
    expect: ['declaration-added', 'declaration-added', 'declaration-added'],
    old: `struct Person { name @0 :Text; }`,
    new: `struct Person { name @0 :Text; struct Badge { id @0 :UInt32; } }
const defaultName :Text = "anonymous";
enum Role { member @0; admin @1; }`,
    wire: [{ type: 'Person', forward: ['(name = "Ada")', '(name = "Ada")'], backward: ['(name = "Bo")', '(name = "Bo")'] }],
  },
  {
    name: 'type-removed',
    verdict: 'wire-breaking',
    expect: ['type-removed'],
    old: `struct Person { name @0 :Text; } struct Badge { id @0 :UInt32; }`,
    new: `struct Person { name @0 :Text; }`,
  },
  {
    name: 'type-removed/renamed-without-explicit-id',
    verdict: 'wire-breaking',
    expect: ['type-removed', 'declaration-added'],
    old: `interface Greeter { hello @0 () -> (text :Text); }`,
    new: `interface Welcomer { hello @0 () -> (text :Text); }`,
  },
  {
    name: 'declaration-removed',
    verdict: 'source-breaking',
    expect: ['declaration-removed'],
    old: `struct Person { name @0 :Text; } const maxNameLength :UInt32 = 64;`,
    new: `struct Person { name @0 :Text; }`,
    wire: [{ type: 'Person', forward: ['(name = "Ada")', '(name = "Ada")'], backward: ['(name = "Bo")', '(name = "Bo")'] }],
  },
  {
    name: 'type-id-changed',
    verdict: 'wire-breaking',
    expect: ['type-id-changed'],
    old: `interface Greeter @0xa1b2c3d4e5f60718 { hello @0 () -> (); }`,
    new: `interface Greeter @0xa1b2c3d4e5f60719 { hello @0 () -> (); }`,
  },
  {
    name: 'type-kind-changed',
    verdict: 'wire-breaking',
    expect: ['type-kind-changed'],
    old: `struct Level @0xa1b2c3d4e5f60718 { value @0 :UInt16; }`,
    new: `enum Level @0xa1b2c3d4e5f60718 { low @0; high @1; }`,
  },
  {
    name: 'type-renamed',
    verdict: 'source-breaking',
    expect: ['type-renamed'],
    old: `struct Person @0xa1b2c3d4e5f60718 { name @0 :Text; }`,
    new: `struct Human @0xa1b2c3d4e5f60718 { name @0 :Text; }`,
    wire: [{ type: 'Person', newType: 'Human', forward: ['(name = "Ada")', '(name = "Ada")'], backward: ['(name = "Bo")', '(name = "Bo")'] }],
  },
  {
    name: 'type-moved',
    verdict: 'source-breaking',
    expect: ['type-moved', 'declaration-added'],
    old: `struct Person @0xa1b2c3d4e5f60718 { name @0 :Text; }`,
    new: `struct Directory { struct Person @0xa1b2c3d4e5f60718 { name @0 :Text; } }`,
    wire: [{ type: 'Person', newType: 'Directory.Person', forward: ['(name = "Ada")', '(name = "Ada")'], backward: ['(name = "Bo")', '(name = "Bo")'] }],
  },
  {
    name: 'file-id-changed',
    verdict: 'source-breaking',
    expect: ['file-id-changed'],
    oldFileId: '@0xd0c0ffee00000001',
    newFileId: '@0xd0c0ffee00000002',
    old: `struct Person @0xa1b2c3d4e5f60718 { name @0 :Text; }`,
    new: `struct Person @0xa1b2c3d4e5f60718 { name @0 :Text; }`,
    wire: [{ type: 'Person', forward: ['(name = "Ada")', '(name = "Ada")'], backward: ['(name = "Bo")', '(name = "Bo")'] }],
  },
  {
    name: 'file-id-changed/implicit-ids',
    verdict: 'wire-breaking',
    expect: ['file-id-changed', 'type-id-changed'],
    oldFileId: '@0xd0c0ffee00000001',
    newFileId: '@0xd0c0ffee00000002',
    old: `interface Greeter { hello @0 () -> (); }`,
    new: `interface Greeter { hello @0 () -> (); }`,
  },
];
