// Generated from std/capnp/compat/json.capnp by scripts/generate-std.mjs (Capstan's compiler and
// code generator). Do not edit: run `npm run build && node scripts/generate-std.mjs`.

import * as $ from '../../../runtime/private.js';

const $which0 = ["null", "boolean", "number", "string", "array", "object", "call", "raw"] as const;

/** Any JSON value. */
export type Value = (
  | { null: null }
  | { boolean: boolean }
  | { number: number }
  | { string: string | null }
  | { array: Value[] | null }
  | { object: Value_Field[] | null }
  | { call: Value_Call | null }
  | { raw: string | null }
);
/** What `ValueBuilder.assign` and `encode` accept for `Value`: any subset of its fields. */
export type ValueInit = (
  | { null?: null; boolean?: never; number?: never; string?: never; array?: never; object?: never; call?: never; raw?: never }
  | { boolean?: boolean; null?: never; number?: never; string?: never; array?: never; object?: never; call?: never; raw?: never }
  | { number?: number; null?: never; boolean?: never; string?: never; array?: never; object?: never; call?: never; raw?: never }
  | { string?: string | null; null?: never; boolean?: never; number?: never; array?: never; object?: never; call?: never; raw?: never }
  | { array?: $.ListInit<ValueInit | ValueReader> | null; null?: never; boolean?: never; number?: never; string?: never; object?: never; call?: never; raw?: never }
  | { object?: $.ListInit<Value_FieldInit | Value_FieldReader> | null; null?: never; boolean?: never; number?: never; string?: never; array?: never; call?: never; raw?: never }
  | { call?: Value_CallInit | Value_CallReader | null; null?: never; boolean?: never; number?: never; string?: never; array?: never; object?: never; raw?: never }
  | { raw?: string | null; null?: never; boolean?: never; number?: never; string?: never; array?: never; object?: never; call?: never }
);

/** Any JSON value. */
export class ValueReader extends $.GeneratedReader<Value> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number) {
    super();
    this.$segment = segment;
    this.$view = segment.view;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$nesting = nesting;
    if (dataSize < 16) $.padDataSection(this, 16);
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): ValueReader {
    return new ValueReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** The active member of the union (undefined for a member this code does not know). */
  which(): 'null' | 'boolean' | 'number' | 'string' | 'array' | 'object' | 'call' | 'raw' | undefined {
    return $which0[this.$view.getUint16(this.$data, true)];
  }

  /** `null @0 :Void` */
  get null(): null {
    return null;
  }

  /** `boolean @1 :Bool` */
  get boolean(): boolean {
    return !!(this.$view.getUint8(this.$data + 2) & 1);
  }

  /** `number @2 :Float64` */
  get number(): number {
    return this.$view.getFloat64(this.$data + 8, true);
  }

  /** `string @3 :Text` */
  get string(): string {
    return $.readTextAt(this.$segment, this.$slot(0), '');
  }

  hasString(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  /** `array @4 :List(Value)` */
  get array(): $.StructList<ValueReader> {
    return $.readStructList(this.$segment, this.$pointers, this.$pointerCount, 0, this.$nesting, ValueReader);
  }

  hasArray(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  /** `object @5 :List(Value.Field)`: Members in order; a name may repeat. */
  get object(): $.StructList<Value_FieldReader> {
    return $.readStructList(this.$segment, this.$pointers, this.$pointerCount, 0, this.$nesting, Value_FieldReader);
  }

  hasObject(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  /** `call @6 :Value.Call`: Not standard JSON: a function call, `name(arg, ...)`, as some dialects allow. */
  get call(): Value_CallReader {
    return $.structReaderAt(Value_CallReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null));
  }

  hasCall(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  /** `raw @7 :Text`: Text copied into the output as is, which must be valid JSON. Never produced by parsing. */
  get raw(): string {
    return $.readTextAt(this.$segment, this.$slot(0), '');
  }

  hasRaw(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  override $toObject(): Value {
    const object: { [key: string]: unknown } = {};
    switch (this.$view.getUint16(this.$data, true)) {
      case 0: object["null"] = null; break;
      case 1: object["boolean"] = !!(this.$view.getUint8(this.$data + 2) & 1); break;
      case 2: object["number"] = this.$view.getFloat64(this.$data + 8, true); break;
      case 3: object["string"] = $.textOrNull(this.$segment, this.$pointers, this.$pointerCount, 0); break;
      case 4: object["array"] = $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0) ? $.structListToObject($.readList(this.$segment, this.$pointers, this.$pointerCount, 0, $.ElementSize.INLINE_COMPOSITE, this.$nesting), ValueReader) as Value[] | null : null; break;
      case 5: object["object"] = $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0) ? $.structListToObject($.readList(this.$segment, this.$pointers, this.$pointerCount, 0, $.ElementSize.INLINE_COMPOSITE, this.$nesting), Value_FieldReader) as Value_Field[] | null : null; break;
      case 6: object["call"] = $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0) ? $.structReaderAt(Value_CallReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null)).$toObject() : null; break;
      case 7: object["raw"] = $.textOrNull(this.$segment, this.$pointers, this.$pointerCount, 0); break;
    }
    return object as Value;
  }
}

/** Any JSON value. */
export class ValueBuilder extends $.GeneratedBuilder<Value, ValueInit, ValueReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): ValueBuilder {
    return new ValueBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** The active member of the union (undefined for a member this code does not know). */
  which(): 'null' | 'boolean' | 'number' | 'string' | 'array' | 'object' | 'call' | 'raw' | undefined {
    return $which0[this.$segment.view.getUint16(this.$data, true)];
  }

  /** `null @0 :Void` */
  get null(): null {
    return null;
  }

  set null(value: null) {
    void value;
    this.$segment.view.setUint16(this.$data, 0, true);
  }

  /** `boolean @1 :Bool` */
  get boolean(): boolean {
    return (this.$segment.view.getUint8(this.$data + 2) & 1) !== 0;
  }

  set boolean(value: boolean) {
    $.setBit(this.$segment.bytes, this.$data + 2, 1, value);
    this.$segment.view.setUint16(this.$data, 1, true);
  }

  /** `number @2 :Float64` */
  get number(): number {
    return this.$segment.view.getFloat64(this.$data + 8, true);
  }

  set number(value: number) {
    this.$segment.view.setFloat64(this.$data + 8, value, true);
    this.$segment.view.setUint16(this.$data, 2, true);
  }

  /** `string @3 :Text` */
  get string(): string {
    return $.readTextAt(this.$segment, this.$pointers, '');
  }

  set string(value: string | null) {
    $.setText(this.$segment, this.$pointers, value);
    this.$segment.view.setUint16(this.$data, 3, true);
  }

  hasString(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownString(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptString(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.ElementSize.BYTE);
    this.$segment.view.setUint16(this.$data, 3, true);
  }

  /** New Text of `byteLength` zero bytes to fill with UTF-8 (the view is valid until the message next allocates). */
  initString(byteLength: number): Uint8Array {
    const $value = $.initText(this.$segment, this.$pointers, byteLength);
    this.$segment.view.setUint16(this.$data, 3, true);
    return $value;
  }

  /** `array @4 :List(Value)` */
  get array(): $.StructListBuilder<ValueBuilder> {
    return $.getStructListOf(this.$segment, this.$pointers, 2, 1, ValueBuilder);
  }

  set array(value: $.ListInit<ValueInit | ValueReader> | null) {
    $.assignListAt(this.$segment, this.$pointers, Value, value);
    this.$segment.view.setUint16(this.$data, 4, true);
  }

  hasArray(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownArray(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptArray(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.ElementSize.INLINE_COMPOSITE);
    this.$segment.view.setUint16(this.$data, 4, true);
  }

  initArray(length: number): $.StructListBuilder<ValueBuilder> {
    const $value = $.initStructListOf(this.$segment, this.$pointers, length, 2, 1, ValueBuilder);
    this.$segment.view.setUint16(this.$data, 4, true);
    return $value;
  }

  /** `object @5 :List(Value.Field)`: Members in order; a name may repeat. */
  get object(): $.StructListBuilder<Value_FieldBuilder> {
    return $.getStructListOf(this.$segment, this.$pointers, 0, 2, Value_FieldBuilder);
  }

  set object(value: $.ListInit<Value_FieldInit | Value_FieldReader> | null) {
    $.assignListAt(this.$segment, this.$pointers, Value_Field, value);
    this.$segment.view.setUint16(this.$data, 5, true);
  }

  hasObject(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownObject(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptObject(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.ElementSize.INLINE_COMPOSITE);
    this.$segment.view.setUint16(this.$data, 5, true);
  }

  initObject(length: number): $.StructListBuilder<Value_FieldBuilder> {
    const $value = $.initStructListOf(this.$segment, this.$pointers, length, 0, 2, Value_FieldBuilder);
    this.$segment.view.setUint16(this.$data, 5, true);
    return $value;
  }

  /** `call @6 :Value.Call`: Not standard JSON: a function call, `name(arg, ...)`, as some dialects allow. */
  get call(): Value_CallBuilder {
    return $.getStruct<Value_CallBuilder>(Value_CallBuilder, this.$segment, this.$pointers, 0, 2);
  }

  set call(value: Value_CallInit | Value_CallReader | null) {
    Value_Call.set(this.$, 0, value);
    this.$segment.view.setUint16(this.$data, 6, true);
  }

  hasCall(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownCall(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptCall(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.AdoptAs.STRUCT);
    this.$segment.view.setUint16(this.$data, 6, true);
  }

  initCall(): Value_CallBuilder {
    this.$segment.view.setUint16(this.$data, 6, true);
    return $.initStruct<Value_CallBuilder>(Value_CallBuilder, this.$segment, this.$pointers, 0, 2);
  }

  /** `raw @7 :Text`: Text copied into the output as is, which must be valid JSON. Never produced by parsing. */
  get raw(): string {
    return $.readTextAt(this.$segment, this.$pointers, '');
  }

  set raw(value: string | null) {
    $.setText(this.$segment, this.$pointers, value);
    this.$segment.view.setUint16(this.$data, 7, true);
  }

  hasRaw(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownRaw(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptRaw(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.ElementSize.BYTE);
    this.$segment.view.setUint16(this.$data, 7, true);
  }

  /** New Text of `byteLength` zero bytes to fill with UTF-8 (the view is valid until the message next allocates). */
  initRaw(byteLength: number): Uint8Array {
    const $value = $.initText(this.$segment, this.$pointers, byteLength);
    this.$segment.view.setUint16(this.$data, 7, true);
    return $value;
  }

  override $assign(value: ValueInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'Value');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["null", "boolean", "number", "string", "array", "object", "call", "raw"], 'Value');
    let $k = '';
    try {
      $k = '';
      $.checkOneMember(value, ["null", "boolean", "number", "string", "array", "object", "call", "raw"], 'Value');
      if (value.null !== undefined) { $k = 'null'; this.null = $.checkVoid(value.null); }
      if (value.boolean !== undefined) { $k = 'boolean'; this.boolean = $.checkBool(value.boolean); }
      if (value.number !== undefined) { $k = 'number'; this.number = $.checkFloat64(value.number); }
      if (value.string !== undefined) { $k = 'string'; this.string = value.string; }
      if (value.array !== undefined) { $k = 'array'; this.array = value.array; }
      if (value.object !== undefined) { $k = 'object'; this.object = value.object; }
      if (value.call !== undefined) { $k = 'call'; this.call = value.call; }
      if (value.raw !== undefined) { $k = 'raw'; this.raw = value.raw; }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): ValueReader {
    return new ValueReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** Plain-object form of `Value.Field`. */
export type Value_Field = {
  name: string | null;
  value: Value | null;
};
/** What `Value_FieldBuilder.assign` and `encode` accept for `Value_Field`: any subset of its fields. */
export type Value_FieldInit = {
  name?: string | null;
  value?: ValueInit | ValueReader | null;
};

export class Value_FieldReader extends $.GeneratedReader<Value_Field> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$nesting = nesting;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): Value_FieldReader {
    return new Value_FieldReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** `name @0 :Text` */
  get name(): string {
    return $.readTextAt(this.$segment, this.$slot(0), '');
  }

  hasName(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  /** `value @1 :Value` */
  get value(): ValueReader {
    return $.structReaderAt(ValueReader, $.locateStructAt(this.$segment, this.$slot(1), this.$nesting, null));
  }

  hasValue(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 1);
  }

  override $toObject(): Value_Field {
    return {
      name: $.textOrNull(this.$segment, this.$pointers, this.$pointerCount, 0),
      value: $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 1) ? $.structReaderAt(ValueReader, $.locateStructAt(this.$segment, this.$slot(1), this.$nesting, null)).$toObject() : null,
    };
  }
}

export class Value_FieldBuilder extends $.GeneratedBuilder<Value_Field, Value_FieldInit, Value_FieldReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): Value_FieldBuilder {
    return new Value_FieldBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** `name @0 :Text` */
  get name(): string {
    return $.readTextAt(this.$segment, this.$pointers, '');
  }

  set name(value: string | null) {
    $.setText(this.$segment, this.$pointers, value);
  }

  hasName(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownName(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptName(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.ElementSize.BYTE);
  }

  /** New Text of `byteLength` zero bytes to fill with UTF-8 (the view is valid until the message next allocates). */
  initName(byteLength: number): Uint8Array {
    return $.initText(this.$segment, this.$pointers, byteLength);
  }

  /** `value @1 :Value` */
  get value(): ValueBuilder {
    return $.getStruct<ValueBuilder>(ValueBuilder, this.$segment, this.$pointers + 8, 2, 1);
  }

  set value(value: ValueInit | ValueReader | null) {
    Value.set(this.$, 1, value);
  }

  hasValue(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers + 8);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownValue(): $.Orphan {
    return $.disown(this.$segment, this.$pointers + 8);
  }

  adoptValue(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers + 8, orphan, $.AdoptAs.STRUCT);
  }

  initValue(): ValueBuilder {
    return $.initStruct<ValueBuilder>(ValueBuilder, this.$segment, this.$pointers + 8, 2, 1);
  }

  override $assign(value: Value_FieldInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'Value_Field');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["name", "value"], 'Value_Field');
    let $k = '';
    try {
      if (value.name !== undefined) { $k = 'name'; this.name = value.name; }
      if (value.value !== undefined) { $k = 'value'; this.value = value.value; }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): Value_FieldReader {
    return new Value_FieldReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** Plain-object form of `Value.Call`. */
export type Value_Call = {
  function: string | null;
  params: Value[] | null;
};
/** What `Value_CallBuilder.assign` and `encode` accept for `Value_Call`: any subset of its fields. */
export type Value_CallInit = {
  function?: string | null;
  params?: $.ListInit<ValueInit | ValueReader> | null;
};

export class Value_CallReader extends $.GeneratedReader<Value_Call> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$nesting = nesting;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): Value_CallReader {
    return new Value_CallReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** `function @0 :Text` */
  get function(): string {
    return $.readTextAt(this.$segment, this.$slot(0), '');
  }

  hasFunction(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  /** `params @1 :List(Value)` */
  get params(): $.StructList<ValueReader> {
    return $.readStructList(this.$segment, this.$pointers, this.$pointerCount, 1, this.$nesting, ValueReader);
  }

  hasParams(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 1);
  }

  override $toObject(): Value_Call {
    return {
      function: $.textOrNull(this.$segment, this.$pointers, this.$pointerCount, 0),
      params: $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 1) ? $.structListToObject($.readList(this.$segment, this.$pointers, this.$pointerCount, 1, $.ElementSize.INLINE_COMPOSITE, this.$nesting), ValueReader) as Value[] | null : null,
    };
  }
}

export class Value_CallBuilder extends $.GeneratedBuilder<Value_Call, Value_CallInit, Value_CallReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): Value_CallBuilder {
    return new Value_CallBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** `function @0 :Text` */
  get function(): string {
    return $.readTextAt(this.$segment, this.$pointers, '');
  }

  set function(value: string | null) {
    $.setText(this.$segment, this.$pointers, value);
  }

  hasFunction(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownFunction(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptFunction(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.ElementSize.BYTE);
  }

  /** New Text of `byteLength` zero bytes to fill with UTF-8 (the view is valid until the message next allocates). */
  initFunction(byteLength: number): Uint8Array {
    return $.initText(this.$segment, this.$pointers, byteLength);
  }

  /** `params @1 :List(Value)` */
  get params(): $.StructListBuilder<ValueBuilder> {
    return $.getStructListOf(this.$segment, this.$pointers + 8, 2, 1, ValueBuilder);
  }

  set params(value: $.ListInit<ValueInit | ValueReader> | null) {
    $.assignListAt(this.$segment, this.$pointers + 8, Value, value);
  }

  hasParams(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers + 8);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownParams(): $.Orphan {
    return $.disown(this.$segment, this.$pointers + 8);
  }

  adoptParams(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers + 8, orphan, $.ElementSize.INLINE_COMPOSITE);
  }

  initParams(length: number): $.StructListBuilder<ValueBuilder> {
    return $.initStructListOf(this.$segment, this.$pointers + 8, length, 2, 1, ValueBuilder);
  }

  override $assign(value: Value_CallInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'Value_Call');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["function", "params"], 'Value_Call');
    let $k = '';
    try {
      if (value.function !== undefined) { $k = 'function'; this.function = value.function; }
      if (value.params !== undefined) { $k = 'params'; this.params = value.params; }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): Value_CallReader {
    return new Value_CallReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** Plain-object form of `FlattenOptions`. */
export type FlattenOptions = {
  /** Prepended to the names of the flattened members (to keep them apart from others). */
  prefix: string | null;
};
/** What `FlattenOptionsBuilder.assign` and `encode` accept for `FlattenOptions`: any subset of its fields. */
export type FlattenOptionsInit = {
  /** Prepended to the names of the flattened members (to keep them apart from others). */
  prefix?: string | null;
};

export class FlattenOptionsReader extends $.GeneratedReader<FlattenOptions> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$nesting = nesting;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): FlattenOptionsReader {
    return new FlattenOptionsReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** `prefix @0 :Text`: Prepended to the names of the flattened members (to keep them apart from others). */
  get prefix(): string {
    return $.readTextAt(this.$segment, this.$slot(0), "");
  }

  hasPrefix(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  override $toObject(): FlattenOptions {
    return {
      prefix: $.readText(this.$segment, this.$pointers, this.$pointerCount, 0, ""),
    };
  }
}

export class FlattenOptionsBuilder extends $.GeneratedBuilder<FlattenOptions, FlattenOptionsInit, FlattenOptionsReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): FlattenOptionsBuilder {
    return new FlattenOptionsBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** `prefix @0 :Text`: Prepended to the names of the flattened members (to keep them apart from others). */
  get prefix(): string {
    return $.readTextAt(this.$segment, this.$pointers, "");
  }

  set prefix(value: string | null) {
    $.setText(this.$segment, this.$pointers, value);
  }

  hasPrefix(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownPrefix(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptPrefix(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.ElementSize.BYTE);
  }

  /** New Text of `byteLength` zero bytes to fill with UTF-8 (the view is valid until the message next allocates). */
  initPrefix(byteLength: number): Uint8Array {
    return $.initText(this.$segment, this.$pointers, byteLength);
  }

  override $assign(value: FlattenOptionsInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'FlattenOptions');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["prefix"], 'FlattenOptions');
    let $k = '';
    try {
      if (value.prefix !== undefined) { $k = 'prefix'; this.prefix = value.prefix; }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): FlattenOptionsReader {
    return new FlattenOptionsReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** Plain-object form of `DiscriminatorOptions`. */
export type DiscriminatorOptions = {
  /** The name of the property holding the member's name (default: the union's own name). */
  name: string | null;
  /**
   * If set, the member's value goes in a property with this name instead of one named after
   * the member (useful for members that are not structs).
   */
  valueName: string | null;
};
/** What `DiscriminatorOptionsBuilder.assign` and `encode` accept for `DiscriminatorOptions`: any subset of its fields. */
export type DiscriminatorOptionsInit = {
  /** The name of the property holding the member's name (default: the union's own name). */
  name?: string | null;
  /**
   * If set, the member's value goes in a property with this name instead of one named after
   * the member (useful for members that are not structs).
   */
  valueName?: string | null;
};

export class DiscriminatorOptionsReader extends $.GeneratedReader<DiscriminatorOptions> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$nesting = nesting;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): DiscriminatorOptionsReader {
    return new DiscriminatorOptionsReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** `name @0 :Text`: The name of the property holding the member's name (default: the union's own name). */
  get name(): string {
    return $.readTextAt(this.$segment, this.$slot(0), '');
  }

  hasName(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  /**
   * `valueName @1 :Text`:
   * If set, the member's value goes in a property with this name instead of one named after
   * the member (useful for members that are not structs).
   */
  get valueName(): string {
    return $.readTextAt(this.$segment, this.$slot(1), '');
  }

  hasValueName(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 1);
  }

  override $toObject(): DiscriminatorOptions {
    return {
      name: $.textOrNull(this.$segment, this.$pointers, this.$pointerCount, 0),
      valueName: $.textOrNull(this.$segment, this.$pointers, this.$pointerCount, 1),
    };
  }
}

export class DiscriminatorOptionsBuilder extends $.GeneratedBuilder<DiscriminatorOptions, DiscriminatorOptionsInit, DiscriminatorOptionsReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): DiscriminatorOptionsBuilder {
    return new DiscriminatorOptionsBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** `name @0 :Text`: The name of the property holding the member's name (default: the union's own name). */
  get name(): string {
    return $.readTextAt(this.$segment, this.$pointers, '');
  }

  set name(value: string | null) {
    $.setText(this.$segment, this.$pointers, value);
  }

  hasName(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownName(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptName(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.ElementSize.BYTE);
  }

  /** New Text of `byteLength` zero bytes to fill with UTF-8 (the view is valid until the message next allocates). */
  initName(byteLength: number): Uint8Array {
    return $.initText(this.$segment, this.$pointers, byteLength);
  }

  /**
   * `valueName @1 :Text`:
   * If set, the member's value goes in a property with this name instead of one named after
   * the member (useful for members that are not structs).
   */
  get valueName(): string {
    return $.readTextAt(this.$segment, this.$pointers + 8, '');
  }

  set valueName(value: string | null) {
    $.setText(this.$segment, this.$pointers + 8, value);
  }

  hasValueName(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers + 8);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownValueName(): $.Orphan {
    return $.disown(this.$segment, this.$pointers + 8);
  }

  adoptValueName(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers + 8, orphan, $.ElementSize.BYTE);
  }

  /** New Text of `byteLength` zero bytes to fill with UTF-8 (the view is valid until the message next allocates). */
  initValueName(byteLength: number): Uint8Array {
    return $.initText(this.$segment, this.$pointers + 8, byteLength);
  }

  override $assign(value: DiscriminatorOptionsInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'DiscriminatorOptions');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["name", "valueName"], 'DiscriminatorOptions');
    let $k = '';
    try {
      if (value.name !== undefined) { $k = 'name'; this.name = value.name; }
      if (value.valueName !== undefined) { $k = 'valueName'; this.valueName = value.valueName; }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): DiscriminatorOptionsReader {
    return new DiscriminatorOptionsReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

export const Value = /* @__PURE__ */ new $.StructType<Value, ValueInit, ValueReader, ValueBuilder>(0xa3fa7845f919dd83n, "capnp/compat/json.capnp:Value", 2, 1, ValueReader, ValueBuilder);
export const Value_Field = /* @__PURE__ */ new $.StructType<Value_Field, Value_FieldInit, Value_FieldReader, Value_FieldBuilder>(0xe31026e735d69ddfn, "capnp/compat/json.capnp:Value.Field", 0, 2, Value_FieldReader, Value_FieldBuilder);
export const Value_Call = /* @__PURE__ */ new $.StructType<Value_Call, Value_CallInit, Value_CallReader, Value_CallBuilder>(0xa0d9f6eca1c93d48n, "capnp/compat/json.capnp:Value.Call", 0, 2, Value_CallReader, Value_CallBuilder);
export const FlattenOptions = /* @__PURE__ */ new $.StructType<FlattenOptions, FlattenOptionsInit, FlattenOptionsReader, FlattenOptionsBuilder>(0xc4df13257bc2ea61n, "capnp/compat/json.capnp:FlattenOptions", 0, 1, FlattenOptionsReader, FlattenOptionsBuilder);
export const DiscriminatorOptions = /* @__PURE__ */ new $.StructType<DiscriminatorOptions, DiscriminatorOptionsInit, DiscriminatorOptionsReader, DiscriminatorOptionsBuilder>(0xc2f8c20c293e5319n, "capnp/compat/json.capnp:DiscriminatorOptions", 0, 2, DiscriminatorOptionsReader, DiscriminatorOptionsBuilder);
