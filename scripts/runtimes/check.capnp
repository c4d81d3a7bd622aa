@0xd6a4c0b1e9f35a27;
# The schema of the browser and Worker checks (scripts/runtimes/): a struct for messages, and
# interfaces for RPC over WebSocket, MessagePort and HTTP batches.

struct Point {
  x @0 :Int32;
  y @1 :Int32;
  label @2 :Text;
  tags @3 :List(Text);
  payload @4 :Data;
  kind @5 :Kind;
  enum Kind { plain @0; special @1; }
}

interface Counter {
  next @0 () -> (n :UInt32);
}

interface Calc {
  add @0 (a :Int32, b :Int32) -> (sum :Int32);
  echo @1 (text :Text) -> (text :Text);
  counter @2 () -> (counter :Counter);
  fail @3 (message :Text) -> ();
  where @4 () -> (runtime :Text);
}
