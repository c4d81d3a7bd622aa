# Capstan's copy of the standard schema /capnp/rpc-twoparty.capnp (same ids, names and ordinals
# as upstream Cap'n Proto; the comments are Capstan's).
#
# The network types of the simplest RPC network: exactly two vats, one at each end of a
# connection, usually a client and a server. Nobody else can be introduced, so the three-party
# types are empty.

@0xa184c7885cdaf2a1;

using Cxx = import "/capnp/c++.capnp";
$Cxx.namespace("capnp::rpc::twoparty");

enum Side {
  # Which end of the connection.

  server @0;
  # The side that accepted the connection.

  client @1;
  # The side that initiated it.
}

struct VatId {
  # On a two-party network a vat is known only by its side.

  side @0 :Side;
}

struct ThirdPartyCompletion {
  # Only used for joins here.

  joinId @0 :UInt32;
  # The join this completes.
}

struct ThirdPartyToAwait {}
# Unused: there is never a third party.

struct ThirdPartyToContact {}
# Unused: there is never a third party.

struct JoinKeyPart {
  # A part of the key of a join, which on this network is checked by the one peer.

  joinId @0 :UInt32;
  # Chosen by the joining side; the same for all parts of one join.

  partCount @1 :UInt16;
  # How many parts the join has.

  partNum @2 :UInt16;
  # Which part this is, from 0.
}

struct JoinResult {
  joinId @0 :UInt32;

  succeeded @1 :Bool;
  # Whether all parts designated the same object.

  cap @2 :Capability;
  # That object, on success (sent with the last part's answer).
}
