/**
 * The declarations an import produces, before they are written as `.capnp` text: structs
 * (with their union members and nested types), enums, interfaces and `using` aliases. Every
 * ordinal and id in here has already been fixed by the lock (lock.ts).
 */

/** How a field's type is stored: what an obsolete field may fall back to when its type goes. */
export type StorageKind = 'scalar' | 'enum' | 'pointer';

export interface FieldDecl {
  /** The lock's key: the JSON property name (a parameter's `in:name`, a union member's tag). */
  readonly key: string;
  readonly name: string;
  readonly ordinal: number;
  /** The type as written in the schema language (`Text`, `List(Pet.Tag)`, `Json.Value`). */
  readonly type: string;
  readonly storage: StorageKind;
  /** Annotations written after the type (`$Json.name("pet_type")`, `$Json.base64`). */
  readonly annotations: readonly string[];
  readonly doc?: string | undefined;
  /** A member of the struct's unnamed union. */
  readonly inUnion?: boolean;
  /** Gone from the spec: kept so that its ordinal is never reused. */
  readonly obsolete?: boolean;
}

export interface StructDecl {
  readonly kind: 'struct';
  readonly name: string;
  readonly id: bigint;
  readonly doc?: string | undefined;
  readonly annotations: string[];
  readonly fields: FieldDecl[];
  readonly nested: Decl[];
}

export interface EnumerantDecl {
  readonly key: string;
  readonly name: string;
  readonly ordinal: number;
  readonly jsonName?: string | undefined;
  readonly obsolete?: boolean;
}

export interface EnumDecl {
  readonly kind: 'enum';
  readonly name: string;
  readonly id: bigint;
  readonly doc?: string | undefined;
  readonly enumerants: EnumerantDecl[];
}

export interface MethodDecl {
  readonly key: string;
  readonly name: string;
  readonly ordinal: number;
  /** Struct types (paths) of the params and results. */
  readonly params: string;
  readonly results: string;
  readonly doc?: string | undefined;
  readonly obsolete?: boolean;
}

export interface InterfaceDecl {
  readonly kind: 'interface';
  readonly name: string;
  readonly id: bigint;
  readonly doc?: string | undefined;
  readonly methods: MethodDecl[];
  readonly nested: Decl[];
}

/** `using Name = Type;`: a component schema that is not a struct or an enum. */
export interface AliasDecl {
  readonly kind: 'alias';
  readonly name: string;
  readonly type: string;
  readonly doc?: string | undefined;
}

export type Decl = StructDecl | EnumDecl | InterfaceDecl | AliasDecl;

export interface CapnpFileDecl {
  readonly id: bigint;
  /** Comment lines for the top of the file. */
  readonly header: string[];
  readonly decls: Decl[];
  /** Whether anything uses compat/json.capnp (`$Json.*` or `Json.Value`). */
  usesJson: boolean;
}
