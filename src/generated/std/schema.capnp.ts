// Generated from std/capnp/schema.capnp by scripts/generate-std.mjs (Capstan's compiler and
// code generator). Do not edit: run `npm run build && node scripts/generate-std.mjs`.

import * as $ from '../../runtime/private.js';

const $which0 = ["file", "struct", "enum", "interface", "const", "annotation"] as const;
const $which1 = ["slot", "group"] as const;
const $which2 = ["implicit", "explicit"] as const;
const $which3 = ["void", "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float32", "float64", "text", "data", "list", "enum", "struct", "interface", "anyPointer"] as const;
const $which4 = ["unconstrained", "parameter", "implicitMethodParameter"] as const;
const $which5 = ["anyKind", "struct", "list", "capability"] as const;
const $which6 = ["bind", "inherit"] as const;
const $which7 = ["unbound", "type"] as const;
const $which8 = ["typeId", "member"] as const;

/** One named declaration of a schema, or a group, or a method's implicit parameter struct. */
export type Node = {
  id: bigint;
  /**
   * A human-readable name for the node: the file name for a file (`foo/bar.capnp`), otherwise
   * the file name, a colon and the dotted path of nested names (`foo/bar.capnp:Outer.Inner`).
   * For messages and debugging only; code generators should use `nestedNodes` for names.
   */
  displayName: string | null;
  /**
   * How many leading bytes of `displayName` name the scope; what follows is the node's own
   * name.
   */
  displayNamePrefixLength: number;
  /**
   * The node that contains this one: its parent declaration, or the struct a group belongs to.
   * Zero for files and for method parameter structs, which have no lexical scope.
   */
  scopeId: bigint;
  /**
   * The generic parameters declared by this node (not by its parents). Null when there are
   * none.
   */
  parameters: Node_Parameter[] | null;
  /**
   * Whether this node or any node it is nested in has generic parameters, so that its types
   * may refer to parameters bound elsewhere.
   */
  isGeneric: boolean;
  /**
   * The declarations nested in this one, in source order (groups and parameter structs are not
   * listed: fields and methods refer to them).
   */
  nestedNodes: Node_NestedNode[] | null;
  /** The annotations applied to this declaration. */
  annotations: Annotation[] | null;
  startByte: number;
  /**
   * Where the declaration is in its file, as byte offsets; zero when the compiler does not
   * record positions.
   */
  endByte: number;
} & (
  | { file: null }
  | { struct: Node_Struct }
  | { enum: Node_Enum }
  | { interface: Node_Interface }
  | { const: Node_Const }
  | { annotation: Node_Annotation }
);
/** What `NodeBuilder.assign` and `encode` accept for `Node`: any subset of its fields. */
export type NodeInit = {
  id?: bigint | number;
  /**
   * A human-readable name for the node: the file name for a file (`foo/bar.capnp`), otherwise
   * the file name, a colon and the dotted path of nested names (`foo/bar.capnp:Outer.Inner`).
   * For messages and debugging only; code generators should use `nestedNodes` for names.
   */
  displayName?: string | null;
  /**
   * How many leading bytes of `displayName` name the scope; what follows is the node's own
   * name.
   */
  displayNamePrefixLength?: number;
  /**
   * The node that contains this one: its parent declaration, or the struct a group belongs to.
   * Zero for files and for method parameter structs, which have no lexical scope.
   */
  scopeId?: bigint | number;
  /**
   * The generic parameters declared by this node (not by its parents). Null when there are
   * none.
   */
  parameters?: $.ListInit<Node_ParameterInit | Node_ParameterReader> | null;
  /**
   * Whether this node or any node it is nested in has generic parameters, so that its types
   * may refer to parameters bound elsewhere.
   */
  isGeneric?: boolean;
  /**
   * The declarations nested in this one, in source order (groups and parameter structs are not
   * listed: fields and methods refer to them).
   */
  nestedNodes?: $.ListInit<Node_NestedNodeInit | Node_NestedNodeReader> | null;
  /** The annotations applied to this declaration. */
  annotations?: $.ListInit<AnnotationInit | AnnotationReader> | null;
  startByte?: number;
  /**
   * Where the declaration is in its file, as byte offsets; zero when the compiler does not
   * record positions.
   */
  endByte?: number;
} & (
  | { file?: null; struct?: never; enum?: never; interface?: never; const?: never; annotation?: never }
  | { struct?: Node_StructInit; file?: never; enum?: never; interface?: never; const?: never; annotation?: never }
  | { enum?: Node_EnumInit; file?: never; struct?: never; interface?: never; const?: never; annotation?: never }
  | { interface?: Node_InterfaceInit; file?: never; struct?: never; enum?: never; const?: never; annotation?: never }
  | { const?: Node_ConstInit; file?: never; struct?: never; enum?: never; interface?: never; annotation?: never }
  | { annotation?: Node_AnnotationInit; file?: never; struct?: never; enum?: never; interface?: never; const?: never }
);

/** One named declaration of a schema, or a group, or a method's implicit parameter struct. */
export class NodeReader extends $.GeneratedReader<Node> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number) {
    super();
    this.$segment = segment;
    this.$view = segment.view;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$nesting = nesting;
    if (dataSize < 48) $.padDataSection(this, 48);
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): NodeReader {
    return new NodeReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** The active member of the union (undefined for a member this code does not know). */
  which(): 'file' | 'struct' | 'enum' | 'interface' | 'const' | 'annotation' | undefined {
    return $which0[this.$view.getUint16(this.$data + 12, true)];
  }

  /** `id @0 :UInt64` */
  get id(): bigint {
    return this.$view.getBigUint64(this.$data, true);
  }

  /**
   * `displayName @1 :Text`:
   * A human-readable name for the node: the file name for a file (`foo/bar.capnp`), otherwise
   * the file name, a colon and the dotted path of nested names (`foo/bar.capnp:Outer.Inner`).
   * For messages and debugging only; code generators should use `nestedNodes` for names.
   */
  get displayName(): string {
    return $.readTextAt(this.$segment, this.$slot(0), '');
  }

  hasDisplayName(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  /**
   * `displayNamePrefixLength @2 :UInt32`:
   * How many leading bytes of `displayName` name the scope; what follows is the node's own
   * name.
   */
  get displayNamePrefixLength(): number {
    return this.$view.getUint32(this.$data + 8, true);
  }

  /**
   * `scopeId @3 :UInt64`:
   * The node that contains this one: its parent declaration, or the struct a group belongs to.
   * Zero for files and for method parameter structs, which have no lexical scope.
   */
  get scopeId(): bigint {
    return this.$view.getBigUint64(this.$data + 16, true);
  }

  /**
   * `parameters @32 :List(Node.Parameter)`:
   * The generic parameters declared by this node (not by its parents). Null when there are
   * none.
   */
  get parameters(): $.StructList<Node_ParameterReader> {
    return $.readStructList(this.$segment, this.$pointers, this.$pointerCount, 5, this.$nesting, Node_ParameterReader);
  }

  hasParameters(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 5);
  }

  /**
   * `isGeneric @33 :Bool`:
   * Whether this node or any node it is nested in has generic parameters, so that its types
   * may refer to parameters bound elsewhere.
   */
  get isGeneric(): boolean {
    return !!(this.$view.getUint8(this.$data + 36) & 1);
  }

  /**
   * `nestedNodes @4 :List(Node.NestedNode)`:
   * The declarations nested in this one, in source order (groups and parameter structs are not
   * listed: fields and methods refer to them).
   */
  get nestedNodes(): $.StructList<Node_NestedNodeReader> {
    return $.readStructList(this.$segment, this.$pointers, this.$pointerCount, 1, this.$nesting, Node_NestedNodeReader);
  }

  hasNestedNodes(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 1);
  }

  /** `annotations @5 :List(Annotation)`: The annotations applied to this declaration. */
  get annotations(): $.StructList<AnnotationReader> {
    return $.readStructList(this.$segment, this.$pointers, this.$pointerCount, 2, this.$nesting, AnnotationReader);
  }

  hasAnnotations(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 2);
  }

  /** `file @6 :Void`: A schema file. Its nested nodes are the file's top-level declarations. */
  get file(): null {
    return null;
  }

  /** `struct :group` */
  get struct(): Node_StructReader {
    return new Node_StructReader(this.$segment, this.$pointers - this.$dataSize, this.$dataSize, this.$pointers, this.$pointerCount, this.$nesting);
  }

  /** `enum :group` */
  get enum(): Node_EnumReader {
    return new Node_EnumReader(this.$segment, this.$pointers - this.$dataSize, this.$dataSize, this.$pointers, this.$pointerCount, this.$nesting);
  }

  /** `interface :group` */
  get interface(): Node_InterfaceReader {
    return new Node_InterfaceReader(this.$segment, this.$pointers - this.$dataSize, this.$dataSize, this.$pointers, this.$pointerCount, this.$nesting);
  }

  /** `const :group` */
  get const(): Node_ConstReader {
    return new Node_ConstReader(this.$segment, this.$pointers - this.$dataSize, this.$dataSize, this.$pointers, this.$pointerCount, this.$nesting);
  }

  /** `annotation :group` */
  get annotation(): Node_AnnotationReader {
    return new Node_AnnotationReader(this.$segment, this.$pointers - this.$dataSize, this.$dataSize, this.$pointers, this.$pointerCount, this.$nesting);
  }

  /** `startByte @34 :UInt32` */
  get startByte(): number {
    return this.$view.getUint32(this.$data + 40, true);
  }

  /**
   * `endByte @35 :UInt32`:
   * Where the declaration is in its file, as byte offsets; zero when the compiler does not
   * record positions.
   */
  get endByte(): number {
    return this.$view.getUint32(this.$data + 44, true);
  }

  override $toObject(): Node {
    const object: { [key: string]: unknown } = {
      id: this.$view.getBigUint64(this.$data, true),
      displayName: $.textOrNull(this.$segment, this.$pointers, this.$pointerCount, 0),
      displayNamePrefixLength: this.$view.getUint32(this.$data + 8, true),
      scopeId: this.$view.getBigUint64(this.$data + 16, true),
      parameters: $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 5) ? $.structListToObject($.readList(this.$segment, this.$pointers, this.$pointerCount, 5, $.ElementSize.INLINE_COMPOSITE, this.$nesting), Node_ParameterReader) as Node_Parameter[] | null : null,
      isGeneric: !!(this.$view.getUint8(this.$data + 36) & 1),
      nestedNodes: $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 1) ? $.structListToObject($.readList(this.$segment, this.$pointers, this.$pointerCount, 1, $.ElementSize.INLINE_COMPOSITE, this.$nesting), Node_NestedNodeReader) as Node_NestedNode[] | null : null,
      annotations: $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 2) ? $.structListToObject($.readList(this.$segment, this.$pointers, this.$pointerCount, 2, $.ElementSize.INLINE_COMPOSITE, this.$nesting), AnnotationReader) as Annotation[] | null : null,
      startByte: this.$view.getUint32(this.$data + 40, true),
      endByte: this.$view.getUint32(this.$data + 44, true),
    };
    switch (this.$view.getUint16(this.$data + 12, true)) {
      case 0: object["file"] = null; break;
      case 1: object["struct"] = new Node_StructReader(this.$segment, this.$pointers - this.$dataSize, this.$dataSize, this.$pointers, this.$pointerCount, this.$nesting).$toObject(); break;
      case 2: object["enum"] = new Node_EnumReader(this.$segment, this.$pointers - this.$dataSize, this.$dataSize, this.$pointers, this.$pointerCount, this.$nesting).$toObject(); break;
      case 3: object["interface"] = new Node_InterfaceReader(this.$segment, this.$pointers - this.$dataSize, this.$dataSize, this.$pointers, this.$pointerCount, this.$nesting).$toObject(); break;
      case 4: object["const"] = new Node_ConstReader(this.$segment, this.$pointers - this.$dataSize, this.$dataSize, this.$pointers, this.$pointerCount, this.$nesting).$toObject(); break;
      case 5: object["annotation"] = new Node_AnnotationReader(this.$segment, this.$pointers - this.$dataSize, this.$dataSize, this.$pointers, this.$pointerCount, this.$nesting).$toObject(); break;
    }
    return object as Node;
  }
}

/** One named declaration of a schema, or a group, or a method's implicit parameter struct. */
export class NodeBuilder extends $.GeneratedBuilder<Node, NodeInit, NodeReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): NodeBuilder {
    return new NodeBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** The active member of the union (undefined for a member this code does not know). */
  which(): 'file' | 'struct' | 'enum' | 'interface' | 'const' | 'annotation' | undefined {
    return $which0[this.$segment.view.getUint16(this.$data + 12, true)];
  }

  /** `id @0 :UInt64` */
  get id(): bigint {
    return this.$segment.view.getBigUint64(this.$data, true);
  }

  set id(value: bigint | number) {
    this.$segment.view.setBigUint64(this.$data, $.toBigInt(value), true);
  }

  /**
   * `displayName @1 :Text`:
   * A human-readable name for the node: the file name for a file (`foo/bar.capnp`), otherwise
   * the file name, a colon and the dotted path of nested names (`foo/bar.capnp:Outer.Inner`).
   * For messages and debugging only; code generators should use `nestedNodes` for names.
   */
  get displayName(): string {
    return $.readTextAt(this.$segment, this.$pointers, '');
  }

  set displayName(value: string | null) {
    $.setText(this.$segment, this.$pointers, value);
  }

  hasDisplayName(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownDisplayName(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptDisplayName(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.ElementSize.BYTE);
  }

  /** New Text of `byteLength` zero bytes to fill with UTF-8 (the view is valid until the message next allocates). */
  initDisplayName(byteLength: number): Uint8Array {
    return $.initText(this.$segment, this.$pointers, byteLength);
  }

  /**
   * `displayNamePrefixLength @2 :UInt32`:
   * How many leading bytes of `displayName` name the scope; what follows is the node's own
   * name.
   */
  get displayNamePrefixLength(): number {
    return this.$segment.view.getUint32(this.$data + 8, true);
  }

  set displayNamePrefixLength(value: number) {
    this.$segment.view.setUint32(this.$data + 8, value, true);
  }

  /**
   * `scopeId @3 :UInt64`:
   * The node that contains this one: its parent declaration, or the struct a group belongs to.
   * Zero for files and for method parameter structs, which have no lexical scope.
   */
  get scopeId(): bigint {
    return this.$segment.view.getBigUint64(this.$data + 16, true);
  }

  set scopeId(value: bigint | number) {
    this.$segment.view.setBigUint64(this.$data + 16, $.toBigInt(value), true);
  }

  /**
   * `parameters @32 :List(Node.Parameter)`:
   * The generic parameters declared by this node (not by its parents). Null when there are
   * none.
   */
  get parameters(): $.StructListBuilder<Node_ParameterBuilder> {
    return $.getStructListOf(this.$segment, this.$pointers + 40, 0, 1, Node_ParameterBuilder);
  }

  set parameters(value: $.ListInit<Node_ParameterInit | Node_ParameterReader> | null) {
    $.assignListAt(this.$segment, this.$pointers + 40, Node_Parameter, value);
  }

  hasParameters(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers + 40);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownParameters(): $.Orphan {
    return $.disown(this.$segment, this.$pointers + 40);
  }

  adoptParameters(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers + 40, orphan, $.ElementSize.INLINE_COMPOSITE);
  }

  initParameters(length: number): $.StructListBuilder<Node_ParameterBuilder> {
    return $.initStructListOf(this.$segment, this.$pointers + 40, length, 0, 1, Node_ParameterBuilder);
  }

  /**
   * `isGeneric @33 :Bool`:
   * Whether this node or any node it is nested in has generic parameters, so that its types
   * may refer to parameters bound elsewhere.
   */
  get isGeneric(): boolean {
    return (this.$segment.view.getUint8(this.$data + 36) & 1) !== 0;
  }

  set isGeneric(value: boolean) {
    $.setBit(this.$segment.bytes, this.$data + 36, 1, value);
  }

  /**
   * `nestedNodes @4 :List(Node.NestedNode)`:
   * The declarations nested in this one, in source order (groups and parameter structs are not
   * listed: fields and methods refer to them).
   */
  get nestedNodes(): $.StructListBuilder<Node_NestedNodeBuilder> {
    return $.getStructListOf(this.$segment, this.$pointers + 8, 1, 1, Node_NestedNodeBuilder);
  }

  set nestedNodes(value: $.ListInit<Node_NestedNodeInit | Node_NestedNodeReader> | null) {
    $.assignListAt(this.$segment, this.$pointers + 8, Node_NestedNode, value);
  }

  hasNestedNodes(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers + 8);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownNestedNodes(): $.Orphan {
    return $.disown(this.$segment, this.$pointers + 8);
  }

  adoptNestedNodes(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers + 8, orphan, $.ElementSize.INLINE_COMPOSITE);
  }

  initNestedNodes(length: number): $.StructListBuilder<Node_NestedNodeBuilder> {
    return $.initStructListOf(this.$segment, this.$pointers + 8, length, 1, 1, Node_NestedNodeBuilder);
  }

  /** `annotations @5 :List(Annotation)`: The annotations applied to this declaration. */
  get annotations(): $.StructListBuilder<AnnotationBuilder> {
    return $.getStructListOf(this.$segment, this.$pointers + 16, 1, 2, AnnotationBuilder);
  }

  set annotations(value: $.ListInit<AnnotationInit | AnnotationReader> | null) {
    $.assignListAt(this.$segment, this.$pointers + 16, Annotation, value);
  }

  hasAnnotations(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers + 16);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownAnnotations(): $.Orphan {
    return $.disown(this.$segment, this.$pointers + 16);
  }

  adoptAnnotations(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers + 16, orphan, $.ElementSize.INLINE_COMPOSITE);
  }

  initAnnotations(length: number): $.StructListBuilder<AnnotationBuilder> {
    return $.initStructListOf(this.$segment, this.$pointers + 16, length, 1, 2, AnnotationBuilder);
  }

  /** `file @6 :Void`: A schema file. Its nested nodes are the file's top-level declarations. */
  get file(): null {
    return null;
  }

  set file(value: null) {
    void value;
    this.$segment.view.setUint16(this.$data + 12, 0, true);
  }

  /** `struct :group` */
  get struct(): Node_StructBuilder {
    return new Node_StructBuilder(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount);
  }

  set struct(value: Node_StructInit) {
    $.refuseNonObject(value, 'Node_Struct');
    this.initStruct().$assign(value);
  }

  /** Makes this group the active union member, with every field zeroed. */
  initStruct(): Node_StructBuilder {
    this.$segment.view.setUint16(this.$data + 12, 1, true);
    this.$segment.view.setUint16(this.$data + 14, 0, true);
    this.$segment.view.setUint16(this.$data + 24, 0, true);
    this.$segment.view.setUint16(this.$data + 26, 0, true);
    $.setBit(this.$segment.bytes, this.$data + 28, 1, false);
    this.$segment.view.setUint16(this.$data + 30, 0, true);
    this.$segment.view.setUint32(this.$data + 32, 0, true);
    $.clearPointer(this.$segment, this.$pointers + 24);
    return new Node_StructBuilder(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount);
  }

  /** `enum :group` */
  get enum(): Node_EnumBuilder {
    return new Node_EnumBuilder(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount);
  }

  set enum(value: Node_EnumInit) {
    $.refuseNonObject(value, 'Node_Enum');
    this.initEnum().$assign(value);
  }

  /** Makes this group the active union member, with every field zeroed. */
  initEnum(): Node_EnumBuilder {
    this.$segment.view.setUint16(this.$data + 12, 2, true);
    $.clearPointer(this.$segment, this.$pointers + 24);
    return new Node_EnumBuilder(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount);
  }

  /** `interface :group` */
  get interface(): Node_InterfaceBuilder {
    return new Node_InterfaceBuilder(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount);
  }

  set interface(value: Node_InterfaceInit) {
    $.refuseNonObject(value, 'Node_Interface');
    this.initInterface().$assign(value);
  }

  /** Makes this group the active union member, with every field zeroed. */
  initInterface(): Node_InterfaceBuilder {
    this.$segment.view.setUint16(this.$data + 12, 3, true);
    $.clearPointer(this.$segment, this.$pointers + 24);
    $.clearPointer(this.$segment, this.$pointers + 32);
    return new Node_InterfaceBuilder(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount);
  }

  /** `const :group` */
  get const(): Node_ConstBuilder {
    return new Node_ConstBuilder(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount);
  }

  set const(value: Node_ConstInit) {
    $.refuseNonObject(value, 'Node_Const');
    this.initConst().$assign(value);
  }

  /** Makes this group the active union member, with every field zeroed. */
  initConst(): Node_ConstBuilder {
    this.$segment.view.setUint16(this.$data + 12, 4, true);
    $.clearPointer(this.$segment, this.$pointers + 24);
    $.clearPointer(this.$segment, this.$pointers + 32);
    return new Node_ConstBuilder(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount);
  }

  /** `annotation :group` */
  get annotation(): Node_AnnotationBuilder {
    return new Node_AnnotationBuilder(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount);
  }

  set annotation(value: Node_AnnotationInit) {
    $.refuseNonObject(value, 'Node_Annotation');
    this.initAnnotation().$assign(value);
  }

  /** Makes this group the active union member, with every field zeroed. */
  initAnnotation(): Node_AnnotationBuilder {
    this.$segment.view.setUint16(this.$data + 12, 5, true);
    $.clearPointer(this.$segment, this.$pointers + 24);
    $.setBit(this.$segment.bytes, this.$data + 14, 1, false);
    $.setBit(this.$segment.bytes, this.$data + 14, 2, false);
    $.setBit(this.$segment.bytes, this.$data + 14, 4, false);
    $.setBit(this.$segment.bytes, this.$data + 14, 8, false);
    $.setBit(this.$segment.bytes, this.$data + 14, 16, false);
    $.setBit(this.$segment.bytes, this.$data + 14, 32, false);
    $.setBit(this.$segment.bytes, this.$data + 14, 64, false);
    $.setBit(this.$segment.bytes, this.$data + 14, 128, false);
    $.setBit(this.$segment.bytes, this.$data + 15, 1, false);
    $.setBit(this.$segment.bytes, this.$data + 15, 2, false);
    $.setBit(this.$segment.bytes, this.$data + 15, 4, false);
    $.setBit(this.$segment.bytes, this.$data + 15, 8, false);
    return new Node_AnnotationBuilder(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount);
  }

  /** `startByte @34 :UInt32` */
  get startByte(): number {
    return this.$segment.view.getUint32(this.$data + 40, true);
  }

  set startByte(value: number) {
    this.$segment.view.setUint32(this.$data + 40, value, true);
  }

  /**
   * `endByte @35 :UInt32`:
   * Where the declaration is in its file, as byte offsets; zero when the compiler does not
   * record positions.
   */
  get endByte(): number {
    return this.$segment.view.getUint32(this.$data + 44, true);
  }

  set endByte(value: number) {
    this.$segment.view.setUint32(this.$data + 44, value, true);
  }

  override $assign(value: NodeInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'Node');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["id", "displayName", "displayNamePrefixLength", "scopeId", "parameters", "isGeneric", "nestedNodes", "annotations", "startByte", "endByte", "file", "struct", "enum", "interface", "const", "annotation"], 'Node');
    let $k = '';
    try {
      if (value.id !== undefined) { $k = 'id'; this.id = $.checkUInt64(value.id); }
      if (value.displayName !== undefined) { $k = 'displayName'; this.displayName = value.displayName; }
      if (value.displayNamePrefixLength !== undefined) { $k = 'displayNamePrefixLength'; this.displayNamePrefixLength = $.checkUInt32(value.displayNamePrefixLength); }
      if (value.scopeId !== undefined) { $k = 'scopeId'; this.scopeId = $.checkUInt64(value.scopeId); }
      if (value.parameters !== undefined) { $k = 'parameters'; this.parameters = value.parameters; }
      if (value.isGeneric !== undefined) { $k = 'isGeneric'; this.isGeneric = $.checkBool(value.isGeneric); }
      if (value.nestedNodes !== undefined) { $k = 'nestedNodes'; this.nestedNodes = value.nestedNodes; }
      if (value.annotations !== undefined) { $k = 'annotations'; this.annotations = value.annotations; }
      if (value.startByte !== undefined) { $k = 'startByte'; this.startByte = $.checkUInt32(value.startByte); }
      if (value.endByte !== undefined) { $k = 'endByte'; this.endByte = $.checkUInt32(value.endByte); }
      $k = '';
      $.checkOneMember(value, ["file", "struct", "enum", "interface", "const", "annotation"], 'Node');
      if (value.file !== undefined) { $k = 'file'; this.file = $.checkVoid(value.file); }
      if (value.struct !== undefined) { $k = 'struct'; this.struct = value.struct; }
      if (value.enum !== undefined) { $k = 'enum'; this.enum = value.enum; }
      if (value.interface !== undefined) { $k = 'interface'; this.interface = value.interface; }
      if (value.const !== undefined) { $k = 'const'; this.const = value.const; }
      if (value.annotation !== undefined) { $k = 'annotation'; this.annotation = value.annotation; }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): NodeReader {
    return new NodeReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** Plain-object form of `Node.struct`. */
export type Node_Struct = {
  /** Size of the data section, in 64-bit words. */
  dataWordCount: number;
  /** Size of the pointer section, in pointers. */
  pointerCount: number;
  /**
   * How a list of this struct should be encoded. Always `inlineComposite` in current
   * compilers: the other encodings were never finished.
   */
  preferredListEncoding: ElementSize;
  /**
   * Whether this is a group (or named union) inside another struct rather than a type of its
   * own. A group shares the sections of the struct containing it.
   */
  isGroup: boolean;
  /**
   * Number of fields in this struct's unnamed union (0 when there is none). Union fields
   * come first in `fields`.
   */
  discriminantCount: number;
  /** Where the union's tag is, in 16-bit units from the start of the data section. */
  discriminantOffset: number;
  /**
   * The fields, in the order their layout was decided (by ordinal, a group where its first
   * member is reached). Use `codeOrder` for source order.
   */
  fields: Field[] | null;
};
/** What `Node_StructBuilder.assign` and `encode` accept for `Node_Struct`: any subset of its fields. */
export type Node_StructInit = {
  /** Size of the data section, in 64-bit words. */
  dataWordCount?: number;
  /** Size of the pointer section, in pointers. */
  pointerCount?: number;
  /**
   * How a list of this struct should be encoded. Always `inlineComposite` in current
   * compilers: the other encodings were never finished.
   */
  preferredListEncoding?: ElementSize;
  /**
   * Whether this is a group (or named union) inside another struct rather than a type of its
   * own. A group shares the sections of the struct containing it.
   */
  isGroup?: boolean;
  /**
   * Number of fields in this struct's unnamed union (0 when there is none). Union fields
   * come first in `fields`.
   */
  discriminantCount?: number;
  /** Where the union's tag is, in 16-bit units from the start of the data section. */
  discriminantOffset?: number;
  /**
   * The fields, in the order their layout was decided (by ordinal, a group where its first
   * member is reached). Use `codeOrder` for source order.
   */
  fields?: $.ListInit<FieldInit | FieldReader> | null;
};

export class Node_StructReader extends $.GeneratedReader<Node_Struct> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number) {
    super();
    this.$segment = segment;
    this.$view = segment.view;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$nesting = nesting;
    if (dataSize < 48) $.padDataSection(this, 48);
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): Node_StructReader {
    return new Node_StructReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** `dataWordCount @7 :UInt16`: Size of the data section, in 64-bit words. */
  get dataWordCount(): number {
    return this.$view.getUint16(this.$data + 14, true);
  }

  /** `pointerCount @8 :UInt16`: Size of the pointer section, in pointers. */
  get pointerCount(): number {
    return this.$view.getUint16(this.$data + 24, true);
  }

  /**
   * `preferredListEncoding @9 :ElementSize`:
   * How a list of this struct should be encoded. Always `inlineComposite` in current
   * compilers: the other encodings were never finished.
   */
  get preferredListEncoding(): ElementSize {
    return this.$view.getUint16(this.$data + 26, true) as ElementSize;
  }

  /**
   * `isGroup @10 :Bool`:
   * Whether this is a group (or named union) inside another struct rather than a type of its
   * own. A group shares the sections of the struct containing it.
   */
  get isGroup(): boolean {
    return !!(this.$view.getUint8(this.$data + 28) & 1);
  }

  /**
   * `discriminantCount @11 :UInt16`:
   * Number of fields in this struct's unnamed union (0 when there is none). Union fields
   * come first in `fields`.
   */
  get discriminantCount(): number {
    return this.$view.getUint16(this.$data + 30, true);
  }

  /** `discriminantOffset @12 :UInt32`: Where the union's tag is, in 16-bit units from the start of the data section. */
  get discriminantOffset(): number {
    return this.$view.getUint32(this.$data + 32, true);
  }

  /**
   * `fields @13 :List(Field)`:
   * The fields, in the order their layout was decided (by ordinal, a group where its first
   * member is reached). Use `codeOrder` for source order.
   */
  get fields(): $.StructList<FieldReader> {
    return $.readStructList(this.$segment, this.$pointers, this.$pointerCount, 3, this.$nesting, FieldReader);
  }

  hasFields(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 3);
  }

  override $toObject(): Node_Struct {
    return {
      dataWordCount: this.$view.getUint16(this.$data + 14, true),
      pointerCount: this.$view.getUint16(this.$data + 24, true),
      preferredListEncoding: this.$view.getUint16(this.$data + 26, true) as ElementSize,
      isGroup: !!(this.$view.getUint8(this.$data + 28) & 1),
      discriminantCount: this.$view.getUint16(this.$data + 30, true),
      discriminantOffset: this.$view.getUint32(this.$data + 32, true),
      fields: $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 3) ? $.structListToObject($.readList(this.$segment, this.$pointers, this.$pointerCount, 3, $.ElementSize.INLINE_COMPOSITE, this.$nesting), FieldReader) as Field[] | null : null,
    };
  }
}

export class Node_StructBuilder extends $.GeneratedBuilder<Node_Struct, Node_StructInit, Node_StructReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): Node_StructBuilder {
    return new Node_StructBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** `dataWordCount @7 :UInt16`: Size of the data section, in 64-bit words. */
  get dataWordCount(): number {
    return this.$segment.view.getUint16(this.$data + 14, true);
  }

  set dataWordCount(value: number) {
    this.$segment.view.setUint16(this.$data + 14, value, true);
  }

  /** `pointerCount @8 :UInt16`: Size of the pointer section, in pointers. */
  get pointerCount(): number {
    return this.$segment.view.getUint16(this.$data + 24, true);
  }

  set pointerCount(value: number) {
    this.$segment.view.setUint16(this.$data + 24, value, true);
  }

  /**
   * `preferredListEncoding @9 :ElementSize`:
   * How a list of this struct should be encoded. Always `inlineComposite` in current
   * compilers: the other encodings were never finished.
   */
  get preferredListEncoding(): ElementSize {
    return this.$segment.view.getUint16(this.$data + 26, true) as ElementSize;
  }

  set preferredListEncoding(value: ElementSize) {
    this.$segment.view.setUint16(this.$data + 26, value, true);
  }

  /**
   * `isGroup @10 :Bool`:
   * Whether this is a group (or named union) inside another struct rather than a type of its
   * own. A group shares the sections of the struct containing it.
   */
  get isGroup(): boolean {
    return (this.$segment.view.getUint8(this.$data + 28) & 1) !== 0;
  }

  set isGroup(value: boolean) {
    $.setBit(this.$segment.bytes, this.$data + 28, 1, value);
  }

  /**
   * `discriminantCount @11 :UInt16`:
   * Number of fields in this struct's unnamed union (0 when there is none). Union fields
   * come first in `fields`.
   */
  get discriminantCount(): number {
    return this.$segment.view.getUint16(this.$data + 30, true);
  }

  set discriminantCount(value: number) {
    this.$segment.view.setUint16(this.$data + 30, value, true);
  }

  /** `discriminantOffset @12 :UInt32`: Where the union's tag is, in 16-bit units from the start of the data section. */
  get discriminantOffset(): number {
    return this.$segment.view.getUint32(this.$data + 32, true);
  }

  set discriminantOffset(value: number) {
    this.$segment.view.setUint32(this.$data + 32, value, true);
  }

  /**
   * `fields @13 :List(Field)`:
   * The fields, in the order their layout was decided (by ordinal, a group where its first
   * member is reached). Use `codeOrder` for source order.
   */
  get fields(): $.StructListBuilder<FieldBuilder> {
    return $.getStructListOf(this.$segment, this.$pointers + 24, 3, 4, FieldBuilder);
  }

  set fields(value: $.ListInit<FieldInit | FieldReader> | null) {
    $.assignListAt(this.$segment, this.$pointers + 24, Field, value);
  }

  hasFields(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers + 24);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownFields(): $.Orphan {
    return $.disown(this.$segment, this.$pointers + 24);
  }

  adoptFields(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers + 24, orphan, $.ElementSize.INLINE_COMPOSITE);
  }

  initFields(length: number): $.StructListBuilder<FieldBuilder> {
    return $.initStructListOf(this.$segment, this.$pointers + 24, length, 3, 4, FieldBuilder);
  }

  override $assign(value: Node_StructInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'Node_Struct');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["dataWordCount", "pointerCount", "preferredListEncoding", "isGroup", "discriminantCount", "discriminantOffset", "fields"], 'Node_Struct');
    let $k = '';
    try {
      if (value.dataWordCount !== undefined) { $k = 'dataWordCount'; this.dataWordCount = $.checkUInt16(value.dataWordCount); }
      if (value.pointerCount !== undefined) { $k = 'pointerCount'; this.pointerCount = $.checkUInt16(value.pointerCount); }
      if (value.preferredListEncoding !== undefined) { $k = 'preferredListEncoding'; this.preferredListEncoding = $.checkEnum(value.preferredListEncoding, "ElementSize"); }
      if (value.isGroup !== undefined) { $k = 'isGroup'; this.isGroup = $.checkBool(value.isGroup); }
      if (value.discriminantCount !== undefined) { $k = 'discriminantCount'; this.discriminantCount = $.checkUInt16(value.discriminantCount); }
      if (value.discriminantOffset !== undefined) { $k = 'discriminantOffset'; this.discriminantOffset = $.checkUInt32(value.discriminantOffset); }
      if (value.fields !== undefined) { $k = 'fields'; this.fields = value.fields; }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): Node_StructReader {
    return new Node_StructReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** Plain-object form of `Node.enum`. */
export type Node_Enum = {
  /** The enumerants, by number. */
  enumerants: Enumerant[] | null;
};
/** What `Node_EnumBuilder.assign` and `encode` accept for `Node_Enum`: any subset of its fields. */
export type Node_EnumInit = {
  /** The enumerants, by number. */
  enumerants?: $.ListInit<EnumerantInit | EnumerantReader> | null;
};

export class Node_EnumReader extends $.GeneratedReader<Node_Enum> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number) {
    super();
    this.$segment = segment;
    this.$view = segment.view;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$nesting = nesting;
    if (dataSize < 48) $.padDataSection(this, 48);
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): Node_EnumReader {
    return new Node_EnumReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** `enumerants @14 :List(Enumerant)`: The enumerants, by number. */
  get enumerants(): $.StructList<EnumerantReader> {
    return $.readStructList(this.$segment, this.$pointers, this.$pointerCount, 3, this.$nesting, EnumerantReader);
  }

  hasEnumerants(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 3);
  }

  override $toObject(): Node_Enum {
    return {
      enumerants: $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 3) ? $.structListToObject($.readList(this.$segment, this.$pointers, this.$pointerCount, 3, $.ElementSize.INLINE_COMPOSITE, this.$nesting), EnumerantReader) as Enumerant[] | null : null,
    };
  }
}

export class Node_EnumBuilder extends $.GeneratedBuilder<Node_Enum, Node_EnumInit, Node_EnumReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): Node_EnumBuilder {
    return new Node_EnumBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** `enumerants @14 :List(Enumerant)`: The enumerants, by number. */
  get enumerants(): $.StructListBuilder<EnumerantBuilder> {
    return $.getStructListOf(this.$segment, this.$pointers + 24, 1, 2, EnumerantBuilder);
  }

  set enumerants(value: $.ListInit<EnumerantInit | EnumerantReader> | null) {
    $.assignListAt(this.$segment, this.$pointers + 24, Enumerant, value);
  }

  hasEnumerants(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers + 24);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownEnumerants(): $.Orphan {
    return $.disown(this.$segment, this.$pointers + 24);
  }

  adoptEnumerants(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers + 24, orphan, $.ElementSize.INLINE_COMPOSITE);
  }

  initEnumerants(length: number): $.StructListBuilder<EnumerantBuilder> {
    return $.initStructListOf(this.$segment, this.$pointers + 24, length, 1, 2, EnumerantBuilder);
  }

  override $assign(value: Node_EnumInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'Node_Enum');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["enumerants"], 'Node_Enum');
    let $k = '';
    try {
      if (value.enumerants !== undefined) { $k = 'enumerants'; this.enumerants = value.enumerants; }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): Node_EnumReader {
    return new Node_EnumReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** Plain-object form of `Node.interface`. */
export type Node_Interface = {
  /** The methods, by ordinal. */
  methods: Method[] | null;
  /** The interfaces this one extends. */
  superclasses: Superclass[] | null;
};
/** What `Node_InterfaceBuilder.assign` and `encode` accept for `Node_Interface`: any subset of its fields. */
export type Node_InterfaceInit = {
  /** The methods, by ordinal. */
  methods?: $.ListInit<MethodInit | MethodReader> | null;
  /** The interfaces this one extends. */
  superclasses?: $.ListInit<SuperclassInit | SuperclassReader> | null;
};

export class Node_InterfaceReader extends $.GeneratedReader<Node_Interface> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number) {
    super();
    this.$segment = segment;
    this.$view = segment.view;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$nesting = nesting;
    if (dataSize < 48) $.padDataSection(this, 48);
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): Node_InterfaceReader {
    return new Node_InterfaceReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** `methods @15 :List(Method)`: The methods, by ordinal. */
  get methods(): $.StructList<MethodReader> {
    return $.readStructList(this.$segment, this.$pointers, this.$pointerCount, 3, this.$nesting, MethodReader);
  }

  hasMethods(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 3);
  }

  /** `superclasses @31 :List(Superclass)`: The interfaces this one extends. */
  get superclasses(): $.StructList<SuperclassReader> {
    return $.readStructList(this.$segment, this.$pointers, this.$pointerCount, 4, this.$nesting, SuperclassReader);
  }

  hasSuperclasses(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 4);
  }

  override $toObject(): Node_Interface {
    return {
      methods: $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 3) ? $.structListToObject($.readList(this.$segment, this.$pointers, this.$pointerCount, 3, $.ElementSize.INLINE_COMPOSITE, this.$nesting), MethodReader) as Method[] | null : null,
      superclasses: $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 4) ? $.structListToObject($.readList(this.$segment, this.$pointers, this.$pointerCount, 4, $.ElementSize.INLINE_COMPOSITE, this.$nesting), SuperclassReader) as Superclass[] | null : null,
    };
  }
}

export class Node_InterfaceBuilder extends $.GeneratedBuilder<Node_Interface, Node_InterfaceInit, Node_InterfaceReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): Node_InterfaceBuilder {
    return new Node_InterfaceBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** `methods @15 :List(Method)`: The methods, by ordinal. */
  get methods(): $.StructListBuilder<MethodBuilder> {
    return $.getStructListOf(this.$segment, this.$pointers + 24, 3, 5, MethodBuilder);
  }

  set methods(value: $.ListInit<MethodInit | MethodReader> | null) {
    $.assignListAt(this.$segment, this.$pointers + 24, Method, value);
  }

  hasMethods(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers + 24);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownMethods(): $.Orphan {
    return $.disown(this.$segment, this.$pointers + 24);
  }

  adoptMethods(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers + 24, orphan, $.ElementSize.INLINE_COMPOSITE);
  }

  initMethods(length: number): $.StructListBuilder<MethodBuilder> {
    return $.initStructListOf(this.$segment, this.$pointers + 24, length, 3, 5, MethodBuilder);
  }

  /** `superclasses @31 :List(Superclass)`: The interfaces this one extends. */
  get superclasses(): $.StructListBuilder<SuperclassBuilder> {
    return $.getStructListOf(this.$segment, this.$pointers + 32, 1, 1, SuperclassBuilder);
  }

  set superclasses(value: $.ListInit<SuperclassInit | SuperclassReader> | null) {
    $.assignListAt(this.$segment, this.$pointers + 32, Superclass, value);
  }

  hasSuperclasses(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers + 32);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownSuperclasses(): $.Orphan {
    return $.disown(this.$segment, this.$pointers + 32);
  }

  adoptSuperclasses(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers + 32, orphan, $.ElementSize.INLINE_COMPOSITE);
  }

  initSuperclasses(length: number): $.StructListBuilder<SuperclassBuilder> {
    return $.initStructListOf(this.$segment, this.$pointers + 32, length, 1, 1, SuperclassBuilder);
  }

  override $assign(value: Node_InterfaceInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'Node_Interface');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["methods", "superclasses"], 'Node_Interface');
    let $k = '';
    try {
      if (value.methods !== undefined) { $k = 'methods'; this.methods = value.methods; }
      if (value.superclasses !== undefined) { $k = 'superclasses'; this.superclasses = value.superclasses; }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): Node_InterfaceReader {
    return new Node_InterfaceReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** Plain-object form of `Node.const`. */
export type Node_Const = {
  type: Type | null;
  value: Value | null;
};
/** What `Node_ConstBuilder.assign` and `encode` accept for `Node_Const`: any subset of its fields. */
export type Node_ConstInit = {
  type?: TypeInit | TypeReader | null;
  value?: ValueInit | ValueReader | null;
};

export class Node_ConstReader extends $.GeneratedReader<Node_Const> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number) {
    super();
    this.$segment = segment;
    this.$view = segment.view;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$nesting = nesting;
    if (dataSize < 48) $.padDataSection(this, 48);
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): Node_ConstReader {
    return new Node_ConstReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** `type @16 :Type` */
  get type(): TypeReader {
    return $.structReaderAt(TypeReader, $.locateStructAt(this.$segment, this.$slot(3), this.$nesting, null));
  }

  hasType(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 3);
  }

  /** `value @17 :Value` */
  get value(): ValueReader {
    return $.structReaderAt(ValueReader, $.locateStructAt(this.$segment, this.$slot(4), this.$nesting, null));
  }

  hasValue(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 4);
  }

  override $toObject(): Node_Const {
    return {
      type: $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 3) ? $.structReaderAt(TypeReader, $.locateStructAt(this.$segment, this.$slot(3), this.$nesting, null)).$toObject() : null,
      value: $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 4) ? $.structReaderAt(ValueReader, $.locateStructAt(this.$segment, this.$slot(4), this.$nesting, null)).$toObject() : null,
    };
  }
}

export class Node_ConstBuilder extends $.GeneratedBuilder<Node_Const, Node_ConstInit, Node_ConstReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): Node_ConstBuilder {
    return new Node_ConstBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** `type @16 :Type` */
  get type(): TypeBuilder {
    return $.getStruct<TypeBuilder>(TypeBuilder, this.$segment, this.$pointers + 24, 3, 1);
  }

  set type(value: TypeInit | TypeReader | null) {
    Type.set(this.$, 3, value);
  }

  hasType(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers + 24);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownType(): $.Orphan {
    return $.disown(this.$segment, this.$pointers + 24);
  }

  adoptType(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers + 24, orphan, $.AdoptAs.STRUCT);
  }

  initType(): TypeBuilder {
    return $.initStruct<TypeBuilder>(TypeBuilder, this.$segment, this.$pointers + 24, 3, 1);
  }

  /** `value @17 :Value` */
  get value(): ValueBuilder {
    return $.getStruct<ValueBuilder>(ValueBuilder, this.$segment, this.$pointers + 32, 2, 1);
  }

  set value(value: ValueInit | ValueReader | null) {
    Value.set(this.$, 4, value);
  }

  hasValue(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers + 32);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownValue(): $.Orphan {
    return $.disown(this.$segment, this.$pointers + 32);
  }

  adoptValue(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers + 32, orphan, $.AdoptAs.STRUCT);
  }

  initValue(): ValueBuilder {
    return $.initStruct<ValueBuilder>(ValueBuilder, this.$segment, this.$pointers + 32, 2, 1);
  }

  override $assign(value: Node_ConstInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'Node_Const');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["type", "value"], 'Node_Const');
    let $k = '';
    try {
      if (value.type !== undefined) { $k = 'type'; this.type = value.type; }
      if (value.value !== undefined) { $k = 'value'; this.value = value.value; }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): Node_ConstReader {
    return new Node_ConstReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** Plain-object form of `Node.annotation`. */
export type Node_Annotation = {
  /** The type of the annotation's value (Void when it takes none). */
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
/** What `Node_AnnotationBuilder.assign` and `encode` accept for `Node_Annotation`: any subset of its fields. */
export type Node_AnnotationInit = {
  /** The type of the annotation's value (Void when it takes none). */
  type?: TypeInit | TypeReader | null;
  targetsFile?: boolean;
  targetsConst?: boolean;
  targetsEnum?: boolean;
  targetsEnumerant?: boolean;
  targetsStruct?: boolean;
  targetsField?: boolean;
  targetsUnion?: boolean;
  targetsGroup?: boolean;
  targetsInterface?: boolean;
  targetsMethod?: boolean;
  targetsParam?: boolean;
  targetsAnnotation?: boolean;
};

export class Node_AnnotationReader extends $.GeneratedReader<Node_Annotation> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number) {
    super();
    this.$segment = segment;
    this.$view = segment.view;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$nesting = nesting;
    if (dataSize < 48) $.padDataSection(this, 48);
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): Node_AnnotationReader {
    return new Node_AnnotationReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** `type @18 :Type`: The type of the annotation's value (Void when it takes none). */
  get type(): TypeReader {
    return $.structReaderAt(TypeReader, $.locateStructAt(this.$segment, this.$slot(3), this.$nesting, null));
  }

  hasType(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 3);
  }

  /** `targetsFile @19 :Bool` */
  get targetsFile(): boolean {
    return !!(this.$view.getUint8(this.$data + 14) & 1);
  }

  /** `targetsConst @20 :Bool` */
  get targetsConst(): boolean {
    return !!(this.$view.getUint8(this.$data + 14) & 2);
  }

  /** `targetsEnum @21 :Bool` */
  get targetsEnum(): boolean {
    return !!(this.$view.getUint8(this.$data + 14) & 4);
  }

  /** `targetsEnumerant @22 :Bool` */
  get targetsEnumerant(): boolean {
    return !!(this.$view.getUint8(this.$data + 14) & 8);
  }

  /** `targetsStruct @23 :Bool` */
  get targetsStruct(): boolean {
    return !!(this.$view.getUint8(this.$data + 14) & 16);
  }

  /** `targetsField @24 :Bool` */
  get targetsField(): boolean {
    return !!(this.$view.getUint8(this.$data + 14) & 32);
  }

  /** `targetsUnion @25 :Bool` */
  get targetsUnion(): boolean {
    return !!(this.$view.getUint8(this.$data + 14) & 64);
  }

  /** `targetsGroup @26 :Bool` */
  get targetsGroup(): boolean {
    return !!(this.$view.getUint8(this.$data + 14) & 128);
  }

  /** `targetsInterface @27 :Bool` */
  get targetsInterface(): boolean {
    return !!(this.$view.getUint8(this.$data + 15) & 1);
  }

  /** `targetsMethod @28 :Bool` */
  get targetsMethod(): boolean {
    return !!(this.$view.getUint8(this.$data + 15) & 2);
  }

  /** `targetsParam @29 :Bool` */
  get targetsParam(): boolean {
    return !!(this.$view.getUint8(this.$data + 15) & 4);
  }

  /** `targetsAnnotation @30 :Bool` */
  get targetsAnnotation(): boolean {
    return !!(this.$view.getUint8(this.$data + 15) & 8);
  }

  override $toObject(): Node_Annotation {
    return {
      type: $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 3) ? $.structReaderAt(TypeReader, $.locateStructAt(this.$segment, this.$slot(3), this.$nesting, null)).$toObject() : null,
      targetsFile: !!(this.$view.getUint8(this.$data + 14) & 1),
      targetsConst: !!(this.$view.getUint8(this.$data + 14) & 2),
      targetsEnum: !!(this.$view.getUint8(this.$data + 14) & 4),
      targetsEnumerant: !!(this.$view.getUint8(this.$data + 14) & 8),
      targetsStruct: !!(this.$view.getUint8(this.$data + 14) & 16),
      targetsField: !!(this.$view.getUint8(this.$data + 14) & 32),
      targetsUnion: !!(this.$view.getUint8(this.$data + 14) & 64),
      targetsGroup: !!(this.$view.getUint8(this.$data + 14) & 128),
      targetsInterface: !!(this.$view.getUint8(this.$data + 15) & 1),
      targetsMethod: !!(this.$view.getUint8(this.$data + 15) & 2),
      targetsParam: !!(this.$view.getUint8(this.$data + 15) & 4),
      targetsAnnotation: !!(this.$view.getUint8(this.$data + 15) & 8),
    };
  }
}

export class Node_AnnotationBuilder extends $.GeneratedBuilder<Node_Annotation, Node_AnnotationInit, Node_AnnotationReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): Node_AnnotationBuilder {
    return new Node_AnnotationBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** `type @18 :Type`: The type of the annotation's value (Void when it takes none). */
  get type(): TypeBuilder {
    return $.getStruct<TypeBuilder>(TypeBuilder, this.$segment, this.$pointers + 24, 3, 1);
  }

  set type(value: TypeInit | TypeReader | null) {
    Type.set(this.$, 3, value);
  }

  hasType(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers + 24);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownType(): $.Orphan {
    return $.disown(this.$segment, this.$pointers + 24);
  }

  adoptType(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers + 24, orphan, $.AdoptAs.STRUCT);
  }

  initType(): TypeBuilder {
    return $.initStruct<TypeBuilder>(TypeBuilder, this.$segment, this.$pointers + 24, 3, 1);
  }

  /** `targetsFile @19 :Bool` */
  get targetsFile(): boolean {
    return (this.$segment.view.getUint8(this.$data + 14) & 1) !== 0;
  }

  set targetsFile(value: boolean) {
    $.setBit(this.$segment.bytes, this.$data + 14, 1, value);
  }

  /** `targetsConst @20 :Bool` */
  get targetsConst(): boolean {
    return (this.$segment.view.getUint8(this.$data + 14) & 2) !== 0;
  }

  set targetsConst(value: boolean) {
    $.setBit(this.$segment.bytes, this.$data + 14, 2, value);
  }

  /** `targetsEnum @21 :Bool` */
  get targetsEnum(): boolean {
    return (this.$segment.view.getUint8(this.$data + 14) & 4) !== 0;
  }

  set targetsEnum(value: boolean) {
    $.setBit(this.$segment.bytes, this.$data + 14, 4, value);
  }

  /** `targetsEnumerant @22 :Bool` */
  get targetsEnumerant(): boolean {
    return (this.$segment.view.getUint8(this.$data + 14) & 8) !== 0;
  }

  set targetsEnumerant(value: boolean) {
    $.setBit(this.$segment.bytes, this.$data + 14, 8, value);
  }

  /** `targetsStruct @23 :Bool` */
  get targetsStruct(): boolean {
    return (this.$segment.view.getUint8(this.$data + 14) & 16) !== 0;
  }

  set targetsStruct(value: boolean) {
    $.setBit(this.$segment.bytes, this.$data + 14, 16, value);
  }

  /** `targetsField @24 :Bool` */
  get targetsField(): boolean {
    return (this.$segment.view.getUint8(this.$data + 14) & 32) !== 0;
  }

  set targetsField(value: boolean) {
    $.setBit(this.$segment.bytes, this.$data + 14, 32, value);
  }

  /** `targetsUnion @25 :Bool` */
  get targetsUnion(): boolean {
    return (this.$segment.view.getUint8(this.$data + 14) & 64) !== 0;
  }

  set targetsUnion(value: boolean) {
    $.setBit(this.$segment.bytes, this.$data + 14, 64, value);
  }

  /** `targetsGroup @26 :Bool` */
  get targetsGroup(): boolean {
    return (this.$segment.view.getUint8(this.$data + 14) & 128) !== 0;
  }

  set targetsGroup(value: boolean) {
    $.setBit(this.$segment.bytes, this.$data + 14, 128, value);
  }

  /** `targetsInterface @27 :Bool` */
  get targetsInterface(): boolean {
    return (this.$segment.view.getUint8(this.$data + 15) & 1) !== 0;
  }

  set targetsInterface(value: boolean) {
    $.setBit(this.$segment.bytes, this.$data + 15, 1, value);
  }

  /** `targetsMethod @28 :Bool` */
  get targetsMethod(): boolean {
    return (this.$segment.view.getUint8(this.$data + 15) & 2) !== 0;
  }

  set targetsMethod(value: boolean) {
    $.setBit(this.$segment.bytes, this.$data + 15, 2, value);
  }

  /** `targetsParam @29 :Bool` */
  get targetsParam(): boolean {
    return (this.$segment.view.getUint8(this.$data + 15) & 4) !== 0;
  }

  set targetsParam(value: boolean) {
    $.setBit(this.$segment.bytes, this.$data + 15, 4, value);
  }

  /** `targetsAnnotation @30 :Bool` */
  get targetsAnnotation(): boolean {
    return (this.$segment.view.getUint8(this.$data + 15) & 8) !== 0;
  }

  set targetsAnnotation(value: boolean) {
    $.setBit(this.$segment.bytes, this.$data + 15, 8, value);
  }

  override $assign(value: Node_AnnotationInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'Node_Annotation');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["type", "targetsFile", "targetsConst", "targetsEnum", "targetsEnumerant", "targetsStruct", "targetsField", "targetsUnion", "targetsGroup", "targetsInterface", "targetsMethod", "targetsParam", "targetsAnnotation"], 'Node_Annotation');
    let $k = '';
    try {
      if (value.type !== undefined) { $k = 'type'; this.type = value.type; }
      if (value.targetsFile !== undefined) { $k = 'targetsFile'; this.targetsFile = $.checkBool(value.targetsFile); }
      if (value.targetsConst !== undefined) { $k = 'targetsConst'; this.targetsConst = $.checkBool(value.targetsConst); }
      if (value.targetsEnum !== undefined) { $k = 'targetsEnum'; this.targetsEnum = $.checkBool(value.targetsEnum); }
      if (value.targetsEnumerant !== undefined) { $k = 'targetsEnumerant'; this.targetsEnumerant = $.checkBool(value.targetsEnumerant); }
      if (value.targetsStruct !== undefined) { $k = 'targetsStruct'; this.targetsStruct = $.checkBool(value.targetsStruct); }
      if (value.targetsField !== undefined) { $k = 'targetsField'; this.targetsField = $.checkBool(value.targetsField); }
      if (value.targetsUnion !== undefined) { $k = 'targetsUnion'; this.targetsUnion = $.checkBool(value.targetsUnion); }
      if (value.targetsGroup !== undefined) { $k = 'targetsGroup'; this.targetsGroup = $.checkBool(value.targetsGroup); }
      if (value.targetsInterface !== undefined) { $k = 'targetsInterface'; this.targetsInterface = $.checkBool(value.targetsInterface); }
      if (value.targetsMethod !== undefined) { $k = 'targetsMethod'; this.targetsMethod = $.checkBool(value.targetsMethod); }
      if (value.targetsParam !== undefined) { $k = 'targetsParam'; this.targetsParam = $.checkBool(value.targetsParam); }
      if (value.targetsAnnotation !== undefined) { $k = 'targetsAnnotation'; this.targetsAnnotation = $.checkBool(value.targetsAnnotation); }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): Node_AnnotationReader {
    return new Node_AnnotationReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** A generic parameter of a node or method. */
export type Node_Parameter = {
  name: string | null;
};
/** What `Node_ParameterBuilder.assign` and `encode` accept for `Node_Parameter`: any subset of its fields. */
export type Node_ParameterInit = {
  name?: string | null;
};

/** A generic parameter of a node or method. */
export class Node_ParameterReader extends $.GeneratedReader<Node_Parameter> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$nesting = nesting;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): Node_ParameterReader {
    return new Node_ParameterReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** `name @0 :Text` */
  get name(): string {
    return $.readTextAt(this.$segment, this.$slot(0), '');
  }

  hasName(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  override $toObject(): Node_Parameter {
    return {
      name: $.textOrNull(this.$segment, this.$pointers, this.$pointerCount, 0),
    };
  }
}

/** A generic parameter of a node or method. */
export class Node_ParameterBuilder extends $.GeneratedBuilder<Node_Parameter, Node_ParameterInit, Node_ParameterReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): Node_ParameterBuilder {
    return new Node_ParameterBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** `name @0 :Text` */
  get name(): string {
    return $.readTextAt(this.$segment, this.$pointers, '');
  }

  set name(value: string | null) {
    $.setText(this.$segment, this.$pointers, value);
  }

  hasName(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownName(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptName(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.ElementSize.BYTE);
  }

  /** New Text of `byteLength` zero bytes to fill with UTF-8 (the view is valid until the message next allocates). */
  initName(byteLength: number): Uint8Array {
    return $.initText(this.$segment, this.$pointers, byteLength);
  }

  override $assign(value: Node_ParameterInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'Node_Parameter');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["name"], 'Node_Parameter');
    let $k = '';
    try {
      if (value.name !== undefined) { $k = 'name'; this.name = value.name; }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): Node_ParameterReader {
    return new Node_ParameterReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** Plain-object form of `Node.NestedNode`. */
export type Node_NestedNode = {
  /** The nested declaration's name in this scope. */
  name: string | null;
  /** Its node. */
  id: bigint;
};
/** What `Node_NestedNodeBuilder.assign` and `encode` accept for `Node_NestedNode`: any subset of its fields. */
export type Node_NestedNodeInit = {
  /** The nested declaration's name in this scope. */
  name?: string | null;
  /** Its node. */
  id?: bigint | number;
};

export class Node_NestedNodeReader extends $.GeneratedReader<Node_NestedNode> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number) {
    super();
    this.$segment = segment;
    this.$view = segment.view;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$nesting = nesting;
    if (dataSize < 8) $.padDataSection(this, 8);
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): Node_NestedNodeReader {
    return new Node_NestedNodeReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** `name @0 :Text`: The nested declaration's name in this scope. */
  get name(): string {
    return $.readTextAt(this.$segment, this.$slot(0), '');
  }

  hasName(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  /** `id @1 :UInt64`: Its node. */
  get id(): bigint {
    return this.$view.getBigUint64(this.$data, true);
  }

  override $toObject(): Node_NestedNode {
    return {
      name: $.textOrNull(this.$segment, this.$pointers, this.$pointerCount, 0),
      id: this.$view.getBigUint64(this.$data, true),
    };
  }
}

export class Node_NestedNodeBuilder extends $.GeneratedBuilder<Node_NestedNode, Node_NestedNodeInit, Node_NestedNodeReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): Node_NestedNodeBuilder {
    return new Node_NestedNodeBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** `name @0 :Text`: The nested declaration's name in this scope. */
  get name(): string {
    return $.readTextAt(this.$segment, this.$pointers, '');
  }

  set name(value: string | null) {
    $.setText(this.$segment, this.$pointers, value);
  }

  hasName(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownName(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptName(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.ElementSize.BYTE);
  }

  /** New Text of `byteLength` zero bytes to fill with UTF-8 (the view is valid until the message next allocates). */
  initName(byteLength: number): Uint8Array {
    return $.initText(this.$segment, this.$pointers, byteLength);
  }

  /** `id @1 :UInt64`: Its node. */
  get id(): bigint {
    return this.$segment.view.getBigUint64(this.$data, true);
  }

  set id(value: bigint | number) {
    this.$segment.view.setBigUint64(this.$data, $.toBigInt(value), true);
  }

  override $assign(value: Node_NestedNodeInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'Node_NestedNode');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["name", "id"], 'Node_NestedNode');
    let $k = '';
    try {
      if (value.name !== undefined) { $k = 'name'; this.name = value.name; }
      if (value.id !== undefined) { $k = 'id'; this.id = $.checkUInt64(value.id); }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): Node_NestedNodeReader {
    return new Node_NestedNodeReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/**
 * What the source says about a node beyond its schema: doc comments and positions. Kept out
 * of Node so that nodes compiled from sources that differ only in comments are equal.
 */
export type Node_SourceInfo = {
  /** The node described. */
  id: bigint;
  /** The node's doc comment, one `\n`-terminated line per comment line; null if none. */
  docComment: string | null;
  /** Per member (field, enumerant or method, in the node's list order). */
  members: Node_SourceInfo_Member[] | null;
  startByte: number;
  endByte: number;
};
/** What `Node_SourceInfoBuilder.assign` and `encode` accept for `Node_SourceInfo`: any subset of its fields. */
export type Node_SourceInfoInit = {
  /** The node described. */
  id?: bigint | number;
  /** The node's doc comment, one `\n`-terminated line per comment line; null if none. */
  docComment?: string | null;
  /** Per member (field, enumerant or method, in the node's list order). */
  members?: $.ListInit<Node_SourceInfo_MemberInit | Node_SourceInfo_MemberReader> | null;
  startByte?: number;
  endByte?: number;
};

/**
 * What the source says about a node beyond its schema: doc comments and positions. Kept out
 * of Node so that nodes compiled from sources that differ only in comments are equal.
 */
export class Node_SourceInfoReader extends $.GeneratedReader<Node_SourceInfo> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number) {
    super();
    this.$segment = segment;
    this.$view = segment.view;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$nesting = nesting;
    if (dataSize < 16) $.padDataSection(this, 16);
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): Node_SourceInfoReader {
    return new Node_SourceInfoReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** `id @0 :UInt64`: The node described. */
  get id(): bigint {
    return this.$view.getBigUint64(this.$data, true);
  }

  /** `docComment @1 :Text`: The node's doc comment, one `\n`-terminated line per comment line; null if none. */
  get docComment(): string {
    return $.readTextAt(this.$segment, this.$slot(0), '');
  }

  hasDocComment(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  /** `members @2 :List(Node.SourceInfo.Member)`: Per member (field, enumerant or method, in the node's list order). */
  get members(): $.StructList<Node_SourceInfo_MemberReader> {
    return $.readStructList(this.$segment, this.$pointers, this.$pointerCount, 1, this.$nesting, Node_SourceInfo_MemberReader);
  }

  hasMembers(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 1);
  }

  /** `startByte @3 :UInt32` */
  get startByte(): number {
    return this.$view.getUint32(this.$data + 8, true);
  }

  /** `endByte @4 :UInt32` */
  get endByte(): number {
    return this.$view.getUint32(this.$data + 12, true);
  }

  override $toObject(): Node_SourceInfo {
    return {
      id: this.$view.getBigUint64(this.$data, true),
      docComment: $.textOrNull(this.$segment, this.$pointers, this.$pointerCount, 0),
      members: $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 1) ? $.structListToObject($.readList(this.$segment, this.$pointers, this.$pointerCount, 1, $.ElementSize.INLINE_COMPOSITE, this.$nesting), Node_SourceInfo_MemberReader) as Node_SourceInfo_Member[] | null : null,
      startByte: this.$view.getUint32(this.$data + 8, true),
      endByte: this.$view.getUint32(this.$data + 12, true),
    };
  }
}

/**
 * What the source says about a node beyond its schema: doc comments and positions. Kept out
 * of Node so that nodes compiled from sources that differ only in comments are equal.
 */
export class Node_SourceInfoBuilder extends $.GeneratedBuilder<Node_SourceInfo, Node_SourceInfoInit, Node_SourceInfoReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): Node_SourceInfoBuilder {
    return new Node_SourceInfoBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** `id @0 :UInt64`: The node described. */
  get id(): bigint {
    return this.$segment.view.getBigUint64(this.$data, true);
  }

  set id(value: bigint | number) {
    this.$segment.view.setBigUint64(this.$data, $.toBigInt(value), true);
  }

  /** `docComment @1 :Text`: The node's doc comment, one `\n`-terminated line per comment line; null if none. */
  get docComment(): string {
    return $.readTextAt(this.$segment, this.$pointers, '');
  }

  set docComment(value: string | null) {
    $.setText(this.$segment, this.$pointers, value);
  }

  hasDocComment(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownDocComment(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptDocComment(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.ElementSize.BYTE);
  }

  /** New Text of `byteLength` zero bytes to fill with UTF-8 (the view is valid until the message next allocates). */
  initDocComment(byteLength: number): Uint8Array {
    return $.initText(this.$segment, this.$pointers, byteLength);
  }

  /** `members @2 :List(Node.SourceInfo.Member)`: Per member (field, enumerant or method, in the node's list order). */
  get members(): $.StructListBuilder<Node_SourceInfo_MemberBuilder> {
    return $.getStructListOf(this.$segment, this.$pointers + 8, 1, 1, Node_SourceInfo_MemberBuilder);
  }

  set members(value: $.ListInit<Node_SourceInfo_MemberInit | Node_SourceInfo_MemberReader> | null) {
    $.assignListAt(this.$segment, this.$pointers + 8, Node_SourceInfo_Member, value);
  }

  hasMembers(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers + 8);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownMembers(): $.Orphan {
    return $.disown(this.$segment, this.$pointers + 8);
  }

  adoptMembers(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers + 8, orphan, $.ElementSize.INLINE_COMPOSITE);
  }

  initMembers(length: number): $.StructListBuilder<Node_SourceInfo_MemberBuilder> {
    return $.initStructListOf(this.$segment, this.$pointers + 8, length, 1, 1, Node_SourceInfo_MemberBuilder);
  }

  /** `startByte @3 :UInt32` */
  get startByte(): number {
    return this.$segment.view.getUint32(this.$data + 8, true);
  }

  set startByte(value: number) {
    this.$segment.view.setUint32(this.$data + 8, value, true);
  }

  /** `endByte @4 :UInt32` */
  get endByte(): number {
    return this.$segment.view.getUint32(this.$data + 12, true);
  }

  set endByte(value: number) {
    this.$segment.view.setUint32(this.$data + 12, value, true);
  }

  override $assign(value: Node_SourceInfoInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'Node_SourceInfo');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["id", "docComment", "members", "startByte", "endByte"], 'Node_SourceInfo');
    let $k = '';
    try {
      if (value.id !== undefined) { $k = 'id'; this.id = $.checkUInt64(value.id); }
      if (value.docComment !== undefined) { $k = 'docComment'; this.docComment = value.docComment; }
      if (value.members !== undefined) { $k = 'members'; this.members = value.members; }
      if (value.startByte !== undefined) { $k = 'startByte'; this.startByte = $.checkUInt32(value.startByte); }
      if (value.endByte !== undefined) { $k = 'endByte'; this.endByte = $.checkUInt32(value.endByte); }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): Node_SourceInfoReader {
    return new Node_SourceInfoReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** Plain-object form of `Node.SourceInfo.Member`. */
export type Node_SourceInfo_Member = {
  docComment: string | null;
  startByte: number;
  endByte: number;
};
/** What `Node_SourceInfo_MemberBuilder.assign` and `encode` accept for `Node_SourceInfo_Member`: any subset of its fields. */
export type Node_SourceInfo_MemberInit = {
  docComment?: string | null;
  startByte?: number;
  endByte?: number;
};

export class Node_SourceInfo_MemberReader extends $.GeneratedReader<Node_SourceInfo_Member> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number) {
    super();
    this.$segment = segment;
    this.$view = segment.view;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$nesting = nesting;
    if (dataSize < 8) $.padDataSection(this, 8);
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): Node_SourceInfo_MemberReader {
    return new Node_SourceInfo_MemberReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** `docComment @0 :Text` */
  get docComment(): string {
    return $.readTextAt(this.$segment, this.$slot(0), '');
  }

  hasDocComment(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  /** `startByte @1 :UInt32` */
  get startByte(): number {
    return this.$view.getUint32(this.$data, true);
  }

  /** `endByte @2 :UInt32` */
  get endByte(): number {
    return this.$view.getUint32(this.$data + 4, true);
  }

  override $toObject(): Node_SourceInfo_Member {
    return {
      docComment: $.textOrNull(this.$segment, this.$pointers, this.$pointerCount, 0),
      startByte: this.$view.getUint32(this.$data, true),
      endByte: this.$view.getUint32(this.$data + 4, true),
    };
  }
}

export class Node_SourceInfo_MemberBuilder extends $.GeneratedBuilder<Node_SourceInfo_Member, Node_SourceInfo_MemberInit, Node_SourceInfo_MemberReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): Node_SourceInfo_MemberBuilder {
    return new Node_SourceInfo_MemberBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** `docComment @0 :Text` */
  get docComment(): string {
    return $.readTextAt(this.$segment, this.$pointers, '');
  }

  set docComment(value: string | null) {
    $.setText(this.$segment, this.$pointers, value);
  }

  hasDocComment(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownDocComment(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptDocComment(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.ElementSize.BYTE);
  }

  /** New Text of `byteLength` zero bytes to fill with UTF-8 (the view is valid until the message next allocates). */
  initDocComment(byteLength: number): Uint8Array {
    return $.initText(this.$segment, this.$pointers, byteLength);
  }

  /** `startByte @1 :UInt32` */
  get startByte(): number {
    return this.$segment.view.getUint32(this.$data, true);
  }

  set startByte(value: number) {
    this.$segment.view.setUint32(this.$data, value, true);
  }

  /** `endByte @2 :UInt32` */
  get endByte(): number {
    return this.$segment.view.getUint32(this.$data + 4, true);
  }

  set endByte(value: number) {
    this.$segment.view.setUint32(this.$data + 4, value, true);
  }

  override $assign(value: Node_SourceInfo_MemberInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'Node_SourceInfo_Member');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["docComment", "startByte", "endByte"], 'Node_SourceInfo_Member');
    let $k = '';
    try {
      if (value.docComment !== undefined) { $k = 'docComment'; this.docComment = value.docComment; }
      if (value.startByte !== undefined) { $k = 'startByte'; this.startByte = $.checkUInt32(value.startByte); }
      if (value.endByte !== undefined) { $k = 'endByte'; this.endByte = $.checkUInt32(value.endByte); }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): Node_SourceInfo_MemberReader {
    return new Node_SourceInfo_MemberReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** A struct field: a slot holding a value, or a group. */
export type Field = {
  name: string | null;
  /** The field's position among its siblings in the source. */
  codeOrder: number;
  annotations: Annotation[] | null;
  /** For a union member, the tag value meaning "this member is set". */
  discriminantValue: number;
  ordinal: Field_Ordinal;
} & (
  | { slot: Field_Slot }
  | { group: Field_Group }
);
/** What `FieldBuilder.assign` and `encode` accept for `Field`: any subset of its fields. */
export type FieldInit = {
  name?: string | null;
  /** The field's position among its siblings in the source. */
  codeOrder?: number;
  annotations?: $.ListInit<AnnotationInit | AnnotationReader> | null;
  /** For a union member, the tag value meaning "this member is set". */
  discriminantValue?: number;
  ordinal?: Field_OrdinalInit;
} & (
  | { slot?: Field_SlotInit; group?: never }
  | { group?: Field_GroupInit; slot?: never }
);

/** A struct field: a slot holding a value, or a group. */
export class FieldReader extends $.GeneratedReader<Field> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number) {
    super();
    this.$segment = segment;
    this.$view = segment.view;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$nesting = nesting;
    if (dataSize < 24) $.padDataSection(this, 24);
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): FieldReader {
    return new FieldReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** The active member of the union (undefined for a member this code does not know). */
  which(): 'slot' | 'group' | undefined {
    return $which1[this.$view.getUint16(this.$data + 8, true)];
  }

  /** `name @0 :Text` */
  get name(): string {
    return $.readTextAt(this.$segment, this.$slot(0), '');
  }

  hasName(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  /** `codeOrder @1 :UInt16`: The field's position among its siblings in the source. */
  get codeOrder(): number {
    return this.$view.getUint16(this.$data, true);
  }

  /** `annotations @2 :List(Annotation)` */
  get annotations(): $.StructList<AnnotationReader> {
    return $.readStructList(this.$segment, this.$pointers, this.$pointerCount, 1, this.$nesting, AnnotationReader);
  }

  hasAnnotations(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 1);
  }

  /** `discriminantValue @3 :UInt16`: For a union member, the tag value meaning "this member is set". */
  get discriminantValue(): number {
    return (this.$view.getUint16(this.$data + 2, true) ^ 65535);
  }

  /** `slot :group`: A field holding a value of its own. */
  get slot(): Field_SlotReader {
    return new Field_SlotReader(this.$segment, this.$pointers - this.$dataSize, this.$dataSize, this.$pointers, this.$pointerCount, this.$nesting);
  }

  /** `group :group`: A field that is a group: its members are described by another node. */
  get group(): Field_GroupReader {
    return new Field_GroupReader(this.$segment, this.$pointers - this.$dataSize, this.$dataSize, this.$pointers, this.$pointerCount, this.$nesting);
  }

  /** `ordinal :group` */
  get ordinal(): Field_OrdinalReader {
    return new Field_OrdinalReader(this.$segment, this.$pointers - this.$dataSize, this.$dataSize, this.$pointers, this.$pointerCount, this.$nesting);
  }

  override $toObject(): Field {
    const object: { [key: string]: unknown } = {
      name: $.textOrNull(this.$segment, this.$pointers, this.$pointerCount, 0),
      codeOrder: this.$view.getUint16(this.$data, true),
      annotations: $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 1) ? $.structListToObject($.readList(this.$segment, this.$pointers, this.$pointerCount, 1, $.ElementSize.INLINE_COMPOSITE, this.$nesting), AnnotationReader) as Annotation[] | null : null,
      discriminantValue: (this.$view.getUint16(this.$data + 2, true) ^ 65535),
      ordinal: new Field_OrdinalReader(this.$segment, this.$pointers - this.$dataSize, this.$dataSize, this.$pointers, this.$pointerCount, this.$nesting).$toObject(),
    };
    switch (this.$view.getUint16(this.$data + 8, true)) {
      case 0: object["slot"] = new Field_SlotReader(this.$segment, this.$pointers - this.$dataSize, this.$dataSize, this.$pointers, this.$pointerCount, this.$nesting).$toObject(); break;
      case 1: object["group"] = new Field_GroupReader(this.$segment, this.$pointers - this.$dataSize, this.$dataSize, this.$pointers, this.$pointerCount, this.$nesting).$toObject(); break;
    }
    return object as Field;
  }
}

/** A struct field: a slot holding a value, or a group. */
export class FieldBuilder extends $.GeneratedBuilder<Field, FieldInit, FieldReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): FieldBuilder {
    return new FieldBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** The active member of the union (undefined for a member this code does not know). */
  which(): 'slot' | 'group' | undefined {
    return $which1[this.$segment.view.getUint16(this.$data + 8, true)];
  }

  /** `name @0 :Text` */
  get name(): string {
    return $.readTextAt(this.$segment, this.$pointers, '');
  }

  set name(value: string | null) {
    $.setText(this.$segment, this.$pointers, value);
  }

  hasName(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownName(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptName(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.ElementSize.BYTE);
  }

  /** New Text of `byteLength` zero bytes to fill with UTF-8 (the view is valid until the message next allocates). */
  initName(byteLength: number): Uint8Array {
    return $.initText(this.$segment, this.$pointers, byteLength);
  }

  /** `codeOrder @1 :UInt16`: The field's position among its siblings in the source. */
  get codeOrder(): number {
    return this.$segment.view.getUint16(this.$data, true);
  }

  set codeOrder(value: number) {
    this.$segment.view.setUint16(this.$data, value, true);
  }

  /** `annotations @2 :List(Annotation)` */
  get annotations(): $.StructListBuilder<AnnotationBuilder> {
    return $.getStructListOf(this.$segment, this.$pointers + 8, 1, 2, AnnotationBuilder);
  }

  set annotations(value: $.ListInit<AnnotationInit | AnnotationReader> | null) {
    $.assignListAt(this.$segment, this.$pointers + 8, Annotation, value);
  }

  hasAnnotations(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers + 8);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownAnnotations(): $.Orphan {
    return $.disown(this.$segment, this.$pointers + 8);
  }

  adoptAnnotations(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers + 8, orphan, $.ElementSize.INLINE_COMPOSITE);
  }

  initAnnotations(length: number): $.StructListBuilder<AnnotationBuilder> {
    return $.initStructListOf(this.$segment, this.$pointers + 8, length, 1, 2, AnnotationBuilder);
  }

  /** `discriminantValue @3 :UInt16`: For a union member, the tag value meaning "this member is set". */
  get discriminantValue(): number {
    return (this.$segment.view.getUint16(this.$data + 2, true) ^ 65535);
  }

  set discriminantValue(value: number) {
    this.$segment.view.setUint16(this.$data + 2, value ^ 65535, true);
  }

  /** `slot :group`: A field holding a value of its own. */
  get slot(): Field_SlotBuilder {
    return new Field_SlotBuilder(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount);
  }

  set slot(value: Field_SlotInit) {
    $.refuseNonObject(value, 'Field_Slot');
    this.initSlot().$assign(value);
  }

  /** Makes this group the active union member, with every field zeroed. */
  initSlot(): Field_SlotBuilder {
    this.$segment.view.setUint16(this.$data + 8, 0, true);
    this.$segment.view.setUint32(this.$data + 4, 0, true);
    $.clearPointer(this.$segment, this.$pointers + 16);
    $.clearPointer(this.$segment, this.$pointers + 24);
    $.setBit(this.$segment.bytes, this.$data + 16, 1, false);
    return new Field_SlotBuilder(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount);
  }

  /** `group :group`: A field that is a group: its members are described by another node. */
  get group(): Field_GroupBuilder {
    return new Field_GroupBuilder(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount);
  }

  set group(value: Field_GroupInit) {
    $.refuseNonObject(value, 'Field_Group');
    this.initGroup().$assign(value);
  }

  /** Makes this group the active union member, with every field zeroed. */
  initGroup(): Field_GroupBuilder {
    this.$segment.view.setUint16(this.$data + 8, 1, true);
    this.$segment.view.setBigUint64(this.$data + 16, 0n, true);
    return new Field_GroupBuilder(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount);
  }

  /** `ordinal :group` */
  get ordinal(): Field_OrdinalBuilder {
    return new Field_OrdinalBuilder(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount);
  }

  set ordinal(value: Field_OrdinalInit) {
    $.refuseArray(value, 'Field_Ordinal');
    new Field_OrdinalBuilder(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount).$assign(value);
  }

  override $assign(value: FieldInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'Field');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["name", "codeOrder", "annotations", "discriminantValue", "ordinal", "slot", "group"], 'Field');
    let $k = '';
    try {
      if (value.name !== undefined) { $k = 'name'; this.name = value.name; }
      if (value.codeOrder !== undefined) { $k = 'codeOrder'; this.codeOrder = $.checkUInt16(value.codeOrder); }
      if (value.annotations !== undefined) { $k = 'annotations'; this.annotations = value.annotations; }
      if (value.discriminantValue !== undefined) { $k = 'discriminantValue'; this.discriminantValue = $.checkUInt16(value.discriminantValue); }
      if (value.ordinal !== undefined) { $k = 'ordinal'; this.ordinal = value.ordinal; }
      $k = '';
      $.checkOneMember(value, ["slot", "group"], 'Field');
      if (value.slot !== undefined) { $k = 'slot'; this.slot = value.slot; }
      if (value.group !== undefined) { $k = 'group'; this.group = value.group; }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): FieldReader {
    return new FieldReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** A field holding a value of its own. */
export type Field_Slot = {
  /**
   * Where the value is, in units of its type's size: bits for Bool, bytes for 8-bit types,
   * and so on, from the start of the data section; the index in the pointer section for
   * pointer types. Void fields take no space.
   */
  offset: number;
  type: Type | null;
  defaultValue: Value | null;
  /**
   * Whether the default was written in the source (even when it equals the type's zero
   * value). Matters to code that translates to formats with a notion of "unset".
   */
  hadExplicitDefault: boolean;
};
/** What `Field_SlotBuilder.assign` and `encode` accept for `Field_Slot`: any subset of its fields. */
export type Field_SlotInit = {
  /**
   * Where the value is, in units of its type's size: bits for Bool, bytes for 8-bit types,
   * and so on, from the start of the data section; the index in the pointer section for
   * pointer types. Void fields take no space.
   */
  offset?: number;
  type?: TypeInit | TypeReader | null;
  defaultValue?: ValueInit | ValueReader | null;
  /**
   * Whether the default was written in the source (even when it equals the type's zero
   * value). Matters to code that translates to formats with a notion of "unset".
   */
  hadExplicitDefault?: boolean;
};

/** A field holding a value of its own. */
export class Field_SlotReader extends $.GeneratedReader<Field_Slot> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number) {
    super();
    this.$segment = segment;
    this.$view = segment.view;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$nesting = nesting;
    if (dataSize < 24) $.padDataSection(this, 24);
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): Field_SlotReader {
    return new Field_SlotReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /**
   * `offset @4 :UInt32`:
   * Where the value is, in units of its type's size: bits for Bool, bytes for 8-bit types,
   * and so on, from the start of the data section; the index in the pointer section for
   * pointer types. Void fields take no space.
   */
  get offset(): number {
    return this.$view.getUint32(this.$data + 4, true);
  }

  /** `type @5 :Type` */
  get type(): TypeReader {
    return $.structReaderAt(TypeReader, $.locateStructAt(this.$segment, this.$slot(2), this.$nesting, null));
  }

  hasType(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 2);
  }

  /** `defaultValue @6 :Value` */
  get defaultValue(): ValueReader {
    return $.structReaderAt(ValueReader, $.locateStructAt(this.$segment, this.$slot(3), this.$nesting, null));
  }

  hasDefaultValue(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 3);
  }

  /**
   * `hadExplicitDefault @10 :Bool`:
   * Whether the default was written in the source (even when it equals the type's zero
   * value). Matters to code that translates to formats with a notion of "unset".
   */
  get hadExplicitDefault(): boolean {
    return !!(this.$view.getUint8(this.$data + 16) & 1);
  }

  override $toObject(): Field_Slot {
    return {
      offset: this.$view.getUint32(this.$data + 4, true),
      type: $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 2) ? $.structReaderAt(TypeReader, $.locateStructAt(this.$segment, this.$slot(2), this.$nesting, null)).$toObject() : null,
      defaultValue: $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 3) ? $.structReaderAt(ValueReader, $.locateStructAt(this.$segment, this.$slot(3), this.$nesting, null)).$toObject() : null,
      hadExplicitDefault: !!(this.$view.getUint8(this.$data + 16) & 1),
    };
  }
}

/** A field holding a value of its own. */
export class Field_SlotBuilder extends $.GeneratedBuilder<Field_Slot, Field_SlotInit, Field_SlotReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): Field_SlotBuilder {
    return new Field_SlotBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /**
   * `offset @4 :UInt32`:
   * Where the value is, in units of its type's size: bits for Bool, bytes for 8-bit types,
   * and so on, from the start of the data section; the index in the pointer section for
   * pointer types. Void fields take no space.
   */
  get offset(): number {
    return this.$segment.view.getUint32(this.$data + 4, true);
  }

  set offset(value: number) {
    this.$segment.view.setUint32(this.$data + 4, value, true);
  }

  /** `type @5 :Type` */
  get type(): TypeBuilder {
    return $.getStruct<TypeBuilder>(TypeBuilder, this.$segment, this.$pointers + 16, 3, 1);
  }

  set type(value: TypeInit | TypeReader | null) {
    Type.set(this.$, 2, value);
  }

  hasType(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers + 16);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownType(): $.Orphan {
    return $.disown(this.$segment, this.$pointers + 16);
  }

  adoptType(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers + 16, orphan, $.AdoptAs.STRUCT);
  }

  initType(): TypeBuilder {
    return $.initStruct<TypeBuilder>(TypeBuilder, this.$segment, this.$pointers + 16, 3, 1);
  }

  /** `defaultValue @6 :Value` */
  get defaultValue(): ValueBuilder {
    return $.getStruct<ValueBuilder>(ValueBuilder, this.$segment, this.$pointers + 24, 2, 1);
  }

  set defaultValue(value: ValueInit | ValueReader | null) {
    Value.set(this.$, 3, value);
  }

  hasDefaultValue(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers + 24);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownDefaultValue(): $.Orphan {
    return $.disown(this.$segment, this.$pointers + 24);
  }

  adoptDefaultValue(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers + 24, orphan, $.AdoptAs.STRUCT);
  }

  initDefaultValue(): ValueBuilder {
    return $.initStruct<ValueBuilder>(ValueBuilder, this.$segment, this.$pointers + 24, 2, 1);
  }

  /**
   * `hadExplicitDefault @10 :Bool`:
   * Whether the default was written in the source (even when it equals the type's zero
   * value). Matters to code that translates to formats with a notion of "unset".
   */
  get hadExplicitDefault(): boolean {
    return (this.$segment.view.getUint8(this.$data + 16) & 1) !== 0;
  }

  set hadExplicitDefault(value: boolean) {
    $.setBit(this.$segment.bytes, this.$data + 16, 1, value);
  }

  override $assign(value: Field_SlotInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'Field_Slot');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["offset", "type", "defaultValue", "hadExplicitDefault"], 'Field_Slot');
    let $k = '';
    try {
      if (value.offset !== undefined) { $k = 'offset'; this.offset = $.checkUInt32(value.offset); }
      if (value.type !== undefined) { $k = 'type'; this.type = value.type; }
      if (value.defaultValue !== undefined) { $k = 'defaultValue'; this.defaultValue = value.defaultValue; }
      if (value.hadExplicitDefault !== undefined) { $k = 'hadExplicitDefault'; this.hadExplicitDefault = $.checkBool(value.hadExplicitDefault); }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): Field_SlotReader {
    return new Field_SlotReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** A field that is a group: its members are described by another node. */
export type Field_Group = {
  /** The group's node. */
  typeId: bigint;
};
/** What `Field_GroupBuilder.assign` and `encode` accept for `Field_Group`: any subset of its fields. */
export type Field_GroupInit = {
  /** The group's node. */
  typeId?: bigint | number;
};

/** A field that is a group: its members are described by another node. */
export class Field_GroupReader extends $.GeneratedReader<Field_Group> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number) {
    super();
    this.$segment = segment;
    this.$view = segment.view;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$nesting = nesting;
    if (dataSize < 24) $.padDataSection(this, 24);
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): Field_GroupReader {
    return new Field_GroupReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** `typeId @7 :UInt64`: The group's node. */
  get typeId(): bigint {
    return this.$view.getBigUint64(this.$data + 16, true);
  }

  override $toObject(): Field_Group {
    return {
      typeId: this.$view.getBigUint64(this.$data + 16, true),
    };
  }
}

/** A field that is a group: its members are described by another node. */
export class Field_GroupBuilder extends $.GeneratedBuilder<Field_Group, Field_GroupInit, Field_GroupReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): Field_GroupBuilder {
    return new Field_GroupBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** `typeId @7 :UInt64`: The group's node. */
  get typeId(): bigint {
    return this.$segment.view.getBigUint64(this.$data + 16, true);
  }

  set typeId(value: bigint | number) {
    this.$segment.view.setBigUint64(this.$data + 16, $.toBigInt(value), true);
  }

  override $assign(value: Field_GroupInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'Field_Group');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["typeId"], 'Field_Group');
    let $k = '';
    try {
      if (value.typeId !== undefined) { $k = 'typeId'; this.typeId = $.checkUInt64(value.typeId); }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): Field_GroupReader {
    return new Field_GroupReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** Plain-object form of `Field.ordinal`. */
export type Field_Ordinal = (
  | { implicit: null }
  | { explicit: number }
);
/** What `Field_OrdinalBuilder.assign` and `encode` accept for `Field_Ordinal`: any subset of its fields. */
export type Field_OrdinalInit = (
  | { implicit?: null; explicit?: never }
  | { explicit?: number; implicit?: never }
);

export class Field_OrdinalReader extends $.GeneratedReader<Field_Ordinal> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number) {
    super();
    this.$segment = segment;
    this.$view = segment.view;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$nesting = nesting;
    if (dataSize < 24) $.padDataSection(this, 24);
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): Field_OrdinalReader {
    return new Field_OrdinalReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** The active member of the union (undefined for a member this code does not know). */
  which(): 'implicit' | 'explicit' | undefined {
    return $which2[this.$view.getUint16(this.$data + 10, true)];
  }

  /** `implicit @8 :Void`: For groups and unions without a number of their own. */
  get implicit(): null {
    return null;
  }

  /** `explicit @9 :UInt16`: The `@N` of the field. */
  get explicit(): number {
    return this.$view.getUint16(this.$data + 12, true);
  }

  override $toObject(): Field_Ordinal {
    const object: { [key: string]: unknown } = {};
    switch (this.$view.getUint16(this.$data + 10, true)) {
      case 0: object["implicit"] = null; break;
      case 1: object["explicit"] = this.$view.getUint16(this.$data + 12, true); break;
    }
    return object as Field_Ordinal;
  }
}

export class Field_OrdinalBuilder extends $.GeneratedBuilder<Field_Ordinal, Field_OrdinalInit, Field_OrdinalReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): Field_OrdinalBuilder {
    return new Field_OrdinalBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** The active member of the union (undefined for a member this code does not know). */
  which(): 'implicit' | 'explicit' | undefined {
    return $which2[this.$segment.view.getUint16(this.$data + 10, true)];
  }

  /** `implicit @8 :Void`: For groups and unions without a number of their own. */
  get implicit(): null {
    return null;
  }

  set implicit(value: null) {
    void value;
    this.$segment.view.setUint16(this.$data + 10, 0, true);
  }

  /** `explicit @9 :UInt16`: The `@N` of the field. */
  get explicit(): number {
    return this.$segment.view.getUint16(this.$data + 12, true);
  }

  set explicit(value: number) {
    this.$segment.view.setUint16(this.$data + 12, value, true);
    this.$segment.view.setUint16(this.$data + 10, 1, true);
  }

  override $assign(value: Field_OrdinalInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'Field_Ordinal');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["implicit", "explicit"], 'Field_Ordinal');
    let $k = '';
    try {
      $k = '';
      $.checkOneMember(value, ["implicit", "explicit"], 'Field_Ordinal');
      if (value.implicit !== undefined) { $k = 'implicit'; this.implicit = $.checkVoid(value.implicit); }
      if (value.explicit !== undefined) { $k = 'explicit'; this.explicit = $.checkUInt16(value.explicit); }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): Field_OrdinalReader {
    return new Field_OrdinalReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** `discriminantValue` of a field that is not in a union. */
export const Field_noDiscriminant: number = 65535;

/** Plain-object form of `Enumerant`. */
export type Enumerant = {
  name: string | null;
  /** The enumerant's position in the source. */
  codeOrder: number;
  annotations: Annotation[] | null;
};
/** What `EnumerantBuilder.assign` and `encode` accept for `Enumerant`: any subset of its fields. */
export type EnumerantInit = {
  name?: string | null;
  /** The enumerant's position in the source. */
  codeOrder?: number;
  annotations?: $.ListInit<AnnotationInit | AnnotationReader> | null;
};

export class EnumerantReader extends $.GeneratedReader<Enumerant> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number) {
    super();
    this.$segment = segment;
    this.$view = segment.view;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$nesting = nesting;
    if (dataSize < 8) $.padDataSection(this, 8);
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): EnumerantReader {
    return new EnumerantReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** `name @0 :Text` */
  get name(): string {
    return $.readTextAt(this.$segment, this.$slot(0), '');
  }

  hasName(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  /** `codeOrder @1 :UInt16`: The enumerant's position in the source. */
  get codeOrder(): number {
    return this.$view.getUint16(this.$data, true);
  }

  /** `annotations @2 :List(Annotation)` */
  get annotations(): $.StructList<AnnotationReader> {
    return $.readStructList(this.$segment, this.$pointers, this.$pointerCount, 1, this.$nesting, AnnotationReader);
  }

  hasAnnotations(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 1);
  }

  override $toObject(): Enumerant {
    return {
      name: $.textOrNull(this.$segment, this.$pointers, this.$pointerCount, 0),
      codeOrder: this.$view.getUint16(this.$data, true),
      annotations: $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 1) ? $.structListToObject($.readList(this.$segment, this.$pointers, this.$pointerCount, 1, $.ElementSize.INLINE_COMPOSITE, this.$nesting), AnnotationReader) as Annotation[] | null : null,
    };
  }
}

export class EnumerantBuilder extends $.GeneratedBuilder<Enumerant, EnumerantInit, EnumerantReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): EnumerantBuilder {
    return new EnumerantBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** `name @0 :Text` */
  get name(): string {
    return $.readTextAt(this.$segment, this.$pointers, '');
  }

  set name(value: string | null) {
    $.setText(this.$segment, this.$pointers, value);
  }

  hasName(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownName(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptName(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.ElementSize.BYTE);
  }

  /** New Text of `byteLength` zero bytes to fill with UTF-8 (the view is valid until the message next allocates). */
  initName(byteLength: number): Uint8Array {
    return $.initText(this.$segment, this.$pointers, byteLength);
  }

  /** `codeOrder @1 :UInt16`: The enumerant's position in the source. */
  get codeOrder(): number {
    return this.$segment.view.getUint16(this.$data, true);
  }

  set codeOrder(value: number) {
    this.$segment.view.setUint16(this.$data, value, true);
  }

  /** `annotations @2 :List(Annotation)` */
  get annotations(): $.StructListBuilder<AnnotationBuilder> {
    return $.getStructListOf(this.$segment, this.$pointers + 8, 1, 2, AnnotationBuilder);
  }

  set annotations(value: $.ListInit<AnnotationInit | AnnotationReader> | null) {
    $.assignListAt(this.$segment, this.$pointers + 8, Annotation, value);
  }

  hasAnnotations(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers + 8);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownAnnotations(): $.Orphan {
    return $.disown(this.$segment, this.$pointers + 8);
  }

  adoptAnnotations(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers + 8, orphan, $.ElementSize.INLINE_COMPOSITE);
  }

  initAnnotations(length: number): $.StructListBuilder<AnnotationBuilder> {
    return $.initStructListOf(this.$segment, this.$pointers + 8, length, 1, 2, AnnotationBuilder);
  }

  override $assign(value: EnumerantInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'Enumerant');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["name", "codeOrder", "annotations"], 'Enumerant');
    let $k = '';
    try {
      if (value.name !== undefined) { $k = 'name'; this.name = value.name; }
      if (value.codeOrder !== undefined) { $k = 'codeOrder'; this.codeOrder = $.checkUInt16(value.codeOrder); }
      if (value.annotations !== undefined) { $k = 'annotations'; this.annotations = value.annotations; }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): EnumerantReader {
    return new EnumerantReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** An interface extended by another, with the bindings of its generic parameters. */
export type Superclass = {
  id: bigint;
  brand: Brand | null;
};
/** What `SuperclassBuilder.assign` and `encode` accept for `Superclass`: any subset of its fields. */
export type SuperclassInit = {
  id?: bigint | number;
  brand?: BrandInit | BrandReader | null;
};

/** An interface extended by another, with the bindings of its generic parameters. */
export class SuperclassReader extends $.GeneratedReader<Superclass> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number) {
    super();
    this.$segment = segment;
    this.$view = segment.view;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$nesting = nesting;
    if (dataSize < 8) $.padDataSection(this, 8);
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): SuperclassReader {
    return new SuperclassReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** `id @0 :UInt64` */
  get id(): bigint {
    return this.$view.getBigUint64(this.$data, true);
  }

  /** `brand @1 :Brand` */
  get brand(): BrandReader {
    return $.structReaderAt(BrandReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null));
  }

  hasBrand(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  override $toObject(): Superclass {
    return {
      id: this.$view.getBigUint64(this.$data, true),
      brand: $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0) ? $.structReaderAt(BrandReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null)).$toObject() : null,
    };
  }
}

/** An interface extended by another, with the bindings of its generic parameters. */
export class SuperclassBuilder extends $.GeneratedBuilder<Superclass, SuperclassInit, SuperclassReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): SuperclassBuilder {
    return new SuperclassBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** `id @0 :UInt64` */
  get id(): bigint {
    return this.$segment.view.getBigUint64(this.$data, true);
  }

  set id(value: bigint | number) {
    this.$segment.view.setBigUint64(this.$data, $.toBigInt(value), true);
  }

  /** `brand @1 :Brand` */
  get brand(): BrandBuilder {
    return $.getStruct<BrandBuilder>(BrandBuilder, this.$segment, this.$pointers, 0, 1);
  }

  set brand(value: BrandInit | BrandReader | null) {
    Brand.set(this.$, 0, value);
  }

  hasBrand(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownBrand(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptBrand(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.AdoptAs.STRUCT);
  }

  initBrand(): BrandBuilder {
    return $.initStruct<BrandBuilder>(BrandBuilder, this.$segment, this.$pointers, 0, 1);
  }

  override $assign(value: SuperclassInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'Superclass');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["id", "brand"], 'Superclass');
    let $k = '';
    try {
      if (value.id !== undefined) { $k = 'id'; this.id = $.checkUInt64(value.id); }
      if (value.brand !== undefined) { $k = 'brand'; this.brand = value.brand; }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): SuperclassReader {
    return new SuperclassReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** Plain-object form of `Method`. */
export type Method = {
  name: string | null;
  /** The method's position in the source. */
  codeOrder: number;
  /** Generic parameters of the method itself (`foo @0 [T] (x :T) -> ()`). */
  implicitParameters: Node_Parameter[] | null;
  /**
   * The struct holding the parameters: usually one the compiler made for the method (whose
   * scopeId is 0), or a struct named in the source.
   */
  paramStructType: bigint;
  /** Bindings of the parameter struct's generic parameters. */
  paramBrand: Brand | null;
  /** Likewise for the results. For a `-> stream` method, stream.capnp's StreamResult. */
  resultStructType: bigint;
  resultBrand: Brand | null;
  annotations: Annotation[] | null;
};
/** What `MethodBuilder.assign` and `encode` accept for `Method`: any subset of its fields. */
export type MethodInit = {
  name?: string | null;
  /** The method's position in the source. */
  codeOrder?: number;
  /** Generic parameters of the method itself (`foo @0 [T] (x :T) -> ()`). */
  implicitParameters?: $.ListInit<Node_ParameterInit | Node_ParameterReader> | null;
  /**
   * The struct holding the parameters: usually one the compiler made for the method (whose
   * scopeId is 0), or a struct named in the source.
   */
  paramStructType?: bigint | number;
  /** Bindings of the parameter struct's generic parameters. */
  paramBrand?: BrandInit | BrandReader | null;
  /** Likewise for the results. For a `-> stream` method, stream.capnp's StreamResult. */
  resultStructType?: bigint | number;
  resultBrand?: BrandInit | BrandReader | null;
  annotations?: $.ListInit<AnnotationInit | AnnotationReader> | null;
};

export class MethodReader extends $.GeneratedReader<Method> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number) {
    super();
    this.$segment = segment;
    this.$view = segment.view;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$nesting = nesting;
    if (dataSize < 24) $.padDataSection(this, 24);
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): MethodReader {
    return new MethodReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** `name @0 :Text` */
  get name(): string {
    return $.readTextAt(this.$segment, this.$slot(0), '');
  }

  hasName(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  /** `codeOrder @1 :UInt16`: The method's position in the source. */
  get codeOrder(): number {
    return this.$view.getUint16(this.$data, true);
  }

  /** `implicitParameters @7 :List(Node.Parameter)`: Generic parameters of the method itself (`foo @0 [T] (x :T) -> ()`). */
  get implicitParameters(): $.StructList<Node_ParameterReader> {
    return $.readStructList(this.$segment, this.$pointers, this.$pointerCount, 4, this.$nesting, Node_ParameterReader);
  }

  hasImplicitParameters(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 4);
  }

  /**
   * `paramStructType @2 :UInt64`:
   * The struct holding the parameters: usually one the compiler made for the method (whose
   * scopeId is 0), or a struct named in the source.
   */
  get paramStructType(): bigint {
    return this.$view.getBigUint64(this.$data + 8, true);
  }

  /** `paramBrand @5 :Brand`: Bindings of the parameter struct's generic parameters. */
  get paramBrand(): BrandReader {
    return $.structReaderAt(BrandReader, $.locateStructAt(this.$segment, this.$slot(2), this.$nesting, null));
  }

  hasParamBrand(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 2);
  }

  /** `resultStructType @3 :UInt64`: Likewise for the results. For a `-> stream` method, stream.capnp's StreamResult. */
  get resultStructType(): bigint {
    return this.$view.getBigUint64(this.$data + 16, true);
  }

  /** `resultBrand @6 :Brand` */
  get resultBrand(): BrandReader {
    return $.structReaderAt(BrandReader, $.locateStructAt(this.$segment, this.$slot(3), this.$nesting, null));
  }

  hasResultBrand(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 3);
  }

  /** `annotations @4 :List(Annotation)` */
  get annotations(): $.StructList<AnnotationReader> {
    return $.readStructList(this.$segment, this.$pointers, this.$pointerCount, 1, this.$nesting, AnnotationReader);
  }

  hasAnnotations(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 1);
  }

  override $toObject(): Method {
    return {
      name: $.textOrNull(this.$segment, this.$pointers, this.$pointerCount, 0),
      codeOrder: this.$view.getUint16(this.$data, true),
      implicitParameters: $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 4) ? $.structListToObject($.readList(this.$segment, this.$pointers, this.$pointerCount, 4, $.ElementSize.INLINE_COMPOSITE, this.$nesting), Node_ParameterReader) as Node_Parameter[] | null : null,
      paramStructType: this.$view.getBigUint64(this.$data + 8, true),
      paramBrand: $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 2) ? $.structReaderAt(BrandReader, $.locateStructAt(this.$segment, this.$slot(2), this.$nesting, null)).$toObject() : null,
      resultStructType: this.$view.getBigUint64(this.$data + 16, true),
      resultBrand: $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 3) ? $.structReaderAt(BrandReader, $.locateStructAt(this.$segment, this.$slot(3), this.$nesting, null)).$toObject() : null,
      annotations: $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 1) ? $.structListToObject($.readList(this.$segment, this.$pointers, this.$pointerCount, 1, $.ElementSize.INLINE_COMPOSITE, this.$nesting), AnnotationReader) as Annotation[] | null : null,
    };
  }
}

export class MethodBuilder extends $.GeneratedBuilder<Method, MethodInit, MethodReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): MethodBuilder {
    return new MethodBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** `name @0 :Text` */
  get name(): string {
    return $.readTextAt(this.$segment, this.$pointers, '');
  }

  set name(value: string | null) {
    $.setText(this.$segment, this.$pointers, value);
  }

  hasName(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownName(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptName(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.ElementSize.BYTE);
  }

  /** New Text of `byteLength` zero bytes to fill with UTF-8 (the view is valid until the message next allocates). */
  initName(byteLength: number): Uint8Array {
    return $.initText(this.$segment, this.$pointers, byteLength);
  }

  /** `codeOrder @1 :UInt16`: The method's position in the source. */
  get codeOrder(): number {
    return this.$segment.view.getUint16(this.$data, true);
  }

  set codeOrder(value: number) {
    this.$segment.view.setUint16(this.$data, value, true);
  }

  /** `implicitParameters @7 :List(Node.Parameter)`: Generic parameters of the method itself (`foo @0 [T] (x :T) -> ()`). */
  get implicitParameters(): $.StructListBuilder<Node_ParameterBuilder> {
    return $.getStructListOf(this.$segment, this.$pointers + 32, 0, 1, Node_ParameterBuilder);
  }

  set implicitParameters(value: $.ListInit<Node_ParameterInit | Node_ParameterReader> | null) {
    $.assignListAt(this.$segment, this.$pointers + 32, Node_Parameter, value);
  }

  hasImplicitParameters(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers + 32);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownImplicitParameters(): $.Orphan {
    return $.disown(this.$segment, this.$pointers + 32);
  }

  adoptImplicitParameters(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers + 32, orphan, $.ElementSize.INLINE_COMPOSITE);
  }

  initImplicitParameters(length: number): $.StructListBuilder<Node_ParameterBuilder> {
    return $.initStructListOf(this.$segment, this.$pointers + 32, length, 0, 1, Node_ParameterBuilder);
  }

  /**
   * `paramStructType @2 :UInt64`:
   * The struct holding the parameters: usually one the compiler made for the method (whose
   * scopeId is 0), or a struct named in the source.
   */
  get paramStructType(): bigint {
    return this.$segment.view.getBigUint64(this.$data + 8, true);
  }

  set paramStructType(value: bigint | number) {
    this.$segment.view.setBigUint64(this.$data + 8, $.toBigInt(value), true);
  }

  /** `paramBrand @5 :Brand`: Bindings of the parameter struct's generic parameters. */
  get paramBrand(): BrandBuilder {
    return $.getStruct<BrandBuilder>(BrandBuilder, this.$segment, this.$pointers + 16, 0, 1);
  }

  set paramBrand(value: BrandInit | BrandReader | null) {
    Brand.set(this.$, 2, value);
  }

  hasParamBrand(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers + 16);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownParamBrand(): $.Orphan {
    return $.disown(this.$segment, this.$pointers + 16);
  }

  adoptParamBrand(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers + 16, orphan, $.AdoptAs.STRUCT);
  }

  initParamBrand(): BrandBuilder {
    return $.initStruct<BrandBuilder>(BrandBuilder, this.$segment, this.$pointers + 16, 0, 1);
  }

  /** `resultStructType @3 :UInt64`: Likewise for the results. For a `-> stream` method, stream.capnp's StreamResult. */
  get resultStructType(): bigint {
    return this.$segment.view.getBigUint64(this.$data + 16, true);
  }

  set resultStructType(value: bigint | number) {
    this.$segment.view.setBigUint64(this.$data + 16, $.toBigInt(value), true);
  }

  /** `resultBrand @6 :Brand` */
  get resultBrand(): BrandBuilder {
    return $.getStruct<BrandBuilder>(BrandBuilder, this.$segment, this.$pointers + 24, 0, 1);
  }

  set resultBrand(value: BrandInit | BrandReader | null) {
    Brand.set(this.$, 3, value);
  }

  hasResultBrand(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers + 24);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownResultBrand(): $.Orphan {
    return $.disown(this.$segment, this.$pointers + 24);
  }

  adoptResultBrand(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers + 24, orphan, $.AdoptAs.STRUCT);
  }

  initResultBrand(): BrandBuilder {
    return $.initStruct<BrandBuilder>(BrandBuilder, this.$segment, this.$pointers + 24, 0, 1);
  }

  /** `annotations @4 :List(Annotation)` */
  get annotations(): $.StructListBuilder<AnnotationBuilder> {
    return $.getStructListOf(this.$segment, this.$pointers + 8, 1, 2, AnnotationBuilder);
  }

  set annotations(value: $.ListInit<AnnotationInit | AnnotationReader> | null) {
    $.assignListAt(this.$segment, this.$pointers + 8, Annotation, value);
  }

  hasAnnotations(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers + 8);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownAnnotations(): $.Orphan {
    return $.disown(this.$segment, this.$pointers + 8);
  }

  adoptAnnotations(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers + 8, orphan, $.ElementSize.INLINE_COMPOSITE);
  }

  initAnnotations(length: number): $.StructListBuilder<AnnotationBuilder> {
    return $.initStructListOf(this.$segment, this.$pointers + 8, length, 1, 2, AnnotationBuilder);
  }

  override $assign(value: MethodInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'Method');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["name", "codeOrder", "implicitParameters", "paramStructType", "paramBrand", "resultStructType", "resultBrand", "annotations"], 'Method');
    let $k = '';
    try {
      if (value.name !== undefined) { $k = 'name'; this.name = value.name; }
      if (value.codeOrder !== undefined) { $k = 'codeOrder'; this.codeOrder = $.checkUInt16(value.codeOrder); }
      if (value.implicitParameters !== undefined) { $k = 'implicitParameters'; this.implicitParameters = value.implicitParameters; }
      if (value.paramStructType !== undefined) { $k = 'paramStructType'; this.paramStructType = $.checkUInt64(value.paramStructType); }
      if (value.paramBrand !== undefined) { $k = 'paramBrand'; this.paramBrand = value.paramBrand; }
      if (value.resultStructType !== undefined) { $k = 'resultStructType'; this.resultStructType = $.checkUInt64(value.resultStructType); }
      if (value.resultBrand !== undefined) { $k = 'resultBrand'; this.resultBrand = value.resultBrand; }
      if (value.annotations !== undefined) { $k = 'annotations'; this.annotations = value.annotations; }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): MethodReader {
    return new MethodReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** The type of a field, constant, annotation, list element or generic argument. */
export type Type = (
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
  | { anyPointer: Type_AnyPointer }
);
/** What `TypeBuilder.assign` and `encode` accept for `Type`: any subset of its fields. */
export type TypeInit = (
  | { void?: null; bool?: never; int8?: never; int16?: never; int32?: never; int64?: never; uint8?: never; uint16?: never; uint32?: never; uint64?: never; float32?: never; float64?: never; text?: never; data?: never; list?: never; enum?: never; struct?: never; interface?: never; anyPointer?: never }
  | { bool?: null; void?: never; int8?: never; int16?: never; int32?: never; int64?: never; uint8?: never; uint16?: never; uint32?: never; uint64?: never; float32?: never; float64?: never; text?: never; data?: never; list?: never; enum?: never; struct?: never; interface?: never; anyPointer?: never }
  | { int8?: null; void?: never; bool?: never; int16?: never; int32?: never; int64?: never; uint8?: never; uint16?: never; uint32?: never; uint64?: never; float32?: never; float64?: never; text?: never; data?: never; list?: never; enum?: never; struct?: never; interface?: never; anyPointer?: never }
  | { int16?: null; void?: never; bool?: never; int8?: never; int32?: never; int64?: never; uint8?: never; uint16?: never; uint32?: never; uint64?: never; float32?: never; float64?: never; text?: never; data?: never; list?: never; enum?: never; struct?: never; interface?: never; anyPointer?: never }
  | { int32?: null; void?: never; bool?: never; int8?: never; int16?: never; int64?: never; uint8?: never; uint16?: never; uint32?: never; uint64?: never; float32?: never; float64?: never; text?: never; data?: never; list?: never; enum?: never; struct?: never; interface?: never; anyPointer?: never }
  | { int64?: null; void?: never; bool?: never; int8?: never; int16?: never; int32?: never; uint8?: never; uint16?: never; uint32?: never; uint64?: never; float32?: never; float64?: never; text?: never; data?: never; list?: never; enum?: never; struct?: never; interface?: never; anyPointer?: never }
  | { uint8?: null; void?: never; bool?: never; int8?: never; int16?: never; int32?: never; int64?: never; uint16?: never; uint32?: never; uint64?: never; float32?: never; float64?: never; text?: never; data?: never; list?: never; enum?: never; struct?: never; interface?: never; anyPointer?: never }
  | { uint16?: null; void?: never; bool?: never; int8?: never; int16?: never; int32?: never; int64?: never; uint8?: never; uint32?: never; uint64?: never; float32?: never; float64?: never; text?: never; data?: never; list?: never; enum?: never; struct?: never; interface?: never; anyPointer?: never }
  | { uint32?: null; void?: never; bool?: never; int8?: never; int16?: never; int32?: never; int64?: never; uint8?: never; uint16?: never; uint64?: never; float32?: never; float64?: never; text?: never; data?: never; list?: never; enum?: never; struct?: never; interface?: never; anyPointer?: never }
  | { uint64?: null; void?: never; bool?: never; int8?: never; int16?: never; int32?: never; int64?: never; uint8?: never; uint16?: never; uint32?: never; float32?: never; float64?: never; text?: never; data?: never; list?: never; enum?: never; struct?: never; interface?: never; anyPointer?: never }
  | { float32?: null; void?: never; bool?: never; int8?: never; int16?: never; int32?: never; int64?: never; uint8?: never; uint16?: never; uint32?: never; uint64?: never; float64?: never; text?: never; data?: never; list?: never; enum?: never; struct?: never; interface?: never; anyPointer?: never }
  | { float64?: null; void?: never; bool?: never; int8?: never; int16?: never; int32?: never; int64?: never; uint8?: never; uint16?: never; uint32?: never; uint64?: never; float32?: never; text?: never; data?: never; list?: never; enum?: never; struct?: never; interface?: never; anyPointer?: never }
  | { text?: null; void?: never; bool?: never; int8?: never; int16?: never; int32?: never; int64?: never; uint8?: never; uint16?: never; uint32?: never; uint64?: never; float32?: never; float64?: never; data?: never; list?: never; enum?: never; struct?: never; interface?: never; anyPointer?: never }
  | { data?: null; void?: never; bool?: never; int8?: never; int16?: never; int32?: never; int64?: never; uint8?: never; uint16?: never; uint32?: never; uint64?: never; float32?: never; float64?: never; text?: never; list?: never; enum?: never; struct?: never; interface?: never; anyPointer?: never }
  | { list?: Type_ListInit; void?: never; bool?: never; int8?: never; int16?: never; int32?: never; int64?: never; uint8?: never; uint16?: never; uint32?: never; uint64?: never; float32?: never; float64?: never; text?: never; data?: never; enum?: never; struct?: never; interface?: never; anyPointer?: never }
  | { enum?: Type_EnumInit; void?: never; bool?: never; int8?: never; int16?: never; int32?: never; int64?: never; uint8?: never; uint16?: never; uint32?: never; uint64?: never; float32?: never; float64?: never; text?: never; data?: never; list?: never; struct?: never; interface?: never; anyPointer?: never }
  | { struct?: Type_StructInit; void?: never; bool?: never; int8?: never; int16?: never; int32?: never; int64?: never; uint8?: never; uint16?: never; uint32?: never; uint64?: never; float32?: never; float64?: never; text?: never; data?: never; list?: never; enum?: never; interface?: never; anyPointer?: never }
  | { interface?: Type_InterfaceInit; void?: never; bool?: never; int8?: never; int16?: never; int32?: never; int64?: never; uint8?: never; uint16?: never; uint32?: never; uint64?: never; float32?: never; float64?: never; text?: never; data?: never; list?: never; enum?: never; struct?: never; anyPointer?: never }
  | { anyPointer?: Type_AnyPointerInit; void?: never; bool?: never; int8?: never; int16?: never; int32?: never; int64?: never; uint8?: never; uint16?: never; uint32?: never; uint64?: never; float32?: never; float64?: never; text?: never; data?: never; list?: never; enum?: never; struct?: never; interface?: never }
);

/** The type of a field, constant, annotation, list element or generic argument. */
export class TypeReader extends $.GeneratedReader<Type> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number) {
    super();
    this.$segment = segment;
    this.$view = segment.view;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$nesting = nesting;
    if (dataSize < 24) $.padDataSection(this, 24);
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): TypeReader {
    return new TypeReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** The active member of the union (undefined for a member this code does not know). */
  which(): 'void' | 'bool' | 'int8' | 'int16' | 'int32' | 'int64' | 'uint8' | 'uint16' | 'uint32' | 'uint64' | 'float32' | 'float64' | 'text' | 'data' | 'list' | 'enum' | 'struct' | 'interface' | 'anyPointer' | undefined {
    return $which3[this.$view.getUint16(this.$data, true)];
  }

  /** `void @0 :Void` */
  get void(): null {
    return null;
  }

  /** `bool @1 :Void` */
  get bool(): null {
    return null;
  }

  /** `int8 @2 :Void` */
  get int8(): null {
    return null;
  }

  /** `int16 @3 :Void` */
  get int16(): null {
    return null;
  }

  /** `int32 @4 :Void` */
  get int32(): null {
    return null;
  }

  /** `int64 @5 :Void` */
  get int64(): null {
    return null;
  }

  /** `uint8 @6 :Void` */
  get uint8(): null {
    return null;
  }

  /** `uint16 @7 :Void` */
  get uint16(): null {
    return null;
  }

  /** `uint32 @8 :Void` */
  get uint32(): null {
    return null;
  }

  /** `uint64 @9 :Void` */
  get uint64(): null {
    return null;
  }

  /** `float32 @10 :Void` */
  get float32(): null {
    return null;
  }

  /** `float64 @11 :Void` */
  get float64(): null {
    return null;
  }

  /** `text @12 :Void` */
  get text(): null {
    return null;
  }

  /** `data @13 :Void` */
  get data(): null {
    return null;
  }

  /** `list :group` */
  get list(): Type_ListReader {
    return new Type_ListReader(this.$segment, this.$pointers - this.$dataSize, this.$dataSize, this.$pointers, this.$pointerCount, this.$nesting);
  }

  /** `enum :group` */
  get enum(): Type_EnumReader {
    return new Type_EnumReader(this.$segment, this.$pointers - this.$dataSize, this.$dataSize, this.$pointers, this.$pointerCount, this.$nesting);
  }

  /** `struct :group` */
  get struct(): Type_StructReader {
    return new Type_StructReader(this.$segment, this.$pointers - this.$dataSize, this.$dataSize, this.$pointers, this.$pointerCount, this.$nesting);
  }

  /** `interface :group` */
  get interface(): Type_InterfaceReader {
    return new Type_InterfaceReader(this.$segment, this.$pointers - this.$dataSize, this.$dataSize, this.$pointers, this.$pointerCount, this.$nesting);
  }

  /** `anyPointer :group`: A pointer whose target type is not fixed by the schema. */
  get anyPointer(): Type_AnyPointerReader {
    return new Type_AnyPointerReader(this.$segment, this.$pointers - this.$dataSize, this.$dataSize, this.$pointers, this.$pointerCount, this.$nesting);
  }

  override $toObject(): Type {
    const object: { [key: string]: unknown } = {};
    switch (this.$view.getUint16(this.$data, true)) {
      case 0: object["void"] = null; break;
      case 1: object["bool"] = null; break;
      case 2: object["int8"] = null; break;
      case 3: object["int16"] = null; break;
      case 4: object["int32"] = null; break;
      case 5: object["int64"] = null; break;
      case 6: object["uint8"] = null; break;
      case 7: object["uint16"] = null; break;
      case 8: object["uint32"] = null; break;
      case 9: object["uint64"] = null; break;
      case 10: object["float32"] = null; break;
      case 11: object["float64"] = null; break;
      case 12: object["text"] = null; break;
      case 13: object["data"] = null; break;
      case 14: object["list"] = new Type_ListReader(this.$segment, this.$pointers - this.$dataSize, this.$dataSize, this.$pointers, this.$pointerCount, this.$nesting).$toObject(); break;
      case 15: object["enum"] = new Type_EnumReader(this.$segment, this.$pointers - this.$dataSize, this.$dataSize, this.$pointers, this.$pointerCount, this.$nesting).$toObject(); break;
      case 16: object["struct"] = new Type_StructReader(this.$segment, this.$pointers - this.$dataSize, this.$dataSize, this.$pointers, this.$pointerCount, this.$nesting).$toObject(); break;
      case 17: object["interface"] = new Type_InterfaceReader(this.$segment, this.$pointers - this.$dataSize, this.$dataSize, this.$pointers, this.$pointerCount, this.$nesting).$toObject(); break;
      case 18: object["anyPointer"] = new Type_AnyPointerReader(this.$segment, this.$pointers - this.$dataSize, this.$dataSize, this.$pointers, this.$pointerCount, this.$nesting).$toObject(); break;
    }
    return object as Type;
  }
}

/** The type of a field, constant, annotation, list element or generic argument. */
export class TypeBuilder extends $.GeneratedBuilder<Type, TypeInit, TypeReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): TypeBuilder {
    return new TypeBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** The active member of the union (undefined for a member this code does not know). */
  which(): 'void' | 'bool' | 'int8' | 'int16' | 'int32' | 'int64' | 'uint8' | 'uint16' | 'uint32' | 'uint64' | 'float32' | 'float64' | 'text' | 'data' | 'list' | 'enum' | 'struct' | 'interface' | 'anyPointer' | undefined {
    return $which3[this.$segment.view.getUint16(this.$data, true)];
  }

  /** `void @0 :Void` */
  get void(): null {
    return null;
  }

  set void(value: null) {
    void value;
    this.$segment.view.setUint16(this.$data, 0, true);
  }

  /** `bool @1 :Void` */
  get bool(): null {
    return null;
  }

  set bool(value: null) {
    void value;
    this.$segment.view.setUint16(this.$data, 1, true);
  }

  /** `int8 @2 :Void` */
  get int8(): null {
    return null;
  }

  set int8(value: null) {
    void value;
    this.$segment.view.setUint16(this.$data, 2, true);
  }

  /** `int16 @3 :Void` */
  get int16(): null {
    return null;
  }

  set int16(value: null) {
    void value;
    this.$segment.view.setUint16(this.$data, 3, true);
  }

  /** `int32 @4 :Void` */
  get int32(): null {
    return null;
  }

  set int32(value: null) {
    void value;
    this.$segment.view.setUint16(this.$data, 4, true);
  }

  /** `int64 @5 :Void` */
  get int64(): null {
    return null;
  }

  set int64(value: null) {
    void value;
    this.$segment.view.setUint16(this.$data, 5, true);
  }

  /** `uint8 @6 :Void` */
  get uint8(): null {
    return null;
  }

  set uint8(value: null) {
    void value;
    this.$segment.view.setUint16(this.$data, 6, true);
  }

  /** `uint16 @7 :Void` */
  get uint16(): null {
    return null;
  }

  set uint16(value: null) {
    void value;
    this.$segment.view.setUint16(this.$data, 7, true);
  }

  /** `uint32 @8 :Void` */
  get uint32(): null {
    return null;
  }

  set uint32(value: null) {
    void value;
    this.$segment.view.setUint16(this.$data, 8, true);
  }

  /** `uint64 @9 :Void` */
  get uint64(): null {
    return null;
  }

  set uint64(value: null) {
    void value;
    this.$segment.view.setUint16(this.$data, 9, true);
  }

  /** `float32 @10 :Void` */
  get float32(): null {
    return null;
  }

  set float32(value: null) {
    void value;
    this.$segment.view.setUint16(this.$data, 10, true);
  }

  /** `float64 @11 :Void` */
  get float64(): null {
    return null;
  }

  set float64(value: null) {
    void value;
    this.$segment.view.setUint16(this.$data, 11, true);
  }

  /** `text @12 :Void` */
  get text(): null {
    return null;
  }

  set text(value: null) {
    void value;
    this.$segment.view.setUint16(this.$data, 12, true);
  }

  /** `data @13 :Void` */
  get data(): null {
    return null;
  }

  set data(value: null) {
    void value;
    this.$segment.view.setUint16(this.$data, 13, true);
  }

  /** `list :group` */
  get list(): Type_ListBuilder {
    return new Type_ListBuilder(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount);
  }

  set list(value: Type_ListInit) {
    $.refuseNonObject(value, 'Type_List');
    this.initList().$assign(value);
  }

  /** Makes this group the active union member, with every field zeroed. */
  initList(): Type_ListBuilder {
    this.$segment.view.setUint16(this.$data, 14, true);
    $.clearPointer(this.$segment, this.$pointers);
    return new Type_ListBuilder(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount);
  }

  /** `enum :group` */
  get enum(): Type_EnumBuilder {
    return new Type_EnumBuilder(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount);
  }

  set enum(value: Type_EnumInit) {
    $.refuseNonObject(value, 'Type_Enum');
    this.initEnum().$assign(value);
  }

  /** Makes this group the active union member, with every field zeroed. */
  initEnum(): Type_EnumBuilder {
    this.$segment.view.setUint16(this.$data, 15, true);
    this.$segment.view.setBigUint64(this.$data + 8, 0n, true);
    $.clearPointer(this.$segment, this.$pointers);
    return new Type_EnumBuilder(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount);
  }

  /** `struct :group` */
  get struct(): Type_StructBuilder {
    return new Type_StructBuilder(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount);
  }

  set struct(value: Type_StructInit) {
    $.refuseNonObject(value, 'Type_Struct');
    this.initStruct().$assign(value);
  }

  /** Makes this group the active union member, with every field zeroed. */
  initStruct(): Type_StructBuilder {
    this.$segment.view.setUint16(this.$data, 16, true);
    this.$segment.view.setBigUint64(this.$data + 8, 0n, true);
    $.clearPointer(this.$segment, this.$pointers);
    return new Type_StructBuilder(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount);
  }

  /** `interface :group` */
  get interface(): Type_InterfaceBuilder {
    return new Type_InterfaceBuilder(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount);
  }

  set interface(value: Type_InterfaceInit) {
    $.refuseNonObject(value, 'Type_Interface');
    this.initInterface().$assign(value);
  }

  /** Makes this group the active union member, with every field zeroed. */
  initInterface(): Type_InterfaceBuilder {
    this.$segment.view.setUint16(this.$data, 17, true);
    this.$segment.view.setBigUint64(this.$data + 8, 0n, true);
    $.clearPointer(this.$segment, this.$pointers);
    return new Type_InterfaceBuilder(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount);
  }

  /** `anyPointer :group`: A pointer whose target type is not fixed by the schema. */
  get anyPointer(): Type_AnyPointerBuilder {
    return new Type_AnyPointerBuilder(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount);
  }

  set anyPointer(value: Type_AnyPointerInit) {
    $.refuseNonObject(value, 'Type_AnyPointer');
    this.initAnyPointer().$assign(value);
  }

  /** Makes this group the active union member, with every field zeroed. */
  initAnyPointer(): Type_AnyPointerBuilder {
    this.$segment.view.setUint16(this.$data, 18, true);
    this.$segment.view.setUint16(this.$data + 10, 0, true);
    this.$segment.view.setBigUint64(this.$data + 16, 0n, true);
    this.$segment.view.setUint16(this.$data + 10, 0, true);
    this.$segment.view.setUint16(this.$data + 10, 0, true);
    this.$segment.view.setUint16(this.$data + 8, 0, true);
    return new Type_AnyPointerBuilder(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount);
  }

  override $assign(value: TypeInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'Type');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["void", "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float32", "float64", "text", "data", "list", "enum", "struct", "interface", "anyPointer"], 'Type');
    let $k = '';
    try {
      $k = '';
      $.checkOneMember(value, ["void", "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float32", "float64", "text", "data", "list", "enum", "struct", "interface", "anyPointer"], 'Type');
      if (value.void !== undefined) { $k = 'void'; this.void = $.checkVoid(value.void); }
      if (value.bool !== undefined) { $k = 'bool'; this.bool = $.checkVoid(value.bool); }
      if (value.int8 !== undefined) { $k = 'int8'; this.int8 = $.checkVoid(value.int8); }
      if (value.int16 !== undefined) { $k = 'int16'; this.int16 = $.checkVoid(value.int16); }
      if (value.int32 !== undefined) { $k = 'int32'; this.int32 = $.checkVoid(value.int32); }
      if (value.int64 !== undefined) { $k = 'int64'; this.int64 = $.checkVoid(value.int64); }
      if (value.uint8 !== undefined) { $k = 'uint8'; this.uint8 = $.checkVoid(value.uint8); }
      if (value.uint16 !== undefined) { $k = 'uint16'; this.uint16 = $.checkVoid(value.uint16); }
      if (value.uint32 !== undefined) { $k = 'uint32'; this.uint32 = $.checkVoid(value.uint32); }
      if (value.uint64 !== undefined) { $k = 'uint64'; this.uint64 = $.checkVoid(value.uint64); }
      if (value.float32 !== undefined) { $k = 'float32'; this.float32 = $.checkVoid(value.float32); }
      if (value.float64 !== undefined) { $k = 'float64'; this.float64 = $.checkVoid(value.float64); }
      if (value.text !== undefined) { $k = 'text'; this.text = $.checkVoid(value.text); }
      if (value.data !== undefined) { $k = 'data'; this.data = $.checkVoid(value.data); }
      if (value.list !== undefined) { $k = 'list'; this.list = value.list; }
      if (value.enum !== undefined) { $k = 'enum'; this.enum = value.enum; }
      if (value.struct !== undefined) { $k = 'struct'; this.struct = value.struct; }
      if (value.interface !== undefined) { $k = 'interface'; this.interface = value.interface; }
      if (value.anyPointer !== undefined) { $k = 'anyPointer'; this.anyPointer = value.anyPointer; }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): TypeReader {
    return new TypeReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** Plain-object form of `Type.list`. */
export type Type_List = {
  elementType: Type | null;
};
/** What `Type_ListBuilder.assign` and `encode` accept for `Type_List`: any subset of its fields. */
export type Type_ListInit = {
  elementType?: TypeInit | TypeReader | null;
};

export class Type_ListReader extends $.GeneratedReader<Type_List> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number) {
    super();
    this.$segment = segment;
    this.$view = segment.view;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$nesting = nesting;
    if (dataSize < 24) $.padDataSection(this, 24);
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): Type_ListReader {
    return new Type_ListReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** `elementType @14 :Type` */
  get elementType(): TypeReader {
    return $.structReaderAt(TypeReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null));
  }

  hasElementType(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  override $toObject(): Type_List {
    return {
      elementType: $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0) ? $.structReaderAt(TypeReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null)).$toObject() : null,
    };
  }
}

export class Type_ListBuilder extends $.GeneratedBuilder<Type_List, Type_ListInit, Type_ListReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): Type_ListBuilder {
    return new Type_ListBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** `elementType @14 :Type` */
  get elementType(): TypeBuilder {
    return $.getStruct<TypeBuilder>(TypeBuilder, this.$segment, this.$pointers, 3, 1);
  }

  set elementType(value: TypeInit | TypeReader | null) {
    Type.set(this.$, 0, value);
  }

  hasElementType(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownElementType(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptElementType(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.AdoptAs.STRUCT);
  }

  initElementType(): TypeBuilder {
    return $.initStruct<TypeBuilder>(TypeBuilder, this.$segment, this.$pointers, 3, 1);
  }

  override $assign(value: Type_ListInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'Type_List');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["elementType"], 'Type_List');
    let $k = '';
    try {
      if (value.elementType !== undefined) { $k = 'elementType'; this.elementType = value.elementType; }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): Type_ListReader {
    return new Type_ListReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** Plain-object form of `Type.enum`. */
export type Type_Enum = {
  typeId: bigint;
  brand: Brand | null;
};
/** What `Type_EnumBuilder.assign` and `encode` accept for `Type_Enum`: any subset of its fields. */
export type Type_EnumInit = {
  typeId?: bigint | number;
  brand?: BrandInit | BrandReader | null;
};

export class Type_EnumReader extends $.GeneratedReader<Type_Enum> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number) {
    super();
    this.$segment = segment;
    this.$view = segment.view;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$nesting = nesting;
    if (dataSize < 24) $.padDataSection(this, 24);
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): Type_EnumReader {
    return new Type_EnumReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** `typeId @15 :UInt64` */
  get typeId(): bigint {
    return this.$view.getBigUint64(this.$data + 8, true);
  }

  /** `brand @21 :Brand` */
  get brand(): BrandReader {
    return $.structReaderAt(BrandReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null));
  }

  hasBrand(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  override $toObject(): Type_Enum {
    return {
      typeId: this.$view.getBigUint64(this.$data + 8, true),
      brand: $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0) ? $.structReaderAt(BrandReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null)).$toObject() : null,
    };
  }
}

export class Type_EnumBuilder extends $.GeneratedBuilder<Type_Enum, Type_EnumInit, Type_EnumReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): Type_EnumBuilder {
    return new Type_EnumBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** `typeId @15 :UInt64` */
  get typeId(): bigint {
    return this.$segment.view.getBigUint64(this.$data + 8, true);
  }

  set typeId(value: bigint | number) {
    this.$segment.view.setBigUint64(this.$data + 8, $.toBigInt(value), true);
  }

  /** `brand @21 :Brand` */
  get brand(): BrandBuilder {
    return $.getStruct<BrandBuilder>(BrandBuilder, this.$segment, this.$pointers, 0, 1);
  }

  set brand(value: BrandInit | BrandReader | null) {
    Brand.set(this.$, 0, value);
  }

  hasBrand(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownBrand(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptBrand(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.AdoptAs.STRUCT);
  }

  initBrand(): BrandBuilder {
    return $.initStruct<BrandBuilder>(BrandBuilder, this.$segment, this.$pointers, 0, 1);
  }

  override $assign(value: Type_EnumInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'Type_Enum');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["typeId", "brand"], 'Type_Enum');
    let $k = '';
    try {
      if (value.typeId !== undefined) { $k = 'typeId'; this.typeId = $.checkUInt64(value.typeId); }
      if (value.brand !== undefined) { $k = 'brand'; this.brand = value.brand; }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): Type_EnumReader {
    return new Type_EnumReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** Plain-object form of `Type.struct`. */
export type Type_Struct = {
  typeId: bigint;
  brand: Brand | null;
};
/** What `Type_StructBuilder.assign` and `encode` accept for `Type_Struct`: any subset of its fields. */
export type Type_StructInit = {
  typeId?: bigint | number;
  brand?: BrandInit | BrandReader | null;
};

export class Type_StructReader extends $.GeneratedReader<Type_Struct> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number) {
    super();
    this.$segment = segment;
    this.$view = segment.view;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$nesting = nesting;
    if (dataSize < 24) $.padDataSection(this, 24);
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): Type_StructReader {
    return new Type_StructReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** `typeId @16 :UInt64` */
  get typeId(): bigint {
    return this.$view.getBigUint64(this.$data + 8, true);
  }

  /** `brand @22 :Brand` */
  get brand(): BrandReader {
    return $.structReaderAt(BrandReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null));
  }

  hasBrand(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  override $toObject(): Type_Struct {
    return {
      typeId: this.$view.getBigUint64(this.$data + 8, true),
      brand: $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0) ? $.structReaderAt(BrandReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null)).$toObject() : null,
    };
  }
}

export class Type_StructBuilder extends $.GeneratedBuilder<Type_Struct, Type_StructInit, Type_StructReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): Type_StructBuilder {
    return new Type_StructBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** `typeId @16 :UInt64` */
  get typeId(): bigint {
    return this.$segment.view.getBigUint64(this.$data + 8, true);
  }

  set typeId(value: bigint | number) {
    this.$segment.view.setBigUint64(this.$data + 8, $.toBigInt(value), true);
  }

  /** `brand @22 :Brand` */
  get brand(): BrandBuilder {
    return $.getStruct<BrandBuilder>(BrandBuilder, this.$segment, this.$pointers, 0, 1);
  }

  set brand(value: BrandInit | BrandReader | null) {
    Brand.set(this.$, 0, value);
  }

  hasBrand(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownBrand(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptBrand(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.AdoptAs.STRUCT);
  }

  initBrand(): BrandBuilder {
    return $.initStruct<BrandBuilder>(BrandBuilder, this.$segment, this.$pointers, 0, 1);
  }

  override $assign(value: Type_StructInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'Type_Struct');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["typeId", "brand"], 'Type_Struct');
    let $k = '';
    try {
      if (value.typeId !== undefined) { $k = 'typeId'; this.typeId = $.checkUInt64(value.typeId); }
      if (value.brand !== undefined) { $k = 'brand'; this.brand = value.brand; }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): Type_StructReader {
    return new Type_StructReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** Plain-object form of `Type.interface`. */
export type Type_Interface = {
  typeId: bigint;
  brand: Brand | null;
};
/** What `Type_InterfaceBuilder.assign` and `encode` accept for `Type_Interface`: any subset of its fields. */
export type Type_InterfaceInit = {
  typeId?: bigint | number;
  brand?: BrandInit | BrandReader | null;
};

export class Type_InterfaceReader extends $.GeneratedReader<Type_Interface> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number) {
    super();
    this.$segment = segment;
    this.$view = segment.view;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$nesting = nesting;
    if (dataSize < 24) $.padDataSection(this, 24);
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): Type_InterfaceReader {
    return new Type_InterfaceReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** `typeId @17 :UInt64` */
  get typeId(): bigint {
    return this.$view.getBigUint64(this.$data + 8, true);
  }

  /** `brand @23 :Brand` */
  get brand(): BrandReader {
    return $.structReaderAt(BrandReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null));
  }

  hasBrand(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  override $toObject(): Type_Interface {
    return {
      typeId: this.$view.getBigUint64(this.$data + 8, true),
      brand: $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0) ? $.structReaderAt(BrandReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null)).$toObject() : null,
    };
  }
}

export class Type_InterfaceBuilder extends $.GeneratedBuilder<Type_Interface, Type_InterfaceInit, Type_InterfaceReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): Type_InterfaceBuilder {
    return new Type_InterfaceBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** `typeId @17 :UInt64` */
  get typeId(): bigint {
    return this.$segment.view.getBigUint64(this.$data + 8, true);
  }

  set typeId(value: bigint | number) {
    this.$segment.view.setBigUint64(this.$data + 8, $.toBigInt(value), true);
  }

  /** `brand @23 :Brand` */
  get brand(): BrandBuilder {
    return $.getStruct<BrandBuilder>(BrandBuilder, this.$segment, this.$pointers, 0, 1);
  }

  set brand(value: BrandInit | BrandReader | null) {
    Brand.set(this.$, 0, value);
  }

  hasBrand(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownBrand(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptBrand(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.AdoptAs.STRUCT);
  }

  initBrand(): BrandBuilder {
    return $.initStruct<BrandBuilder>(BrandBuilder, this.$segment, this.$pointers, 0, 1);
  }

  override $assign(value: Type_InterfaceInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'Type_Interface');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["typeId", "brand"], 'Type_Interface');
    let $k = '';
    try {
      if (value.typeId !== undefined) { $k = 'typeId'; this.typeId = $.checkUInt64(value.typeId); }
      if (value.brand !== undefined) { $k = 'brand'; this.brand = value.brand; }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): Type_InterfaceReader {
    return new Type_InterfaceReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** A pointer whose target type is not fixed by the schema. */
export type Type_AnyPointer = (
  | { unconstrained: Type_AnyPointer_Unconstrained }
  | { parameter: Type_AnyPointer_Parameter }
  | { implicitMethodParameter: Type_AnyPointer_ImplicitMethodParameter }
);
/** What `Type_AnyPointerBuilder.assign` and `encode` accept for `Type_AnyPointer`: any subset of its fields. */
export type Type_AnyPointerInit = (
  | { unconstrained?: Type_AnyPointer_UnconstrainedInit; parameter?: never; implicitMethodParameter?: never }
  | { parameter?: Type_AnyPointer_ParameterInit; unconstrained?: never; implicitMethodParameter?: never }
  | { implicitMethodParameter?: Type_AnyPointer_ImplicitMethodParameterInit; unconstrained?: never; parameter?: never }
);

/** A pointer whose target type is not fixed by the schema. */
export class Type_AnyPointerReader extends $.GeneratedReader<Type_AnyPointer> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number) {
    super();
    this.$segment = segment;
    this.$view = segment.view;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$nesting = nesting;
    if (dataSize < 24) $.padDataSection(this, 24);
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): Type_AnyPointerReader {
    return new Type_AnyPointerReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** The active member of the union (undefined for a member this code does not know). */
  which(): 'unconstrained' | 'parameter' | 'implicitMethodParameter' | undefined {
    return $which4[this.$view.getUint16(this.$data + 8, true)];
  }

  /** `unconstrained :group`: Any pointer of the given kind. */
  get unconstrained(): Type_AnyPointer_UnconstrainedReader {
    return new Type_AnyPointer_UnconstrainedReader(this.$segment, this.$pointers - this.$dataSize, this.$dataSize, this.$pointers, this.$pointerCount, this.$nesting);
  }

  /** `parameter :group`: A generic parameter: the type is whatever the parameter is bound to. */
  get parameter(): Type_AnyPointer_ParameterReader {
    return new Type_AnyPointer_ParameterReader(this.$segment, this.$pointers - this.$dataSize, this.$dataSize, this.$pointers, this.$pointerCount, this.$nesting);
  }

  /** `implicitMethodParameter :group`: A generic parameter of the method being described. */
  get implicitMethodParameter(): Type_AnyPointer_ImplicitMethodParameterReader {
    return new Type_AnyPointer_ImplicitMethodParameterReader(this.$segment, this.$pointers - this.$dataSize, this.$dataSize, this.$pointers, this.$pointerCount, this.$nesting);
  }

  override $toObject(): Type_AnyPointer {
    const object: { [key: string]: unknown } = {};
    switch (this.$view.getUint16(this.$data + 8, true)) {
      case 0: object["unconstrained"] = new Type_AnyPointer_UnconstrainedReader(this.$segment, this.$pointers - this.$dataSize, this.$dataSize, this.$pointers, this.$pointerCount, this.$nesting).$toObject(); break;
      case 1: object["parameter"] = new Type_AnyPointer_ParameterReader(this.$segment, this.$pointers - this.$dataSize, this.$dataSize, this.$pointers, this.$pointerCount, this.$nesting).$toObject(); break;
      case 2: object["implicitMethodParameter"] = new Type_AnyPointer_ImplicitMethodParameterReader(this.$segment, this.$pointers - this.$dataSize, this.$dataSize, this.$pointers, this.$pointerCount, this.$nesting).$toObject(); break;
    }
    return object as Type_AnyPointer;
  }
}

/** A pointer whose target type is not fixed by the schema. */
export class Type_AnyPointerBuilder extends $.GeneratedBuilder<Type_AnyPointer, Type_AnyPointerInit, Type_AnyPointerReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): Type_AnyPointerBuilder {
    return new Type_AnyPointerBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** The active member of the union (undefined for a member this code does not know). */
  which(): 'unconstrained' | 'parameter' | 'implicitMethodParameter' | undefined {
    return $which4[this.$segment.view.getUint16(this.$data + 8, true)];
  }

  /** `unconstrained :group`: Any pointer of the given kind. */
  get unconstrained(): Type_AnyPointer_UnconstrainedBuilder {
    return new Type_AnyPointer_UnconstrainedBuilder(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount);
  }

  set unconstrained(value: Type_AnyPointer_UnconstrainedInit) {
    $.refuseNonObject(value, 'Type_AnyPointer_Unconstrained');
    this.initUnconstrained().$assign(value);
  }

  /** Makes this group the active union member, with every field zeroed. */
  initUnconstrained(): Type_AnyPointer_UnconstrainedBuilder {
    this.$segment.view.setUint16(this.$data + 8, 0, true);
    this.$segment.view.setUint16(this.$data + 10, 0, true);
    return new Type_AnyPointer_UnconstrainedBuilder(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount);
  }

  /** `parameter :group`: A generic parameter: the type is whatever the parameter is bound to. */
  get parameter(): Type_AnyPointer_ParameterBuilder {
    return new Type_AnyPointer_ParameterBuilder(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount);
  }

  set parameter(value: Type_AnyPointer_ParameterInit) {
    $.refuseNonObject(value, 'Type_AnyPointer_Parameter');
    this.initParameter().$assign(value);
  }

  /** Makes this group the active union member, with every field zeroed. */
  initParameter(): Type_AnyPointer_ParameterBuilder {
    this.$segment.view.setUint16(this.$data + 8, 1, true);
    this.$segment.view.setBigUint64(this.$data + 16, 0n, true);
    this.$segment.view.setUint16(this.$data + 10, 0, true);
    return new Type_AnyPointer_ParameterBuilder(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount);
  }

  /** `implicitMethodParameter :group`: A generic parameter of the method being described. */
  get implicitMethodParameter(): Type_AnyPointer_ImplicitMethodParameterBuilder {
    return new Type_AnyPointer_ImplicitMethodParameterBuilder(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount);
  }

  set implicitMethodParameter(value: Type_AnyPointer_ImplicitMethodParameterInit) {
    $.refuseNonObject(value, 'Type_AnyPointer_ImplicitMethodParameter');
    this.initImplicitMethodParameter().$assign(value);
  }

  /** Makes this group the active union member, with every field zeroed. */
  initImplicitMethodParameter(): Type_AnyPointer_ImplicitMethodParameterBuilder {
    this.$segment.view.setUint16(this.$data + 8, 2, true);
    this.$segment.view.setUint16(this.$data + 10, 0, true);
    return new Type_AnyPointer_ImplicitMethodParameterBuilder(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount);
  }

  override $assign(value: Type_AnyPointerInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'Type_AnyPointer');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["unconstrained", "parameter", "implicitMethodParameter"], 'Type_AnyPointer');
    let $k = '';
    try {
      $k = '';
      $.checkOneMember(value, ["unconstrained", "parameter", "implicitMethodParameter"], 'Type_AnyPointer');
      if (value.unconstrained !== undefined) { $k = 'unconstrained'; this.unconstrained = value.unconstrained; }
      if (value.parameter !== undefined) { $k = 'parameter'; this.parameter = value.parameter; }
      if (value.implicitMethodParameter !== undefined) { $k = 'implicitMethodParameter'; this.implicitMethodParameter = value.implicitMethodParameter; }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): Type_AnyPointerReader {
    return new Type_AnyPointerReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** Any pointer of the given kind. */
export type Type_AnyPointer_Unconstrained = (
  | { anyKind: null }
  | { struct: null }
  | { list: null }
  | { capability: null }
);
/** What `Type_AnyPointer_UnconstrainedBuilder.assign` and `encode` accept for `Type_AnyPointer_Unconstrained`: any subset of its fields. */
export type Type_AnyPointer_UnconstrainedInit = (
  | { anyKind?: null; struct?: never; list?: never; capability?: never }
  | { struct?: null; anyKind?: never; list?: never; capability?: never }
  | { list?: null; anyKind?: never; struct?: never; capability?: never }
  | { capability?: null; anyKind?: never; struct?: never; list?: never }
);

/** Any pointer of the given kind. */
export class Type_AnyPointer_UnconstrainedReader extends $.GeneratedReader<Type_AnyPointer_Unconstrained> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number) {
    super();
    this.$segment = segment;
    this.$view = segment.view;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$nesting = nesting;
    if (dataSize < 24) $.padDataSection(this, 24);
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): Type_AnyPointer_UnconstrainedReader {
    return new Type_AnyPointer_UnconstrainedReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** The active member of the union (undefined for a member this code does not know). */
  which(): 'anyKind' | 'struct' | 'list' | 'capability' | undefined {
    return $which5[this.$view.getUint16(this.$data + 10, true)];
  }

  /** `anyKind @18 :Void`: AnyPointer: anything. */
  get anyKind(): null {
    return null;
  }

  /** `struct @25 :Void`: AnyStruct. */
  get struct(): null {
    return null;
  }

  /** `list @26 :Void`: AnyList. */
  get list(): null {
    return null;
  }

  /** `capability @27 :Void`: Capability: any interface. */
  get capability(): null {
    return null;
  }

  override $toObject(): Type_AnyPointer_Unconstrained {
    const object: { [key: string]: unknown } = {};
    switch (this.$view.getUint16(this.$data + 10, true)) {
      case 0: object["anyKind"] = null; break;
      case 1: object["struct"] = null; break;
      case 2: object["list"] = null; break;
      case 3: object["capability"] = null; break;
    }
    return object as Type_AnyPointer_Unconstrained;
  }
}

/** Any pointer of the given kind. */
export class Type_AnyPointer_UnconstrainedBuilder extends $.GeneratedBuilder<Type_AnyPointer_Unconstrained, Type_AnyPointer_UnconstrainedInit, Type_AnyPointer_UnconstrainedReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): Type_AnyPointer_UnconstrainedBuilder {
    return new Type_AnyPointer_UnconstrainedBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** The active member of the union (undefined for a member this code does not know). */
  which(): 'anyKind' | 'struct' | 'list' | 'capability' | undefined {
    return $which5[this.$segment.view.getUint16(this.$data + 10, true)];
  }

  /** `anyKind @18 :Void`: AnyPointer: anything. */
  get anyKind(): null {
    return null;
  }

  set anyKind(value: null) {
    void value;
    this.$segment.view.setUint16(this.$data + 10, 0, true);
  }

  /** `struct @25 :Void`: AnyStruct. */
  get struct(): null {
    return null;
  }

  set struct(value: null) {
    void value;
    this.$segment.view.setUint16(this.$data + 10, 1, true);
  }

  /** `list @26 :Void`: AnyList. */
  get list(): null {
    return null;
  }

  set list(value: null) {
    void value;
    this.$segment.view.setUint16(this.$data + 10, 2, true);
  }

  /** `capability @27 :Void`: Capability: any interface. */
  get capability(): null {
    return null;
  }

  set capability(value: null) {
    void value;
    this.$segment.view.setUint16(this.$data + 10, 3, true);
  }

  override $assign(value: Type_AnyPointer_UnconstrainedInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'Type_AnyPointer_Unconstrained');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["anyKind", "struct", "list", "capability"], 'Type_AnyPointer_Unconstrained');
    let $k = '';
    try {
      $k = '';
      $.checkOneMember(value, ["anyKind", "struct", "list", "capability"], 'Type_AnyPointer_Unconstrained');
      if (value.anyKind !== undefined) { $k = 'anyKind'; this.anyKind = $.checkVoid(value.anyKind); }
      if (value.struct !== undefined) { $k = 'struct'; this.struct = $.checkVoid(value.struct); }
      if (value.list !== undefined) { $k = 'list'; this.list = $.checkVoid(value.list); }
      if (value.capability !== undefined) { $k = 'capability'; this.capability = $.checkVoid(value.capability); }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): Type_AnyPointer_UnconstrainedReader {
    return new Type_AnyPointer_UnconstrainedReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** A generic parameter: the type is whatever the parameter is bound to. */
export type Type_AnyPointer_Parameter = {
  /** The node declaring the parameter. */
  scopeId: bigint;
  /** Its position in that node's parameter list. */
  parameterIndex: number;
};
/** What `Type_AnyPointer_ParameterBuilder.assign` and `encode` accept for `Type_AnyPointer_Parameter`: any subset of its fields. */
export type Type_AnyPointer_ParameterInit = {
  /** The node declaring the parameter. */
  scopeId?: bigint | number;
  /** Its position in that node's parameter list. */
  parameterIndex?: number;
};

/** A generic parameter: the type is whatever the parameter is bound to. */
export class Type_AnyPointer_ParameterReader extends $.GeneratedReader<Type_AnyPointer_Parameter> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number) {
    super();
    this.$segment = segment;
    this.$view = segment.view;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$nesting = nesting;
    if (dataSize < 24) $.padDataSection(this, 24);
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): Type_AnyPointer_ParameterReader {
    return new Type_AnyPointer_ParameterReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** `scopeId @19 :UInt64`: The node declaring the parameter. */
  get scopeId(): bigint {
    return this.$view.getBigUint64(this.$data + 16, true);
  }

  /** `parameterIndex @20 :UInt16`: Its position in that node's parameter list. */
  get parameterIndex(): number {
    return this.$view.getUint16(this.$data + 10, true);
  }

  override $toObject(): Type_AnyPointer_Parameter {
    return {
      scopeId: this.$view.getBigUint64(this.$data + 16, true),
      parameterIndex: this.$view.getUint16(this.$data + 10, true),
    };
  }
}

/** A generic parameter: the type is whatever the parameter is bound to. */
export class Type_AnyPointer_ParameterBuilder extends $.GeneratedBuilder<Type_AnyPointer_Parameter, Type_AnyPointer_ParameterInit, Type_AnyPointer_ParameterReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): Type_AnyPointer_ParameterBuilder {
    return new Type_AnyPointer_ParameterBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** `scopeId @19 :UInt64`: The node declaring the parameter. */
  get scopeId(): bigint {
    return this.$segment.view.getBigUint64(this.$data + 16, true);
  }

  set scopeId(value: bigint | number) {
    this.$segment.view.setBigUint64(this.$data + 16, $.toBigInt(value), true);
  }

  /** `parameterIndex @20 :UInt16`: Its position in that node's parameter list. */
  get parameterIndex(): number {
    return this.$segment.view.getUint16(this.$data + 10, true);
  }

  set parameterIndex(value: number) {
    this.$segment.view.setUint16(this.$data + 10, value, true);
  }

  override $assign(value: Type_AnyPointer_ParameterInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'Type_AnyPointer_Parameter');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["scopeId", "parameterIndex"], 'Type_AnyPointer_Parameter');
    let $k = '';
    try {
      if (value.scopeId !== undefined) { $k = 'scopeId'; this.scopeId = $.checkUInt64(value.scopeId); }
      if (value.parameterIndex !== undefined) { $k = 'parameterIndex'; this.parameterIndex = $.checkUInt16(value.parameterIndex); }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): Type_AnyPointer_ParameterReader {
    return new Type_AnyPointer_ParameterReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** A generic parameter of the method being described. */
export type Type_AnyPointer_ImplicitMethodParameter = {
  parameterIndex: number;
};
/** What `Type_AnyPointer_ImplicitMethodParameterBuilder.assign` and `encode` accept for `Type_AnyPointer_ImplicitMethodParameter`: any subset of its fields. */
export type Type_AnyPointer_ImplicitMethodParameterInit = {
  parameterIndex?: number;
};

/** A generic parameter of the method being described. */
export class Type_AnyPointer_ImplicitMethodParameterReader extends $.GeneratedReader<Type_AnyPointer_ImplicitMethodParameter> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number) {
    super();
    this.$segment = segment;
    this.$view = segment.view;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$nesting = nesting;
    if (dataSize < 24) $.padDataSection(this, 24);
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): Type_AnyPointer_ImplicitMethodParameterReader {
    return new Type_AnyPointer_ImplicitMethodParameterReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** `parameterIndex @24 :UInt16` */
  get parameterIndex(): number {
    return this.$view.getUint16(this.$data + 10, true);
  }

  override $toObject(): Type_AnyPointer_ImplicitMethodParameter {
    return {
      parameterIndex: this.$view.getUint16(this.$data + 10, true),
    };
  }
}

/** A generic parameter of the method being described. */
export class Type_AnyPointer_ImplicitMethodParameterBuilder extends $.GeneratedBuilder<Type_AnyPointer_ImplicitMethodParameter, Type_AnyPointer_ImplicitMethodParameterInit, Type_AnyPointer_ImplicitMethodParameterReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): Type_AnyPointer_ImplicitMethodParameterBuilder {
    return new Type_AnyPointer_ImplicitMethodParameterBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** `parameterIndex @24 :UInt16` */
  get parameterIndex(): number {
    return this.$segment.view.getUint16(this.$data + 10, true);
  }

  set parameterIndex(value: number) {
    this.$segment.view.setUint16(this.$data + 10, value, true);
  }

  override $assign(value: Type_AnyPointer_ImplicitMethodParameterInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'Type_AnyPointer_ImplicitMethodParameter');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["parameterIndex"], 'Type_AnyPointer_ImplicitMethodParameter');
    let $k = '';
    try {
      if (value.parameterIndex !== undefined) { $k = 'parameterIndex'; this.parameterIndex = $.checkUInt16(value.parameterIndex); }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): Type_AnyPointer_ImplicitMethodParameterReader {
    return new Type_AnyPointer_ImplicitMethodParameterReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/**
 * What the generic parameters of a type and of its enclosing scopes are bound to, where the
 * type is used. Scopes not listed have their parameters bound to AnyPointer.
 */
export type Brand = {
  /** One entry per bound scope, innermost first. */
  scopes: Brand_Scope[] | null;
};
/** What `BrandBuilder.assign` and `encode` accept for `Brand`: any subset of its fields. */
export type BrandInit = {
  /** One entry per bound scope, innermost first. */
  scopes?: $.ListInit<Brand_ScopeInit | Brand_ScopeReader> | null;
};

/**
 * What the generic parameters of a type and of its enclosing scopes are bound to, where the
 * type is used. Scopes not listed have their parameters bound to AnyPointer.
 */
export class BrandReader extends $.GeneratedReader<Brand> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$nesting = nesting;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): BrandReader {
    return new BrandReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** `scopes @0 :List(Brand.Scope)`: One entry per bound scope, innermost first. */
  get scopes(): $.StructList<Brand_ScopeReader> {
    return $.readStructList(this.$segment, this.$pointers, this.$pointerCount, 0, this.$nesting, Brand_ScopeReader);
  }

  hasScopes(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  override $toObject(): Brand {
    return {
      scopes: $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0) ? $.structListToObject($.readList(this.$segment, this.$pointers, this.$pointerCount, 0, $.ElementSize.INLINE_COMPOSITE, this.$nesting), Brand_ScopeReader) as Brand_Scope[] | null : null,
    };
  }
}

/**
 * What the generic parameters of a type and of its enclosing scopes are bound to, where the
 * type is used. Scopes not listed have their parameters bound to AnyPointer.
 */
export class BrandBuilder extends $.GeneratedBuilder<Brand, BrandInit, BrandReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): BrandBuilder {
    return new BrandBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** `scopes @0 :List(Brand.Scope)`: One entry per bound scope, innermost first. */
  get scopes(): $.StructListBuilder<Brand_ScopeBuilder> {
    return $.getStructListOf(this.$segment, this.$pointers, 2, 1, Brand_ScopeBuilder);
  }

  set scopes(value: $.ListInit<Brand_ScopeInit | Brand_ScopeReader> | null) {
    $.assignListAt(this.$segment, this.$pointers, Brand_Scope, value);
  }

  hasScopes(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownScopes(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptScopes(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.ElementSize.INLINE_COMPOSITE);
  }

  initScopes(length: number): $.StructListBuilder<Brand_ScopeBuilder> {
    return $.initStructListOf(this.$segment, this.$pointers, length, 2, 1, Brand_ScopeBuilder);
  }

  override $assign(value: BrandInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'Brand');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["scopes"], 'Brand');
    let $k = '';
    try {
      if (value.scopes !== undefined) { $k = 'scopes'; this.scopes = value.scopes; }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): BrandReader {
    return new BrandReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** Plain-object form of `Brand.Scope`. */
export type Brand_Scope = {
  /** The node whose parameters these bindings are for. */
  scopeId: bigint;
} & (
  | { bind: Brand_Binding[] | null }
  | { inherit: null }
);
/** What `Brand_ScopeBuilder.assign` and `encode` accept for `Brand_Scope`: any subset of its fields. */
export type Brand_ScopeInit = {
  /** The node whose parameters these bindings are for. */
  scopeId?: bigint | number;
} & (
  | { bind?: $.ListInit<Brand_BindingInit | Brand_BindingReader> | null; inherit?: never }
  | { inherit?: null; bind?: never }
);

export class Brand_ScopeReader extends $.GeneratedReader<Brand_Scope> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number) {
    super();
    this.$segment = segment;
    this.$view = segment.view;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$nesting = nesting;
    if (dataSize < 16) $.padDataSection(this, 16);
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): Brand_ScopeReader {
    return new Brand_ScopeReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** The active member of the union (undefined for a member this code does not know). */
  which(): 'bind' | 'inherit' | undefined {
    return $which6[this.$view.getUint16(this.$data + 8, true)];
  }

  /** `scopeId @0 :UInt64`: The node whose parameters these bindings are for. */
  get scopeId(): bigint {
    return this.$view.getBigUint64(this.$data, true);
  }

  /** `bind @1 :List(Brand.Binding)`: The arguments, one per parameter. */
  get bind(): $.StructList<Brand_BindingReader> {
    return $.readStructList(this.$segment, this.$pointers, this.$pointerCount, 0, this.$nesting, Brand_BindingReader);
  }

  hasBind(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  /**
   * `inherit @2 :Void`:
   * The parameters keep the bindings of the context the type is used in (a generic type
   * referring to itself, or to a sibling, from inside its own scope).
   */
  get inherit(): null {
    return null;
  }

  override $toObject(): Brand_Scope {
    const object: { [key: string]: unknown } = {
      scopeId: this.$view.getBigUint64(this.$data, true),
    };
    switch (this.$view.getUint16(this.$data + 8, true)) {
      case 0: object["bind"] = $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0) ? $.structListToObject($.readList(this.$segment, this.$pointers, this.$pointerCount, 0, $.ElementSize.INLINE_COMPOSITE, this.$nesting), Brand_BindingReader) as Brand_Binding[] | null : null; break;
      case 1: object["inherit"] = null; break;
    }
    return object as Brand_Scope;
  }
}

export class Brand_ScopeBuilder extends $.GeneratedBuilder<Brand_Scope, Brand_ScopeInit, Brand_ScopeReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): Brand_ScopeBuilder {
    return new Brand_ScopeBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** The active member of the union (undefined for a member this code does not know). */
  which(): 'bind' | 'inherit' | undefined {
    return $which6[this.$segment.view.getUint16(this.$data + 8, true)];
  }

  /** `scopeId @0 :UInt64`: The node whose parameters these bindings are for. */
  get scopeId(): bigint {
    return this.$segment.view.getBigUint64(this.$data, true);
  }

  set scopeId(value: bigint | number) {
    this.$segment.view.setBigUint64(this.$data, $.toBigInt(value), true);
  }

  /** `bind @1 :List(Brand.Binding)`: The arguments, one per parameter. */
  get bind(): $.StructListBuilder<Brand_BindingBuilder> {
    return $.getStructListOf(this.$segment, this.$pointers, 1, 1, Brand_BindingBuilder);
  }

  set bind(value: $.ListInit<Brand_BindingInit | Brand_BindingReader> | null) {
    $.assignListAt(this.$segment, this.$pointers, Brand_Binding, value);
    this.$segment.view.setUint16(this.$data + 8, 0, true);
  }

  hasBind(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownBind(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptBind(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.ElementSize.INLINE_COMPOSITE);
    this.$segment.view.setUint16(this.$data + 8, 0, true);
  }

  initBind(length: number): $.StructListBuilder<Brand_BindingBuilder> {
    const $value = $.initStructListOf(this.$segment, this.$pointers, length, 1, 1, Brand_BindingBuilder);
    this.$segment.view.setUint16(this.$data + 8, 0, true);
    return $value;
  }

  /**
   * `inherit @2 :Void`:
   * The parameters keep the bindings of the context the type is used in (a generic type
   * referring to itself, or to a sibling, from inside its own scope).
   */
  get inherit(): null {
    return null;
  }

  set inherit(value: null) {
    void value;
    this.$segment.view.setUint16(this.$data + 8, 1, true);
  }

  override $assign(value: Brand_ScopeInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'Brand_Scope');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["scopeId", "bind", "inherit"], 'Brand_Scope');
    let $k = '';
    try {
      if (value.scopeId !== undefined) { $k = 'scopeId'; this.scopeId = $.checkUInt64(value.scopeId); }
      $k = '';
      $.checkOneMember(value, ["bind", "inherit"], 'Brand_Scope');
      if (value.bind !== undefined) { $k = 'bind'; this.bind = value.bind; }
      if (value.inherit !== undefined) { $k = 'inherit'; this.inherit = $.checkVoid(value.inherit); }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): Brand_ScopeReader {
    return new Brand_ScopeReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** Plain-object form of `Brand.Binding`. */
export type Brand_Binding = (
  | { unbound: null }
  | { type: Type | null }
);
/** What `Brand_BindingBuilder.assign` and `encode` accept for `Brand_Binding`: any subset of its fields. */
export type Brand_BindingInit = (
  | { unbound?: null; type?: never }
  | { type?: TypeInit | TypeReader | null; unbound?: never }
);

export class Brand_BindingReader extends $.GeneratedReader<Brand_Binding> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number) {
    super();
    this.$segment = segment;
    this.$view = segment.view;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$nesting = nesting;
    if (dataSize < 8) $.padDataSection(this, 8);
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): Brand_BindingReader {
    return new Brand_BindingReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** The active member of the union (undefined for a member this code does not know). */
  which(): 'unbound' | 'type' | undefined {
    return $which7[this.$view.getUint16(this.$data, true)];
  }

  /** `unbound @0 :Void` */
  get unbound(): null {
    return null;
  }

  /** `type @1 :Type` */
  get type(): TypeReader {
    return $.structReaderAt(TypeReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null));
  }

  hasType(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  override $toObject(): Brand_Binding {
    const object: { [key: string]: unknown } = {};
    switch (this.$view.getUint16(this.$data, true)) {
      case 0: object["unbound"] = null; break;
      case 1: object["type"] = $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0) ? $.structReaderAt(TypeReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null)).$toObject() : null; break;
    }
    return object as Brand_Binding;
  }
}

export class Brand_BindingBuilder extends $.GeneratedBuilder<Brand_Binding, Brand_BindingInit, Brand_BindingReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): Brand_BindingBuilder {
    return new Brand_BindingBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** The active member of the union (undefined for a member this code does not know). */
  which(): 'unbound' | 'type' | undefined {
    return $which7[this.$segment.view.getUint16(this.$data, true)];
  }

  /** `unbound @0 :Void` */
  get unbound(): null {
    return null;
  }

  set unbound(value: null) {
    void value;
    this.$segment.view.setUint16(this.$data, 0, true);
  }

  /** `type @1 :Type` */
  get type(): TypeBuilder {
    return $.getStruct<TypeBuilder>(TypeBuilder, this.$segment, this.$pointers, 3, 1);
  }

  set type(value: TypeInit | TypeReader | null) {
    Type.set(this.$, 0, value);
    this.$segment.view.setUint16(this.$data, 1, true);
  }

  hasType(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownType(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptType(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.AdoptAs.STRUCT);
    this.$segment.view.setUint16(this.$data, 1, true);
  }

  initType(): TypeBuilder {
    this.$segment.view.setUint16(this.$data, 1, true);
    return $.initStruct<TypeBuilder>(TypeBuilder, this.$segment, this.$pointers, 3, 1);
  }

  override $assign(value: Brand_BindingInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'Brand_Binding');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["unbound", "type"], 'Brand_Binding');
    let $k = '';
    try {
      $k = '';
      $.checkOneMember(value, ["unbound", "type"], 'Brand_Binding');
      if (value.unbound !== undefined) { $k = 'unbound'; this.unbound = $.checkVoid(value.unbound); }
      if (value.type !== undefined) { $k = 'type'; this.type = value.type; }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): Brand_BindingReader {
    return new Brand_BindingReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/**
 * A constant value: a default, a constant's value, or an annotation's value. The member set
 * matches the type's.
 */
export type Value = (
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
  | { list: $.ListReader | null }
  | { enum: number }
  | { struct: $.StructReader | null }
  | { interface: null }
  | { anyPointer: $.AnyPointerReader | null }
);
/** What `ValueBuilder.assign` and `encode` accept for `Value`: any subset of its fields. */
export type ValueInit = (
  | { void?: null; bool?: never; int8?: never; int16?: never; int32?: never; int64?: never; uint8?: never; uint16?: never; uint32?: never; uint64?: never; float32?: never; float64?: never; text?: never; data?: never; list?: never; enum?: never; struct?: never; interface?: never; anyPointer?: never }
  | { bool?: boolean; void?: never; int8?: never; int16?: never; int32?: never; int64?: never; uint8?: never; uint16?: never; uint32?: never; uint64?: never; float32?: never; float64?: never; text?: never; data?: never; list?: never; enum?: never; struct?: never; interface?: never; anyPointer?: never }
  | { int8?: number; void?: never; bool?: never; int16?: never; int32?: never; int64?: never; uint8?: never; uint16?: never; uint32?: never; uint64?: never; float32?: never; float64?: never; text?: never; data?: never; list?: never; enum?: never; struct?: never; interface?: never; anyPointer?: never }
  | { int16?: number; void?: never; bool?: never; int8?: never; int32?: never; int64?: never; uint8?: never; uint16?: never; uint32?: never; uint64?: never; float32?: never; float64?: never; text?: never; data?: never; list?: never; enum?: never; struct?: never; interface?: never; anyPointer?: never }
  | { int32?: number; void?: never; bool?: never; int8?: never; int16?: never; int64?: never; uint8?: never; uint16?: never; uint32?: never; uint64?: never; float32?: never; float64?: never; text?: never; data?: never; list?: never; enum?: never; struct?: never; interface?: never; anyPointer?: never }
  | { int64?: bigint | number; void?: never; bool?: never; int8?: never; int16?: never; int32?: never; uint8?: never; uint16?: never; uint32?: never; uint64?: never; float32?: never; float64?: never; text?: never; data?: never; list?: never; enum?: never; struct?: never; interface?: never; anyPointer?: never }
  | { uint8?: number; void?: never; bool?: never; int8?: never; int16?: never; int32?: never; int64?: never; uint16?: never; uint32?: never; uint64?: never; float32?: never; float64?: never; text?: never; data?: never; list?: never; enum?: never; struct?: never; interface?: never; anyPointer?: never }
  | { uint16?: number; void?: never; bool?: never; int8?: never; int16?: never; int32?: never; int64?: never; uint8?: never; uint32?: never; uint64?: never; float32?: never; float64?: never; text?: never; data?: never; list?: never; enum?: never; struct?: never; interface?: never; anyPointer?: never }
  | { uint32?: number; void?: never; bool?: never; int8?: never; int16?: never; int32?: never; int64?: never; uint8?: never; uint16?: never; uint64?: never; float32?: never; float64?: never; text?: never; data?: never; list?: never; enum?: never; struct?: never; interface?: never; anyPointer?: never }
  | { uint64?: bigint | number; void?: never; bool?: never; int8?: never; int16?: never; int32?: never; int64?: never; uint8?: never; uint16?: never; uint32?: never; float32?: never; float64?: never; text?: never; data?: never; list?: never; enum?: never; struct?: never; interface?: never; anyPointer?: never }
  | { float32?: number; void?: never; bool?: never; int8?: never; int16?: never; int32?: never; int64?: never; uint8?: never; uint16?: never; uint32?: never; uint64?: never; float64?: never; text?: never; data?: never; list?: never; enum?: never; struct?: never; interface?: never; anyPointer?: never }
  | { float64?: number; void?: never; bool?: never; int8?: never; int16?: never; int32?: never; int64?: never; uint8?: never; uint16?: never; uint32?: never; uint64?: never; float32?: never; text?: never; data?: never; list?: never; enum?: never; struct?: never; interface?: never; anyPointer?: never }
  | { text?: string | null; void?: never; bool?: never; int8?: never; int16?: never; int32?: never; int64?: never; uint8?: never; uint16?: never; uint32?: never; uint64?: never; float32?: never; float64?: never; data?: never; list?: never; enum?: never; struct?: never; interface?: never; anyPointer?: never }
  | { data?: Uint8Array | null; void?: never; bool?: never; int8?: never; int16?: never; int32?: never; int64?: never; uint8?: never; uint16?: never; uint32?: never; uint64?: never; float32?: never; float64?: never; text?: never; list?: never; enum?: never; struct?: never; interface?: never; anyPointer?: never }
  | { list?: $.AnyValue | null; void?: never; bool?: never; int8?: never; int16?: never; int32?: never; int64?: never; uint8?: never; uint16?: never; uint32?: never; uint64?: never; float32?: never; float64?: never; text?: never; data?: never; enum?: never; struct?: never; interface?: never; anyPointer?: never }
  | { enum?: number; void?: never; bool?: never; int8?: never; int16?: never; int32?: never; int64?: never; uint8?: never; uint16?: never; uint32?: never; uint64?: never; float32?: never; float64?: never; text?: never; data?: never; list?: never; struct?: never; interface?: never; anyPointer?: never }
  | { struct?: $.AnyValue | null; void?: never; bool?: never; int8?: never; int16?: never; int32?: never; int64?: never; uint8?: never; uint16?: never; uint32?: never; uint64?: never; float32?: never; float64?: never; text?: never; data?: never; list?: never; enum?: never; interface?: never; anyPointer?: never }
  | { interface?: null; void?: never; bool?: never; int8?: never; int16?: never; int32?: never; int64?: never; uint8?: never; uint16?: never; uint32?: never; uint64?: never; float32?: never; float64?: never; text?: never; data?: never; list?: never; enum?: never; struct?: never; anyPointer?: never }
  | { anyPointer?: $.AnyValue | null; void?: never; bool?: never; int8?: never; int16?: never; int32?: never; int64?: never; uint8?: never; uint16?: never; uint32?: never; uint64?: never; float32?: never; float64?: never; text?: never; data?: never; list?: never; enum?: never; struct?: never; interface?: never }
);

/**
 * A constant value: a default, a constant's value, or an annotation's value. The member set
 * matches the type's.
 */
export class ValueReader extends $.GeneratedReader<Value> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number) {
    super();
    this.$segment = segment;
    this.$view = segment.view;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$nesting = nesting;
    if (dataSize < 16) $.padDataSection(this, 16);
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): ValueReader {
    return new ValueReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** The active member of the union (undefined for a member this code does not know). */
  which(): 'void' | 'bool' | 'int8' | 'int16' | 'int32' | 'int64' | 'uint8' | 'uint16' | 'uint32' | 'uint64' | 'float32' | 'float64' | 'text' | 'data' | 'list' | 'enum' | 'struct' | 'interface' | 'anyPointer' | undefined {
    return $which3[this.$view.getUint16(this.$data, true)];
  }

  /** `void @0 :Void` */
  get void(): null {
    return null;
  }

  /** `bool @1 :Bool` */
  get bool(): boolean {
    return !!(this.$view.getUint8(this.$data + 2) & 1);
  }

  /** `int8 @2 :Int8` */
  get int8(): number {
    return this.$view.getInt8(this.$data + 2);
  }

  /** `int16 @3 :Int16` */
  get int16(): number {
    return this.$view.getInt16(this.$data + 2, true);
  }

  /** `int32 @4 :Int32` */
  get int32(): number {
    return this.$view.getInt32(this.$data + 4, true);
  }

  /** `int64 @5 :Int64` */
  get int64(): bigint {
    return this.$view.getBigInt64(this.$data + 8, true);
  }

  /** `uint8 @6 :UInt8` */
  get uint8(): number {
    return this.$view.getUint8(this.$data + 2);
  }

  /** `uint16 @7 :UInt16` */
  get uint16(): number {
    return this.$view.getUint16(this.$data + 2, true);
  }

  /** `uint32 @8 :UInt32` */
  get uint32(): number {
    return this.$view.getUint32(this.$data + 4, true);
  }

  /** `uint64 @9 :UInt64` */
  get uint64(): bigint {
    return this.$view.getBigUint64(this.$data + 8, true);
  }

  /** `float32 @10 :Float32` */
  get float32(): number {
    return this.$view.getFloat32(this.$data + 4, true);
  }

  /** `float64 @11 :Float64` */
  get float64(): number {
    return this.$view.getFloat64(this.$data + 8, true);
  }

  /** `text @12 :Text` */
  get text(): string {
    return $.readTextAt(this.$segment, this.$slot(0), '');
  }

  hasText(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  /** `data @13 :Data` */
  get data(): Uint8Array {
    return $.readData(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  hasData(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  /** `list @14 :AnyList`: Read it with the list type the schema gives. */
  get list(): $.ListReader {
    return $.readList(this.$segment, this.$pointers, this.$pointerCount, 0, $.ANY_SIZE, this.$nesting);
  }

  hasList(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  /** `enum @15 :UInt16`: The enumerant's number. */
  get enum(): number {
    return this.$view.getUint16(this.$data + 2, true);
  }

  /** `struct @16 :AnyStruct`: Read it with the struct type the schema gives. */
  get struct(): $.StructReader {
    return this.$.getStruct(0);
  }

  hasStruct(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  /** `interface @17 :Void`: A capability's only constant value is null. */
  get interface(): null {
    return null;
  }

  /** `anyPointer @18 :AnyPointer` */
  get anyPointer(): $.AnyPointerReader {
    return $.readPointer(this.$segment, this.$pointers, this.$pointerCount, 0, this.$nesting);
  }

  hasAnyPointer(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  override $toObject(): Value {
    const object: { [key: string]: unknown } = {};
    switch (this.$view.getUint16(this.$data, true)) {
      case 0: object["void"] = null; break;
      case 1: object["bool"] = !!(this.$view.getUint8(this.$data + 2) & 1); break;
      case 2: object["int8"] = this.$view.getInt8(this.$data + 2); break;
      case 3: object["int16"] = this.$view.getInt16(this.$data + 2, true); break;
      case 4: object["int32"] = this.$view.getInt32(this.$data + 4, true); break;
      case 5: object["int64"] = this.$view.getBigInt64(this.$data + 8, true); break;
      case 6: object["uint8"] = this.$view.getUint8(this.$data + 2); break;
      case 7: object["uint16"] = this.$view.getUint16(this.$data + 2, true); break;
      case 8: object["uint32"] = this.$view.getUint32(this.$data + 4, true); break;
      case 9: object["uint64"] = this.$view.getBigUint64(this.$data + 8, true); break;
      case 10: object["float32"] = this.$view.getFloat32(this.$data + 4, true); break;
      case 11: object["float64"] = this.$view.getFloat64(this.$data + 8, true); break;
      case 12: object["text"] = $.textOrNull(this.$segment, this.$pointers, this.$pointerCount, 0); break;
      case 13: object["data"] = $.dataOrNull(this.$segment, this.$pointers, this.$pointerCount, 0); break;
      case 14: object["list"] = $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0) ? $.readList(this.$segment, this.$pointers, this.$pointerCount, 0, $.ANY_SIZE, this.$nesting) : null; break;
      case 15: object["enum"] = this.$view.getUint16(this.$data + 2, true); break;
      case 16: object["struct"] = $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0) ? this.$.getStruct(0) : null; break;
      case 17: object["interface"] = null; break;
      case 18: object["anyPointer"] = $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0) ? $.readPointer(this.$segment, this.$pointers, this.$pointerCount, 0, this.$nesting) : null; break;
    }
    return object as Value;
  }
}

/**
 * A constant value: a default, a constant's value, or an annotation's value. The member set
 * matches the type's.
 */
export class ValueBuilder extends $.GeneratedBuilder<Value, ValueInit, ValueReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): ValueBuilder {
    return new ValueBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** The active member of the union (undefined for a member this code does not know). */
  which(): 'void' | 'bool' | 'int8' | 'int16' | 'int32' | 'int64' | 'uint8' | 'uint16' | 'uint32' | 'uint64' | 'float32' | 'float64' | 'text' | 'data' | 'list' | 'enum' | 'struct' | 'interface' | 'anyPointer' | undefined {
    return $which3[this.$segment.view.getUint16(this.$data, true)];
  }

  /** `void @0 :Void` */
  get void(): null {
    return null;
  }

  set void(value: null) {
    void value;
    this.$segment.view.setUint16(this.$data, 0, true);
  }

  /** `bool @1 :Bool` */
  get bool(): boolean {
    return (this.$segment.view.getUint8(this.$data + 2) & 1) !== 0;
  }

  set bool(value: boolean) {
    $.setBit(this.$segment.bytes, this.$data + 2, 1, value);
    this.$segment.view.setUint16(this.$data, 1, true);
  }

  /** `int8 @2 :Int8` */
  get int8(): number {
    return this.$segment.view.getInt8(this.$data + 2);
  }

  set int8(value: number) {
    this.$segment.view.setInt8(this.$data + 2, value);
    this.$segment.view.setUint16(this.$data, 2, true);
  }

  /** `int16 @3 :Int16` */
  get int16(): number {
    return this.$segment.view.getInt16(this.$data + 2, true);
  }

  set int16(value: number) {
    this.$segment.view.setInt16(this.$data + 2, value, true);
    this.$segment.view.setUint16(this.$data, 3, true);
  }

  /** `int32 @4 :Int32` */
  get int32(): number {
    return this.$segment.view.getInt32(this.$data + 4, true);
  }

  set int32(value: number) {
    this.$segment.view.setInt32(this.$data + 4, value, true);
    this.$segment.view.setUint16(this.$data, 4, true);
  }

  /** `int64 @5 :Int64` */
  get int64(): bigint {
    return this.$segment.view.getBigInt64(this.$data + 8, true);
  }

  set int64(value: bigint | number) {
    this.$segment.view.setBigInt64(this.$data + 8, $.toBigInt(value), true);
    this.$segment.view.setUint16(this.$data, 5, true);
  }

  /** `uint8 @6 :UInt8` */
  get uint8(): number {
    return this.$segment.view.getUint8(this.$data + 2);
  }

  set uint8(value: number) {
    this.$segment.view.setUint8(this.$data + 2, value);
    this.$segment.view.setUint16(this.$data, 6, true);
  }

  /** `uint16 @7 :UInt16` */
  get uint16(): number {
    return this.$segment.view.getUint16(this.$data + 2, true);
  }

  set uint16(value: number) {
    this.$segment.view.setUint16(this.$data + 2, value, true);
    this.$segment.view.setUint16(this.$data, 7, true);
  }

  /** `uint32 @8 :UInt32` */
  get uint32(): number {
    return this.$segment.view.getUint32(this.$data + 4, true);
  }

  set uint32(value: number) {
    this.$segment.view.setUint32(this.$data + 4, value, true);
    this.$segment.view.setUint16(this.$data, 8, true);
  }

  /** `uint64 @9 :UInt64` */
  get uint64(): bigint {
    return this.$segment.view.getBigUint64(this.$data + 8, true);
  }

  set uint64(value: bigint | number) {
    this.$segment.view.setBigUint64(this.$data + 8, $.toBigInt(value), true);
    this.$segment.view.setUint16(this.$data, 9, true);
  }

  /** `float32 @10 :Float32` */
  get float32(): number {
    return this.$segment.view.getFloat32(this.$data + 4, true);
  }

  set float32(value: number) {
    this.$segment.view.setFloat32(this.$data + 4, value, true);
    this.$segment.view.setUint16(this.$data, 10, true);
  }

  /** `float64 @11 :Float64` */
  get float64(): number {
    return this.$segment.view.getFloat64(this.$data + 8, true);
  }

  set float64(value: number) {
    this.$segment.view.setFloat64(this.$data + 8, value, true);
    this.$segment.view.setUint16(this.$data, 11, true);
  }

  /** `text @12 :Text` */
  get text(): string {
    return $.readTextAt(this.$segment, this.$pointers, '');
  }

  set text(value: string | null) {
    $.setText(this.$segment, this.$pointers, value);
    this.$segment.view.setUint16(this.$data, 12, true);
  }

  hasText(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownText(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptText(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.ElementSize.BYTE);
    this.$segment.view.setUint16(this.$data, 12, true);
  }

  /** New Text of `byteLength` zero bytes to fill with UTF-8 (the view is valid until the message next allocates). */
  initText(byteLength: number): Uint8Array {
    const $value = $.initText(this.$segment, this.$pointers, byteLength);
    this.$segment.view.setUint16(this.$data, 12, true);
    return $value;
  }

  /** `data @13 :Data` */
  get data(): Uint8Array {
    return $.readDataAt(this.$segment, this.$pointers, undefined);
  }

  set data(value: Uint8Array | null) {
    $.setData(this.$segment, this.$pointers, value);
    this.$segment.view.setUint16(this.$data, 13, true);
  }

  hasData(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownData(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptData(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.ElementSize.BYTE);
    this.$segment.view.setUint16(this.$data, 13, true);
  }

  /** New zeroed Data to fill in (the view is valid until the message next allocates). */
  initData(length: number): Uint8Array {
    const $value = $.initData(this.$segment, this.$pointers, length);
    this.$segment.view.setUint16(this.$data, 13, true);
    return $value;
  }

  /** `list @14 :AnyList`: Read it with the list type the schema gives. */
  get list(): $.AnyPointerBuilder {
    return $.pointerBuilder(this.$segment, this.$pointers);
  }

  set list(value: $.AnyValue | null) {
    $.setAnyPointer($.pointerBuilder(this.$segment, this.$pointers), value);
    this.$segment.view.setUint16(this.$data, 14, true);
  }

  hasList(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownList(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptList(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.AdoptAs.ANY_LIST);
    this.$segment.view.setUint16(this.$data, 14, true);
  }

  initList(): $.AnyPointerBuilder {
    this.$segment.view.setUint16(this.$data, 14, true);
    const slot = $.pointerBuilder(this.$segment, this.$pointers);
    slot.clear();
    return slot;
  }

  /** `enum @15 :UInt16`: The enumerant's number. */
  get enum(): number {
    return this.$segment.view.getUint16(this.$data + 2, true);
  }

  set enum(value: number) {
    this.$segment.view.setUint16(this.$data + 2, value, true);
    this.$segment.view.setUint16(this.$data, 15, true);
  }

  /** `struct @16 :AnyStruct`: Read it with the struct type the schema gives. */
  get struct(): $.AnyPointerBuilder {
    return $.pointerBuilder(this.$segment, this.$pointers);
  }

  set struct(value: $.AnyValue | null) {
    $.setAnyPointer($.pointerBuilder(this.$segment, this.$pointers), value);
    this.$segment.view.setUint16(this.$data, 16, true);
  }

  hasStruct(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownStruct(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptStruct(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.AdoptAs.STRUCT);
    this.$segment.view.setUint16(this.$data, 16, true);
  }

  initStruct(): $.AnyPointerBuilder {
    this.$segment.view.setUint16(this.$data, 16, true);
    const slot = $.pointerBuilder(this.$segment, this.$pointers);
    slot.clear();
    return slot;
  }

  /** `interface @17 :Void`: A capability's only constant value is null. */
  get interface(): null {
    return null;
  }

  set interface(value: null) {
    void value;
    this.$segment.view.setUint16(this.$data, 17, true);
  }

  /** `anyPointer @18 :AnyPointer` */
  get anyPointer(): $.AnyPointerBuilder {
    return $.pointerBuilder(this.$segment, this.$pointers);
  }

  set anyPointer(value: $.AnyValue | null) {
    $.setAnyPointer($.pointerBuilder(this.$segment, this.$pointers), value);
    this.$segment.view.setUint16(this.$data, 18, true);
  }

  hasAnyPointer(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownAnyPointer(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptAnyPointer(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.AdoptAs.ANY);
    this.$segment.view.setUint16(this.$data, 18, true);
  }

  initAnyPointer(): $.AnyPointerBuilder {
    this.$segment.view.setUint16(this.$data, 18, true);
    const slot = $.pointerBuilder(this.$segment, this.$pointers);
    slot.clear();
    return slot;
  }

  override $assign(value: ValueInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'Value');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["void", "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float32", "float64", "text", "data", "list", "enum", "struct", "interface", "anyPointer"], 'Value');
    let $k = '';
    try {
      $k = '';
      $.checkOneMember(value, ["void", "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float32", "float64", "text", "data", "list", "enum", "struct", "interface", "anyPointer"], 'Value');
      if (value.void !== undefined) { $k = 'void'; this.void = $.checkVoid(value.void); }
      if (value.bool !== undefined) { $k = 'bool'; this.bool = $.checkBool(value.bool); }
      if (value.int8 !== undefined) { $k = 'int8'; this.int8 = $.checkInt8(value.int8); }
      if (value.int16 !== undefined) { $k = 'int16'; this.int16 = $.checkInt16(value.int16); }
      if (value.int32 !== undefined) { $k = 'int32'; this.int32 = $.checkInt32(value.int32); }
      if (value.int64 !== undefined) { $k = 'int64'; this.int64 = $.checkInt64(value.int64); }
      if (value.uint8 !== undefined) { $k = 'uint8'; this.uint8 = $.checkUInt8(value.uint8); }
      if (value.uint16 !== undefined) { $k = 'uint16'; this.uint16 = $.checkUInt16(value.uint16); }
      if (value.uint32 !== undefined) { $k = 'uint32'; this.uint32 = $.checkUInt32(value.uint32); }
      if (value.uint64 !== undefined) { $k = 'uint64'; this.uint64 = $.checkUInt64(value.uint64); }
      if (value.float32 !== undefined) { $k = 'float32'; this.float32 = $.checkFloat32(value.float32); }
      if (value.float64 !== undefined) { $k = 'float64'; this.float64 = $.checkFloat64(value.float64); }
      if (value.text !== undefined) { $k = 'text'; this.text = value.text; }
      if (value.data !== undefined) { $k = 'data'; this.data = value.data; }
      if (value.list !== undefined) { $k = 'list'; this.list = value.list; }
      if (value.enum !== undefined) { $k = 'enum'; this.enum = $.checkUInt16(value.enum); }
      if (value.struct !== undefined) { $k = 'struct'; this.struct = value.struct; }
      if (value.interface !== undefined) { $k = 'interface'; this.interface = $.checkVoid(value.interface); }
      if (value.anyPointer !== undefined) { $k = 'anyPointer'; this.anyPointer = value.anyPointer; }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): ValueReader {
    return new ValueReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** An annotation applied to a declaration. */
export type Annotation = {
  /** The annotation's declaration node. */
  id: bigint;
  /** Bindings for generic parameters of the annotation's scopes. */
  brand: Brand | null;
  value: Value | null;
};
/** What `AnnotationBuilder.assign` and `encode` accept for `Annotation`: any subset of its fields. */
export type AnnotationInit = {
  /** The annotation's declaration node. */
  id?: bigint | number;
  /** Bindings for generic parameters of the annotation's scopes. */
  brand?: BrandInit | BrandReader | null;
  value?: ValueInit | ValueReader | null;
};

/** An annotation applied to a declaration. */
export class AnnotationReader extends $.GeneratedReader<Annotation> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number) {
    super();
    this.$segment = segment;
    this.$view = segment.view;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$nesting = nesting;
    if (dataSize < 8) $.padDataSection(this, 8);
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): AnnotationReader {
    return new AnnotationReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** `id @0 :UInt64`: The annotation's declaration node. */
  get id(): bigint {
    return this.$view.getBigUint64(this.$data, true);
  }

  /** `brand @2 :Brand`: Bindings for generic parameters of the annotation's scopes. */
  get brand(): BrandReader {
    return $.structReaderAt(BrandReader, $.locateStructAt(this.$segment, this.$slot(1), this.$nesting, null));
  }

  hasBrand(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 1);
  }

  /** `value @1 :Value` */
  get value(): ValueReader {
    return $.structReaderAt(ValueReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null));
  }

  hasValue(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  override $toObject(): Annotation {
    return {
      id: this.$view.getBigUint64(this.$data, true),
      brand: $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 1) ? $.structReaderAt(BrandReader, $.locateStructAt(this.$segment, this.$slot(1), this.$nesting, null)).$toObject() : null,
      value: $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0) ? $.structReaderAt(ValueReader, $.locateStructAt(this.$segment, this.$slot(0), this.$nesting, null)).$toObject() : null,
    };
  }
}

/** An annotation applied to a declaration. */
export class AnnotationBuilder extends $.GeneratedBuilder<Annotation, AnnotationInit, AnnotationReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): AnnotationBuilder {
    return new AnnotationBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** `id @0 :UInt64`: The annotation's declaration node. */
  get id(): bigint {
    return this.$segment.view.getBigUint64(this.$data, true);
  }

  set id(value: bigint | number) {
    this.$segment.view.setBigUint64(this.$data, $.toBigInt(value), true);
  }

  /** `brand @2 :Brand`: Bindings for generic parameters of the annotation's scopes. */
  get brand(): BrandBuilder {
    return $.getStruct<BrandBuilder>(BrandBuilder, this.$segment, this.$pointers + 8, 0, 1);
  }

  set brand(value: BrandInit | BrandReader | null) {
    Brand.set(this.$, 1, value);
  }

  hasBrand(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers + 8);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownBrand(): $.Orphan {
    return $.disown(this.$segment, this.$pointers + 8);
  }

  adoptBrand(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers + 8, orphan, $.AdoptAs.STRUCT);
  }

  initBrand(): BrandBuilder {
    return $.initStruct<BrandBuilder>(BrandBuilder, this.$segment, this.$pointers + 8, 0, 1);
  }

  /** `value @1 :Value` */
  get value(): ValueBuilder {
    return $.getStruct<ValueBuilder>(ValueBuilder, this.$segment, this.$pointers, 2, 1);
  }

  set value(value: ValueInit | ValueReader | null) {
    Value.set(this.$, 0, value);
  }

  hasValue(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownValue(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptValue(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.AdoptAs.STRUCT);
  }

  initValue(): ValueBuilder {
    return $.initStruct<ValueBuilder>(ValueBuilder, this.$segment, this.$pointers, 2, 1);
  }

  override $assign(value: AnnotationInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'Annotation');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["id", "brand", "value"], 'Annotation');
    let $k = '';
    try {
      if (value.id !== undefined) { $k = 'id'; this.id = $.checkUInt64(value.id); }
      if (value.brand !== undefined) { $k = 'brand'; this.brand = value.brand; }
      if (value.value !== undefined) { $k = 'value'; this.value = value.value; }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): AnnotationReader {
    return new AnnotationReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** The encoding of list elements, as written in list pointers. */
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
/** The encoding of list elements, as written in list pointers. */
export type ElementSize = (typeof ElementSize)[keyof typeof ElementSize];

/** Plain-object form of `CapnpVersion`. */
export type CapnpVersion = {
  major: number;
  minor: number;
  micro: number;
};
/** What `CapnpVersionBuilder.assign` and `encode` accept for `CapnpVersion`: any subset of its fields. */
export type CapnpVersionInit = {
  major?: number;
  minor?: number;
  micro?: number;
};

export class CapnpVersionReader extends $.GeneratedReader<CapnpVersion> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number) {
    super();
    this.$segment = segment;
    this.$view = segment.view;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$nesting = nesting;
    if (dataSize < 8) $.padDataSection(this, 8);
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): CapnpVersionReader {
    return new CapnpVersionReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** `major @0 :UInt16` */
  get major(): number {
    return this.$view.getUint16(this.$data, true);
  }

  /** `minor @1 :UInt8` */
  get minor(): number {
    return this.$view.getUint8(this.$data + 2);
  }

  /** `micro @2 :UInt8` */
  get micro(): number {
    return this.$view.getUint8(this.$data + 3);
  }

  override $toObject(): CapnpVersion {
    return {
      major: this.$view.getUint16(this.$data, true),
      minor: this.$view.getUint8(this.$data + 2),
      micro: this.$view.getUint8(this.$data + 3),
    };
  }
}

export class CapnpVersionBuilder extends $.GeneratedBuilder<CapnpVersion, CapnpVersionInit, CapnpVersionReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): CapnpVersionBuilder {
    return new CapnpVersionBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** `major @0 :UInt16` */
  get major(): number {
    return this.$segment.view.getUint16(this.$data, true);
  }

  set major(value: number) {
    this.$segment.view.setUint16(this.$data, value, true);
  }

  /** `minor @1 :UInt8` */
  get minor(): number {
    return this.$segment.view.getUint8(this.$data + 2);
  }

  set minor(value: number) {
    this.$segment.view.setUint8(this.$data + 2, value);
  }

  /** `micro @2 :UInt8` */
  get micro(): number {
    return this.$segment.view.getUint8(this.$data + 3);
  }

  set micro(value: number) {
    this.$segment.view.setUint8(this.$data + 3, value);
  }

  override $assign(value: CapnpVersionInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'CapnpVersion');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["major", "minor", "micro"], 'CapnpVersion');
    let $k = '';
    try {
      if (value.major !== undefined) { $k = 'major'; this.major = $.checkUInt16(value.major); }
      if (value.minor !== undefined) { $k = 'minor'; this.minor = $.checkUInt8(value.minor); }
      if (value.micro !== undefined) { $k = 'micro'; this.micro = $.checkUInt8(value.micro); }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): CapnpVersionReader {
    return new CapnpVersionReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** What a schema compiler gives a code generator plugin on its standard input. */
export type CodeGeneratorRequest = {
  /** The version of the compiler that wrote the request (null from versions too old to say). */
  capnpVersion: CapnpVersion | null;
  /**
   * Every node the requested files need: their own, and those they use from other files (with
   * those nodes' parents), in no particular order.
   */
  nodes: Node[] | null;
  /** Doc comments and positions for the nodes, where known. */
  sourceInfo: Node_SourceInfo[] | null;
  /** The files to generate code for. */
  requestedFiles: CodeGeneratorRequest_RequestedFile[] | null;
};
/** What `CodeGeneratorRequestBuilder.assign` and `encode` accept for `CodeGeneratorRequest`: any subset of its fields. */
export type CodeGeneratorRequestInit = {
  /** The version of the compiler that wrote the request (null from versions too old to say). */
  capnpVersion?: CapnpVersionInit | CapnpVersionReader | null;
  /**
   * Every node the requested files need: their own, and those they use from other files (with
   * those nodes' parents), in no particular order.
   */
  nodes?: $.ListInit<NodeInit | NodeReader> | null;
  /** Doc comments and positions for the nodes, where known. */
  sourceInfo?: $.ListInit<Node_SourceInfoInit | Node_SourceInfoReader> | null;
  /** The files to generate code for. */
  requestedFiles?: $.ListInit<CodeGeneratorRequest_RequestedFileInit | CodeGeneratorRequest_RequestedFileReader> | null;
};

/** What a schema compiler gives a code generator plugin on its standard input. */
export class CodeGeneratorRequestReader extends $.GeneratedReader<CodeGeneratorRequest> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$nesting = nesting;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): CodeGeneratorRequestReader {
    return new CodeGeneratorRequestReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** `capnpVersion @2 :CapnpVersion`: The version of the compiler that wrote the request (null from versions too old to say). */
  get capnpVersion(): CapnpVersionReader {
    return $.structReaderAt(CapnpVersionReader, $.locateStructAt(this.$segment, this.$slot(2), this.$nesting, null));
  }

  hasCapnpVersion(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 2);
  }

  /**
   * `nodes @0 :List(Node)`:
   * Every node the requested files need: their own, and those they use from other files (with
   * those nodes' parents), in no particular order.
   */
  get nodes(): $.StructList<NodeReader> {
    return $.readStructList(this.$segment, this.$pointers, this.$pointerCount, 0, this.$nesting, NodeReader);
  }

  hasNodes(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  /** `sourceInfo @3 :List(Node.SourceInfo)`: Doc comments and positions for the nodes, where known. */
  get sourceInfo(): $.StructList<Node_SourceInfoReader> {
    return $.readStructList(this.$segment, this.$pointers, this.$pointerCount, 3, this.$nesting, Node_SourceInfoReader);
  }

  hasSourceInfo(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 3);
  }

  /** `requestedFiles @1 :List(CodeGeneratorRequest.RequestedFile)`: The files to generate code for. */
  get requestedFiles(): $.StructList<CodeGeneratorRequest_RequestedFileReader> {
    return $.readStructList(this.$segment, this.$pointers, this.$pointerCount, 1, this.$nesting, CodeGeneratorRequest_RequestedFileReader);
  }

  hasRequestedFiles(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 1);
  }

  override $toObject(): CodeGeneratorRequest {
    return {
      capnpVersion: $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 2) ? $.structReaderAt(CapnpVersionReader, $.locateStructAt(this.$segment, this.$slot(2), this.$nesting, null)).$toObject() : null,
      nodes: $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0) ? $.structListToObject($.readList(this.$segment, this.$pointers, this.$pointerCount, 0, $.ElementSize.INLINE_COMPOSITE, this.$nesting), NodeReader) as Node[] | null : null,
      sourceInfo: $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 3) ? $.structListToObject($.readList(this.$segment, this.$pointers, this.$pointerCount, 3, $.ElementSize.INLINE_COMPOSITE, this.$nesting), Node_SourceInfoReader) as Node_SourceInfo[] | null : null,
      requestedFiles: $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 1) ? $.structListToObject($.readList(this.$segment, this.$pointers, this.$pointerCount, 1, $.ElementSize.INLINE_COMPOSITE, this.$nesting), CodeGeneratorRequest_RequestedFileReader) as CodeGeneratorRequest_RequestedFile[] | null : null,
    };
  }
}

/** What a schema compiler gives a code generator plugin on its standard input. */
export class CodeGeneratorRequestBuilder extends $.GeneratedBuilder<CodeGeneratorRequest, CodeGeneratorRequestInit, CodeGeneratorRequestReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): CodeGeneratorRequestBuilder {
    return new CodeGeneratorRequestBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** `capnpVersion @2 :CapnpVersion`: The version of the compiler that wrote the request (null from versions too old to say). */
  get capnpVersion(): CapnpVersionBuilder {
    return $.getStruct<CapnpVersionBuilder>(CapnpVersionBuilder, this.$segment, this.$pointers + 16, 1, 0);
  }

  set capnpVersion(value: CapnpVersionInit | CapnpVersionReader | null) {
    CapnpVersion.set(this.$, 2, value);
  }

  hasCapnpVersion(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers + 16);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownCapnpVersion(): $.Orphan {
    return $.disown(this.$segment, this.$pointers + 16);
  }

  adoptCapnpVersion(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers + 16, orphan, $.AdoptAs.STRUCT);
  }

  initCapnpVersion(): CapnpVersionBuilder {
    return $.initStruct<CapnpVersionBuilder>(CapnpVersionBuilder, this.$segment, this.$pointers + 16, 1, 0);
  }

  /**
   * `nodes @0 :List(Node)`:
   * Every node the requested files need: their own, and those they use from other files (with
   * those nodes' parents), in no particular order.
   */
  get nodes(): $.StructListBuilder<NodeBuilder> {
    return $.getStructListOf(this.$segment, this.$pointers, 6, 6, NodeBuilder);
  }

  set nodes(value: $.ListInit<NodeInit | NodeReader> | null) {
    $.assignListAt(this.$segment, this.$pointers, Node, value);
  }

  hasNodes(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownNodes(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptNodes(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.ElementSize.INLINE_COMPOSITE);
  }

  initNodes(length: number): $.StructListBuilder<NodeBuilder> {
    return $.initStructListOf(this.$segment, this.$pointers, length, 6, 6, NodeBuilder);
  }

  /** `sourceInfo @3 :List(Node.SourceInfo)`: Doc comments and positions for the nodes, where known. */
  get sourceInfo(): $.StructListBuilder<Node_SourceInfoBuilder> {
    return $.getStructListOf(this.$segment, this.$pointers + 24, 2, 2, Node_SourceInfoBuilder);
  }

  set sourceInfo(value: $.ListInit<Node_SourceInfoInit | Node_SourceInfoReader> | null) {
    $.assignListAt(this.$segment, this.$pointers + 24, Node_SourceInfo, value);
  }

  hasSourceInfo(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers + 24);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownSourceInfo(): $.Orphan {
    return $.disown(this.$segment, this.$pointers + 24);
  }

  adoptSourceInfo(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers + 24, orphan, $.ElementSize.INLINE_COMPOSITE);
  }

  initSourceInfo(length: number): $.StructListBuilder<Node_SourceInfoBuilder> {
    return $.initStructListOf(this.$segment, this.$pointers + 24, length, 2, 2, Node_SourceInfoBuilder);
  }

  /** `requestedFiles @1 :List(CodeGeneratorRequest.RequestedFile)`: The files to generate code for. */
  get requestedFiles(): $.StructListBuilder<CodeGeneratorRequest_RequestedFileBuilder> {
    return $.getStructListOf(this.$segment, this.$pointers + 8, 1, 3, CodeGeneratorRequest_RequestedFileBuilder);
  }

  set requestedFiles(value: $.ListInit<CodeGeneratorRequest_RequestedFileInit | CodeGeneratorRequest_RequestedFileReader> | null) {
    $.assignListAt(this.$segment, this.$pointers + 8, CodeGeneratorRequest_RequestedFile, value);
  }

  hasRequestedFiles(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers + 8);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownRequestedFiles(): $.Orphan {
    return $.disown(this.$segment, this.$pointers + 8);
  }

  adoptRequestedFiles(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers + 8, orphan, $.ElementSize.INLINE_COMPOSITE);
  }

  initRequestedFiles(length: number): $.StructListBuilder<CodeGeneratorRequest_RequestedFileBuilder> {
    return $.initStructListOf(this.$segment, this.$pointers + 8, length, 1, 3, CodeGeneratorRequest_RequestedFileBuilder);
  }

  override $assign(value: CodeGeneratorRequestInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'CodeGeneratorRequest');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["capnpVersion", "nodes", "sourceInfo", "requestedFiles"], 'CodeGeneratorRequest');
    let $k = '';
    try {
      if (value.capnpVersion !== undefined) { $k = 'capnpVersion'; this.capnpVersion = value.capnpVersion; }
      if (value.nodes !== undefined) { $k = 'nodes'; this.nodes = value.nodes; }
      if (value.sourceInfo !== undefined) { $k = 'sourceInfo'; this.sourceInfo = value.sourceInfo; }
      if (value.requestedFiles !== undefined) { $k = 'requestedFiles'; this.requestedFiles = value.requestedFiles; }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): CodeGeneratorRequestReader {
    return new CodeGeneratorRequestReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** Plain-object form of `CodeGeneratorRequest.RequestedFile`. */
export type CodeGeneratorRequest_RequestedFile = {
  /** The file's node. */
  id: bigint;
  /**
   * The file's path as given to the compiler (minus any `--src-prefix`): where its generated
   * code should go.
   */
  filename: string | null;
  /** The files it imports for types, which its generated code must refer to. */
  imports: CodeGeneratorRequest_RequestedFile_Import[] | null;
  /** Where names are used in the file, for tools that link names to declarations. */
  fileSourceInfo: CodeGeneratorRequest_RequestedFile_FileSourceInfo | null;
};
/** What `CodeGeneratorRequest_RequestedFileBuilder.assign` and `encode` accept for `CodeGeneratorRequest_RequestedFile`: any subset of its fields. */
export type CodeGeneratorRequest_RequestedFileInit = {
  /** The file's node. */
  id?: bigint | number;
  /**
   * The file's path as given to the compiler (minus any `--src-prefix`): where its generated
   * code should go.
   */
  filename?: string | null;
  /** The files it imports for types, which its generated code must refer to. */
  imports?: $.ListInit<CodeGeneratorRequest_RequestedFile_ImportInit | CodeGeneratorRequest_RequestedFile_ImportReader> | null;
  /** Where names are used in the file, for tools that link names to declarations. */
  fileSourceInfo?: CodeGeneratorRequest_RequestedFile_FileSourceInfoInit | CodeGeneratorRequest_RequestedFile_FileSourceInfoReader | null;
};

export class CodeGeneratorRequest_RequestedFileReader extends $.GeneratedReader<CodeGeneratorRequest_RequestedFile> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number) {
    super();
    this.$segment = segment;
    this.$view = segment.view;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$nesting = nesting;
    if (dataSize < 8) $.padDataSection(this, 8);
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): CodeGeneratorRequest_RequestedFileReader {
    return new CodeGeneratorRequest_RequestedFileReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** `id @0 :UInt64`: The file's node. */
  get id(): bigint {
    return this.$view.getBigUint64(this.$data, true);
  }

  /**
   * `filename @1 :Text`:
   * The file's path as given to the compiler (minus any `--src-prefix`): where its generated
   * code should go.
   */
  get filename(): string {
    return $.readTextAt(this.$segment, this.$slot(0), '');
  }

  hasFilename(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  /** `imports @2 :List(CodeGeneratorRequest.RequestedFile.Import)`: The files it imports for types, which its generated code must refer to. */
  get imports(): $.StructList<CodeGeneratorRequest_RequestedFile_ImportReader> {
    return $.readStructList(this.$segment, this.$pointers, this.$pointerCount, 1, this.$nesting, CodeGeneratorRequest_RequestedFile_ImportReader);
  }

  hasImports(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 1);
  }

  /** `fileSourceInfo @3 :CodeGeneratorRequest.RequestedFile.FileSourceInfo`: Where names are used in the file, for tools that link names to declarations. */
  get fileSourceInfo(): CodeGeneratorRequest_RequestedFile_FileSourceInfoReader {
    return $.structReaderAt(CodeGeneratorRequest_RequestedFile_FileSourceInfoReader, $.locateStructAt(this.$segment, this.$slot(2), this.$nesting, null));
  }

  hasFileSourceInfo(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 2);
  }

  override $toObject(): CodeGeneratorRequest_RequestedFile {
    return {
      id: this.$view.getBigUint64(this.$data, true),
      filename: $.textOrNull(this.$segment, this.$pointers, this.$pointerCount, 0),
      imports: $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 1) ? $.structListToObject($.readList(this.$segment, this.$pointers, this.$pointerCount, 1, $.ElementSize.INLINE_COMPOSITE, this.$nesting), CodeGeneratorRequest_RequestedFile_ImportReader) as CodeGeneratorRequest_RequestedFile_Import[] | null : null,
      fileSourceInfo: $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 2) ? $.structReaderAt(CodeGeneratorRequest_RequestedFile_FileSourceInfoReader, $.locateStructAt(this.$segment, this.$slot(2), this.$nesting, null)).$toObject() : null,
    };
  }
}

export class CodeGeneratorRequest_RequestedFileBuilder extends $.GeneratedBuilder<CodeGeneratorRequest_RequestedFile, CodeGeneratorRequest_RequestedFileInit, CodeGeneratorRequest_RequestedFileReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): CodeGeneratorRequest_RequestedFileBuilder {
    return new CodeGeneratorRequest_RequestedFileBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** `id @0 :UInt64`: The file's node. */
  get id(): bigint {
    return this.$segment.view.getBigUint64(this.$data, true);
  }

  set id(value: bigint | number) {
    this.$segment.view.setBigUint64(this.$data, $.toBigInt(value), true);
  }

  /**
   * `filename @1 :Text`:
   * The file's path as given to the compiler (minus any `--src-prefix`): where its generated
   * code should go.
   */
  get filename(): string {
    return $.readTextAt(this.$segment, this.$pointers, '');
  }

  set filename(value: string | null) {
    $.setText(this.$segment, this.$pointers, value);
  }

  hasFilename(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownFilename(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptFilename(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.ElementSize.BYTE);
  }

  /** New Text of `byteLength` zero bytes to fill with UTF-8 (the view is valid until the message next allocates). */
  initFilename(byteLength: number): Uint8Array {
    return $.initText(this.$segment, this.$pointers, byteLength);
  }

  /** `imports @2 :List(CodeGeneratorRequest.RequestedFile.Import)`: The files it imports for types, which its generated code must refer to. */
  get imports(): $.StructListBuilder<CodeGeneratorRequest_RequestedFile_ImportBuilder> {
    return $.getStructListOf(this.$segment, this.$pointers + 8, 1, 1, CodeGeneratorRequest_RequestedFile_ImportBuilder);
  }

  set imports(value: $.ListInit<CodeGeneratorRequest_RequestedFile_ImportInit | CodeGeneratorRequest_RequestedFile_ImportReader> | null) {
    $.assignListAt(this.$segment, this.$pointers + 8, CodeGeneratorRequest_RequestedFile_Import, value);
  }

  hasImports(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers + 8);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownImports(): $.Orphan {
    return $.disown(this.$segment, this.$pointers + 8);
  }

  adoptImports(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers + 8, orphan, $.ElementSize.INLINE_COMPOSITE);
  }

  initImports(length: number): $.StructListBuilder<CodeGeneratorRequest_RequestedFile_ImportBuilder> {
    return $.initStructListOf(this.$segment, this.$pointers + 8, length, 1, 1, CodeGeneratorRequest_RequestedFile_ImportBuilder);
  }

  /** `fileSourceInfo @3 :CodeGeneratorRequest.RequestedFile.FileSourceInfo`: Where names are used in the file, for tools that link names to declarations. */
  get fileSourceInfo(): CodeGeneratorRequest_RequestedFile_FileSourceInfoBuilder {
    return $.getStruct<CodeGeneratorRequest_RequestedFile_FileSourceInfoBuilder>(CodeGeneratorRequest_RequestedFile_FileSourceInfoBuilder, this.$segment, this.$pointers + 16, 0, 1);
  }

  set fileSourceInfo(value: CodeGeneratorRequest_RequestedFile_FileSourceInfoInit | CodeGeneratorRequest_RequestedFile_FileSourceInfoReader | null) {
    CodeGeneratorRequest_RequestedFile_FileSourceInfo.set(this.$, 2, value);
  }

  hasFileSourceInfo(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers + 16);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownFileSourceInfo(): $.Orphan {
    return $.disown(this.$segment, this.$pointers + 16);
  }

  adoptFileSourceInfo(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers + 16, orphan, $.AdoptAs.STRUCT);
  }

  initFileSourceInfo(): CodeGeneratorRequest_RequestedFile_FileSourceInfoBuilder {
    return $.initStruct<CodeGeneratorRequest_RequestedFile_FileSourceInfoBuilder>(CodeGeneratorRequest_RequestedFile_FileSourceInfoBuilder, this.$segment, this.$pointers + 16, 0, 1);
  }

  override $assign(value: CodeGeneratorRequest_RequestedFileInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'CodeGeneratorRequest_RequestedFile');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["id", "filename", "imports", "fileSourceInfo"], 'CodeGeneratorRequest_RequestedFile');
    let $k = '';
    try {
      if (value.id !== undefined) { $k = 'id'; this.id = $.checkUInt64(value.id); }
      if (value.filename !== undefined) { $k = 'filename'; this.filename = value.filename; }
      if (value.imports !== undefined) { $k = 'imports'; this.imports = value.imports; }
      if (value.fileSourceInfo !== undefined) { $k = 'fileSourceInfo'; this.fileSourceInfo = value.fileSourceInfo; }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): CodeGeneratorRequest_RequestedFileReader {
    return new CodeGeneratorRequest_RequestedFileReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** Plain-object form of `CodeGeneratorRequest.RequestedFile.Import`. */
export type CodeGeneratorRequest_RequestedFile_Import = {
  /** The imported file's node. */
  id: bigint;
  /** The path exactly as written in the import. */
  name: string | null;
};
/** What `CodeGeneratorRequest_RequestedFile_ImportBuilder.assign` and `encode` accept for `CodeGeneratorRequest_RequestedFile_Import`: any subset of its fields. */
export type CodeGeneratorRequest_RequestedFile_ImportInit = {
  /** The imported file's node. */
  id?: bigint | number;
  /** The path exactly as written in the import. */
  name?: string | null;
};

export class CodeGeneratorRequest_RequestedFile_ImportReader extends $.GeneratedReader<CodeGeneratorRequest_RequestedFile_Import> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number) {
    super();
    this.$segment = segment;
    this.$view = segment.view;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$nesting = nesting;
    if (dataSize < 8) $.padDataSection(this, 8);
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): CodeGeneratorRequest_RequestedFile_ImportReader {
    return new CodeGeneratorRequest_RequestedFile_ImportReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** `id @0 :UInt64`: The imported file's node. */
  get id(): bigint {
    return this.$view.getBigUint64(this.$data, true);
  }

  /** `name @1 :Text`: The path exactly as written in the import. */
  get name(): string {
    return $.readTextAt(this.$segment, this.$slot(0), '');
  }

  hasName(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  override $toObject(): CodeGeneratorRequest_RequestedFile_Import {
    return {
      id: this.$view.getBigUint64(this.$data, true),
      name: $.textOrNull(this.$segment, this.$pointers, this.$pointerCount, 0),
    };
  }
}

export class CodeGeneratorRequest_RequestedFile_ImportBuilder extends $.GeneratedBuilder<CodeGeneratorRequest_RequestedFile_Import, CodeGeneratorRequest_RequestedFile_ImportInit, CodeGeneratorRequest_RequestedFile_ImportReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): CodeGeneratorRequest_RequestedFile_ImportBuilder {
    return new CodeGeneratorRequest_RequestedFile_ImportBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** `id @0 :UInt64`: The imported file's node. */
  get id(): bigint {
    return this.$segment.view.getBigUint64(this.$data, true);
  }

  set id(value: bigint | number) {
    this.$segment.view.setBigUint64(this.$data, $.toBigInt(value), true);
  }

  /** `name @1 :Text`: The path exactly as written in the import. */
  get name(): string {
    return $.readTextAt(this.$segment, this.$pointers, '');
  }

  set name(value: string | null) {
    $.setText(this.$segment, this.$pointers, value);
  }

  hasName(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownName(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptName(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.ElementSize.BYTE);
  }

  /** New Text of `byteLength` zero bytes to fill with UTF-8 (the view is valid until the message next allocates). */
  initName(byteLength: number): Uint8Array {
    return $.initText(this.$segment, this.$pointers, byteLength);
  }

  override $assign(value: CodeGeneratorRequest_RequestedFile_ImportInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'CodeGeneratorRequest_RequestedFile_Import');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["id", "name"], 'CodeGeneratorRequest_RequestedFile_Import');
    let $k = '';
    try {
      if (value.id !== undefined) { $k = 'id'; this.id = $.checkUInt64(value.id); }
      if (value.name !== undefined) { $k = 'name'; this.name = value.name; }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): CodeGeneratorRequest_RequestedFile_ImportReader {
    return new CodeGeneratorRequest_RequestedFile_ImportReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** Plain-object form of `CodeGeneratorRequest.RequestedFile.FileSourceInfo`. */
export type CodeGeneratorRequest_RequestedFile_FileSourceInfo = {
  identifiers: CodeGeneratorRequest_RequestedFile_FileSourceInfo_Identifier[] | null;
};
/** What `CodeGeneratorRequest_RequestedFile_FileSourceInfoBuilder.assign` and `encode` accept for `CodeGeneratorRequest_RequestedFile_FileSourceInfo`: any subset of its fields. */
export type CodeGeneratorRequest_RequestedFile_FileSourceInfoInit = {
  identifiers?: $.ListInit<CodeGeneratorRequest_RequestedFile_FileSourceInfo_IdentifierInit | CodeGeneratorRequest_RequestedFile_FileSourceInfo_IdentifierReader> | null;
};

export class CodeGeneratorRequest_RequestedFile_FileSourceInfoReader extends $.GeneratedReader<CodeGeneratorRequest_RequestedFile_FileSourceInfo> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$nesting = nesting;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): CodeGeneratorRequest_RequestedFile_FileSourceInfoReader {
    return new CodeGeneratorRequest_RequestedFile_FileSourceInfoReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** `identifiers @0 :List(CodeGeneratorRequest.RequestedFile.FileSourceInfo.Identifier)` */
  get identifiers(): $.StructList<CodeGeneratorRequest_RequestedFile_FileSourceInfo_IdentifierReader> {
    return $.readStructList(this.$segment, this.$pointers, this.$pointerCount, 0, this.$nesting, CodeGeneratorRequest_RequestedFile_FileSourceInfo_IdentifierReader);
  }

  hasIdentifiers(): boolean {
    return $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0);
  }

  override $toObject(): CodeGeneratorRequest_RequestedFile_FileSourceInfo {
    return {
      identifiers: $.hasPointer(this.$segment, this.$pointers, this.$pointerCount, 0) ? $.structListToObject($.readList(this.$segment, this.$pointers, this.$pointerCount, 0, $.ElementSize.INLINE_COMPOSITE, this.$nesting), CodeGeneratorRequest_RequestedFile_FileSourceInfo_IdentifierReader) as CodeGeneratorRequest_RequestedFile_FileSourceInfo_Identifier[] | null : null,
    };
  }
}

export class CodeGeneratorRequest_RequestedFile_FileSourceInfoBuilder extends $.GeneratedBuilder<CodeGeneratorRequest_RequestedFile_FileSourceInfo, CodeGeneratorRequest_RequestedFile_FileSourceInfoInit, CodeGeneratorRequest_RequestedFile_FileSourceInfoReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): CodeGeneratorRequest_RequestedFile_FileSourceInfoBuilder {
    return new CodeGeneratorRequest_RequestedFile_FileSourceInfoBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** `identifiers @0 :List(CodeGeneratorRequest.RequestedFile.FileSourceInfo.Identifier)` */
  get identifiers(): $.StructListBuilder<CodeGeneratorRequest_RequestedFile_FileSourceInfo_IdentifierBuilder> {
    return $.getStructListOf(this.$segment, this.$pointers, 3, 0, CodeGeneratorRequest_RequestedFile_FileSourceInfo_IdentifierBuilder);
  }

  set identifiers(value: $.ListInit<CodeGeneratorRequest_RequestedFile_FileSourceInfo_IdentifierInit | CodeGeneratorRequest_RequestedFile_FileSourceInfo_IdentifierReader> | null) {
    $.assignListAt(this.$segment, this.$pointers, CodeGeneratorRequest_RequestedFile_FileSourceInfo_Identifier, value);
  }

  hasIdentifiers(): boolean {
    return !$.isNullPointer(this.$segment, this.$pointers);
  }

  /** Detaches the value (the field becomes null) to adopt it elsewhere in this message. */
  disownIdentifiers(): $.Orphan {
    return $.disown(this.$segment, this.$pointers);
  }

  adoptIdentifiers(orphan: $.Orphan): void {
    $.adopt(this.$segment, this.$pointers, orphan, $.ElementSize.INLINE_COMPOSITE);
  }

  initIdentifiers(length: number): $.StructListBuilder<CodeGeneratorRequest_RequestedFile_FileSourceInfo_IdentifierBuilder> {
    return $.initStructListOf(this.$segment, this.$pointers, length, 3, 0, CodeGeneratorRequest_RequestedFile_FileSourceInfo_IdentifierBuilder);
  }

  override $assign(value: CodeGeneratorRequest_RequestedFile_FileSourceInfoInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'CodeGeneratorRequest_RequestedFile_FileSourceInfo');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["identifiers"], 'CodeGeneratorRequest_RequestedFile_FileSourceInfo');
    let $k = '';
    try {
      if (value.identifiers !== undefined) { $k = 'identifiers'; this.identifiers = value.identifiers; }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): CodeGeneratorRequest_RequestedFile_FileSourceInfoReader {
    return new CodeGeneratorRequest_RequestedFile_FileSourceInfoReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** Plain-object form of `CodeGeneratorRequest.RequestedFile.FileSourceInfo.Identifier`. */
export type CodeGeneratorRequest_RequestedFile_FileSourceInfo_Identifier = {
  startByte: number;
  endByte: number;
} & (
  | { typeId: bigint }
  | { member: CodeGeneratorRequest_RequestedFile_FileSourceInfo_Identifier_Member }
);
/** What `CodeGeneratorRequest_RequestedFile_FileSourceInfo_IdentifierBuilder.assign` and `encode` accept for `CodeGeneratorRequest_RequestedFile_FileSourceInfo_Identifier`: any subset of its fields. */
export type CodeGeneratorRequest_RequestedFile_FileSourceInfo_IdentifierInit = {
  startByte?: number;
  endByte?: number;
} & (
  | { typeId?: bigint | number; member?: never }
  | { member?: CodeGeneratorRequest_RequestedFile_FileSourceInfo_Identifier_MemberInit; typeId?: never }
);

export class CodeGeneratorRequest_RequestedFile_FileSourceInfo_IdentifierReader extends $.GeneratedReader<CodeGeneratorRequest_RequestedFile_FileSourceInfo_Identifier> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number) {
    super();
    this.$segment = segment;
    this.$view = segment.view;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$nesting = nesting;
    if (dataSize < 24) $.padDataSection(this, 24);
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): CodeGeneratorRequest_RequestedFile_FileSourceInfo_IdentifierReader {
    return new CodeGeneratorRequest_RequestedFile_FileSourceInfo_IdentifierReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** The active member of the union (undefined for a member this code does not know). */
  which(): 'typeId' | 'member' | undefined {
    return $which8[this.$view.getUint16(this.$data + 16, true)];
  }

  /** `startByte @0 :UInt32` */
  get startByte(): number {
    return this.$view.getUint32(this.$data, true);
  }

  /** `endByte @1 :UInt32` */
  get endByte(): number {
    return this.$view.getUint32(this.$data + 4, true);
  }

  /** `typeId @2 :UInt64`: The name refers to this node. */
  get typeId(): bigint {
    return this.$view.getBigUint64(this.$data + 8, true);
  }

  /** `member :group`: The name refers to a member (field, enumerant or method) of this node. */
  get member(): CodeGeneratorRequest_RequestedFile_FileSourceInfo_Identifier_MemberReader {
    return new CodeGeneratorRequest_RequestedFile_FileSourceInfo_Identifier_MemberReader(this.$segment, this.$pointers - this.$dataSize, this.$dataSize, this.$pointers, this.$pointerCount, this.$nesting);
  }

  override $toObject(): CodeGeneratorRequest_RequestedFile_FileSourceInfo_Identifier {
    const object: { [key: string]: unknown } = {
      startByte: this.$view.getUint32(this.$data, true),
      endByte: this.$view.getUint32(this.$data + 4, true),
    };
    switch (this.$view.getUint16(this.$data + 16, true)) {
      case 0: object["typeId"] = this.$view.getBigUint64(this.$data + 8, true); break;
      case 1: object["member"] = new CodeGeneratorRequest_RequestedFile_FileSourceInfo_Identifier_MemberReader(this.$segment, this.$pointers - this.$dataSize, this.$dataSize, this.$pointers, this.$pointerCount, this.$nesting).$toObject(); break;
    }
    return object as CodeGeneratorRequest_RequestedFile_FileSourceInfo_Identifier;
  }
}

export class CodeGeneratorRequest_RequestedFile_FileSourceInfo_IdentifierBuilder extends $.GeneratedBuilder<CodeGeneratorRequest_RequestedFile_FileSourceInfo_Identifier, CodeGeneratorRequest_RequestedFile_FileSourceInfo_IdentifierInit, CodeGeneratorRequest_RequestedFile_FileSourceInfo_IdentifierReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): CodeGeneratorRequest_RequestedFile_FileSourceInfo_IdentifierBuilder {
    return new CodeGeneratorRequest_RequestedFile_FileSourceInfo_IdentifierBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** The active member of the union (undefined for a member this code does not know). */
  which(): 'typeId' | 'member' | undefined {
    return $which8[this.$segment.view.getUint16(this.$data + 16, true)];
  }

  /** `startByte @0 :UInt32` */
  get startByte(): number {
    return this.$segment.view.getUint32(this.$data, true);
  }

  set startByte(value: number) {
    this.$segment.view.setUint32(this.$data, value, true);
  }

  /** `endByte @1 :UInt32` */
  get endByte(): number {
    return this.$segment.view.getUint32(this.$data + 4, true);
  }

  set endByte(value: number) {
    this.$segment.view.setUint32(this.$data + 4, value, true);
  }

  /** `typeId @2 :UInt64`: The name refers to this node. */
  get typeId(): bigint {
    return this.$segment.view.getBigUint64(this.$data + 8, true);
  }

  set typeId(value: bigint | number) {
    this.$segment.view.setBigUint64(this.$data + 8, $.toBigInt(value), true);
    this.$segment.view.setUint16(this.$data + 16, 0, true);
  }

  /** `member :group`: The name refers to a member (field, enumerant or method) of this node. */
  get member(): CodeGeneratorRequest_RequestedFile_FileSourceInfo_Identifier_MemberBuilder {
    return new CodeGeneratorRequest_RequestedFile_FileSourceInfo_Identifier_MemberBuilder(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount);
  }

  set member(value: CodeGeneratorRequest_RequestedFile_FileSourceInfo_Identifier_MemberInit) {
    $.refuseNonObject(value, 'CodeGeneratorRequest_RequestedFile_FileSourceInfo_Identifier_Member');
    this.initMember().$assign(value);
  }

  /** Makes this group the active union member, with every field zeroed. */
  initMember(): CodeGeneratorRequest_RequestedFile_FileSourceInfo_Identifier_MemberBuilder {
    this.$segment.view.setUint16(this.$data + 16, 1, true);
    this.$segment.view.setBigUint64(this.$data + 8, 0n, true);
    this.$segment.view.setUint16(this.$data + 18, 0, true);
    return new CodeGeneratorRequest_RequestedFile_FileSourceInfo_Identifier_MemberBuilder(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount);
  }

  override $assign(value: CodeGeneratorRequest_RequestedFile_FileSourceInfo_IdentifierInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'CodeGeneratorRequest_RequestedFile_FileSourceInfo_Identifier');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["startByte", "endByte", "typeId", "member"], 'CodeGeneratorRequest_RequestedFile_FileSourceInfo_Identifier');
    let $k = '';
    try {
      if (value.startByte !== undefined) { $k = 'startByte'; this.startByte = $.checkUInt32(value.startByte); }
      if (value.endByte !== undefined) { $k = 'endByte'; this.endByte = $.checkUInt32(value.endByte); }
      $k = '';
      $.checkOneMember(value, ["typeId", "member"], 'CodeGeneratorRequest_RequestedFile_FileSourceInfo_Identifier');
      if (value.typeId !== undefined) { $k = 'typeId'; this.typeId = $.checkUInt64(value.typeId); }
      if (value.member !== undefined) { $k = 'member'; this.member = value.member; }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): CodeGeneratorRequest_RequestedFile_FileSourceInfo_IdentifierReader {
    return new CodeGeneratorRequest_RequestedFile_FileSourceInfo_IdentifierReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

/** The name refers to a member (field, enumerant or method) of this node. */
export type CodeGeneratorRequest_RequestedFile_FileSourceInfo_Identifier_Member = {
  parentTypeId: bigint;
  ordinal: number;
};
/** What `CodeGeneratorRequest_RequestedFile_FileSourceInfo_Identifier_MemberBuilder.assign` and `encode` accept for `CodeGeneratorRequest_RequestedFile_FileSourceInfo_Identifier_Member`: any subset of its fields. */
export type CodeGeneratorRequest_RequestedFile_FileSourceInfo_Identifier_MemberInit = {
  parentTypeId?: bigint | number;
  ordinal?: number;
};

/** The name refers to a member (field, enumerant or method) of this node. */
export class CodeGeneratorRequest_RequestedFile_FileSourceInfo_Identifier_MemberReader extends $.GeneratedReader<CodeGeneratorRequest_RequestedFile_FileSourceInfo_Identifier_Member> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number) {
    super();
    this.$segment = segment;
    this.$view = segment.view;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$nesting = nesting;
    if (dataSize < 24) $.padDataSection(this, 24);
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): CodeGeneratorRequest_RequestedFile_FileSourceInfo_Identifier_MemberReader {
    return new CodeGeneratorRequest_RequestedFile_FileSourceInfo_Identifier_MemberReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  /** `parentTypeId @3 :UInt64` */
  get parentTypeId(): bigint {
    return this.$view.getBigUint64(this.$data + 8, true);
  }

  /** `ordinal @4 :UInt16` */
  get ordinal(): number {
    return this.$view.getUint16(this.$data + 18, true);
  }

  override $toObject(): CodeGeneratorRequest_RequestedFile_FileSourceInfo_Identifier_Member {
    return {
      parentTypeId: this.$view.getBigUint64(this.$data + 8, true),
      ordinal: this.$view.getUint16(this.$data + 18, true),
    };
  }
}

/** The name refers to a member (field, enumerant or method) of this node. */
export class CodeGeneratorRequest_RequestedFile_FileSourceInfo_Identifier_MemberBuilder extends $.GeneratedBuilder<CodeGeneratorRequest_RequestedFile_FileSourceInfo_Identifier_Member, CodeGeneratorRequest_RequestedFile_FileSourceInfo_Identifier_MemberInit, CodeGeneratorRequest_RequestedFile_FileSourceInfo_Identifier_MemberReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): CodeGeneratorRequest_RequestedFile_FileSourceInfo_Identifier_MemberBuilder {
    return new CodeGeneratorRequest_RequestedFile_FileSourceInfo_Identifier_MemberBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  /** `parentTypeId @3 :UInt64` */
  get parentTypeId(): bigint {
    return this.$segment.view.getBigUint64(this.$data + 8, true);
  }

  set parentTypeId(value: bigint | number) {
    this.$segment.view.setBigUint64(this.$data + 8, $.toBigInt(value), true);
  }

  /** `ordinal @4 :UInt16` */
  get ordinal(): number {
    return this.$segment.view.getUint16(this.$data + 18, true);
  }

  set ordinal(value: number) {
    this.$segment.view.setUint16(this.$data + 18, value, true);
  }

  override $assign(value: CodeGeneratorRequest_RequestedFile_FileSourceInfo_Identifier_MemberInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'CodeGeneratorRequest_RequestedFile_FileSourceInfo_Identifier_Member');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, ["parentTypeId", "ordinal"], 'CodeGeneratorRequest_RequestedFile_FileSourceInfo_Identifier_Member');
    let $k = '';
    try {
      if (value.parentTypeId !== undefined) { $k = 'parentTypeId'; this.parentTypeId = $.checkUInt64(value.parentTypeId); }
      if (value.ordinal !== undefined) { $k = 'ordinal'; this.ordinal = $.checkUInt16(value.ordinal); }
    } catch ($e) {
      throw $.atStep($e, $k);
    }
  }

  override $asReader(): CodeGeneratorRequest_RequestedFile_FileSourceInfo_Identifier_MemberReader {
    return new CodeGeneratorRequest_RequestedFile_FileSourceInfo_Identifier_MemberReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

export const Node = /* @__PURE__ */ new $.StructType<Node, NodeInit, NodeReader, NodeBuilder>(0xe682ab4cf923a417n, "capnp/schema.capnp:Node", 6, 6, NodeReader, NodeBuilder);
export const Node_Parameter = /* @__PURE__ */ new $.StructType<Node_Parameter, Node_ParameterInit, Node_ParameterReader, Node_ParameterBuilder>(0xb9521bccf10fa3b1n, "capnp/schema.capnp:Node.Parameter", 0, 1, Node_ParameterReader, Node_ParameterBuilder);
export const Node_NestedNode = /* @__PURE__ */ new $.StructType<Node_NestedNode, Node_NestedNodeInit, Node_NestedNodeReader, Node_NestedNodeBuilder>(0xdebf55bbfa0fc242n, "capnp/schema.capnp:Node.NestedNode", 1, 1, Node_NestedNodeReader, Node_NestedNodeBuilder);
export const Node_SourceInfo = /* @__PURE__ */ new $.StructType<Node_SourceInfo, Node_SourceInfoInit, Node_SourceInfoReader, Node_SourceInfoBuilder>(0xf38e1de3041357aen, "capnp/schema.capnp:Node.SourceInfo", 2, 2, Node_SourceInfoReader, Node_SourceInfoBuilder);
export const Node_SourceInfo_Member = /* @__PURE__ */ new $.StructType<Node_SourceInfo_Member, Node_SourceInfo_MemberInit, Node_SourceInfo_MemberReader, Node_SourceInfo_MemberBuilder>(0xc2ba9038898e1fa2n, "capnp/schema.capnp:Node.SourceInfo.Member", 1, 1, Node_SourceInfo_MemberReader, Node_SourceInfo_MemberBuilder);
export const Field = /* @__PURE__ */ new $.StructType<Field, FieldInit, FieldReader, FieldBuilder>(0x9aad50a41f4af45fn, "capnp/schema.capnp:Field", 3, 4, FieldReader, FieldBuilder);
export const Enumerant = /* @__PURE__ */ new $.StructType<Enumerant, EnumerantInit, EnumerantReader, EnumerantBuilder>(0x978a7cebdc549a4dn, "capnp/schema.capnp:Enumerant", 1, 2, EnumerantReader, EnumerantBuilder);
export const Superclass = /* @__PURE__ */ new $.StructType<Superclass, SuperclassInit, SuperclassReader, SuperclassBuilder>(0xa9962a9ed0a4d7f8n, "capnp/schema.capnp:Superclass", 1, 1, SuperclassReader, SuperclassBuilder);
export const Method = /* @__PURE__ */ new $.StructType<Method, MethodInit, MethodReader, MethodBuilder>(0x9500cce23b334d80n, "capnp/schema.capnp:Method", 3, 5, MethodReader, MethodBuilder);
export const Type = /* @__PURE__ */ new $.StructType<Type, TypeInit, TypeReader, TypeBuilder>(0xd07378ede1f9cc60n, "capnp/schema.capnp:Type", 3, 1, TypeReader, TypeBuilder);
export const Brand = /* @__PURE__ */ new $.StructType<Brand, BrandInit, BrandReader, BrandBuilder>(0x903455f06065422bn, "capnp/schema.capnp:Brand", 0, 1, BrandReader, BrandBuilder);
export const Brand_Scope = /* @__PURE__ */ new $.StructType<Brand_Scope, Brand_ScopeInit, Brand_ScopeReader, Brand_ScopeBuilder>(0xabd73485a9636bc9n, "capnp/schema.capnp:Brand.Scope", 2, 1, Brand_ScopeReader, Brand_ScopeBuilder);
export const Brand_Binding = /* @__PURE__ */ new $.StructType<Brand_Binding, Brand_BindingInit, Brand_BindingReader, Brand_BindingBuilder>(0xc863cd16969ee7fcn, "capnp/schema.capnp:Brand.Binding", 1, 1, Brand_BindingReader, Brand_BindingBuilder);
export const Value = /* @__PURE__ */ new $.StructType<Value, ValueInit, ValueReader, ValueBuilder>(0xce23dcd2d7b00c9bn, "capnp/schema.capnp:Value", 2, 1, ValueReader, ValueBuilder);
export const Annotation = /* @__PURE__ */ new $.StructType<Annotation, AnnotationInit, AnnotationReader, AnnotationBuilder>(0xf1c8950dab257542n, "capnp/schema.capnp:Annotation", 1, 2, AnnotationReader, AnnotationBuilder);
export const CapnpVersion = /* @__PURE__ */ new $.StructType<CapnpVersion, CapnpVersionInit, CapnpVersionReader, CapnpVersionBuilder>(0xd85d305b7d839963n, "capnp/schema.capnp:CapnpVersion", 1, 0, CapnpVersionReader, CapnpVersionBuilder);
export const CodeGeneratorRequest = /* @__PURE__ */ new $.StructType<CodeGeneratorRequest, CodeGeneratorRequestInit, CodeGeneratorRequestReader, CodeGeneratorRequestBuilder>(0xbfc546f6210ad7cen, "capnp/schema.capnp:CodeGeneratorRequest", 0, 4, CodeGeneratorRequestReader, CodeGeneratorRequestBuilder);
export const CodeGeneratorRequest_RequestedFile = /* @__PURE__ */ new $.StructType<CodeGeneratorRequest_RequestedFile, CodeGeneratorRequest_RequestedFileInit, CodeGeneratorRequest_RequestedFileReader, CodeGeneratorRequest_RequestedFileBuilder>(0xcfea0eb02e810062n, "capnp/schema.capnp:CodeGeneratorRequest.RequestedFile", 1, 3, CodeGeneratorRequest_RequestedFileReader, CodeGeneratorRequest_RequestedFileBuilder);
export const CodeGeneratorRequest_RequestedFile_Import = /* @__PURE__ */ new $.StructType<CodeGeneratorRequest_RequestedFile_Import, CodeGeneratorRequest_RequestedFile_ImportInit, CodeGeneratorRequest_RequestedFile_ImportReader, CodeGeneratorRequest_RequestedFile_ImportBuilder>(0xae504193122357e5n, "capnp/schema.capnp:CodeGeneratorRequest.RequestedFile.Import", 1, 1, CodeGeneratorRequest_RequestedFile_ImportReader, CodeGeneratorRequest_RequestedFile_ImportBuilder);
export const CodeGeneratorRequest_RequestedFile_FileSourceInfo = /* @__PURE__ */ new $.StructType<CodeGeneratorRequest_RequestedFile_FileSourceInfo, CodeGeneratorRequest_RequestedFile_FileSourceInfoInit, CodeGeneratorRequest_RequestedFile_FileSourceInfoReader, CodeGeneratorRequest_RequestedFile_FileSourceInfoBuilder>(0xf8ea2bf176925da0n, "capnp/schema.capnp:CodeGeneratorRequest.RequestedFile.FileSourceInfo", 0, 1, CodeGeneratorRequest_RequestedFile_FileSourceInfoReader, CodeGeneratorRequest_RequestedFile_FileSourceInfoBuilder);
export const CodeGeneratorRequest_RequestedFile_FileSourceInfo_Identifier = /* @__PURE__ */ new $.StructType<CodeGeneratorRequest_RequestedFile_FileSourceInfo_Identifier, CodeGeneratorRequest_RequestedFile_FileSourceInfo_IdentifierInit, CodeGeneratorRequest_RequestedFile_FileSourceInfo_IdentifierReader, CodeGeneratorRequest_RequestedFile_FileSourceInfo_IdentifierBuilder>(0xdda719892e0499bbn, "capnp/schema.capnp:CodeGeneratorRequest.RequestedFile.FileSourceInfo.Identifier", 3, 0, CodeGeneratorRequest_RequestedFile_FileSourceInfo_IdentifierReader, CodeGeneratorRequest_RequestedFile_FileSourceInfo_IdentifierBuilder);
