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

interface Tally {
  next @0 () -> (value :UInt32);
}

interface Relay {
  # For the random call sequences of test/runtimes/checks/random-sequences.mjs.
  echoCap @0 (cap :Tally) -> (cap :Tally);
  later @1 (cap :Tally) -> (cap :Tally);
  # As echoCap, but answers only once openGate() has been called after it.
  openGate @2 () -> ();
}
