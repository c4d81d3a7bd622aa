/**
 * Where the fields of rpc.capnp's messages are, for the engine to read and write them through
 * the wire layer's struct readers and builders, without the generated bindings of rpc.capnp (a
 * browser client would otherwise bundle the readers, builders, object conversion and input
 * checks of every protocol struct: 7.5 KB of a 40 KB gzipped client).
 *
 * Units, as the wire layer's accessors take them: data fields in bytes from the start of the
 * data section (Bool fields in bits), pointer fields by pointer index, union discriminants as
 * the byte offset of the 16-bit tag and the tag's value for each member (`*_IS_*`). Sizes are
 * data words and pointers. Each constant names its field as the schema declares it;
 * test/rpc/protocol-layout.test.ts checks every one against the reference compiler's layout
 * of std/capnp/rpc.capnp, so a wrong offset fails there.
 */

// ---- Message (a union of every kind of message) -------------------------------------------

export const MESSAGE_WORDS = 1;
export const MESSAGE_POINTERS = 1;
/** Message's union tag. */
export const MESSAGE_WHICH = 0;
/** The pointer every member of Message's union lives in (`call @2 :Call`, `return @3 :Return`, ...). */
export const MESSAGE_BODY = 0;
/** `unimplemented @0 :Message` */
export const MESSAGE_IS_UNIMPLEMENTED = 0;
/** `abort @1 :Exception` */
export const MESSAGE_IS_ABORT = 1;
/** `call @2 :Call` */
export const MESSAGE_IS_CALL = 2;
/** `return @3 :Return` */
export const MESSAGE_IS_RETURN = 3;
/** `finish @4 :Finish` */
export const MESSAGE_IS_FINISH = 4;
/** `resolve @5 :Resolve` */
export const MESSAGE_IS_RESOLVE = 5;
/** `release @6 :Release` */
export const MESSAGE_IS_RELEASE = 6;
/** `bootstrap @8 :Bootstrap` */
export const MESSAGE_IS_BOOTSTRAP = 8;
/** `disembargo @13 :Disembargo` */
export const MESSAGE_IS_DISEMBARGO = 13;

// ---- Bootstrap ------------------------------------------------------------------------------

export const BOOTSTRAP_WORDS = 1;
export const BOOTSTRAP_POINTERS = 1;
/** `questionId @0 :QuestionId` (UInt32) */
export const BOOTSTRAP_QUESTION_ID = 0;

// ---- Call -----------------------------------------------------------------------------------

export const CALL_WORDS = 3;
export const CALL_POINTERS = 3;
/** `questionId @0 :QuestionId` (UInt32) */
export const CALL_QUESTION_ID = 0;
/** `target @1 :MessageTarget` */
export const CALL_TARGET = 0;
/** `interfaceId @2 :UInt64` */
export const CALL_INTERFACE_ID = 8;
/** `methodId @3 :UInt16` */
export const CALL_METHOD_ID = 4;
/** `params @4 :Payload` */
export const CALL_PARAMS = 1;
/** `noPromisePipelining @9 :Bool = false` (a bit) */
export const CALL_NO_PROMISE_PIPELINING = 129;
/** The union tag of the group `sendResultsTo`. */
export const CALL_SEND_RESULTS_TO_WHICH = 6;
/** `sendResultsTo.caller @5 :Void` */
export const SEND_RESULTS_TO_IS_CALLER = 0;
/** `sendResultsTo.yourself @6 :Void` */
export const SEND_RESULTS_TO_IS_YOURSELF = 1;

// ---- Return ---------------------------------------------------------------------------------

export const RETURN_WORDS = 2;
export const RETURN_POINTERS = 1;
/** `answerId @0 :AnswerId` (UInt32) */
export const RETURN_ANSWER_ID = 0;
/** `releaseParamCaps @1 :Bool = true` (a bit; its default below) */
export const RETURN_RELEASE_PARAM_CAPS = 32;
export const RETURN_RELEASE_PARAM_CAPS_DEFAULT = true;
/** `noFinishNeeded @8 :Bool = false` (a bit) */
export const RETURN_NO_FINISH_NEEDED = 33;
/** Return's union tag. */
export const RETURN_WHICH = 6;
/** `results @2 :Payload` */
export const RETURN_IS_RESULTS = 0;
export const RETURN_RESULTS = 0;
/** `exception @3 :Exception` */
export const RETURN_IS_EXCEPTION = 1;
export const RETURN_EXCEPTION = 0;
/** `canceled @4 :Void` */
export const RETURN_IS_CANCELED = 2;
/** `resultsSentElsewhere @5 :Void` */
export const RETURN_IS_RESULTS_SENT_ELSEWHERE = 3;
/** `takeFromOtherQuestion @6 :QuestionId` (UInt32) */
export const RETURN_IS_TAKE_FROM_OTHER_QUESTION = 4;
export const RETURN_TAKE_FROM_OTHER_QUESTION = 8;
/** `awaitFromThirdParty @7 :ThirdPartyToAwait` (level 3, which this engine does not implement) */
export const RETURN_IS_AWAIT_FROM_THIRD_PARTY = 5;

// ---- Finish ---------------------------------------------------------------------------------

export const FINISH_WORDS = 1;
export const FINISH_POINTERS = 0;
/** `questionId @0 :QuestionId` (UInt32) */
export const FINISH_QUESTION_ID = 0;
/** `releaseResultCaps @1 :Bool = true` (a bit; its default below) */
export const FINISH_RELEASE_RESULT_CAPS = 32;
export const FINISH_RELEASE_RESULT_CAPS_DEFAULT = true;
/** `requireEarlyCancellationWorkaround @2 :Bool = true` (a bit; its default below) */
export const FINISH_REQUIRE_EARLY_CANCELLATION_WORKAROUND = 33;
export const FINISH_REQUIRE_EARLY_CANCELLATION_WORKAROUND_DEFAULT = true;

// ---- Resolve --------------------------------------------------------------------------------

export const RESOLVE_WORDS = 1;
export const RESOLVE_POINTERS = 1;
/** `promiseId @0 :ExportId` (UInt32) */
export const RESOLVE_PROMISE_ID = 0;
/** Resolve's union tag. */
export const RESOLVE_WHICH = 4;
/** `cap @1 :CapDescriptor` */
export const RESOLVE_IS_CAP = 0;
export const RESOLVE_CAP = 0;
/** `exception @2 :Exception` */
export const RESOLVE_IS_EXCEPTION = 1;
export const RESOLVE_EXCEPTION = 0;

// ---- Release --------------------------------------------------------------------------------

export const RELEASE_WORDS = 1;
export const RELEASE_POINTERS = 0;
/** `id @0 :ImportId` (UInt32) */
export const RELEASE_ID = 0;
/** `referenceCount @1 :UInt32` */
export const RELEASE_REFERENCE_COUNT = 4;

// ---- Disembargo -----------------------------------------------------------------------------

export const DISEMBARGO_WORDS = 1;
export const DISEMBARGO_POINTERS = 2;
/** `target @0 :MessageTarget` */
export const DISEMBARGO_TARGET = 0;
/** The union tag of the group `context`. */
export const DISEMBARGO_CONTEXT_WHICH = 4;
/** `context.senderLoopback @1 :EmbargoId` (UInt32) */
export const CONTEXT_IS_SENDER_LOOPBACK = 0;
export const CONTEXT_SENDER_LOOPBACK = 0;
/** `context.receiverLoopback @2 :EmbargoId` (UInt32) */
export const CONTEXT_IS_RECEIVER_LOOPBACK = 1;
export const CONTEXT_RECEIVER_LOOPBACK = 0;

// ---- MessageTarget --------------------------------------------------------------------------

export const MESSAGE_TARGET_WORDS = 1;
export const MESSAGE_TARGET_POINTERS = 1;
/** MessageTarget's union tag. */
export const MESSAGE_TARGET_WHICH = 4;
/** `importedCap @0 :ImportId` (UInt32) */
export const MESSAGE_TARGET_IS_IMPORTED_CAP = 0;
export const MESSAGE_TARGET_IMPORTED_CAP = 0;
/** `promisedAnswer @1 :PromisedAnswer` */
export const MESSAGE_TARGET_IS_PROMISED_ANSWER = 1;
export const MESSAGE_TARGET_PROMISED_ANSWER = 0;

// ---- Payload --------------------------------------------------------------------------------

export const PAYLOAD_WORDS = 0;
export const PAYLOAD_POINTERS = 2;
/** `content @0 :AnyPointer` */
export const PAYLOAD_CONTENT = 0;
/** `capTable @1 :List(CapDescriptor)` */
export const PAYLOAD_CAP_TABLE = 1;

// ---- CapDescriptor --------------------------------------------------------------------------

export const CAP_DESCRIPTOR_WORDS = 1;
export const CAP_DESCRIPTOR_POINTERS = 1;
/** CapDescriptor's union tag. */
export const CAP_DESCRIPTOR_WHICH = 0;
/** `none @0 :Void` */
export const CAP_DESCRIPTOR_IS_NONE = 0;
/** `senderHosted @1 :ExportId` (UInt32) */
export const CAP_DESCRIPTOR_IS_SENDER_HOSTED = 1;
export const CAP_DESCRIPTOR_SENDER_HOSTED = 4;
/** `senderPromise @2 :ExportId` (UInt32) */
export const CAP_DESCRIPTOR_IS_SENDER_PROMISE = 2;
export const CAP_DESCRIPTOR_SENDER_PROMISE = 4;
/** `receiverHosted @3 :ImportId` (UInt32) */
export const CAP_DESCRIPTOR_IS_RECEIVER_HOSTED = 3;
export const CAP_DESCRIPTOR_RECEIVER_HOSTED = 4;
/** `receiverAnswer @4 :PromisedAnswer` */
export const CAP_DESCRIPTOR_IS_RECEIVER_ANSWER = 4;
export const CAP_DESCRIPTOR_RECEIVER_ANSWER = 0;
/** `thirdPartyHosted @5 :ThirdPartyCapDescriptor` */
export const CAP_DESCRIPTOR_IS_THIRD_PARTY_HOSTED = 5;
export const CAP_DESCRIPTOR_THIRD_PARTY_HOSTED = 0;

/** ThirdPartyCapDescriptor's `vineId @1 :ExportId` (UInt32) */
export const THIRD_PARTY_CAP_DESCRIPTOR_VINE_ID = 0;

// ---- PromisedAnswer -------------------------------------------------------------------------

export const PROMISED_ANSWER_WORDS = 1;
export const PROMISED_ANSWER_POINTERS = 1;
/** `questionId @0 :QuestionId` (UInt32) */
export const PROMISED_ANSWER_QUESTION_ID = 0;
/** `transform @1 :List(Op)` */
export const PROMISED_ANSWER_TRANSFORM = 0;

export const OP_WORDS = 1;
export const OP_POINTERS = 0;
/** PromisedAnswer.Op's union tag. */
export const OP_WHICH = 0;
/** `noop @0 :Void` */
export const OP_IS_NOOP = 0;
/** `getPointerField @1 :UInt16` */
export const OP_IS_GET_POINTER_FIELD = 1;
export const OP_GET_POINTER_FIELD = 2;

// ---- Exception ------------------------------------------------------------------------------

export const EXCEPTION_WORDS = 1;
export const EXCEPTION_POINTERS = 3;
/** `reason @0 :Text` */
export const EXCEPTION_REASON = 0;
/** `type @3 :Type` (an enum: UInt16) */
export const EXCEPTION_TYPE = 4;
/** `trace @4 :Text` */
export const EXCEPTION_TRACE = 1;
