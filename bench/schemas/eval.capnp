# The expression-evaluation workload of the reference benchmark suite: a random arithmetic
# tree, evaluated by the server.
@0xb1a2c3d4e5f60715;

using Cxx = import "/capnp/c++.capnp";
$Cxx.namespace("bench");

enum Operation {
  add @0;
  subtract @1;
  multiply @2;
  divide @3;
  modulus @4;
}

struct Expression {
  op @0 :Operation;
  left :union {
    value @1 :Int32;
    expression @2 :Expression;
  }
  right :union {
    value @3 :Int32;
    expression @4 :Expression;
  }
}

struct EvaluationResult {
  value @0 :Int32;
}
