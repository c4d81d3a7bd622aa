# Capstan's copy of the standard schema /capnp/rpc.capnp: the messages of the Cap'n Proto RPC
# protocol. Same ids, names, ordinals and defaults as upstream Cap'n Proto's newest release;
# the comments are Capstan's summary of the protocol.
#
# Two "vats" (processes, or any units of isolation) exchange Messages over a connection. Each
# side keeps four tables, numbered independently per connection and per direction:
#
# - questions: calls it has sent and not finished (QuestionId; the peer calls them answers);
# - answers: calls it has received (AnswerId, the peer's QuestionId);
# - exports: capabilities it has given the peer (ExportId; the peer calls them imports);
# - imports: capabilities the peer has given it (ImportId, the peer's ExportId).
#
# A call names a target (an imported capability, or a capability a previous call will return:
# promise pipelining), carries its parameters in a Payload with a table of the capabilities
# they contain, and is answered by a Return. The caller then sends Finish so that the callee
# can forget the answer. Capabilities are released with Release, counting references.
#
# Three-party interactions (Provide, Accept, ThirdPartyAnswer) and Join are for networks with
# more than two vats; a two-party connection never sends them.

@0xb312981b2552a250;

using Cxx = import "/capnp/c++.capnp";
$Cxx.namespace("capnp::rpc");

using QuestionId = UInt32;
# Identifies a call in the caller's question table.

using AnswerId = QuestionId;
# A question seen from the side that answers it.

using ExportId = UInt32;
# Identifies a capability in the sender's export table.

using ImportId = ExportId;
# An export seen from the side that imported it.

struct Message {
  # One RPC message.

  union {
    unimplemented @0 :Message;
    # Sent back when a message cannot be handled because its kind is unknown to the receiver
    # (a newer protocol feature); carries the message that was not understood.

    abort @1 :Exception;
    # The sender is closing the connection because of the given error.

    # Calls:

    bootstrap @8 :Bootstrap;
    call @2 :Call;
    return @3 :Return;
    finish @4 :Finish;

    # Capabilities:

    resolve @5 :Resolve;
    release @6 :Release;
    disembargo @13 :Disembargo;

    obsoleteSave @7 :AnyPointer;
    # No longer used (saving capabilities is done with persistent.capnp's interface).

    obsoleteDelete @9 :AnyPointer;
    # No longer used.

    # Three or more vats:

    provide @10 :Provide;
    accept @11 :Accept;
    thirdPartyAnswer @14 :ThirdPartyAnswer;

    join @12 :Join;
  }
}

struct Bootstrap {
  # Asks the peer for its bootstrap interface: the capability a connection starts from. It is
  # answered like a call, with a Return whose results are the capability.

  questionId @0 :QuestionId;

  deprecatedObjectId @1 :AnyPointer;
  # No longer used (it once named one of several bootstrap objects).
}

struct Call {
  # Calls a method of a capability.

  questionId @0 :QuestionId;
  # Chosen by the caller; the Return will name it.

  target @1 :MessageTarget;
  # The capability called.

  interfaceId @2 :UInt64;
  # The interface the method belongs to.

  methodId @3 :UInt16;
  # The method's ordinal in that interface.

  allowThirdPartyTailCall @8 :Bool = false;
  # The callee may send the results straight to a third vat (for a tail call) instead of back
  # to the caller.

  noPromisePipelining @9 :Bool = false;
  # The caller will not pipeline on the results, so the callee need not keep them for that.

  onlyPromisePipeline @10 :Bool = false;
  # The caller only wants to pipeline on the results: the Return need not carry them.

  params @4 :Payload;
  # The parameter struct, and the capabilities it holds.

  sendResultsTo :union {
    # Where the results go.

    caller @5 :Void;
    # Back to the caller, in a Return (the usual case).

    yourself @6 :Void;
    # Nowhere: the callee keeps them for a later Return.takeFromOtherQuestion (tail calls).

    thirdParty @7 :ThirdPartyToContact;
    # To a third vat.
  }
}

struct Return {
  # Answers a Call or Bootstrap.

  answerId @0 :AnswerId;
  # The question answered.

  releaseParamCaps @1 :Bool = true;
  # Whether the caller should release the capabilities of the call's parameters now (when false,
  # the callee keeps holding them and will release them itself).

  noFinishNeeded @8 :Bool = false;
  # The callee has already forgotten the call; the caller must not send Finish.

  union {
    results @2 :Payload;
    # The result struct.

    exception @3 :Exception;
    # The call failed.

    canceled @4 :Void;
    # The call was canceled before it completed (the caller had already sent Finish).

    resultsSentElsewhere @5 :Void;
    # The results went where Call.sendResultsTo said.

    takeFromOtherQuestion @6 :QuestionId;
    # The results are those of another of the receiver's questions (a tail call).

    awaitFromThirdParty @7 :ThirdPartyToAwait;
    # The results will come from a third vat.
  }
}

struct Finish {
  # Tells the callee the caller no longer needs a question's answer (so it may cancel the call,
  # or drop the results).

  questionId @0 :QuestionId;

  releaseResultCaps @1 :Bool = true;
  # Whether the capabilities in the results should be released along with the answer.

  requireEarlyCancellationWorkaround @2 :Bool = true;
  # Set by peers that do not expect a call to be canceled before it has started running;
  # asks the callee to let the call start before honoring the cancellation.
}

struct Resolve {
  # Says what an exported promise resolved to.

  promiseId @0 :ExportId;
  # The export that was a promise.

  union {
    cap @1 :CapDescriptor;
    # The capability it became.

    exception @2 :Exception;
    # It broke.
  }
}

struct Release {
  # Drops references to an import.

  id @0 :ImportId;

  referenceCount @1 :UInt32;
  # How many references: the number of times the capability was received.
}

struct Disembargo {
  # Keeps calls in order when a promise resolves to a capability reached by another path:
  # calls made on the resolved capability wait until calls already sent through the promise
  # have arrived.

  target @0 :MessageTarget;
  # The capability the promise resolved to.

  using EmbargoId = UInt32;
  # Pairs a disembargo sent with the one that comes back.

  using ThirdPartyEmbargoId = Data;
  # Identifies an embargo in three-party handoffs.

  context :union {
    senderLoopback @1 :EmbargoId;
    # Sent by the side that lifts the embargo; the peer reflects it back.

    receiverLoopback @2 :EmbargoId;
    # The reflected message: the embargo is over.

    accept @3 :ThirdPartyEmbargoId;
    # For a capability provided by a third vat.
  }
}

struct Provide {
  # Asks the receiver to hold a capability for a third vat, which will pick it up with Accept.

  questionId @0 :QuestionId;

  target @1 :MessageTarget;
  # The capability to provide.

  recipient @2 :ThirdPartyToAwait;
  # Who will accept it.
}

struct Accept {
  # Picks up a capability another vat provided for the sender.

  questionId @0 :QuestionId;

  provision @1 :ThirdPartyCompletion;
  # Identifies the provision, as the introducing vat described it.

  embargo @2 :Disembargo.ThirdPartyEmbargoId;
  # If set, the capability is embargoed until a matching Disembargo arrives.
}

struct ThirdPartyAnswer {
  # Tells a vat that results it awaits from a third vat are the given answer.

  completion @0 :ThirdPartyCompletion;

  answerId @1 :AnswerId;
}

struct Join {
  # Checks that several capabilities designate the same object (to verify a capability
  # received from a third party).

  questionId @0 :QuestionId;

  target @1 :MessageTarget;
  # One of the capabilities.

  keyPart @2 :JoinKeyPart;
  # This capability's part of the join key.
}

struct MessageTarget {
  # What a call (or other message) is addressed to.

  union {
    importedCap @0 :ImportId;
    # A capability the receiver exported to the sender.

    promisedAnswer @1 :PromisedAnswer;
    # A capability in the results of a call the sender made and has not finished.
  }
}

struct Payload {
  # A struct sent over RPC, with the capabilities it holds.

  content @0 :AnyPointer;
  # The content. Its capability pointers index `capTable`.

  capTable @1 :List(CapDescriptor);
}

struct CapDescriptor {
  # A capability as sent in a payload.

  union {
    none @0 :Void;
    # A null capability.

    senderHosted @1 :ExportId;
    # A capability the sender exports (new, or already in its export table).

    senderPromise @2 :ExportId;
    # A promise the sender exports; a Resolve will follow.

    receiverHosted @3 :ImportId;
    # A capability the receiver exported.

    receiverAnswer @4 :PromisedAnswer;
    # A capability in the results of one of the receiver's answers.

    thirdPartyHosted @5 :ThirdPartyCapDescriptor;
    # A capability hosted by a third vat.
  }

  attachedFd @6 :UInt8 = 0xff;
  # On transports that pass file descriptors: the index of the descriptor attached to this
  # capability in the message (0xff: none).
}

struct PromisedAnswer {
  # A capability inside the results of a call that may not have returned yet.

  questionId @0 :QuestionId;

  transform @1 :List(Op);
  # How to get from the result struct to the capability.

  struct Op {
    union {
      noop @0 :Void;
      # Does nothing (kept for compatibility).

      getPointerField @1 :UInt16;
      # Follows the pointer field with this index.
    }
  }
}

struct ThirdPartyCapDescriptor {
  # A capability hosted by a third vat.

  id @0 :ThirdPartyToContact;
  # How to reach it.

  vineId @1 :ExportId;
  # A capability the sender exports that forwards to the real one, usable until the receiver
  # has connected to the third vat.
}

struct Exception {
  # Why something failed.

  reason @0 :Text;
  # A message for humans.

  type @3 :Type;
  # What kind of failure, which tells the caller what it may do about it.

  enum Type {
    failed @0;
    # Something went wrong; retrying will not help.

    overloaded @1;
    # Out of some resource; retrying later may work.

    disconnected @2;
    # The connection or a capability broke; reconnecting may work.

    unimplemented @3;
    # The method (or feature) is not implemented.
  }

  obsoleteIsCallersFault @1 :Bool;
  # No longer used.

  obsoleteDurability @2 :UInt16;
  # No longer used.

  trace @4 :Text;
  # Where the failure happened, for debugging (may be empty).

  details @5 :List(Detail);
  # Structured data about the failure, for applications that define it.

  struct Detail {
    detailId @0 :UInt64;
    # What kind of detail: an id chosen by whoever defined it.

    data @1 :Data;
    # The detail, encoded as that definition says.
  }
}

# Types that depend on the network the vats are on. A network defines them (see
# rpc-twoparty.capnp for the simplest one); the RPC protocol carries them as opaque pointers.

using SturdyRef = AnyPointer;
# A saved capability (see persistent.capnp).

using ThirdPartyCompletion = AnyPointer;
# Identifies a three-party handoff to the vat picking up the capability.

using ThirdPartyToAwait = AnyPointer;
# Tells a vat to wait for a connection from a third party.

using ThirdPartyToContact = AnyPointer;
# Tells a vat how to reach a third party.

using JoinKeyPart = AnyPointer;
# One part of a join key.

using JoinResult = AnyPointer;
# The result of a join.
