// Generated from std/capnp/persistent.capnp by scripts/generate-std.mjs (Capstan's compiler and
// code generator). Do not edit: run `npm run build && node scripts/generate-std.mjs`.

import * as $ from '../../runtime/private.js';
import * as $rpc from '../../rpc/index.js';

/** Plain-object form of `Persistent.SaveParams`. */
export type Persistent_SaveParams<SturdyRef extends $.PointerCodec<any, any, any, any> = $.AnyPointerCodec, Owner extends $.PointerCodec<any, any, any, any> = $.AnyPointerCodec> = {
  /**
   * Who the token is for. Only that party may restore it; a token that leaks is useless to
   * anyone else.
   */
  sealFor: $.ObjectOf<Owner> | null;
};
/** What `Persistent_SaveParamsBuilder.assign` and `encode` accept for `Persistent_SaveParams`: any subset of its fields. */
export type Persistent_SaveParamsInit<SturdyRef extends $.PointerCodec<any, any, any, any> = $.AnyPointerCodec, Owner extends $.PointerCodec<any, any, any, any> = $.AnyPointerCodec> = {
  /**
   * Who the token is for. Only that party may restore it; a token that leaks is useless to
   * anyone else.
   */
  sealFor?: $.InitOf<Owner> | null;
};

export class Persistent_SaveParamsReader<SturdyRef extends $.PointerCodec<any, any, any, any> = $.AnyPointerCodec, Owner extends $.PointerCodec<any, any, any, any> = $.AnyPointerCodec> extends $.GeneratedReader<Persistent_SaveParams<SturdyRef, Owner>> {
  /** Codecs of the type parameters, as bound where this type is used. */
  readonly $params: readonly $.PointerCodec<any, any, any, any>[];

  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number, params: readonly $.PointerCodec<any, any, any, any>[] = []) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$nesting = nesting;
    this.$params = params;
  }

  /**
   * `sealFor @0 :Owner`:
   * Who the token is for. Only that party may restore it; a token that leaks is useless to
   * anyone else.
   */
  get sealFor(): $.ReaderOf<Owner> {
    return $.param(this.$params, 1).read(this.$, 0) as $.ReaderOf<Owner>;
  }

  hasSealFor(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  override $toObject(): Persistent_SaveParams<SturdyRef, Owner> {
    return {
      sealFor: $.param(this.$params, 1).toObject(this.$, 0) as $.ObjectOf<Owner> | null,
    };
  }
}

export class Persistent_SaveParamsBuilder<SturdyRef extends $.PointerCodec<any, any, any, any> = $.AnyPointerCodec, Owner extends $.PointerCodec<any, any, any, any> = $.AnyPointerCodec> extends $.GeneratedBuilder<Persistent_SaveParams<SturdyRef, Owner>, Persistent_SaveParamsInit<SturdyRef, Owner>, Persistent_SaveParamsReader<SturdyRef, Owner>> {
  /** Codecs of the type parameters, as bound where this type is used. */
  readonly $params: readonly $.PointerCodec<any, any, any, any>[];

  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, params: readonly $.PointerCodec<any, any, any, any>[] = []) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$params = params;
  }

  /**
   * `sealFor @0 :Owner`:
   * Who the token is for. Only that party may restore it; a token that leaks is useless to
   * anyone else.
   */
  get sealFor(): $.BuilderOf<Owner> {
    return $.param(this.$params, 1).get(this.$, 0) as $.BuilderOf<Owner>;
  }

  set sealFor(value: $.InitOf<Owner> | null) {
    $.param(this.$params, 1).set(this.$, 0, value);
  }

  hasSealFor(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownSealFor(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptSealFor(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.AdoptAs.ANY);
  }

  override $assign(value: Persistent_SaveParamsInit<SturdyRef, Owner>): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'Persistent_SaveParams');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["sealFor"], 'Persistent_SaveParams');
    let $k = '';
    try {
      if (value.sealFor !== undefined) { $k = 'sealFor'; this.sealFor = value.sealFor; }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): Persistent_SaveParamsReader<SturdyRef, Owner> {
    return new Persistent_SaveParamsReader<SturdyRef, Owner>(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING, this.$params);
  }
}

/** Plain-object form of `Persistent.SaveResults`. */
export type Persistent_SaveResults<SturdyRef extends $.PointerCodec<any, any, any, any> = $.AnyPointerCodec, Owner extends $.PointerCodec<any, any, any, any> = $.AnyPointerCodec> = {
  sturdyRef: $.ObjectOf<SturdyRef> | null;
};
/** What `Persistent_SaveResultsBuilder.assign` and `encode` accept for `Persistent_SaveResults`: any subset of its fields. */
export type Persistent_SaveResultsInit<SturdyRef extends $.PointerCodec<any, any, any, any> = $.AnyPointerCodec, Owner extends $.PointerCodec<any, any, any, any> = $.AnyPointerCodec> = {
  sturdyRef?: $.InitOf<SturdyRef> | null;
};

export class Persistent_SaveResultsReader<SturdyRef extends $.PointerCodec<any, any, any, any> = $.AnyPointerCodec, Owner extends $.PointerCodec<any, any, any, any> = $.AnyPointerCodec> extends $.GeneratedReader<Persistent_SaveResults<SturdyRef, Owner>> {
  /** Codecs of the type parameters, as bound where this type is used. */
  readonly $params: readonly $.PointerCodec<any, any, any, any>[];

  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number, params: readonly $.PointerCodec<any, any, any, any>[] = []) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$nesting = nesting;
    this.$params = params;
  }

  /** `sturdyRef @0 :SturdyRef` */
  get sturdyRef(): $.ReaderOf<SturdyRef> {
    return $.param(this.$params, 0).read(this.$, 0) as $.ReaderOf<SturdyRef>;
  }

  hasSturdyRef(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  override $toObject(): Persistent_SaveResults<SturdyRef, Owner> {
    return {
      sturdyRef: $.param(this.$params, 0).toObject(this.$, 0) as $.ObjectOf<SturdyRef> | null,
    };
  }
}

export class Persistent_SaveResultsBuilder<SturdyRef extends $.PointerCodec<any, any, any, any> = $.AnyPointerCodec, Owner extends $.PointerCodec<any, any, any, any> = $.AnyPointerCodec> extends $.GeneratedBuilder<Persistent_SaveResults<SturdyRef, Owner>, Persistent_SaveResultsInit<SturdyRef, Owner>, Persistent_SaveResultsReader<SturdyRef, Owner>> {
  /** Codecs of the type parameters, as bound where this type is used. */
  readonly $params: readonly $.PointerCodec<any, any, any, any>[];

  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, params: readonly $.PointerCodec<any, any, any, any>[] = []) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$params = params;
  }

  /** `sturdyRef @0 :SturdyRef` */
  get sturdyRef(): $.BuilderOf<SturdyRef> {
    return $.param(this.$params, 0).get(this.$, 0) as $.BuilderOf<SturdyRef>;
  }

  set sturdyRef(value: $.InitOf<SturdyRef> | null) {
    $.param(this.$params, 0).set(this.$, 0, value);
  }

  hasSturdyRef(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownSturdyRef(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptSturdyRef(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.AdoptAs.ANY);
  }

  override $assign(value: Persistent_SaveResultsInit<SturdyRef, Owner>): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'Persistent_SaveResults');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["sturdyRef"], 'Persistent_SaveResults');
    let $k = '';
    try {
      if (value.sturdyRef !== undefined) { $k = 'sturdyRef'; this.sturdyRef = value.sturdyRef; }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): Persistent_SaveResultsReader<SturdyRef, Owner> {
    return new Persistent_SaveResultsReader<SturdyRef, Owner>(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING, this.$params);
  }
}

export const Persistent_SaveParams = /* @__PURE__ */ new $.StructType<Persistent_SaveParams, Persistent_SaveParamsInit, Persistent_SaveParamsReader, Persistent_SaveParamsBuilder>(0xf76fba59183073a5n, "capnp/persistent.capnp:Persistent.SaveParams", 0, 1, Persistent_SaveParamsReader, Persistent_SaveParamsBuilder);
export const Persistent_SaveResults = /* @__PURE__ */ new $.StructType<Persistent_SaveResults, Persistent_SaveResultsInit, Persistent_SaveResultsReader, Persistent_SaveResultsBuilder>(0xb76848c18c40efbfn, "capnp/persistent.capnp:Persistent.SaveResults", 0, 1, Persistent_SaveResultsReader, Persistent_SaveResultsBuilder);

/** A capability of interface `Persistent`: Implemented by capabilities that can be saved.
 * 
 * `SturdyRef` is the type of the saved token on the network in use; `Owner` identifies who a
 * token is issued to, so that it cannot be used by anyone else. */
export class PersistentClient<SturdyRef extends $.PointerCodec<any, any, any, any> = $.AnyPointerCodec, Owner extends $.PointerCodec<any, any, any, any> = $.AnyPointerCodec> extends $rpc.Client {
  /** `save @0 Persistent.SaveParams -> Persistent.SaveResults` — Saves the capability and returns a token that can restore it later. */
  save(params?: $rpc.ParamsInput<Persistent_SaveParamsInit<SturdyRef, Owner> | Persistent_SaveParamsReader<SturdyRef, Owner>, Persistent_SaveParamsBuilder<SturdyRef, Owner>>, options?: $rpc.CallMethodOptions): $rpc.RpcPromise<Persistent_SaveResultsReader<SturdyRef, Owner>> {
    return $rpc.callMethod(this, $infoOf_Persistent(), $infoOf_Persistent().methods[0]!, params, options, $rpc.RpcPromise<Persistent_SaveResultsReader<SturdyRef, Owner>>, this.$params);
  }
}

/** What a server of `Persistent` implements: any subset of its methods (the rest answer `unimplemented`). */
export interface PersistentServer<SturdyRef extends $.PointerCodec<any, any, any, any> = $.AnyPointerCodec, Owner extends $.PointerCodec<any, any, any, any> = $.AnyPointerCodec> {
  /** `save @0 Persistent.SaveParams -> Persistent.SaveResults` — Saves the capability and returns a token that can restore it later. */
  save?(params: Persistent_SaveParamsReader<SturdyRef, Owner>, context: $rpc.CallContext<Persistent_SaveResultsBuilder<SturdyRef, Owner>>): Promise<Persistent_SaveResultsInit<SturdyRef, Owner> | void> | Persistent_SaveResultsInit<SturdyRef, Owner> | void;
}

/** Implemented by capabilities that can be saved.
 * 
 * `SturdyRef` is the type of the saved token on the network in use; `Owner` identifies who a
 * token is issued to, so that it cannot be used by anyone else. */
export const Persistent = {
  typeId: 0xc8cb212fcd9f5691n,
  displayName: "capnp/persistent.capnp:Persistent",
  methods: {
    save: { ordinal: 0, params: Persistent_SaveParams, results: Persistent_SaveResults },
  },
  /** The client class of this interface. */
  Client: PersistentClient,
  /** A capability served here by `impl`, its parameters bound to `params` (close it when done: the server's [Symbol.dispose] runs when the last reference goes). */
  serve<SturdyRef extends $.PointerCodec<any, any, any, any> = $.AnyPointerCodec, Owner extends $.PointerCodec<any, any, any, any> = $.AnyPointerCodec>(impl: PersistentServer<SturdyRef, Owner>, params?: readonly [SturdyRef, Owner]): PersistentClient<SturdyRef, Owner> {
    return $rpc.serve(PersistentClient<SturdyRef, Owner>, Persistent.$info, impl, params);
  },
  /** The interface as the RPC runtime sees it. */
  get $info(): $rpc.InterfaceInfo {
    return $infoOf_Persistent();
  },
};
let $info_Persistent: $rpc.InterfaceInfo | undefined;
/** `Persistent.$info`, made on first use. */
const $infoOf_Persistent = (): $rpc.InterfaceInfo => $info_Persistent ??= {
  typeId: 0xc8cb212fcd9f5691n,
  displayName: "capnp/persistent.capnp:Persistent",
  methods: [
    { name: "save", ordinal: 0, params: $rpc.methodStruct(0, 1, Persistent_SaveParamsReader, Persistent_SaveParamsBuilder), results: $rpc.methodStruct(0, 1, Persistent_SaveResultsReader, Persistent_SaveResultsBuilder), streaming: false },
  ],
  superclasses: [],
};
