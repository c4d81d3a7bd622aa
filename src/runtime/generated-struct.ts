/**
 * The base classes of generated readers and builders: what every generated struct class
 * shares (where its struct sits, the untyped view of it, the friendly aliases) lives here once,
 * so a generated class holds only its fields.
 *
 * Why the location is plain fields rather than a wrapped wire-level `StructReader`: generated
 * data getters read `this.$view` at byte offsets computed at generation time, with no object
 * between them and the bytes (see codegen/struct-gen.ts). Each generated class assigns them in
 * its own constructor (below: why not here), always in the same order, so every instance of one
 * generated class keeps one shape.
 *
 * Two levels per side: the `Core` classes hold the location, the `Base` classes add the
 * aliases (`toObject()` for `$toObject()`, ...). A struct with a field named like an alias
 * extends the core instead and gets the alias under a `$`-suffixed name: the schema's names win.
 */
import { locateUnpackedRoot, StructBuilder, StructReader, type Segment, type UnpackedReadOptions } from '../wire/index.js';
import type { ReaderClass } from './access.js';
import { withAssignOptions, type AssignOptions } from './unknown-keys.js';
import { NO_NESTING_LIMIT } from '../wire/core/limits.js';

/**
 * Where a generated reader's struct sits: segment, byte offsets, section sizes, nesting budget.
 * The fields are declared here and assigned by each generated class's own constructor: a
 * constructor shared by every generated class would see every class's hidden class at its
 * stores and go megamorphic (measured: reading micro's nested3 took 7x as long), while a
 * constructor per class stays monomorphic. Treat them as read-only.
 */
export class GeneratedReaderCore {
  declare $segment: Segment;
  /**
   * What the data getters read, at `$data`: the segment's DataView, or, for a struct written with
   * a smaller data section than this class's (`padDataSection`), a zero-filled copy of it.
   * Assigned only by readers of structs with a data section (others have no data getter).
   */
  declare $view: DataView;
  /**
   * Where the data getters read in `$view` (moved by list iteration): the data section's byte
   * offset in the segment, or 0 in a padded copy. The section itself is always at `$pointers -
   * $dataSize`, which is what code reading the segment uses.
   */
  declare $data: number;
  declare $pointers: number;
  /** Section sizes as the message has them (an older writer's struct may be smaller). */
  declare $dataSize: number;
  declare $pointerCount: number;
  /** How many more levels of pointers may be followed below this struct. */
  declare $nesting: number;

  /**
   * The byte offset of pointer `index`, or -1 when the struct (written by an older schema) has
   * none: what generated Text getters hand to `readTextAt`. Small enough that V8 inlines it
   * wherever it is called; one call fewer a string than the runtime's `readText` (news read-all
   * 0.96× instructions). Written out rather than calling access.ts's `slot`, which computes the
   * same: through that call news read-all counted 1.6% more instructions (V8 inlined less).
   */
  $slot(index: number): number {
    return index < this.$pointerCount ? this.$pointers + index * 8 : -1;
  }

  /** This struct as an untyped wire-level reader. */
  get $(): StructReader {
    return new StructReader(this.$segment, this.$pointers - this.$dataSize, this.$dataSize, this.$pointers, this.$pointerCount, this.$nesting);
  }

  /**
   * Reads a binary (default) or flat message and returns its root as this reader class:
   * `PersonReader.read(bytes)`, as `Person.read(bytes)` does. Packed input is `unpack()`ed first.
   *
   * Why the reader classes offer this too: `Person` (the struct type) also holds the builder
   * and `encode`, so an application that imports it bundles the writing half of Capstan as
   * well. One that only reads can import `PersonReader` instead, and a bundler leaves out the
   * builders, the packing codec, canonical form and copying (docs/codegen.md, "Bundle size").
   */
  static read<R>(this: ReaderClass<R>, bytes: Uint8Array | ArrayBuffer, options?: UnpackedReadOptions): R {
    return readRootAs(this, bytes, options);
  }

  /** Bytes to a plain object, in one call: `PersonReader.decode(bytes)` (see `read`). */
  static decode<O>(this: ReaderClass<{ $toObject(): O }>, bytes: Uint8Array | ArrayBuffer, options?: UnpackedReadOptions): O {
    return readRootAs(this, bytes, options).$toObject();
  }
}

/** A generic type read without its parameters bound reads them as AnyPointer. */
const UNBOUND: readonly never[] = [];

function readRootAs<R>(Reader: ReaderClass<R>, bytes: Uint8Array | ArrayBuffer, options: UnpackedReadOptions | undefined): R {
  const at = locateUnpackedRoot(bytes, options);
  return new Reader(at.segment, at.data, at.dataSize, at.data + at.dataSize, at.pointerCount, at.nestingLimit, UNBOUND);
}

/** A generated reader with its `toObject()` alias. `O` is the struct's plain-object type. */
export abstract class GeneratedReader<O> extends GeneratedReaderCore {
  /** The plain-object form of this struct (see docs/objects.md). */
  abstract $toObject(): O;

  /** The plain-object form of this struct (see docs/objects.md). */
  toObject(): O {
    return this.$toObject();
  }
}

/**
 * Where a generated builder's struct sits (assigned by each generated constructor, as for
 * readers). Builders keep no DataView: the segment's buffer may be replaced when the message
 * grows, so setters go through `$segment.view` each time.
 */
export class GeneratedBuilderCore {
  declare $segment: Segment;
  /** Byte offsets of the data and pointer sections (moved by list iteration). */
  declare $data: number;
  declare $pointers: number;
  declare $dataSize: number;
  declare $pointerCount: number;

  /** This struct as an untyped wire-level builder. */
  get $(): StructBuilder {
    return new StructBuilder(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, NO_NESTING_LIMIT);
  }
}

/**
 * A generated builder with its aliases. `O` is the plain-object type, `I` what `assign` accepts,
 * `R` the reader class.
 */
export abstract class GeneratedBuilder<O, I, R extends { $toObject(): O }> extends GeneratedBuilderCore {
  /** Sets the fields present in `value` (undefined ones are left alone). */
  abstract $assign(value: I): void;
  /** This struct, read through its reader class. */
  abstract $asReader(): R;

  /** The plain-object form of this struct (see docs/objects.md). */
  $toObject(): O {
    return this.$asReader().$toObject();
  }

  /**
   * Sets the fields present in `value` (undefined ones are left alone), each value checked
   * against its field's type; `unknownKeys: 'reject'` also refuses properties that name no field.
   */
  assign(value: I, options?: AssignOptions): void {
    if (options?.unknownKeys === undefined) this.$assign(value);
    else withAssignOptions(options, () => this.$assign(value));
  }

  /** This struct, read through its reader class. */
  asReader(): R {
    return this.$asReader();
  }

  /** The plain-object form of this struct (see docs/objects.md). */
  toObject(): O {
    return this.$asReader().$toObject();
  }
}
