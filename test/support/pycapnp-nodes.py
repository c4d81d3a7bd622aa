"""Prints the schema nodes that pycapnp's bundled Cap'n Proto compiler (1.x) makes of a file.

Usage: python pycapnp-nodes.py FILE [IMPORT_DIR ...]

Prints one JSON object: {"version": ..., "nodes": {"<id in hex>": "<base64 of a framed message>"}}
holding the file's node and every node reachable from it (nested declarations, groups, and the
param and result structs of methods). A file that does not compile prints
{"error": "<the first error>"} and exits 0 (or, for some errors, pycapnp aborts the process).
"""
import base64
import json
import sys

import capnp


def main():
    path, imports = sys.argv[1], sys.argv[2:]
    try:
        module = capnp.SchemaParser().load(path, imports=imports)
    except Exception as error:  # pycapnp reports a compile error as an exception
        print(json.dumps({"error": str(error)}))
        return
    nodes = {}

    def record(schema):
        node = schema.get_proto().node
        key = format(node.id, "x")
        if key in nodes:
            return node
        nodes[key] = base64.b64encode(node.as_builder().to_bytes()).decode("ascii")
        return node

    def visit(schema):
        node = record(schema)
        which = node.which()
        if which == "struct":
            for field in schema.as_struct().fields_list:
                if field.proto.which() == "group":
                    visit(field.schema)
        elif which == "interface":
            for method in schema.as_interface().methods.values():
                visit(method.param_type)
                visit(method.result_type)
        # Only a declaration found by name has its nested declarations at hand; a struct reached
        # as a group or as a method's params is either one (no nested declarations) or a
        # declaration that is also reached by name.
        if hasattr(schema, "get_nested"):
            for nested in node.nestedNodes:
                visit(schema.get_nested(nested.name))

    visit(module._nodeSchema)
    print(json.dumps({"version": capnp.__version__, "nodes": nodes}))


main()
