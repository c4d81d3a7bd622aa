# Small shapes that isolate per-message and per-field costs.
@0xb1a2c3d4e5f60712;

using Cxx = import "/capnp/c++.capnp";
$Cxx.namespace("bench");

struct TwoInt32 {
  a @0 :Int32;
  b @1 :Int32;
}

struct Int32Text {
  number @0 :Int32;
  text @1 :Text;
}

struct Nested3 {
  child @0 :Nested2;
}

struct Nested2 {
  child @0 :Nested1;
}

struct Nested1 {
  value @0 :Int32;
}

struct Int32List {
  values @0 :List(Int32);
}
