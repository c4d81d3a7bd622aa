# The schema the runtime matrix (scripts/test-runtimes.mjs) generates code for and calls over RPC.
@0x82748bfb52da64e2;

enum Kind { plain @0; fancy @1; }

struct Item {
  id @0 :UInt64;
  name @1 :Text;
  ratio @2 :Float64;
  kind @3 :Kind;
  tags @4 :List(Text);
  blob @5 :Data;
  flag @6 :Bool = true;
  shape :union {
    circle @7 :Float32;
    square @8 :Int16;
    none @9 :Void;
  }
  children @10 :List(Item);
}

interface Counter {
  next @0 () -> (value :UInt32);
}

interface Echo {
  echo @0 (text :Text) -> (text :Text);
  sum @1 (item :Item) -> (total :UInt64, names :List(Text));
  makeCounter @2 (start :UInt32) -> (counter :Counter);
  fail @3 (message :Text) -> ();
  echoCap @4 (cap :Counter) -> (cap :Counter);
  # Hands back the capability it is given.
  later @5 (cap :Counter) -> (cap :Counter);
  # As echoCap, but answers only once openGate() has been called after it.
  openGate @6 () -> ();
}
