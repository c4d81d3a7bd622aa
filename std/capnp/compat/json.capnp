# Capstan's copy of the standard schema /capnp/compat/json.capnp (same ids, names and ordinals as
# upstream Cap'n Proto; the comments are Capstan's).
#
# JSON as a Cap'n Proto type, and annotations that adjust how Cap'n Proto values are converted
# to JSON and back.

@0x8ef99297a43a5e34;

$import "/capnp/c++.capnp".namespace("capnp::json");

struct Value {
  # Any JSON value.

  union {
    null @0 :Void;
    boolean @1 :Bool;
    number @2 :Float64;
    string @3 :Text;
    array @4 :List(Value);
    object @5 :List(Field);
    # Members in order; a name may repeat.

    call @6 :Call;
    # Not standard JSON: a function call, `name(arg, ...)`, as some dialects allow.

    raw @7 :Text;
    # Text copied into the output as is, which must be valid JSON. Never produced by parsing.
  }

  struct Field {
    name @0 :Text;
    value @1 :Value;
  }

  struct Call {
    function @0 :Text;
    params @1 :List(Value);
  }
}

annotation name @0xfa5b1fd61c2e7c3d (field, enumerant, method, group, union) :Text;
# The JSON name of a field or enumerant, instead of the declared one.

annotation flatten @0x82d3e852af0336bf (field, group, union) :FlattenOptions;
# Writes the members of a struct-typed field or group into the enclosing JSON object instead of
# a nested one.

struct FlattenOptions {
  prefix @0 :Text = "";
  # Prepended to the names of the flattened members (to keep them apart from others).
}

annotation discriminator @0xcfa794e8d19a0162 (struct, union) :DiscriminatorOptions;
# Writes which union member is set as a property of its own, rather than only by which member
# property is present.

struct DiscriminatorOptions {
  name @0 :Text;
  # The name of the property holding the member's name (default: the union's own name).

  valueName @1 :Text;
  # If set, the member's value goes in a property with this name instead of one named after
  # the member (useful for members that are not structs).
}

annotation base64 @0xd7d879450a253e4b (field) :Void;
# A Data field as a base64 string (instead of an array of numbers).

annotation hex @0xf061e22f0ae5c7b5 (field) :Void;
# A Data field as a hexadecimal string.

annotation notification @0xa0a054dea32fd98c (method) :Void;
# For JSON-RPC: the method is a notification, which gets no reply.
