@0xf33eeeb64964ede5;
# The bootstrap interface of every RPC interop peer (C++, pycapnp, Rust, Go and Capstan itself).
# The interfaces it hands out are the ones the upstream test schema defines for the reference
# implementation's own RPC tests; what each method must do is written in ../README.md.
# Compile with `-I <vectors>/capnp-0.9.2` so that "/capnp/test.capnp" resolves.

using Test = import "/capnp/test.capnp";

interface Interop {
  moreStuff @0 () -> (cap :Test.TestMoreStuff);
  # A new TestMoreStuff with its own call counter and held capability.

  pipeline @1 () -> (cap :Test.TestPipeline);
  tailCaller @2 () -> (cap :Test.TestTailCaller);
  tailCallee @3 () -> (cap :Test.TestTailCallee);
  streaming @4 () -> (cap :Test.TestStreaming);
  testExtends @5 () -> (cap :Test.TestExtends);

  echoAllTypes @6 (value :Test.TestAllTypes) -> (value :Test.TestAllTypes);
  # Returns a copy of `value`.

  liveObjects @7 () -> (count :UInt32);
  # How many capability objects this peer created (other than the bootstrap Interop itself) are
  # still alive, i.e. not yet released by every holder, the remote one included.
}
