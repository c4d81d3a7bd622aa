# Capstan's copy of the standard schema /capnp/persistent.capnp (same ids, names and ordinals as
# upstream Cap'n Proto; the comments are Capstan's).
#
# Persistent capabilities: a capability that can be saved as a "sturdy ref", a token that can
# be stored and later exchanged for the capability again, even after the connection that
# delivered it is gone. What a sturdy ref looks like, and who may restore it, depends on the
# network, hence the generic parameters.

@0xb8630836983feed7;

$import "/capnp/c++.capnp".namespace("capnp");

interface Persistent@0xc8cb212fcd9f5691(SturdyRef, Owner) {
  # Implemented by capabilities that can be saved.
  #
  # `SturdyRef` is the type of the saved token on the network in use; `Owner` identifies who a
  # token is issued to, so that it cannot be used by anyone else.

  save @0 SaveParams -> SaveResults;
  # Saves the capability and returns a token that can restore it later.

  struct SaveParams {
    sealFor @0 :Owner;
    # Who the token is for. Only that party may restore it; a token that leaks is useless to
    # anyone else.
  }

  struct SaveResults {
    sturdyRef @0 :SturdyRef;
  }
}

annotation persistent(interface, field) :Void;
# Marks an interface (or a field holding a capability) as meant to be persistent, for tools
# that treat such capabilities specially.
