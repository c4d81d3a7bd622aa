# Capstan's copy of the standard schema /capnp/schema.capnp: how a compiled schema is described.
#
# A schema compiler turns `.capnp` files into a CodeGeneratorRequest (defined at the end) and
# hands it to a code generator plugin. The request lists nodes: one per file, struct, enum,
# interface, constant and annotation, plus one per group and per implicit method parameter
# struct. Nodes refer to each other by 64-bit id.
#
# The declarations (ids, names, ordinals, types, defaults) are those of upstream Cap'n Proto's
# newest release, so that messages written against either are the same; the comments are
# Capstan's.

using Cxx = import "/capnp/c++.capnp";

@0xa93fc509624c72d9;
$Cxx.namespace("capnp::schema");

using Id = UInt64;
# A node's 64-bit id: given in the source (`@0x...`) or derived from the parent's id and the
# declaration's name. The top bit is always set.

struct Node {
  # One named declaration of a schema, or a group, or a method's implicit parameter struct.

  id @0 :Id;

  displayName @1 :Text;
  # A human-readable name for the node: the file name for a file (`foo/bar.capnp`), otherwise
  # the file name, a colon and the dotted path of nested names (`foo/bar.capnp:Outer.Inner`).
  # For messages and debugging only; code generators should use `nestedNodes` for names.

  displayNamePrefixLength @2 :UInt32;
  # How many leading bytes of `displayName` name the scope; what follows is the node's own
  # name.

  scopeId @3 :Id;
  # The node that contains this one: its parent declaration, or the struct a group belongs to.
  # Zero for files and for method parameter structs, which have no lexical scope.

  parameters @32 :List(Parameter);
  # The generic parameters declared by this node (not by its parents). Null when there are
  # none.

  isGeneric @33 :Bool;
  # Whether this node or any node it is nested in has generic parameters, so that its types
  # may refer to parameters bound elsewhere.

  struct Parameter {
    # A generic parameter of a node or method.

    name @0 :Text;
  }

  nestedNodes @4 :List(NestedNode);
  # The declarations nested in this one, in source order (groups and parameter structs are not
  # listed: fields and methods refer to them).

  struct NestedNode {
    name @0 :Text;
    # The nested declaration's name in this scope.

    id @1 :Id;
    # Its node.
  }

  annotations @5 :List(Annotation);
  # The annotations applied to this declaration.

  union {
    file @6 :Void;
    # A schema file. Its nested nodes are the file's top-level declarations.

    struct :group {
      dataWordCount @7 :UInt16;
      # Size of the data section, in 64-bit words.

      pointerCount @8 :UInt16;
      # Size of the pointer section, in pointers.

      preferredListEncoding @9 :ElementSize;
      # How a list of this struct should be encoded. Always `inlineComposite` in current
      # compilers: the other encodings were never finished.

      isGroup @10 :Bool;
      # Whether this is a group (or named union) inside another struct rather than a type of its
      # own. A group shares the sections of the struct containing it.

      discriminantCount @11 :UInt16;
      # Number of fields in this struct's unnamed union (0 when there is none). Union fields
      # come first in `fields`.

      discriminantOffset @12 :UInt32;
      # Where the union's tag is, in 16-bit units from the start of the data section.

      fields @13 :List(Field);
      # The fields, in the order their layout was decided (by ordinal, a group where its first
      # member is reached). Use `codeOrder` for source order.
    }

    enum :group {
      enumerants@14 :List(Enumerant);
      # The enumerants, by number.
    }

    interface :group {
      methods @15 :List(Method);
      # The methods, by ordinal.

      superclasses @31 :List(Superclass);
      # The interfaces this one extends.
    }

    const :group {
      type @16 :Type;
      value @17 :Value;
    }

    annotation :group {
      type @18 :Type;
      # The type of the annotation's value (Void when it takes none).

      # What the annotation may be applied to:
      targetsFile @19 :Bool;
      targetsConst @20 :Bool;
      targetsEnum @21 :Bool;
      targetsEnumerant @22 :Bool;
      targetsStruct @23 :Bool;
      targetsField @24 :Bool;
      targetsUnion @25 :Bool;
      targetsGroup @26 :Bool;
      targetsInterface @27 :Bool;
      targetsMethod @28 :Bool;
      targetsParam @29 :Bool;
      targetsAnnotation @30 :Bool;
    }
  }

  startByte @34 :UInt32;
  endByte @35 :UInt32;
  # Where the declaration is in its file, as byte offsets; zero when the compiler does not
  # record positions.

  struct SourceInfo {
    # What the source says about a node beyond its schema: doc comments and positions. Kept out
    # of Node so that nodes compiled from sources that differ only in comments are equal.

    id @0 :Id;
    # The node described.

    docComment @1 :Text;
    # The node's doc comment, one `\n`-terminated line per comment line; null if none.

    members @2 :List(Member);
    # Per member (field, enumerant or method, in the node's list order).

    struct Member {
      docComment @0 :Text;

      startByte @1 :UInt32;
      endByte @2 :UInt32;
    }

    startByte @3 :UInt32;
    endByte @4 :UInt32;
  }
}

struct Field {
  # A struct field: a slot holding a value, or a group.

  name @0 :Text;

  codeOrder @1 :UInt16;
  # The field's position among its siblings in the source.

  annotations @2 :List(Annotation);

  const noDiscriminant :UInt16 = 0xffff;
  # `discriminantValue` of a field that is not in a union.

  discriminantValue @3 :UInt16 = Field.noDiscriminant;
  # For a union member, the tag value meaning "this member is set".

  union {
    slot :group {
      # A field holding a value of its own.

      offset @4 :UInt32;
      # Where the value is, in units of its type's size: bits for Bool, bytes for 8-bit types,
      # and so on, from the start of the data section; the index in the pointer section for
      # pointer types. Void fields take no space.

      type @5 :Type;
      defaultValue @6 :Value;

      hadExplicitDefault @10 :Bool;
      # Whether the default was written in the source (even when it equals the type's zero
      # value). Matters to code that translates to formats with a notion of "unset".
    }

    group :group {
      # A field that is a group: its members are described by another node.

      typeId @7 :Id;
      # The group's node.
    }
  }

  ordinal :union {
    implicit @8 :Void;
    # For groups and unions without a number of their own.

    explicit @9 :UInt16;
    # The `@N` of the field.
  }
}

struct Enumerant {
  name @0 :Text;

  codeOrder @1 :UInt16;
  # The enumerant's position in the source.

  annotations @2 :List(Annotation);
}

struct Superclass {
  # An interface extended by another, with the bindings of its generic parameters.

  id @0 :Id;
  brand @1 :Brand;
}

struct Method {
  name @0 :Text;

  codeOrder @1 :UInt16;
  # The method's position in the source.

  implicitParameters @7 :List(Node.Parameter);
  # Generic parameters of the method itself (`foo @0 [T] (x :T) -> ()`).

  paramStructType @2 :Id;
  # The struct holding the parameters: usually one the compiler made for the method (whose
  # scopeId is 0), or a struct named in the source.

  paramBrand @5 :Brand;
  # Bindings of the parameter struct's generic parameters.

  resultStructType @3 :Id;
  # Likewise for the results. For a `-> stream` method, stream.capnp's StreamResult.

  resultBrand @6 :Brand;

  annotations @4 :List(Annotation);
}

struct Type {
  # The type of a field, constant, annotation, list element or generic argument.

  union {
    void @0 :Void;
    bool @1 :Void;
    int8 @2 :Void;
    int16 @3 :Void;
    int32 @4 :Void;
    int64 @5 :Void;
    uint8 @6 :Void;
    uint16 @7 :Void;
    uint32 @8 :Void;
    uint64 @9 :Void;
    float32 @10 :Void;
    float64 @11 :Void;
    text @12 :Void;
    data @13 :Void;

    list :group {
      elementType @14 :Type;
    }

    enum :group {
      typeId @15 :Id;
      brand @21 :Brand;
    }
    struct :group {
      typeId @16 :Id;
      brand @22 :Brand;
    }
    interface :group {
      typeId @17 :Id;
      brand @23 :Brand;
    }

    anyPointer :union {
      # A pointer whose target type is not fixed by the schema.

      unconstrained :union {
        # Any pointer of the given kind.

        anyKind @18 :Void;
        # AnyPointer: anything.

        struct @25 :Void;
        # AnyStruct.

        list @26 :Void;
        # AnyList.

        capability @27 :Void;
        # Capability: any interface.
      }

      parameter :group {
        # A generic parameter: the type is whatever the parameter is bound to.

        scopeId @19 :Id;
        # The node declaring the parameter.

        parameterIndex @20 :UInt16;
        # Its position in that node's parameter list.
      }

      implicitMethodParameter :group {
        # A generic parameter of the method being described.

        parameterIndex @24 :UInt16;
      }
    }
  }
}

struct Brand {
  # What the generic parameters of a type and of its enclosing scopes are bound to, where the
  # type is used. Scopes not listed have their parameters bound to AnyPointer.

  scopes @0 :List(Scope);
  # One entry per bound scope, innermost first.

  struct Scope {
    scopeId @0 :Id;
    # The node whose parameters these bindings are for.

    union {
      bind @1 :List(Binding);
      # The arguments, one per parameter.

      inherit @2 :Void;
      # The parameters keep the bindings of the context the type is used in (a generic type
      # referring to itself, or to a sibling, from inside its own scope).
    }
  }

  struct Binding {
    union {
      unbound @0 :Void;
      type @1 :Type;
    }
  }
}

struct Value {
  # A constant value: a default, a constant's value, or an annotation's value. The member set
  # matches the type's.

  union {
    void @0 :Void;
    bool @1 :Bool;
    int8 @2 :Int8;
    int16 @3 :Int16;
    int32 @4 :Int32;
    int64 @5 :Int64;
    uint8 @6 :UInt8;
    uint16 @7 :UInt16;
    uint32 @8 :UInt32;
    uint64 @9 :UInt64;
    float32 @10 :Float32;
    float64 @11 :Float64;
    text @12 :Text;
    data @13 :Data;

    list @14 :AnyList;
    # Read it with the list type the schema gives.

    enum @15 :UInt16;
    # The enumerant's number.

    struct @16 :AnyStruct;
    # Read it with the struct type the schema gives.

    interface @17 :Void;
    # A capability's only constant value is null.

    anyPointer @18 :AnyPointer;
  }
}

struct Annotation {
  # An annotation applied to a declaration.

  id @0 :Id;
  # The annotation's declaration node.

  brand @2 :Brand;
  # Bindings for generic parameters of the annotation's scopes.

  value @1 :Value;
}

enum ElementSize {
  # The encoding of list elements, as written in list pointers.

  empty @0;
  bit @1;
  byte @2;
  twoBytes @3;
  fourBytes @4;
  eightBytes @5;
  pointer @6;
  inlineComposite @7;
}

struct CapnpVersion {
  major @0 :UInt16;
  minor @1 :UInt8;
  micro @2 :UInt8;
}

struct CodeGeneratorRequest {
  # What a schema compiler gives a code generator plugin on its standard input.

  capnpVersion @2 :CapnpVersion;
  # The version of the compiler that wrote the request (null from versions too old to say).

  nodes @0 :List(Node);
  # Every node the requested files need: their own, and those they use from other files (with
  # those nodes' parents), in no particular order.

  sourceInfo @3 :List(Node.SourceInfo);
  # Doc comments and positions for the nodes, where known.

  requestedFiles @1 :List(RequestedFile);
  # The files to generate code for.

  struct RequestedFile {
    id @0 :Id;
    # The file's node.

    filename @1 :Text;
    # The file's path as given to the compiler (minus any `--src-prefix`): where its generated
    # code should go.

    imports @2 :List(Import);
    # The files it imports for types, which its generated code must refer to.

    struct Import {
      id @0 :Id;
      # The imported file's node.

      name @1 :Text;
      # The path exactly as written in the import.
    }

    fileSourceInfo @3 :FileSourceInfo;
    # Where names are used in the file, for tools that link names to declarations.

    struct FileSourceInfo {
      identifiers @0 :List(Identifier);

      struct Identifier {
        startByte @0 :UInt32;
        endByte @1 :UInt32;

        union {
          typeId @2 :UInt64;
          # The name refers to this node.

          member :group {
            # The name refers to a member (field, enumerant or method) of this node.

            parentTypeId @3 :UInt64;
            ordinal @4 :UInt16;
          }
        }
      }
    }
  }
}
