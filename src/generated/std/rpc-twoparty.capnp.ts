// Generated from std/capnp/rpc-twoparty.capnp by scripts/generate-std.mjs (Capstan's compiler and
// code generator). Do not edit: run `npm run build && node scripts/generate-std.mjs`.

import * as $ from '../../runtime/private.js';
import * as $rpc from '../../rpc/index.js';

/** Which end of the connection. */
export const Side = {
  /** The side that accepted the connection. */
  server: 0,
  /** The side that initiated it. */
  client: 1,
} as const;
/** Which end of the connection. */
export type Side = (typeof Side)[keyof typeof Side];

/** On a two-party network a vat is known only by its side. */
export type VatId = {
  side: Side;
};
/** What `VatIdBuilder.assign` and `encode` accept for `VatId`: any subset of its fields. */
export type VatIdInit = {
  side?: Side;
};

/** On a two-party network a vat is known only by its side. */
export class VatIdReader extends $.GeneratedReader<VatId> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number) {
    super();
    this.$segment = segment;
    this.$view = segment.view;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$nesting = nesting;
    if (dataSize < 8) $.padDataSection(this, 8);
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): VatIdReader {
    return new VatIdReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** `side @0 :Side` */
  get side(): Side {
    return this.$view.getUint16(this.$data, true) as Side;
  }

  override $toObject(): VatId {
    return {
      side: this.$view.getUint16(this.$data, true) as Side,
    };
  }
}

/** On a two-party network a vat is known only by its side. */
export class VatIdBuilder extends $.GeneratedBuilder<VatId, VatIdInit, VatIdReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): VatIdBuilder {
    return new VatIdBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** `side @0 :Side` */
  get side(): Side {
    return this.$segment.view.getUint16(this.$data, true) as Side;
  }

  set side(value: Side) {
    this.$segment.view.setUint16(this.$data, value, true);
  }

  override $assign(value: VatIdInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'VatId');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["side"], 'VatId');
    let $k = '';
    try {
      if (value.side !== undefined) { $k = 'side'; this.side = $.checkEnum(value.side, "Side"); }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): VatIdReader {
    return new VatIdReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** Only used for joins here. */
export type ThirdPartyCompletion = {
  /** The join this completes. */
  joinId: number;
};
/** What `ThirdPartyCompletionBuilder.assign` and `encode` accept for `ThirdPartyCompletion`: any subset of its fields. */
export type ThirdPartyCompletionInit = {
  /** The join this completes. */
  joinId?: number;
};

/** Only used for joins here. */
export class ThirdPartyCompletionReader extends $.GeneratedReader<ThirdPartyCompletion> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number) {
    super();
    this.$segment = segment;
    this.$view = segment.view;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$nesting = nesting;
    if (dataSize < 8) $.padDataSection(this, 8);
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): ThirdPartyCompletionReader {
    return new ThirdPartyCompletionReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** `joinId @0 :UInt32`: The join this completes. */
  get joinId(): number {
    return this.$view.getUint32(this.$data, true);
  }

  override $toObject(): ThirdPartyCompletion {
    return {
      joinId: this.$view.getUint32(this.$data, true),
    };
  }
}

/** Only used for joins here. */
export class ThirdPartyCompletionBuilder extends $.GeneratedBuilder<ThirdPartyCompletion, ThirdPartyCompletionInit, ThirdPartyCompletionReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): ThirdPartyCompletionBuilder {
    return new ThirdPartyCompletionBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** `joinId @0 :UInt32`: The join this completes. */
  get joinId(): number {
    return this.$segment.view.getUint32(this.$data, true);
  }

  set joinId(value: number) {
    this.$segment.view.setUint32(this.$data, value, true);
  }

  override $assign(value: ThirdPartyCompletionInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'ThirdPartyCompletion');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["joinId"], 'ThirdPartyCompletion');
    let $k = '';
    try {
      if (value.joinId !== undefined) { $k = 'joinId'; this.joinId = $.checkUInt32(value.joinId); }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): ThirdPartyCompletionReader {
    return new ThirdPartyCompletionReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** Unused: there is never a third party. */
export type ThirdPartyToAwait = { [key: string]: never };
/** What `ThirdPartyToAwaitBuilder.assign` and `encode` accept for `ThirdPartyToAwait`: any subset of its fields. */
export type ThirdPartyToAwaitInit = { [key: string]: never };

/** Unused: there is never a third party. */
export class ThirdPartyToAwaitReader extends $.GeneratedReader<ThirdPartyToAwait> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$nesting = nesting;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): ThirdPartyToAwaitReader {
    return new ThirdPartyToAwaitReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  override $toObject(): ThirdPartyToAwait {
    return {} as ThirdPartyToAwait;
  }
}

/** Unused: there is never a third party. */
export class ThirdPartyToAwaitBuilder extends $.GeneratedBuilder<ThirdPartyToAwait, ThirdPartyToAwaitInit, ThirdPartyToAwaitReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): ThirdPartyToAwaitBuilder {
    return new ThirdPartyToAwaitBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  override $assign(value: ThirdPartyToAwaitInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'ThirdPartyToAwait');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, [], 'ThirdPartyToAwait');
  }

  override $asReader(): ThirdPartyToAwaitReader {
    return new ThirdPartyToAwaitReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** Unused: there is never a third party. */
export type ThirdPartyToContact = { [key: string]: never };
/** What `ThirdPartyToContactBuilder.assign` and `encode` accept for `ThirdPartyToContact`: any subset of its fields. */
export type ThirdPartyToContactInit = { [key: string]: never };

/** Unused: there is never a third party. */
export class ThirdPartyToContactReader extends $.GeneratedReader<ThirdPartyToContact> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$nesting = nesting;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): ThirdPartyToContactReader {
    return new ThirdPartyToContactReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  override $toObject(): ThirdPartyToContact {
    return {} as ThirdPartyToContact;
  }
}

/** Unused: there is never a third party. */
export class ThirdPartyToContactBuilder extends $.GeneratedBuilder<ThirdPartyToContact, ThirdPartyToContactInit, ThirdPartyToContactReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): ThirdPartyToContactBuilder {
    return new ThirdPartyToContactBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  override $assign(value: ThirdPartyToContactInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'ThirdPartyToContact');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, [], 'ThirdPartyToContact');
  }

  override $asReader(): ThirdPartyToContactReader {
    return new ThirdPartyToContactReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** A part of the key of a join, which on this network is checked by the one peer. */
export type JoinKeyPart = {
  /** Chosen by the joining side; the same for all parts of one join. */
  joinId: number;
  /** How many parts the join has. */
  partCount: number;
  /** Which part this is, from 0. */
  partNum: number;
};
/** What `JoinKeyPartBuilder.assign` and `encode` accept for `JoinKeyPart`: any subset of its fields. */
export type JoinKeyPartInit = {
  /** Chosen by the joining side; the same for all parts of one join. */
  joinId?: number;
  /** How many parts the join has. */
  partCount?: number;
  /** Which part this is, from 0. */
  partNum?: number;
};

/** A part of the key of a join, which on this network is checked by the one peer. */
export class JoinKeyPartReader extends $.GeneratedReader<JoinKeyPart> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number) {
    super();
    this.$segment = segment;
    this.$view = segment.view;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$nesting = nesting;
    if (dataSize < 8) $.padDataSection(this, 8);
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): JoinKeyPartReader {
    return new JoinKeyPartReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** `joinId @0 :UInt32`: Chosen by the joining side; the same for all parts of one join. */
  get joinId(): number {
    return this.$view.getUint32(this.$data, true);
  }

  /** `partCount @1 :UInt16`: How many parts the join has. */
  get partCount(): number {
    return this.$view.getUint16(this.$data + 4, true);
  }

  /** `partNum @2 :UInt16`: Which part this is, from 0. */
  get partNum(): number {
    return this.$view.getUint16(this.$data + 6, true);
  }

  override $toObject(): JoinKeyPart {
    return {
      joinId: this.$view.getUint32(this.$data, true),
      partCount: this.$view.getUint16(this.$data + 4, true),
      partNum: this.$view.getUint16(this.$data + 6, true),
    };
  }
}

/** A part of the key of a join, which on this network is checked by the one peer. */
export class JoinKeyPartBuilder extends $.GeneratedBuilder<JoinKeyPart, JoinKeyPartInit, JoinKeyPartReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): JoinKeyPartBuilder {
    return new JoinKeyPartBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** `joinId @0 :UInt32`: Chosen by the joining side; the same for all parts of one join. */
  get joinId(): number {
    return this.$segment.view.getUint32(this.$data, true);
  }

  set joinId(value: number) {
    this.$segment.view.setUint32(this.$data, value, true);
  }

  /** `partCount @1 :UInt16`: How many parts the join has. */
  get partCount(): number {
    return this.$segment.view.getUint16(this.$data + 4, true);
  }

  set partCount(value: number) {
    this.$segment.view.setUint16(this.$data + 4, value, true);
  }

  /** `partNum @2 :UInt16`: Which part this is, from 0. */
  get partNum(): number {
    return this.$segment.view.getUint16(this.$data + 6, true);
  }

  set partNum(value: number) {
    this.$segment.view.setUint16(this.$data + 6, value, true);
  }

  override $assign(value: JoinKeyPartInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'JoinKeyPart');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["joinId", "partCount", "partNum"], 'JoinKeyPart');
    let $k = '';
    try {
      if (value.joinId !== undefined) { $k = 'joinId'; this.joinId = $.checkUInt32(value.joinId); }
      if (value.partCount !== undefined) { $k = 'partCount'; this.partCount = $.checkUInt16(value.partCount); }
      if (value.partNum !== undefined) { $k = 'partNum'; this.partNum = $.checkUInt16(value.partNum); }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): JoinKeyPartReader {
    return new JoinKeyPartReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** Plain-object form of `JoinResult`. */
export type JoinResult = {
  joinId: number;
  /** Whether all parts designated the same object. */
  succeeded: boolean;
  /** That object, on success (sent with the last part's answer). */
  cap: $rpc.Client | null;
};
/** What `JoinResultBuilder.assign` and `encode` accept for `JoinResult`: any subset of its fields. */
export type JoinResultInit = {
  joinId?: number;
  /** Whether all parts designated the same object. */
  succeeded?: boolean;
  /** That object, on success (sent with the last part's answer). */
  cap?: $rpc.Client | null;
};

export class JoinResultReader extends $.GeneratedReader<JoinResult> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number) {
    super();
    this.$segment = segment;
    this.$view = segment.view;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$nesting = nesting;
    if (dataSize < 8) $.padDataSection(this, 8);
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): JoinResultReader {
    return new JoinResultReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** `joinId @0 :UInt32` */
  get joinId(): number {
    return this.$view.getUint32(this.$data, true);
  }

  /** `succeeded @1 :Bool`: Whether all parts designated the same object. */
  get succeeded(): boolean {
    return !!(this.$view.getUint8(this.$data + 4) & 1);
  }

  /** `cap @2 :Capability`: That object, on success (sent with the last part's answer). */
  get cap(): $rpc.Client | null {
    return $rpc.capabilityOf($rpc.Client, $.readCapability(this.$segment, this.$pointers, this.$pointerCount, 0));
  }

  hasCap(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  override $toObject(): JoinResult {
    return {
      joinId: this.$view.getUint32(this.$data, true),
      succeeded: !!(this.$view.getUint8(this.$data + 4) & 1),
      cap: $rpc.capabilityOf($rpc.Client, $.readCapability(this.$segment, this.$pointers, this.$pointerCount, 0)),
    };
  }
}

export class JoinResultBuilder extends $.GeneratedBuilder<JoinResult, JoinResultInit, JoinResultReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): JoinResultBuilder {
    return new JoinResultBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** `joinId @0 :UInt32` */
  get joinId(): number {
    return this.$segment.view.getUint32(this.$data, true);
  }

  set joinId(value: number) {
    this.$segment.view.setUint32(this.$data, value, true);
  }

  /** `succeeded @1 :Bool`: Whether all parts designated the same object. */
  get succeeded(): boolean {
    return (this.$segment.view.getUint8(this.$data + 4) & 1) !== 0;
  }

  set succeeded(value: boolean) {
    $.setBit(this.$segment.bytes, this.$data + 4, 1, value);
  }

  /** `cap @2 :Capability`: That object, on success (sent with the last part's answer). */
  get cap(): $rpc.Client | null {
    return $rpc.capabilityOf($rpc.Client, $.readCapabilityAt(this.$segment, this.$pointers));
  }

  set cap(value: $rpc.Client | null) {
    $.setCapability(this.$segment, this.$pointers, value);
  }

  hasCap(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownCap(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptCap(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.AdoptAs.CAPABILITY);
  }

  override $assign(value: JoinResultInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'JoinResult');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["joinId", "succeeded", "cap"], 'JoinResult');
    let $k = '';
    try {
      if (value.joinId !== undefined) { $k = 'joinId'; this.joinId = $.checkUInt32(value.joinId); }
      if (value.succeeded !== undefined) { $k = 'succeeded'; this.succeeded = $.checkBool(value.succeeded); }
      if (value.cap !== undefined) { $k = 'cap'; this.cap = $.checkCapability(value.cap); }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): JoinResultReader {
    return new JoinResultReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

export const VatId = /* @__PURE__ */ new $.StructType<VatId, VatIdInit, VatIdReader, VatIdBuilder>(0xd20b909fee733a8en, "capnp/rpc-twoparty.capnp:VatId", 1, 0, VatIdReader, VatIdBuilder);
export const ThirdPartyCompletion = /* @__PURE__ */ new $.StructType<ThirdPartyCompletion, ThirdPartyCompletionInit, ThirdPartyCompletionReader, ThirdPartyCompletionBuilder>(0xb7e329e92fda637dn, "capnp/rpc-twoparty.capnp:ThirdPartyCompletion", 1, 0, ThirdPartyCompletionReader, ThirdPartyCompletionBuilder);
export const ThirdPartyToAwait = /* @__PURE__ */ new $.StructType<ThirdPartyToAwait, ThirdPartyToAwaitInit, ThirdPartyToAwaitReader, ThirdPartyToAwaitBuilder>(0x9539708bffa85a5dn, "capnp/rpc-twoparty.capnp:ThirdPartyToAwait", 0, 0, ThirdPartyToAwaitReader, ThirdPartyToAwaitBuilder);
export const ThirdPartyToContact = /* @__PURE__ */ new $.StructType<ThirdPartyToContact, ThirdPartyToContactInit, ThirdPartyToContactReader, ThirdPartyToContactBuilder>(0xe8e97b3b9f049b21n, "capnp/rpc-twoparty.capnp:ThirdPartyToContact", 0, 0, ThirdPartyToContactReader, ThirdPartyToContactBuilder);
export const JoinKeyPart = /* @__PURE__ */ new $.StructType<JoinKeyPart, JoinKeyPartInit, JoinKeyPartReader, JoinKeyPartBuilder>(0x95b29059097fca83n, "capnp/rpc-twoparty.capnp:JoinKeyPart", 1, 0, JoinKeyPartReader, JoinKeyPartBuilder);
export const JoinResult = /* @__PURE__ */ new $.StructType<JoinResult, JoinResultInit, JoinResultReader, JoinResultBuilder>(0x9d263a3630b7ebeen, "capnp/rpc-twoparty.capnp:JoinResult", 1, 1, JoinResultReader, JoinResultBuilder);

/** Pipelined access to a `JoinResult` in results that have not arrived yet. */
export class JoinResult$Pipeline extends $rpc.StructPipeline {
  /** `cap`, pipelined: usable before the results arrive. */
  get cap(): $rpc.Client {
    return this.$promise.pipeline($rpc.Client, [...this.$path, 0]);
  }
}
