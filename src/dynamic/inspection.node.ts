/**
 * How dynamic values and schemas print in Node's `util.inspect` (and `console.log` in Node, Bun
 * and Deno), as generated classes do (runtime/inspection.node.ts): a struct as its schema's name
 * and plain-object form (`DynamicStruct<Person> { name: 'Ada' }`), a list as its length and
 * elements, a schema as what it names. Without it, a dynamic struct printed its schema's whole
 * node, the loader with every schema it holds, and the wire-level reader under it.
 */
import { install, printList, printStruct, type Inspect, type InspectOptions } from '../runtime/inspection.node.js';
import { ConstSchema } from './const-schema.js';
import { EnumSchema } from './enum-schema.js';
import { InterfaceSchema } from './interface-schema.js';
import { DynamicList, DynamicListBuilder } from './list.js';
import type { NamedNode } from './nodes.js';
import { SchemaLoader } from './schema.js';
import { DynamicStruct, DynamicStructBuilder } from './struct.js';
import { StructSchema } from './struct-schema.js';

function inspectStruct(this: DynamicStruct | DynamicStructBuilder, depth: number, options: InspectOptions, inspect: Inspect | undefined): unknown {
  return printStruct(`${this.constructor.name}<${this.schema.shortName}>`, this.$.segment.arena, () => this.toObject(), depth, options, inspect);
}

function inspectList(this: DynamicList | DynamicListBuilder, depth: number, options: InspectOptions, inspect: Inspect | undefined): unknown {
  return printList(this.constructor.name, this.length, this.$.segment.arena, (i) => this.get(i), depth, options, inspect);
}

/** A schema: its kind and the name its file gives it (`StructSchema <app.capnp:Person>`). */
function inspectSchema(this: NamedNode<never>, _depth: number, options: InspectOptions): string {
  return `${options.stylize(this.constructor.name, 'special')} <${this.displayName}>`;
}

function inspectLoader(this: SchemaLoader, _depth: number, options: InspectOptions): string {
  return `${options.stylize('SchemaLoader', 'special')} <${this.graph.all().length} nodes>`;
}

install([DynamicStruct, DynamicStructBuilder], inspectStruct);
install([DynamicList, DynamicListBuilder], inspectList);
install([StructSchema, EnumSchema, InterfaceSchema, ConstSchema], inspectSchema);
install([SchemaLoader], inspectLoader);
