# Capstan's copy of the standard schema /capnp/stream.capnp (same ids and names as upstream
# Cap'n Proto; the comments are Capstan's).
#
# A method declared `write @0 (chunk :Data) -> stream;` returns this file's StreamResult. Code
# generators that know about streaming use the marker to give the method a flow-controlled
# signature; older ones just see a method returning an empty struct, which still works.

@0x86c366a91393f3f8;

$import "/capnp/c++.capnp".namespace("capnp");

struct StreamResult @0x995f9a3377c0b16e {
  # The (empty) result of a streaming method. A caller does not wait for its value: the
  # completion of a streaming call only tells the caller when to send the next one, so that a
  # limited number of calls is in flight at any time.
}
