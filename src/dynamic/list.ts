/**
 * Lists read and built through their element type: `DynamicList` over a `ListReader`,
 * `DynamicListBuilder` over a `ListBuilder`.
 */
import { CapnpError, type ListBuilder, type ListReader, type Orphan } from '../wire/index.js';
import { atStep } from '../runtime/error-path.js';
import { adoptPointer, builderElement, fillList, initList, readElement, setElement, type DynamicValue } from './fields.js';
import { listToObject } from './objects.js';
import { isPointerType, typeName, type DynamicType, type ListType } from './types.js';

/** A list being read. */
export class DynamicList implements Iterable<DynamicValue> {
  readonly type: ListType;
  readonly $: ListReader;

  constructor(type: ListType, reader: ListReader) {
    this.type = type;
    this.$ = reader;
  }

  get element(): DynamicType {
    return this.type.element;
  }

  get length(): number {
    return this.$.length;
  }

  /** Element `index`, in the form `DynamicStruct.get` gives field values. */
  get(index: number): DynamicValue {
    return readElement(this.$, index, this.type.element);
  }

  *[Symbol.iterator](): Iterator<DynamicValue> {
    for (let i = 0; i < this.$.length; i++) yield readElement(this.$, i, this.type.element);
  }

  /** The elements, as `get` reads them. */
  toArray(): DynamicValue[] {
    return Array.from(this);
  }

  /** The plain-object form: an array of the elements' object forms. */
  toObject(): unknown[] {
    return listToObject(this.$, this.type.element);
  }
}

/** A list being built. Its length is fixed when it is initialized. */
export class DynamicListBuilder {
  readonly type: ListType;
  readonly $: ListBuilder;

  constructor(type: ListType, builder: ListBuilder) {
    this.type = type;
    this.$ = builder;
  }

  get element(): DynamicType {
    return this.type.element;
  }

  get length(): number {
    return this.$.length;
  }

  /** Element `index`: primitives as values; structs, lists and AnyPointers as builders. */
  get(index: number): DynamicValue {
    return builderElement(this.$, index, this.type.element);
  }

  /** Sets element `index` (struct elements from objects or readers, copied). */
  set(index: number, value: unknown): void {
    try {
      setElement(this.$, index, this.type.element, value, `List(${typeName(this.type.element)})`);
    } catch (e) {
      throw atStep(e, index);
    }
  }

  /** Initializes element `index` of a list of lists as a new list of `size` elements. */
  init(index: number, size: number): DynamicListBuilder {
    const element = this.type.element;
    if (element.kind !== 'list') throw new CapnpError('INVALID_ARGUMENT', `elements of List(${typeName(element)}) are not lists`);
    return new DynamicListBuilder(element, initList(this.$.getPointer(index), element.element, size));
  }

  /** Sets elements from `values`, starting at 0 (undefined entries are skipped). */
  setAll(values: ArrayLike<unknown>): void {
    if (values.length > this.$.length) {
      throw new CapnpError('INDEX_OUT_OF_RANGE', `${values.length} values do not fit a list of length ${this.$.length}`);
    }
    fillList(this.$, this.type.element, values, `List(${typeName(this.type.element)})`);
  }

  /** Detaches element `index` of a list of pointers (it becomes null), to adopt it elsewhere in this message. */
  disown(index: number): Orphan {
    this.requirePointers('disown');
    return this.$.disown(index);
  }

  /**
   * Attaches an orphan of this message as element `index` of a list of pointers; it must hold
   * what the element type reads, as for `DynamicStructBuilder#adopt`.
   */
  adopt(index: number, orphan: Orphan): void {
    this.requirePointers('adopt');
    adoptPointer(this.$.getPointer(index), this.type.element, orphan, `element ${index} of List(${typeName(this.type.element)})`);
  }

  asReader(): DynamicList {
    return new DynamicList(this.type, this.$.asReader());
  }

  toObject(): unknown[] {
    return listToObject(this.$.asReader(), this.type.element);
  }

  /** Struct elements lie in the list itself, and primitives are no objects: neither is disowned. */
  private requirePointers(what: string): void {
    const element = this.type.element;
    if (!isPointerType(element) || element.kind === 'struct') {
      throw new CapnpError('INVALID_ARGUMENT', `cannot ${what} elements of List(${typeName(element)}): they are not pointers`);
    }
  }
}
