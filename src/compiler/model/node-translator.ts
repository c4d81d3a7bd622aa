/**
 * Translates one declaration into its schema node (plus, for structs, one node per group and
 * named union, and for interfaces, one struct per method parameter or result list).
 *
 * Translation happens in two steps. The constructor does everything that does not need other
 * nodes in their final form: names, ids, layout, types, annotations, and primitive values. The
 * values that do (struct, list and pointer defaults, constants of those types) are queued and
 * compiled by `finish()`, once every node the compilation may consult can be bootstrapped.
 */
import type {
  Annotation, Brand, Enumerant, Method, Node, Node_SourceInfo, Node_SourceInfo_Member, Superclass, Type, Value,
} from '../../schema/types.js';
import {
  type AnnotationApplication, type AnnotationTarget, type BrandParameter, type Declaration,
  type DeclarationKind, type Expression, type LocatedInteger, type LocatedText, type ParamList,
} from '../syntax/ast.js';
import type { BrandedSchema } from './branded-schema.js';
import type { CompilerNode } from './declaration-node.js';
import { addErrorOn, type ErrorReporter } from '../diagnostics.js';
import { expressionString } from '../syntax/expression-string.js';
import { BrandScope, BrandedDecl, NO_IMPLICIT_PARAMS, type ImplicitParams } from './generics.js';
import { reportingAbortAt } from '../compile-abort.js';
import { methodParamsId } from '../ids.js';
import type { ResolveResult } from './resolver.js';
import { StructTranslator } from './struct-translator.js';
import { defaultValueFor, toSchemaValue } from './values.js';
import { ValueTranslator } from './value-translator.js';

/** The id of `StreamResult` in /capnp/stream.capnp: the results of a `-> stream` method. */
export const STREAM_RESULT_ID = 0x995f9a3377c0b16en;

/** A node made alongside the main one (group, union or param struct), with its source info. */
export interface AuxNode {
  readonly node: Node;
  readonly sourceInfo: Node_SourceInfo;
}

export interface NodeSet {
  readonly node: Node;
  readonly auxNodes: Node[];
  readonly sourceInfo: Node_SourceInfo[];
}

/** A value that must wait for `finish()`. */
interface UnfinishedValue {
  readonly source: Expression;
  readonly type: Type;
  readonly typeScope: BrandedSchema | null;
  readonly assign: (value: Value) => void;
}

export function newSourceInfo(id = 0n): Node_SourceInfo {
  return { id, docComment: null, members: null, startByte: 0, endByte: 0 };
}

export function newSourceInfoMember(): Node_SourceInfo_Member {
  return { docComment: null, startByte: 0, endByte: 0 };
}

/** Replaces the node's kind (a fresh node is a `file`). */
export function setNodeBody<K extends 'file' | 'struct' | 'enum' | 'interface' | 'const' | 'annotation'>(node: Node, kind: K, body: unknown): void {
  const record = node as unknown as Record<string, unknown>;
  for (const key of ['file', 'struct', 'enum', 'interface', 'const', 'annotation']) delete record[key];
  record[kind] = body;
}

export class NodeTranslator {
  readonly resolver: CompilerNode;
  readonly reporter: ErrorReporter;
  private readonly compileAnnotations: boolean;
  readonly localBrand: BrandScope;
  readonly node: Node;
  private readonly sourceInfo: Node_SourceInfo = newSourceInfo();
  readonly groups: AuxNode[] = [];
  private readonly paramStructs: AuxNode[] = [];
  private readonly unfinishedValues: UnfinishedValue[] = [];

  constructor(resolver: CompilerNode, reporter: ErrorReporter, decl: Declaration, node: Node, compileAnnotations: boolean) {
    this.resolver = resolver;
    this.reporter = reporter;
    this.compileAnnotations = compileAnnotations;
    this.localBrand = BrandScope.forDeclaration(reporter, node.id, decl.parameters.length, resolver);
    this.node = node;
    this.compileNode(decl);
  }

  getBootstrapNode(): NodeSet {
    const aux = 'interface' in this.node ? this.paramStructs : this.groups;
    return {
      node: this.node,
      auxNodes: aux.map((entry) => entry.node),
      sourceInfo: [this.sourceInfo, ...this.groups.map((g) => g.sourceInfo), ...this.paramStructs.map((p) => p.sourceInfo)],
    };
  }

  /** Compiles the queued values, now that the nodes they need can be bootstrapped. */
  finish(selfSchema: BrandedSchema): NodeSet {
    // Compiling a value may queue more (a constant compiled on the way), hence the index loop.
    for (let i = 0; i < this.unfinishedValues.length; i++) {
      const value = this.unfinishedValues[i]!;
      this.compileValue(value.source, value.type, value.typeScope ?? selfSchema, value.assign, false);
    }
    return this.getBootstrapNode();
  }

  // -------------------------------------------------------------------------------------------

  private compileNode(decl: Declaration): void {
    new DuplicateNameDetector(this.reporter).check(decl.nestedDecls, decl.body.kind);
    const node = this.node;
    if (decl.parameters.length > 0) node.parameters = decl.parameters.map((param) => ({ name: param.name }));
    node.isGeneric = this.localBrand.isGeneric();

    let targetsFlag: AnnotationTarget;
    switch (decl.body.kind) {
      case 'file':
        targetsFlag = 'targetsFile';
        break;
      case 'const':
        this.compileConst(decl.body.type, decl.body.value);
        targetsFlag = 'targetsConst';
        break;
      case 'annotation': {
        const type = this.compileType(decl.body.type, NO_IMPLICIT_PARAMS).type;
        setNodeBody(node, 'annotation', { type, ...decl.body.targets });
        targetsFlag = 'targetsAnnotation';
        break;
      }
      case 'enum':
        this.compileEnum(decl.nestedDecls);
        targetsFlag = 'targetsEnum';
        break;
      case 'struct':
        setNodeBody(node, 'struct', newStructBody());
        new StructTranslator(this, NO_IMPLICIT_PARAMS).translateStruct(decl.nestedDecls, node, this.sourceInfo);
        targetsFlag = 'targetsStruct';
        break;
      case 'interface':
        this.compileInterface(decl.body.superclasses, decl.nestedDecls);
        targetsFlag = 'targetsInterface';
        break;
      default:
        throw new Error(`internal: a ${decl.body.kind} declaration is not a node`);
    }

    // Where the declaration is in its file, as Cap'n Proto 1.x records it: the statement's byte
    // range (its block included) in the node and its source info. An annotation's node leaves
    // it out, as the reference does; a file has no statement, so zeros; groups and the structs
    // made of a method's parameters have none either (1.x leaves them zero).
    if (decl.body.kind !== 'file') {
      if (decl.body.kind !== 'annotation') {
        node.startByte = decl.startByte;
        node.endByte = decl.endByte;
      }
      this.sourceInfo.startByte = decl.startByte;
      this.sourceInfo.endByte = decl.endByte;
    }
    node.annotations = this.compileAnnotationApplications(decl.annotations, targetsFlag);
    this.sourceInfo.id = node.id;
    if (decl.docComment !== null) this.sourceInfo.docComment = decl.docComment;
  }

  private compileConst(typeExpression: Expression, valueExpression: Expression): void {
    const constBody: { type: Type | null; value: Value | null } = { type: null, value: null };
    setNodeBody(this.node, 'const', constBody);
    const { type, ok } = this.compileType(typeExpression, NO_IMPLICIT_PARAMS);
    constBody.type = type;
    if (ok) this.compileBootstrapValue(valueExpression, type, (value) => { constBody.value = value; });
  }

  private compileEnum(members: readonly Declaration[]): void {
    const enumerantDecls = byOrdinal(members.filter((member) => member.body.kind === 'enumerant'));
    const enumerants: Enumerant[] = [];
    const infos: Node_SourceInfo_Member[] = [];
    setNodeBody(this.node, 'enum', { enumerants });
    this.sourceInfo.members = infos;
    const ordinals = new DuplicateOrdinalDetector(this.reporter);
    for (const { decl, codeOrder } of enumerantDecls) {
      ordinals.check((decl.id as { value: LocatedInteger }).value);
      const info = newSourceInfoMember();
      if (decl.docComment !== null) info.docComment = decl.docComment;
      infos.push(info);
      enumerants.push({ name: decl.name.value, codeOrder, annotations: this.compileAnnotationApplications(decl.annotations, 'targetsEnumerant') });
    }
  }

  private compileInterface(superclassExpressions: readonly Expression[], members: readonly Declaration[]): void {
    const superclasses: Superclass[] = superclassExpressions.map(() => ({ id: 0n, brand: null }));
    const methods: Method[] = [];
    const infos: Node_SourceInfo_Member[] = [];
    setNodeBody(this.node, 'interface', { methods, superclasses });
    superclassExpressions.forEach((expression, i) => {
      const decl = this.compileDeclExpression(expression, NO_IMPLICIT_PARAMS);
      if (decl === null) return;
      const kind = decl.getKind();
      if (kind === 'interface') {
        const { id, brand } = decl.getIdAndBrand();
        superclasses[i] = { id, brand };
      } else if (kind !== null) {
        decl.addError(this.reporter, `'${decl.toString()}' is not an interface.`);
      } else {
        decl.addError(this.reporter, `'${decl.toString()}' is an unbound generic parameter. Currently we don't support extending these.`);
      }
    });

    this.sourceInfo.members = infos;
    const ordinals = new DuplicateOrdinalDetector(this.reporter);
    for (const { decl, codeOrder } of byOrdinal(members.filter((member) => member.body.kind === 'method'))) {
      const body = decl.body as Extract<Declaration['body'], { kind: 'method' }>;
      const ordinalDecl = (decl.id as { value: LocatedInteger }).value;
      ordinals.check(ordinalDecl);
      const ordinal = Number(ordinalDecl.value & 0xffffn);
      const info = newSourceInfoMember();
      if (decl.docComment !== null) info.docComment = decl.docComment;
      infos.push(info);

      const method: Method = {
        name: decl.name.value, codeOrder, implicitParameters: decl.parameters.map((param) => ({ name: param.name })),
        paramStructType: 0n, paramBrand: null, resultStructType: 0n, resultBrand: null, annotations: null,
      };
      methods.push(method);
      if (body.params.kind === 'stream') addErrorOn(this.reporter, body.params, "'stream' can only appear after '->', not before.");
      method.paramStructType = this.compileParamList(decl.name.value, ordinal, false, body.params, decl.parameters, (brand) => { method.paramBrand = brand; });
      // No `-> ...` means an empty result list.
      const results: ParamList = body.results ?? { kind: 'namedList', params: [], startByte: 0, endByte: 0 };
      method.resultStructType = this.compileParamList(decl.name.value, ordinal, true, results, decl.parameters, (brand) => { method.resultBrand = brand; });
      method.annotations = this.compileAnnotationApplications(decl.annotations, 'targetsMethod');
    }
  }

  /** The struct type id of a method's params (or results), compiling an implicit struct if needed. */
  private compileParamList(methodName: string, ordinal: number, isResults: boolean, list: ParamList,
    implicitParams: readonly BrandParameter[], setBrand: (brand: Brand) => void): bigint {
    switch (list.kind) {
      case 'namedList': {
        const parent = this.node;
        const typeName = `${methodName}${isResults ? '$Results' : '$Params'}`;
        const displayName = `${parent.displayName}.${typeName}`;
        const id = methodParamsId(parent.id, ordinal, isResults);
        const struct: Node = {
          id, displayName, displayNamePrefixLength: displayName.length - typeName.length,
          scopeId: 0n, parameters: null, isGeneric: parent.isGeneric || implicitParams.length > 0,
          nestedNodes: null, annotations: null, startByte: 0, endByte: 0, struct: newStructBody(),
        };
        const sourceInfo = newSourceInfo();
        // Inside the struct, the method's implicit parameters are the struct's own parameters.
        new StructTranslator(this, { scopeId: id, params: implicitParams }).translateParams(list.params, struct, sourceInfo);
        this.paramStructs.push({ node: struct, sourceInfo });

        const brand = this.localBrand.push(id, implicitParams.length);
        if (implicitParams.length > 0) {
          struct.parameters = implicitParams.map((param) => ({ name: param.name }));
          // As in the reference compiler, the bindings made here do not reach the brand below.
          brand.setParams(implicitParams.map((_, i) => BrandedDecl.implicitMethodParam(i)), 'struct', { kind: 'unknown', startByte: 0, endByte: 0 });
        }
        const compiled = brand.compile();
        if (compiled !== null) setBrand(compiled);
        return id;
      }
      case 'type': {
        const target = this.compileDeclExpression(list.type, { scopeId: 0n, params: implicitParams });
        if (target === null) return 0n;
        const kind = target.getKind();
        if (kind === null) {
          target.addError(this.reporter, 'Cannot use generic parameter as whole input or output of a method. Instead, use a parameter/result list containing a field with this type.');
          return 0n;
        }
        if (kind !== 'struct') {
          addErrorOn(this.reporter, list.type, `'${expressionString(list.type)}' is not a struct type.`);
          return 0n;
        }
        const { id, brand } = target.getIdAndBrand();
        if (brand !== null) setBrand(brand);
        return id;
      }
      case 'stream': {
        const streamFile = this.resolver.resolveImport('/capnp/stream.capnp');
        if (streamFile === null) {
          addErrorOn(this.reporter, list,
            "A method declaration uses streaming, but '/capnp/stream.capnp' is not found in the import path. This is a standard file that should always be installed with the Cap'n Proto compiler.");
        } else if (streamFile.node.resolveMember('StreamResult') === null) {
          addErrorOn(this.reporter, list,
            "The version of '/capnp/stream.capnp' found in your import path does not appear to be the official one; it is missing the declaration of StreamResult.");
        }
        return STREAM_RESULT_ID;
      }
    }
  }

  // -------------------------------------------------------------------------------------------
  // Names, types and values

  compileDeclExpression(source: Expression, implicitParams: ImplicitParams): BrandedDecl | null {
    return this.localBrand.compileDeclExpression(source, this.resolver, implicitParams);
  }

  /** Resolves `expression` in the scope `scopeId` (an alias's target). */
  static compileDecl(scopeId: bigint, scopeParameterCount: number, resolver: CompilerNode, reporter: ErrorReporter, expression: Expression): ResolveResult | null {
    const scope = BrandScope.forDeclaration(reporter, scopeId, scopeParameterCount, resolver);
    const decl = scope.compileDeclExpression(expression, resolver, NO_IMPLICIT_PARAMS);
    return decl === null ? null : decl.asResolveResult(scope.scopeId);
  }

  compileType(source: Expression, implicitParams: ImplicitParams): { type: Type; ok: boolean } {
    const decl = this.compileDeclExpression(source, implicitParams);
    if (decl === null) return { type: { void: null }, ok: false };
    return decl.compileAsType(this.reporter);
  }

  /**
   * Sets a value now if its type is primitive; pointer values are queued for `finish()` (the
   * zero value stands in until then).
   */
  compileBootstrapValue(source: Expression, type: Type, assign: (value: Value) => void, typeScope: BrandedSchema | null = null): void {
    assign(defaultValueFor(type));
    if ('list' in type || 'struct' in type || 'interface' in type || 'anyPointer' in type) {
      this.unfinishedValues.push({ source, type, typeScope, assign });
    } else {
      this.compileValue(source, type, typeScope, assign, true);
    }
  }

  private compileValue(source: Expression, type: Type, typeScope: BrandedSchema | null, assign: (value: Value) => void, isBootstrap: boolean): void {
    const resolved = this.resolver.resolveBootstrapType(type, typeScope);
    if (resolved === null) return;
    const translator = new ValueTranslator(this, this.reporter, isBootstrap);
    const value = translator.compileValue(source, resolved);
    if (value !== null) assign(toSchemaValue(value, resolved));
  }

  compileAnnotationApplications(annotations: readonly AnnotationApplication[], targetsFlag: AnnotationTarget): Annotation[] | null {
    if (annotations.length === 0 || !this.compileAnnotations) return null;
    return annotations.map((application) => {
      const annotation: Annotation = { id: 0n, brand: null, value: { void: null } };
      const name = application.name;
      const decl = this.compileDeclExpression(name, NO_IMPLICIT_PARAMS);
      if (decl === null) return annotation;
      if (decl.getKind() !== 'annotation') {
        addErrorOn(this.reporter, name, `'${expressionString(name)}' is not an annotation.`);
        return annotation;
      }
      const { id, brand } = decl.getIdAndBrand();
      annotation.id = id;
      // The reference compiler always writes a brand here, empty when nothing is bound.
      annotation.brand = brand ?? { scopes: null };
      const schema = this.resolver.resolveBootstrapSchema(id, annotation.brand);
      if (schema === null || !('annotation' in schema.node)) return annotation;
      const declaration = schema.node.annotation;
      if (!declaration[targetsFlag]) {
        addErrorOn(this.reporter, name, `'${expressionString(name)}' cannot be applied to this kind of declaration.`);
      }
      const type = declaration.type ?? { void: null };
      if (application.value === null) {
        if (!('void' in type)) {
          addErrorOn(this.reporter, name, `'${expressionString(name)}' requires a value.`);
          annotation.value = defaultValueFor(type);
        }
      } else {
        this.compileBootstrapValue(application.value, type, (value) => { annotation.value = value; }, schema);
      }
      return annotation;
    });
  }

  /** The file an `embed` names, or null (error reported) if it cannot be read. */
  readEmbed(path: LocatedText): Uint8Array | null {
    const data = reportingAbortAt(this.reporter, path, () => this.resolver.readEmbed(path.value));
    if (data === null) addErrorOn(this.reporter, path, `Couldn't read file for embed: ${path.value}`);
    return data;
  }
}

export function newStructBody() {
  return {
    dataWordCount: 0, pointerCount: 0, preferredListEncoding: 0 as const, isGroup: false,
    discriminantCount: 0, discriminantOffset: 0, fields: null,
  };
}

/** Members sorted by ordinal (stable), each with its position in declaration order. */
function byOrdinal(members: readonly Declaration[]): { decl: Declaration; codeOrder: number }[] {
  const entries = members.map((decl, codeOrder) => ({ decl, codeOrder, ordinal: (decl.id as { value: LocatedInteger }).value.value & 0xffffffffn }));
  entries.sort((a, b) => (a.ordinal < b.ordinal ? -1 : a.ordinal > b.ordinal ? 1 : a.codeOrder - b.codeOrder));
  return entries;
}

/** Reports ordinals that repeat or skip a number (given in increasing order). */
export class DuplicateOrdinalDetector {
  private readonly reporter: ErrorReporter;
  private expected = 0n;
  private lastOrdinal: LocatedInteger | null = null;

  constructor(reporter: ErrorReporter) {
    this.reporter = reporter;
  }

  check(ordinal: LocatedInteger): void {
    if (ordinal.value < this.expected) {
      addErrorOn(this.reporter, ordinal, 'Duplicate ordinal number.');
      if (this.lastOrdinal !== null) {
        addErrorOn(this.reporter, this.lastOrdinal, `Ordinal @${this.lastOrdinal.value} originally used here.`);
        this.lastOrdinal = null;
      }
    } else if (ordinal.value > this.expected) {
      addErrorOn(this.reporter, ordinal, `Skipped ordinal @${this.expected}.  Ordinals must be sequential with no holes.`);
      this.expected = (ordinal.value + 1n) & 0xffffffffn;
    } else {
      this.expected++;
      this.lastOrdinal = ordinal;
    }
  }
}

const TYPE_KINDS = new Set<DeclarationKind>(['enum', 'struct', 'interface']);
const VALUE_KINDS = new Set<DeclarationKind>(['const', 'annotation', 'enumerant', 'method', 'field', 'union', 'group']);
const NODE_KINDS = new Set<DeclarationKind>(['using', 'const', 'enum', 'struct', 'interface', 'annotation']);

/** Checks the names and placement of a scope's declarations. */
class DuplicateNameDetector {
  private readonly reporter: ErrorReporter;
  private readonly names = new Map<string, LocatedText>();

  constructor(reporter: ErrorReporter) {
    this.reporter = reporter;
  }

  check(nestedDecls: readonly Declaration[], parentKind: DeclarationKind): void {
    for (const decl of nestedDecls) {
      const name = decl.name;
      const previous = this.names.get(name.value);
      if (previous !== undefined) {
        if (name.value.length === 0 && decl.body.kind === 'union') {
          addErrorOn(this.reporter, name, 'An unnamed union is already defined in this scope.');
          addErrorOn(this.reporter, previous, 'Previously defined here.');
        } else {
          addErrorOn(this.reporter, name, `'${name.value}' is already defined in this scope.`);
          addErrorOn(this.reporter, previous, `'${name.value}' previously defined here.`);
        }
      } else {
        this.names.set(name.value, name);
      }

      const first = name.value.charCodeAt(0);
      const isUpper = first >= 0x41 && first <= 0x5a;
      const isLower = first >= 0x61 && first <= 0x7a;
      if (decl.body.kind === 'using') {
        const target = targetName(decl.body.target);
        const targetFirst = target.charCodeAt(0);
        if (target.length > 0 && targetFirst >= 0x61 && targetFirst <= 0x7a) {
          if (name.value.length > 0 && !isLower) addErrorOn(this.reporter, name, 'Non-type names must begin with a lower-case letter.');
        } else if (name.value.length > 0 && !isUpper) {
          // Not a lower-case name (probably an import): must be a type.
          addErrorOn(this.reporter, name, 'Type names must begin with a capital letter.');
        }
      } else if (TYPE_KINDS.has(decl.body.kind)) {
        if (name.value.length > 0 && !isUpper) addErrorOn(this.reporter, name, 'Type names must begin with a capital letter.');
      } else if (VALUE_KINDS.has(decl.body.kind)) {
        if (name.value.length > 0 && !isLower) addErrorOn(this.reporter, name, 'Non-type names must begin with a lower-case letter.');
      }
      if (name.value.includes('_')) {
        addErrorOn(this.reporter, name,
          "Cap'n Proto declaration names should use camelCase and must not contain underscores. (Code generators may convert names to the appropriate style for the target language.)");
      }

      const kind = decl.body.kind;
      if (NODE_KINDS.has(kind)) {
        if (parentKind !== 'file' && parentKind !== 'struct' && parentKind !== 'interface') {
          addErrorOn(this.reporter, decl, "This kind of declaration doesn't belong here.");
        }
      } else if (kind === 'enumerant') {
        if (parentKind !== 'enum') addErrorOn(this.reporter, decl, 'Enumerants can only appear in enums.');
      } else if (kind === 'method') {
        if (parentKind !== 'interface') addErrorOn(this.reporter, decl, 'Methods can only appear in interfaces.');
      } else if (kind === 'field' || kind === 'union' || kind === 'group') {
        if (parentKind !== 'struct' && parentKind !== 'union' && parentKind !== 'group') {
          addErrorOn(this.reporter, decl, 'This declaration can only appear in structs.');
        }
        // Members of an unnamed union share the enclosing scope; other members have their own.
        if (name.value.length === 0) this.check(decl.nestedDecls, kind);
        else new DuplicateNameDetector(this.reporter).check(decl.nestedDecls, kind);
      } else {
        addErrorOn(this.reporter, decl, "This kind of declaration doesn't belong here.");
      }
    }
  }
}

/** The name a `using` target ends with (empty for an import or other expression). */
function targetName(expression: Expression): string {
  switch (expression.kind) {
    case 'absoluteName':
    case 'relativeName':
      return expression.name.value;
    case 'application':
      return targetName(expression.function);
    case 'member':
      return expression.name.value;
    default:
      return '';
  }
}

