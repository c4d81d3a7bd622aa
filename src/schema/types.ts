/**
 * Plain-object types for schema.capnp (see docs/objects.md for the mapping rules). A
 * `CodeGeneratorRequest` in this form is what the compiler produces and the code generator
 * consumes.
 *
 * Written by hand to bootstrap the compiler; the code generator will produce these same
 * shapes from schema.capnp, and a test will keep the two identical.
 */
import type { AnyPointerReader, ListReader, StructReader } from '../wire/index.js';

export type Id = bigint;

export type Node = {
  id: Id;
  displayName: string | null;
  displayNamePrefixLength: number;
  scopeId: Id;
  parameters: Node_Parameter[] | null;
  isGeneric: boolean;
  nestedNodes: Node_NestedNode[] | null;
  annotations: Annotation[] | null;
  startByte: number;
  endByte: number;
} & (
  | { file: null }
  | { struct: Node_Struct }
  | { enum: Node_Enum }
  | { interface: Node_Interface }
  | { const: Node_Const }
  | { annotation: Node_Annotation }
);

export type Node_Parameter = { name: string | null };
export type Node_NestedNode = { name: string | null; id: Id };

export type Node_Struct = {
  dataWordCount: number;
  pointerCount: number;
  preferredListEncoding: ElementSize;
  isGroup: boolean;
  discriminantCount: number;
  discriminantOffset: number;
  fields: Field[] | null;
};
export type Node_Enum = { enumerants: Enumerant[] | null };
export type Node_Interface = { methods: Method[] | null; superclasses: Superclass[] | null };
export type Node_Const = { type: Type | null; value: Value | null };
export type Node_Annotation = {
  type: Type | null;
  targetsFile: boolean;
  targetsConst: boolean;
  targetsEnum: boolean;
  targetsEnumerant: boolean;
  targetsStruct: boolean;
  targetsField: boolean;
  targetsUnion: boolean;
  targetsGroup: boolean;
  targetsInterface: boolean;
  targetsMethod: boolean;
  targetsParam: boolean;
  targetsAnnotation: boolean;
};

export type Node_SourceInfo = {
  id: Id;
  docComment: string | null;
  members: Node_SourceInfo_Member[] | null;
  startByte: number;
  endByte: number;
};
export type Node_SourceInfo_Member = { docComment: string | null; startByte: number; endByte: number };

/** `Field.noDiscriminant`: the discriminantValue of a field that is not in a union. */
export const NO_DISCRIMINANT = 0xffff;

export type Field = {
  name: string | null;
  codeOrder: number;
  annotations: Annotation[] | null;
  discriminantValue: number;
  ordinal: Field_Ordinal;
} & ({ slot: Field_Slot } | { group: Field_Group });

export type Field_Slot = { offset: number; type: Type | null; defaultValue: Value | null; hadExplicitDefault: boolean };
export type Field_Group = { typeId: Id };
export type Field_Ordinal = { implicit: null } | { explicit: number };

export type Enumerant = { name: string | null; codeOrder: number; annotations: Annotation[] | null };
export type Superclass = { id: Id; brand: Brand | null };

export type Method = {
  name: string | null;
  codeOrder: number;
  implicitParameters: Node_Parameter[] | null;
  paramStructType: Id;
  paramBrand: Brand | null;
  resultStructType: Id;
  resultBrand: Brand | null;
  annotations: Annotation[] | null;
};

export type Type =
  | { void: null }
  | { bool: null }
  | { int8: null }
  | { int16: null }
  | { int32: null }
  | { int64: null }
  | { uint8: null }
  | { uint16: null }
  | { uint32: null }
  | { uint64: null }
  | { float32: null }
  | { float64: null }
  | { text: null }
  | { data: null }
  | { list: Type_List }
  | { enum: Type_Enum }
  | { struct: Type_Struct }
  | { interface: Type_Interface }
  | { anyPointer: Type_AnyPointer };

export type Type_List = { elementType: Type | null };
export type Type_Enum = { typeId: Id; brand: Brand | null };
export type Type_Struct = { typeId: Id; brand: Brand | null };
export type Type_Interface = { typeId: Id; brand: Brand | null };
export type Type_AnyPointer =
  | { unconstrained: Type_AnyPointer_Unconstrained }
  | { parameter: Type_AnyPointer_Parameter }
  | { implicitMethodParameter: Type_AnyPointer_ImplicitMethodParameter };
export type Type_AnyPointer_Unconstrained = { anyKind: null } | { struct: null } | { list: null } | { capability: null };
export type Type_AnyPointer_Parameter = { scopeId: Id; parameterIndex: number };
export type Type_AnyPointer_ImplicitMethodParameter = { parameterIndex: number };

export type Brand = { scopes: Brand_Scope[] | null };
export type Brand_Scope = { scopeId: Id } & ({ bind: Brand_Binding[] | null } | { inherit: null });
export type Brand_Binding = { unbound: null } | { type: Type | null };

export type Value =
  | { void: null }
  | { bool: boolean }
  | { int8: number }
  | { int16: number }
  | { int32: number }
  | { int64: bigint }
  | { uint8: number }
  | { uint16: number }
  | { uint32: number }
  | { uint64: bigint }
  | { float32: number }
  | { float64: number }
  | { text: string | null }
  | { data: Uint8Array | null }
  | { list: ListReader | AnyPointerReader | null }
  | { enum: number }
  | { struct: StructReader | AnyPointerReader | null }
  | { interface: null }
  | { anyPointer: AnyPointerReader | StructReader | ListReader | null };

export type Annotation = { id: Id; brand: Brand | null; value: Value | null };

export const ElementSize = {
  empty: 0,
  bit: 1,
  byte: 2,
  twoBytes: 3,
  fourBytes: 4,
  eightBytes: 5,
  pointer: 6,
  inlineComposite: 7,
} as const;
export type ElementSize = (typeof ElementSize)[keyof typeof ElementSize];

export type CapnpVersion = { major: number; minor: number; micro: number };

export type CodeGeneratorRequest = {
  capnpVersion: CapnpVersion | null;
  nodes: Node[] | null;
  sourceInfo: Node_SourceInfo[] | null;
  requestedFiles: CodeGeneratorRequest_RequestedFile[] | null;
};

export type CodeGeneratorRequest_RequestedFile = {
  id: Id;
  filename: string | null;
  imports: CodeGeneratorRequest_RequestedFile_Import[] | null;
  fileSourceInfo: CodeGeneratorRequest_RequestedFile_FileSourceInfo | null;
};
export type CodeGeneratorRequest_RequestedFile_Import = { id: Id; name: string | null };
export type CodeGeneratorRequest_RequestedFile_FileSourceInfo = {
  identifiers: CodeGeneratorRequest_RequestedFile_FileSourceInfo_Identifier[] | null;
};
export type CodeGeneratorRequest_RequestedFile_FileSourceInfo_Identifier = {
  startByte: number;
  endByte: number;
} & ({ typeId: bigint } | { member: { parentTypeId: bigint; ordinal: number } });
