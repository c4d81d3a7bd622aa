/**
 * How readers, builders and lists print in Node's `util.inspect`, and so in `console.log` (Bun
 * and Deno call the same hook): their values, not their internals.
 *
 * Without it, `console.log(reader)` printed the segment the reader points into: the arena that
 * points back at it, and up to 100 of the bytes it lies in (for a small message read from a
 * copy, the 16 KB slab it was copied into, other messages' bytes included). Now a struct prints
 * as its class and plain-object form (`PersonReader { name: 'Ada', age: 36 }`), a list as its
 * class, length and elements (`StructList(2) [ StoryReader {...}, ... ]`), a segment and an
 * arena as their sizes.
 *
 * Printing leaves the message as it was: what reading the value charged against the message's
 * traversal limit is given back (a message read once for the console and once by the program
 * must not run out of budget because of the console), and a value that cannot be read prints
 * the error in place of the value rather than throwing out of `console.log`.
 *
 * Node's build only (runtime/inspection.ts is this module's empty twin for everything else): a
 * browser's console shows objects lazily, and the decode-only app of docs/BENCHMARKS.md has no
 * bytes to spare for this.
 */
import { Arena } from '../wire/core/arena.js';
import { totalWords } from '../wire/core/allocation.js';
import { Segment } from '../wire/core/segment.js';
import { GeneratedBuilderCore, GeneratedReaderCore } from './generated-struct.js';
import { BoolList, PointerList, StructList, VoidList } from './lists.js';
import { BoolListBuilder, PointerListBuilder, PrimitiveListBuilder, StructListBuilder, VoidListBuilder } from './list-builders.js';

/**
 * The key Node's `util.inspect` looks for (`util.inspect.custom` is this registered symbol).
 * Not imported from `node:util`: importing it cost every fresh process that loads the runtime 5
 * million instructions (about 1.4 ms here), where the hook is handed `inspect` when it runs.
 */
export const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/**
 * What of `util.inspect`'s options the hooks use (Node's `InspectOptions`, written out:
 * a twin imports no `node:` module, not even for types; docs/architecture.md, "Node twins").
 */
export interface InspectOptions {
  stylize(text: string, style: string): string;
  depth?: number | null;
  maxArrayLength?: number | null;
  [option: string]: unknown;
}

/** `util.inspect`, as Node hands it to a hook: `inspect(value, options)`. */
export type Inspect = (value: unknown, options?: InspectOptions) => string;

/** A hook: what Node calls with the depth left, the caller's options and `inspect` itself. */
export type Hook = (this: any, depth: number, options: InspectOptions, inspect: Inspect | undefined) => unknown;

/**
 * Puts `hook` on each class's prototype. A runtime that calls the hook without Node's third
 * argument (`inspect`) and has no `process.getBuiltinModule` to fetch it gets the value itself
 * (the plain object, the array of elements) to print its own way.
 */
export function install(classes: readonly { prototype: object }[], hook: Hook): void {
  function withInspect(this: unknown, depth: number, options: InspectOptions, inspect?: Inspect): unknown {
    return hook.call(this, depth, { ...options, stylize: options?.stylize ?? ((text: string) => text) }, inspect ?? nodeInspect());
  }
  for (const c of classes) {
    Object.defineProperty(c.prototype, INSPECT, { value: withInspect, writable: true, configurable: true });
  }
}

function nodeInspect(): Inspect | undefined {
  const process = (globalThis as { process?: { getBuiltinModule?: (name: string) => { inspect?: Inspect } | undefined } }).process;
  return process?.getBuiltinModule?.('node:util')?.inspect;
}

/** Runs `read`, then gives back whatever it charged against `arena`'s traversal limit. */
function uncharged<T>(arena: Arena | undefined, read: () => T): T {
  if (arena === undefined) return read();
  const left = arena.traversalWordsLeft;
  const reserve = arena.traversalReserve;
  try {
    return read();
  } finally {
    arena.traversalWordsLeft = left;
    arena.traversalReserve = reserve;
  }
}

/** What a value that could not be read prints as: its class and the error, on one line. */
function unreadable(name: string, error: unknown, options: InspectOptions): string {
  const reason = error instanceof Error ? error.message : String(error);
  return `${name} ${options.stylize(`<unreadable: ${reason}>`, 'undefined')}`;
}

/**
 * A struct: `name`, then its plain-object form as `toObject` gives it, read with `arena`'s
 * traversal budget given back afterwards. What the dynamic API's hooks print with too.
 */
export function printStruct(
  name: string, arena: Arena | undefined, toObject: () => unknown, depth: number, options: InspectOptions, inspect: Inspect | undefined,
): unknown {
  const label = options.stylize(name, 'special');
  if (depth < 0) return `[${label}]`;
  let value: unknown;
  try {
    value = uncharged(arena, toObject);
  } catch (error) {
    return unreadable(label, error, options);
  }
  return inspect === undefined ? value : `${label} ${inspect(value, { ...options, depth })}`;
}

/**
 * A list: `name(length)`, then its elements (`get`) as an array, as many as `maxArrayLength`
 * allows (the rest counted, as Node counts an array's): a list of a million elements prints
 * its first hundred without reading the others.
 */
export function printList(
  name: string, length: number, arena: Arena | undefined, get: (index: number) => unknown, depth: number, options: InspectOptions, inspect: Inspect | undefined,
): unknown {
  const label = options.stylize(`${name}(${length})`, 'special');
  if (depth < 0) return `[${label}]`;
  const max = Math.max(0, options.maxArrayLength ?? Infinity);
  // One place is kept for the count of the rest, so that Node's own count does not add to it.
  const shown = length > max ? Math.max(0, max - 1) : length;
  const items: unknown[] = [];
  try {
    uncharged(arena, () => {
      for (let i = 0; i < shown; i++) items.push(get(i));
    });
  } catch (error) {
    return unreadable(label, error, options);
  }
  const rest = length - shown;
  const more = `... ${rest} more item${rest === 1 ? '' : 's'}`;
  // With no room at all (`maxArrayLength: 0`) Node would count the placeholder itself.
  if (shown === 0 && rest > 0) return `${label} [ ${more} ]`;
  if (rest > 0) items.push({ [INSPECT]: () => more });
  return inspect === undefined ? items : `${label} ${inspect(items, { ...options, depth })}`;
}

/** A generated reader or builder: its class, then its plain-object form. */
function inspectStruct(this: { $segment: Segment; $toObject?: () => unknown }, depth: number, options: InspectOptions, inspect: Inspect | undefined): unknown {
  // A class without the plain-object form prints as any other object.
  if (typeof this.$toObject !== 'function') return this;
  return printStruct(this.constructor.name, this.$segment?.arena, () => this.$toObject!(), depth, options, inspect);
}

interface InspectedList {
  readonly length: number;
  /** Absent from a List(Void) being built, whose elements are all null. */
  get?(index: number): unknown;
  readonly segment?: Segment;
  readonly $?: { segment?: Segment };
}

/** One of the runtime's typed lists, read or being built (lists being built have no limit to give back). */
function inspectList(this: InspectedList, depth: number, options: InspectOptions, inspect: Inspect | undefined): unknown {
  const arena = this.segment?.arena ?? this.$?.segment?.arena;
  return printList(this.constructor.name, this.length, arena, (i) => (this.get === undefined ? null : this.get(i)), depth, options, inspect);
}

function inspectSegment(this: Segment, depth: number, options: InspectOptions, inspect: Inspect | undefined): unknown {
  const value = { id: this.id, bytes: this.used - this.start };
  return inspect === undefined ? value : `${options.stylize('Segment', 'special')} ${inspect(value, { ...options, depth })}`;
}

function inspectArena(this: Arena, depth: number, options: InspectOptions, inspect: Inspect | undefined): unknown {
  const segments = this.segments.length;
  const value = { segments, words: totalWords(this), writable: this.writable };
  return inspect === undefined ? value : `${options.stylize('Arena', 'special')} ${inspect(value, { ...options, depth })}`;
}

install([GeneratedReaderCore, GeneratedBuilderCore], inspectStruct);
install([StructList, PointerList, BoolList, VoidList, StructListBuilder, PointerListBuilder, BoolListBuilder, VoidListBuilder, PrimitiveListBuilder], inspectList);
install([Segment], inspectSegment);
install([Arena], inspectArena);
