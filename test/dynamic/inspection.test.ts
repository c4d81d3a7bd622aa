/**
 * How dynamic values and schemas print in Node's console (src/dynamic/inspection.node.ts): as
 * generated classes do, their values and names, never the schema nodes or segments under them.
 */
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { MessageBuilder } from '../../src/index.js';
import { decode, encode, initRoot, loadSchema, readRoot } from '../../src/dynamic/index.js';
import { compileSources } from '../support/compile-memory.js';

const schema = loadSchema(compileSources({
  '/shop.capnp': `@0xb1d3f5a7c9e1b3d5;
struct Item { name @0 :Text; price @1 :UInt32; tags @2 :List(Text); }
struct Order { items @0 :List(Item); note @1 :Text; }
enum Size { small @0; large @1; }
interface Shop { order @0 (order :Order) -> (); }
const freeShipping :UInt32 = 50;
`,
}));
const Order = schema.struct('Order');
const show = (value: unknown, options: Parameters<typeof inspect>[1] = {}) => inspect(value, { colors: false, breakLength: Infinity, ...options });

describe('dynamic values print as their schema\'s name and plain-object form', () => {
  const value = { items: [{ name: 'pen', price: 3, tags: ['blue'] }], note: 'soon' };

  it('a struct and a list being read', () => {
    const order = readRoot(Order, encode(Order, value));
    // Nested as deep as Node's default depth (2) shows, then as `[Array]`, as for any object.
    expect(show(order)).toBe("DynamicStruct<Order> { items: [ { name: 'pen', price: 3, tags: [Array] } ], note: 'soon' }");
    expect(show(order, { depth: 3, compact: 10 })).toBe("DynamicStruct<Order> { items: [ { name: 'pen', price: 3, tags: [ 'blue' ] } ], note: 'soon' }");
    expect(show(order.get('items'))).toBe("DynamicList(1) [ DynamicStruct<Item> { name: 'pen', price: 3, tags: [ 'blue' ] } ]");
    expect(inspect(order)).not.toMatch(/Segment|StructReader|displayNamePrefixLength/);
  });

  it('a struct and a list being built', () => {
    const order = initRoot(Order, new MessageBuilder());
    order.assign(value);
    expect(show(order, { depth: 3, compact: 10 })).toBe("DynamicStructBuilder<Order> { items: [ { name: 'pen', price: 3, tags: [ 'blue' ] } ], note: 'soon' }");
    expect(show(order.get('items'))).toMatch(/^DynamicListBuilder\(1\) \[ DynamicStructBuilder<Item> \{ name: 'pen'/);
  });

  it('a value that cannot be read prints its error', () => {
    const bytes = encode(Order, { note: 'x' });
    // The root's second pointer (the note): a byte list far past the end of the segment.
    new DataView(bytes.buffer, bytes.byteOffset).setUint32(24, (1000 << 2) | 1, true);
    expect(() => decode(Order, bytes)).toThrow(/points outside its segment/);
    expect(show(readRoot(Order, bytes))).toMatch(/^DynamicStruct<Order> <unreadable: .*points outside its segment/);
  });
});

it('schemas print as what they name, the loader as its size', () => {
  expect(show(Order)).toBe('StructSchema <shop.capnp:Order>');
  expect(show(schema.enum('Size'))).toBe('EnumSchema <shop.capnp:Size>');
  expect(show(schema.interface('Shop'))).toBe('InterfaceSchema <shop.capnp:Shop>');
  expect(show(schema)).toMatch(/^SchemaLoader <\d+ nodes>$/);
});
