# Capstan's copy of the standard schema /capnp/c++.capnp: annotations that steer the C++ code
# generator. Schemas import it for the `namespace` annotation more than for anything else, so
# every toolchain needs it on its import path, even one that never generates C++.
#
# The declarations (ids, names, targets, types) are those of upstream Cap'n Proto, so that
# nodes compiled from this file are identical to the reference's; the comments are Capstan's.

@0xbdf87d7bb8304e81;
$namespace("capnp::annotations");

annotation namespace(file): Text;
# The C++ namespace for everything the file declares, as `outer::inner`.

annotation name(field, enumerant, struct, enum, interface, method, param, group, union): Text;
# The identifier to use in C++ instead of the declaration's own name (for instance to dodge a
# C++ keyword).

annotation allowCancellation(interface, method, file) :Void;
# Lets the RPC system cancel a call's server-side work as soon as the caller stops waiting for
# it, rather than letting the call run to completion. Applies to the annotated method, to every
# method of the annotated interface, or to every interface of the annotated file.
