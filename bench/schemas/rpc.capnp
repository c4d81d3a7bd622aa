# The RPC benchmark's interface: the cases of the capnwasm report (a one-byte struct, Text of
# several sizes, a large Data blob), each echoed back. bench/workloads/rpc.mjs calls it in
# process (Capstan, capnweb, capnp-ts) and over TCP (Capstan, and the C++ library in
# bench/cpp/harness.c++).
@0xc5e1d3a94b7f2e61;

using Cxx = import "/capnp/c++.capnp";
$Cxx.namespace("bench");

interface BenchEcho {
  echoU8 @0 (value :UInt8) -> (value :UInt8);
  # The params and results are each a struct with one UInt8 field: the smallest call there is.

  echoText @1 (text :Text) -> (text :Text);
  echoData @2 (data :Data) -> (data :Data);
}
