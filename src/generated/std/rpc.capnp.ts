// Generated from std/capnp/rpc.capnp by scripts/generate-std.mjs (Capstan's compiler and
// code generator). Do not edit: run `npm run build && node scripts/generate-std.mjs`.

import * as $ from '../../runtime/private.js';

const $which0 = ["unimplemented", "abort", "call", "return", "finish", "resolve", "release", "obsoleteSave", "bootstrap", "obsoleteDelete", "provide", "accept", "join", "disembargo", "thirdPartyAnswer"] as const;
const $which1 = ["caller", "yourself", "thirdParty"] as const;
const $which2 = ["results", "exception", "canceled", "resultsSentElsewhere", "takeFromOtherQuestion", "awaitFromThirdParty"] as const;
const $which3 = ["cap", "exception"] as const;
const $which4 = ["senderLoopback", "receiverLoopback", "accept"] as const;
const $which5 = ["importedCap", "promisedAnswer"] as const;
const $which6 = ["none", "senderHosted", "senderPromise", "receiverHosted", "receiverAnswer", "thirdPartyHosted"] as const;
const $which7 = ["noop", "getPointerField"] as const;

/** One RPC message. */
export type Message = (
  | { unimplemented: Message | null }
  | { abort: Exception | null }
  | { bootstrap: Bootstrap | null }
  | { call: Call | null }
  | { return: Return | null }
  | { finish: Finish | null }
  | { resolve: Resolve | null }
  | { release: Release | null }
  | { disembargo: Disembargo | null }
  | { obsoleteSave: $.AnyPointerReader | null }
  | { obsoleteDelete: $.AnyPointerReader | null }
  | { provide: Provide | null }
  | { accept: Accept | null }
  | { thirdPartyAnswer: ThirdPartyAnswer | null }
  | { join: Join | null }
);
/** What `MessageBuilder.assign` and `encode` accept for `Message`: any subset of its fields. */
export type MessageInit = (
  | { unimplemented?: MessageInit | MessageReader | null; abort?: never; bootstrap?: never; call?: never; return?: never; finish?: never; resolve?: never; release?: never; disembargo?: never; obsoleteSave?: never; obsoleteDelete?: never; provide?: never; accept?: never; thirdPartyAnswer?: never; join?: never }
  | { abort?: ExceptionInit | ExceptionReader | null; unimplemented?: never; bootstrap?: never; call?: never; return?: never; finish?: never; resolve?: never; release?: never; disembargo?: never; obsoleteSave?: never; obsoleteDelete?: never; provide?: never; accept?: never; thirdPartyAnswer?: never; join?: never }
  | { bootstrap?: BootstrapInit | BootstrapReader | null; unimplemented?: never; abort?: never; call?: never; return?: never; finish?: never; resolve?: never; release?: never; disembargo?: never; obsoleteSave?: never; obsoleteDelete?: never; provide?: never; accept?: never; thirdPartyAnswer?: never; join?: never }
  | { call?: CallInit | CallReader | null; unimplemented?: never; abort?: never; bootstrap?: never; return?: never; finish?: never; resolve?: never; release?: never; disembargo?: never; obsoleteSave?: never; obsoleteDelete?: never; provide?: never; accept?: never; thirdPartyAnswer?: never; join?: never }
  | { return?: ReturnInit | ReturnReader | null; unimplemented?: never; abort?: never; bootstrap?: never; call?: never; finish?: never; resolve?: never; release?: never; disembargo?: never; obsoleteSave?: never; obsoleteDelete?: never; provide?: never; accept?: never; thirdPartyAnswer?: never; join?: never }
  | { finish?: FinishInit | FinishReader | null; unimplemented?: never; abort?: never; bootstrap?: never; call?: never; return?: never; resolve?: never; release?: never; disembargo?: never; obsoleteSave?: never; obsoleteDelete?: never; provide?: never; accept?: never; thirdPartyAnswer?: never; join?: never }
  | { resolve?: ResolveInit | ResolveReader | null; unimplemented?: never; abort?: never; bootstrap?: never; call?: never; return?: never; finish?: never; release?: never; disembargo?: never; obsoleteSave?: never; obsoleteDelete?: never; provide?: never; accept?: never; thirdPartyAnswer?: never; join?: never }
  | { release?: ReleaseInit | ReleaseReader | null; unimplemented?: never; abort?: never; bootstrap?: never; call?: never; return?: never; finish?: never; resolve?: never; disembargo?: never; obsoleteSave?: never; obsoleteDelete?: never; provide?: never; accept?: never; thirdPartyAnswer?: never; join?: never }
  | { disembargo?: DisembargoInit | DisembargoReader | null; unimplemented?: never; abort?: never; bootstrap?: never; call?: never; return?: never; finish?: never; resolve?: never; release?: never; obsoleteSave?: never; obsoleteDelete?: never; provide?: never; accept?: never; thirdPartyAnswer?: never; join?: never }
  | { obsoleteSave?: $.AnyValue | null; unimplemented?: never; abort?: never; bootstrap?: never; call?: never; return?: never; finish?: never; resolve?: never; release?: never; disembargo?: never; obsoleteDelete?: never; provide?: never; accept?: never; thirdPartyAnswer?: never; join?: never }
  | { obsoleteDelete?: $.AnyValue | null; unimplemented?: never; abort?: never; bootstrap?: never; call?: never; return?: never; finish?: never; resolve?: never; release?: never; disembargo?: never; obsoleteSave?: never; provide?: never; accept?: never; thirdPartyAnswer?: never; join?: never }
  | { provide?: ProvideInit | ProvideReader | null; unimplemented?: never; abort?: never; bootstrap?: never; call?: never; return?: never; finish?: never; resolve?: never; release?: never; disembargo?: never; obsoleteSave?: never; obsoleteDelete?: never; accept?: never; thirdPartyAnswer?: never; join?: never }
  | { accept?: AcceptInit | AcceptReader | null; unimplemented?: never; abort?: never; bootstrap?: never; call?: never; return?: never; finish?: never; resolve?: never; release?: never; disembargo?: never; obsoleteSave?: never; obsoleteDelete?: never; provide?: never; thirdPartyAnswer?: never; join?: never }
  | { thirdPartyAnswer?: ThirdPartyAnswerInit | ThirdPartyAnswerReader | null; unimplemented?: never; abort?: never; bootstrap?: never; call?: never; return?: never; finish?: never; resolve?: never; release?: never; disembargo?: never; obsoleteSave?: never; obsoleteDelete?: never; provide?: never; accept?: never; join?: never }
  | { join?: JoinInit | JoinReader | null; unimplemented?: never; abort?: never; bootstrap?: never; call?: never; return?: never; finish?: never; resolve?: never; release?: never; disembargo?: never; obsoleteSave?: never; obsoleteDelete?: never; provide?: never; accept?: never; thirdPartyAnswer?: never }
);

/** One RPC message. */
export class MessageReader extends $.GeneratedReader<Message> {
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

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): MessageReader {
    return new MessageReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** The active member of the union (undefined for a member this code does not know). */
  which(): 'unimplemented' | 'abort' | 'bootstrap' | 'call' | 'return' | 'finish' | 'resolve' | 'release' | 'disembargo' | 'obsoleteSave' | 'obsoleteDelete' | 'provide' | 'accept' | 'thirdPartyAnswer' | 'join' | undefined {
    return $which0[this.$view.getUint16(this.$data, true)];
  }

  /**
   * `unimplemented @0 :Message`:
   * Sent back when a message cannot be handled because its kind is unknown to the receiver
   * (a newer protocol feature); carries the message that was not understood.
   */
  get unimplemented(): MessageReader {
    return $.structReaderAt(MessageReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null));
  }

  hasUnimplemented(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  /** `abort @1 :Exception`: The sender is closing the connection because of the given error. */
  get abort(): ExceptionReader {
    return $.structReaderAt(ExceptionReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null));
  }

  hasAbort(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  /** `bootstrap @8 :Bootstrap` */
  get bootstrap(): BootstrapReader {
    return $.structReaderAt(BootstrapReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null));
  }

  hasBootstrap(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  /** `call @2 :Call` */
  get call(): CallReader {
    return $.structReaderAt(CallReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null));
  }

  hasCall(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  /** `return @3 :Return` */
  get return(): ReturnReader {
    return $.structReaderAt(ReturnReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null));
  }

  hasReturn(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  /** `finish @4 :Finish` */
  get finish(): FinishReader {
    return $.structReaderAt(FinishReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null));
  }

  hasFinish(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  /** `resolve @5 :Resolve` */
  get resolve(): ResolveReader {
    return $.structReaderAt(ResolveReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null));
  }

  hasResolve(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  /** `release @6 :Release` */
  get release(): ReleaseReader {
    return $.structReaderAt(ReleaseReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null));
  }

  hasRelease(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  /** `disembargo @13 :Disembargo` */
  get disembargo(): DisembargoReader {
    return $.structReaderAt(DisembargoReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null));
  }

  hasDisembargo(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  /** `obsoleteSave @7 :AnyPointer`: No longer used (saving capabilities is done with persistent.capnp's interface). */
  get obsoleteSave(): $.AnyPointerReader {
    return $.readPointer(this.$segment, this.$pointers, this.$pointerCount, 0, this.$nesting);
  }

  hasObsoleteSave(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  /** `obsoleteDelete @9 :AnyPointer`: No longer used. */
  get obsoleteDelete(): $.AnyPointerReader {
    return $.readPointer(this.$segment, this.$pointers, this.$pointerCount, 0, this.$nesting);
  }

  hasObsoleteDelete(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  /** `provide @10 :Provide` */
  get provide(): ProvideReader {
    return $.structReaderAt(ProvideReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null));
  }

  hasProvide(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  /** `accept @11 :Accept` */
  get accept(): AcceptReader {
    return $.structReaderAt(AcceptReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null));
  }

  hasAccept(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  /** `thirdPartyAnswer @14 :ThirdPartyAnswer` */
  get thirdPartyAnswer(): ThirdPartyAnswerReader {
    return $.structReaderAt(ThirdPartyAnswerReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null));
  }

  hasThirdPartyAnswer(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  /** `join @12 :Join` */
  get join(): JoinReader {
    return $.structReaderAt(JoinReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null));
  }

  hasJoin(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  override $toObject(): Message {
    const object: { [key: string]: unknown } = {};
    switch (this.$view.getUint16(this.$data, true)) {
      case 0: object["unimplemented"] = $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0) ? $.structReaderAt(MessageReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null)).$toObject() : null; break;
      case 1: object["abort"] = $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0) ? $.structReaderAt(ExceptionReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null)).$toObject() : null; break;
      case 8: object["bootstrap"] = $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0) ? $.structReaderAt(BootstrapReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null)).$toObject() : null; break;
      case 2: object["call"] = $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0) ? $.structReaderAt(CallReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null)).$toObject() : null; break;
      case 3: object["return"] = $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0) ? $.structReaderAt(ReturnReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null)).$toObject() : null; break;
      case 4: object["finish"] = $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0) ? $.structReaderAt(FinishReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null)).$toObject() : null; break;
      case 5: object["resolve"] = $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0) ? $.structReaderAt(ResolveReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null)).$toObject() : null; break;
      case 6: object["release"] = $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0) ? $.structReaderAt(ReleaseReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null)).$toObject() : null; break;
      case 13: object["disembargo"] = $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0) ? $.structReaderAt(DisembargoReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null)).$toObject() : null; break;
      case 7: object["obsoleteSave"] = $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0) ? $.readPointer(this.$segment, this.$pointers, this.$pointerCount, 0, this.$nesting) : null; break;
      case 9: object["obsoleteDelete"] = $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0) ? $.readPointer(this.$segment, this.$pointers, this.$pointerCount, 0, this.$nesting) : null; break;
      case 10: object["provide"] = $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0) ? $.structReaderAt(ProvideReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null)).$toObject() : null; break;
      case 11: object["accept"] = $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0) ? $.structReaderAt(AcceptReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null)).$toObject() : null; break;
      case 14: object["thirdPartyAnswer"] = $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0) ? $.structReaderAt(ThirdPartyAnswerReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null)).$toObject() : null; break;
      case 12: object["join"] = $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0) ? $.structReaderAt(JoinReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null)).$toObject() : null; break;
    }
    return object as Message;
  }
}

/** One RPC message. */
export class MessageBuilder extends $.GeneratedBuilder<Message, MessageInit, MessageReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): MessageBuilder {
    return new MessageBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** The active member of the union (undefined for a member this code does not know). */
  which(): 'unimplemented' | 'abort' | 'bootstrap' | 'call' | 'return' | 'finish' | 'resolve' | 'release' | 'disembargo' | 'obsoleteSave' | 'obsoleteDelete' | 'provide' | 'accept' | 'thirdPartyAnswer' | 'join' | undefined {
    return $which0[this.$segment.view.getUint16(this.$data, true)];
  }

  /**
   * `unimplemented @0 :Message`:
   * Sent back when a message cannot be handled because its kind is unknown to the receiver
   * (a newer protocol feature); carries the message that was not understood.
   */
  get unimplemented(): MessageBuilder {
    return $.getStruct<MessageBuilder>(MessageBuilder, this.$segment, this.$pointers, 1, 1);
  }

  set unimplemented(value: MessageInit | MessageReader | null) {
    Message.set(this.$, 0, value);
    this.$segment.view.setUint16(this.$data, 0, true);
  }

  hasUnimplemented(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownUnimplemented(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptUnimplemented(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.AdoptAs.STRUCT);
    this.$segment.view.setUint16(this.$data, 0, true);
  }

  initUnimplemented(): MessageBuilder {
    this.$segment.view.setUint16(this.$data, 0, true);
    return $.initStruct<MessageBuilder>(MessageBuilder, this.$segment, this.$pointers, 1, 1);
  }

  /** `abort @1 :Exception`: The sender is closing the connection because of the given error. */
  get abort(): ExceptionBuilder {
    return $.getStruct<ExceptionBuilder>(ExceptionBuilder, this.$segment, this.$pointers, 1, 3);
  }

  set abort(value: ExceptionInit | ExceptionReader | null) {
    Exception.set(this.$, 0, value);
    this.$segment.view.setUint16(this.$data, 1, true);
  }

  hasAbort(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownAbort(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptAbort(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.AdoptAs.STRUCT);
    this.$segment.view.setUint16(this.$data, 1, true);
  }

  initAbort(): ExceptionBuilder {
    this.$segment.view.setUint16(this.$data, 1, true);
    return $.initStruct<ExceptionBuilder>(ExceptionBuilder, this.$segment, this.$pointers, 1, 3);
  }

  /** `bootstrap @8 :Bootstrap` */
  get bootstrap(): BootstrapBuilder {
    return $.getStruct<BootstrapBuilder>(BootstrapBuilder, this.$segment, this.$pointers, 1, 1);
  }

  set bootstrap(value: BootstrapInit | BootstrapReader | null) {
    Bootstrap.set(this.$, 0, value);
    this.$segment.view.setUint16(this.$data, 8, true);
  }

  hasBootstrap(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownBootstrap(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptBootstrap(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.AdoptAs.STRUCT);
    this.$segment.view.setUint16(this.$data, 8, true);
  }

  initBootstrap(): BootstrapBuilder {
    this.$segment.view.setUint16(this.$data, 8, true);
    return $.initStruct<BootstrapBuilder>(BootstrapBuilder, this.$segment, this.$pointers, 1, 1);
  }

  /** `call @2 :Call` */
  get call(): CallBuilder {
    return $.getStruct<CallBuilder>(CallBuilder, this.$segment, this.$pointers, 3, 3);
  }

  set call(value: CallInit | CallReader | null) {
    Call.set(this.$, 0, value);
    this.$segment.view.setUint16(this.$data, 2, true);
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
    this.$segment.view.setUint16(this.$data, 2, true);
  }

  initCall(): CallBuilder {
    this.$segment.view.setUint16(this.$data, 2, true);
    return $.initStruct<CallBuilder>(CallBuilder, this.$segment, this.$pointers, 3, 3);
  }

  /** `return @3 :Return` */
  get return(): ReturnBuilder {
    return $.getStruct<ReturnBuilder>(ReturnBuilder, this.$segment, this.$pointers, 2, 1);
  }

  set return(value: ReturnInit | ReturnReader | null) {
    Return.set(this.$, 0, value);
    this.$segment.view.setUint16(this.$data, 3, true);
  }

  hasReturn(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownReturn(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptReturn(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.AdoptAs.STRUCT);
    this.$segment.view.setUint16(this.$data, 3, true);
  }

  initReturn(): ReturnBuilder {
    this.$segment.view.setUint16(this.$data, 3, true);
    return $.initStruct<ReturnBuilder>(ReturnBuilder, this.$segment, this.$pointers, 2, 1);
  }

  /** `finish @4 :Finish` */
  get finish(): FinishBuilder {
    return $.getStruct<FinishBuilder>(FinishBuilder, this.$segment, this.$pointers, 1, 0);
  }

  set finish(value: FinishInit | FinishReader | null) {
    Finish.set(this.$, 0, value);
    this.$segment.view.setUint16(this.$data, 4, true);
  }

  hasFinish(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownFinish(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptFinish(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.AdoptAs.STRUCT);
    this.$segment.view.setUint16(this.$data, 4, true);
  }

  initFinish(): FinishBuilder {
    this.$segment.view.setUint16(this.$data, 4, true);
    return $.initStruct<FinishBuilder>(FinishBuilder, this.$segment, this.$pointers, 1, 0);
  }

  /** `resolve @5 :Resolve` */
  get resolve(): ResolveBuilder {
    return $.getStruct<ResolveBuilder>(ResolveBuilder, this.$segment, this.$pointers, 1, 1);
  }

  set resolve(value: ResolveInit | ResolveReader | null) {
    Resolve.set(this.$, 0, value);
    this.$segment.view.setUint16(this.$data, 5, true);
  }

  hasResolve(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownResolve(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptResolve(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.AdoptAs.STRUCT);
    this.$segment.view.setUint16(this.$data, 5, true);
  }

  initResolve(): ResolveBuilder {
    this.$segment.view.setUint16(this.$data, 5, true);
    return $.initStruct<ResolveBuilder>(ResolveBuilder, this.$segment, this.$pointers, 1, 1);
  }

  /** `release @6 :Release` */
  get release(): ReleaseBuilder {
    return $.getStruct<ReleaseBuilder>(ReleaseBuilder, this.$segment, this.$pointers, 1, 0);
  }

  set release(value: ReleaseInit | ReleaseReader | null) {
    Release.set(this.$, 0, value);
    this.$segment.view.setUint16(this.$data, 6, true);
  }

  hasRelease(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownRelease(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptRelease(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.AdoptAs.STRUCT);
    this.$segment.view.setUint16(this.$data, 6, true);
  }

  initRelease(): ReleaseBuilder {
    this.$segment.view.setUint16(this.$data, 6, true);
    return $.initStruct<ReleaseBuilder>(ReleaseBuilder, this.$segment, this.$pointers, 1, 0);
  }

  /** `disembargo @13 :Disembargo` */
  get disembargo(): DisembargoBuilder {
    return $.getStruct<DisembargoBuilder>(DisembargoBuilder, this.$segment, this.$pointers, 1, 2);
  }

  set disembargo(value: DisembargoInit | DisembargoReader | null) {
    Disembargo.set(this.$, 0, value);
    this.$segment.view.setUint16(this.$data, 13, true);
  }

  hasDisembargo(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownDisembargo(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptDisembargo(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.AdoptAs.STRUCT);
    this.$segment.view.setUint16(this.$data, 13, true);
  }

  initDisembargo(): DisembargoBuilder {
    this.$segment.view.setUint16(this.$data, 13, true);
    return $.initStruct<DisembargoBuilder>(DisembargoBuilder, this.$segment, this.$pointers, 1, 2);
  }

  /** `obsoleteSave @7 :AnyPointer`: No longer used (saving capabilities is done with persistent.capnp's interface). */
  get obsoleteSave(): $.AnyPointerBuilder {
    return $.pointerBuilder(this.$segment, this.$pointers);
  }

  set obsoleteSave(value: $.AnyValue | null) {
    $.setAnyPointer($.pointerBuilder(this.$segment, this.$pointers), value);
    this.$segment.view.setUint16(this.$data, 7, true);
  }

  hasObsoleteSave(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownObsoleteSave(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptObsoleteSave(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.AdoptAs.ANY);
    this.$segment.view.setUint16(this.$data, 7, true);
  }

  initObsoleteSave(): $.AnyPointerBuilder {
    this.$segment.view.setUint16(this.$data, 7, true);
    const slot = $.pointerBuilder(this.$segment, this.$pointers);
    slot.clear();
    return slot;
  }

  /** `obsoleteDelete @9 :AnyPointer`: No longer used. */
  get obsoleteDelete(): $.AnyPointerBuilder {
    return $.pointerBuilder(this.$segment, this.$pointers);
  }

  set obsoleteDelete(value: $.AnyValue | null) {
    $.setAnyPointer($.pointerBuilder(this.$segment, this.$pointers), value);
    this.$segment.view.setUint16(this.$data, 9, true);
  }

  hasObsoleteDelete(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownObsoleteDelete(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptObsoleteDelete(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.AdoptAs.ANY);
    this.$segment.view.setUint16(this.$data, 9, true);
  }

  initObsoleteDelete(): $.AnyPointerBuilder {
    this.$segment.view.setUint16(this.$data, 9, true);
    const slot = $.pointerBuilder(this.$segment, this.$pointers);
    slot.clear();
    return slot;
  }

  /** `provide @10 :Provide` */
  get provide(): ProvideBuilder {
    return $.getStruct<ProvideBuilder>(ProvideBuilder, this.$segment, this.$pointers, 1, 2);
  }

  set provide(value: ProvideInit | ProvideReader | null) {
    Provide.set(this.$, 0, value);
    this.$segment.view.setUint16(this.$data, 10, true);
  }

  hasProvide(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownProvide(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptProvide(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.AdoptAs.STRUCT);
    this.$segment.view.setUint16(this.$data, 10, true);
  }

  initProvide(): ProvideBuilder {
    this.$segment.view.setUint16(this.$data, 10, true);
    return $.initStruct<ProvideBuilder>(ProvideBuilder, this.$segment, this.$pointers, 1, 2);
  }

  /** `accept @11 :Accept` */
  get accept(): AcceptBuilder {
    return $.getStruct<AcceptBuilder>(AcceptBuilder, this.$segment, this.$pointers, 1, 2);
  }

  set accept(value: AcceptInit | AcceptReader | null) {
    Accept.set(this.$, 0, value);
    this.$segment.view.setUint16(this.$data, 11, true);
  }

  hasAccept(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownAccept(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptAccept(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.AdoptAs.STRUCT);
    this.$segment.view.setUint16(this.$data, 11, true);
  }

  initAccept(): AcceptBuilder {
    this.$segment.view.setUint16(this.$data, 11, true);
    return $.initStruct<AcceptBuilder>(AcceptBuilder, this.$segment, this.$pointers, 1, 2);
  }

  /** `thirdPartyAnswer @14 :ThirdPartyAnswer` */
  get thirdPartyAnswer(): ThirdPartyAnswerBuilder {
    return $.getStruct<ThirdPartyAnswerBuilder>(ThirdPartyAnswerBuilder, this.$segment, this.$pointers, 1, 1);
  }

  set thirdPartyAnswer(value: ThirdPartyAnswerInit | ThirdPartyAnswerReader | null) {
    ThirdPartyAnswer.set(this.$, 0, value);
    this.$segment.view.setUint16(this.$data, 14, true);
  }

  hasThirdPartyAnswer(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownThirdPartyAnswer(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptThirdPartyAnswer(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.AdoptAs.STRUCT);
    this.$segment.view.setUint16(this.$data, 14, true);
  }

  initThirdPartyAnswer(): ThirdPartyAnswerBuilder {
    this.$segment.view.setUint16(this.$data, 14, true);
    return $.initStruct<ThirdPartyAnswerBuilder>(ThirdPartyAnswerBuilder, this.$segment, this.$pointers, 1, 1);
  }

  /** `join @12 :Join` */
  get join(): JoinBuilder {
    return $.getStruct<JoinBuilder>(JoinBuilder, this.$segment, this.$pointers, 1, 2);
  }

  set join(value: JoinInit | JoinReader | null) {
    Join.set(this.$, 0, value);
    this.$segment.view.setUint16(this.$data, 12, true);
  }

  hasJoin(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownJoin(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptJoin(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.AdoptAs.STRUCT);
    this.$segment.view.setUint16(this.$data, 12, true);
  }

  initJoin(): JoinBuilder {
    this.$segment.view.setUint16(this.$data, 12, true);
    return $.initStruct<JoinBuilder>(JoinBuilder, this.$segment, this.$pointers, 1, 2);
  }

  override $assign(value: MessageInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'Message');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["unimplemented", "abort", "bootstrap", "call", "return", "finish", "resolve", "release", "disembargo", "obsoleteSave", "obsoleteDelete", "provide", "accept", "thirdPartyAnswer", "join"], 'Message');
    let $k = '';
    try {
      $k = '';
      $.checkOneMember(value, ["unimplemented", "abort", "bootstrap", "call", "return", "finish", "resolve", "release", "disembargo", "obsoleteSave", "obsoleteDelete", "provide", "accept", "thirdPartyAnswer", "join"], 'Message');
      if (value.unimplemented !== undefined) { $k = 'unimplemented'; this.unimplemented = value.unimplemented; }
      if (value.abort !== undefined) { $k = 'abort'; this.abort = value.abort; }
      if (value.bootstrap !== undefined) { $k = 'bootstrap'; this.bootstrap = value.bootstrap; }
      if (value.call !== undefined) { $k = 'call'; this.call = value.call; }
      if (value.return !== undefined) { $k = 'return'; this.return = value.return; }
      if (value.finish !== undefined) { $k = 'finish'; this.finish = value.finish; }
      if (value.resolve !== undefined) { $k = 'resolve'; this.resolve = value.resolve; }
      if (value.release !== undefined) { $k = 'release'; this.release = value.release; }
      if (value.disembargo !== undefined) { $k = 'disembargo'; this.disembargo = value.disembargo; }
      if (value.obsoleteSave !== undefined) { $k = 'obsoleteSave'; this.obsoleteSave = value.obsoleteSave; }
      if (value.obsoleteDelete !== undefined) { $k = 'obsoleteDelete'; this.obsoleteDelete = value.obsoleteDelete; }
      if (value.provide !== undefined) { $k = 'provide'; this.provide = value.provide; }
      if (value.accept !== undefined) { $k = 'accept'; this.accept = value.accept; }
      if (value.thirdPartyAnswer !== undefined) { $k = 'thirdPartyAnswer'; this.thirdPartyAnswer = value.thirdPartyAnswer; }
      if (value.join !== undefined) { $k = 'join'; this.join = value.join; }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): MessageReader {
    return new MessageReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/**
 * Asks the peer for its bootstrap interface: the capability a connection starts from. It is
 * answered like a call, with a Return whose results are the capability.
 */
export type Bootstrap = {
  questionId: number;
  /** No longer used (it once named one of several bootstrap objects). */
  deprecatedObjectId: $.AnyPointerReader | null;
};
/** What `BootstrapBuilder.assign` and `encode` accept for `Bootstrap`: any subset of its fields. */
export type BootstrapInit = {
  questionId?: number;
  /** No longer used (it once named one of several bootstrap objects). */
  deprecatedObjectId?: $.AnyValue | null;
};

/**
 * Asks the peer for its bootstrap interface: the capability a connection starts from. It is
 * answered like a call, with a Return whose results are the capability.
 */
export class BootstrapReader extends $.GeneratedReader<Bootstrap> {
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

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): BootstrapReader {
    return new BootstrapReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** `questionId @0 :UInt32` */
  get questionId(): number {
    return this.$view.getUint32(this.$data, true);
  }

  /** `deprecatedObjectId @1 :AnyPointer`: No longer used (it once named one of several bootstrap objects). */
  get deprecatedObjectId(): $.AnyPointerReader {
    return $.readPointer(this.$segment, this.$pointers, this.$pointerCount, 0, this.$nesting);
  }

  hasDeprecatedObjectId(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  override $toObject(): Bootstrap {
    return {
      questionId: this.$view.getUint32(this.$data, true),
      deprecatedObjectId: $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0) ? $.readPointer(this.$segment, this.$pointers, this.$pointerCount, 0, this.$nesting) : null,
    };
  }
}

/**
 * Asks the peer for its bootstrap interface: the capability a connection starts from. It is
 * answered like a call, with a Return whose results are the capability.
 */
export class BootstrapBuilder extends $.GeneratedBuilder<Bootstrap, BootstrapInit, BootstrapReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): BootstrapBuilder {
    return new BootstrapBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** `questionId @0 :UInt32` */
  get questionId(): number {
    return this.$segment.view.getUint32(this.$data, true);
  }

  set questionId(value: number) {
    this.$segment.view.setUint32(this.$data, value, true);
  }

  /** `deprecatedObjectId @1 :AnyPointer`: No longer used (it once named one of several bootstrap objects). */
  get deprecatedObjectId(): $.AnyPointerBuilder {
    return $.pointerBuilder(this.$segment, this.$pointers);
  }

  set deprecatedObjectId(value: $.AnyValue | null) {
    $.setAnyPointer($.pointerBuilder(this.$segment, this.$pointers), value);
  }

  hasDeprecatedObjectId(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownDeprecatedObjectId(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptDeprecatedObjectId(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.AdoptAs.ANY);
  }

  initDeprecatedObjectId(): $.AnyPointerBuilder {
    const slot = $.pointerBuilder(this.$segment, this.$pointers);
    slot.clear();
    return slot;
  }

  override $assign(value: BootstrapInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'Bootstrap');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["questionId", "deprecatedObjectId"], 'Bootstrap');
    let $k = '';
    try {
      if (value.questionId !== undefined) { $k = 'questionId'; this.questionId = $.checkUInt32(value.questionId); }
      if (value.deprecatedObjectId !== undefined) { $k = 'deprecatedObjectId'; this.deprecatedObjectId = value.deprecatedObjectId; }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): BootstrapReader {
    return new BootstrapReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** Calls a method of a capability. */
export type Call = {
  /** Chosen by the caller; the Return will name it. */
  questionId: number;
  /** The capability called. */
  target: MessageTarget | null;
  /** The interface the method belongs to. */
  interfaceId: bigint;
  /** The method's ordinal in that interface. */
  methodId: number;
  /**
   * The callee may send the results straight to a third vat (for a tail call) instead of back
   * to the caller.
   */
  allowThirdPartyTailCall: boolean;
  /** The caller will not pipeline on the results, so the callee need not keep them for that. */
  noPromisePipelining: boolean;
  /** The caller only wants to pipeline on the results: the Return need not carry them. */
  onlyPromisePipeline: boolean;
  /** The parameter struct, and the capabilities it holds. */
  params: Payload | null;
  /** Where the results go. */
  sendResultsTo: Call_SendResultsTo;
};
/** What `CallBuilder.assign` and `encode` accept for `Call`: any subset of its fields. */
export type CallInit = {
  /** Chosen by the caller; the Return will name it. */
  questionId?: number;
  /** The capability called. */
  target?: MessageTargetInit | MessageTargetReader | null;
  /** The interface the method belongs to. */
  interfaceId?: bigint | number;
  /** The method's ordinal in that interface. */
  methodId?: number;
  /**
   * The callee may send the results straight to a third vat (for a tail call) instead of back
   * to the caller.
   */
  allowThirdPartyTailCall?: boolean;
  /** The caller will not pipeline on the results, so the callee need not keep them for that. */
  noPromisePipelining?: boolean;
  /** The caller only wants to pipeline on the results: the Return need not carry them. */
  onlyPromisePipeline?: boolean;
  /** The parameter struct, and the capabilities it holds. */
  params?: PayloadInit | PayloadReader | null;
  /** Where the results go. */
  sendResultsTo?: Call_SendResultsToInit;
};

/** Calls a method of a capability. */
export class CallReader extends $.GeneratedReader<Call> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number) {
    super();
    this.$segment = segment;
    this.$view = segment.view;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$nesting = nesting;
    if (dataSize < 24) $.padDataSection(this, 24);
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): CallReader {
    return new CallReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** `questionId @0 :UInt32`: Chosen by the caller; the Return will name it. */
  get questionId(): number {
    return this.$view.getUint32(this.$data, true);
  }

  /** `target @1 :MessageTarget`: The capability called. */
  get target(): MessageTargetReader {
    return $.structReaderAt(MessageTargetReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null));
  }

  hasTarget(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  /** `interfaceId @2 :UInt64`: The interface the method belongs to. */
  get interfaceId(): bigint {
    return this.$view.getBigUint64(this.$data + 8, true);
  }

  /** `methodId @3 :UInt16`: The method's ordinal in that interface. */
  get methodId(): number {
    return this.$view.getUint16(this.$data + 4, true);
  }

  /**
   * `allowThirdPartyTailCall @8 :Bool`:
   * The callee may send the results straight to a third vat (for a tail call) instead of back
   * to the caller.
   */
  get allowThirdPartyTailCall(): boolean {
    return !!(this.$view.getUint8(this.$data + 16) & 1);
  }

  /** `noPromisePipelining @9 :Bool`: The caller will not pipeline on the results, so the callee need not keep them for that. */
  get noPromisePipelining(): boolean {
    return !!(this.$view.getUint8(this.$data + 16) & 2);
  }

  /** `onlyPromisePipeline @10 :Bool`: The caller only wants to pipeline on the results: the Return need not carry them. */
  get onlyPromisePipeline(): boolean {
    return !!(this.$view.getUint8(this.$data + 16) & 4);
  }

  /** `params @4 :Payload`: The parameter struct, and the capabilities it holds. */
  get params(): PayloadReader {
    return $.structReaderAt(PayloadReader, $.locateStructAt(this.$segment, this.$slot(1), this.$nesting, null));
  }

  hasParams(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 1);
  }

  /** `sendResultsTo :group`: Where the results go. */
  get sendResultsTo(): Call_SendResultsToReader {
    return new Call_SendResultsToReader(this.$segment, this.$pointers - this.$dataSize, this.$dataSize, this.$pointers, this.$pointerCount, this.$nesting);
  }

  override $toObject(): Call {
    return {
      questionId: this.$view.getUint32(this.$data, true),
      target: $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0) ? $.structReaderAt(MessageTargetReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null)).$toObject() : null,
      interfaceId: this.$view.getBigUint64(this.$data + 8, true),
      methodId: this.$view.getUint16(this.$data + 4, true),
      allowThirdPartyTailCall: !!(this.$view.getUint8(this.$data + 16) & 1),
      noPromisePipelining: !!(this.$view.getUint8(this.$data + 16) & 2),
      onlyPromisePipeline: !!(this.$view.getUint8(this.$data + 16) & 4),
      params: $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 1) ? $.structReaderAt(PayloadReader, $.locateStructAt(this.$segment, this.$slot(1), this.$nesting, null)).$toObject() : null,
      sendResultsTo: new Call_SendResultsToReader(this.$segment, this.$pointers - this.$dataSize, this.$dataSize, this.$pointers, this.$pointerCount, this.$nesting).$toObject(),
    };
  }
}

/** Calls a method of a capability. */
export class CallBuilder extends $.GeneratedBuilder<Call, CallInit, CallReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): CallBuilder {
    return new CallBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** `questionId @0 :UInt32`: Chosen by the caller; the Return will name it. */
  get questionId(): number {
    return this.$segment.view.getUint32(this.$data, true);
  }

  set questionId(value: number) {
    this.$segment.view.setUint32(this.$data, value, true);
  }

  /** `target @1 :MessageTarget`: The capability called. */
  get target(): MessageTargetBuilder {
    return $.getStruct<MessageTargetBuilder>(MessageTargetBuilder, this.$segment, this.$pointers, 1, 1);
  }

  set target(value: MessageTargetInit | MessageTargetReader | null) {
    MessageTarget.set(this.$, 0, value);
  }

  hasTarget(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownTarget(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptTarget(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.AdoptAs.STRUCT);
  }

  initTarget(): MessageTargetBuilder {
    return $.initStruct<MessageTargetBuilder>(MessageTargetBuilder, this.$segment, this.$pointers, 1, 1);
  }

  /** `interfaceId @2 :UInt64`: The interface the method belongs to. */
  get interfaceId(): bigint {
    return this.$segment.view.getBigUint64(this.$data + 8, true);
  }

  set interfaceId(value: bigint | number) {
    this.$segment.view.setBigUint64(this.$data + 8, $.toBigInt(value), true);
  }

  /** `methodId @3 :UInt16`: The method's ordinal in that interface. */
  get methodId(): number {
    return this.$segment.view.getUint16(this.$data + 4, true);
  }

  set methodId(value: number) {
    this.$segment.view.setUint16(this.$data + 4, value, true);
  }

  /**
   * `allowThirdPartyTailCall @8 :Bool`:
   * The callee may send the results straight to a third vat (for a tail call) instead of back
   * to the caller.
   */
  get allowThirdPartyTailCall(): boolean {
    return (this.$segment.view.getUint8(this.$data + 16) & 1) !== 0;
  }

  set allowThirdPartyTailCall(value: boolean) {
    $.setBit(this.$segment.bytes, this.$data + 16, 1, value);
  }

  /** `noPromisePipelining @9 :Bool`: The caller will not pipeline on the results, so the callee need not keep them for that. */
  get noPromisePipelining(): boolean {
    return (this.$segment.view.getUint8(this.$data + 16) & 2) !== 0;
  }

  set noPromisePipelining(value: boolean) {
    $.setBit(this.$segment.bytes, this.$data + 16, 2, value);
  }

  /** `onlyPromisePipeline @10 :Bool`: The caller only wants to pipeline on the results: the Return need not carry them. */
  get onlyPromisePipeline(): boolean {
    return (this.$segment.view.getUint8(this.$data + 16) & 4) !== 0;
  }

  set onlyPromisePipeline(value: boolean) {
    $.setBit(this.$segment.bytes, this.$data + 16, 4, value);
  }

  /** `params @4 :Payload`: The parameter struct, and the capabilities it holds. */
  get params(): PayloadBuilder {
    return $.getStruct<PayloadBuilder>(PayloadBuilder, this.$segment, this.$pointers + 8, 0, 2);
  }

  set params(value: PayloadInit | PayloadReader | null) {
    Payload.set(this.$, 1, value);
  }

  hasParams(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers + 8);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownParams(): $.Orphan {
    return $.disown(this.$segment, this.$pointers + 8);
  }

  adoptParams(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers + 8, orphan, $.AdoptAs.STRUCT);
  }

  initParams(): PayloadBuilder {
    return $.initStruct<PayloadBuilder>(PayloadBuilder, this.$segment, this.$pointers + 8, 0, 2);
  }

  /** `sendResultsTo :group`: Where the results go. */
  get sendResultsTo(): Call_SendResultsToBuilder {
    return new Call_SendResultsToBuilder(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount);
  }

  set sendResultsTo(value: Call_SendResultsToInit) {
    $.refuseArray(value, 'Call_SendResultsTo');
    new Call_SendResultsToBuilder(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount).$assign(value);
  }

  override $assign(value: CallInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'Call');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["questionId", "target", "interfaceId", "methodId", "allowThirdPartyTailCall", "noPromisePipelining", "onlyPromisePipeline", "params", "sendResultsTo"], 'Call');
    let $k = '';
    try {
      if (value.questionId !== undefined) { $k = 'questionId'; this.questionId = $.checkUInt32(value.questionId); }
      if (value.target !== undefined) { $k = 'target'; this.target = value.target; }
      if (value.interfaceId !== undefined) { $k = 'interfaceId'; this.interfaceId = $.checkUInt64(value.interfaceId); }
      if (value.methodId !== undefined) { $k = 'methodId'; this.methodId = $.checkUInt16(value.methodId); }
      if (value.allowThirdPartyTailCall !== undefined) { $k = 'allowThirdPartyTailCall'; this.allowThirdPartyTailCall = $.checkBool(value.allowThirdPartyTailCall); }
      if (value.noPromisePipelining !== undefined) { $k = 'noPromisePipelining'; this.noPromisePipelining = $.checkBool(value.noPromisePipelining); }
      if (value.onlyPromisePipeline !== undefined) { $k = 'onlyPromisePipeline'; this.onlyPromisePipeline = $.checkBool(value.onlyPromisePipeline); }
      if (value.params !== undefined) { $k = 'params'; this.params = value.params; }
      if (value.sendResultsTo !== undefined) { $k = 'sendResultsTo'; this.sendResultsTo = value.sendResultsTo; }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): CallReader {
    return new CallReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** Where the results go. */
export type Call_SendResultsTo = (
  | { caller: null }
  | { yourself: null }
  | { thirdParty: $.AnyPointerReader | null }
);
/** What `Call_SendResultsToBuilder.assign` and `encode` accept for `Call_SendResultsTo`: any subset of its fields. */
export type Call_SendResultsToInit = (
  | { caller?: null; yourself?: never; thirdParty?: never }
  | { yourself?: null; caller?: never; thirdParty?: never }
  | { thirdParty?: $.AnyValue | null; caller?: never; yourself?: never }
);

/** Where the results go. */
export class Call_SendResultsToReader extends $.GeneratedReader<Call_SendResultsTo> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number) {
    super();
    this.$segment = segment;
    this.$view = segment.view;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$nesting = nesting;
    if (dataSize < 24) $.padDataSection(this, 24);
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): Call_SendResultsToReader {
    return new Call_SendResultsToReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** The active member of the union (undefined for a member this code does not know). */
  which(): 'caller' | 'yourself' | 'thirdParty' | undefined {
    return $which1[this.$view.getUint16(this.$data + 6, true)];
  }

  /** `caller @5 :Void`: Back to the caller, in a Return (the usual case). */
  get caller(): null {
    return null;
  }

  /** `yourself @6 :Void`: Nowhere: the callee keeps them for a later Return.takeFromOtherQuestion (tail calls). */
  get yourself(): null {
    return null;
  }

  /** `thirdParty @7 :AnyPointer`: To a third vat. */
  get thirdParty(): $.AnyPointerReader {
    return $.readPointer(this.$segment, this.$pointers, this.$pointerCount, 2, this.$nesting);
  }

  hasThirdParty(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 2);
  }

  override $toObject(): Call_SendResultsTo {
    const object: { [key: string]: unknown } = {};
    switch (this.$view.getUint16(this.$data + 6, true)) {
      case 0: object["caller"] = null; break;
      case 1: object["yourself"] = null; break;
      case 2: object["thirdParty"] = $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 2) ? $.readPointer(this.$segment, this.$pointers, this.$pointerCount, 2, this.$nesting) : null; break;
    }
    return object as Call_SendResultsTo;
  }
}

/** Where the results go. */
export class Call_SendResultsToBuilder extends $.GeneratedBuilder<Call_SendResultsTo, Call_SendResultsToInit, Call_SendResultsToReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): Call_SendResultsToBuilder {
    return new Call_SendResultsToBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** The active member of the union (undefined for a member this code does not know). */
  which(): 'caller' | 'yourself' | 'thirdParty' | undefined {
    return $which1[this.$segment.view.getUint16(this.$data + 6, true)];
  }

  /** `caller @5 :Void`: Back to the caller, in a Return (the usual case). */
  get caller(): null {
    return null;
  }

  set caller(value: null) {
    void value;
    this.$segment.view.setUint16(this.$data + 6, 0, true);
  }

  /** `yourself @6 :Void`: Nowhere: the callee keeps them for a later Return.takeFromOtherQuestion (tail calls). */
  get yourself(): null {
    return null;
  }

  set yourself(value: null) {
    void value;
    this.$segment.view.setUint16(this.$data + 6, 1, true);
  }

  /** `thirdParty @7 :AnyPointer`: To a third vat. */
  get thirdParty(): $.AnyPointerBuilder {
    return $.pointerBuilder(this.$segment, this.$pointers + 16);
  }

  set thirdParty(value: $.AnyValue | null) {
    $.setAnyPointer($.pointerBuilder(this.$segment, this.$pointers + 16), value);
    this.$segment.view.setUint16(this.$data + 6, 2, true);
  }

  hasThirdParty(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers + 16);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownThirdParty(): $.Orphan {
    return $.disown(this.$segment, this.$pointers + 16);
  }

  adoptThirdParty(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers + 16, orphan, $.AdoptAs.ANY);
    this.$segment.view.setUint16(this.$data + 6, 2, true);
  }

  initThirdParty(): $.AnyPointerBuilder {
    this.$segment.view.setUint16(this.$data + 6, 2, true);
    const slot = $.pointerBuilder(this.$segment, this.$pointers + 16);
    slot.clear();
    return slot;
  }

  override $assign(value: Call_SendResultsToInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'Call_SendResultsTo');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["caller", "yourself", "thirdParty"], 'Call_SendResultsTo');
    let $k = '';
    try {
      $k = '';
      $.checkOneMember(value, ["caller", "yourself", "thirdParty"], 'Call_SendResultsTo');
      if (value.caller !== undefined) { $k = 'caller'; this.caller = $.checkVoid(value.caller); }
      if (value.yourself !== undefined) { $k = 'yourself'; this.yourself = $.checkVoid(value.yourself); }
      if (value.thirdParty !== undefined) { $k = 'thirdParty'; this.thirdParty = value.thirdParty; }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): Call_SendResultsToReader {
    return new Call_SendResultsToReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** Answers a Call or Bootstrap. */
export type Return = {
  /** The question answered. */
  answerId: number;
  /**
   * Whether the caller should release the capabilities of the call's parameters now (when false,
   * the callee keeps holding them and will release them itself).
   */
  releaseParamCaps: boolean;
  /** The callee has already forgotten the call; the caller must not send Finish. */
  noFinishNeeded: boolean;
} & (
  | { results: Payload | null }
  | { exception: Exception | null }
  | { canceled: null }
  | { resultsSentElsewhere: null }
  | { takeFromOtherQuestion: number }
  | { awaitFromThirdParty: $.AnyPointerReader | null }
);
/** What `ReturnBuilder.assign` and `encode` accept for `Return`: any subset of its fields. */
export type ReturnInit = {
  /** The question answered. */
  answerId?: number;
  /**
   * Whether the caller should release the capabilities of the call's parameters now (when false,
   * the callee keeps holding them and will release them itself).
   */
  releaseParamCaps?: boolean;
  /** The callee has already forgotten the call; the caller must not send Finish. */
  noFinishNeeded?: boolean;
} & (
  | { results?: PayloadInit | PayloadReader | null; exception?: never; canceled?: never; resultsSentElsewhere?: never; takeFromOtherQuestion?: never; awaitFromThirdParty?: never }
  | { exception?: ExceptionInit | ExceptionReader | null; results?: never; canceled?: never; resultsSentElsewhere?: never; takeFromOtherQuestion?: never; awaitFromThirdParty?: never }
  | { canceled?: null; results?: never; exception?: never; resultsSentElsewhere?: never; takeFromOtherQuestion?: never; awaitFromThirdParty?: never }
  | { resultsSentElsewhere?: null; results?: never; exception?: never; canceled?: never; takeFromOtherQuestion?: never; awaitFromThirdParty?: never }
  | { takeFromOtherQuestion?: number; results?: never; exception?: never; canceled?: never; resultsSentElsewhere?: never; awaitFromThirdParty?: never }
  | { awaitFromThirdParty?: $.AnyValue | null; results?: never; exception?: never; canceled?: never; resultsSentElsewhere?: never; takeFromOtherQuestion?: never }
);

/** Answers a Call or Bootstrap. */
export class ReturnReader extends $.GeneratedReader<Return> {
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

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): ReturnReader {
    return new ReturnReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** The active member of the union (undefined for a member this code does not know). */
  which(): 'results' | 'exception' | 'canceled' | 'resultsSentElsewhere' | 'takeFromOtherQuestion' | 'awaitFromThirdParty' | undefined {
    return $which2[this.$view.getUint16(this.$data + 6, true)];
  }

  /** `answerId @0 :UInt32`: The question answered. */
  get answerId(): number {
    return this.$view.getUint32(this.$data, true);
  }

  /**
   * `releaseParamCaps @1 :Bool`:
   * Whether the caller should release the capabilities of the call's parameters now (when false,
   * the callee keeps holding them and will release them itself).
   */
  get releaseParamCaps(): boolean {
    return !(this.$view.getUint8(this.$data + 4) & 1);
  }

  /** `noFinishNeeded @8 :Bool`: The callee has already forgotten the call; the caller must not send Finish. */
  get noFinishNeeded(): boolean {
    return !!(this.$view.getUint8(this.$data + 4) & 2);
  }

  /** `results @2 :Payload`: The result struct. */
  get results(): PayloadReader {
    return $.structReaderAt(PayloadReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null));
  }

  hasResults(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  /** `exception @3 :Exception`: The call failed. */
  get exception(): ExceptionReader {
    return $.structReaderAt(ExceptionReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null));
  }

  hasException(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  /** `canceled @4 :Void`: The call was canceled before it completed (the caller had already sent Finish). */
  get canceled(): null {
    return null;
  }

  /** `resultsSentElsewhere @5 :Void`: The results went where Call.sendResultsTo said. */
  get resultsSentElsewhere(): null {
    return null;
  }

  /** `takeFromOtherQuestion @6 :UInt32`: The results are those of another of the receiver's questions (a tail call). */
  get takeFromOtherQuestion(): number {
    return this.$view.getUint32(this.$data + 8, true);
  }

  /** `awaitFromThirdParty @7 :AnyPointer`: The results will come from a third vat. */
  get awaitFromThirdParty(): $.AnyPointerReader {
    return $.readPointer(this.$segment, this.$pointers, this.$pointerCount, 0, this.$nesting);
  }

  hasAwaitFromThirdParty(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  override $toObject(): Return {
    const object: { [key: string]: unknown } = {
      answerId: this.$view.getUint32(this.$data, true),
      releaseParamCaps: !(this.$view.getUint8(this.$data + 4) & 1),
      noFinishNeeded: !!(this.$view.getUint8(this.$data + 4) & 2),
    };
    switch (this.$view.getUint16(this.$data + 6, true)) {
      case 0: object["results"] = $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0) ? $.structReaderAt(PayloadReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null)).$toObject() : null; break;
      case 1: object["exception"] = $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0) ? $.structReaderAt(ExceptionReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null)).$toObject() : null; break;
      case 2: object["canceled"] = null; break;
      case 3: object["resultsSentElsewhere"] = null; break;
      case 4: object["takeFromOtherQuestion"] = this.$view.getUint32(this.$data + 8, true); break;
      case 5: object["awaitFromThirdParty"] = $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0) ? $.readPointer(this.$segment, this.$pointers, this.$pointerCount, 0, this.$nesting) : null; break;
    }
    return object as Return;
  }
}

/** Answers a Call or Bootstrap. */
export class ReturnBuilder extends $.GeneratedBuilder<Return, ReturnInit, ReturnReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): ReturnBuilder {
    return new ReturnBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** The active member of the union (undefined for a member this code does not know). */
  which(): 'results' | 'exception' | 'canceled' | 'resultsSentElsewhere' | 'takeFromOtherQuestion' | 'awaitFromThirdParty' | undefined {
    return $which2[this.$segment.view.getUint16(this.$data + 6, true)];
  }

  /** `answerId @0 :UInt32`: The question answered. */
  get answerId(): number {
    return this.$segment.view.getUint32(this.$data, true);
  }

  set answerId(value: number) {
    this.$segment.view.setUint32(this.$data, value, true);
  }

  /**
   * `releaseParamCaps @1 :Bool`:
   * Whether the caller should release the capabilities of the call's parameters now (when false,
   * the callee keeps holding them and will release them itself).
   */
  get releaseParamCaps(): boolean {
    return !((this.$segment.view.getUint8(this.$data + 4) & 1) !== 0);
  }

  set releaseParamCaps(value: boolean) {
    $.setBit(this.$segment.bytes, this.$data + 4, 1, !value);
  }

  /** `noFinishNeeded @8 :Bool`: The callee has already forgotten the call; the caller must not send Finish. */
  get noFinishNeeded(): boolean {
    return (this.$segment.view.getUint8(this.$data + 4) & 2) !== 0;
  }

  set noFinishNeeded(value: boolean) {
    $.setBit(this.$segment.bytes, this.$data + 4, 2, value);
  }

  /** `results @2 :Payload`: The result struct. */
  get results(): PayloadBuilder {
    return $.getStruct<PayloadBuilder>(PayloadBuilder, this.$segment, this.$pointers, 0, 2);
  }

  set results(value: PayloadInit | PayloadReader | null) {
    Payload.set(this.$, 0, value);
    this.$segment.view.setUint16(this.$data + 6, 0, true);
  }

  hasResults(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownResults(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptResults(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.AdoptAs.STRUCT);
    this.$segment.view.setUint16(this.$data + 6, 0, true);
  }

  initResults(): PayloadBuilder {
    this.$segment.view.setUint16(this.$data + 6, 0, true);
    return $.initStruct<PayloadBuilder>(PayloadBuilder, this.$segment, this.$pointers, 0, 2);
  }

  /** `exception @3 :Exception`: The call failed. */
  get exception(): ExceptionBuilder {
    return $.getStruct<ExceptionBuilder>(ExceptionBuilder, this.$segment, this.$pointers, 1, 3);
  }

  set exception(value: ExceptionInit | ExceptionReader | null) {
    Exception.set(this.$, 0, value);
    this.$segment.view.setUint16(this.$data + 6, 1, true);
  }

  hasException(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownException(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptException(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.AdoptAs.STRUCT);
    this.$segment.view.setUint16(this.$data + 6, 1, true);
  }

  initException(): ExceptionBuilder {
    this.$segment.view.setUint16(this.$data + 6, 1, true);
    return $.initStruct<ExceptionBuilder>(ExceptionBuilder, this.$segment, this.$pointers, 1, 3);
  }

  /** `canceled @4 :Void`: The call was canceled before it completed (the caller had already sent Finish). */
  get canceled(): null {
    return null;
  }

  set canceled(value: null) {
    void value;
    this.$segment.view.setUint16(this.$data + 6, 2, true);
  }

  /** `resultsSentElsewhere @5 :Void`: The results went where Call.sendResultsTo said. */
  get resultsSentElsewhere(): null {
    return null;
  }

  set resultsSentElsewhere(value: null) {
    void value;
    this.$segment.view.setUint16(this.$data + 6, 3, true);
  }

  /** `takeFromOtherQuestion @6 :UInt32`: The results are those of another of the receiver's questions (a tail call). */
  get takeFromOtherQuestion(): number {
    return this.$segment.view.getUint32(this.$data + 8, true);
  }

  set takeFromOtherQuestion(value: number) {
    this.$segment.view.setUint32(this.$data + 8, value, true);
    this.$segment.view.setUint16(this.$data + 6, 4, true);
  }

  /** `awaitFromThirdParty @7 :AnyPointer`: The results will come from a third vat. */
  get awaitFromThirdParty(): $.AnyPointerBuilder {
    return $.pointerBuilder(this.$segment, this.$pointers);
  }

  set awaitFromThirdParty(value: $.AnyValue | null) {
    $.setAnyPointer($.pointerBuilder(this.$segment, this.$pointers), value);
    this.$segment.view.setUint16(this.$data + 6, 5, true);
  }

  hasAwaitFromThirdParty(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownAwaitFromThirdParty(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptAwaitFromThirdParty(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.AdoptAs.ANY);
    this.$segment.view.setUint16(this.$data + 6, 5, true);
  }

  initAwaitFromThirdParty(): $.AnyPointerBuilder {
    this.$segment.view.setUint16(this.$data + 6, 5, true);
    const slot = $.pointerBuilder(this.$segment, this.$pointers);
    slot.clear();
    return slot;
  }

  override $assign(value: ReturnInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'Return');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["answerId", "releaseParamCaps", "noFinishNeeded", "results", "exception", "canceled", "resultsSentElsewhere", "takeFromOtherQuestion", "awaitFromThirdParty"], 'Return');
    let $k = '';
    try {
      if (value.answerId !== undefined) { $k = 'answerId'; this.answerId = $.checkUInt32(value.answerId); }
      if (value.releaseParamCaps !== undefined) { $k = 'releaseParamCaps'; this.releaseParamCaps = $.checkBool(value.releaseParamCaps); }
      if (value.noFinishNeeded !== undefined) { $k = 'noFinishNeeded'; this.noFinishNeeded = $.checkBool(value.noFinishNeeded); }
      $k = '';
      $.checkOneMember(value, ["results", "exception", "canceled", "resultsSentElsewhere", "takeFromOtherQuestion", "awaitFromThirdParty"], 'Return');
      if (value.results !== undefined) { $k = 'results'; this.results = value.results; }
      if (value.exception !== undefined) { $k = 'exception'; this.exception = value.exception; }
      if (value.canceled !== undefined) { $k = 'canceled'; this.canceled = $.checkVoid(value.canceled); }
      if (value.resultsSentElsewhere !== undefined) { $k = 'resultsSentElsewhere'; this.resultsSentElsewhere = $.checkVoid(value.resultsSentElsewhere); }
      if (value.takeFromOtherQuestion !== undefined) { $k = 'takeFromOtherQuestion'; this.takeFromOtherQuestion = $.checkUInt32(value.takeFromOtherQuestion); }
      if (value.awaitFromThirdParty !== undefined) { $k = 'awaitFromThirdParty'; this.awaitFromThirdParty = value.awaitFromThirdParty; }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): ReturnReader {
    return new ReturnReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/**
 * Tells the callee the caller no longer needs a question's answer (so it may cancel the call,
 * or drop the results).
 */
export type Finish = {
  questionId: number;
  /** Whether the capabilities in the results should be released along with the answer. */
  releaseResultCaps: boolean;
  /**
   * Set by peers that do not expect a call to be canceled before it has started running;
   * asks the callee to let the call start before honoring the cancellation.
   */
  requireEarlyCancellationWorkaround: boolean;
};
/** What `FinishBuilder.assign` and `encode` accept for `Finish`: any subset of its fields. */
export type FinishInit = {
  questionId?: number;
  /** Whether the capabilities in the results should be released along with the answer. */
  releaseResultCaps?: boolean;
  /**
   * Set by peers that do not expect a call to be canceled before it has started running;
   * asks the callee to let the call start before honoring the cancellation.
   */
  requireEarlyCancellationWorkaround?: boolean;
};

/**
 * Tells the callee the caller no longer needs a question's answer (so it may cancel the call,
 * or drop the results).
 */
export class FinishReader extends $.GeneratedReader<Finish> {
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

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): FinishReader {
    return new FinishReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** `questionId @0 :UInt32` */
  get questionId(): number {
    return this.$view.getUint32(this.$data, true);
  }

  /** `releaseResultCaps @1 :Bool`: Whether the capabilities in the results should be released along with the answer. */
  get releaseResultCaps(): boolean {
    return !(this.$view.getUint8(this.$data + 4) & 1);
  }

  /**
   * `requireEarlyCancellationWorkaround @2 :Bool`:
   * Set by peers that do not expect a call to be canceled before it has started running;
   * asks the callee to let the call start before honoring the cancellation.
   */
  get requireEarlyCancellationWorkaround(): boolean {
    return !(this.$view.getUint8(this.$data + 4) & 2);
  }

  override $toObject(): Finish {
    return {
      questionId: this.$view.getUint32(this.$data, true),
      releaseResultCaps: !(this.$view.getUint8(this.$data + 4) & 1),
      requireEarlyCancellationWorkaround: !(this.$view.getUint8(this.$data + 4) & 2),
    };
  }
}

/**
 * Tells the callee the caller no longer needs a question's answer (so it may cancel the call,
 * or drop the results).
 */
export class FinishBuilder extends $.GeneratedBuilder<Finish, FinishInit, FinishReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): FinishBuilder {
    return new FinishBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** `questionId @0 :UInt32` */
  get questionId(): number {
    return this.$segment.view.getUint32(this.$data, true);
  }

  set questionId(value: number) {
    this.$segment.view.setUint32(this.$data, value, true);
  }

  /** `releaseResultCaps @1 :Bool`: Whether the capabilities in the results should be released along with the answer. */
  get releaseResultCaps(): boolean {
    return !((this.$segment.view.getUint8(this.$data + 4) & 1) !== 0);
  }

  set releaseResultCaps(value: boolean) {
    $.setBit(this.$segment.bytes, this.$data + 4, 1, !value);
  }

  /**
   * `requireEarlyCancellationWorkaround @2 :Bool`:
   * Set by peers that do not expect a call to be canceled before it has started running;
   * asks the callee to let the call start before honoring the cancellation.
   */
  get requireEarlyCancellationWorkaround(): boolean {
    return !((this.$segment.view.getUint8(this.$data + 4) & 2) !== 0);
  }

  set requireEarlyCancellationWorkaround(value: boolean) {
    $.setBit(this.$segment.bytes, this.$data + 4, 2, !value);
  }

  override $assign(value: FinishInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'Finish');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["questionId", "releaseResultCaps", "requireEarlyCancellationWorkaround"], 'Finish');
    let $k = '';
    try {
      if (value.questionId !== undefined) { $k = 'questionId'; this.questionId = $.checkUInt32(value.questionId); }
      if (value.releaseResultCaps !== undefined) { $k = 'releaseResultCaps'; this.releaseResultCaps = $.checkBool(value.releaseResultCaps); }
      if (value.requireEarlyCancellationWorkaround !== undefined) { $k = 'requireEarlyCancellationWorkaround'; this.requireEarlyCancellationWorkaround = $.checkBool(value.requireEarlyCancellationWorkaround); }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): FinishReader {
    return new FinishReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** Says what an exported promise resolved to. */
export type Resolve = {
  /** The export that was a promise. */
  promiseId: number;
} & (
  | { cap: CapDescriptor | null }
  | { exception: Exception | null }
);
/** What `ResolveBuilder.assign` and `encode` accept for `Resolve`: any subset of its fields. */
export type ResolveInit = {
  /** The export that was a promise. */
  promiseId?: number;
} & (
  | { cap?: CapDescriptorInit | CapDescriptorReader | null; exception?: never }
  | { exception?: ExceptionInit | ExceptionReader | null; cap?: never }
);

/** Says what an exported promise resolved to. */
export class ResolveReader extends $.GeneratedReader<Resolve> {
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

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): ResolveReader {
    return new ResolveReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** The active member of the union (undefined for a member this code does not know). */
  which(): 'cap' | 'exception' | undefined {
    return $which3[this.$view.getUint16(this.$data + 4, true)];
  }

  /** `promiseId @0 :UInt32`: The export that was a promise. */
  get promiseId(): number {
    return this.$view.getUint32(this.$data, true);
  }

  /** `cap @1 :CapDescriptor`: The capability it became. */
  get cap(): CapDescriptorReader {
    return $.structReaderAt(CapDescriptorReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null));
  }

  hasCap(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  /** `exception @2 :Exception`: It broke. */
  get exception(): ExceptionReader {
    return $.structReaderAt(ExceptionReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null));
  }

  hasException(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  override $toObject(): Resolve {
    const object: { [key: string]: unknown } = {
      promiseId: this.$view.getUint32(this.$data, true),
    };
    switch (this.$view.getUint16(this.$data + 4, true)) {
      case 0: object["cap"] = $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0) ? $.structReaderAt(CapDescriptorReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null)).$toObject() : null; break;
      case 1: object["exception"] = $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0) ? $.structReaderAt(ExceptionReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null)).$toObject() : null; break;
    }
    return object as Resolve;
  }
}

/** Says what an exported promise resolved to. */
export class ResolveBuilder extends $.GeneratedBuilder<Resolve, ResolveInit, ResolveReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): ResolveBuilder {
    return new ResolveBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** The active member of the union (undefined for a member this code does not know). */
  which(): 'cap' | 'exception' | undefined {
    return $which3[this.$segment.view.getUint16(this.$data + 4, true)];
  }

  /** `promiseId @0 :UInt32`: The export that was a promise. */
  get promiseId(): number {
    return this.$segment.view.getUint32(this.$data, true);
  }

  set promiseId(value: number) {
    this.$segment.view.setUint32(this.$data, value, true);
  }

  /** `cap @1 :CapDescriptor`: The capability it became. */
  get cap(): CapDescriptorBuilder {
    return $.getStruct<CapDescriptorBuilder>(CapDescriptorBuilder, this.$segment, this.$pointers, 1, 1);
  }

  set cap(value: CapDescriptorInit | CapDescriptorReader | null) {
    CapDescriptor.set(this.$, 0, value);
    this.$segment.view.setUint16(this.$data + 4, 0, true);
  }

  hasCap(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownCap(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptCap(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.AdoptAs.STRUCT);
    this.$segment.view.setUint16(this.$data + 4, 0, true);
  }

  initCap(): CapDescriptorBuilder {
    this.$segment.view.setUint16(this.$data + 4, 0, true);
    return $.initStruct<CapDescriptorBuilder>(CapDescriptorBuilder, this.$segment, this.$pointers, 1, 1);
  }

  /** `exception @2 :Exception`: It broke. */
  get exception(): ExceptionBuilder {
    return $.getStruct<ExceptionBuilder>(ExceptionBuilder, this.$segment, this.$pointers, 1, 3);
  }

  set exception(value: ExceptionInit | ExceptionReader | null) {
    Exception.set(this.$, 0, value);
    this.$segment.view.setUint16(this.$data + 4, 1, true);
  }

  hasException(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownException(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptException(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.AdoptAs.STRUCT);
    this.$segment.view.setUint16(this.$data + 4, 1, true);
  }

  initException(): ExceptionBuilder {
    this.$segment.view.setUint16(this.$data + 4, 1, true);
    return $.initStruct<ExceptionBuilder>(ExceptionBuilder, this.$segment, this.$pointers, 1, 3);
  }

  override $assign(value: ResolveInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'Resolve');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["promiseId", "cap", "exception"], 'Resolve');
    let $k = '';
    try {
      if (value.promiseId !== undefined) { $k = 'promiseId'; this.promiseId = $.checkUInt32(value.promiseId); }
      $k = '';
      $.checkOneMember(value, ["cap", "exception"], 'Resolve');
      if (value.cap !== undefined) { $k = 'cap'; this.cap = value.cap; }
      if (value.exception !== undefined) { $k = 'exception'; this.exception = value.exception; }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): ResolveReader {
    return new ResolveReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** Drops references to an import. */
export type Release = {
  id: number;
  /** How many references: the number of times the capability was received. */
  referenceCount: number;
};
/** What `ReleaseBuilder.assign` and `encode` accept for `Release`: any subset of its fields. */
export type ReleaseInit = {
  id?: number;
  /** How many references: the number of times the capability was received. */
  referenceCount?: number;
};

/** Drops references to an import. */
export class ReleaseReader extends $.GeneratedReader<Release> {
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

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): ReleaseReader {
    return new ReleaseReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** `id @0 :UInt32` */
  get id(): number {
    return this.$view.getUint32(this.$data, true);
  }

  /** `referenceCount @1 :UInt32`: How many references: the number of times the capability was received. */
  get referenceCount(): number {
    return this.$view.getUint32(this.$data + 4, true);
  }

  override $toObject(): Release {
    return {
      id: this.$view.getUint32(this.$data, true),
      referenceCount: this.$view.getUint32(this.$data + 4, true),
    };
  }
}

/** Drops references to an import. */
export class ReleaseBuilder extends $.GeneratedBuilder<Release, ReleaseInit, ReleaseReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): ReleaseBuilder {
    return new ReleaseBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** `id @0 :UInt32` */
  get id(): number {
    return this.$segment.view.getUint32(this.$data, true);
  }

  set id(value: number) {
    this.$segment.view.setUint32(this.$data, value, true);
  }

  /** `referenceCount @1 :UInt32`: How many references: the number of times the capability was received. */
  get referenceCount(): number {
    return this.$segment.view.getUint32(this.$data + 4, true);
  }

  set referenceCount(value: number) {
    this.$segment.view.setUint32(this.$data + 4, value, true);
  }

  override $assign(value: ReleaseInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'Release');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["id", "referenceCount"], 'Release');
    let $k = '';
    try {
      if (value.id !== undefined) { $k = 'id'; this.id = $.checkUInt32(value.id); }
      if (value.referenceCount !== undefined) { $k = 'referenceCount'; this.referenceCount = $.checkUInt32(value.referenceCount); }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): ReleaseReader {
    return new ReleaseReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/**
 * Keeps calls in order when a promise resolves to a capability reached by another path:
 * calls made on the resolved capability wait until calls already sent through the promise
 * have arrived.
 */
export type Disembargo = {
  /** The capability the promise resolved to. */
  target: MessageTarget | null;
  context: Disembargo_Context;
};
/** What `DisembargoBuilder.assign` and `encode` accept for `Disembargo`: any subset of its fields. */
export type DisembargoInit = {
  /** The capability the promise resolved to. */
  target?: MessageTargetInit | MessageTargetReader | null;
  context?: Disembargo_ContextInit;
};

/**
 * Keeps calls in order when a promise resolves to a capability reached by another path:
 * calls made on the resolved capability wait until calls already sent through the promise
 * have arrived.
 */
export class DisembargoReader extends $.GeneratedReader<Disembargo> {
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

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): DisembargoReader {
    return new DisembargoReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** `target @0 :MessageTarget`: The capability the promise resolved to. */
  get target(): MessageTargetReader {
    return $.structReaderAt(MessageTargetReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null));
  }

  hasTarget(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  /** `context :group` */
  get context(): Disembargo_ContextReader {
    return new Disembargo_ContextReader(this.$segment, this.$pointers - this.$dataSize, this.$dataSize, this.$pointers, this.$pointerCount, this.$nesting);
  }

  override $toObject(): Disembargo {
    return {
      target: $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0) ? $.structReaderAt(MessageTargetReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null)).$toObject() : null,
      context: new Disembargo_ContextReader(this.$segment, this.$pointers - this.$dataSize, this.$dataSize, this.$pointers, this.$pointerCount, this.$nesting).$toObject(),
    };
  }
}

/**
 * Keeps calls in order when a promise resolves to a capability reached by another path:
 * calls made on the resolved capability wait until calls already sent through the promise
 * have arrived.
 */
export class DisembargoBuilder extends $.GeneratedBuilder<Disembargo, DisembargoInit, DisembargoReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): DisembargoBuilder {
    return new DisembargoBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** `target @0 :MessageTarget`: The capability the promise resolved to. */
  get target(): MessageTargetBuilder {
    return $.getStruct<MessageTargetBuilder>(MessageTargetBuilder, this.$segment, this.$pointers, 1, 1);
  }

  set target(value: MessageTargetInit | MessageTargetReader | null) {
    MessageTarget.set(this.$, 0, value);
  }

  hasTarget(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownTarget(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptTarget(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.AdoptAs.STRUCT);
  }

  initTarget(): MessageTargetBuilder {
    return $.initStruct<MessageTargetBuilder>(MessageTargetBuilder, this.$segment, this.$pointers, 1, 1);
  }

  /** `context :group` */
  get context(): Disembargo_ContextBuilder {
    return new Disembargo_ContextBuilder(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount);
  }

  set context(value: Disembargo_ContextInit) {
    $.refuseArray(value, 'Disembargo_Context');
    new Disembargo_ContextBuilder(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount).$assign(value);
  }

  override $assign(value: DisembargoInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'Disembargo');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["target", "context"], 'Disembargo');
    let $k = '';
    try {
      if (value.target !== undefined) { $k = 'target'; this.target = value.target; }
      if (value.context !== undefined) { $k = 'context'; this.context = value.context; }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): DisembargoReader {
    return new DisembargoReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** Plain-object form of `Disembargo.context`. */
export type Disembargo_Context = (
  | { senderLoopback: number }
  | { receiverLoopback: number }
  | { accept: Uint8Array | null }
);
/** What `Disembargo_ContextBuilder.assign` and `encode` accept for `Disembargo_Context`: any subset of its fields. */
export type Disembargo_ContextInit = (
  | { senderLoopback?: number; receiverLoopback?: never; accept?: never }
  | { receiverLoopback?: number; senderLoopback?: never; accept?: never }
  | { accept?: Uint8Array | null; senderLoopback?: never; receiverLoopback?: never }
);

export class Disembargo_ContextReader extends $.GeneratedReader<Disembargo_Context> {
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

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): Disembargo_ContextReader {
    return new Disembargo_ContextReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** The active member of the union (undefined for a member this code does not know). */
  which(): 'senderLoopback' | 'receiverLoopback' | 'accept' | undefined {
    return $which4[this.$view.getUint16(this.$data + 4, true)];
  }

  /** `senderLoopback @1 :UInt32`: Sent by the side that lifts the embargo; the peer reflects it back. */
  get senderLoopback(): number {
    return this.$view.getUint32(this.$data, true);
  }

  /** `receiverLoopback @2 :UInt32`: The reflected message: the embargo is over. */
  get receiverLoopback(): number {
    return this.$view.getUint32(this.$data, true);
  }

  /** `accept @3 :Data`: For a capability provided by a third vat. */
  get accept(): Uint8Array {
    return $.readData(this.$segment, this.$pointers, this.$pointerCount, 1);
  }

  hasAccept(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 1);
  }

  override $toObject(): Disembargo_Context {
    const object: { [key: string]: unknown } = {};
    switch (this.$view.getUint16(this.$data + 4, true)) {
      case 0: object["senderLoopback"] = this.$view.getUint32(this.$data, true); break;
      case 1: object["receiverLoopback"] = this.$view.getUint32(this.$data, true); break;
      case 2: object["accept"] = $.dataOrNull(this.$segment, this.$pointers, this.$pointerCount, 1); break;
    }
    return object as Disembargo_Context;
  }
}

export class Disembargo_ContextBuilder extends $.GeneratedBuilder<Disembargo_Context, Disembargo_ContextInit, Disembargo_ContextReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): Disembargo_ContextBuilder {
    return new Disembargo_ContextBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** The active member of the union (undefined for a member this code does not know). */
  which(): 'senderLoopback' | 'receiverLoopback' | 'accept' | undefined {
    return $which4[this.$segment.view.getUint16(this.$data + 4, true)];
  }

  /** `senderLoopback @1 :UInt32`: Sent by the side that lifts the embargo; the peer reflects it back. */
  get senderLoopback(): number {
    return this.$segment.view.getUint32(this.$data, true);
  }

  set senderLoopback(value: number) {
    this.$segment.view.setUint32(this.$data, value, true);
    this.$segment.view.setUint16(this.$data + 4, 0, true);
  }

  /** `receiverLoopback @2 :UInt32`: The reflected message: the embargo is over. */
  get receiverLoopback(): number {
    return this.$segment.view.getUint32(this.$data, true);
  }

  set receiverLoopback(value: number) {
    this.$segment.view.setUint32(this.$data, value, true);
    this.$segment.view.setUint16(this.$data + 4, 1, true);
  }

  /** `accept @3 :Data`: For a capability provided by a third vat. */
  get accept(): Uint8Array {
    return $.readDataAt(this.$segment, this.$pointers + 8, undefined);
  }

  set accept(value: Uint8Array | null) {
    $.setData(this.$segment, this.$pointers + 8, value);
    this.$segment.view.setUint16(this.$data + 4, 2, true);
  }

  hasAccept(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers + 8);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownAccept(): $.Orphan {
    return $.disown(this.$segment, this.$pointers + 8);
  }

  adoptAccept(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers + 8, orphan, $.ElementSize.BYTE);
    this.$segment.view.setUint16(this.$data + 4, 2, true);
  }

  /** New zeroed Data to fill in (the view is valid until the message next allocates). */
  initAccept(length: number): Uint8Array {
    const $value = $.initData(this.$segment, this.$pointers + 8, length);
    this.$segment.view.setUint16(this.$data + 4, 2, true);
    return $value;
  }

  override $assign(value: Disembargo_ContextInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'Disembargo_Context');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["senderLoopback", "receiverLoopback", "accept"], 'Disembargo_Context');
    let $k = '';
    try {
      $k = '';
      $.checkOneMember(value, ["senderLoopback", "receiverLoopback", "accept"], 'Disembargo_Context');
      if (value.senderLoopback !== undefined) { $k = 'senderLoopback'; this.senderLoopback = $.checkUInt32(value.senderLoopback); }
      if (value.receiverLoopback !== undefined) { $k = 'receiverLoopback'; this.receiverLoopback = $.checkUInt32(value.receiverLoopback); }
      if (value.accept !== undefined) { $k = 'accept'; this.accept = value.accept; }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): Disembargo_ContextReader {
    return new Disembargo_ContextReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** Asks the receiver to hold a capability for a third vat, which will pick it up with Accept. */
export type Provide = {
  questionId: number;
  /** The capability to provide. */
  target: MessageTarget | null;
  /** Who will accept it. */
  recipient: $.AnyPointerReader | null;
};
/** What `ProvideBuilder.assign` and `encode` accept for `Provide`: any subset of its fields. */
export type ProvideInit = {
  questionId?: number;
  /** The capability to provide. */
  target?: MessageTargetInit | MessageTargetReader | null;
  /** Who will accept it. */
  recipient?: $.AnyValue | null;
};

/** Asks the receiver to hold a capability for a third vat, which will pick it up with Accept. */
export class ProvideReader extends $.GeneratedReader<Provide> {
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

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): ProvideReader {
    return new ProvideReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** `questionId @0 :UInt32` */
  get questionId(): number {
    return this.$view.getUint32(this.$data, true);
  }

  /** `target @1 :MessageTarget`: The capability to provide. */
  get target(): MessageTargetReader {
    return $.structReaderAt(MessageTargetReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null));
  }

  hasTarget(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  /** `recipient @2 :AnyPointer`: Who will accept it. */
  get recipient(): $.AnyPointerReader {
    return $.readPointer(this.$segment, this.$pointers, this.$pointerCount, 1, this.$nesting);
  }

  hasRecipient(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 1);
  }

  override $toObject(): Provide {
    return {
      questionId: this.$view.getUint32(this.$data, true),
      target: $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0) ? $.structReaderAt(MessageTargetReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null)).$toObject() : null,
      recipient: $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 1) ? $.readPointer(this.$segment, this.$pointers, this.$pointerCount, 1, this.$nesting) : null,
    };
  }
}

/** Asks the receiver to hold a capability for a third vat, which will pick it up with Accept. */
export class ProvideBuilder extends $.GeneratedBuilder<Provide, ProvideInit, ProvideReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): ProvideBuilder {
    return new ProvideBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** `questionId @0 :UInt32` */
  get questionId(): number {
    return this.$segment.view.getUint32(this.$data, true);
  }

  set questionId(value: number) {
    this.$segment.view.setUint32(this.$data, value, true);
  }

  /** `target @1 :MessageTarget`: The capability to provide. */
  get target(): MessageTargetBuilder {
    return $.getStruct<MessageTargetBuilder>(MessageTargetBuilder, this.$segment, this.$pointers, 1, 1);
  }

  set target(value: MessageTargetInit | MessageTargetReader | null) {
    MessageTarget.set(this.$, 0, value);
  }

  hasTarget(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownTarget(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptTarget(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.AdoptAs.STRUCT);
  }

  initTarget(): MessageTargetBuilder {
    return $.initStruct<MessageTargetBuilder>(MessageTargetBuilder, this.$segment, this.$pointers, 1, 1);
  }

  /** `recipient @2 :AnyPointer`: Who will accept it. */
  get recipient(): $.AnyPointerBuilder {
    return $.pointerBuilder(this.$segment, this.$pointers + 8);
  }

  set recipient(value: $.AnyValue | null) {
    $.setAnyPointer($.pointerBuilder(this.$segment, this.$pointers + 8), value);
  }

  hasRecipient(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers + 8);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownRecipient(): $.Orphan {
    return $.disown(this.$segment, this.$pointers + 8);
  }

  adoptRecipient(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers + 8, orphan, $.AdoptAs.ANY);
  }

  initRecipient(): $.AnyPointerBuilder {
    const slot = $.pointerBuilder(this.$segment, this.$pointers + 8);
    slot.clear();
    return slot;
  }

  override $assign(value: ProvideInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'Provide');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["questionId", "target", "recipient"], 'Provide');
    let $k = '';
    try {
      if (value.questionId !== undefined) { $k = 'questionId'; this.questionId = $.checkUInt32(value.questionId); }
      if (value.target !== undefined) { $k = 'target'; this.target = value.target; }
      if (value.recipient !== undefined) { $k = 'recipient'; this.recipient = value.recipient; }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): ProvideReader {
    return new ProvideReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** Picks up a capability another vat provided for the sender. */
export type Accept = {
  questionId: number;
  /** Identifies the provision, as the introducing vat described it. */
  provision: $.AnyPointerReader | null;
  /** If set, the capability is embargoed until a matching Disembargo arrives. */
  embargo: Uint8Array | null;
};
/** What `AcceptBuilder.assign` and `encode` accept for `Accept`: any subset of its fields. */
export type AcceptInit = {
  questionId?: number;
  /** Identifies the provision, as the introducing vat described it. */
  provision?: $.AnyValue | null;
  /** If set, the capability is embargoed until a matching Disembargo arrives. */
  embargo?: Uint8Array | null;
};

/** Picks up a capability another vat provided for the sender. */
export class AcceptReader extends $.GeneratedReader<Accept> {
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

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): AcceptReader {
    return new AcceptReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** `questionId @0 :UInt32` */
  get questionId(): number {
    return this.$view.getUint32(this.$data, true);
  }

  /** `provision @1 :AnyPointer`: Identifies the provision, as the introducing vat described it. */
  get provision(): $.AnyPointerReader {
    return $.readPointer(this.$segment, this.$pointers, this.$pointerCount, 0, this.$nesting);
  }

  hasProvision(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  /** `embargo @2 :Data`: If set, the capability is embargoed until a matching Disembargo arrives. */
  get embargo(): Uint8Array {
    return $.readData(this.$segment, this.$pointers, this.$pointerCount, 1);
  }

  hasEmbargo(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 1);
  }

  override $toObject(): Accept {
    return {
      questionId: this.$view.getUint32(this.$data, true),
      provision: $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0) ? $.readPointer(this.$segment, this.$pointers, this.$pointerCount, 0, this.$nesting) : null,
      embargo: $.dataOrNull(this.$segment, this.$pointers, this.$pointerCount, 1),
    };
  }
}

/** Picks up a capability another vat provided for the sender. */
export class AcceptBuilder extends $.GeneratedBuilder<Accept, AcceptInit, AcceptReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): AcceptBuilder {
    return new AcceptBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** `questionId @0 :UInt32` */
  get questionId(): number {
    return this.$segment.view.getUint32(this.$data, true);
  }

  set questionId(value: number) {
    this.$segment.view.setUint32(this.$data, value, true);
  }

  /** `provision @1 :AnyPointer`: Identifies the provision, as the introducing vat described it. */
  get provision(): $.AnyPointerBuilder {
    return $.pointerBuilder(this.$segment, this.$pointers);
  }

  set provision(value: $.AnyValue | null) {
    $.setAnyPointer($.pointerBuilder(this.$segment, this.$pointers), value);
  }

  hasProvision(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownProvision(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptProvision(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.AdoptAs.ANY);
  }

  initProvision(): $.AnyPointerBuilder {
    const slot = $.pointerBuilder(this.$segment, this.$pointers);
    slot.clear();
    return slot;
  }

  /** `embargo @2 :Data`: If set, the capability is embargoed until a matching Disembargo arrives. */
  get embargo(): Uint8Array {
    return $.readDataAt(this.$segment, this.$pointers + 8, undefined);
  }

  set embargo(value: Uint8Array | null) {
    $.setData(this.$segment, this.$pointers + 8, value);
  }

  hasEmbargo(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers + 8);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownEmbargo(): $.Orphan {
    return $.disown(this.$segment, this.$pointers + 8);
  }

  adoptEmbargo(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers + 8, orphan, $.ElementSize.BYTE);
  }

  /** New zeroed Data to fill in (the view is valid until the message next allocates). */
  initEmbargo(length: number): Uint8Array {
    return $.initData(this.$segment, this.$pointers + 8, length);
  }

  override $assign(value: AcceptInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'Accept');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["questionId", "provision", "embargo"], 'Accept');
    let $k = '';
    try {
      if (value.questionId !== undefined) { $k = 'questionId'; this.questionId = $.checkUInt32(value.questionId); }
      if (value.provision !== undefined) { $k = 'provision'; this.provision = value.provision; }
      if (value.embargo !== undefined) { $k = 'embargo'; this.embargo = value.embargo; }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): AcceptReader {
    return new AcceptReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** Tells a vat that results it awaits from a third vat are the given answer. */
export type ThirdPartyAnswer = {
  completion: $.AnyPointerReader | null;
  answerId: number;
};
/** What `ThirdPartyAnswerBuilder.assign` and `encode` accept for `ThirdPartyAnswer`: any subset of its fields. */
export type ThirdPartyAnswerInit = {
  completion?: $.AnyValue | null;
  answerId?: number;
};

/** Tells a vat that results it awaits from a third vat are the given answer. */
export class ThirdPartyAnswerReader extends $.GeneratedReader<ThirdPartyAnswer> {
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

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): ThirdPartyAnswerReader {
    return new ThirdPartyAnswerReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** `completion @0 :AnyPointer` */
  get completion(): $.AnyPointerReader {
    return $.readPointer(this.$segment, this.$pointers, this.$pointerCount, 0, this.$nesting);
  }

  hasCompletion(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  /** `answerId @1 :UInt32` */
  get answerId(): number {
    return this.$view.getUint32(this.$data, true);
  }

  override $toObject(): ThirdPartyAnswer {
    return {
      completion: $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0) ? $.readPointer(this.$segment, this.$pointers, this.$pointerCount, 0, this.$nesting) : null,
      answerId: this.$view.getUint32(this.$data, true),
    };
  }
}

/** Tells a vat that results it awaits from a third vat are the given answer. */
export class ThirdPartyAnswerBuilder extends $.GeneratedBuilder<ThirdPartyAnswer, ThirdPartyAnswerInit, ThirdPartyAnswerReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): ThirdPartyAnswerBuilder {
    return new ThirdPartyAnswerBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** `completion @0 :AnyPointer` */
  get completion(): $.AnyPointerBuilder {
    return $.pointerBuilder(this.$segment, this.$pointers);
  }

  set completion(value: $.AnyValue | null) {
    $.setAnyPointer($.pointerBuilder(this.$segment, this.$pointers), value);
  }

  hasCompletion(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownCompletion(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptCompletion(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.AdoptAs.ANY);
  }

  initCompletion(): $.AnyPointerBuilder {
    const slot = $.pointerBuilder(this.$segment, this.$pointers);
    slot.clear();
    return slot;
  }

  /** `answerId @1 :UInt32` */
  get answerId(): number {
    return this.$segment.view.getUint32(this.$data, true);
  }

  set answerId(value: number) {
    this.$segment.view.setUint32(this.$data, value, true);
  }

  override $assign(value: ThirdPartyAnswerInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'ThirdPartyAnswer');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["completion", "answerId"], 'ThirdPartyAnswer');
    let $k = '';
    try {
      if (value.completion !== undefined) { $k = 'completion'; this.completion = value.completion; }
      if (value.answerId !== undefined) { $k = 'answerId'; this.answerId = $.checkUInt32(value.answerId); }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): ThirdPartyAnswerReader {
    return new ThirdPartyAnswerReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/**
 * Checks that several capabilities designate the same object (to verify a capability
 * received from a third party).
 */
export type Join = {
  questionId: number;
  /** One of the capabilities. */
  target: MessageTarget | null;
  /** This capability's part of the join key. */
  keyPart: $.AnyPointerReader | null;
};
/** What `JoinBuilder.assign` and `encode` accept for `Join`: any subset of its fields. */
export type JoinInit = {
  questionId?: number;
  /** One of the capabilities. */
  target?: MessageTargetInit | MessageTargetReader | null;
  /** This capability's part of the join key. */
  keyPart?: $.AnyValue | null;
};

/**
 * Checks that several capabilities designate the same object (to verify a capability
 * received from a third party).
 */
export class JoinReader extends $.GeneratedReader<Join> {
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

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): JoinReader {
    return new JoinReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** `questionId @0 :UInt32` */
  get questionId(): number {
    return this.$view.getUint32(this.$data, true);
  }

  /** `target @1 :MessageTarget`: One of the capabilities. */
  get target(): MessageTargetReader {
    return $.structReaderAt(MessageTargetReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null));
  }

  hasTarget(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  /** `keyPart @2 :AnyPointer`: This capability's part of the join key. */
  get keyPart(): $.AnyPointerReader {
    return $.readPointer(this.$segment, this.$pointers, this.$pointerCount, 1, this.$nesting);
  }

  hasKeyPart(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 1);
  }

  override $toObject(): Join {
    return {
      questionId: this.$view.getUint32(this.$data, true),
      target: $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0) ? $.structReaderAt(MessageTargetReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null)).$toObject() : null,
      keyPart: $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 1) ? $.readPointer(this.$segment, this.$pointers, this.$pointerCount, 1, this.$nesting) : null,
    };
  }
}

/**
 * Checks that several capabilities designate the same object (to verify a capability
 * received from a third party).
 */
export class JoinBuilder extends $.GeneratedBuilder<Join, JoinInit, JoinReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): JoinBuilder {
    return new JoinBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** `questionId @0 :UInt32` */
  get questionId(): number {
    return this.$segment.view.getUint32(this.$data, true);
  }

  set questionId(value: number) {
    this.$segment.view.setUint32(this.$data, value, true);
  }

  /** `target @1 :MessageTarget`: One of the capabilities. */
  get target(): MessageTargetBuilder {
    return $.getStruct<MessageTargetBuilder>(MessageTargetBuilder, this.$segment, this.$pointers, 1, 1);
  }

  set target(value: MessageTargetInit | MessageTargetReader | null) {
    MessageTarget.set(this.$, 0, value);
  }

  hasTarget(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownTarget(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptTarget(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.AdoptAs.STRUCT);
  }

  initTarget(): MessageTargetBuilder {
    return $.initStruct<MessageTargetBuilder>(MessageTargetBuilder, this.$segment, this.$pointers, 1, 1);
  }

  /** `keyPart @2 :AnyPointer`: This capability's part of the join key. */
  get keyPart(): $.AnyPointerBuilder {
    return $.pointerBuilder(this.$segment, this.$pointers + 8);
  }

  set keyPart(value: $.AnyValue | null) {
    $.setAnyPointer($.pointerBuilder(this.$segment, this.$pointers + 8), value);
  }

  hasKeyPart(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers + 8);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownKeyPart(): $.Orphan {
    return $.disown(this.$segment, this.$pointers + 8);
  }

  adoptKeyPart(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers + 8, orphan, $.AdoptAs.ANY);
  }

  initKeyPart(): $.AnyPointerBuilder {
    const slot = $.pointerBuilder(this.$segment, this.$pointers + 8);
    slot.clear();
    return slot;
  }

  override $assign(value: JoinInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'Join');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["questionId", "target", "keyPart"], 'Join');
    let $k = '';
    try {
      if (value.questionId !== undefined) { $k = 'questionId'; this.questionId = $.checkUInt32(value.questionId); }
      if (value.target !== undefined) { $k = 'target'; this.target = value.target; }
      if (value.keyPart !== undefined) { $k = 'keyPart'; this.keyPart = value.keyPart; }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): JoinReader {
    return new JoinReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** What a call (or other message) is addressed to. */
export type MessageTarget = (
  | { importedCap: number }
  | { promisedAnswer: PromisedAnswer | null }
);
/** What `MessageTargetBuilder.assign` and `encode` accept for `MessageTarget`: any subset of its fields. */
export type MessageTargetInit = (
  | { importedCap?: number; promisedAnswer?: never }
  | { promisedAnswer?: PromisedAnswerInit | PromisedAnswerReader | null; importedCap?: never }
);

/** What a call (or other message) is addressed to. */
export class MessageTargetReader extends $.GeneratedReader<MessageTarget> {
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

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): MessageTargetReader {
    return new MessageTargetReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** The active member of the union (undefined for a member this code does not know). */
  which(): 'importedCap' | 'promisedAnswer' | undefined {
    return $which5[this.$view.getUint16(this.$data + 4, true)];
  }

  /** `importedCap @0 :UInt32`: A capability the receiver exported to the sender. */
  get importedCap(): number {
    return this.$view.getUint32(this.$data, true);
  }

  /** `promisedAnswer @1 :PromisedAnswer`: A capability in the results of a call the sender made and has not finished. */
  get promisedAnswer(): PromisedAnswerReader {
    return $.structReaderAt(PromisedAnswerReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null));
  }

  hasPromisedAnswer(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  override $toObject(): MessageTarget {
    const object: { [key: string]: unknown } = {};
    switch (this.$view.getUint16(this.$data + 4, true)) {
      case 0: object["importedCap"] = this.$view.getUint32(this.$data, true); break;
      case 1: object["promisedAnswer"] = $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0) ? $.structReaderAt(PromisedAnswerReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null)).$toObject() : null; break;
    }
    return object as MessageTarget;
  }
}

/** What a call (or other message) is addressed to. */
export class MessageTargetBuilder extends $.GeneratedBuilder<MessageTarget, MessageTargetInit, MessageTargetReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): MessageTargetBuilder {
    return new MessageTargetBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** The active member of the union (undefined for a member this code does not know). */
  which(): 'importedCap' | 'promisedAnswer' | undefined {
    return $which5[this.$segment.view.getUint16(this.$data + 4, true)];
  }

  /** `importedCap @0 :UInt32`: A capability the receiver exported to the sender. */
  get importedCap(): number {
    return this.$segment.view.getUint32(this.$data, true);
  }

  set importedCap(value: number) {
    this.$segment.view.setUint32(this.$data, value, true);
    this.$segment.view.setUint16(this.$data + 4, 0, true);
  }

  /** `promisedAnswer @1 :PromisedAnswer`: A capability in the results of a call the sender made and has not finished. */
  get promisedAnswer(): PromisedAnswerBuilder {
    return $.getStruct<PromisedAnswerBuilder>(PromisedAnswerBuilder, this.$segment, this.$pointers, 1, 1);
  }

  set promisedAnswer(value: PromisedAnswerInit | PromisedAnswerReader | null) {
    PromisedAnswer.set(this.$, 0, value);
    this.$segment.view.setUint16(this.$data + 4, 1, true);
  }

  hasPromisedAnswer(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownPromisedAnswer(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptPromisedAnswer(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.AdoptAs.STRUCT);
    this.$segment.view.setUint16(this.$data + 4, 1, true);
  }

  initPromisedAnswer(): PromisedAnswerBuilder {
    this.$segment.view.setUint16(this.$data + 4, 1, true);
    return $.initStruct<PromisedAnswerBuilder>(PromisedAnswerBuilder, this.$segment, this.$pointers, 1, 1);
  }

  override $assign(value: MessageTargetInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'MessageTarget');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["importedCap", "promisedAnswer"], 'MessageTarget');
    let $k = '';
    try {
      $k = '';
      $.checkOneMember(value, ["importedCap", "promisedAnswer"], 'MessageTarget');
      if (value.importedCap !== undefined) { $k = 'importedCap'; this.importedCap = $.checkUInt32(value.importedCap); }
      if (value.promisedAnswer !== undefined) { $k = 'promisedAnswer'; this.promisedAnswer = value.promisedAnswer; }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): MessageTargetReader {
    return new MessageTargetReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** A struct sent over RPC, with the capabilities it holds. */
export type Payload = {
  /** The content. Its capability pointers index `capTable`. */
  content: $.AnyPointerReader | null;
  capTable: CapDescriptor[] | null;
};
/** What `PayloadBuilder.assign` and `encode` accept for `Payload`: any subset of its fields. */
export type PayloadInit = {
  /** The content. Its capability pointers index `capTable`. */
  content?: $.AnyValue | null;
  capTable?: $.ListInit<CapDescriptorInit | CapDescriptorReader> | null;
};

/** A struct sent over RPC, with the capabilities it holds. */
export class PayloadReader extends $.GeneratedReader<Payload> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$nesting = nesting;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): PayloadReader {
    return new PayloadReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** `content @0 :AnyPointer`: The content. Its capability pointers index `capTable`. */
  get content(): $.AnyPointerReader {
    return $.readPointer(this.$segment, this.$pointers, this.$pointerCount, 0, this.$nesting);
  }

  hasContent(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  /** `capTable @1 :List(CapDescriptor)` */
  get capTable(): $.StructList<CapDescriptorReader> {
    return $.readStructList(this.$segment, this.$pointers, this.$pointerCount, 1, this.$nesting, CapDescriptorReader);
  }

  hasCapTable(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 1);
  }

  override $toObject(): Payload {
    return {
      content: $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0) ? $.readPointer(this.$segment, this.$pointers, this.$pointerCount, 0, this.$nesting) : null,
      capTable: $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 1) ? $.structListToObject($.readList(this.$segment, this.$pointers, this.$pointerCount, 1, $.ElementSize.INLINE_COMPOSITE, this.$nesting), CapDescriptorReader) as CapDescriptor[] | null : null,
    };
  }
}

/** A struct sent over RPC, with the capabilities it holds. */
export class PayloadBuilder extends $.GeneratedBuilder<Payload, PayloadInit, PayloadReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): PayloadBuilder {
    return new PayloadBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** `content @0 :AnyPointer`: The content. Its capability pointers index `capTable`. */
  get content(): $.AnyPointerBuilder {
    return $.pointerBuilder(this.$segment, this.$pointers);
  }

  set content(value: $.AnyValue | null) {
    $.setAnyPointer($.pointerBuilder(this.$segment, this.$pointers), value);
  }

  hasContent(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownContent(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptContent(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.AdoptAs.ANY);
  }

  initContent(): $.AnyPointerBuilder {
    const slot = $.pointerBuilder(this.$segment, this.$pointers);
    slot.clear();
    return slot;
  }

  /** `capTable @1 :List(CapDescriptor)` */
  get capTable(): $.StructListBuilder<CapDescriptorBuilder> {
    return $.getStructListOf(this.$segment, this.$pointers + 8, 1, 1, CapDescriptorBuilder);
  }

  set capTable(value: $.ListInit<CapDescriptorInit | CapDescriptorReader> | null) {
    $.assignListAt(this.$segment, this.$pointers + 8, CapDescriptor, value);
  }

  hasCapTable(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers + 8);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownCapTable(): $.Orphan {
    return $.disown(this.$segment, this.$pointers + 8);
  }

  adoptCapTable(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers + 8, orphan, $.ElementSize.INLINE_COMPOSITE);
  }

  initCapTable(length: number): $.StructListBuilder<CapDescriptorBuilder> {
    return $.initStructListOf(this.$segment, this.$pointers + 8, length, 1, 1, CapDescriptorBuilder);
  }

  override $assign(value: PayloadInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'Payload');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["content", "capTable"], 'Payload');
    let $k = '';
    try {
      if (value.content !== undefined) { $k = 'content'; this.content = value.content; }
      if (value.capTable !== undefined) { $k = 'capTable'; this.capTable = value.capTable; }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): PayloadReader {
    return new PayloadReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** A capability as sent in a payload. */
export type CapDescriptor = {
  /**
   * On transports that pass file descriptors: the index of the descriptor attached to this
   * capability in the message (0xff: none).
   */
  attachedFd: number;
} & (
  | { none: null }
  | { senderHosted: number }
  | { senderPromise: number }
  | { receiverHosted: number }
  | { receiverAnswer: PromisedAnswer | null }
  | { thirdPartyHosted: ThirdPartyCapDescriptor | null }
);
/** What `CapDescriptorBuilder.assign` and `encode` accept for `CapDescriptor`: any subset of its fields. */
export type CapDescriptorInit = {
  /**
   * On transports that pass file descriptors: the index of the descriptor attached to this
   * capability in the message (0xff: none).
   */
  attachedFd?: number;
} & (
  | { none?: null; senderHosted?: never; senderPromise?: never; receiverHosted?: never; receiverAnswer?: never; thirdPartyHosted?: never }
  | { senderHosted?: number; none?: never; senderPromise?: never; receiverHosted?: never; receiverAnswer?: never; thirdPartyHosted?: never }
  | { senderPromise?: number; none?: never; senderHosted?: never; receiverHosted?: never; receiverAnswer?: never; thirdPartyHosted?: never }
  | { receiverHosted?: number; none?: never; senderHosted?: never; senderPromise?: never; receiverAnswer?: never; thirdPartyHosted?: never }
  | { receiverAnswer?: PromisedAnswerInit | PromisedAnswerReader | null; none?: never; senderHosted?: never; senderPromise?: never; receiverHosted?: never; thirdPartyHosted?: never }
  | { thirdPartyHosted?: ThirdPartyCapDescriptorInit | ThirdPartyCapDescriptorReader | null; none?: never; senderHosted?: never; senderPromise?: never; receiverHosted?: never; receiverAnswer?: never }
);

/** A capability as sent in a payload. */
export class CapDescriptorReader extends $.GeneratedReader<CapDescriptor> {
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

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): CapDescriptorReader {
    return new CapDescriptorReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** The active member of the union (undefined for a member this code does not know). */
  which(): 'none' | 'senderHosted' | 'senderPromise' | 'receiverHosted' | 'receiverAnswer' | 'thirdPartyHosted' | undefined {
    return $which6[this.$view.getUint16(this.$data, true)];
  }

  /** `none @0 :Void`: A null capability. */
  get none(): null {
    return null;
  }

  /** `senderHosted @1 :UInt32`: A capability the sender exports (new, or already in its export table). */
  get senderHosted(): number {
    return this.$view.getUint32(this.$data + 4, true);
  }

  /** `senderPromise @2 :UInt32`: A promise the sender exports; a Resolve will follow. */
  get senderPromise(): number {
    return this.$view.getUint32(this.$data + 4, true);
  }

  /** `receiverHosted @3 :UInt32`: A capability the receiver exported. */
  get receiverHosted(): number {
    return this.$view.getUint32(this.$data + 4, true);
  }

  /** `receiverAnswer @4 :PromisedAnswer`: A capability in the results of one of the receiver's answers. */
  get receiverAnswer(): PromisedAnswerReader {
    return $.structReaderAt(PromisedAnswerReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null));
  }

  hasReceiverAnswer(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  /** `thirdPartyHosted @5 :ThirdPartyCapDescriptor`: A capability hosted by a third vat. */
  get thirdPartyHosted(): ThirdPartyCapDescriptorReader {
    return $.structReaderAt(ThirdPartyCapDescriptorReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null));
  }

  hasThirdPartyHosted(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  /**
   * `attachedFd @6 :UInt8`:
   * On transports that pass file descriptors: the index of the descriptor attached to this
   * capability in the message (0xff: none).
   */
  get attachedFd(): number {
    return (this.$view.getUint8(this.$data + 2) ^ 255);
  }

  override $toObject(): CapDescriptor {
    const object: { [key: string]: unknown } = {
      attachedFd: (this.$view.getUint8(this.$data + 2) ^ 255),
    };
    switch (this.$view.getUint16(this.$data, true)) {
      case 0: object["none"] = null; break;
      case 1: object["senderHosted"] = this.$view.getUint32(this.$data + 4, true); break;
      case 2: object["senderPromise"] = this.$view.getUint32(this.$data + 4, true); break;
      case 3: object["receiverHosted"] = this.$view.getUint32(this.$data + 4, true); break;
      case 4: object["receiverAnswer"] = $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0) ? $.structReaderAt(PromisedAnswerReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null)).$toObject() : null; break;
      case 5: object["thirdPartyHosted"] = $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0) ? $.structReaderAt(ThirdPartyCapDescriptorReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null)).$toObject() : null; break;
    }
    return object as CapDescriptor;
  }
}

/** A capability as sent in a payload. */
export class CapDescriptorBuilder extends $.GeneratedBuilder<CapDescriptor, CapDescriptorInit, CapDescriptorReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): CapDescriptorBuilder {
    return new CapDescriptorBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** The active member of the union (undefined for a member this code does not know). */
  which(): 'none' | 'senderHosted' | 'senderPromise' | 'receiverHosted' | 'receiverAnswer' | 'thirdPartyHosted' | undefined {
    return $which6[this.$segment.view.getUint16(this.$data, true)];
  }

  /** `none @0 :Void`: A null capability. */
  get none(): null {
    return null;
  }

  set none(value: null) {
    void value;
    this.$segment.view.setUint16(this.$data, 0, true);
  }

  /** `senderHosted @1 :UInt32`: A capability the sender exports (new, or already in its export table). */
  get senderHosted(): number {
    return this.$segment.view.getUint32(this.$data + 4, true);
  }

  set senderHosted(value: number) {
    this.$segment.view.setUint32(this.$data + 4, value, true);
    this.$segment.view.setUint16(this.$data, 1, true);
  }

  /** `senderPromise @2 :UInt32`: A promise the sender exports; a Resolve will follow. */
  get senderPromise(): number {
    return this.$segment.view.getUint32(this.$data + 4, true);
  }

  set senderPromise(value: number) {
    this.$segment.view.setUint32(this.$data + 4, value, true);
    this.$segment.view.setUint16(this.$data, 2, true);
  }

  /** `receiverHosted @3 :UInt32`: A capability the receiver exported. */
  get receiverHosted(): number {
    return this.$segment.view.getUint32(this.$data + 4, true);
  }

  set receiverHosted(value: number) {
    this.$segment.view.setUint32(this.$data + 4, value, true);
    this.$segment.view.setUint16(this.$data, 3, true);
  }

  /** `receiverAnswer @4 :PromisedAnswer`: A capability in the results of one of the receiver's answers. */
  get receiverAnswer(): PromisedAnswerBuilder {
    return $.getStruct<PromisedAnswerBuilder>(PromisedAnswerBuilder, this.$segment, this.$pointers, 1, 1);
  }

  set receiverAnswer(value: PromisedAnswerInit | PromisedAnswerReader | null) {
    PromisedAnswer.set(this.$, 0, value);
    this.$segment.view.setUint16(this.$data, 4, true);
  }

  hasReceiverAnswer(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownReceiverAnswer(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptReceiverAnswer(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.AdoptAs.STRUCT);
    this.$segment.view.setUint16(this.$data, 4, true);
  }

  initReceiverAnswer(): PromisedAnswerBuilder {
    this.$segment.view.setUint16(this.$data, 4, true);
    return $.initStruct<PromisedAnswerBuilder>(PromisedAnswerBuilder, this.$segment, this.$pointers, 1, 1);
  }

  /** `thirdPartyHosted @5 :ThirdPartyCapDescriptor`: A capability hosted by a third vat. */
  get thirdPartyHosted(): ThirdPartyCapDescriptorBuilder {
    return $.getStruct<ThirdPartyCapDescriptorBuilder>(ThirdPartyCapDescriptorBuilder, this.$segment, this.$pointers, 1, 1);
  }

  set thirdPartyHosted(value: ThirdPartyCapDescriptorInit | ThirdPartyCapDescriptorReader | null) {
    ThirdPartyCapDescriptor.set(this.$, 0, value);
    this.$segment.view.setUint16(this.$data, 5, true);
  }

  hasThirdPartyHosted(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownThirdPartyHosted(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptThirdPartyHosted(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.AdoptAs.STRUCT);
    this.$segment.view.setUint16(this.$data, 5, true);
  }

  initThirdPartyHosted(): ThirdPartyCapDescriptorBuilder {
    this.$segment.view.setUint16(this.$data, 5, true);
    return $.initStruct<ThirdPartyCapDescriptorBuilder>(ThirdPartyCapDescriptorBuilder, this.$segment, this.$pointers, 1, 1);
  }

  /**
   * `attachedFd @6 :UInt8`:
   * On transports that pass file descriptors: the index of the descriptor attached to this
   * capability in the message (0xff: none).
   */
  get attachedFd(): number {
    return (this.$segment.view.getUint8(this.$data + 2) ^ 255);
  }

  set attachedFd(value: number) {
    this.$segment.view.setUint8(this.$data + 2, value ^ 255);
  }

  override $assign(value: CapDescriptorInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'CapDescriptor');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["attachedFd", "none", "senderHosted", "senderPromise", "receiverHosted", "receiverAnswer", "thirdPartyHosted"], 'CapDescriptor');
    let $k = '';
    try {
      if (value.attachedFd !== undefined) { $k = 'attachedFd'; this.attachedFd = $.checkUInt8(value.attachedFd); }
      $k = '';
      $.checkOneMember(value, ["none", "senderHosted", "senderPromise", "receiverHosted", "receiverAnswer", "thirdPartyHosted"], 'CapDescriptor');
      if (value.none !== undefined) { $k = 'none'; this.none = $.checkVoid(value.none); }
      if (value.senderHosted !== undefined) { $k = 'senderHosted'; this.senderHosted = $.checkUInt32(value.senderHosted); }
      if (value.senderPromise !== undefined) { $k = 'senderPromise'; this.senderPromise = $.checkUInt32(value.senderPromise); }
      if (value.receiverHosted !== undefined) { $k = 'receiverHosted'; this.receiverHosted = $.checkUInt32(value.receiverHosted); }
      if (value.receiverAnswer !== undefined) { $k = 'receiverAnswer'; this.receiverAnswer = value.receiverAnswer; }
      if (value.thirdPartyHosted !== undefined) { $k = 'thirdPartyHosted'; this.thirdPartyHosted = value.thirdPartyHosted; }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): CapDescriptorReader {
    return new CapDescriptorReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** A capability inside the results of a call that may not have returned yet. */
export type PromisedAnswer = {
  questionId: number;
  /** How to get from the result struct to the capability. */
  transform: PromisedAnswer_Op[] | null;
};
/** What `PromisedAnswerBuilder.assign` and `encode` accept for `PromisedAnswer`: any subset of its fields. */
export type PromisedAnswerInit = {
  questionId?: number;
  /** How to get from the result struct to the capability. */
  transform?: $.ListInit<PromisedAnswer_OpInit | PromisedAnswer_OpReader> | null;
};

/** A capability inside the results of a call that may not have returned yet. */
export class PromisedAnswerReader extends $.GeneratedReader<PromisedAnswer> {
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

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): PromisedAnswerReader {
    return new PromisedAnswerReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** `questionId @0 :UInt32` */
  get questionId(): number {
    return this.$view.getUint32(this.$data, true);
  }

  /** `transform @1 :List(PromisedAnswer.Op)`: How to get from the result struct to the capability. */
  get transform(): $.StructList<PromisedAnswer_OpReader> {
    return $.readStructList(this.$segment, this.$pointers, this.$pointerCount, 0, this.$nesting, PromisedAnswer_OpReader);
  }

  hasTransform(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  override $toObject(): PromisedAnswer {
    return {
      questionId: this.$view.getUint32(this.$data, true),
      transform: $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0) ? $.structListToObject($.readList(this.$segment, this.$pointers, this.$pointerCount, 0, $.ElementSize.INLINE_COMPOSITE, this.$nesting), PromisedAnswer_OpReader) as PromisedAnswer_Op[] | null : null,
    };
  }
}

/** A capability inside the results of a call that may not have returned yet. */
export class PromisedAnswerBuilder extends $.GeneratedBuilder<PromisedAnswer, PromisedAnswerInit, PromisedAnswerReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): PromisedAnswerBuilder {
    return new PromisedAnswerBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** `questionId @0 :UInt32` */
  get questionId(): number {
    return this.$segment.view.getUint32(this.$data, true);
  }

  set questionId(value: number) {
    this.$segment.view.setUint32(this.$data, value, true);
  }

  /** `transform @1 :List(PromisedAnswer.Op)`: How to get from the result struct to the capability. */
  get transform(): $.StructListBuilder<PromisedAnswer_OpBuilder> {
    return $.getStructListOf(this.$segment, this.$pointers, 1, 0, PromisedAnswer_OpBuilder);
  }

  set transform(value: $.ListInit<PromisedAnswer_OpInit | PromisedAnswer_OpReader> | null) {
    $.assignListAt(this.$segment, this.$pointers, PromisedAnswer_Op, value);
  }

  hasTransform(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownTransform(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptTransform(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.ElementSize.INLINE_COMPOSITE);
  }

  initTransform(length: number): $.StructListBuilder<PromisedAnswer_OpBuilder> {
    return $.initStructListOf(this.$segment, this.$pointers, length, 1, 0, PromisedAnswer_OpBuilder);
  }

  override $assign(value: PromisedAnswerInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'PromisedAnswer');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["questionId", "transform"], 'PromisedAnswer');
    let $k = '';
    try {
      if (value.questionId !== undefined) { $k = 'questionId'; this.questionId = $.checkUInt32(value.questionId); }
      if (value.transform !== undefined) { $k = 'transform'; this.transform = value.transform; }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): PromisedAnswerReader {
    return new PromisedAnswerReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** Plain-object form of `PromisedAnswer.Op`. */
export type PromisedAnswer_Op = (
  | { noop: null }
  | { getPointerField: number }
);
/** What `PromisedAnswer_OpBuilder.assign` and `encode` accept for `PromisedAnswer_Op`: any subset of its fields. */
export type PromisedAnswer_OpInit = (
  | { noop?: null; getPointerField?: never }
  | { getPointerField?: number; noop?: never }
);

export class PromisedAnswer_OpReader extends $.GeneratedReader<PromisedAnswer_Op> {
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

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): PromisedAnswer_OpReader {
    return new PromisedAnswer_OpReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** The active member of the union (undefined for a member this code does not know). */
  which(): 'noop' | 'getPointerField' | undefined {
    return $which7[this.$view.getUint16(this.$data, true)];
  }

  /** `noop @0 :Void`: Does nothing (kept for compatibility). */
  get noop(): null {
    return null;
  }

  /** `getPointerField @1 :UInt16`: Follows the pointer field with this index. */
  get getPointerField(): number {
    return this.$view.getUint16(this.$data + 2, true);
  }

  override $toObject(): PromisedAnswer_Op {
    const object: { [key: string]: unknown } = {};
    switch (this.$view.getUint16(this.$data, true)) {
      case 0: object["noop"] = null; break;
      case 1: object["getPointerField"] = this.$view.getUint16(this.$data + 2, true); break;
    }
    return object as PromisedAnswer_Op;
  }
}

export class PromisedAnswer_OpBuilder extends $.GeneratedBuilder<PromisedAnswer_Op, PromisedAnswer_OpInit, PromisedAnswer_OpReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): PromisedAnswer_OpBuilder {
    return new PromisedAnswer_OpBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** The active member of the union (undefined for a member this code does not know). */
  which(): 'noop' | 'getPointerField' | undefined {
    return $which7[this.$segment.view.getUint16(this.$data, true)];
  }

  /** `noop @0 :Void`: Does nothing (kept for compatibility). */
  get noop(): null {
    return null;
  }

  set noop(value: null) {
    void value;
    this.$segment.view.setUint16(this.$data, 0, true);
  }

  /** `getPointerField @1 :UInt16`: Follows the pointer field with this index. */
  get getPointerField(): number {
    return this.$segment.view.getUint16(this.$data + 2, true);
  }

  set getPointerField(value: number) {
    this.$segment.view.setUint16(this.$data + 2, value, true);
    this.$segment.view.setUint16(this.$data, 1, true);
  }

  override $assign(value: PromisedAnswer_OpInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'PromisedAnswer_Op');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["noop", "getPointerField"], 'PromisedAnswer_Op');
    let $k = '';
    try {
      $k = '';
      $.checkOneMember(value, ["noop", "getPointerField"], 'PromisedAnswer_Op');
      if (value.noop !== undefined) { $k = 'noop'; this.noop = $.checkVoid(value.noop); }
      if (value.getPointerField !== undefined) { $k = 'getPointerField'; this.getPointerField = $.checkUInt16(value.getPointerField); }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): PromisedAnswer_OpReader {
    return new PromisedAnswer_OpReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** A capability hosted by a third vat. */
export type ThirdPartyCapDescriptor = {
  /** How to reach it. */
  id: $.AnyPointerReader | null;
  /**
   * A capability the sender exports that forwards to the real one, usable until the receiver
   * has connected to the third vat.
   */
  vineId: number;
};
/** What `ThirdPartyCapDescriptorBuilder.assign` and `encode` accept for `ThirdPartyCapDescriptor`: any subset of its fields. */
export type ThirdPartyCapDescriptorInit = {
  /** How to reach it. */
  id?: $.AnyValue | null;
  /**
   * A capability the sender exports that forwards to the real one, usable until the receiver
   * has connected to the third vat.
   */
  vineId?: number;
};

/** A capability hosted by a third vat. */
export class ThirdPartyCapDescriptorReader extends $.GeneratedReader<ThirdPartyCapDescriptor> {
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

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): ThirdPartyCapDescriptorReader {
    return new ThirdPartyCapDescriptorReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** `id @0 :AnyPointer`: How to reach it. */
  get id(): $.AnyPointerReader {
    return $.readPointer(this.$segment, this.$pointers, this.$pointerCount, 0, this.$nesting);
  }

  hasId(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  /**
   * `vineId @1 :UInt32`:
   * A capability the sender exports that forwards to the real one, usable until the receiver
   * has connected to the third vat.
   */
  get vineId(): number {
    return this.$view.getUint32(this.$data, true);
  }

  override $toObject(): ThirdPartyCapDescriptor {
    return {
      id: $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0) ? $.readPointer(this.$segment, this.$pointers, this.$pointerCount, 0, this.$nesting) : null,
      vineId: this.$view.getUint32(this.$data, true),
    };
  }
}

/** A capability hosted by a third vat. */
export class ThirdPartyCapDescriptorBuilder extends $.GeneratedBuilder<ThirdPartyCapDescriptor, ThirdPartyCapDescriptorInit, ThirdPartyCapDescriptorReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): ThirdPartyCapDescriptorBuilder {
    return new ThirdPartyCapDescriptorBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** `id @0 :AnyPointer`: How to reach it. */
  get id(): $.AnyPointerBuilder {
    return $.pointerBuilder(this.$segment, this.$pointers);
  }

  set id(value: $.AnyValue | null) {
    $.setAnyPointer($.pointerBuilder(this.$segment, this.$pointers), value);
  }

  hasId(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownId(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptId(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.AdoptAs.ANY);
  }

  initId(): $.AnyPointerBuilder {
    const slot = $.pointerBuilder(this.$segment, this.$pointers);
    slot.clear();
    return slot;
  }

  /**
   * `vineId @1 :UInt32`:
   * A capability the sender exports that forwards to the real one, usable until the receiver
   * has connected to the third vat.
   */
  get vineId(): number {
    return this.$segment.view.getUint32(this.$data, true);
  }

  set vineId(value: number) {
    this.$segment.view.setUint32(this.$data, value, true);
  }

  override $assign(value: ThirdPartyCapDescriptorInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'ThirdPartyCapDescriptor');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["id", "vineId"], 'ThirdPartyCapDescriptor');
    let $k = '';
    try {
      if (value.id !== undefined) { $k = 'id'; this.id = value.id; }
      if (value.vineId !== undefined) { $k = 'vineId'; this.vineId = $.checkUInt32(value.vineId); }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): ThirdPartyCapDescriptorReader {
    return new ThirdPartyCapDescriptorReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** Why something failed. */
export type Exception = {
  /** A message for humans. */
  reason: string | null;
  /** What kind of failure, which tells the caller what it may do about it. */
  type: Exception_Type;
  /** No longer used. */
  obsoleteIsCallersFault: boolean;
  /** No longer used. */
  obsoleteDurability: number;
  /** Where the failure happened, for debugging (may be empty). */
  trace: string | null;
  /** Structured data about the failure, for applications that define it. */
  details: Exception_Detail[] | null;
};
/** What `ExceptionBuilder.assign` and `encode` accept for `Exception`: any subset of its fields. */
export type ExceptionInit = {
  /** A message for humans. */
  reason?: string | null;
  /** What kind of failure, which tells the caller what it may do about it. */
  type?: Exception_Type;
  /** No longer used. */
  obsoleteIsCallersFault?: boolean;
  /** No longer used. */
  obsoleteDurability?: number;
  /** Where the failure happened, for debugging (may be empty). */
  trace?: string | null;
  /** Structured data about the failure, for applications that define it. */
  details?: $.ListInit<Exception_DetailInit | Exception_DetailReader> | null;
};

/** Why something failed. */
export class ExceptionReader extends $.GeneratedReader<Exception> {
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

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): ExceptionReader {
    return new ExceptionReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** `reason @0 :Text`: A message for humans. */
  get reason(): string {
    return $.readTextAt(this.$segment, this.$slot(0), '');
  }

  hasReason(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  /** `type @3 :Exception.Type`: What kind of failure, which tells the caller what it may do about it. */
  get type(): Exception_Type {
    return this.$view.getUint16(this.$data + 4, true) as Exception_Type;
  }

  /** `obsoleteIsCallersFault @1 :Bool`: No longer used. */
  get obsoleteIsCallersFault(): boolean {
    return !!(this.$view.getUint8(this.$data) & 1);
  }

  /** `obsoleteDurability @2 :UInt16`: No longer used. */
  get obsoleteDurability(): number {
    return this.$view.getUint16(this.$data + 2, true);
  }

  /** `trace @4 :Text`: Where the failure happened, for debugging (may be empty). */
  get trace(): string {
    return $.readTextAt(this.$segment, this.$slot(1), '');
  }

  hasTrace(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 1);
  }

  /** `details @5 :List(Exception.Detail)`: Structured data about the failure, for applications that define it. */
  get details(): $.StructList<Exception_DetailReader> {
    return $.readStructList(this.$segment, this.$pointers, this.$pointerCount, 2, this.$nesting, Exception_DetailReader);
  }

  hasDetails(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 2);
  }

  override $toObject(): Exception {
    return {
      reason: $.textOrNull(this.$segment, this.$pointers, this.$pointerCount, 0),
      type: this.$view.getUint16(this.$data + 4, true) as Exception_Type,
      obsoleteIsCallersFault: !!(this.$view.getUint8(this.$data) & 1),
      obsoleteDurability: this.$view.getUint16(this.$data + 2, true),
      trace: $.textOrNull(this.$segment, this.$pointers, this.$pointerCount, 1),
      details: $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 2) ? $.structListToObject($.readList(this.$segment, this.$pointers, this.$pointerCount, 2, $.ElementSize.INLINE_COMPOSITE, this.$nesting), Exception_DetailReader) as Exception_Detail[] | null : null,
    };
  }
}

/** Why something failed. */
export class ExceptionBuilder extends $.GeneratedBuilder<Exception, ExceptionInit, ExceptionReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): ExceptionBuilder {
    return new ExceptionBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** `reason @0 :Text`: A message for humans. */
  get reason(): string {
    return $.readTextAt(this.$segment, this.$pointers, '');
  }

  set reason(value: string | null) {
    $.setText(this.$segment, this.$pointers, value);
  }

  hasReason(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownReason(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptReason(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.ElementSize.BYTE);
  }

  /** New Text of `byteLength` zero bytes to fill with UTF-8 (the view is valid until the message next allocates). */
  initReason(byteLength: number): Uint8Array {
    return $.initText(this.$segment, this.$pointers, byteLength);
  }

  /** `type @3 :Exception.Type`: What kind of failure, which tells the caller what it may do about it. */
  get type(): Exception_Type {
    return this.$segment.view.getUint16(this.$data + 4, true) as Exception_Type;
  }

  set type(value: Exception_Type) {
    this.$segment.view.setUint16(this.$data + 4, value, true);
  }

  /** `obsoleteIsCallersFault @1 :Bool`: No longer used. */
  get obsoleteIsCallersFault(): boolean {
    return (this.$segment.view.getUint8(this.$data) & 1) !== 0;
  }

  set obsoleteIsCallersFault(value: boolean) {
    $.setBit(this.$segment.bytes, this.$data, 1, value);
  }

  /** `obsoleteDurability @2 :UInt16`: No longer used. */
  get obsoleteDurability(): number {
    return this.$segment.view.getUint16(this.$data + 2, true);
  }

  set obsoleteDurability(value: number) {
    this.$segment.view.setUint16(this.$data + 2, value, true);
  }

  /** `trace @4 :Text`: Where the failure happened, for debugging (may be empty). */
  get trace(): string {
    return $.readTextAt(this.$segment, this.$pointers + 8, '');
  }

  set trace(value: string | null) {
    $.setText(this.$segment, this.$pointers + 8, value);
  }

  hasTrace(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers + 8);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownTrace(): $.Orphan {
    return $.disown(this.$segment, this.$pointers + 8);
  }

  adoptTrace(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers + 8, orphan, $.ElementSize.BYTE);
  }

  /** New Text of `byteLength` zero bytes to fill with UTF-8 (the view is valid until the message next allocates). */
  initTrace(byteLength: number): Uint8Array {
    return $.initText(this.$segment, this.$pointers + 8, byteLength);
  }

  /** `details @5 :List(Exception.Detail)`: Structured data about the failure, for applications that define it. */
  get details(): $.StructListBuilder<Exception_DetailBuilder> {
    return $.getStructListOf(this.$segment, this.$pointers + 16, 1, 1, Exception_DetailBuilder);
  }

  set details(value: $.ListInit<Exception_DetailInit | Exception_DetailReader> | null) {
    $.assignListAt(this.$segment, this.$pointers + 16, Exception_Detail, value);
  }

  hasDetails(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers + 16);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownDetails(): $.Orphan {
    return $.disown(this.$segment, this.$pointers + 16);
  }

  adoptDetails(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers + 16, orphan, $.ElementSize.INLINE_COMPOSITE);
  }

  initDetails(length: number): $.StructListBuilder<Exception_DetailBuilder> {
    return $.initStructListOf(this.$segment, this.$pointers + 16, length, 1, 1, Exception_DetailBuilder);
  }

  override $assign(value: ExceptionInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'Exception');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["reason", "type", "obsoleteIsCallersFault", "obsoleteDurability", "trace", "details"], 'Exception');
    let $k = '';
    try {
      if (value.reason !== undefined) { $k = 'reason'; this.reason = value.reason; }
      if (value.type !== undefined) { $k = 'type'; this.type = $.checkEnum(value.type, "Exception_Type"); }
      if (value.obsoleteIsCallersFault !== undefined) { $k = 'obsoleteIsCallersFault'; this.obsoleteIsCallersFault = $.checkBool(value.obsoleteIsCallersFault); }
      if (value.obsoleteDurability !== undefined) { $k = 'obsoleteDurability'; this.obsoleteDurability = $.checkUInt16(value.obsoleteDurability); }
      if (value.trace !== undefined) { $k = 'trace'; this.trace = value.trace; }
      if (value.details !== undefined) { $k = 'details'; this.details = value.details; }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): ExceptionReader {
    return new ExceptionReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

export const Exception_Type = {
  /** Something went wrong; retrying will not help. */
  failed: 0,
  /** Out of some resource; retrying later may work. */
  overloaded: 1,
  /** The connection or a capability broke; reconnecting may work. */
  disconnected: 2,
  /** The method (or feature) is not implemented. */
  unimplemented: 3,
} as const;
export type Exception_Type = (typeof Exception_Type)[keyof typeof Exception_Type];

/** Plain-object form of `Exception.Detail`. */
export type Exception_Detail = {
  /** What kind of detail: an id chosen by whoever defined it. */
  detailId: bigint;
  /** The detail, encoded as that definition says. */
  data: Uint8Array | null;
};
/** What `Exception_DetailBuilder.assign` and `encode` accept for `Exception_Detail`: any subset of its fields. */
export type Exception_DetailInit = {
  /** What kind of detail: an id chosen by whoever defined it. */
  detailId?: bigint | number;
  /** The detail, encoded as that definition says. */
  data?: Uint8Array | null;
};

export class Exception_DetailReader extends $.GeneratedReader<Exception_Detail> {
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

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): Exception_DetailReader {
    return new Exception_DetailReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** `detailId @0 :UInt64`: What kind of detail: an id chosen by whoever defined it. */
  get detailId(): bigint {
    return this.$view.getBigUint64(this.$data, true);
  }

  /** `data @1 :Data`: The detail, encoded as that definition says. */
  get data(): Uint8Array {
    return $.readData(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  hasData(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  override $toObject(): Exception_Detail {
    return {
      detailId: this.$view.getBigUint64(this.$data, true),
      data: $.dataOrNull(this.$segment, this.$pointers, this.$pointerCount, 0),
    };
  }
}

export class Exception_DetailBuilder extends $.GeneratedBuilder<Exception_Detail, Exception_DetailInit, Exception_DetailReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): Exception_DetailBuilder {
    return new Exception_DetailBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** `detailId @0 :UInt64`: What kind of detail: an id chosen by whoever defined it. */
  get detailId(): bigint {
    return this.$segment.view.getBigUint64(this.$data, true);
  }

  set detailId(value: bigint | number) {
    this.$segment.view.setBigUint64(this.$data, $.toBigInt(value), true);
  }

  /** `data @1 :Data`: The detail, encoded as that definition says. */
  get data(): Uint8Array {
    return $.readDataAt(this.$segment, this.$pointers, undefined);
  }

  set data(value: Uint8Array | null) {
    $.setData(this.$segment, this.$pointers, value);
  }

  hasData(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownData(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptData(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.ElementSize.BYTE);
  }

  /** New zeroed Data to fill in (the view is valid until the message next allocates). */
  initData(length: number): Uint8Array {
    return $.initData(this.$segment, this.$pointers, length);
  }

  override $assign(value: Exception_DetailInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'Exception_Detail');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["detailId", "data"], 'Exception_Detail');
    let $k = '';
    try {
      if (value.detailId !== undefined) { $k = 'detailId'; this.detailId = $.checkUInt64(value.detailId); }
      if (value.data !== undefined) { $k = 'data'; this.data = value.data; }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): Exception_DetailReader {
    return new Exception_DetailReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

export const Message = /* @__PURE__ */ new $.StructType<Message, MessageInit, MessageReader, MessageBuilder>(0x91b79f1f808db032n, "capnp/rpc.capnp:Message", 1, 1, MessageReader, MessageBuilder);
export const Bootstrap = /* @__PURE__ */ new $.StructType<Bootstrap, BootstrapInit, BootstrapReader, BootstrapBuilder>(0xe94ccf8031176ec4n, "capnp/rpc.capnp:Bootstrap", 1, 1, BootstrapReader, BootstrapBuilder);
export const Call = /* @__PURE__ */ new $.StructType<Call, CallInit, CallReader, CallBuilder>(0x836a53ce789d4cd4n, "capnp/rpc.capnp:Call", 3, 3, CallReader, CallBuilder);
export const Return = /* @__PURE__ */ new $.StructType<Return, ReturnInit, ReturnReader, ReturnBuilder>(0x9e19b28d3db3573an, "capnp/rpc.capnp:Return", 2, 1, ReturnReader, ReturnBuilder);
export const Finish = /* @__PURE__ */ new $.StructType<Finish, FinishInit, FinishReader, FinishBuilder>(0xd37d2eb2c2f80e63n, "capnp/rpc.capnp:Finish", 1, 0, FinishReader, FinishBuilder);
export const Resolve = /* @__PURE__ */ new $.StructType<Resolve, ResolveInit, ResolveReader, ResolveBuilder>(0xbbc29655fa89086en, "capnp/rpc.capnp:Resolve", 1, 1, ResolveReader, ResolveBuilder);
export const Release = /* @__PURE__ */ new $.StructType<Release, ReleaseInit, ReleaseReader, ReleaseBuilder>(0xad1a6c0d7dd07497n, "capnp/rpc.capnp:Release", 1, 0, ReleaseReader, ReleaseBuilder);
export const Disembargo = /* @__PURE__ */ new $.StructType<Disembargo, DisembargoInit, DisembargoReader, DisembargoBuilder>(0xf964368b0fbd3711n, "capnp/rpc.capnp:Disembargo", 1, 2, DisembargoReader, DisembargoBuilder);
export const Provide = /* @__PURE__ */ new $.StructType<Provide, ProvideInit, ProvideReader, ProvideBuilder>(0x9c6a046bfbc1ac5an, "capnp/rpc.capnp:Provide", 1, 2, ProvideReader, ProvideBuilder);
export const Accept = /* @__PURE__ */ new $.StructType<Accept, AcceptInit, AcceptReader, AcceptBuilder>(0xd4c9b56290554016n, "capnp/rpc.capnp:Accept", 1, 2, AcceptReader, AcceptBuilder);
export const ThirdPartyAnswer = /* @__PURE__ */ new $.StructType<ThirdPartyAnswer, ThirdPartyAnswerInit, ThirdPartyAnswerReader, ThirdPartyAnswerBuilder>(0xb6511ce6c5f0e58cn, "capnp/rpc.capnp:ThirdPartyAnswer", 1, 1, ThirdPartyAnswerReader, ThirdPartyAnswerBuilder);
export const Join = /* @__PURE__ */ new $.StructType<Join, JoinInit, JoinReader, JoinBuilder>(0xfbe1980490e001afn, "capnp/rpc.capnp:Join", 1, 2, JoinReader, JoinBuilder);
export const MessageTarget = /* @__PURE__ */ new $.StructType<MessageTarget, MessageTargetInit, MessageTargetReader, MessageTargetBuilder>(0x95bc14545813fbc1n, "capnp/rpc.capnp:MessageTarget", 1, 1, MessageTargetReader, MessageTargetBuilder);
export const Payload = /* @__PURE__ */ new $.StructType<Payload, PayloadInit, PayloadReader, PayloadBuilder>(0x9a0e61223d96743bn, "capnp/rpc.capnp:Payload", 0, 2, PayloadReader, PayloadBuilder);
export const CapDescriptor = /* @__PURE__ */ new $.StructType<CapDescriptor, CapDescriptorInit, CapDescriptorReader, CapDescriptorBuilder>(0x8523ddc40b86b8b0n, "capnp/rpc.capnp:CapDescriptor", 1, 1, CapDescriptorReader, CapDescriptorBuilder);
export const PromisedAnswer = /* @__PURE__ */ new $.StructType<PromisedAnswer, PromisedAnswerInit, PromisedAnswerReader, PromisedAnswerBuilder>(0xd800b1d6cd6f1ca0n, "capnp/rpc.capnp:PromisedAnswer", 1, 1, PromisedAnswerReader, PromisedAnswerBuilder);
export const PromisedAnswer_Op = /* @__PURE__ */ new $.StructType<PromisedAnswer_Op, PromisedAnswer_OpInit, PromisedAnswer_OpReader, PromisedAnswer_OpBuilder>(0xf316944415569081n, "capnp/rpc.capnp:PromisedAnswer.Op", 1, 0, PromisedAnswer_OpReader, PromisedAnswer_OpBuilder);
export const ThirdPartyCapDescriptor = /* @__PURE__ */ new $.StructType<ThirdPartyCapDescriptor, ThirdPartyCapDescriptorInit, ThirdPartyCapDescriptorReader, ThirdPartyCapDescriptorBuilder>(0xd37007fde1f0027dn, "capnp/rpc.capnp:ThirdPartyCapDescriptor", 1, 1, ThirdPartyCapDescriptorReader, ThirdPartyCapDescriptorBuilder);
export const Exception = /* @__PURE__ */ new $.StructType<Exception, ExceptionInit, ExceptionReader, ExceptionBuilder>(0xd625b7063acf691an, "capnp/rpc.capnp:Exception", 1, 3, ExceptionReader, ExceptionBuilder);
export const Exception_Detail = /* @__PURE__ */ new $.StructType<Exception_Detail, Exception_DetailInit, Exception_DetailReader, Exception_DetailBuilder>(0xd6c14f121d44f8ddn, "capnp/rpc.capnp:Exception.Detail", 1, 1, Exception_DetailReader, Exception_DetailBuilder);
